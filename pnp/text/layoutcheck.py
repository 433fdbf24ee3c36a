"""A kept layout checked against the text it is for: it must hold the text's characters in order, in the fonts
the text gave them, at their fonts' widths, and fit its box (or its lines' width) as the line breaking lays out.

A kept layout names its fonts, colours and pictures by index into those of the text's runs (Keyed), so that it is
drawn with this build's objects; one without a layout's shape, or that does not check out, is not used.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pnp.text.fit import TextBlock
from pnp.text.lines import Line
from pnp.text.markup import Run
from pnp.text.phrasetree import Atom

SLACK = 1e-6  # points: how far a kept width may differ from its fonts' sum, as fit() allows a line past the box


@dataclass(frozen=True)
class Keyed:
    """A text's runs as a kept block names them: the entry's key, and the fonts, colours and pictures in the runs in
    order of first use (a kept block's runs point at them by index, so that it draws with this build's objects)."""

    key: str
    objects: tuple[tuple[Any, ...], tuple[Any, ...], tuple[Any, ...]]  # fonts, colours, pictures


def decoded(value: Any, keyed: Keyed, runs: list[Run], box: tuple[float, float], sizes: tuple) -> TextBlock | None:
    """A kept block drawn with this build's objects, when it is sound for these runs, box and sizes; else None."""
    try:
        size, leading, kept = value
        block = TextBlock(_lines_of(kept, keyed), size, leading)
        sound = _holds(block.lines, runs) and _drawable(block.lines, runs) and _fits(block, box, sizes)
    except (TypeError, ValueError, IndexError):  # no block's shape
        return None
    return block if sound else None


def decoded_lines(value: Any, keyed: Keyed, runs: list[Run], max_width: float) -> tuple[Line, ...] | None:
    """Kept lines drawn with this build's objects, when they are sound for these runs and width; else None. A line
    may be wider only when it holds one piece (a character wider than the line)."""
    try:
        lines = _lines_of(value, keyed)
        sound = _holds(lines, runs) and _drawable(lines, runs) and all(
            line.width - line.hang <= max_width + SLACK or len(line.atoms) == 1 for line in lines)
    except (TypeError, ValueError, IndexError):
        return None
    return lines if sound else None


def _lines_of(kept: Any, keyed: Keyed) -> tuple[Line, ...]:
    """Kept lines with this build's fonts, colours and pictures (a TypeError, ValueError or IndexError when they have
    no lines' shape)."""
    fonts, colors, pictures = keyed.objects
    return tuple([Line(tuple([Atom(tuple([Run(text, fonts[font], colors[color],
                                              pictures[picture] if picture >= 0 else None)
                                          for text, font, color, picture in pieces]),
                                   width, space, split, (), cuts, widest)
                              for pieces, width, space, split, cuts, widest in atoms]), width, ends, hang)
                  for atoms, width, ends, hang in kept])


def _holds(lines: tuple[Line, ...], runs: list[Run]) -> bool:
    """Tell whether the lines' paragraphs hold the runs' characters in order, spaces (and tabs) aside."""
    paragraphs = "".join([run.text for run in runs]).replace("\t", "").replace(" ", "").split("\n")
    found, current = [], []
    for line in lines:
        current.append("".join([run.text for atom in line.atoms for run in atom.runs]))
        if line.ends_paragraph:
            found.append("".join(current).replace(" ", ""))
            current = []
    return not current and found == paragraphs


def _drawable(lines: tuple[Line, ...], runs: list[Run]) -> bool:
    """Tell whether each kept run draws only characters its font had in the runs (checked to have them), and each
    line is as wide as its runs in their fonts."""
    allowed: dict[int, set[str]] = {}
    for run in runs:
        allowed.setdefault(id(run.font), set()).update(run.text.replace("\t", " "))
    for line in lines:
        pieces = [run for atom in line.atoms for run in atom.runs]
        if any(run.image is None and not allowed.get(id(run.font), set()).issuperset(run.text) for run in pieces):
            return False
        if abs(sum([run.width for run in pieces]) - line.width) > SLACK:
            return False
    return True


def _fits(block: TextBlock, box: tuple[float, float], sizes: tuple) -> bool:
    """Tell whether the block fits the box as fit() lays out: a size in range (or the size asked for, which fit() tries
    first even below min_size), lines within the width (a 、 or 。 hanging into the room), as wide as their atoms, and
    no more lines than the height holds."""
    width, height = box
    size, min_size, leading, room = sizes
    scale = block.size
    if not ((min_size - 1e-9 <= scale or scale == size) and scale <= size + 1e-9 and block.leading == leading
            and block.lines):
        return False
    for line in block.lines:
        if abs(sum(atom.width for atom in line.atoms) - line.width) > SLACK or not 0 <= line.hang <= line.width:
            return False
        if (line.width - line.hang) * scale > width + 1e-6 or line.hang * scale > room + 1e-6:
            return False
    return (len(block.lines) - 1) * scale * leading + scale <= height + 1e-6
