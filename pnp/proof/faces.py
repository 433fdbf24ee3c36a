"""Checks on drawn card faces: text a build would refuse, text too small to read, text and art in the safe margin."""

from __future__ import annotations

import math
from dataclasses import dataclass

from pnp.face.parts import Box, Face, Op, TextTrace
from pnp.layout.elements import Element
from pnp.layout.files import Layout
from pnp.proof.breaks import awkward_breaks
from pnp.proof.findings import Finding, Spot
from pnp.units import MM

EPSILON_MM = 0.05


@dataclass(frozen=True)
class Side:
    """One drawn side of a proof card: its layout, face and the text drawn on it."""

    name: str
    layout: Layout
    face: Face
    traces: tuple[TextTrace, ...]
    elements: tuple[Element, ...] = ()  # the element each of the face's operations draws


def spot(side: Side, box: Box) -> Spot:
    """A face box (points, own units, y up) as a spot in printed mm from the trim's top-left, kept on the card."""
    scale = side.face.scale
    own_width, own_height, bleed = side.face.width / scale, side.face.height / scale, side.face.bleed / scale
    left, bottom = max(box.x, -bleed), max(box.y, -bleed)  # kept on the card: overflowing text runs past it
    right, top = min(box.x + box.w, own_width + bleed), min(box.y + box.h, own_height + bleed)
    box = Box(left, bottom, max(0.0, right - left), max(0.0, top - bottom))
    return Spot(side.name, box.x * scale / MM, (own_height - box.y - box.h) * scale / MM,
                box.w * scale / MM, box.h * scale / MM)


def ink_box(op: Op) -> Box | None:
    """The box the laid-out lines cover (before rotation), as the painter places them; None for empty text."""
    block = op.text
    if block is None or not any(line.atoms for line in block.lines):
        return None
    total = block.size * block.leading * (len(block.lines) - 1) + block.size
    width = max(line.width for line in block.lines) * block.size
    b = op.box
    top = {"top": b.y + b.h, "middle": b.y + (b.h + total) / 2, "bottom": b.y + total}[op.valign]
    left = {"left": b.x, "center": b.x + (b.w - width) / 2, "right": b.x + b.w - width}[op.align]
    return _turned(Box(left, top - total, width, total), op)


def _turned(box: Box, op: Op) -> Box:
    """The bounding box of a box turned with its op about the op's centre (clockwise, as painted)."""
    if not op.rotate:
        return box
    cx, cy = op.box.x + op.box.w / 2, op.box.y + op.box.h / 2
    angle = math.radians(-op.rotate)
    cos, sin = math.cos(angle), math.sin(angle)
    xs, ys = [], []
    for x, y in ((box.x, box.y), (box.x + box.w, box.y), (box.x, box.y + box.h), (box.x + box.w, box.y + box.h)):
        dx, dy = x - cx, y - cy
        xs.append(cx + dx * cos - dy * sin)
        ys.append(cy + dx * sin + dy * cos)
    return Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def _union(a: Box, b: Box | None) -> Box:
    if b is None:
        return a
    x, y = min(a.x, b.x), min(a.y, b.y)
    return Box(x, y, max(a.x + a.w, b.x + b.w) - x, max(a.y + a.h, b.y + b.h) - y)


def side_findings(side: Side, file: str, row: int) -> list[Finding]:
    """Every text problem on one drawn side of a card."""
    findings = []
    for trace in side.traces:
        ink = ink_box(trace.op)
        mark = spot(side, _union(trace.op.box, ink))
        findings += [Finding(file, row, field, message, mark) for field, message in trace.problems]
        if ink is None or not trace.fits or trace.op.text is None:
            continue
        where = trace.element.where
        size = trace.op.text.size * side.face.scale
        if size < side.layout.readable_size - 1e-9:
            findings.append(Finding(file, row, trace.field, f"text at {size:g} pt is below the readable size "
                                    f"{side.layout.readable_size:g} pt ({where})", mark))
        findings += [Finding(file, row, trace.field, f"{problem} ({where})", mark)
                     for problem in awkward_breaks(trace.op.text)]
        outside = _outside_safe(side, ink)
        if outside > EPSILON_MM:
            findings.append(Finding(file, row, trace.field, f"text crosses the safe line ({side.layout.safe:g} mm "
                                    f"inside the trim) by {outside:.1f} mm ({where})", spot(side, ink)))
    return findings


def _outside_safe(side: Side, ink: Box) -> float:
    """How far, in printed mm, the ink reaches past the safe zone; 0 inside it or without a safe zone."""
    safe = side.layout.safe
    if safe <= 0:
        return 0.0
    scale = side.face.scale
    width, height = side.face.width / scale, side.face.height / scale
    margin = safe * MM
    over = max(margin - ink.x, ink.x + ink.w - (width - margin), margin - ink.y, ink.y + ink.h - (height - margin))
    return max(0.0, over * scale / MM)


def drawn_findings(side: Side, file: str, row: int) -> list[Finding]:
    """Shapes, lines and pictures that reach into the safe margin without running on into the bleed."""
    findings = []
    for element, op in zip(side.elements, side.face.ops):
        box = _drawn_box(op)
        if box is None:
            continue
        gap = _margin_gap(side, box)
        if gap is not None:
            over = side.layout.safe * side.face.scale - gap
            findings.append(Finding(file, row, element.id, (
                f"{element.type} crosses the safe line ({side.layout.safe:g} mm inside the trim) by {over:.1f} mm, "
                f"{gap:.1f} mm from the trim ({element.where})"), spot(side, box)))
    return findings


def _drawn_box(op: Op) -> Box | None:
    """Where a shape, line or picture is placed (as laid out, turned); None for text and what draws nothing."""
    if op.kind in ("text", "face") or (op.kind != "image" and op.fill is None and op.stroke is None):
        return None
    b = op.box
    return _turned(Box(min(b.x, b.x + b.w), min(b.y, b.y + b.h), abs(b.w), abs(b.h)), op)


def _margin_gap(side: Side, box: Box) -> float | None:
    """The printed mm between the trim and an edge of `box` that stops inside the safe margin, if any.

    An edge at or past the trim runs on into the bleed (a background, a band), and an element that runs along the
    edge (a frame, a rule, a band: half the edge long or more) or across the card to the opposite margin (a panel)
    is laid out against the trim on purpose; what is left is a local mark near the edge, such as a badge or a coin.
    """
    scale, safe = side.face.scale, side.layout.safe
    width, height = side.face.width / scale, side.face.height / scale
    if safe <= 0 or box.x >= width or box.y >= height or box.x + box.w <= 0 or box.y + box.h <= 0:
        return None
    limit = safe * MM - EPSILON_MM * MM / scale
    low_x, high_x = box.x, width - box.x - box.w
    low_y, high_y = box.y, height - box.y - box.h
    near_x = [gap for gap in (low_x, high_x) if EPSILON_MM * MM / scale < gap < limit]
    near_y = [gap for gap in (low_y, high_y) if EPSILON_MM * MM / scale < gap < limit]
    across_x, across_y = max(low_x, high_x) < limit, max(low_y, high_y) < limit  # spans to both margins
    local = [gap for gap in near_x if not (across_x or box.h >= height / 2)]
    local += [gap for gap in near_y if not (across_y or box.w >= width / 2)]
    return min(local) * scale / MM if local else None
