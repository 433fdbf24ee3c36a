"""Effective resolution of raster images at the size they are printed."""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from pnp.face.images import image_pixels
from pnp.face.parts import Face, Op
from pnp.face.svgkept import is_svg

PRINT_DPI = 300  # below this, `pnp proof` reports the image
WARN_DPI = 150  # below this, `pnp build` also warns


class LowResolution(NamedTuple):
    """A raster image printed at fewer dots per inch than print needs."""

    op: Op
    dpi: float

    @property
    def image(self) -> Path:
        """The image file (every low-resolution op has one)."""
        assert self.op.image is not None
        return self.op.image


def effective_dpi(pixels: tuple[int, int], box_w: float, box_h: float, fit: str, scale: float = 1.0) -> float:
    """Dots per inch of an image of `pixels` drawn into a box of points with `fit`, the face scaled by `scale`."""
    iw, ih = pixels
    w, h = box_w * scale, box_h * scale
    if fit == "stretch":
        return min(iw * 72.0 / w, ih * 72.0 / h)
    points_per_pixel = (max if fit == "cover" else min)(w / iw, h / ih)
    return 72.0 / points_per_pixel


def describe(low: LowResolution, label: str, threshold: float = PRINT_DPI) -> str:
    """The message for a low-resolution image: its file, its pixels, its printed size and dpi."""
    pixels = image_pixels(low.image) or (0, 0)
    return (f"image '{label}' ({pixels[0]}x{pixels[1]} px) prints at {low.dpi:.0f} dpi, below {threshold:.0f} dpi; "
            f"use an image of at least {PRINT_DPI} dpi at its printed size")


def low_resolution(face: Face, threshold: float = PRINT_DPI) -> list[LowResolution]:
    """Every raster image on the face (nested faces included) printed below `threshold` dpi."""
    found = []
    for op in face.ops:
        if op.kind == "face" and op.face is not None:
            found += low_resolution(op.face, threshold)
        if op.kind != "image" or op.image is None or is_svg(op.image) or op.box.w <= 0 or op.box.h <= 0:
            continue
        pixels = image_pixels(op.image)
        if pixels is None:
            continue
        dpi = effective_dpi(pixels, op.box.w, op.box.h, op.fit, face.scale)
        if dpi < threshold - 1e-9:
            found.append(LowResolution(op, dpi))
    return found


def build_warnings(components: list[tuple[str, list[tuple[tuple, Face]]]], root: Path) -> list[str]:
    """One warning line per CSV file and image printed below 150 dpi, naming the rows (face keys end row, copy)."""
    rows: dict[tuple[str, str], list[int]] = {}
    for table, faces in components:
        seen: set[int] = set()
        for key, face in faces:
            if id(face) in seen:
                continue
            seen.add(id(face))
            for low in low_resolution(face, WARN_DPI):
                message = describe(low, low.image.relative_to(root).as_posix(), WARN_DPI)
                found = rows.setdefault((table, message), [])
                if key[-2] not in found:
                    found.append(key[-2])
    return [f"warning: {table}: row{'s' if len(numbers) > 1 else ''} {', '.join(map(str, numbers))}: {message}"
            for (table, message), numbers in rows.items()]
