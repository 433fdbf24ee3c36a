"""Where an element goes on its face, and whether it is drawn, for one CSV row."""

from __future__ import annotations

from pnp.face.parts import Box
from pnp.layout.files import Element, Layout
from pnp.layout.resolver import Resolver, RowContext
from pnp.layout.template import Expression
from pnp.units import pt


def is_drawn(expression: Expression, ctx: RowContext) -> bool:
    """Tell whether an element whose visibility is this expression is drawn for the row."""
    value = expression.evaluate(ctx.values, ctx.where, ctx.budget)
    if isinstance(value, str):
        return value.strip().lower() not in ("", "0", "false", "no", "none")
    return bool(value)


def element_box(element: Element, value: Resolver, layout: Layout) -> Box:
    """Convert an element's top-left mm box to a bottom-left point box."""
    height = layout.size.height / layout.scale  # elements are placed in the layout's own size
    if element.type == "line":
        x1, y1, x2, y2 = (value.number(k, 0.0) for k in ("x1", "y1", "x2", "y2"))
        return Box(pt(x1), pt(height - y1), pt(x2 - x1), pt(y1 - y2))  # w, h: the vector to the end point
    if element.get("area") == "bleed":
        b = layout.bleed / layout.scale
        return Box(pt(-b), pt(-b), pt(layout.size.width / layout.scale + 2 * b), pt(height + 2 * b))
    x, y, w, h = (value.number(k, 0.0) for k in ("x", "y", "w", "h"))
    return Box(pt(x), pt(height - y - h), pt(w), pt(h))
