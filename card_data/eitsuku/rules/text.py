"""Eitsuku moves as text, for the replay log."""

from __future__ import annotations

from .data import ACTOR, EVENT_NAMES, PHASE_NAMES

SET_TAGS = ("place", "draw_event", "pass")
WORDS = {"convert": "uses 方針転換", "draw_event": "3A: draws an event",
         "pass": "can do nothing", "small": "4B: draws a 予算:小", "medium": "4C: places 3 and draws a 予算:中",
         "large": "4D: places 6 and draws a 予算:大", "collect": "5A: takes back the placed budget",
         "release": "5B: releases the film", "strike_b": "answers ストライキ with B (discards budget)"}


def card_name(data, card: int) -> str:
    """A role card as 役者5, an event by its name."""
    if card < data.roles:
        return f"{data.kinds[data.role_kind[card]]}{data.role_value[card]}"
    code = data.codes[card]
    return EVENT_NAMES[code] if code >= 0 else f"event #{card}"


def slot_name(data, slot: int) -> str:
    """主演 and 助演 for the two 役者 slots, otherwise the role's name."""
    kind = data.kinds[data.slot_kind[slot]]
    if kind == ACTOR:
        return ("主演", "助演")[data.kind_slots[data.slot_kind[slot]].index(slot)]
    return kind


def describe(state, player: int, action) -> str:
    """One line: who, which turn and phase, what."""
    phase = "set" if action[0] in SET_TAGS else PHASE_NAMES[state.phase]
    return f"P{player + 1} T{state.turn} {phase}: {_what(state, action)}"


def _what(state, action) -> str:
    """The action in words."""
    d, tag = state.data, action[0]
    if tag in WORDS:
        return WORDS[tag]
    if tag == "pick":
        return f"rolled 6, takes a role from the {d.kinds[action[1]]} pile" if action[1] >= 0 else "rolled 6"
    if tag == "strike_a":
        return f"answers ストライキ with A (discards {slot_name(d, action[1])})"
    if tag == "play":
        target = f" on {slot_name(d, action[2])}" if action[2] >= 0 else ""
        return f"places {EVENT_NAMES[action[1]]}{target}"
    if tag == "promo":
        return f"puts プロモーターの介入 on P{action[1] + 1}'s {slot_name(d, action[2])}"
    if tag == "number":
        return f"declares {action[1]}"
    if tag == "discard":
        return f"discards {card_name(d, action[2])} from P{action[1] + 1}'s 場"
    if tag == "place":
        return f"3B: places {card_name(d, action[1])} as {slot_name(d, action[2])}"
    if tag == "role":
        return f"4A: draws from the {d.kinds[action[1]]} pile"
    if tag == "return":
        return f"returns {card_name(d, action[1])} to its pile"
    if tag == "info":
        return "draws events" if action[1] < 0 else f"draws from the {d.kinds[action[1]]} pile"
    return repr(action)
