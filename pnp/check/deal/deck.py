"""The deck a `check:` section declares, read from the same CSV files as the print, and its integrity findings."""

from __future__ import annotations

from dataclasses import dataclass

from pnp.check.deal.shuffle import QuestionValues
from pnp.check.deal.spec import DealSpec
from pnp.data.table import Row
from pnp.data.table import Table as CsvTable
from pnp.errors import PnpError
from pnp.layout.template import check_columns
from pnp.project.games import Project

MAX_DECK = 2000
MAX_WORK = 20_000_000  # cards shuffled per player count: a bound on the time a stranger's project can take


@dataclass(frozen=True)
class Deck:
    """The rows shuffled together (each with its copies), the columns they have, and the cards per part."""

    rows: tuple[tuple[Row, str], ...]  # (row, where it comes from for messages)
    columns: frozenset[str]
    parts: tuple[tuple[str, int], ...]  # (component, cards)

    @property
    def size(self) -> int:
        return sum(row.count for row, _ in self.rows)


def component_names(project: Project, game: str) -> list[str]:
    """The game's components: those game.yaml lists, or every CSV file when it lists none."""
    return project.component_names(game) or sorted(p.stem for p in (project.root / "card_data" / game).glob("*.csv"))


def component_rows(project: Project, game: str, name: str) -> CsvTable:
    """A component's table as the print reads it."""
    table = project.component_table(game, name)
    return table if table is not None else project.read_csv(game, f"{name}.csv")


def build_deck(project: Project, game: str, spec: DealSpec) -> tuple[Deck, list[str]]:
    """The deck from the components named under check.deck, with findings for parts that select no card."""
    rows, columns, parts, findings = [], set(), [], []
    for part in spec.deck:
        table = component_rows(project, game, part.component)
        kept = list(table.rows)
        if part.where is not None:
            check_columns(part.where.source, part.where.where, set(table.columns), set(), table.label)
            kept = [row for row in kept if part.where.evaluate(row.values, table.where(row))]
        cards = sum(row.count for row in kept)
        if not cards:
            findings.append(f"{part.label}: {part.component} gives no card to the deck")
        rows += [(row, table.where(row)) for row in kept]
        columns |= set(table.columns)
        parts.append((part.component, cards))
    deck = Deck(tuple(rows), frozenset(columns), tuple(parts))
    if deck.size > MAX_DECK:
        raise PnpError(f"the deck has {deck.size} cards, more than {MAX_DECK}", where=f"{spec.label}: check.deck",
                       fix="deal a smaller deck (use where: to keep part of a component)")
    if deck.size * spec.shuffles > MAX_WORK:
        raise PnpError(f"{spec.shuffles} shuffles of {deck.size} cards is more than {MAX_WORK:,} cards to shuffle",
                       where=f"{spec.label}: check.shuffles",
                       fix=f"use at most {MAX_WORK // deck.size} shuffles for this deck")
    return deck, findings


def question_table(deck: Deck, spec: DealSpec) -> QuestionValues:
    """Evaluate every question's expression once per row and spread it over the row's copies."""
    values = []
    for question in spec.questions:
        where = f"{question.label}.{question.kind}"
        check_columns(question.expression.source, where, set(deck.columns), set(), "the deck")
        per_card: list = []
        letters: dict[str, str] = {}
        for row, row_where in deck.rows:
            context = {column: None for column in deck.columns} | row.values
            value = question.expression.evaluate(context, row_where)
            if question.kind == "longest_run":  # one character per distinct value, so runs are found in a string
                value = letters.setdefault(str(value), chr(0x4E00 + len(letters)))
            per_card += [value if question.kind == "longest_run" else bool(value)] * row.count
        values.append(tuple(per_card))
    return QuestionValues(deck.size, tuple(q.kind for q in spec.questions), tuple(values))


def setup_findings(deck: Deck, spec: DealSpec, table: QuestionValues) -> list[str]:
    """Player counts the deck cannot deal, and questions every card or no card answers."""
    findings = []
    for players, hand in spec.hands.items():
        if hand is not None and players * hand > deck.size:
            findings.append(f"{spec.label}: check.hand: {players} players x {hand} cards = {players * hand}, "
                            f"but the deck has {deck.size} cards")
        elif hand is None and deck.size < players:
            findings.append(f"{spec.label}: check.hand: {players} players, but the deck has {deck.size} cards")
    for question, values in zip(spec.questions, table.values):
        if question.kind != "longest_run" and len(set(values)) < 2 and values:
            which = "every card" if values[0] else "no card"
            findings.append(f"{question.label}.{question.kind}: {which} in the deck matches, "
                            "so the answer is certain")
    return findings


def empty_components(project: Project, game: str) -> list[str]:
    """Components with no piece to print (no rows, every count 0, or a where: that keeps nothing)."""
    findings = []
    for name in component_names(project, game):
        table = component_rows(project, game, name)
        if table.card_count == 0:
            findings.append(f"{table.label}: component {name} has no cards (no rows, every count 0, "
                            "or a where: that keeps none)")
    return findings
