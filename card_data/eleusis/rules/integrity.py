"""Static checks of New Eleusis's printed data and rule library against the rules text."""

from __future__ import annotations

from .data import DECKS, GAME, HAND, HINT_TIMES, LATE, MAX_PLAY, PENALTY, RANKS, SUITS, EleusisData
from .library import Library, SecretRule

LIBRARY_TARGET = 10  # fewer rules make the secret easy to guess from the list
# Numbers the simulation plays by, as the reference card must print them.
REFERENCE_NUMBERS = (f"初期手札{HAND}枚", f"1枚以上{MAX_PLAY}枚以下", f"枚数×{PENALTY}枚", f"{LATE}枚",
                     "・".join(f"{n}枚目" for n in HINT_TIMES))
# 準備 2: markers per player (○ and ●); 預言者 markers for every child at once.
MARKERS = {"white": 0, "black": 0, "prophet": -1}


def integrity(data: EleusisData, player_counts) -> list[str]:
    """Every finding names its file and row."""
    most = max(player_counts, default=0)
    return (_deck_findings(data) + _setup_findings(data, player_counts) + _component_findings(data, most)
            + _library_findings(data.library, data))


def _deck_findings(data: EleusisData) -> list[str]:
    """トランプ2組: two decks, each A-K of four suits once, every suit one colour, both decks alike."""
    findings = []
    if len(data.decks) != DECKS:
        findings.append(f"card_data/{GAME}/game.yaml: the rules play with トランプ2組 ({DECKS} decks); "
                        f"game.yaml prints {len(data.decks)}")
    for deck in data.decks:
        table, seen = deck.table, set()
        for row in table.rows:
            suit, value = row.values.get("suit"), row.values.get("value")
            if value not in RANKS:
                findings.append(f"{table.where(row)}: {deck.name}: '{suit} {value}' is not a card A-K (value 1-13)")
            elif row.count != 1 or (suit, value) in seen:
                findings.append(f"{table.where(row)}: {deck.name}: {suit} {value} must be in the deck exactly once")
            seen.add((suit, value))
        suits = {suit for suit, _ in seen}
        if len(suits) != SUITS or len(deck.faces) != SUITS * len(RANKS):
            findings.append(f"{table.label}: {deck.name} has {len(deck.faces)} cards in {len(suits)} suits; "
                            f"a deck without jokers has {SUITS * len(RANKS)} in {SUITS}")
    if len({tuple(sorted(deck.faces)) for deck in data.decks}) > 1:
        findings.append(f"card_data/{GAME}/game.yaml: the decks show different cards; the two decks must differ "
                        "only in their backs")
    return findings + _colour_findings(data)


def _colour_findings(data: EleusisData) -> list[str]:
    """Colour rules need two colours, and each suit must have one colour."""
    colours: dict[str, set] = {}
    for face in data.faces:
        colours.setdefault(face.suit, set()).add(face.color)
    label = data.decks[0].table.label if data.decks else f"card_data/{GAME}/game.yaml"
    findings = [f"{label}: suit {suit} has the colours {', '.join(sorted(c))}; a suit is one colour"
                for suit, c in sorted(colours.items()) if len(c) > 1]
    if len({face.color for face in data.faces}) != 2:
        findings.append(f"{label}: the cards have {len({f.color for f in data.faces})} colour(s); "
                        "red and black are needed")
    return findings


def _setup_findings(data: EleusisData, player_counts) -> list[str]:
    """準備 4: 12 cards for every child and a starter card, with the deck left able to pay a 4-card penalty."""
    findings = []
    for count in player_counts:
        left = data.cards - HAND * (count - 1) - 1
        if left < PENALTY * MAX_PLAY:
            findings.append(f"card_data/{GAME}/game.yaml: with {count} players the {data.cards} cards leave "
                            f"{max(left, 0)} in the deck after dealing {HAND} to each of {count - 1} children and "
                            f"a starter; one wrong 4-card play draws {PENALTY * MAX_PLAY}")
    return findings


def _component_findings(data: EleusisData, most: int) -> list[str]:
    """Markers, rule slips and reference cards for the largest table."""
    findings = []
    tables = data.tables
    if "markers" in tables:
        table = tables["markers"]
        for kind, extra in MARKERS.items():
            have = sum(row.count for row in table.rows if row.values.get("kind") == kind)
            if have < most + extra:
                findings.append(f"{table.label}: {have} {kind} marker(s); {most} players need {most + extra}")
    for name, what in (("rule_slip", "one rule slip per dealer of a game"), ("reference", "a reference card each")):
        if name in tables and tables[name].card_count < most:
            findings.append(f"{tables[name].label}: {tables[name].card_count} {name} card(s); "
                            f"{most} players need {what}")
    if "reference" in tables:
        table = tables["reference"]
        for row in table.rows:
            text = " ".join(str(v) for v in row.values.values())
            findings += [f"{table.where(row)}: the reference card does not say {words}, which the simulation plays by"
                         for words in REFERENCE_NUMBERS if words not in text]
    return findings


def _library_findings(library: Library, data: EleusisData) -> list[str]:
    """Enough rules, each with an id, text and hint; no rule trivial, empty, stuck, or the same as another."""
    table, n = library.table, library.faces
    findings = []
    if len(library.rules) < LIBRARY_TARGET:
        findings.append(f"{table.label}: the library has {len(library.rules)} rule(s); with fewer than "
                        f"{LIBRARY_TARGET} the secret rule is easy to guess")
    seen: dict[str, str] = {}
    for rule, judged in zip(library.rules, library.tables):
        for column in ("id", "text", "hint"):
            if not getattr(rule, column):
                findings.append(f"{rule.where}: the rule has no {column}")
        if rule.id in seen:
            findings.append(f"{rule.where}: the id {rule.id} is also used by {seen[rule.id]}")
        seen.setdefault(rule.id, rule.where)
        if all(judged):
            findings.append(f"{rule.where}: {rule.id} accepts every card after every card: no play can fail")
        elif not any(judged):
            findings.append(f"{rule.where}: {rule.id} accepts no card at all: the main line never grows")
        else:
            stuck = [data.faces[p].text for p in range(n) if not any(judged[p * n:p * n + n])]
            if stuck:
                findings.append(f"{rule.where}: {rule.id} accepts no card after {', '.join(stuck[:6])}"
                                f"{' ...' if len(stuck) > 6 else ''}: the main line stops there")
    first: dict[bytes, SecretRule] = {}
    for rule, judged in zip(library.rules, library.tables):
        if judged in first:
            findings.append(f"{rule.where}: {rule.id} judges every card as {first[judged].id} does "
                            f"({first[judged].where}): players cannot tell them apart")
        first.setdefault(judged, rule)
    return findings
