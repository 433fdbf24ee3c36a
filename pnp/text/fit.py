"""Rich text laid out in a box: the largest size from size down to min_size that fits, else Overflow."""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from pnp.text.awkward import broken_phrases
from pnp.text.breaking import NO_LINE_END, NO_LINE_START, Atom, leaves, paragraphs  # noqa: F401
from pnp.text.lines import Line, break_lines, line_text  # noqa: F401
from pnp.text.markup import (  # noqa: F401
    OBJECT,
    InlineImage,
    MissingGlyph,
    Run,
    Symbol,
    check_glyphs,
    missing_glyphs,
    parse_markup,
    plain_text,
)


class TextBlock(NamedTuple):
    """Text laid out at a chosen size (a named tuple, as Run)."""

    lines: tuple[Line, ...]
    size: float
    leading: float


class Overflow(Exception):
    """Text that does not fit its box even at the minimum size."""


class TextBox(NamedTuple):
    """The text box in points: its width and height, and how far past its right edge a 、 or 。 may hang."""

    width: float
    height: float
    room: float = 0.0


def fit(paras: list[list[Atom]], width: float, height: float, size: float,
        min_size: float, leading: float, room: float = 0.0, step: float = 0.25) -> TextBlock:
    """Lay out at the largest size from size down to min_size that fits the box, else Overflow.

    Lines break between phrases; only text that fits no other way is broken between any two characters.
    room (points): how far past the box's right edge a line's last 、 or 。 may hang to keep a name whole.
    """
    box = TextBox(width, height, room)
    try:
        return _fit(paras, box, size, min_size, leading, step)
    except Overflow:
        return _fit(leaves(paras), box, size, min_size, leading, step)


def _fit(paras: list[list[Atom]], box: TextBox, size: float, min_size: float, leading: float, step: float) -> TextBlock:
    """fit() for one way of breaking: words are split only when no size down to min_size keeps them whole.

    A layout that splits a name or begins a line with a word bound to the line before gives way to the largest
    smaller size without such a break, when there is one: a name is shrunk before it is broken.
    """
    sizes = _sizes(size, min_size, step)
    first = _try(paras, box, size, leading, split=False)
    if first is not None:
        return _cleaner(first, paras, box, sizes, leading)
    for split in (False, True):
        best = _largest(paras, box, sizes, leading, split)
        if best is not None:
            return best if split else _cleaner(best, paras, box, sizes, leading)
    raise Overflow(f"does not fit {box.width / 2.8346:.1f} x {box.height / 2.8346:.1f} mm even at {min_size:g} pt")


@lru_cache(maxsize=256, typed=True)
def _sizes(size: float, min_size: float, step: float) -> tuple[float, ...]:
    """The sizes tried, from size down to min_size by step (worked out once for the texts of a style)."""
    sizes = [size]
    while sizes[-1] - step >= min_size - 1e-9:
        sizes.append(round(sizes[-1] - step, 4))
    return tuple(sizes)


def _cleaner(block: TextBlock, paras, box: TextBox, sizes: tuple[float, ...], leading: float) -> TextBlock:
    """The block, or the largest smaller size whose lines break no name and begin with no bound word."""
    if not broken_phrases(block.lines):
        return block
    for size in sizes:
        if size < block.size:
            smaller = _try(paras, box, size, leading, split=False)
            if smaller is not None and not broken_phrases(smaller.lines):
                return smaller
    return block


def _largest(paras, box: TextBox, sizes: tuple[float, ...], leading: float, split: bool):
    """The layout at the largest of the sizes that fits (binary search after trying the first)."""
    first = _try(paras, box, sizes[0], leading, split)
    if first is not None:
        return first
    lo, hi, best = 1, len(sizes) - 1, None
    while lo <= hi:
        mid = (lo + hi) // 2
        block = _try(paras, box, sizes[mid], leading, split)
        if block is not None:
            best, hi = block, mid - 1
        else:
            lo = mid + 1
    return best


def _try(paras: list[list[Atom]], box: TextBox, size: float, leading: float, split: bool = True) -> TextBlock | None:
    """Lay out at one size; None when it does not fit (or, unless split, when a word is wider than the box)."""
    width, height = box.width, box.height
    if not split and any(atom.widest * size > width + 1e-6 for atoms in paras for atom in atoms):
        return None
    lines = break_lines(paras, width / size, box.room / size)
    if any((line.width - line.hang) * size > width + 1e-6 or line.hang * size > box.room + 1e-6 for line in lines):
        return None
    if (len(lines) - 1) * size * leading + size > height + 1e-6:
        return None
    return TextBlock(tuple(lines), size, leading)
