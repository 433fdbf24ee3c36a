"""The `check:` section of game.yaml: which cards are dealt, how, and the questions asked of each deal."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pnp.errors import PnpError
from pnp.layout.elements import check_keys
from pnp.layout.template import Expression, compile_expression

CHECK_KEYS = {"players", "deck", "hand", "draw", "turns", "shuffles", "questions"}
DECK_KEYS = {"component", "where"}
QUESTION_KEYS = {"name", "hand_has", "at_least", "at_most", "seen", "longest_run"}
KINDS = ("hand_has", "seen", "longest_run")
MAX_PLAYERS = 12
MAX_COUNTS = 8
MAX_SHUFFLES = 100_000
MAX_QUESTIONS = 20
MAX_TURNS = 200
MAX_DRAW = 20
MAX_NAME = 80
DEFAULT_SHUFFLES = 10_000
ALL = "all"


@dataclass(frozen=True)
class DeckPart:
    """One component (or the rows a `where:` keeps) shuffled into the deck."""

    component: str
    where: Expression | None
    label: str


@dataclass(frozen=True)
class Question:
    """One question asked of every deal: about a starting hand, a first sighting, or the longest run."""

    name: str
    kind: str
    expression: Expression
    at_least: int | None
    at_most: int | None
    label: str


@dataclass(frozen=True)
class DealSpec:
    """A game's deal-and-draw check as game.yaml declares it."""

    label: str
    players: tuple[int, ...]
    deck: tuple[DeckPart, ...]
    hands: dict[int, int | None]  # player count -> cards dealt to each (None: the whole deck)
    draw: int
    turns: int | None
    shuffles: int
    questions: tuple[Question, ...]


def parse_check(section: Any, label: str, components: list[str]) -> DealSpec:
    """Read and check a `check:` section (label names game.yaml)."""
    where = f"{label}: check"
    if not isinstance(section, dict):
        raise PnpError("check must be a mapping", where=where, fix="write keys like deck:, hand: and questions:")
    check_keys(section, CHECK_KEYS, where)
    for key in ("deck", "hand"):
        if key not in section:
            raise PnpError(f"{key} is missing", where=where, fix=f"add {key}: (see the README, 'Deal-and-draw check')")
    hands = _hands(section["hand"], section.get("players"), f"{where}.hand", f"{where}.players")
    turns = section.get("turns")
    return DealSpec(label, tuple(sorted(hands)), _deck(section["deck"], f"{where}.deck", components), hands,
                    whole(section.get("draw", 0), f"{where}.draw", 0, MAX_DRAW),
                    None if turns is None else whole(turns, f"{where}.turns", 1, MAX_TURNS),
                    whole(section.get("shuffles", DEFAULT_SHUFFLES), f"{where}.shuffles", 100, MAX_SHUFFLES),
                    _questions(section.get("questions") or [], f"{where}.questions"))


def whole(value: Any, where: str, low: int, high: int) -> int:
    """A whole number within [low, high], or a one-line error naming the key."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise PnpError(f"must be a whole number from {low} to {high}, got {value!r}", where=where,
                       fix=f"write a number from {low} to {high}")
    return value


def _players(raw: Any, where: str) -> list[int]:
    """The player counts: one number or a list of them."""
    values = raw if isinstance(raw, list) else [raw]
    if not values or len(values) > MAX_COUNTS:
        raise PnpError(f"must list 1 to {MAX_COUNTS} player counts", where=where, fix="write players: [2, 3, 4]")
    counts = [whole(value, where, 1, MAX_PLAYERS) for value in values]
    if len(set(counts)) != len(counts):
        raise PnpError("lists a player count twice", where=where, fix="list each player count once")
    return counts


def _hands(raw: Any, players: Any, where: str, players_where: str) -> dict[int, int | None]:
    """Cards dealt to each player, per player count: one size for all, a mapping, or `all` (the whole deck)."""
    if isinstance(raw, dict):
        counts = _players(list(raw), where)
        if players is not None and sorted(_players(players, players_where)) != sorted(counts):
            raise PnpError("the player counts of hand and players differ", where=where,
                           fix="give a hand size for every player count in players:, or leave players: out")
        return {count: _hand_size(raw[count], f"{where}.{count}") for count in counts}
    if players is None:
        raise PnpError("players is missing", where=players_where.rsplit(".", 1)[0],
                       fix="add players: [2, 3, 4], or give hand: per player count")
    size = _hand_size(raw, where)
    return {count: size for count in _players(players, players_where)}


def _hand_size(raw: Any, where: str) -> int | None:
    """One hand size: a whole number of cards, or `all`."""
    return None if raw == ALL else whole(raw, where, 0, 10_000)


def _deck(raw: Any, where: str, components: list[str]) -> tuple[DeckPart, ...]:
    """The components shuffled together: names, or {component: NAME, where: EXPR}."""
    entries = raw if isinstance(raw, list) else [raw]
    if not entries or len(entries) > 20:
        raise PnpError("must name 1 to 20 components", where=where, fix="write deck: [cards]")
    parts = []
    for index, entry in enumerate(entries):
        label = f"{where}[{index}]"
        entry = {"component": entry} if isinstance(entry, str) else entry
        if not isinstance(entry, dict) or "component" not in entry:
            raise PnpError("a deck entry needs a component", where=label, fix="write - {component: cards}")
        check_keys(entry, DECK_KEYS, label)
        name = str(entry["component"])
        if name not in components:
            raise PnpError(f"no component '{name}' in this game", where=f"{label}.component",
                           fix=f"components: {', '.join(components) or 'none'}")
        expression = compile_expression(str(entry["where"]), f"{label}.where") if "where" in entry else None
        parts.append(DeckPart(name, expression, label))
    return tuple(parts)


def _questions(raw: Any, where: str) -> tuple[Question, ...]:
    """The questions, each one kind with an expression over the CSV columns."""
    if not isinstance(raw, list) or len(raw) > MAX_QUESTIONS:
        raise PnpError(f"must be a list of at most {MAX_QUESTIONS} questions", where=where,
                       fix="write - {name: ..., hand_has: ...}")
    questions = tuple(_question(item, f"{where}[{index}]") for index, item in enumerate(raw))
    for index, question in enumerate(questions):
        if question.name in [q.name for q in questions[:index]]:
            raise PnpError(f"the name '{question.name}' is used twice", where=f"{question.label}.name",
                           fix="give every question its own name")
    return questions


def _question(item: Any, where: str) -> Question:
    """One question."""
    if not isinstance(item, dict):
        raise PnpError("a question must be a mapping", where=where, fix="write - {name: ..., hand_has: ...}")
    check_keys(item, QUESTION_KEYS, where)
    kinds = [kind for kind in KINDS if kind in item]
    if len(kinds) != 1:
        raise PnpError(f"a question needs exactly one of {', '.join(KINDS)}", where=where,
                       fix="split it into one question per kind")
    kind = kinds[0]
    name = str(item.get("name", "")).strip()
    if not name or len(name) > MAX_NAME or "\n" in name:
        raise PnpError(f"needs a name of 1 to {MAX_NAME} characters on one line", where=f"{where}.name",
                       fix="write name: hands with no attack card")
    at_least, at_most = _bounds(item, kind, where)
    return Question(name, kind, compile_expression(str(item[kind]), f"{where}.{kind}"), at_least, at_most, where)


BOUNDS = {"hand_has": ("at_least", "at_most"), "seen": (), "longest_run": ("at_least",)}


def _bounds(item: dict[str, Any], kind: str, where: str) -> tuple[int | None, int | None]:
    """The at_least / at_most bound a question takes (hand_has: one of them, at least 1 by default)."""
    given = [key for key in ("at_least", "at_most") if key in item]
    if any(key not in BOUNDS[kind] for key in given) or len(given) > 1:
        allowed = " or ".join(BOUNDS[kind]) or "no bound"
        raise PnpError(f"{kind} takes {allowed}", where=f"{where}.{given[-1]}", fix="drop this key")
    at_least, at_most = (whole(item[key], f"{where}.{key}", 0, 10_000) if key in item else None
                         for key in ("at_least", "at_most"))
    if kind == "hand_has" and not given:
        at_least = 1
    return at_least, at_most
