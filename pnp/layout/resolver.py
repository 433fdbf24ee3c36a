"""An element's properties for one CSV row: templates rendered, numbers and dash patterns checked and bounded."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pnp.data.table import Row, Table
from pnp.errors import PnpError
from pnp.layout.budget import WorkBudget
from pnp.layout.files import Element
from pnp.layout.template import Template
from pnp.limits import MAX_FONT_PT, MAX_LENGTH
from pnp.units import pt

NUMBER_LIMITS = {"size": (0, MAX_FONT_PT), "min_size": (0, MAX_FONT_PT), "leading": (0, 10)}  # 0 excluded


@dataclass
class RowContext:
    """Everything needed to resolve templates for one row."""

    values: dict[str, Any]
    where: str
    table: Table
    row: Row
    budget: WorkBudget = field(default_factory=WorkBudget)  # the build's template work, this row's added to it
    names: frozenset[str] = frozenset()  # the game's card and character names: never broken across lines


class Resolver:
    """Reads an element's properties for one row, rendering templates."""

    def __init__(self, element: Element, ctx: RowContext):
        self.element = element
        self.ctx = ctx

    def raw(self, key: str, default: Any = None) -> Any:
        value = self.element.props.get(key, default)
        if isinstance(value, Template):
            return value.render(self.ctx.values, self.ctx.where, self.ctx.budget)
        return value

    def text(self, key: str, default: str) -> str:
        value = self.raw(key, default)
        return "" if value is None else str(value)

    def number(self, key: str, default: float) -> float:
        known = self.element.numbers.get((key, default))
        if known is not None:
            return known
        constant = not isinstance(self.element.props.get(key), Template)
        value = self.raw(key, default)
        try:
            number = float(value)
        except (TypeError, ValueError, OverflowError):
            raise PnpError(f"{self.element.where}.{key} must be a number, got {value!r}", where=self.ctx.where,
                           fix="check the template or the row's value") from None
        low, high = NUMBER_LIMITS.get(key, (-MAX_LENGTH, MAX_LENGTH))
        if not low <= number <= high or (low == 0 and number == 0):
            raise PnpError(f"{self.element.where}.{key} is {value!r}, outside the limits ({low:g} to {high:g})",
                           where=self.ctx.where, fix="check the template or the row's value")
        if constant:
            self.element.numbers[(key, default)] = number
        return number

    def dash(self) -> tuple[float, ...] | None:
        """A dash pattern in mm (a number or a list, each length above 0), in points; None for none or 0."""
        raw = self.raw("dash")
        if raw in (None, "", 0):
            return None
        try:
            lengths = tuple(float(v) for v in (raw if isinstance(raw, (list, tuple)) else [raw]))
        except (TypeError, ValueError, OverflowError):
            lengths = ()
        if lengths == (0.0,):
            return None
        if not lengths or not all(0 < v <= MAX_LENGTH for v in lengths):
            raise PnpError(f"{self.element.where}.dash is {raw!r}, not a dash pattern", where=self.ctx.where,
                           fix=f"write lengths in mm above 0 and at most {MAX_LENGTH:g}, e.g. dash: 2 or dash: [2, 1]")
        return tuple(pt(v) for v in lengths)
