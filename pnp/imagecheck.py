"""Art files: opened once to check that they are images pnp can draw, within Pillow's pixel limit."""

from __future__ import annotations

import warnings
from functools import lru_cache
from pathlib import Path

from PIL import Image, UnidentifiedImageError


def image_problem(path: Path) -> str | None:
    """Why an art file cannot be drawn (not an image, damaged, too many pixels), or None when it can."""
    stat = path.stat()
    return _problem(str(path), stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=512)
def _problem(path: str, mtime: int, size: int) -> str | None:
    """Open the file's header and check its chunks, without decoding the pixels (cached per file version)."""
    limit = Image.MAX_IMAGE_PIXELS
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with Image.open(path) as image:
                if limit and image.width * image.height > limit:
                    return f"is {image.width}x{image.height} px, more than the limit of {limit} pixels"
                image.verify()
    except Image.DecompressionBombError:
        return f"has more than the limit of {limit} pixels"
    except UnidentifiedImageError:
        kind = "an SVG file" if Path(path).suffix.lower() == ".svg" else "a file of a kind pnp cannot read"
        return f"is {kind}, not a PNG, JPEG or other bitmap image"
    except (OSError, SyntaxError, ValueError) as exc:
        return f"cannot be read as an image ({' '.join(str(exc).split())})"
    return None
