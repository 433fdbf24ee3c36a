"""Fold-over standees: a figure and its back on one strip, with base tabs and fold lines."""

from __future__ import annotations

from reportlab.lib import colors as rl_colors

from pnp.face.parts import Box, Face, Op
from pnp.units import pt

FOLD_DASH = (pt(2.0), pt(1.5))
FOLD_COLOR = rl_colors.Color(0.4, 0.4, 0.4)
BASE_FILL = rl_colors.Color(0.93, 0.93, 0.93)


def standee_face(front: Face, back: Face | None, base: float) -> Face:
    """Compose a strip: tab, front figure, fold, back figure (turned so it reads upright once folded), tab."""
    w, h, b, bleed = front.width, front.height, pt(base), front.bleed
    fold = b + h
    # The back half: a back layout turned 180 degrees about the fold's centre, or the front mirrored across the fold.
    if back is not None:
        matrix = (-1, 0, 0, -1, w, 2 * fold - b)  # maps back's (0, 0) to the top-right of the back half
        back_face = back
    else:
        matrix = (1, 0, 0, -1, 0, 2 * fold - b)
        back_face = front
    ops = [
        Op("rect", Box(-bleed, -bleed, w + 2 * bleed, b + bleed), fill=BASE_FILL),
        Op("rect", Box(-bleed, fold + h, w + 2 * bleed, b + bleed), fill=BASE_FILL),
        Op("face", Box(-bleed, b, w + 2 * bleed, h), face=front, matrix=(1, 0, 0, 1, 0, b)),
        Op("face", Box(-bleed, fold, w + 2 * bleed, h), face=back_face, matrix=matrix),
    ]
    for y in (b, fold, fold + h):
        ops.append(Op("line", Box(-bleed, y, w + 2 * bleed, 0), stroke=FOLD_COLOR, stroke_width=0.5, dash=FOLD_DASH))
    return Face(w, 2 * h + 2 * b, bleed, tuple(ops))
