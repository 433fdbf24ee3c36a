"""The simulation interface: everything a game's rules simulation imports (`from pnp.sim import ...`)."""

from pnp.errors import PnpError
from pnp.sim.card_events import CardEvents, CardLog, PrintedCard, printed_card, printed_cards
from pnp.sim.cards import Row, RowExpression, Table, component_names, read_component, row_expression
from pnp.sim.draws import deal_again, deal_again_within, pick, sample, shuffle
from pnp.sim.search import SearchPolicy, Seat, can_redeal, search_policy
from pnp.sim.spec import GameSpec, Observation, Policy, RandomPolicy, random_policy, state_rounds
from pnp.sim.state import CHANCE, SIMULTANEOUS, TERMINAL, Action, InvariantViolation, State, Zone

__all__ = [
    # declaring a game
    "GameSpec", "State", "Observation", "Policy", "Action", "Zone",
    "CHANCE", "SIMULTANEOUS", "TERMINAL", "InvariantViolation",
    # players and random draws
    "random_policy", "RandomPolicy", "shuffle", "sample", "pick", "deal_again", "deal_again_within",
    # the search player
    "SearchPolicy", "Seat", "search_policy", "can_redeal",
    # the printed cards
    "read_component", "component_names", "Table", "Row", "row_expression", "RowExpression", "PnpError",
    # card events, for per-card impact
    "CardEvents", "CardLog", "PrintedCard", "printed_card", "printed_cards",
    # the default of GameSpec.rounds
    "state_rounds",
]
