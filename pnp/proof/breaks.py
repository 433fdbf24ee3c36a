"""Line breaks a typesetter would not make, where the text left no other way: split names, bound words, stranded
syllables."""

from __future__ import annotations

from pnp.text.awkward import broken_phrases, by_paragraph
from pnp.text.fit import TextBlock, line_text
from pnp.text.phrases import is_short_last


def awkward_breaks(block: TextBlock) -> list[str]:
    """Describe each line break that cuts a name, begins a line with a word bound to the line before or strands
    a paragraph's last syllables."""
    problems = broken_phrases(block.lines)
    for paragraph in by_paragraph(block.lines):
        if len(paragraph) > 1 and is_short_last(line_text(paragraph[-2]), line_text(paragraph[-1])):
            problems.append(f"the last line holds only '{line_text(paragraph[-1])}'")
    return problems
