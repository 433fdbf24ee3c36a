"""Line breaks a typesetter would not make: a name split, a line begun with a word bound to the line before."""

from __future__ import annotations

from collections.abc import Sequence

from pnp.text.lines import Line, line_text
from pnp.text.phrases import bound_to_before


def broken_phrases(lines: Sequence[Line]) -> list[str]:
    """Describe each line break that cuts a name (bracketed, or one of the game's) or begins a line with a word
    bound to the line before (pnp.text.phrases.bound_to_before)."""
    problems: list[str] = []
    for paragraph in by_paragraph(lines):
        for before, after in zip(paragraph, paragraph[1:]):
            ending, opening = line_text(before), line_text(after)
            if after.atoms and after.atoms[0].cuts:
                problems.append(f"a line break splits {after.atoms[0].cuts} ('{ending[-4:]}' / '{opening[:4]}')")
            elif bound_to_before(ending + opening, len(ending)):
                problems.append(f"a line begins with a word bound to the line before ('{ending[-4:]}' / "
                                f"'{opening[:4]}')")
    return problems


def by_paragraph(lines: Sequence[Line]) -> list[list[Line]]:
    """The laid-out lines grouped by paragraph."""
    groups: list[list[Line]] = [[]]
    for line in lines:
        groups[-1].append(line)
        if line.ends_paragraph:
            groups.append([])
    return [group for group in groups if group]
