"""Colour strings: #rrggbb, CSS names, rgb(...) and cmyk(...), or None for anything else."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # reportlab loads with the first colour read, so `pnp list` never pays for it
    from reportlab.lib import colors as rl_colors

HEX_COLOR = re.compile(r"#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})")
CMYK_COLOR = re.compile(r"(?:cmyk\(|\[)\s*([^,\s]+)\s*,\s*([^,\s]+)\s*,\s*([^,\s]+)\s*,\s*([^,\s\])]+)\s*[)\]]",
                        re.IGNORECASE)


def read_color(color):
    """A reportlab colour from #rrggbb or #rgb, a CSS name, or CMYK in percent as cmyk(C,M,Y,K) or [C, M, Y, K]."""
    from reportlab.lib import colors as rl_colors
    if isinstance(color, str) and color.strip().startswith("#"):
        return _hex_color(color.strip())
    match = CMYK_COLOR.fullmatch(color.strip()) if isinstance(color, str) else None
    if match is None:
        return rl_colors.toColor(color)
    values = [float(v) for v in match.groups()]
    if not all(0 <= v <= 100 for v in values):  # also rejects nan
        raise ValueError(f"CMYK percentages must lie in 0..100: {color}")
    return rl_colors.CMYKColor(*(v / 100 for v in values))


def _hex_color(text: str) -> rl_colors.Color:
    """#rrggbb, or #rgb as CSS reads it (#fff is white); reportlab alone would read #fff as the number 0xfff."""
    from reportlab.lib import colors as rl_colors
    if not HEX_COLOR.fullmatch(text):
        raise ValueError(f"not a #rrggbb colour: {text}")
    digits = text[1:] if len(text) == 7 else "".join(digit * 2 for digit in text[1:])
    return rl_colors.HexColor("#" + digits)


@lru_cache(maxsize=1024)
def parse_color(text: str):
    """A colour from #rrggbb, a CSS name, rgb(...) or cmyk(C,M,Y,K) in percent; None for anything else."""
    from reportlab.lib import colors as rl_colors
    try:
        color = read_color(text)
    except (ValueError, AssertionError, TypeError, AttributeError, IndexError):
        return None
    return color if isinstance(color, rl_colors.Color) and not _is_number(text) else None


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True
