"""Colour strings: #rrggbb, CSS names and rgb(...), and the colours named in {colour|text} markup."""

from __future__ import annotations

import re
from functools import lru_cache

from reportlab.lib import colors as rl_colors

from pnp.cmyk import CMYK_COLOR, parse_color as parse_any_color

MARKUP_COLOR = re.compile(r"\\[\\*{}|:n]|\{([^{}|\s]+)\|")  # escapes first, as the markup parser reads them


def markup_colors(text: str) -> list[str]:
    """The colour names {name|...} markup uses in a text (escaped braces skipped)."""
    return [match.group(1) for match in MARKUP_COLOR.finditer(text) if match.group(1) is not None]


@lru_cache(maxsize=1024)
def parse_color(text: str):
    """A colour from #rrggbb, a CSS name, rgb(...) or cmyk(C,M,Y,K) in percent; None for anything else."""
    if CMYK_COLOR.fullmatch(text.strip()):
        try:
            return parse_any_color(text)
        except ValueError:
            return None
    try:
        color = rl_colors.toColor(text)
    except (ValueError, AssertionError, TypeError, AttributeError, IndexError):
        return None
    return color if isinstance(color, rl_colors.Color) and not _is_number(text) else None


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True
