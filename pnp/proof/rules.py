"""A game's rulebook proof-read: its running text checked as card text is, going on past what a build stops at."""

from __future__ import annotations

from dataclasses import dataclass

from pnp.book.booklet import typeset
from pnp.book.job import rules_path
from pnp.book.typeset import BookTrace
from pnp.data.confine import label_in
from pnp.errors import PnpError
from pnp.face.parts import Face
from pnp.project.games import Game, Project
from pnp.proof.breaks import awkward_breaks
from pnp.proof.findings import Finding, unique
from pnp.proof.lint import bracket_problems, snippet
from pnp.text.fit import TextBlock, line_text
from pnp.text.fonts import FontBook

FIELD = "text"  # the field rulebook findings name: the Markdown line is their row


@dataclass(frozen=True)
class RulesProof:
    """A rulebook's A5 pages, what proof-reading found in it, and the page (from 1) each Markdown line starts on;
    `stops` when a build would stop at one of the findings."""

    label: str
    pages: tuple[Face, ...]
    findings: list[Finding]
    page_of: dict[int, int]
    stops: bool = False

    def on_page(self, number: int) -> list[Finding]:
        """The findings about the lines that start on one page."""
        return [f for f in self.findings if self.page_of.get(f.row or 0) == number]


def proof_rules(project: Project, game: Game, fonts: FontBook) -> RulesProof | None:
    """The game's rulebook set and proof-read, or None when it has no rules.md."""
    path = rules_path(project.root, game.name)
    if path is None:
        return None
    trace, label = BookTrace(), label_in(project.root, path)
    try:
        book = typeset(project.root, game, fonts, path, trace)
    except PnpError as error:  # what no page can be set past (a file that is not UTF-8, too many pages)
        message = error.problem + (f"; {error.fix}" if error.fix else "")
        return RulesProof(label, (), [Finding(label, None, FIELD, message)], {}, stops=True)
    findings = [Finding(label, line, FIELD, problem) for line, problem in trace.problems]
    for line, text, lines, width in trace.texts:
        findings += [Finding(label, line, FIELD, problem) for problem in _text_problems(text, lines, width)]
    ordered = sorted(unique(findings), key=lambda f: f.row or 0)
    return RulesProof(label, book.pages, ordered, trace.pages, stops=bool(trace.problems))


def _text_problems(text: str, lines: list, width: float) -> list[str]:
    """What a proof-reader should see in one text: a word wider than its column, awkward breaks, open brackets."""
    problems = [f"a word is wider than its column and runs past it ({snippet(line_text(line), 0, 12)}); "
                "break it with a space or shorten it" for line in lines if line.width - line.hang > width + 1e-6]
    return problems + awkward_breaks(TextBlock(tuple(lines), 1.0, 1.0)) + bracket_problems(text)
