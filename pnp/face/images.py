"""Art files: opened once to check that they are images pnp can draw, within Pillow's pixel limit, and to size them."""

from __future__ import annotations

import warnings
from functools import lru_cache
from pathlib import Path

from PIL import Image, UnidentifiedImageError
from reportlab.lib.utils import ImageReader


def image_problem(path: Path) -> str | None:
    """Why an art file cannot be drawn (not an image, damaged, too many pixels), or None when it can."""
    return _inspect_file(path)[0]


def image_pixels(path: Path) -> tuple[int, int] | None:
    """A drawable image's size in pixels; None when it cannot be drawn or is empty."""
    pixels = _inspect_file(path)[1]
    return pixels if pixels is not None and min(pixels) > 0 else None


def _inspect_file(path: Path) -> tuple[str | None, tuple[int, int] | None]:
    stat = path.stat()
    return _inspect(str(path), stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=512)
def _inspect(path: str, mtime: int, size: int) -> tuple[str | None, tuple[int, int] | None]:
    """(problem, pixels) from the file's header and chunks, without decoding the pixels (cached per file version)."""
    limit = Image.MAX_IMAGE_PIXELS
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with Image.open(path) as image:
                if limit and image.width * image.height > limit:
                    return f"is {image.width}x{image.height} px, more than the limit of {limit} pixels", None
                pixels = image.size
                image.verify()
    except Image.DecompressionBombError:
        return f"has more than the limit of {limit} pixels", None
    except UnidentifiedImageError:
        kind = "an SVG file" if Path(path).suffix.lower() == ".svg" else "a file of a kind pnp cannot read"
        return f"is {kind}, not a PNG, JPEG or other bitmap image", None
    except (OSError, SyntaxError, ValueError) as exc:
        return f"cannot be read as an image ({' '.join(str(exc).split())})", None
    return None, pixels


@lru_cache(maxsize=256)
def image_reader(path: Path) -> ImageReader:
    """A reportlab reader for an image file, kept per path so each picture is read once."""
    return ImageReader(str(path))
