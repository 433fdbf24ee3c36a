"""Colour strings: #rrggbb, CSS names, rgb(...) and cmyk(...), or None for anything else."""

from __future__ import annotations

from functools import lru_cache

from reportlab.lib import colors as rl_colors

from pnp.cmyk import parse_color as parse_any_color


@lru_cache(maxsize=1024)
def parse_color(text: str):
    """A colour from #rrggbb, a CSS name, rgb(...) or cmyk(C,M,Y,K) in percent; None for anything else."""
    try:
        color = parse_any_color(text)
    except (ValueError, AssertionError, TypeError, AttributeError, IndexError):
        return None
    return color if isinstance(color, rl_colors.Color) and not _is_number(text) else None


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True
