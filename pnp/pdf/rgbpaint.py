"""Home-print colours: RGB as given, CMYK from a layout shown as RGB through the bundled profile (Pillow's colour
management is loaded only for such a colour: an RGB build never needs it)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from reportlab.lib import colors as rl_colors
from reportlab.lib.utils import ImageReader

from pnp.colors import read_color
from pnp.face.images import image_reader

DEFAULT_PROFILE = Path(__file__).resolve().parent / "profiles" / "FOGRA39L-pnp.icc"
MAX_NAMED = 1024  # colours given as text kept as painted, per document


class RgbPaint:
    """Home-print files: colours given as CMYK in a layout are shown through the profile as RGB."""

    passes_rgb = True  # an RGB colour comes back unchanged: its operator can be written without calling this

    def __init__(self, profile_path: Path = DEFAULT_PROFILE):
        self._path = profile_path
        self._transform: Any = None  # the profile's transform to sRGB, made at the first CMYK colour
        self._colors: dict[tuple[float, float, float, float, float], rl_colors.Color] = {}
        self._named: dict[str, Any] = {}  # colours given as text, as painted

    def __call__(self, color):
        """RGB colours pass; CMYK ones become RGB, except registration black (1,1,1,1) for the marks."""
        if color.__class__ is rl_colors.Color:  # the common case, at once
            return color
        if type(color) is str:  # a text's colour, read once
            known = self._named.get(color)
            if known is None:
                known = self._read(color)
                if len(self._named) < MAX_NAMED:
                    self._named[color] = known
            return known
        return self._read(color)

    def _read(self, color):
        """The colour as the document paints it."""
        color = read_color(color)
        if not isinstance(color, rl_colors.CMYKColor) or _is_registration(color):
            return color
        key = (color.cyan, color.magenta, color.yellow, color.black, color.alpha)
        known = self._colors.get(key)
        if known is None:
            known = self._colors[key] = self._convert(color)
        return known

    def _convert(self, color: rl_colors.CMYKColor) -> rl_colors.Color:
        from pnp.pdf.cmyk import rgb_of, rgb_transform
        if self._transform is None:
            self._transform = rgb_transform(self._path)
        return rgb_of(self._transform, color)

    def image(self, path: Path) -> ImageReader:
        """Image files are embedded as they are."""
        return image_reader(path)


def _is_registration(color: rl_colors.CMYKColor) -> bool:
    return color.cyan == color.magenta == color.yellow == color.black == 1
