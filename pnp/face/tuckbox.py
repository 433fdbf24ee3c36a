"""Tuck boxes drawn flat: each face's layout on its panel of the net, and the fold lines dashed."""

from __future__ import annotations

from pnp.face.parts import Box, Face, Op
from pnp.face.standee import FOLD_COLOR, FOLD_DASH
from pnp.project.tucknet import Net, Panel
from pnp.units import pt

TURNED = ("top",)  # panels drawn turned half round: the lid reads upright from the front once closed


def tuckbox_face(net: Net, bleed: float, faces: dict[str, Face | None]) -> Face:
    """The flat net: each panel's face scaled to cover the panel, clipped at its folds, then the fold lines."""
    ops = [_panel(net.panels[name], bleed, face, name in TURNED) for name, face in faces.items() if face is not None]
    for (x1, y1), (x2, y2) in net.folds:
        ops.append(Op("line", Box(pt(x1), pt(y1), pt(x2 - x1), pt(y2 - y1)), stroke=FOLD_COLOR, stroke_width=0.5,
                      dash=FOLD_DASH))
    return Face(pt(net.size.width), pt(net.size.height), pt(bleed), tuple(ops))


def _panel(panel: Panel, bleed: float, face: Face, turned: bool) -> Op:
    """A face drawn over a panel, centred and scaled to cover it, clipped to it and to the bleed past its cuts."""
    x, y, w, h = pt(panel.x), pt(panel.y), pt(panel.w), pt(panel.h)
    scale = max(w / face.width, h / face.height)
    left, bottom = x + (w - face.width * scale) / 2, y + (h - face.height * scale) / 2
    matrix = (-scale, 0.0, 0.0, -scale, left + face.width * scale, bottom + face.height * scale) if turned \
        else (scale, 0.0, 0.0, scale, left, bottom)
    b = pt(bleed)
    grow = {edge: b if edge in panel.cut_edges else 0.0 for edge in ("left", "right", "top", "bottom")}
    clip = Box(x - grow["left"], y - grow["bottom"], w + grow["left"] + grow["right"], h + grow["bottom"] + grow["top"])
    return Op("face", clip, face=face, matrix=matrix)
