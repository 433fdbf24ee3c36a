"""Ghost Couple's card effects and deck, as the simulation plays them: read from the printed text, not a list."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

from pnp.sim import PrintedCard, Row, Table, printed_card

FIELD, CENTRE, SIDE = 25, 12, 5  # the 5x5 field (場), slots 0-24 row by row; slot 12 is ど真ん中
CORNER_SLOTS = (0, 4, 20, 24)  # 4隅: slots 1, 5, 21 and 25 of the variant's 配置図
TOP_LEFTS = tuple(r * SIDE + c for r in range(3) for c in range(3))  # every 3x3 block inside the field
SQUARES = tuple(tuple(t + r * SIDE + c for r in range(3) for c in range(3)) for t in TOP_LEFTS)
CROSSES = tuple((t, t + 2, t + SIDE + 1, t + 2 * SIDE, t + 2 * SIDE + 2) for t in TOP_LEFTS)  # X型: centre + corners

# What an effect does (Effect.kind); the comments quote the printed text the parser reads.
(FLIP, CORNERS, CROSS, SQUARE, SWAP, DRAW, SKIP, REVERSE, RESHUFFLE, VANISH, PEEK, LEADER, STEAL, BURN,
 REVEAL) = range(15)
NUMBER = re.compile(r"(\d+)枚")


@dataclass(frozen=True)
class Effect:
    """What taking a couple makes its taker do (イベント, or a rank's 能力 in the variant)."""

    key: str  # the name figures use: the event keyword, or the variant's rank
    kind: int
    n: int = 0  # cards to turn, take, draw or vanish
    lock: bool = False  # 以後、手札は使用できない。 for the rest of the turn
    ends_turn: bool = False  # あなたの手番は終了する。
    face_down: bool = True  # the swap takes only face-down cards (裏向けのカード)
    optional: bool = False  # めくることができる: the taker may decline


@dataclass(frozen=True)
class CoupleBonus:
    """Points for two named cards taken together as one couple (達成でN点)."""

    key: str
    first: int  # mask of card ids
    second: int
    points: int


@dataclass(frozen=True)
class SetBonus:
    """Points once for holding enough cards of every group in the treasure (…をトレジャーにそろえると)."""

    key: str
    groups: tuple[tuple[int, int], ...]  # (mask of card ids, cards needed)
    points: int


@dataclass(frozen=True)
class Deck:
    """Everything the engine needs per card id (0..size-1), plus where each card was printed."""

    game: str
    labels: tuple[str, ...]
    side: tuple[int, ...]  # 0: ¥0 (red), 1: ¥1 (black), 2: neither (joker)
    points: tuple[int, ...]
    effect: tuple[Effect | None, ...]
    mute: int  # cards whose couples follow no effect (the joker)
    partners: tuple[int, ...]  # mask of the cards each card couples with, abilities included (both ways, never itself)
    basic: tuple[int, ...]  # the same without abilities: the vanish area's pairs
    abilities: tuple[tuple[tuple[str, int], ...], ...]  # (ability, partners only it allows) per card
    couple_bonus: tuple[CoupleBonus, ...]
    set_bonus: tuple[SetBonus, ...]
    hand_size: int
    event_keys: tuple[str, ...]
    ability_keys: tuple[str, ...]
    rows: tuple[Row, ...]  # the CSV row each card came from
    table: Table
    rules: Table  # the printed rules card the hand size and the variant's abilities come from
    problems: tuple[str, ...]  # what could not be read; integrity reports it

    @property
    def size(self) -> int:
        return len(self.labels)

    @cached_property
    def printed(self) -> tuple[PrintedCard, ...]:
        """The printed card (CSV file and row) of each card id, for per-card impact."""
        return tuple(printed_card(self.table, row) for row in self.rows)

    @cached_property
    def card_ids(self) -> frozenset[int]:
        """Every card id."""
        return frozenset(range(self.size))

    @cached_property
    def ability_of_couple(self) -> dict[int, str | None]:
        """ability_key of couples (a * size + b) already asked, filled in by the figures."""
        return {}

    @cached_property
    def couple_worth(self) -> dict[int, float]:
        """The greedy player's worth of the couples (and of STOP) already valued, filled in by the policy."""
        return {}

    @cached_property
    def keep_worth(self) -> tuple[float, ...]:
        """Per card, what the greedy player sees in keeping it in hand: its points (if any) and 0.5 for an ability."""
        return tuple(max(points, 0) + 0.5 * bool(abilities) for points, abilities in zip(self.points, self.abilities))

    @cached_property
    def bonded(self) -> int:
        """The cards of any 達成でN点 couple bonus."""
        return masks_to_bits(c for bonus in self.couple_bonus for c in bits(bonus.first | bonus.second))

    @cached_property
    def figure_names(self) -> tuple:
        """The figure names of each event (played, points) and ability (couples; points, set bonuses too)."""
        return (tuple((key, f"event.{key}.played", f"event.{key}.points") for key in self.event_keys),
                tuple((key, f"ability.{key}.couples") for key in self.ability_keys),
                tuple((key, f"ability.{key}.points") for key in self.ability_point_keys))

    @cached_property
    def ability_point_keys(self) -> tuple[str, ...]:
        """The abilities whose points are counted: those of couples, then the set bonuses."""
        return tuple(dict.fromkeys(self.ability_keys + tuple(b.key for b in self.set_bonus)))


def parse_effect(text: str, key: str) -> Effect | None:
    """Read one printed effect line; None for (何も無し); ValueError when the text says nothing the rules know."""
    number = NUMBER.search(text)
    n = int(number.group(1)) if number else 1
    lock = "手札は使用できない" in text
    checks = (
        ("全て表向け", REVEAL), ("手札を見る", PEEK), ("得点の一番多い", LEADER), ("4隅", CORNERS), ("X型", CROSS),
        ("3x3", SQUARE), ("手札全部を山札", RESHUFFLE), ("飛ばす", SKIP), ("逆に", REVERSE), ("引かせる", DRAW))
    if "トレジャー" in text:
        kind = STEAL if "奪う" in text else BURN if "バニッシュ" in text else None
    elif "手札に" in text and ("入れる" in text or "取り" in text):
        kind = SWAP
    else:
        kind = next((k for phrase, k in checks if phrase in text), None)
        if kind is None and "バニッシュ" in text:
            kind = VANISH
        elif kind is None and "めくる" in text:
            kind = FLIP
    if kind is None:
        if "何も無し" in text:
            return None
        raise ValueError(f"'{text}' is no effect of the rules")
    return Effect(key, kind, n, lock, "手番は終了" in text, "裏向け" in text, "できる" in text and kind == FLIP)


def masks_to_bits(ids) -> int:
    """A mask with the given card ids set."""
    mask = 0
    for i in ids:
        mask |= 1 << i
    return mask


def link(partners: list[int], abilities: list[list], card: int, key: str, allowed: int, basic: list[int]) -> None:
    """Let `card` couple with every card in `allowed` through ability `key` (both ways)."""
    allowed &= ~(1 << card)
    extra = allowed & ~basic[card]
    abilities[card].append((key, extra))
    partners[card] |= allowed
    other = allowed
    while other:
        low = other & -other
        partners[low.bit_length() - 1] |= 1 << card
        other ^= low


def ability_key(side, basic, abilities, a: int, b: int) -> str | None:
    """The ability that lets a and b couple (None for a plain couple); the ¥1 card's (or joker's) is asked first."""
    if basic[a] >> b & 1:
        return None
    for card, other in sorted(((a, b), (b, a)), key=lambda pair: -side[pair[0]]):
        for key, mask in abilities[card]:
            if mask >> other & 1:
                return key
    return None


def couple_keys(side, basic, abilities) -> tuple[str, ...]:
    """The abilities some couple is credited to (of two abilities allowing the same couple, one is)."""
    keys = set()
    for card, owned in enumerate(abilities):
        for key, mask in owned:
            if key not in keys and any(ability_key(side, basic, abilities, card, o) == key for o in bits(mask)):
                keys.add(key)
    return tuple(sorted(keys))


def bits(mask: int):
    """The card ids set in a mask, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


# The decision a game waits for (GhostCouple.phase).
(PLACE, FLIP_UP, COUPLE, CENTRE_SWAP, BLOCK, TAKE, RETURN, TARGET, VANISH_PICK, PEEK_WHO, PEEK_CARD, STEAL_PICK,
 BURN_PICK, OVER) = range(14)
PHASES = ("place", "flip", "couple", "centre_swap", "block", "take", "return", "draw_target", "vanish", "peek_who",
          "peek_card", "steal", "vanish_treasure", "over")
STOP = -1  # take no (more) couples
PASS = -1  # decline an optional flip
CARD_BITS = 10  # a couple is (first << CARD_BITS) | second; second always lies in the field
