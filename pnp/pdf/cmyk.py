"""Print-shop files in CMYK through an ICC profile, and the profile's CMYK shown as RGB for home-print files
(pnp.pdf.rgbpaint, which loads this module only at a layout's first CMYK colour)."""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageCms
from reportlab.lib import colors as rl_colors
from reportlab.lib.utils import ImageReader

from pnp.colors import read_color
from pnp.errors import PnpError
from pnp.face.images import open_picture
from pnp.limits import MAX_PROFILE_BYTES
from pnp.pdf.black import DEFAULT_RICH_BLACK, K100, LARGE_PT, grey_tint, near_black, overprint, solid_black
from pnp.pdf.rgbpaint import DEFAULT_PROFILE

BUNDLED_CONDITION = "FOGRA39"  # the bundled profile is made from this registered characterization
SRGB = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB"))


@dataclass(frozen=True)
class Profile:
    """A CMYK output profile: its bytes, its description, and where it came from."""

    data: bytes
    description: str
    label: str
    condition: str  # the OutputConditionIdentifier: a registered characterization, or Custom
    cms: ImageCms.ImageCmsProfile = field(compare=False, repr=False)

    def __reduce__(self) -> tuple:
        """Pickled as its bytes: a worker process opens the profile again."""
        return _profile_from_bytes, (self.data, self.description, self.label, self.condition)


def _profile_from_bytes(data: bytes, description: str, label: str, condition: str) -> Profile:
    """A profile as another process pickled it."""
    return Profile(data, description, label, condition, ImageCms.ImageCmsProfile(io.BytesIO(data)))


@lru_cache(maxsize=8)
def load_profile(path: Path = DEFAULT_PROFILE, label: str = "the bundled CMYK profile") -> Profile:
    """Read and check a CMYK output profile."""
    fix = "give an ICC profile for CMYK printing (.icc), such as the print shop's"
    try:
        if path.stat().st_size > MAX_PROFILE_BYTES:
            raise PnpError(f"profile larger than {MAX_PROFILE_BYTES // 2**20} MB", where=label, fix=fix)
        data = path.read_bytes()
        cms = ImageCms.ImageCmsProfile(io.BytesIO(data))
    except (OSError, ImageCms.PyCMSError) as exc:
        raise PnpError(f"cannot read ICC profile: {exc}", where=label, fix=fix) from None
    if cms.profile.xcolor_space.strip() != "CMYK" or cms.profile.device_class != "prtr":
        raise PnpError(f"not a CMYK output profile ({cms.profile.xcolor_space.strip()})", where=label, fix=fix)
    description = ImageCms.getProfileDescription(cms).strip() or path.stem
    condition = BUNDLED_CONDITION if path == DEFAULT_PROFILE else "Custom"
    profile = Profile(data, description, label, condition, cms)
    try:  # built here, once, so a profile whose tables are damaged stops the build before any worker starts
        for intent in (ImageCms.Intent.PERCEPTUAL, ImageCms.Intent.RELATIVE_COLORIMETRIC):
            _to_cmyk(profile, intent)
    except ImageCms.PyCMSError as exc:
        raise PnpError(f"'{path.name}' cannot convert colours to CMYK ({exc}): its colour tables are damaged",
                       where=label, fix=fix) from None
    return profile


def embedded_profile_problem(path: Path) -> str | None:
    """Why the colour profile embedded in a PNG or JPEG cannot convert its colours, or None (none, or a usable one)."""
    with open_picture(path) as picture:
        embedded = picture.info.get("icc_profile")
    if not embedded:
        return None
    try:
        source = ImageCms.ImageCmsProfile(io.BytesIO(embedded))
        if source.profile.xcolor_space.strip() == "RGB":
            ImageCms.buildTransform(source, SRGB, "RGB", "RGB")
    except (OSError, ImageCms.PyCMSError) as exc:
        return f"its embedded ICC colour profile cannot be read ({exc}), so its colours cannot be converted to CMYK"
    return None


class CmykPaint:
    """Turns every colour and image of a print-shop file into DeviceCMYK through the profile, black as presses want."""

    def __init__(self, profile: Profile, rich_black: tuple[float, float, float, float] = DEFAULT_RICH_BLACK):
        self.profile = profile
        self.rich_black = rl_colors.CMYKColor(*(v / 100 for v in rich_black))
        self._images: dict[Path, ImageReader] = {}

    def __call__(self, color) -> rl_colors.CMYKColor:
        """The CMYK form of a colour (reportlab calls this for every colour set on the canvas): near black is K100."""
        color = read_color(color)
        if isinstance(color, rl_colors.CMYKColor):
            return color
        if near_black(color):
            return _with_alpha(K100, color.alpha)
        return _cmyk_of(self.profile, color.red, color.green, color.blue, color.alpha)

    def black(self, target, color, extent: float, stroke: bool) -> None:
        """Set a fill or stroke colour on a canvas or text object by print-shop rules for black.

        Near black (or a layout's K100) narrower than LARGE_PT (extent: a stroke's width, a text's size, an area's
        shorter side, in points) prints as K100 that overprints; near black as large prints as the rich black."""
        color = read_color(color)
        on = False
        if near_black(color) and extent >= LARGE_PT:
            color = _with_alpha(self.rich_black, color.alpha)
        elif near_black(color) or solid_black(color):
            on = getattr(color, "alpha", 1) in (None, 1)  # a see-through mark is left to the transparency
        (target.setStrokeColor if stroke else target.setFillColor)(color)
        overprint(target, stroke, on)

    def picture(self, picture: Image.Image) -> ImageReader:
        """A picture held inside SVG art as CMYK pixels, its transparency kept as a soft mask."""
        return self._reader(picture)

    def image(self, path: Path) -> ImageReader:
        """An image file as CMYK pixels, its transparency kept as a soft mask."""
        reader = self._images.get(path)
        if reader is None:
            reader = self._images[path] = self._image(path)
        return reader

    def _image(self, path: Path) -> ImageReader:
        with open_picture(path) as source:
            source.load()
            return self._reader(source)

    def _reader(self, source: Image.Image) -> ImageReader:
        """CMYK pixels of a decoded picture, with its alpha channel as the soft mask."""
        picture = source.convert("RGBA") if source.mode in ("P", "LA", "PA") else source
        alpha = picture.getchannel("A") if "A" in picture.getbands() else None
        if picture.mode == "CMYK":
            cmyk = picture.copy()
        else:
            cmyk = _transformed(_as_srgb(picture), _to_cmyk(self.profile, ImageCms.Intent.PERCEPTUAL))
        reader = ImageReader(cmyk)
        reader.getRGBData()  # reads the CMYK pixels once; then the alpha channel is attached as the soft mask
        reader._dataA = ImageReader(alpha) if alpha is not None else None
        return reader


def _with_alpha(color: rl_colors.CMYKColor, alpha) -> rl_colors.CMYKColor:
    """A CMYK colour with the given transparency."""
    return rl_colors.CMYKColor(color.cyan, color.magenta, color.yellow, color.black, alpha=alpha)


@lru_cache(maxsize=4096)
def _cmyk_of(profile: Profile, red: float, green: float, blue: float, alpha) -> rl_colors.CMYKColor:
    """Greys print on the black plate alone (crisp text); other colours go through the profile (once per process)."""
    tint = grey_tint(rl_colors.Color(red, green, blue))
    if tint is not None:
        return rl_colors.CMYKColor(0, 0, 0, tint, alpha=alpha)
    pixel = Image.new("RGB", (1, 1), tuple(round(255 * v) for v in (red, green, blue)))
    vector = _to_cmyk(profile, ImageCms.Intent.RELATIVE_COLORIMETRIC)
    c, m, y, k = _first_pixel(_transformed(pixel, vector))
    return rl_colors.CMYKColor(c / 255, m / 255, y / 255, k / 255, alpha=alpha)


@lru_cache(maxsize=8)
def _to_cmyk(profile: Profile, intent: ImageCms.Intent) -> ImageCms.ImageCmsTransform:
    """The sRGB to CMYK transform of a profile, built once per process (building one takes a while)."""
    return ImageCms.buildTransform(SRGB, profile.cms, "RGB", "CMYK", intent,
                                   flags=ImageCms.Flags.BLACKPOINTCOMPENSATION)


def _transformed(picture: Image.Image, transform: ImageCms.ImageCmsTransform) -> Image.Image:
    """A new image: the picture through a colour transform."""
    out = ImageCms.applyTransform(picture, transform)
    assert out is not None  # None only for a transform in place
    return out


def _first_pixel(picture: Image.Image) -> tuple[int, ...]:
    """The channel values of a picture's top-left pixel."""
    pixel = picture.getpixel((0, 0))
    assert isinstance(pixel, tuple)
    return pixel


def _as_srgb(picture: Image.Image) -> Image.Image:
    """The picture as plain RGB pixels, taken to be sRGB (or converted from its embedded profile)."""
    embedded = picture.info.get("icc_profile")
    rgb = picture.convert("RGB")
    if embedded:
        try:
            source = ImageCms.ImageCmsProfile(io.BytesIO(embedded))
            if source.profile.xcolor_space.strip() == "RGB":
                converted = ImageCms.profileToProfile(rgb, source, SRGB, outputMode="RGB")
                assert converted is not None  # None only for a conversion in place
                return converted
        except (OSError, ImageCms.PyCMSError):  # a file's was checked before (embedded_profile_problem): SVG art's
            pass
    return rgb


def rgb_transform(path: Path) -> ImageCms.ImageCmsTransform:
    """A CMYK profile's colours shown as sRGB (relative colorimetric), for home-print files."""
    return ImageCms.buildTransform(load_profile(path).cms, SRGB, "CMYK", "RGB", ImageCms.Intent.RELATIVE_COLORIMETRIC)


def rgb_of(transform: ImageCms.ImageCmsTransform, color: rl_colors.CMYKColor) -> rl_colors.Color:
    """A CMYK colour as the transform shows it in RGB, its alpha kept."""
    values = tuple(round(255 * v) for v in (color.cyan, color.magenta, color.yellow, color.black))
    r, g, b = _first_pixel(_transformed(Image.new("CMYK", (1, 1), values), transform))
    return rl_colors.Color(r / 255, g / 255, b / 255, alpha=color.alpha)
