"""Collect a game's proof: each distinct card drawn once, with every finding a proof-reader should see."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from pnp.data.table import Row, Table
from pnp.errors import PnpError
from pnp.face.render import Renderer
from pnp.face.resolution import describe, low_resolution
from pnp.face.svgkept import undrawn_message
from pnp.layout.elements import noting_safe_zone
from pnp.layout.files import Layout
from pnp.project.component import Component
from pnp.project.games import Game, Project
from pnp.proof.faces import Side, drawn_findings, side_findings, spot
from pnp.proof.findings import Finding, unique
from pnp.proof.lint import lint_table
from pnp.proof.references import dangling_names, game_names
from pnp.proof.rules import RulesProof, proof_rules
from pnp.text.fonts import FontBook
from pnp.units import PAPER_SIZES, Size

PROOF_PAPER = Size(*PAPER_SIZES["a4"])  # page components are proofed as printed on A4


@dataclass
class ProofCard:
    """A distinct card: its component, the identical rows it stands for, its copies, drawn sides and findings."""

    component: Component
    rows: tuple[Row, ...]
    count: int
    sides: tuple[Side, ...]
    findings: list[Finding] = field(default_factory=list)

    @property
    def table(self) -> Table:
        return self.component.table

    def holds(self, finding: Finding) -> bool:
        """Tell whether a finding is about this card: one of its rows, or a layout it is drawn with."""
        if finding.row is None:
            return any(side.layout.label == finding.file for side in self.sides)
        return finding.file == self.table.label and any(r.number == finding.row for r in self.rows)


@dataclass
class Proof:
    """A game's distinct cards and all findings (each printed line once)."""

    game: Game
    cards: list[ProofCard]
    findings: list[Finding]
    rules: RulesProof | None = None


def collect(project: Project, name: str, fonts: FontBook) -> Proof:
    """Load a game, draw each distinct card and gather findings from its faces, its rows and its layouts."""
    notes: list[PnpError] = []
    with noting_safe_zone(notes):
        game = dataclasses.replace(project, lenient=True).load_game(name)
    renderer = Renderer(fonts, project.root)
    cards = [card for component in game.components for card in _cards(component, renderer)]
    general = [_layout_finding(note) for note in notes] + _problem_findings(game) + _row_findings(game)
    for card in cards:
        mine = [_placed(f, card) for f in general if card.holds(f)] + drawn_card_findings(card, project)
        card.findings = unique(sorted(mine, key=lambda f: (f.row or 0)))
    findings = [f for f in general if not any(card.holds(f) for card in cards)]
    findings += [Finding(file, None, "svg", undrawn_message(features)) for file, features in renderer.undrawn.items()]
    rules = proof_rules(project, game, fonts)
    findings += [f for card in cards for f in card.findings] + (rules.findings if rules else [])
    return Proof(game, cards, unique(findings), rules)


def _cards(component: Component, renderer: Renderer) -> list[ProofCard]:
    """One proof card per group of identical rows, in CSV order."""
    groups: dict[tuple, list[Row]] = {}
    for row in component.table.rows:
        key = tuple((column, str(value)) for column, value in row.values.items() if column != "count")
        groups.setdefault(key, []).append(row)
    placed = proof_layouts(component)
    return [proof_card(component, tuple(rows), renderer, placed) for rows in groups.values()]


def proof_layouts(component: Component) -> dict[int, Layout]:
    """A component's layouts by id, as proofed: page layouts sized to A4."""
    return {id(layout): layout.on_paper(PROOF_PAPER) for layout in component.layouts()}


def proof_card(component: Component, rows: tuple[Row, ...], renderer: Renderer, placed: dict[int, Layout]) -> ProofCard:
    """A card of identical rows drawn with its text traced, in its layouts as proofed (`proof_layouts`)."""
    sides = []
    layouts = (("front", component.front_for(rows[0])), ("back", component.back_for(rows[0])))
    for side, layout in ((side, placed[id(layout)]) for side, layout in layouts if layout is not None):
        renderer.traces = []
        face, elements = renderer.face_elements(layout, component.table, rows[0], names=component.names)
        sides.append(Side(side, layout, face, tuple(renderer.traces), elements))
    renderer.traces = None
    return ProofCard(component, rows, sum(r.count for r in rows), tuple(sides))


def drawn_card_findings(card: ProofCard, project: Project) -> list[Finding]:
    """What a card's drawn sides show: text problems, drawings in the safe margin, pictures below 300 dpi."""
    file, row = card.table.label, card.rows[0].number
    return [finding for side in card.sides for finding in side_findings(side, file, row)
            + drawn_findings(side, file, row) + _image_findings(side, file, row, project)]


def _image_findings(side: Side, file: str, row: int, project: Project) -> list[Finding]:
    """Raster images printed below 300 dpi on one side of a card."""
    return [Finding(file, row, "image", describe(low, project.label(low.image)), spot(side, low.op.box))
            for low in low_resolution(side.face)]


def _problem_findings(game: Game) -> list[Finding]:
    """What a build stops at and the proof goes on past: rows a quote swallowed, rows no component prints."""
    return [Finding(problem.file, row, problem.field, problem.message) for problem in game.problems
            for row in problem.rows]


def _row_findings(game: Game) -> list[Finding]:
    """Text checks and dangling card names over every CSV table of the game, each table once."""
    names = game_names(game)
    tables = {component.table.label: component.table for component in game.components}
    return [f for table in tables.values() for f in lint_table(table) + dangling_names(table, names)]


def _layout_finding(note: PnpError) -> Finding:
    """A layout problem noted while loading (a text box outside the safe zone) as a finding."""
    file, _, element = (note.where or "").partition(": ")
    return Finding(file, None, element, note.problem)


def _placed(finding: Finding, card: ProofCard) -> Finding:
    """Mark a finding on the element that shows its field (a CSV column or a layout element)."""
    for side in card.sides:
        for trace in side.traces:
            shows = finding.field in trace.field.split(", ") if finding.row is not None else (
                trace.element.where.endswith(finding.field) and side.layout.label == finding.file)
            if shows:
                return finding.placed(spot(side, trace.op.box))
    return finding
