"""Tuck boxes: a `kind: tuckbox` component sized from the deck it holds, with a layout for each face."""

from __future__ import annotations

import dataclasses
from typing import Any, NamedTuple

from pnp.data.confine import confined
from pnp.errors import PnpError
from pnp.layout.elements import parse_number
from pnp.layout.files import Layout, load_layout
from pnp.project.component import Component, Files, check_names
from pnp.project.cutspec import CutSpec
from pnp.project.tucknet import Net, tuck_net
from pnp.units import PAPER_SIZES, Size

BOX_KEYS = ("deck", "thickness", "clearance", "sides", "top")
THICKNESS = 0.3  # mm, a sleeveless card
CLEARANCE = 1.0  # mm of room added to the width, height and depth
MAX_THICKNESS, MAX_CLEARANCE = 5.0, 20.0
LARGEST_MARGIN = 5.0  # mm the printer cannot reach, on A3 too
PIECE_KINDS = ("card", "token")


class TuckBox(NamedTuple):
    """A tuck box: the components it holds, their card size and count, and its net and face layouts."""

    deck: tuple[str, ...]
    card: Size
    cards: int
    thickness: float
    clearance: float
    net: Net
    sides: Layout | None = None  # both side panels
    top: Layout | None = None  # the lid


def with_boxes(files: Files, game: str, components: tuple[Component, ...], specs: list[Any]) -> tuple[Component, ...]:
    """The game's components, each tuck box sized from its deck and given its side and lid layouts."""
    found = []
    manifest = files.label(files.root / "card_data" / game / "game.yaml")
    for index, (component, spec) in enumerate(zip(components, specs)):
        where, spec = f"{manifest}: components[{index}]", spec if isinstance(spec, dict) else {}
        if component.kind == "tuckbox":
            component = _boxed(files, component, spec, components, where)
        else:
            for key in (key for key in BOX_KEYS if key in spec):
                raise PnpError(f"{key}: belongs to a tuck box", where=f"{where}.{key}",
                               fix=f"write kind: tuckbox beside it, or remove {key}:")
        found.append(component)
    return tuple(found)


def _boxed(files: Files, component: Component, spec: dict[str, Any], components: tuple[Component, ...],
           where: str) -> Component:
    """A tuck box component with its box: sized from its deck, checked to fit A3, cut along its net."""
    if "cut" in spec:
        raise PnpError("a tuck box is cut along its net", where=f"{where}.cut", fix="remove cut:")
    held = _deck(spec.get("deck"), components, where)
    card = Size(max(c.piece_size().width for c in held), max(c.piece_size().height for c in held))
    cards = sum(c.card_count for c in held)
    thickness = float(parse_number(spec.get("thickness", THICKNESS), f"{where}.thickness", minimum=0.01,
                                   maximum=MAX_THICKNESS))
    clearance = float(parse_number(spec.get("clearance", CLEARANCE), f"{where}.clearance", minimum=0,
                                   maximum=MAX_CLEARANCE))
    net = tuck_net(card, cards, thickness, clearance)
    _check_fits(net, component.front.bleed, cards, where)
    box = TuckBox(tuple(c.name for c in held), card, cards, thickness, clearance, net,
                  _face(files, component, spec, "sides", "side", where), _face(files, component, spec, "top", "top",
                                                                                where))
    return dataclasses.replace(component, box=box, cut="path", shape=CutSpec("path"))


def _deck(value: Any, components: tuple[Component, ...], where: str) -> list[Component]:
    """The components a tuck box holds, named by deck: (one name or a list)."""
    pieces = {c.name: c for c in components if c.kind in PIECE_KINDS}
    if value is None:
        raise PnpError("a tuck box needs the deck it holds", where=f"{where}.deck",
                       fix=f"write deck: {next(iter(pieces), 'cards')} (a component, or a list of them)")
    names = value if isinstance(value, list) and value else [value]
    for name in names:
        if not isinstance(name, str) or name not in pieces:
            raise PnpError(f"deck: {name!r} names no card or token component of this game", where=f"{where}.deck",
                           fix=f"use one of {', '.join(pieces) or '(none: add the cards first)'}")
    return [pieces[name] for name in dict.fromkeys(names)]


def _check_fits(net: Net, bleed: float, cards: int, where: str) -> None:
    """Stop when the net with its bleed fits no paper pnp prints on, A3 the largest."""
    a3 = Size(*PAPER_SIZES["a3"])
    room = (a3.width - 2 * LARGEST_MARGIN, a3.height - 2 * LARGEST_MARGIN)
    w, h = net.size.width + 2 * bleed, net.size.height + 2 * bleed
    if (w <= room[0] and h <= room[1]) or (h <= room[0] and w <= room[1]):
        return
    raise PnpError(f"the tuck box for {cards} cards is {w:.1f}x{h:.1f} mm with its bleed, larger than the "
                   f"{room[0]:g}x{room[1]:g} mm A3 paper prints", where=f"{where}.deck",
                   fix="split the deck over two boxes, or lower thickness: or clearance:")


def _face(files: Files, component: Component, spec: dict[str, Any], key: str, suffix: str,
          where: str) -> Layout | None:
    """The layout of the side panels or the lid: named by `key`, else NAME-SUFFIX.yaml when it exists."""
    named = spec.get(key, f"{component.name}-{suffix}.yaml")
    if not isinstance(named, str) or not named.strip():
        raise PnpError(f"must be a layout file name, got {named!r}", where=f"{where}.{key}",
                       fix=f"write for example {key}: {component.name}-{suffix}.yaml")
    path = files.root / "layouts" / component.game / named
    if key not in spec and not path.exists():
        return None
    confined(files.root, path, f"{where}.{key}" if key in spec else files.label(path))
    layout = load_layout(path, files.root, files.label)
    check_names(layout, component.table)
    return layout
