"""Per-card impact as text: the strongest and weakest cards of a player count (every card is in the JSON and PDF)."""

from __future__ import annotations

from pnp.check.figures.card_changes import CardChange
from pnp.check.figures.cards import CardImpact, CardImpacts, EventImpact
from pnp.check.stats.describe import p_text

SHOWN = 5  # cards listed at each end, and named by the flag of the cards beyond noise


def points(value: float) -> str:
    """A difference of shares in percentage points, signed."""
    return f"{value * 100:+.1f} pt"


def points_within(value: float, low: float, high: float) -> str:
    """A difference of shares in points with its interval: '+5.2 pt [+1.0 to +9.4]'."""
    return f"{points(value)} [{low * 100:+.1f} to {high * 100:+.1f}]"


def card_lines(table: CardImpacts | None, kind: str = "held") -> list[str]:
    """The strongest and weakest cards by the win share of the seats with the event, against the seats without."""
    if table is None:
        return []
    ranked = table.ranked(kind)
    flagged = len({str(card) for card, _ in table.flagged()})
    lines = [f"Cards: {len(table.cards)} printed cards, {flagged} beyond noise (every card in the JSON and the PDF "
             f"report); win share of the seats that {kind} a card against the seats that did not, 95% intervals; "
             f"{table.correction}"]
    if not ranked:
        return lines + [f"  no card was {kind} often enough to test"]
    top = ranked[:SHOWN]
    bottom = [card for card in ranked[-SHOWN:] if card not in top]
    lines.append(f"  strongest ({kind}):")
    lines += ["    " + card_line(card, kind) for card in top]
    if bottom:
        lines.append(f"  weakest ({kind}):")
        lines += ["    " + card_line(card, kind) for card in reversed(bottom)]
    return lines


def card_line(card: CardImpact, kind: str) -> str:
    """One card: its event's shares and difference, the other events' differences, how often it was seen."""
    event = card.events[kind]
    line = (f"{card}: {kind} {event.with_card.share:.1%} vs {event.without_card.share:.1%}, "
            f"{points_within(event.difference, event.low, event.high)}{_mark(event)}")
    others = [f"{other} {points(e.difference)}{_mark(e)}" for other, e in card.events.items() if other != kind]
    return "; ".join([line, *others, f"seen in {card.seen.share:.0%} of games"])


def _mark(event: EventImpact) -> str:
    """The flag of an event beyond noise."""
    return " (beyond noise)" if event.flagged else ""


def card_flags(table: CardImpacts | None) -> list[str]:
    """The flag of the cards beyond noise: 'cards beyond noise: Blaze (held, scored), Spark (held)'."""
    events: dict[str, list[str]] = {}
    for card, kind in table.flagged() if table is not None else []:
        events.setdefault(card.name, []).append(kind)
    if not events:
        return []
    named = [f"{name} ({', '.join(kinds)})" for name, kinds in list(events.items())[:SHOWN]]
    more = f" and {len(events) - SHOWN} more" if len(events) > SHOWN else ""
    noun = "card" if len(events) == 1 else "cards"
    return [f"{len(events)} {noun} beyond noise: {', '.join(named)}{more}"]


def card_change_lines(changes: list[CardChange] | None) -> list[str]:
    """How many card impacts changed against the other project, and which (the impact: held minus not held)."""
    if changes is None:
        return []
    tested = [row for row in changes if row.tested]
    changed = [row for row in tested if row.changed]
    lines = [f"  cards: {len(changed)} of {len(tested)} card impacts changed beyond noise "
             f"(win share with the card minus without it)"]
    return lines + [f"    {row.label}: {points(row.base)} -> {points(row.other)}, change "
                    f"{points_within(row.difference, row.low, row.high)}, corrected p {p_text(_adjusted(row))}"
                    for row in changed]


def _adjusted(row: CardChange) -> float:
    """A change's corrected p-value (its own before the correction)."""
    return row.p_adjusted if row.p_adjusted is not None else row.p_value
