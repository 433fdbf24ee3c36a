"""What each seat did with which printed card in one game: the events per-card impact is measured from."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from pnp.data.table import Row, Table

KINDS = ("held", "played", "scored")  # the card events a game may declare, in report order
NAME_COLUMNS = ("name", "label", "id")  # the first of these a table has names its cards in the report


class PrintedCard(NamedTuple):
    """One printed card as the report names it: the CSV file and spreadsheet row it was printed from, and its name.

    A tuple, so that the millions of look-ups a check makes stay cheap; `--against` matches cards by file and row.
    """

    file: str  # the CSV file as messages name it (card_data/mygame/cards.csv)
    row: int  # its spreadsheet row (the header is row 1)
    name: str

    def __str__(self) -> str:
        return f"{self.name} ({self.file} row {self.row})"


def printed_card(table: Table, row: Row, name: str | None = None) -> PrintedCard:
    """The printed card of one row; named by `name`, else by the row's name, label or id column, else its row."""
    if name is None:
        name = next((str(row.values[column]).strip() for column in NAME_COLUMNS
                     if str(row.values.get(column, "") or "").strip()), f"row {row.number}")
    return PrintedCard(table.label, row.number, name)


def printed_cards(table: Table, name: str | None = None) -> tuple[PrintedCard, ...]:
    """One PrintedCard per printed copy, in table order (a row printed 3 times appears 3 times): the usual card ids.

    `name` is the column that names a card (default: name, label or id, the first the table has).
    """
    return tuple(printed_card(table, row, None if name is None else str(row.values.get(name, "")).strip() or None)
                 for row in table.rows for _ in range(row.count))


@dataclass(frozen=True)
class CardEvents:
    """Per seat, the printed cards it held, played and scored in one game (None: the game does not declare that kind).

    A card a seat names twice (two printed copies of one row, say) counts once for that seat.

    held: the cards that were ever in the seat's hand (or in front of it, as the game has it);
    played: the cards the seat played; scored: the cards that counted towards its final score.
    """

    held: Sequence[Iterable[PrintedCard]]
    played: Sequence[Iterable[PrintedCard]] | None = None
    scored: Sequence[Iterable[PrintedCard]] | None = None

    def kinds(self) -> dict[str, Sequence[Iterable[PrintedCard]]]:
        """The declared kinds, by name, in report order."""
        found = {"held": self.held, "played": self.played, "scored": self.scored}
        return {kind: seats for kind, seats in found.items() if seats is not None}


class CardLog:
    """A recorder a State keeps: card ids per seat and kind, as the game goes; events() names them as printed cards.

    `self.log = CardLog(players)` in __init__, then `self.log.held(seat, card)` (or `held(seat, *cards)`) where a
    card comes to (or leaves) a seat's hand, `self.log.played(seat, card)` where it is played; `card_events()`
    returns `self.log.events(self.data.printed, self.hands)`: the printed card of each id, the hands at the end
    counted as held.
    """

    __slots__ = ("kinds",)

    def __init__(self, players: int, kinds: Sequence[str] = ("held", "played")):
        if "held" not in kinds or not set(kinds) <= set(KINDS):
            raise ValueError(f"card event kinds {tuple(kinds)}: 'held' and any of {', '.join(KINDS[1:])}")
        self.kinds: dict[str, list[set[int]]] = {kind: [set() for _ in range(players)] for kind in kinds}

    def __deepcopy__(self, memo: dict[int, object]) -> CardLog:
        """A copy for a search player's playout: its sets of card ids copied directly (a state's clone copies it)."""
        copied = CardLog.__new__(CardLog)
        copied.kinds = {kind: [set(cards) for cards in seats] for kind, seats in self.kinds.items()}
        memo[id(self)] = copied
        return copied

    def held(self, seat: int, *cards: int) -> None:
        """The seat holds these cards (dealt, drawn, taken)."""
        self.kinds["held"][seat].update(cards)

    def played(self, seat: int, *cards: int) -> None:
        """The seat played these cards."""
        self.kinds["played"][seat].update(cards)

    def scored(self, seat: int, *cards: int) -> None:
        """These cards counted towards the seat's score."""
        self.kinds["scored"][seat].update(cards)

    def events(self, printed: Sequence[PrintedCard], holding: Sequence[Iterable[int]] = ()) -> CardEvents:
        """The events recorded, each card id named by printed[id]; `holding`: per seat, cards held now (its hand)."""
        named = {kind: [[printed[card] for card in cards] for cards in seats] for kind, seats in self.kinds.items()}
        for seat, cards in enumerate(holding):
            named["held"][seat] += [printed[card] for card in cards if card not in self.kinds["held"][seat]]
        return CardEvents(named["held"], named.get("played"), named.get("scored"))
