"""Art files: decoded only as PNG or JPEG, chosen by their content, checked in full and within the pixel limit."""

from __future__ import annotations

import io
import warnings
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from PIL import Image, UnidentifiedImageError
from reportlab.lib.utils import ImageReader

from pnp.data.files import read_regular
from pnp.errors import PnpError
from pnp.limits import MAX_IMAGE_BYTES

RASTER_FORMATS = ("PNG", "JPEG")  # no format whose reader calls another program (EPS runs Ghostscript)
OTHER_KINDS = ((b"GIF8", "a GIF image"), (b"BM", "a BMP image"), (b"II*\0", "a TIFF image"),
               (b"MM\0*", "a TIFF image"), (b"%!PS", "a PostScript (EPS) file"), (b"\xc5\xd0\xd3\xc6", "an EPS file"),
               (b"%PDF", "a PDF file"), (b"\0\0\1\0", "an icon file"), (b"8BPS", "a Photoshop file"))


@cache
def forbid_other_formats() -> None:
    """Leave Pillow only PNG and JPEG to try when a caller names no format, so no other reader runs in pnp: done
    before the first picture pnp decodes (a build whose art is all SVG never loads Pillow's readers, some 10 ms)."""
    Image.preinit()  # PNG and JPEG among the few preinit loads; init() would import every plugin
    Image.ID[:] = [name for name in Image.ID if name in RASTER_FORMATS]


def open_raster(source: Any, formats: tuple[str, ...] = RASTER_FORMATS) -> Image.Image:
    """Pillow's open of a file or its bytes, trying only the formats named, once no other format is left to try."""
    forbid_other_formats()
    return Image.open(source, formats=formats)


def open_picture(path: Path, label: str | None = None) -> Image.Image:
    """An art file opened as PNG or JPEG (by its content, whatever its name); a one-line error otherwise."""
    label = label or path.name
    data = read_regular(path, label, MAX_IMAGE_BYTES, fix="save the picture as PNG or JPEG",
                        large_fix="save it smaller or as JPEG", kind="picture")
    try:
        return open_raster(io.BytesIO(data))
    except UnidentifiedImageError:
        raise PnpError(f"is {_kind(data, path)}, not a PNG or JPEG image", where=label,
                       fix="save it as PNG or JPEG (or SVG)") from None


def _kind(data: bytes, path: Path) -> str:
    """What a file that is not PNG or JPEG seems to be, for the message."""
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "a WebP image"
    if path.suffix.lower() == ".svg":
        return "an SVG file"
    return next((kind for magic, kind in OTHER_KINDS if data.startswith(magic)), "a file of a kind pnp cannot read")


def image_problem(path: Path) -> str | None:
    """Why an art file cannot be drawn (not PNG or JPEG, damaged, too many pixels), or None when it can."""
    return _inspect_file(path)[0]


def image_pixels(path: Path) -> tuple[int, int] | None:
    """A drawable image's size in pixels; None when it cannot be drawn or is empty."""
    pixels = _inspect_file(path)[1]
    return pixels if pixels is not None and min(pixels) > 0 else None


def _inspect_file(path: Path) -> tuple[str | None, tuple[int, int] | None]:
    try:
        stat = path.stat()
    except (OSError, ValueError) as exc:
        return f"cannot be opened ({getattr(exc, 'strerror', None) or exc})", None
    return _inspect(str(path), stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=512)
def _inspect(path: str, mtime: int, size: int) -> tuple[str | None, tuple[int, int] | None]:
    """(problem, pixels): the file decoded in full once, so a damaged one stops here (cached per file version)."""
    limit = Image.MAX_IMAGE_PIXELS
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with open_picture(Path(path)) as image:
                if limit and image.width * image.height > limit:
                    return f"is {image.width}x{image.height} px, more than the limit of {limit} pixels", None
                image.load()
                return None, image.size
    except Image.DecompressionBombError:
        return f"has more than the limit of {limit} pixels", None
    except PnpError as exc:
        return exc.problem, None
    except (OSError, SyntaxError, ValueError, EOFError, MemoryError) as exc:
        return f"cannot be read as an image ({' '.join(str(exc).split())})", None


class _PictureReader(ImageReader):
    """reportlab's image reader, decoding only PNG and JPEG."""

    def _read_image(self, fp):
        return open_raster(fp)


@lru_cache(maxsize=256)
def image_reader(path: Path) -> ImageReader:
    """A reportlab reader for an image file, kept per path so each picture is read once."""
    data = read_regular(path, path.name, MAX_IMAGE_BYTES, kind="picture")
    return _PictureReader(io.BytesIO(data))
