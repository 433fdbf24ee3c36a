"""New Eleusis's printed data: the two decks as game.yaml prints them, the markers, and the secret-rule library."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from pnp.sim import PnpError, PrintedCard, Table, component_names, printed_card, read_component

from .library import Library, load_library

GAME = "eleusis"
CARD_COLUMNS = ("suit", "value", "color")  # what the secret rules read; a component with them is a deck

# Numbers of the rules text (準備, プレイ, 失格, ヒントタイム, 得点).
HAND = 12             # 準備 4: 初期手札12枚
MAX_PLAY = 4          # 1枚以上4枚以下
PENALTY = 2           # 出したカード枚数×2枚
LATE = 40             # 全体でカードが40枚出された以降
HINT_TIMES = (10, 20, 30)
NEAR_END = 4          # a hand this small can go out in one play: "間もなくラウンドが終了しそう"
PROPHET_CAP = 5       # +1vpt per correct judgement, Max 5vpt a round
OUT_BONUS, PROPHET_FAIL, UNSEAT_BONUS = 4, -5, 2
DEALER_PROPHET_OUT, DEALER_CHILD_OUT, DEALER_PER_FAILED = 4, 2, 3
DECKS = 2             # 準備 1: トランプ2組
SUITS, RANKS = 4, range(1, 14)
MAX_CARDS = 128       # a play packs card ids (0-127) into 7 bits each


@dataclass(frozen=True)
class Face:
    """What a card shows: the columns the rules read and its label for the log."""

    suit: str
    value: int
    color: str
    text: str  # e.g. ♠A, ♥10


@dataclass(frozen=True)
class Deck:
    """One printed deck component and the faces of its cards in CSV order."""

    name: str
    table: Table
    faces: tuple[int, ...]


@dataclass(frozen=True)
class EleusisData:
    """Everything the simulation reads: card faces, the 104 cards, the rule library, the other components."""

    faces: tuple[Face, ...]
    card_face: tuple[int, ...]  # by card id (both decks, in game.yaml order)
    decks: tuple[Deck, ...]
    library: Library
    tables: dict[str, Table]  # every component of game.yaml, by name, as the print reads it

    @property
    def cards(self) -> int:
        return len(self.card_face)

    @cached_property
    def printed(self) -> tuple[PrintedCard, ...]:
        """The printed card of every card id (both decks, in CSV order), then of every secret rule (id cards + r)."""
        cards = tuple(printed_card(deck.table, row) for deck in self.decks for row in deck.table.rows
                      for _ in range(row.count))
        rules = self.library.table
        return cards + tuple(printed_card(rules, row) for row in rules.rows)

    def label(self, card: int) -> str:
        """A card as the log shows it."""
        return self.faces[self.card_face[card]].text


def load(project) -> EleusisData:
    """Read the decks (game.yaml's components with the rules' columns, `where:` applied) and the rule library."""
    tables = {name: read_component(project, GAME, name) for name in component_names(project, GAME)}
    decks = [(name, table) for name, table in tables.items() if all(col in table.columns for col in CARD_COLUMNS)]
    if not decks:
        raise PnpError("game.yaml names no playing-card deck", where=f"card_data/{GAME}/game.yaml",
                       fix="add - {name: deck_red, from: standard_deck/cards, where: \"suit != 'joker'\"}")
    faces: list[Face] = []
    index: dict[tuple, int] = {}
    built = []
    for name, table in decks:
        ids = []
        for row in table.rows:
            values = row.values
            key = (values["suit"], values["value"])
            if key not in index:
                index[key] = len(faces)
                faces.append(Face(str(values["suit"]), values["value"], str(values["color"]),
                                  f"{values.get('symbol', values['suit'])}{values.get('label', values['value'])}"))
            ids += [index[key]] * row.count
        built.append(Deck(name, table, tuple(ids)))
    rows = _face_rows(decks, index)
    library = load_library(project, GAME, tuple(rows[i] for i in range(len(faces))))
    card_face = tuple(face for deck in built for face in deck.faces)
    if len(card_face) > MAX_CARDS:
        raise PnpError(f"the decks hold {len(card_face)} cards; the simulation plays at most {MAX_CARDS}",
                       where=f"card_data/{GAME}/game.yaml", fix="print two 52-card decks (トランプ2組)")
    return EleusisData(tuple(faces), card_face, tuple(built), library, tables)


def _face_rows(decks: list[tuple[str, Table]], index: dict[tuple, int]) -> dict[int, tuple]:
    """The CSV values of each face (from its first row) and where that row is, for the rule expressions."""
    rows: dict[int, tuple] = {}
    for _, table in decks:
        for row in table.rows:
            face = index[(row.values["suit"], row.values["value"])]
            rows.setdefault(face, (dict(row.values), table.where(row)))
    return rows
