"""Print-on-demand presets: the image size and cut line of a service's poker card template."""

from __future__ import annotations

from dataclasses import dataclass

from pnp.errors import PnpError
from pnp.project.component import Component

TOLERANCE = 0.02  # a card's trim may differ this much (per side) from the service's cut line
MM_PER_INCH = 25.4


@dataclass(frozen=True)
class Preset:
    """A service's template: the whole image and its cut line, in pixels at its resolution."""

    name: str
    service: str
    image: tuple[int, int]
    trim: tuple[int, int]
    dpi: int = 300

    def trim_mm(self) -> tuple[float, float]:
        """The cut line's size in millimetres."""
        width, height = (px / self.dpi * MM_PER_INCH for px in self.trim)
        return width, height

    def trim_rect(self) -> tuple[float, float, float, float]:
        """Where the cut line lies in the image (left, top, right, bottom), centred: the rest is bleed."""
        left = (self.image[0] - self.trim[0]) / 2
        top = (self.image[1] - self.trim[1]) / 2
        return left, top, left + self.trim[0], top + self.trim[1]


PRESETS: dict[str, Preset] = {
    # MakePlayingCards poker: 2.48 x 3.46 in cut (63 x 88 mm), 822 x 1122 px image
    "mpc": Preset("mpc", "MakePlayingCards poker", (822, 1122), (744, 1038)),
    # The Game Crafter poker: 2.5 x 3.5 in cut, 1/8 in bleed, 825 x 1125 px image
    "tgc": Preset("tgc", "The Game Crafter poker", (825, 1125), (750, 1050)),
}


def preset_fits(component: Component, preset: Preset) -> bool:
    """True when the component's trim is within TOLERANCE of the preset's cut line on both sides."""
    size = component.piece_size()
    width, height = preset.trim_mm()
    return abs(size.width / width - 1) <= TOLERANCE and abs(size.height / height - 1) <= TOLERANCE


def check_preset(component: Component, preset: Preset) -> None:
    """Refuse a card whose size is not the preset's: a stretched card would print wrongly."""
    if preset_fits(component, preset):
        return
    size = component.piece_size()
    width, height = preset.trim_mm()
    raise PnpError(f"{component.name} is {size.width:g}x{size.height:g} mm, but the {preset.name} preset is for "
                   f"{preset.service} cards ({width:.1f}x{height:.1f} mm)",
                   where=f"pnp export {component.game} --preset {preset.name}",
                   fix=f"choose the poker-size components with --component NAME, "
                       f"or drop --preset to export {component.name} at its own size")
