"""New Eleusis's vpt scoring, the invariants checked after every move, and the figures of a game."""

from __future__ import annotations

from dataclasses import dataclass, field

from pnp.sim import InvariantViolation

from .data import (
    DEALER_CHILD_OUT,
    DEALER_PER_FAILED,
    DEALER_PROPHET_OUT,
    OUT_BONUS,
    PROPHET_CAP,
    PROPHET_FAIL,
    UNSEAT_BONUS,
)
from .round import DEALING, OVER, PLAY, PLAYING, PROPHET, REASONS, RULE


@dataclass
class RoundResult:
    """A finished round: what the score sheet records and what the figures need."""

    rule: int
    dealer: int
    went_out: int  # the child who emptied their hand, -1 when every child was disqualified
    scores: list[int]
    prophets: int
    failed: int
    reasons: list[int]  # per seat: why out (PLAYING for children still in at the end)
    prophet_seats: tuple[int, ...]  # children who declared prophet this round (failed or not)


def score_round(state, went_out: int) -> RoundResult:
    """得点(vpt): every child's score and the dealer's for the round that just ended."""
    dealer, hands, prophet, failed = state.dealer, state.hands, state.prophet, state.failed
    scores = [0] * state.num_players
    children = [p for p in range(state.num_players) if p != dealer]
    for p in children:
        points = -len(hands[p]) + UNSEAT_BONUS * state.unseated[p]
        if p == went_out:
            points += OUT_BONUS
        if failed[p]:
            points += PROPHET_FAIL  # the judgement points are reset to 0
        elif prophet[p]:
            points += min(PROPHET_CAP, state.hits[p])
        scores[p] = points
    failures = sum(failed)
    points = DEALER_PER_FAILED * failures
    if went_out >= 0:
        points += DEALER_PROPHET_OUT if prophet[went_out] else DEALER_CHILD_OUT
    else:  # every child disqualified: -1 per card of the smallest hand
        points -= min(len(hands[p]) for p in children)
    scores[dealer] = points
    seers = tuple(p for p in children if prophet[p])
    return RoundResult(state.rule, dealer, went_out, scores, len(seers), failures, list(state.out), seers)


@dataclass
class Tally:
    """Counters for the figures, kept as the game goes."""

    turns: int = 0
    cards: int = 0
    verdicts: list[int] = field(default_factory=lambda: [0, 0, 0])
    wrong: int = 0
    drawn: int = 0
    judged: int = 0
    judged_right: int = 0
    hints: int = 0
    ran_out_rounds: int = 0
    first_ran_out: int = 0  # the round (1-based) the deck first ran out, 0 if never

    def start(self, state) -> None:
        """A round was dealt (a deck too small to deal from has run out at once)."""
        if state.ran_out:
            self.ran_out(state)

    def play(self, state, verdict: int, declared: int, count: int, drawn: int) -> None:
        """One play was judged (drawn: penalty cards, -1 for a right declaration)."""
        self.turns += 1
        self.cards += count
        self.verdicts[verdict] += 1
        if drawn >= 0:
            self.wrong += 1
            self.drawn += drawn
        if state.guesses:
            self.judged += len(state.guesses)
            self.judged_right += sum(1 for _, guess in state.guesses if guess == verdict)

    def ran_out(self, state) -> None:
        self.ran_out_rounds += 1
        if not self.first_ran_out:
            self.first_ran_out = state.round_index + 1

    def finish(self, state, result: RoundResult) -> None:
        self.hints += state.hints


def check(state) -> None:
    """The round's bookkeeping agrees with the table after every move; every card counted when a round is dealt
    and when it ends (a card lost in a round is caught at its end); scores add up."""
    if state.moved:
        state.moved = False
        if state.phase != RULE and state.phase != OVER:  # a round is being played
            _round_state(state)
    if state.count_due:
        state.count_due = False
        state.check_cards()
    if len(state.results) != state.checked_rounds:
        _scores(state)
        state.checked_rounds = len(state.results)


def _round_state(state) -> None:
    """The row holds every card played; the counts of children and prophets still in are right."""
    if state.played != len(state.main) - 1 + len(state.side):
        held = len(state.main) - 1 + len(state.side)
        raise InvariantViolation(f"{state.played} cards played but the row holds {held}")
    out, prophet, failed = state.out, state.prophet, state.failed
    if out[state.dealer] != DEALING or state.hands[state.dealer]:
        raise InvariantViolation("the dealer holds cards or plays")
    seers = 0
    for p, reason in enumerate(out):
        if failed[p] != (reason == PROPHET) or (failed[p] and (state.hits[p] or not prophet[p])):
            raise InvariantViolation(f"P{p + 1}: a failed prophet must be out, with no judgement points")
        seers += prophet[p] and not reason
    if state.live != out.count(PLAYING) or state.seers != seers:
        raise InvariantViolation("the count of children or prophets still in the round is wrong")
    if state.phase == PLAY and out[state.actor]:
        raise InvariantViolation(f"P{state.actor + 1} plays but is out of the round")


def _scores(state) -> None:
    """Totals are the sums of the round scores; each round's failed prophets gave the dealer 3 each."""
    sums = [sum(r.scores[p] for r in state.results) for p in range(state.num_players)]
    if sums != state.totals:
        raise InvariantViolation(f"totals {state.totals} differ from the sum of the rounds {sums}")
    last = state.results[-1]
    if last.failed != last.reasons.count(PROPHET) or (last.went_out >= 0 and last.reasons[last.went_out]):
        raise InvariantViolation("the round's result disagrees with who is out")
    if last.went_out >= 0 and state.hands[last.went_out]:
        raise InvariantViolation(f"P{last.went_out + 1} went out holding cards")
    dealer_floor = DEALER_PER_FAILED * last.failed
    if last.went_out >= 0 and last.scores[last.dealer] not in (dealer_floor + DEALER_CHILD_OUT,
                                                               dealer_floor + DEALER_PROPHET_OUT):
        raise InvariantViolation(f"the dealer's score {last.scores[last.dealer]} does not follow 得点(vpt)")


def figures(state) -> dict[str, float | None]:
    """The game's own figures: round length, the deck running out, prophets, hints, scores by role."""
    tally, results = state.tally, state.results
    rounds = max(1, len(results))
    plays = max(1, tally.turns)
    out: dict[str, float | None] = {
        "round.turns": tally.turns / rounds, "round.cards": tally.cards / rounds,
        "round.went_out": sum(r.went_out >= 0 for r in results) / rounds,
        "deck.ran_out": tally.ran_out_rounds / rounds,
        "penalty.wrong": tally.wrong / rounds, "penalty.cards": tally.drawn / rounds,
        "declared_right": 1 - tally.wrong / plays, "hints": tally.hints / rounds,
        "verdict.circle": tally.verdicts[0] / plays, "verdict.dot": tally.verdicts[1] / plays,
        "verdict.mixed": tally.verdicts[2] / plays}
    if tally.first_ran_out:
        out["exhausted.deck"] = float(tally.first_ran_out)
    for reason in range(1, PROPHET + 1):
        out[f"disqualified.{REASONS[reason]}"] = sum(r.reasons.count(reason) for r in results) / rounds
    out.update(_prophet_figures(state))
    out.update(_score_figures(state))
    return out


def _prophet_figures(state) -> dict:
    """How often children declare prophet, how often their judgements are right, how often they fail."""
    tally, results = state.tally, state.results
    rounds = max(1, len(results))
    prophets = sum(r.prophets for r in results)
    outs = [r for r in results if r.went_out >= 0]
    return {"prophet.declared": prophets / rounds,
            "prophet.rounds": sum(r.prophets > 0 for r in results) / rounds,
            "prophet.judgements": tally.judged / rounds,
            "prophet.success": tally.judged_right / tally.judged if tally.judged else None,
            "prophet.failed": sum(r.failed for r in results) / prophets if prophets else None,
            "prophet.went_out": sum(r.went_out in r.prophet_seats for r in outs) / len(outs) if outs else None}


def _score_figures(state) -> dict:
    """Mean round score and its spread (standard deviation within the game) by role and seat after the dealer."""
    results, players = state.results, state.num_players
    dealer = [r.scores[r.dealer] for r in results]
    child = [s for r in results for p, s in enumerate(r.scores) if p != r.dealer]
    seers = [r.scores[p] for r in results for p in r.prophet_seats]
    out = {"score.dealer": _mean(dealer), "score.child": _mean(child), "score.prophet": _mean(seers),
           "spread.dealer": _sd(dealer), "spread.child": _sd(child)}
    for position in range(1, players):
        out[f"score.position.{position}"] = _mean([r.scores[(r.dealer + position) % players] for r in results])
    library = state.data.library
    for index, rule in enumerate(library.rules):
        used = [r for r in results if r.rule == index]
        out[f"rule.{rule.id}.went_out"] = sum(r.went_out >= 0 for r in used) / len(used) if used else None
    return out


def _mean(values: list) -> float | None:
    return sum(values) / len(values) if values else None


def _sd(values: list) -> float | None:
    if not values:
        return None
    mean = sum(values) / len(values)
    return (sum((v - mean) ** 2 for v in values) / len(values)) ** 0.5
