"""A field's old and new text compared character by character (so Japanese text, written without spaces, too)."""

from __future__ import annotations

from dataclasses import dataclass
from difflib import SequenceMatcher


@dataclass(frozen=True)
class Piece:
    """A stretch of text: kept in both versions, removed from the old, or added in the new."""

    kind: str  # "same", "removed" or "added"
    text: str


@dataclass(frozen=True)
class FieldDiff:
    """One CSV column whose cell changed."""

    field: str
    old: str
    new: str

    def pieces(self) -> list[Piece]:
        """The change as kept, removed and added stretches, in reading order."""
        matcher = SequenceMatcher(None, self.old, self.new, autojunk=False)
        found = []
        for tag, a0, a1, b0, b1 in matcher.get_opcodes():
            if tag == "equal":
                found.append(Piece("same", self.old[a0:a1]))
                continue
            if a1 > a0:
                found.append(Piece("removed", self.old[a0:a1]))
            if b1 > b0:
                found.append(Piece("added", self.new[b0:b1]))
        return found

    def marked(self) -> str:
        """The change as one text: removed stretches in [-...-], added ones in {+...+}."""
        marks = {"same": "{}", "removed": "[-{}-]", "added": "{{+{}+}}"}
        return "".join(marks[piece.kind].format(piece.text) for piece in self.pieces())


def field_diffs(old: dict[str, object], new: dict[str, object]) -> tuple[FieldDiff, ...]:
    """The columns whose cells differ (a column one side lacks reads as empty), in the new file's order."""
    columns = list(new) + [column for column in old if column not in new]
    return tuple(FieldDiff(column, _text(old.get(column)), _text(new.get(column))) for column in columns
                 if _text(old.get(column)) != _text(new.get(column)))


def _text(value: object) -> str:
    return "" if value is None else str(value)
