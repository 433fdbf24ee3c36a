"""What proof-reading finds: a problem, the CSV file and row it comes from, and where it sits on the card."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Spot:
    """Where on a card a finding is: the side and a box in mm from the trim's top-left corner."""

    side: str
    x: float
    y: float
    w: float
    h: float


@dataclass(frozen=True)
class Finding:
    """One problem: file, spreadsheet row (None for a layout), field (CSV column or element) and message."""

    file: str
    row: int | None
    field: str
    message: str
    spot: Spot | None = None

    def line(self) -> str:
        """The `file:row: field: message` line printed for the finding."""
        place = self.file if self.row is None else f"{self.file}:{self.row}"
        return f"{place}: {self.field}: {self.message}"

    def placed(self, spot: Spot | None) -> Finding:
        """The same finding marked at a spot on the card."""
        return Finding(self.file, self.row, self.field, self.message, spot)


def grouped_lines(findings: list[Finding], shown: int = 8) -> list[str]:
    """One line per problem: the same message on several rows of a file is printed once, naming the other rows."""
    groups: dict[tuple, list[Finding]] = {}
    for finding in findings:
        key = (finding.file, finding.field, finding.message) if finding.row is not None else (finding.line(),)
        groups.setdefault(key, []).append(finding)
    lines = []
    for group in groups.values():
        line = group[0].line()
        others = [str(f.row) for f in group[1:]]
        if others:
            more = f" and {len(others) - shown} more" if len(others) > shown else ""
            line += f" (also row{'s' if len(others) > 1 else ''} {', '.join(others[:shown])}{more})"
        lines.append(line)
    return lines


def unique(findings: list[Finding]) -> list[Finding]:
    """Findings in their first order, each printed line once."""
    seen: set[str] = set()
    out = []
    for finding in findings:
        if finding.line() not in seen:
            seen.add(finding.line())
            out.append(finding)
    return out
