"""鳥手板4to6's deck integrity: what the rules text needs of the printed CSV files, each finding naming file and row."""

from __future__ import annotations

from collections import Counter, defaultdict

from pnp.sim import Table

from .data import FORMATION, ToriteData, usable_member

COLUMNS = {"members": ("id", "color", "color_name", "trump", "number", "contribution", "count"),
           "candidates": ("id", "number", "subcolor", "count"),
           "setup": ("players", "hand_size", "dealt", "set_aside", "candidate_pieces", "candidate_row"),
           "pieces": ("kind", "count")}
ROW = 3  # 1度のユニット編成で最大4枚(キャプテンと候補生3枚): a candidate row of three


def integrity(data: ToriteData, player_counts) -> list[str]:
    """Every finding about the printed data, for the player counts asked for."""
    findings = []
    for name, columns in COLUMNS.items():
        table = data.tables[name]
        findings += [f"{table.label}: column '{c}' is missing; the simulation reads it" for c in columns
                     if c not in table.columns]
    return (findings + _member_findings(data) + _colour_findings(data) + _candidate_findings(data)
            + _setup_findings(data, player_counts) + _piece_findings(data, player_counts))


def _member_findings(data: ToriteData) -> list[str]:
    """Playable rows, and no two equal cards (最も数字の大きいカード must name one card)."""
    table, findings = data.tables["members"], []
    seen: Counter = Counter()
    for row in table.rows:
        values = row.values
        if not usable_member(values, data.colours):
            findings.append(f"{table.where(row)}: '{values.get('id', '')}' cannot be played: it needs a colour, a "
                            "whole-number position, whole-number icons and trump 0 or 1")
            continue
        if values["contribution"] < 1:
            findings.append(f"{table.where(row)}: {values.get('id')} has {values['contribution']} icons; a centre "
                            "card then scores nothing")
        seen[(values["color"], values["number"])] += row.count
        if seen[(values["color"], values["number"])] > 1:
            findings.append(f"{table.where(row)}: {values['color']} {values['number']} is in the deck "
                            f"{seen[(values['color'], values['number'])]} times; equal cards tie for captain")
    return findings


def _colour_findings(data: ToriteData) -> list[str]:
    """One trump colour, a name and a trump flag per colour, even colours, icons by number only."""
    table, findings = data.tables["members"], []
    usable = [row for row in table.rows if usable_member(row.values, data.colours)]
    flags, names, icons = defaultdict(set), defaultdict(set), defaultdict(set)
    sizes: Counter[str] = Counter()
    for row in usable:
        colour = row.values["color"]
        flags[colour].add(row.values["trump"])
        names[colour].add(str(row.values.get("color_name", "")))
        sizes[colour] += row.count
        icons[row.values["number"]].add(row.values["contribution"])
    findings += [f"{table.label}: {c} is trump on some cards and not on others" for c in flags if len(flags[c]) > 1]
    findings += [f"{table.label}: {c} is printed as {' and '.join(sorted(names[c]))}" for c in names
                 if len(names[c]) > 1]
    trumps = sorted(c for c in flags if 1 in flags[c])
    if len(trumps) != 1:
        findings.append(f"{table.label}: {len(trumps)} trump colours ({', '.join(trumps) or 'none'}); the rules "
                        "have one (紫色カードは…切り札)")
    if len(set(sizes.values())) > 1:
        findings.append(f"{table.label}: the colours hold different numbers of cards ("
                        + ", ".join(f"{c} {n}" for c, n in sizes.items()) + "); following suit favours the larger")
    findings += [f"{table.label}: number {n} has different icons in different colours ({sorted(i)}); the design "
                 "gives icons by number only" for n, i in sorted(icons.items()) if len(i) > 1]
    return findings


def _candidate_findings(data: ToriteData) -> list[str]:
    """Sub-colours a captain can have, positions on the stage, every colour with candidates."""
    table, findings = data.tables["candidates"], []
    positions = set(data.number[:data.members])
    for row in table.rows:
        sub, number = row.values.get("subcolor"), row.values.get("number")
        if sub not in data.colours:
            findings.append(f"{table.where(row)}: sub-colour '{sub}' is no member colour: no captain ever takes it")
        if not isinstance(number, int) or number not in positions:
            findings.append(f"{table.where(row)}: position '{number}' is not a member card's number, so no "
                            "position on the stage")
    subs = Counter(row.values.get("subcolor") for row in table.rows for _ in range(row.count))
    findings += [f"{table.label}: no candidate has the sub-colour {c}; a {c} captain never takes candidates"
                 for c in data.colours if not subs[c]]
    return findings


def _setup_findings(data: ToriteData, player_counts) -> list[str]:
    """A row per player count, hands the deck can deal, five pieces per formation, a candidate deck that lasts."""
    table, findings = data.tables["setup"], []
    rows = {row.values.get("players"): row for row in table.rows}
    for players in player_counts:
        if players not in rows or players not in data.setups:
            findings.append(f"{table.label}: no usable row for {players} players")
            continue
        row, setup, where = rows[players], data.setups[players], table.where(rows[players])
        dealt = players * setup.hand
        if dealt > data.members:
            findings.append(f"{where}: {players} x {setup.hand} cards are {dealt}, the member deck has "
                            f"{data.members}; hands cannot be dealt")
        elif row.values.get("dealt") != dealt or row.values.get("set_aside") != data.members - dealt:
            findings.append(f"{where}: dealt {row.values.get('dealt')} / set aside {row.values.get('set_aside')}, "
                            f"but {players} x {setup.hand} from {data.members} deals {dealt} and sets aside "
                            f"{data.members - dealt}")
        if setup.pieces != FORMATION - players:
            findings.append(f"{where}: candidate_pieces {setup.pieces}; a formation is {FORMATION} pieces "
                            f"(ユニットのフォーメーションは5名), so {players} players need {FORMATION - players}")
        if setup.row != ROW:
            findings.append(f"{where}: candidate_row {setup.row}; the rules' most of 4 face-down cards in one "
                            f"formation (キャプテンと候補生3枚) needs a row of {ROW}")
        most = setup.row + setup.row * setup.hand
        if data.candidates < most:
            findings.append(f"{data.tables['candidates'].label}: {data.candidates} candidate cards can run out "
                            f"in a live at {players} players (up to {most}: the row and 3 per formation)")
    return findings


def _piece_findings(data: ToriteData, player_counts) -> list[str]:
    """Enough candidate pieces and one member-piece colour per player."""
    table: Table = data.tables["pieces"]
    candidates = sum(row.count for row in table.rows if row.values.get("kind") == "candidate")
    colours = sum(1 for row in table.rows if row.values.get("kind") == "member")
    needed = max((data.setups[n].pieces for n in player_counts if n in data.setups), default=0)
    findings = []
    if candidates < needed:
        findings.append(f"{table.label}: {candidates} candidate pieces, a formation needs up to {needed}")
    if player_counts and colours < max(player_counts):
        findings.append(f"{table.label}: member pieces in {colours} colours, {max(player_counts)} players need "
                        "one colour each")
    return findings
