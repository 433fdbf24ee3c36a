"""Ghost Couple's 100 cards read from the printed cards.csv; the hand size from the printed reference card."""

from __future__ import annotations

import re

from pnp.sim import Row, Table, read_component

from .deck import CoupleBonus, Deck, Effect, SetBonus, couple_keys, link, masks_to_bits, parse_effect

GAME = "ghost_couple"
DEFAULT_HAND = 5  # 最初は5枚かな (the note), used when the reference card does not say
HAND_SIZE = re.compile(r"最初は(\d+)枚")
ACHIEVED = re.compile(r"達成で(\d+)点")
SET_POINTS = re.compile(r"\+(\d+)点")
QUOTED = re.compile(r"”([^”]+)”")
WILD, ANY, PAIR, SET = "wild", "any_combination", "pair_", "set_bonus"


def read(project, game: str, name: str) -> Table:
    """One component of a game, as the print reads it."""
    return read_component(project, game, name)


def text_of(row: Row, column: str) -> str:
    """A cell as text ('' when empty)."""
    value = row.values.get(column, "")
    return "" if value is None else str(value).strip()


def names_of(row: Row, column: str) -> list[str]:
    """A `|`-separated list cell."""
    return [part.strip() for part in text_of(row, column).split("|") if part.strip()]


def load(project) -> Deck:
    """The main game's deck: one id per printed copy, couples and effects from the CSV columns and texts."""
    table, reference = read(project, GAME, "cards"), read(project, GAME, "reference")
    rows = tuple(row for row in table.rows for _ in range(row.count))
    problems: list[str] = []
    side = tuple(_side(row) for row in rows)
    names = [text_of(row, "name") for row in rows]
    ghosts = [text_of(row, "ghost") for row in rows]
    basic = [masks_to_bits(j for j in range(len(rows)) if ghosts[j] == ghosts[i] and side[j] + side[i] == 1)
             for i in range(len(rows))]
    partners = list(basic)
    abilities: list[list[tuple[str, int]]] = [[] for _ in rows]
    effects = tuple(_event(table, row, problems) for row in rows)
    couple_bonus: dict[tuple, CoupleBonus] = {}
    set_bonus: dict[tuple, SetBonus] = {}
    for i, row in enumerate(rows):
        for key in names_of(row, "ability"):
            allowed = _allowed(key, i, row, names, side)
            if allowed is not None:  # an unknown keyword does nothing; integrity names it
                link(partners, abilities, i, key, allowed, basic)
            _bonuses(row, key, names, couple_bonus, set_bonus)
    return Deck(GAME, tuple(f"{n}(¥{s})" if s < 2 else n for n, s in zip(names, side)), side,
                tuple(_points(row) for row in rows), effects, 0, tuple(partners), tuple(basic),
                tuple(tuple(a) for a in abilities), tuple(couple_bonus.values()), tuple(set_bonus.values()),
                _hand_size(reference, problems), tuple(sorted({e.key for e in effects if e})),
                couple_keys(side, basic, abilities),
                rows, table, reference, tuple(problems))


def _side(row: Row) -> int:
    """A card's side: 0 for ¥0, 1 for ¥1, 2 for neither (an unknown value; integrity names it)."""
    value = row.values.get("side")
    return value if isinstance(value, int) and value in (0, 1) else 2


def _points(row: Row) -> int:
    """The printed points (empty: 0)."""
    value = row.values.get("points")
    return value if isinstance(value, int) else 0


def _event(table: Table, row: Row, problems: list[str]) -> Effect | None:
    """The card's event, read from its printed text (the keyword only names it in figures)."""
    key = text_of(row, "event")
    if not key:
        return None
    try:
        return parse_effect(text_of(row, "text").splitlines()[0] if text_of(row, "text") else "", key)
    except ValueError as exc:
        problems.append(f"{table.where(row)}: event {key}: {exc}")
        return None


def _allowed(key: str, card: int, row: Row, names: list[str], side: tuple[int, ...]) -> int | None:
    """The cards an ability lets this card couple with (None: not a coupling ability)."""
    wanted = set(names_of(row, "pair_with"))
    if key == WILD:  # このカードは任意の¥0側とカップリングできる。
        return masks_to_bits(j for j in range(len(names)) if side[j] == 0)
    if key == ANY:  # …はどの組み合わせでもゲットできる。: any two of the names, sides ignored
        return masks_to_bits(j for j in range(len(names)) if names[j] in wanted)
    if key.startswith(PAIR):  # このカードは”X”とカップリングできる。: ¥0 with ¥1 as in every couple
        return masks_to_bits(j for j in range(len(names)) if names[j] in wanted and side[j] + side[card] == 1)
    return None


def _bonuses(row: Row, key: str, names: list[str], couple_bonus: dict, set_bonus: dict) -> None:
    """達成でN点 on a pairing ability; …をトレジャーにそろえると、さらに+N点 on a set ability."""
    text = text_of(row, "text")
    own = masks_to_bits(j for j, n in enumerate(names) if n == text_of(row, "name"))
    achieved = ACHIEVED.search(text)
    if key.startswith(PAIR) and achieved:
        other = masks_to_bits(j for j, n in enumerate(names) if n in names_of(row, "pair_with"))
        pair = tuple(sorted((own, other)))
        couple_bonus.setdefault(pair, CoupleBonus(key, pair[0], pair[1], int(achieved.group(1))))
    if key == SET:
        line = next((line for line in text.splitlines() if "そろえる" in line and SET_POINTS.search(line)), "")
        quoted = tuple(dict.fromkeys(QUOTED.findall(line)))
        groups = tuple((masks_to_bits(j for j, n in enumerate(names) if n == name), 1) for name in quoted)
        points = SET_POINTS.search(line)
        if groups and points:  # the line was chosen for its points, so groups come with them
            set_bonus.setdefault(groups, SetBonus(key, groups, int(points.group(1))))


def _hand_size(reference: Table, problems: list[str]) -> int:
    """手札を各プレイヤーに配る。最初はN枚。 on the printed reference card."""
    for row in reference.rows:
        found = HAND_SIZE.search(text_of(row, "front"))
        if found:
            return int(found.group(1))
    problems.append(f"{reference.label}: no 最初はN枚 (the hand size) on the reference card; "
                    f"the simulation deals {DEFAULT_HAND}")
    return DEFAULT_HAND
