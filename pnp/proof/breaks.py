"""Line breaks a typesetter would not make, where the text left no other way: split names, bound words, stranded
syllables."""

from __future__ import annotations

from pnp.text.fit import Line, TextBlock, line_text
from pnp.text.phrases import bound_to_before, is_short_last


def awkward_breaks(block: TextBlock) -> list[str]:
    """Describe each line break that cuts a bracketed name, begins a line with a word bound to the line before
    (pnp.text.phrases.bound_to_before) or strands a paragraph's last syllables."""
    problems: list[str] = []
    for paragraph in _paragraphs(block.lines):
        for before, after in zip(paragraph, paragraph[1:]):
            ending, opening = line_text(before), line_text(after)
            if after.atoms and after.atoms[0].cuts:
                problems.append(f"a line break splits {after.atoms[0].cuts} ('{ending[-4:]}' / '{opening[:4]}')")
            elif bound_to_before(ending + opening, len(ending)):
                problems.append(f"a line begins with a word bound to the line before ('{ending[-4:]}' / "
                                f"'{opening[:4]}')")
        if len(paragraph) > 1 and is_short_last(line_text(paragraph[-2]), line_text(paragraph[-1])):
            problems.append(f"the last line holds only '{line_text(paragraph[-1])}'")
    return problems


def _paragraphs(lines: tuple[Line, ...]) -> list[list[Line]]:
    """The laid-out lines grouped by paragraph."""
    groups: list[list[Line]] = [[]]
    for line in lines:
        groups[-1].append(line)
        if line.ends_paragraph:
            groups.append([])
    return [group for group in groups if group]
