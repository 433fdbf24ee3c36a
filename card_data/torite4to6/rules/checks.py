"""鳥手板4to6's invariants (cards conserved, must-follow kept, scores consistent) and per-game figures."""

from __future__ import annotations

from pnp.sim import InvariantViolation, State

from .data import BONUS_HIGH, BONUS_LOW, GRADUATION, ToriteData

# A resolved formation: its cards in play order, the lead, the led colour, the centre's and captain's plays.
Formed = tuple[list[int], int, int, int, int]
# An ended live: face-up and face-down cards per seat, discard, set-aside cards, candidate deck and row, the gains.
Ended = tuple[list[list[int]], list[list[int]], list[int], list[int], list[int], list[int], tuple[int, ...]]


class Checks(State):
    """The state's half that checks: the cheap checks after every move and the figures of a finished game."""

    # What the checks read of the game (the state in state.py sets them).
    actor: int
    lead: int
    led: int  # the led colour of the formation (-1 before its lead)
    legal: tuple[int, ...]  # the cards the player to play may play
    live: int
    over: bool
    total: int
    colour: tuple[int, ...]
    icons: tuple[int, ...]
    strength: tuple[tuple[int, ...], ...]
    seat_order: tuple[tuple[int, ...], ...]
    scores_now: list[int]
    hands: list[list[int]]
    by_colour: list[list[list[int]]]  # [seat][colour]: the seat's cards of the colour
    trick: list[int]
    up: list[list[int]]
    down: list[list[int]]
    discard: list[int]
    aside: list[int]
    candidate_deck: list[int]
    row: list[int]

    def _init_figures(self) -> None:
        """Counters the figures are made from (the last slot of centres/captains: a candidate / nobody)."""
        n = self.num_players
        self.centres = [0] * (n + 1)  # formations whose centre each seat played
        self.captains = [0] * (n + 1)  # formations each seat captained
        self.overworks = 0
        self.passed = 0
        self.kept = 0
        self.forced = 0  # plays with a single legal card, made at once
        self.bonuses = 0
        self.overloaded = 0
        self.hidden_total = 0
        self.gains: list[tuple[int, ...]] = []
        self.exhausted: dict[str, int] = {}
        self.resolved = False  # a formation resolved since the last check
        self.ended: Ended | None = None  # the live that ended since the last check
        self.last: Formed | None = None  # the formation resolved last

    # -- invariants ---------------------------------------------------------------------------
    def check_invariants(self) -> None:
        """Within a formation a move only puts a legal card (checked by the caller) from hand to stage; once a
        formation resolves: must-follow kept and the right captain; once a live ends: each card exactly once
        and the evaluation recomputed."""
        if self.resolved and self.last is not None:  # (a live only ends with a formation)
            self.resolved = False
            self._check_formation(*self.last)
            if self.ended is not None:
                self._check_live(*self.ended)
                self.ended = None

    def _check_formation(self, played: list[int], lead: int, led: int, centre: int, captain: int) -> None:
        """The next formation starts with its lead, every follower followed the led colour if they could, and
        the captain card was a trump or of the led colour."""
        if self.actor != self.lead and not self.over:
            raise InvariantViolation(f"P{self.actor + 1} is to lead, but P{self.lead + 1} has the lead")
        if self.ended is None:  # (after a live's last formation the hands are new; one card each is always legal)
            colour, by_colour = self.colour, self.by_colour
            for seat, card in zip(self.seat_order[lead], played):  # (the lead's card is of the led colour)
                if colour[card] != led and by_colour[seat][led]:
                    raise InvariantViolation(f"P{seat + 1} did not follow the led colour though they could")
        if captain >= 0 and (captain == centre or self.strength[led][played[captain]] < 0):
            raise InvariantViolation("the captain is neither a trump nor of the led colour, or is the centre")

    def _check_live(self, up, down, discard, aside, deck, row, gains) -> None:
        """At the evaluation: each card exactly once, gains as the rules count them, the end exactly past 30."""
        self.check_cards({"face-up cards": up, "face-down cards": down, "discard": discard, "set-aside cards": aside,
                          "candidate deck": deck, "candidate row": row})  # the hands and the stage are empty
        shown = [sum(self.icons[card] for card in cards) for cards in up]
        hidden = [len(cards) for cards in down]
        expected = [s + h + (s if BONUS_LOW <= h <= BONUS_HIGH else 0) for s, h in zip(shown, hidden)]
        if list(gains) != expected:
            p = next(p for p, (g, e) in enumerate(zip(gains, expected)) if g != e)
            raise InvariantViolation(f"P{p + 1} scored {gains[p]} in the evaluation, the rules give {expected[p]}")
        if list(map(sum, zip(*self.gains))) != self.scores_now:
            raise InvariantViolation("the scores are not the sum of the evaluations")
        if self.over != (max(self.scores_now) > GRADUATION):
            raise InvariantViolation("the game must end exactly when a score passes 30")

    def zones(self) -> dict:
        """Where a card can be: hands, the stage, face-up and face-down cards, the discard, the set-aside member
        cards, the candidate deck and row."""
        return {"hand": self.hands, "stage": self.trick, "face-up cards": self.up, "face-down cards": self.down,
                "discard": self.discard, "set-aside cards": self.aside, "candidate deck": self.candidate_deck,
                "candidate row": self.row}

    def card_count(self) -> int:
        return self.total

    def card_name(self, card: int) -> str:
        return self.data.labels[card]

    # -- figures ------------------------------------------------------------------------------
    def figures(self) -> dict[str, float | None]:
        """Lives, centre and captain shares by seat, overwork, the 4to6 bonus, lead retention, pile run-outs."""
        n, lives = self.num_players, self.live
        formations = sum(self.centres)
        evaluations = len(self.gains) * n
        out: dict[str, float | None] = {
            "lives": float(lives), "formations": float(formations),
            "overwork_per_live": self.overworks / lives, "passed_per_overwork": _ratio(self.passed, self.overworks),
            "bonus_4to6_share": _ratio(self.bonuses, evaluations),
            "facedown_7plus_share": _ratio(self.overloaded, evaluations),
            "facedown_per_player": _ratio(self.hidden_total, evaluations),
            "lead_retention": _ratio(self.kept, formations - len(self.gains)),
            "forced_play_share": _ratio(self.forced, formations * n)}
        for seat in range(n):
            out[f"centre_share.seat{seat + 1}"] = _ratio(self.centres[seat], formations)
            out[f"captain_share.seat{seat + 1}"] = _ratio(self.captains[seat], formations)
        out["centre_share.candidate"] = _ratio(self.centres[n], formations)
        out["captain_share.none"] = _ratio(self.captains[n], formations)
        for pile, live in self.exhausted.items():
            out[f"exhausted.{pile}"] = float(live)
        return out


def _ratio(part: float, whole: float) -> float | None:
    """A share, or None (not applicable) when nothing was counted."""
    return part / whole if whole else None


def formation_result(data: ToriteData, lead: int, players: int, trick, candidate_numbers) -> tuple[int, int, int]:
    """(centre seat or -1, captain's index or -1, centre's index or -1) by the rules as written."""
    # A plain second reading of the centre and captain rules, to test the engine's packed piece keys against.
    pieces = [(number, order, -1) for order, number in enumerate(candidate_numbers)]
    pieces += [(data.number[card], len(candidate_numbers) + i, i) for i, card in enumerate(trick)]
    counted = sorted(pieces, key=lambda piece: (piece[0], -piece[1]))  # low positions first, front first
    position = counted[2][0]
    front = max((piece for piece in pieces if piece[0] == position), key=lambda piece: piece[1])
    centre = front[2]
    others = [i for i in range(len(trick)) if i != centre]
    led = data.colour[trick[0]]
    trumps = [i for i in others if data.trump[trick[i]]]
    pool = trumps or [i for i in others if data.colour[trick[i]] == led]
    captain = max(pool, key=lambda i: (data.number[trick[i]], -i)) if pool else -1
    return ((lead + centre) % players if centre >= 0 else -1), captain, centre
