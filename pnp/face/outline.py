"""A cut's outline as path segments in piece mm: the type every cut shape is drawn as, and how it is traced."""

from __future__ import annotations

from collections.abc import Callable

Segment = tuple[str, tuple[float, ...]]  # ("M", (x, y)), ("L", (x, y)), ("C", (x1, y1, x2, y2, x, y)) or ("Z", ())
Outline = tuple[Segment, ...]


def trace(path, outline: Outline, unit: Callable[[float], float] = float) -> None:
    """Add an outline's segments to a reportlab path, each coordinate passed through `unit` (mm to points)."""
    for op, v in outline:
        if op == "M":
            path.moveTo(unit(v[0]), unit(v[1]))
        elif op == "L":
            path.lineTo(unit(v[0]), unit(v[1]))
        elif op == "C":
            path.curveTo(*(unit(value) for value in v))
        else:
            path.close()
