"""Ghost Couple's moves as readable lines for `pnp check --replay` and the golden replay."""

from __future__ import annotations

from .deck import (
    BLOCK,
    BURN_PICK,
    CARD_BITS,
    CENTRE,
    CENTRE_SWAP,
    COUPLE,
    CROSS,
    FLIP_UP,
    PASS,
    PEEK_CARD,
    PEEK_WHO,
    PHASES,
    PLACE,
    RETURN,
    SIDE,
    STEAL_PICK,
    STOP,
    TAKE,
    TARGET,
    TOP_LEFTS,
    VANISH_PICK,
)
from .effects import TREASURE


def describe(state, player: int, action) -> str:
    """What happened since the last decision, then the decision itself."""
    notes = state.notes[state.notes_shown:]
    state.notes_shown = len(state.notes)
    lines = [_note(state, note) for note in notes]
    lines.append(_decision(state, f"P{player + 1}", action))
    return "\n      ".join(lines)


def card(state, c: int) -> str:
    return state.data.labels[c]


def slot(s: int) -> str:
    """A slot as numbered on the printed 配置図 (1-25, row by row)."""
    return f"slot {s + 1}"


def _note(state, note: tuple) -> str:
    """One thing that happened without a decision."""
    kind = note[0]
    if kind == "turn":
        _, turn, p, pile = note
        step = f"draws (deck {pile})" if pile else "(deck empty: a hand card is laid face down instead)"
        return f"-- turn {turn}: P{p + 1} {step}"
    if kind == "effect":
        return f"P{note[1] + 1} follows {note[2]}"
    if kind == "draw":
        return f"P{note[1] + 1} draws {note[2]}"
    if kind == "removed":
        return f"{card(state, note[1])} pairs with the vanished {card(state, note[2])}: both leave the game"
    return f"P{note[1] + 1} is out first"


def _decision(state, who: str, action) -> str:
    """A decision, in the words of the phase it answers."""
    phase, field = state.phase, state.field
    if phase == PLACE:
        return f"{who} lays {card(state, state.hands[state.actor][action])} face down"
    if phase == FLIP_UP:
        return f"{who} declines the extra turn" if action == PASS else \
            f"{who} turns {slot(action)}: {card(state, field[action])}"
    if phase == COUPLE:
        if action == STOP:
            return f"{who} takes no more couples"
        a, b = action >> CARD_BITS, action & ((1 << CARD_BITS) - 1)
        where = "hand" if state.hand_masks[state.actor] >> a & 1 else "field"
        return f"{who} takes {card(state, a)} ({where}) + {card(state, b)} (field)"
    if phase == CENTRE_SWAP:
        return f"{who} swaps {card(state, state.hands[state.actor][action])} for the centre " \
               f"{card(state, field[CENTRE])}"
    if phase == BLOCK:
        shape = "X" if state.effect.kind == CROSS else "3x3"
        top = TOP_LEFTS[action]
        return f"{who} turns the {shape} of rows {top // SIDE + 1}-{top // SIDE + 3}, " \
               f"columns {top % SIDE + 1}-{top % SIDE + 3}"
    if phase == TAKE:
        return f"{who} takes {slot(action)} ({card(state, field[action])}) into hand"
    if phase == RETURN:
        return f"{who} returns {card(state, state.hands[state.actor][action])} to {slot(state.vacated[0])}"
    if phase == TARGET:
        return f"{who} makes P{action + 1} draw {state.effect.n}"
    if phase == VANISH_PICK:
        return f"{who} vanishes {slot(action)}: {card(state, field[action])}"
    if phase == PEEK_WHO:
        return f"{who} looks at P{action + 1}'s hand"
    if phase == PEEK_CARD:
        return f"{who} vanishes {card(state, state.hands[state.victim][action])} from P{state.victim + 1}'s hand"
    if phase in (STEAL_PICK, BURN_PICK):
        verb = "steals" if phase == STEAL_PICK else "vanishes"
        return f"{who} {verb} {card(state, action % TREASURE)} from P{action // TREASURE + 1}'s treasure"
    return f"{who} {PHASES[phase]} {action}"


def summary(state) -> str:
    """The whole position in one line (for the golden replay): deck, field, hands, treasures, vanish area."""
    field = "".join("." if c < 0 else ("U" if state.face_up >> s & 1 else "d") for s, c in enumerate(state.field))
    hands = " ".join(f"P{p + 1}:{len(h)}/{state.points_now(p)}pt" for p, h in enumerate(state.hands))
    return f"[deck {len(state.draw_pile)} field {field} {hands} vanish {len(state.vanish)} gone {len(state.removed)}]"
