"""Readable lines for replays: one per decision, and the public state in one line."""

from __future__ import annotations

from .data import PENALTY
from .plays import decode
from .round import DECLARE, HINT, JUDGE, PHASES, PLAY, RULE

MARKS = ("○", "●", "○●")


def describe(state, player: int, action) -> str:
    """The decision about to be applied, with what the dealer will answer to a play."""
    who, phase, data = f"P{player + 1}", state.phase, state.data
    if phase == RULE:
        rule = data.library.rules[action]
        return (f"round {state.round_index + 1} (totals {state.totals}): P{state.dealer + 1} deals and writes "
                f"rule {rule.id} ({rule.description})")
    if phase == PLAY:
        declared, cards = decode(action)
        shown = " ".join(data.label(card) for card in cards)
        verdict = state.verdict_of(cards)
        if verdict != declared:
            result = f"wrong, penalty {PENALTY * len(cards)}"
        else:
            result = "right, goes out" if len(cards) == len(state.hands[player]) else "right"
        return f"{who} plays {shown} declaring {MARKS[declared]}; the dealer says {MARKS[verdict]} ({result})"
    if phase == JUDGE:
        right = action == state.verdict_of(state.pending[2])
        return f"{who} (prophet) judges {MARKS[action]} in secret ({'right' if right else 'wrong: out'})"
    if phase == HINT:
        return f"{who} (dealer) " + (_hint_text(state) if action else "gives no hint")
    if phase == DECLARE:
        return f"{who} declares prophet" if action else f"{who} does not declare prophet"
    return f"{who}: {action!r}"


def _hint_text(state) -> str:
    """What the hint about to be given says."""
    if state.hints == 0:
        return f"hints: {state.data.library.rules[state.rule].hint}"
    example = state.example()
    if example < 0:
        return "hints: no card is accepted now"
    return f"hints: {state.data.faces[example].text} would be accepted now"


def summary(state) -> str:
    """The public state: row end, cards played, deck, hands (* prophet, x out), totals."""
    data = state.data
    hands = []
    for p in range(state.num_players):
        if p == state.dealer:
            hands.append(f"P{p + 1}:dealer")
            continue
        mark = "x" if state.out[p] else ("*" if state.prophet[p] else "")
        hands.append(f"P{p + 1}:{len(state.hands[p])}{mark}")
    end = data.label(state.main[-1]) if state.main else "-"
    return (f"[{PHASES[state.phase]}] end {end}, played {state.played}, deck {len(state.deck)}; "
            f"{' '.join(hands)}; totals {state.totals}")
