"""Static checks of Ghost Couple's printed data against the rules text, each naming its CSV file and row."""

from __future__ import annotations

from collections import Counter

from .data import ACHIEVED, names_of, text_of
from .deck import (
    BURN,
    CORNERS,
    CROSS,
    DRAW,
    FIELD,
    FLIP,
    LEADER,
    PEEK,
    RESHUFFLE,
    REVEAL,
    REVERSE,
    SKIP,
    SQUARE,
    STEAL,
    SWAP,
    VANISH,
    Deck,
    bits,
)

DECK_SIZE = 100  # カード総枚数は、魔女っ娘ルフィーアの呪いにより100枚
GHOST_SIZES = (2, 4)  # 基本=「¥0側2枚+¥1側2枚」の4枚セットで1ゴースト。たまに2枚だけのもある。
# カードイベント羅列: the note's 19 events (keyword as cards.csv names them -> what the printed text must do)
RULE_EVENTS = {
    "flip1": (FLIP, 1), "flip2": (FLIP, 2), "flip3": (FLIP, 3), "corners": (CORNERS, 1), "x5": (CROSS, 5),
    "square9": (SQUARE, 9), "swap3": (SWAP, 3), "draw2": (DRAW, 2), "draw3": (DRAW, 3), "skip": (SKIP, None),
    "reverse": (REVERSE, None), "reshuffle": (RESHUFFLE, None), "vanish1": (VANISH, 1), "vanish2": (VANISH, 2),
    "peek_vanish": (PEEK, 1), "leader_draw2": (LEADER, 2), "steal_treasure": (STEAL, 1),
    "vanish_treasure": (BURN, 1), "reveal_all": (REVEAL, None)}
RULE_ABILITIES = ("wild", "any_combination", "set_bonus")  # and pair_<name>
VARIANT_SIZE, VARIANT_JOKERS = 54, 2  # 用意するのはジョーカー2枚入りの54枚
RANKS = tuple(range(1, 14))


def integrity(deck: Deck, player_counts) -> list[str]:
    """The main game's findings: counts the note fixes, couples, events and abilities, dealing."""
    findings = list(deck.problems) + _count_findings(deck) + _event_findings(deck) + _ability_findings(deck)
    return findings + _partner_findings(deck) + dealing_findings(deck, player_counts)


def _count_findings(deck: Deck) -> list[str]:
    """100 cards; every ghost ¥0側2枚+¥1側2枚 or one of each."""
    table = deck.table
    findings = [] if deck.size == DECK_SIZE else [
        f"{table.label}: {deck.size} cards; the note fixes カード総枚数 at {DECK_SIZE}"]
    ghosts: dict[str, list[int]] = {}
    for row in table.rows:
        ghost = text_of(row, "ghost")
        side = row.values.get("side")
        if side not in (0, 1):
            findings.append(f"{table.where(row)}: side '{side}' is neither 0 (¥0) nor 1 (¥1)")
            continue
        ghosts.setdefault(ghost, [0, 0])[side] += row.count
    for ghost, (zero, one) in ghosts.items():
        if zero != one or zero + one not in GHOST_SIZES:
            findings.append(f"{table.label}: ghost {ghost} has {zero} ¥0 and {one} ¥1 cards; a ghost is "
                            "¥0側2枚+¥1側2枚 (or one of each)")
    return findings


def _event_findings(deck: Deck) -> list[str]:
    """Every event of the list printed, each card's text doing what its keyword says."""
    table, findings, used = deck.table, [], set()
    for row in table.rows:
        key = text_of(row, "event")
        if not key:
            continue
        used.add(key)
        effect = deck.effect[deck.rows.index(row)] if row in deck.rows else None
        kind, n = RULE_EVENTS.get(key, (None, None))
        if kind is None:
            findings.append(f"{table.where(row)}: event '{key}' is not in the note's event list")
        elif effect is not None and effect.kind != kind:
            findings.append(f"{table.where(row)}: the text does not do what event {key} does: {text_of(row, 'text')}")
        elif effect is not None and n is not None and effect.n != n:
            findings.append(f"{table.where(row)}: event {key} acts on {effect.n} cards, the note's on {n}")
        if text_of(row, "ability"):
            findings.append(f"{table.where(row)}: a card with an event and an ability")
    findings += [f"{table.label}: the note's event {key} is on no card" for key in RULE_EVENTS if key not in used]
    return findings


def _ability_findings(deck: Deck) -> list[str]:
    """Known abilities; every name in pair_with is a card; (−1点) printed where the points say −1."""
    table, findings = deck.table, []
    names = {text_of(row, "name") for row in table.rows}
    for row in table.rows:
        where = table.where(row)
        for key in names_of(row, "ability"):
            if key not in RULE_ABILITIES and not key.startswith("pair_"):
                findings.append(f"{where}: ability '{key}' is not in the note's ability list")
        findings += [f"{where}: pair_with names '{n}', which is no card" for n in names_of(row, "pair_with")
                     if n not in names]
        text, points = text_of(row, "text").replace("−", "-"), row.values.get("points")
        if "(-1点)" in text and points != -1:
            findings.append(f"{where}: the text says (−1点) but points is '{points}'")
        if row.values.get("side") == 1 and isinstance(points, int) and "点" not in text:
            findings.append(f"{where}: a ¥1 card with points ({points}) and no text saying why (points are on ¥0)")
        if "pair_" in text_of(row, "ability") and ACHIEVED.search(text) and not names_of(row, "pair_with"):
            findings.append(f"{where}: 達成で…点 but pair_with names no partner")
    return findings


def _partner_findings(deck: Deck) -> list[str]:
    """Every card can be taken in some couple."""
    findings = []
    for row in dict.fromkeys(deck.rows[i] for i in range(deck.size) if not deck.partners[i]):
        findings.append(f"{deck.table.where(row)}: {text_of(row, 'name') or text_of(row, 'rank')} couples with "
                        "no card, so it can never be taken")
    return findings


def dealing_findings(deck: Deck, player_counts) -> list[str]:
    """Setup at every player count: the 5x5 field, a hand each, and a deck to draw from."""
    findings = []
    for count in player_counts:
        needed = FIELD + deck.hand_size * count + 1
        if deck.size < needed:
            findings.append(f"{deck.table.label}: {count} players need {needed} cards (25 on the field, "
                            f"{deck.hand_size} each, one to draw); the deck has {deck.size}")
    return findings


def variant_integrity(deck: Deck, player_counts) -> list[str]:
    """The playing-card variant: 54 cards with 2 jokers, A-K of two red and two black suits, an ability per rank."""
    table, findings = deck.table, list(deck.problems)
    jokers = sum(1 for i in range(deck.size) if deck.side[i] == 2)
    if deck.size != VARIANT_SIZE or jokers != VARIANT_JOKERS:
        findings.append(f"{table.label}: {deck.size} cards with {jokers} jokers; the variant uses "
                        f"ジョーカー2枚入りの54枚")
    values = Counter((row.values.get("value"), text_of(row, "color")) for row in deck.rows
                     if deck.side[deck.rows.index(row)] < 2)
    for value in RANKS:
        if values[(value, "red")] != 2 or values[(value, "black")] != 2:
            findings.append(f"{table.label}: value {value} has {values[(value, 'red')]} red and "
                            f"{values[(value, 'black')]} black cards; each number needs 2 of each colour")
    findings += _partner_findings(deck)
    for bonus in deck.set_bonus:
        for mask, need in bonus.groups:
            if mask.bit_count() < need:
                found = ", ".join(deck.labels[c] for c in bits(mask))
                findings.append(f"{deck.rules.label}: {bonus.key}: collecting {need} cards needs {need} in the deck, "
                                f"there are {mask.bit_count()} ({found})")
    return findings + dealing_findings(deck, player_counts)
