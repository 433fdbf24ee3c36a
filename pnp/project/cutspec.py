"""A component's cut as its manifest gives it: `cut:` (rect, rounded, circle or an SVG file's path) and `radius:`."""

from __future__ import annotations

from pathlib import Path
from typing import Any, NamedTuple

from pnp.data.confine import confined
from pnp.errors import PnpError
from pnp.layout.elements import parse_number
from pnp.layout.values import shown

KINDS = ("rect", "square", "rounded", "circle")
DEFAULT_RADIUS = 3.0  # mm, a poker card's corner
CUT_FIX = "use one of circle, rect, rounded, square, or the path of an .svg file drawing the cut"


class CutSpec(NamedTuple):
    """The cut asked for: kind ("square", "rounded", "circle" or "path"), corner radius, the SVG file of a path."""

    kind: str = "square"
    radius: float = 0.0  # mm, rounded corners
    file: Path | None = None  # the SVG file drawing a path cut, inside the project
    where: str = ""  # the manifest key that names the file, for its errors


def read_cut(root: Path, folder: Path, spec: dict[str, Any], where: str) -> CutSpec:
    """The cut of a component entry; an SVG path is found in the game's folder or the project's, as art is."""
    value = spec.get("cut", "square")
    if "radius" in spec and value != "rounded":
        raise PnpError("radius: sets the corners of cut: rounded", where=f"{where}.radius",
                       fix="write cut: rounded beside it, or remove radius:")
    if not isinstance(value, str) or not value.strip():
        raise PnpError(f"unknown cut {shown(value)}", where=f"{where}.cut", fix=CUT_FIX)
    if value in KINDS:
        kind = "square" if value == "rect" else value
        radius = parse_number(spec.get("radius", DEFAULT_RADIUS), f"{where}.radius", minimum=0)
        return CutSpec(kind, float(radius) if kind == "rounded" else 0.0)
    if not value.lower().endswith((".svg", ".svgz")):
        raise PnpError(f"unknown cut '{value}'", where=f"{where}.cut", fix=CUT_FIX)
    key = f"{where}.cut"
    candidates = [folder / value, root / value]
    for path in candidates:
        confined(root, path, key, value)
    found = next((path for path in candidates if path.exists()), None)
    if found is None:
        raise PnpError(f"the cut path '{value}' does not exist", where=key,
                       fix="name an .svg file in the game's folder or the project's, e.g. cut: shapes/leaf.svg")
    return CutSpec("path", 0.0, confined(root, found, key, value), f"{key}: {value}")
