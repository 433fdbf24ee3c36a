"""Readable move lines for `pnp check torite4to6 --replay SEED`: each decision and everything it sets off."""

from __future__ import annotations

from collections.abc import Callable

from .data import CANDIDATE, OWNER, POSITION

SLOTS = "①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮"


def describe(state, player: int, action: int) -> str:
    """The decision, then (played out on a copy of the game) the forced plays, results and deals that follow."""
    lines = []
    if state.live == 1 and state.formation == 0 and not state.trick:
        lines += deal_lines(state, state.live, state.first_lead, state.hands, len(state.aside))
    verb = "leads" if not state.trick else "plays"
    head = f"live {state.live}, formation {state.formation + 1}: P{player + 1} {verb} {card(state, action)}"
    if not state.trick:
        head += f" (candidate row {row_text(state, state.row)})"
    lines.append(head)
    shadow = state.clone()
    shadow.notes = []  # the copy records what happens in it
    shadow.apply_action(action)
    for note in shadow.notes:
        lines += NOTES[note[0]](shadow, *note[1:])
    return "\n      ".join(lines)


def card(state, card_id: int) -> str:
    """A card by its CSV id."""
    return state.data.labels[card_id]


def row_text(state, row) -> str:
    """The candidate row, slot ① (nearest the deck) first."""
    return " ".join(f"{SLOTS[i]}{card(state, c)}" for i, c in enumerate(row)) or "empty"


def deal_lines(state, live, first_lead, hands, aside) -> list[str]:
    """A new live: who leads first and every hand."""
    lines = [f"live {live} dealt: P{first_lead + 1} leads first; {aside} cards set aside"]
    return lines + [f"  P{p + 1} hand: " + " ".join(card(state, c) for c in sorted(hand)) for p, hand in
                    enumerate(hands)]


def stage_text(state, trick, lead, candidate_keys) -> str:
    """The pieces by position, lowest first, each position front to back."""
    numkey = state.numkey
    keys = sorted([numkey[c] | key for c, key in zip(trick, state.seat_keys[lead])] + list(candidate_keys))
    groups: dict[int, list[str]] = {}
    for key in keys:
        owner = key & OWNER
        name = f"P{owner + 1}" if owner < CANDIDATE else f"c{SLOTS[owner - CANDIDATE]}"
        groups.setdefault(key >> POSITION, []).append(name)
    return " ".join(f"{pos}[{' '.join(names)}]" for pos, names in groups.items())


def _forced(state, seat, card_id) -> list[str]:
    """A play made for a player with one legal card."""
    return [f"P{seat + 1} must play {card(state, card_id)} (the only legal card)"]


def _formation(state, trick, lead, led, centre, captain, owner, candidate_keys, next_lead) -> list[str]:
    """The stage, the led colour, the centre and who leads next."""
    line = f"=> stage {stage_text(state, trick, lead, candidate_keys)}; led {state.data.colours[led]}; "
    if centre < 0:
        line += "centre is a candidate (no card face up)"
    else:
        line += f"centre P{owner + 1} {card(state, trick[centre])} face up"
    line += f"; P{next_lead + 1} leads next" if next_lead >= 0 else ""
    return [line] if captain >= 0 else [line, "=> no captain (no trump and no other card of the led colour)"]


def _captain(state, seat, card_id, taken, hidden) -> list[str]:
    """The captain and the cards they take face down."""
    gets = " and " + " ".join(card(state, c) for c in taken) if taken else ""
    return [f"=> captain P{seat + 1} {card(state, card_id)}: takes it{gets} face down ({hidden} face down)"]


def _overwork(state, seat, receiver, passed) -> list[str]:
    """An overwork and where the face-up cards went."""
    return [f"=> overwork: P{seat + 1} has 7+ face down and passes {len(passed)} face-up card(s) to P{receiver + 1}"
            + (": " + " ".join(card(state, c) for c in passed) if passed else "")]


def _evaluation(state, live, gains, hidden, scores) -> list[str]:
    """A live's evaluation and the running scores."""
    parts = [f"P{p + 1} +{g} ({h} face down{', 4to6' if 4 <= h <= 6 else ''})" for p, (g, h) in
             enumerate(zip(gains, hidden))]
    return [f"evaluation of live {live}: " + ", ".join(parts) + f"; scores {list(scores)}"]


def _deal(state, live, first_lead, hands, aside) -> list[str]:
    """A new live's hands."""
    return deal_lines(state, live, first_lead, hands, aside)


NOTES: dict[str, Callable[..., list[str]]] = {
    "forced": _forced, "formation": _formation, "captain": _captain, "overwork": _overwork,
    "evaluation": _evaluation, "deal": _deal}
