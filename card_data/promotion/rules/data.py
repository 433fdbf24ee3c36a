"""Promotion's printed data: the postcard's four sides and the 52-card deck, read from the same CSV as the print."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import NamedTuple

from pnp.sim import PnpError, PrintedCard, Row, Table, component_names, printed_card, read_component

GAME = "promotion"
POSTCARD = "postcard"
SPIN, DOWN, CHANGE, WILD = "SPIN90°", "Down!", "Change!", "Wild!"
EFFECTS = (SPIN, DOWN, CHANGE, WILD)
SIDES = 4
SEATS = 4  # 人数: 4人, one seat per side of the postcard
RANKS = range(1, 14)  # A (1) to K (13)
HAND = range(1, 5)  # 準備 3: each player's 1-4 of one suit
KING = 13


@dataclass(frozen=True)
class Side:
    """One side of the postcard: its order number, its row-1 effect and the suits of rows 2-4 (suit indices)."""

    number: int
    order: int
    effect: str
    rows: tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class PromotionData:
    """Everything the simulation needs, plus the tables for integrity messages."""

    suits: tuple[str, ...]  # suit symbols in deck order
    deck: tuple[tuple[int, int], ...]  # (suit index, value) per card
    sides: tuple[Side, ...]
    postcard: Table
    cards: Table

    @property
    def sequence(self) -> tuple[int, ...]:
        """Side indices in resolution order (order number, then side number)."""
        return tuple(sorted(range(len(self.sides)), key=lambda i: (self.sides[i].order, i)))

    @cached_property
    def layout(self) -> Layout:
        """The tables every game derives from the deck and the postcard, worked out once."""
        return _layout(self)

    @cached_property
    def card_faces(self) -> tuple[tuple[int, int], ...]:
        """The deck's different cards (suit index, value): a card's index is its id (integrity reports doubles)."""
        return tuple(dict.fromkeys(self.deck))

    @cached_property
    def printed(self) -> tuple[PrintedCard, ...]:
        """The printed card (CSV file and row) of each card id, for per-card impact."""
        rows: dict[tuple[int, int | None], Row] = {}  # a row without a value matches no card
        for row in self.cards.rows:
            if row.values.get("symbol") in self.suits:
                rows.setdefault((self.suits.index(row.values["symbol"]), row.values.get("value")), row)
        return tuple(printed_card(self.cards, rows[face]) for face in self.card_faces)

    @cached_property
    def value_ids(self) -> tuple[tuple[int, ...], ...]:
        """value_ids[suit][value]: the card's id (-1: no such card)."""
        ids = [[-1] * 14 for _ in self.suits]
        for card, (suit, value) in enumerate(self.card_faces):
            ids[suit][value] = card
        return tuple(map(tuple, ids))

    @cached_property
    def mask_ids(self) -> tuple[dict[int, tuple[int, ...]], ...]:
        """Per suit, the ids of the values set in a mask, filled in by ids_in as masks turn up."""
        return tuple({} for _ in self.suits)

    def ids_in(self, suit: int, mask: int) -> tuple[int, ...]:
        """The ids of the cards of a suit whose values are set in `mask` (the same masks recur game after game)."""
        found = self.mask_ids[suit].get(mask)
        if found is None:
            ids = self.value_ids[suit]
            found = self.mask_ids[suit][mask] = tuple(ids[value] for value in range(14) if mask >> value & 1)
        return found


class Layout(NamedTuple):
    """The deck as bit masks (14 bits per suit, bit = value) and the postcard as lookup tables."""

    deck_mask: tuple[int, ...]  # per suit, the values of the deck
    deck_bits: int  # the whole deck as one mask
    deck_size: int
    hand_bits: tuple[int, ...]  # per suit, its row cards (1-4) in the whole-deck mask; index -1 (no suit): 0
    sequence: tuple[int, ...]
    side_rows: list
    side_masks: list
    side_effect: list
    side_rank: list
    change_choices: list  # per player, the Change! actions: other player * 4 + suit


def _layout(data: PromotionData) -> Layout:
    """Work out the Layout of a deck and postcard."""
    masks = [0] * len(data.suits)
    for suit, value in data.deck:
        masks[suit] |= 1 << value
    deck_bits = sum(mask << 14 * s for s, mask in enumerate(masks))
    hand_mask = sum(1 << v for v in HAND)
    sequence = data.sequence
    return Layout(tuple(masks), deck_bits, deck_bits.bit_count(),
                  tuple((hand_mask & mask) << 14 * s for s, mask in enumerate(masks)) + (0,), sequence,
                  [side.rows for side in data.sides],
                  [tuple(sum(1 << s for s in set(suits)) for suits in side.rows) for side in data.sides],
                  [side.effect for side in data.sides], [sequence.index(i) for i in range(len(data.sides))],
                  [[q * 4 + s for q in range(SEATS) if q != p for s in range(4)] for p in range(SEATS)])


def load(project) -> PromotionData:
    """Read the postcard and the deck (filtered as game.yaml says) from the project."""
    postcard = read_component(project, GAME, POSTCARD)
    cards = _deck_table(project)
    suits = _suits(cards)
    deck = tuple((suits.index(row.values["symbol"]), row.values["value"])
                 for row in cards.rows for _ in range(row.count)
                 if row.values.get("symbol") in suits and isinstance(row.values.get("value"), int))
    sides = _sides(postcard, suits)
    return PromotionData(suits, deck, sides, postcard, cards)


def _deck_table(project) -> Table:
    """The deck component of game.yaml, read as the print reads it (`from:` followed, `where:` applied)."""
    for name in component_names(project, GAME):
        if name != POSTCARD:
            return read_component(project, GAME, name)
    raise PnpError("game.yaml names no deck component", where=f"card_data/{GAME}/game.yaml",
                   fix="add - {name: deck, from: standard_deck/cards, where: \"suit != 'joker'\"}")


def _suits(cards: Table) -> tuple[str, ...]:
    """The suit symbols in the order the deck lists them."""
    suits: list[str] = []
    for row in cards.rows:
        symbol = row.values.get("symbol")
        if isinstance(symbol, str) and symbol.strip() and symbol not in suits:
            suits.append(symbol)
    return tuple(suits)


def _sides(postcard: Table, suits: tuple[str, ...]) -> tuple[Side, ...]:
    """The four sides from the first postcard row (unknown symbols are left out; integrity names them)."""
    if not postcard.rows:
        return ()
    values = postcard.rows[0].values
    sides = []
    for n in range(1, SIDES + 1):
        order = values.get(f"side{n}_order")
        rows = tuple(tuple(dict.fromkeys(suits.index(c) for c in str(values.get(f"side{n}_row{r}", "")) if c in suits))
                     for r in (2, 3, 4))
        effect = str(values.get(f"side{n}_effect", "")).strip()
        sides.append(Side(n, order if isinstance(order, int) else 0, effect, rows))
    return tuple(sides)


def integrity(data: PromotionData, player_counts) -> list[str]:
    """Static checks of the printed data against the rules text, each naming its CSV file and row."""
    return _postcard_findings(data) + _deck_findings(data) + _setup_findings(data, player_counts)


def _postcard_findings(data: PromotionData) -> list[str]:
    """One postcard; each effect once; order numbers 1-4; rows 2-4 name suits of the deck."""
    table = data.postcard
    if table.card_count != 1 or not table.rows:
        where = table.where(table.rows[0]) if table.rows else table.label
        return [f"{where}: the rules' contents list one postcard (ポストカード 1枚), the CSV makes {table.card_count}"]
    row = table.rows[0]
    where = table.where(row)
    findings = _effect_findings(row, where)
    for n in range(1, SIDES + 1):
        for r in (2, 3, 4):
            findings += _row_findings(str(row.values.get(f"side{n}_row{r}", "")), f"side{n}_row{r}", data.suits, where)
    return findings


def _effect_findings(row: Row, where: str) -> list[str]:
    """Each special effect on exactly one side, with distinct order numbers 1-4."""
    findings = []
    effects = [str(row.values.get(f"side{n}_effect", "")).strip() for n in range(1, SIDES + 1)]
    orders = [row.values.get(f"side{n}_order") for n in range(1, SIDES + 1)]
    for n, effect in enumerate(effects, start=1):
        if effect not in EFFECTS:
            findings.append(f"{where}: side{n}_effect '{effect}' is not one of the rules' effects "
                            f"({', '.join(EFFECTS)})")
    for effect in EFFECTS:
        if effects.count(effect) != 1:
            findings.append(f"{where}: the effect {effect} is on {effects.count(effect)} sides, the rules have it once")
    if sorted(o for o in orders if isinstance(o, int)) != [1, 2, 3, 4]:
        findings.append(f"{where}: the order numbers are {orders}; the rules resolve 1-4, each once")
    for n, (effect, order) in enumerate(zip(effects, orders), start=1):
        if effect in EFFECTS and order != EFFECTS.index(effect) + 1:
            findings.append(f"{where}: side{n}: the rules number {effect} as {EFFECTS.index(effect) + 1}, "
                            f"the CSV {order}")
    return findings


def _row_findings(cell: str, column: str, suits: tuple[str, ...], where: str) -> list[str]:
    """A row 2-4 names at least one suit, only suits of the deck, each once."""
    symbols = [c for c in cell if not c.isspace()]
    findings = [f"{where}: {column} '{c}' is not a suit of the deck ({''.join(suits)})"
                for c in symbols if c not in suits]
    if not any(c in suits for c in symbols):
        findings.append(f"{where}: {column} names no suit; rows 2-4 raise the suits they name")
    findings += [f"{where}: {column} names {c} twice" for c in sorted(set(symbols)) if symbols.count(c) > 1]
    return findings


def _deck_findings(data: PromotionData) -> list[str]:
    """52 cards: A-K once in each of 4 suits (トランプ、ジョーカーは抜く)."""
    table = data.cards
    findings, seen = [], set()
    for row in table.rows:
        symbol, value = row.values.get("symbol"), row.values.get("value")
        if symbol not in data.suits or value not in RANKS:
            findings.append(f"{table.where(row)}: '{symbol}{value}' is not a card A-K of a suit")
        elif row.count != 1 or (symbol, value) in seen:
            findings.append(f"{table.where(row)}: {symbol}{value} must be in the deck exactly once")
        seen.add((symbol, value))
    if len(data.suits) != 4:
        findings.append(f"{table.label}: the deck has {len(data.suits)} suits ({''.join(data.suits)}); "
                        "the rules need 4")
    missing = [f"{s}{v}" for s in data.suits for v in RANKS if (s, v) not in seen]
    if missing:
        findings.append(f"{table.label}: missing cards {', '.join(missing)}; the rules lay out 1-13 of every suit")
    if len(data.deck) != 52:
        findings.append(f"{table.label}: the deck has {len(data.deck)} cards; a deck without jokers has 52")
    return findings


def _setup_findings(data: PromotionData, player_counts) -> list[str]:
    """準備 at every supported player count: a suit's 1-4 each, one card of every suit each, a K left in the middle."""
    findings = []
    label = data.postcard.label
    for count in player_counts:
        if count != SEATS:
            findings.append(f"{label}: the postcard has a side for each of {SEATS} players (4人), not {count}")
            continue
        if len(data.suits) < count:
            findings.append(f"{data.cards.label}: {count} players each take a suit's 1-4, the deck has "
                            f"{len(data.suits)} suits")
        for suit, symbol in enumerate(data.suits):
            findings += _suit_setup(sorted(v for s, v in data.deck if s == suit), symbol, count, data.cards.label)
    return findings


def _suit_setup(values: list[int], symbol: str, count: int, label: str) -> list[str]:
    """One suit at setup: its 1-4 for a player's row cards, a card above them for every player, a K13 left over."""
    findings = []
    if [v for v in values if v in HAND] != list(HAND):
        findings.append(f"{label}: {symbol} lacks some of 1-4, which a player takes as row cards (準備 3)")
    dealt = [v for v in values if v not in HAND][:count]
    if len(dealt) < count or KING in dealt or KING not in values:
        findings.append(f"{label}: {symbol} cannot give {count} players a card each (準備 4) and keep a K13 to win")
    return findings
