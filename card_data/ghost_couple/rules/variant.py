"""The playing-card variant (トランプ版): the 54-card deck game.yaml prints, abilities and scores from variant.csv."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from pnp.data.table import Row, Table
from pnp.errors import PnpError

from .data import GAME, read, text_of
from .deck import Deck, SetBonus, couple_keys, link, masks_to_bits, parse_effect

VARIANT = "ghost_couple_cards"
COMPONENT = "playing_cards"
DEFAULT_HAND = 3  # 手札=3枚
HAND_SIZE = re.compile(r"手札=(\d+)枚")
COLLECT = re.compile(r"^(.+?)を(\d+)枚集めると\+(\d+)点")
SCORE_LINE = re.compile(r"(赤い|黒い)(数札|絵札)は1枚(-?\d+)点")
JOKER_SCORE = re.compile(r"ジョーカーは\(?(-?\d+)点")
COLOURS = {"red": 0, "black": 1}
FACE_FROM = 11  # 絵札: J, Q, K; A-10 are 数札


@dataclass
class _Rules:
    """What the rank abilities make of the deck, built line by line."""

    label: str  # the variant card's file, for messages
    ranks: list
    partners: list
    abilities: list
    basic: list
    effects: list
    set_bonus: dict = field(default_factory=dict)
    mute: int = 0
    problems: list = field(default_factory=list)


def load(project) -> Deck:
    """The variant's deck: red = ¥0, black = ¥1, a couple is the same number in different colours."""
    table, rules = playing_cards(project), read(project, GAME, "variant")
    rows = tuple(row for row in table.rows for _ in range(row.count))
    sheet = rules.rows[0] if rules.rows else None
    lines = _ability_lines(text_of(sheet, "abilities") if sheet else "")
    joker = [_is_joker(row) for row in rows]
    side = tuple(2 if j else COLOURS.get(text_of(row, "color"), 2) for row, j in zip(rows, joker))
    value = [row.values.get("value") for row in rows]
    basic = [masks_to_bits(j for j in range(len(rows)) if side[i] + side[j] == 1 and value[j] == value[i])
             for i in range(len(rows))]
    built = _Rules(rules.label, [_rank(row, lines) for row in rows], list(basic), [[] for _ in rows], basic,
                   [None] * len(rows))
    for rank in sorted(set(r for r in built.ranks if r is not None)):
        _ability(built, rank, lines[rank])
    missing = sorted({text_of(row, "rank") for row, r in zip(rows, built.ranks) if r is None})
    built.problems += [f"{rules.label}: no ability line for rank {m} (one RANK:text line per rank)" for m in missing]
    scoring = text_of(sheet, "scoring").replace("−", "-") if sheet else ""
    if not SCORE_LINE.search(scoring):
        built.problems.append(f"{rules.label}: the scoring column names no 赤い数札/絵札 points")
    points = tuple(_points(row, joker[i], value[i], scoring) for i, row in enumerate(rows))
    hand = _hand_size(sheet, rules, built.problems)
    return Deck(VARIANT, tuple(_label(row, j) for row, j in zip(rows, joker)), side, points, tuple(built.effects),
                built.mute, tuple(built.partners), tuple(basic), tuple(map(tuple, built.abilities)), (),
                tuple(built.set_bonus.values()), hand, tuple(sorted({e.key for e in built.effects if e})),
                couple_keys(side, basic, built.abilities), rows, table, rules, tuple(built.problems))


def _ability(built: _Rules, rank: str, line: str) -> None:
    """Apply a rank's ability line to its cards."""
    cards = [i for i, r in enumerate(built.ranks) if r == rank]
    if "オールマイティ" in line:  # couples with any card; ただし…効果は発揮されない: no ability follows
        for card in cards:
            link(built.partners, built.abilities, card, rank, masks_to_bits(range(len(built.ranks))), built.basic)
        built.mute |= masks_to_bits(cards) if "効果は発揮されない" in line else 0
        return
    rest = []
    for sentence in _sentences(line):
        collect = COLLECT.match(sentence)
        if "同士" in sentence and "取れる" in sentence:  # 赤同士、黒同士でも取れる: the same colour too
            for card in cards:
                link(built.partners, built.abilities, card, rank, masks_to_bits(cards), built.basic)
        elif collect:  # NをK枚集めると+P点
            group = masks_to_bits(i for i, r in enumerate(built.ranks) if r == collect.group(1))
            built.set_bonus[rank] = SetBonus(rank, ((group, int(collect.group(2))),), int(collect.group(3)))
        else:
            rest.append(sentence)
    try:
        effect = parse_effect("".join(rest), rank) if rest else None
    except ValueError as exc:
        built.problems.append(f"{built.label}: abilities, rank {rank}: {exc}")
        effect = None
    for card in cards:
        built.effects[card] = effect


def playing_cards(project) -> Table:
    """The deck component of game.yaml, read as the print reads it (`from: standard_deck/cards`, `where:`)."""
    table = project.component_table(GAME, COMPONENT)
    if table is None:
        raise PnpError(f"game.yaml names no {COMPONENT} component", where=f"card_data/{GAME}/game.yaml",
                       fix=f"add - {{name: {COMPONENT}, from: standard_deck/cards}}")
    return table


def _ability_lines(text: str) -> dict[str, str]:
    """`RANK:text` lines of the variant card, by rank."""
    lines = {}
    for line in text.replace("：", ":").splitlines():
        if ":" in line:
            rank, body = line.split(":", 1)
            lines[rank.strip()] = body.strip()
    return lines


def _sentences(text: str) -> list[str]:
    """A line split after each 。, keeping the parentheses that follow a sentence with it."""
    return [s.strip() for s in re.findall(r"[^。]+。(?:\([^)]*\))?|[^。]+$", text) if s.strip()]


def _is_joker(row: Row) -> bool:
    return text_of(row, "suit").lower() == "joker" or text_of(row, "rank").upper() == "JOKER"


def _rank(row: Row, lines: dict[str, str]) -> str | None:
    """The ability line a card follows: its rank, or the line whose name starts its rank (Jo: JOKER)."""
    rank = text_of(row, "rank")
    if rank in lines:
        return rank
    found = [key for key in lines if key and rank.upper().startswith(key.upper())]
    return max(found, key=len) if found else None


def _label(row: Row, joker: bool) -> str:
    return f"Jo({text_of(row, 'color')})" if joker else f"{text_of(row, 'symbol')}{text_of(row, 'rank')}"


def _points(row: Row, joker: bool, value, scoring: str) -> int:
    """得点: 赤い数札は1枚1点, 赤い絵札は1枚2点, ジョーカーは(−1点); other cards score nothing."""
    if joker:
        found = JOKER_SCORE.search(scoring)
        return int(found.group(1)) if found else 0
    colour = "赤い" if text_of(row, "color") == "red" else "黒い"
    kind = "絵札" if isinstance(value, int) and value >= FACE_FROM else "数札"
    for found in SCORE_LINE.finditer(scoring):
        if found.group(1) == colour and found.group(2) == kind:
            return int(found.group(3))
    return 0


def _hand_size(sheet: Row | None, rules: Table, problems: list[str]) -> int:
    """手札=N枚 on the variant card."""
    found = HAND_SIZE.search(text_of(sheet, "front")) if sheet else None
    if found:
        return int(found.group(1))
    problems.append(f"{rules.label}: no 手札=N枚 on the variant card; the simulation deals {DEFAULT_HAND}")
    return DEFAULT_HAND
