"""The checks pnp.sim.testing makes: one random move, an ended game, copies and re-deals of a game in progress."""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any, cast

from pnp.sim.draws import pick
from pnp.sim.search import can_redeal
from pnp.sim.state import CHANCE, SIMULTANEOUS, TERMINAL, Action, State, Zone


class SimTestFailure(AssertionError):
    """A rule of play broken in a random game: the message names the game, its seed and the move."""


def step(state: State, rng: random.Random) -> Any:
    """One random legal move (one action per seat at a simultaneous step), then the game's invariants; the move."""
    player = state.current_player()
    if player == SIMULTANEOUS:
        chosen: Any = [pick(rng, _legal(state, seat)) for seat in range(state.num_players)]
        state.apply_actions(chosen)
    elif player >= CHANCE:
        chosen = pick(rng, _legal(state, player))
        state.apply_action(chosen)
    else:
        raise SimTestFailure(f"current_player() is {player}, which is no seat, CHANCE, SIMULTANEOUS or TERMINAL")
    state.check_invariants()
    return chosen


def _legal(state: State, player: int) -> Sequence[Action]:
    """The legal actions of a seat (or chance) that is to act: there must be some (a game may list them lazily)."""
    legal = state.legal_actions(player)
    if not len(legal):
        who = "chance" if player == CHANCE else f"P{player + 1}"
        raise SimTestFailure(f"{who} is to act but legal_actions({player}) is empty")
    return legal


def check_end(state: State) -> None:
    """A game over (or stopped): every card counted; once over, no seat can act and every seat has a score."""
    if state.zones():
        state.check_cards()
    if not state.is_terminal():
        return
    scores = state.scores()
    if len(scores) != state.num_players or not all(map(_number, scores)):
        raise SimTestFailure(f"the game is over but scores() is {scores!r}: one number per seat expected")
    winners = state.winners()
    if not winners or not set(winners) <= set(range(state.num_players)):
        raise SimTestFailure(f"the game is over but winners() is {winners!r}")
    acting = [seat for seat in range(state.num_players) if len(state.legal_actions(seat))]
    if acting:
        raise SimTestFailure(f"the game is over but P{acting[0] + 1} still has legal actions")
    if state.current_player() != TERMINAL:
        raise SimTestFailure("is_terminal() but current_player() is not TERMINAL")


def _number(value: Any) -> bool:
    """Whether a score is a finite number."""
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def play_on(state: State, rng: random.Random, limit: int, what: str) -> list:
    """Random legal moves to the end of the game (or `limit` moves), checked; the moves' (seat, action) list."""
    moves: list = []
    while not state.is_terminal() and len(moves) < limit:
        player = state.current_player()
        with named(f"{what}, its move {len(moves) + 1}"):
            moves.append((player, step(state, rng)))
    with named(f"{what}, at its end"):
        check_end(state)
    return moves


@contextmanager
def named(where: str) -> Iterator[None]:
    """Anything raised inside comes back as a SimTestFailure that starts with `where`."""
    try:
        yield
    except Exception as error:  # a SimTestFailure, an InvariantViolation, or a bug in the game's rules
        problem = str(error) if isinstance(error, SimTestFailure) else f"{type(error).__name__}: {error}"
        raise SimTestFailure(f"{where}: {problem}") from error


def snapshot(state: State) -> tuple:
    """What must not change when a copy is played on or a re-deal made: the zones, the draws, who acts, scores."""
    return repr(state.zones()), state.rng.getstate(), state.current_player(), state.scores()


def comparable(observation: Any) -> Any:
    """An observation as a value == compares (a NamedTuple already is; a class with __slots__ is read slot by slot)."""
    if isinstance(observation, tuple) or type(observation).__eq__ is not object.__eq__:
        return observation
    slots = [name for cls in type(observation).__mro__ for name in getattr(cls, "__slots__", ())]
    if slots:
        return tuple(getattr(observation, name, None) for name in slots)
    return vars(observation) if hasattr(observation, "__dict__") else observation


def check_copies(state: State, rng: random.Random, limit: int) -> None:
    """clone(): two copies equal to the game, played on alike by the same draws, leaving the game as it was."""
    before, seen = snapshot(state), _every_view(state)
    first, second = state.clone(), state.clone()
    for copy in (first, second):
        if copy is state or copy.data is not state.data:
            raise SimTestFailure("clone() must give a new state that shares the printed data")
        if snapshot(copy) != before or _every_view(copy) != seen:
            raise SimTestFailure("a clone() differs from its game (zones, random draws, seat to act, scores, or what "
                                 "a seat sees or has seen)")
    seed = rng.getrandbits(64)
    moves = play_on(first, random.Random(seed), limit, "a copy played on")
    if play_on(second, random.Random(seed), limit, "a copy played on") != moves or snapshot(first) != snapshot(second):
        raise SimTestFailure("two clone()s played on with the same draws went different ways")
    if snapshot(state) != before:
        raise SimTestFailure("playing on a clone() changed the game it was copied from")


def _every_view(state: State) -> list:
    """What each seat sees and has seen: its observation and seen_cards()."""
    return [(comparable(state.observation(seat)), state.seen_cards(seat)) for seat in range(state.num_players)]


def _observers(state: State) -> list[int]:
    """The seats a search player re-deals for now: the seat to act, or every seat at a simultaneous step."""
    player = state.current_player()
    return list(range(state.num_players)) if player == SIMULTANEOUS else [player] if player >= 0 else []


def check_redeals(state: State, rng: random.Random) -> tuple[int, int]:
    """redeal() for each seat to act agrees with what it sees and has seen: (re-deals made, seen cards kept)."""
    if not can_redeal(state):
        return 0, 0
    before, kept = snapshot(state), 0
    observers = _observers(state)
    for observer in observers:
        world = state.redeal(observer, random.Random(rng.getrandbits(64)))
        _agrees(state, world, observer)
        kept += _seen_kept(state, world, observer)
    if snapshot(state) != before:
        raise SimTestFailure("redeal() changed the game it re-dealt")
    return len(observers), kept


def _agrees(state: State, world: State, observer: int) -> None:
    """A re-deal for `observer`: the same seat to act, legal actions, observation and cards; its own draws."""
    me = f"redeal({observer}) for P{observer + 1}"
    if world is state or world.data is not state.data:
        raise SimTestFailure(f"{me} must give a new state that shares the printed data")
    if world.current_player() != state.current_player():
        raise SimTestFailure(f"{me} changed the seat to act")
    if not _same_actions(world.legal_actions(observer), state.legal_actions(observer)):
        raise SimTestFailure(f"{me} changed P{observer + 1}'s legal actions")
    if comparable(world.observation(observer)) != comparable(state.observation(observer)):
        raise SimTestFailure(f"{me} changed what P{observer + 1} sees (observation({observer}))")
    if sorted(map(repr, _cards(world))) != sorted(map(repr, _cards(state))):
        raise SimTestFailure(f"{me} does not hold the game's cards: one was created or lost")
    if world.rng.getstate() == state.rng.getstate():
        raise SimTestFailure(f"{me} draws the game's own random numbers: it can foresee them (start from clone(rng))")


def _same_actions(these: Sequence[Action], those: Sequence[Action]) -> bool:
    """Whether two seats' legal actions are the same: as many, and alike at up to 64 places spread over them."""
    count = len(these)
    return count == len(those) and all(these[i] == those[i] for i in range(0, count, max(1, count // 64)))


def _seen_kept(state: State, world: State, observer: int) -> int:
    """How many cards seen_cards(observer) lists, each found where the seat saw it after the re-deal."""
    seen, after = state.seen_cards(observer), world.seen_cards(observer)
    for place, cards in seen.items():
        now = list(after.get(place, ()))
        if now != list(cards):
            missing = [card for card in cards if card not in now]
            what = f"{state.card_name(missing[0])} is no longer there" if missing else "the cards moved"
            raise SimTestFailure(f"redeal({observer}) moved what P{observer + 1} has seen: in {place}, {what} "
                                 f"after the re-deal (seen_cards({observer}))")
    return sum(map(len, seen.values()))


def _cards(state: State) -> list:
    """Every card id in the state's zones, wherever it lies."""
    found: list = []
    for zone in state.zones().values():
        parts = zone if zone and isinstance(zone[0], (list, tuple)) else [zone]  # one list per seat, or one list
        for part in cast(Sequence[Zone], parts):
            found += part
    return found


def check_redeal_plays_on(state: State, rng: random.Random, limit: int) -> None:
    """A re-deal for the first seat to act plays on to the end by the rules, leaving the game as it was."""
    before, observer = snapshot(state), _observers(state)[0]
    world = state.redeal(observer, random.Random(rng.getrandbits(64)))
    play_on(world, random.Random(rng.getrandbits(64)), limit, f"a re-deal for P{observer + 1} played on")
    if snapshot(state) != before:
        raise SimTestFailure("playing on a re-deal changed the game it was re-dealt from")
