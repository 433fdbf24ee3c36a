"""Exports for print-on-demand services and Tabletop Simulator, rasterised from the print-shop pages."""

from pnp.export.presets import PRESETS, Preset
from pnp.export.exporter import ExportOptions, ExportReport, export_game

__all__ = ["PRESETS", "Preset", "ExportOptions", "ExportReport", "export_game"]
