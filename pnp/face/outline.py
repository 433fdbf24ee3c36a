"""A cut's outline as path segments in piece mm: the type every cut shape is drawn as."""

from __future__ import annotations

Segment = tuple[str, tuple[float, ...]]  # ("M", (x, y)), ("L", (x, y)), ("C", (x1, y1, x2, y2, x, y)) or ("Z", ())
Outline = tuple[Segment, ...]
