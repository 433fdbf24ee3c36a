"""Print-shop black in CMYK files: near-black text and thin marks as overprinting K100, large areas as rich black,
greys on the black plate alone."""

from __future__ import annotations

from reportlab.lib import colors as rl_colors

NEAR_BLACK_MAX = 0.25  # near black: no channel of red, green, blue above 25% ...
NEAR_BLACK_SPREAD = 0.10  # ... and the three within 10% of each other
GREY_SPREAD = 0.04  # a grey: red, green and blue within 4% of each other; printed as a black tint alone
LARGE_PT = 10 * 72 / 25.4  # large: 10 mm or more across (an area's shorter side, a stroke's width, a text size)
DEFAULT_RICH_BLACK = (60.0, 40.0, 40.0, 100.0)  # C, M, Y, K in percent: 240% ink, within every press's limit
K100 = rl_colors.CMYKColor(0, 0, 0, 1)


def near_black(color) -> bool:
    """Tell whether an RGB colour is black or so dark that it should print as black."""
    if not _is_rgb(color):
        return False
    channels = (color.red, color.green, color.blue)
    return max(channels) <= NEAR_BLACK_MAX and max(channels) - min(channels) <= NEAR_BLACK_SPREAD


def grey_tint(color) -> float | None:
    """The black-plate tint (0..1) an RGB grey prints as, or None for a colour that is not grey."""
    if not _is_rgb(color):
        return None
    channels = (color.red, color.green, color.blue)
    if max(channels) - min(channels) > GREY_SPREAD:
        return None
    return 1 - sum(channels) / 3


def solid_black(color) -> bool:
    """Tell whether a CMYK colour is plain K100, as a layout may give it."""
    return (isinstance(color, rl_colors.CMYKColor) and color.cyan == color.magenta == color.yellow == 0
            and color.black == 1)


def _is_rgb(color) -> bool:
    return isinstance(color, rl_colors.Color) and not isinstance(color, rl_colors.CMYKColor)


def overprint(target, stroke: bool, on: bool) -> None:
    """Switch overprinting on (fills and strokes) or off (the fill or the stroke) for what `target` (a canvas or
    text object) draws next.

    One ExtGState per combination, /OP (strokes) and /op (fills) with /OPM 1, so that the zero inks of a K100 mark
    leave the colours under it as they are; nothing is written when the state does not change."""
    canvas = getattr(target, "_canvas", target)
    state = canvas._extgstate
    fill_on, stroke_on = bool(state.getValue("op")), bool(state.getValue("OP"))
    wanted = (True, True) if on else (fill_on, False) if stroke else (False, stroke_on)
    if wanted == (fill_on, stroke_on):
        return
    entry = ("OP", f"{str(wanted[1]).lower()} /op {str(wanted[0]).lower()} /OPM 1")  # written as one dictionary
    name = state._c.get(entry)
    if name is None:
        name = state._c[entry] = f"gRLs{len(state._c)}"
    state._d.update(op=wanted[0], OP=wanted[1], OPM=1)
    target._code.append(f"/{name} gs")
