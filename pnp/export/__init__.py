"""Exports for print-on-demand services and Tabletop Simulator, rasterised from the print-shop pages."""

from pnp.export.exporter import ExportOptions, ExportReport, export_game
from pnp.export.presets import PRESETS, Preset

__all__ = ["PRESETS", "Preset", "ExportOptions", "ExportReport", "export_game"]
