"""Static deck checks for Eitsuku: counts against ◆2, names the rules use, setup at every player count."""

from __future__ import annotations

from collections import Counter

from pnp.sim import Table

from .data import (
    EVENT_COPIES,
    EVENT_NAMES,
    INITIAL_BUDGET,
    INITIAL_EVENTS,
    INITIAL_ROLES,
    ROLE_COPIES,
    ROLE_KINDS,
    RULE_BUDGET,
    SETUP_PER_PLAYER,
    SIZES,
    Data,
)

TOTALS = {"budget": 108, "role": 60, "event": 60}


def integrity(data: Data, player_counts) -> list[str]:
    """Every finding as 'file: row N: message' or 'file: message'."""
    findings = _budget(data.tables["budget"]) + _roles(data.tables["role"]) + _events(data.tables["event"])
    for name, total in TOTALS.items():
        table = data.tables[name]
        if table.card_count != total:
            findings.append(f"{table.label}: {table.card_count} cards, ◆2 says {total}")
    for players in player_counts:
        findings += _setup(data, players)
    return findings


def _budget(table: Table) -> list[str]:
    """Sizes, values and counts of ◆2 2-2."""
    findings, counts = [], Counter[str]()
    for row in table.rows:
        size, value = row.values.get("size"), row.values.get("value")
        if size not in RULE_BUDGET:
            findings.append(f"{table.where(row)}: size '{size}' is not one of 小, 中, 大 (◆2 2-2)")
            continue
        counts[size] += row.count
        if value != RULE_BUDGET[size][0]:
            findings.append(f"{table.where(row)}: 予算:{size} has value {value}, ◆2 2-2 says {RULE_BUDGET[size][0]}")
    for size, (_, rule) in RULE_BUDGET.items():
        if counts[size] != rule:
            findings.append(_at(table, "size", size, f"予算:{size} has {counts[size]} cards, ◆2 2-2 says {rule}"))
    return findings


def _roles(table: Table) -> list[str]:
    """Kinds, values, costs and copies of ◆2 2-3 and ◆3 3B."""
    findings, per_kind = [], Counter[str]()
    for row in table.rows:
        name, value, cost = (row.values.get(k) for k in ("role", "value", "cost"))
        if name not in ROLE_KINDS:
            findings.append(f"{table.where(row)}: role '{name}' is not one of {', '.join(ROLE_KINDS)} (◆2 2-3)")
            continue
        per_kind[name] += row.count
        if value not in ROLE_COPIES:
            findings.append(f"{table.where(row)}: {name} value {value} is not 1-6 (◆2 2-3)")
            continue
        if cost != value + 2:
            findings.append(f"{table.where(row)}: {name}{value} costs {cost}, ◆3 3B says value+2 = {value + 2}")
        if row.count != ROLE_COPIES[value]:
            findings.append(f"{table.where(row)}: {name}{value} x{row.count}, ◆2 2-3 says x{ROLE_COPIES[value]}")
    for name in ROLE_KINDS:
        if per_kind[name] != sum(ROLE_COPIES.values()):
            findings.append(_at(table, "role", name, f"{name}: {per_kind[name]} cards, ◆2 2-3 says 15"))
    return findings


def _events(table: Table) -> list[str]:
    """The fifteen events of ◆2 2-4 / ◆5, four of each."""
    findings, copies = [], Counter[str]()
    for row in table.rows:
        name = row.values.get("name")
        if name not in EVENT_NAMES:
            findings.append(f"{table.where(row)}: event '{name}' is not one of the 15 events of ◆5")
            continue
        copies[name] += row.count
    for name in EVENT_NAMES:
        if copies[name] != EVENT_COPIES:
            findings.append(_at(table, "name", name, f"{name}: {copies[name]} cards, ◆2 2-4 says {EVENT_COPIES}"))
    return findings


def _setup(data: Data, players: int) -> list[str]:
    """◆3 準備 at one player count: the budget prepared, the initial deal, role piles for any die roll."""
    findings, budget = [], data.tables["budget"]
    for k, size in enumerate(SIZES):
        need, have = players * SETUP_PER_PLAYER[k], data.budget_count[k]
        if have < need:
            findings.append(_at(budget, "size", size, f"{players} players: 予算:{size} has {have} cards, setup "
                                f"prepares players x{SETUP_PER_PLAYER[k]} = {need} (◆3 準備 1)"))
        if min(have, need) < players * INITIAL_BUDGET[k]:
            findings.append(_at(budget, "size", size, f"{players} players: not enough 予算:{size} for the initial "
                                f"hands ({players} x {INITIAL_BUDGET[k]}, ◆3 準備 4)"))
    role, event = data.tables["role"], data.tables["event"]
    for name in ROLE_KINDS:
        have = len(data.kind_ids[data.kinds.index(name)]) if name in data.kinds else 0
        if have < players * INITIAL_ROLES:
            findings.append(_at(role, "role", name, f"{players} players: the {name} pile has {have} cards; "
                                f"if every die picks it the initial hands need {players * INITIAL_ROLES} (◆3 準備 4)"))
    if len(data.codes) - data.roles < players * INITIAL_EVENTS:
        findings.append(f"{event.label}: {players} players need {players * INITIAL_EVENTS} events for the "
                        "initial hands (◆3 準備 4)")
    return findings


def _at(table: Table, column: str, value: str, message: str) -> str:
    """Name the first row with `column` == value, or the file when no row has it."""
    for row in table.rows:
        if row.values.get(column) == value:
            return f"{table.where(row)}: {message}"
    return f"{table.label}: {message}"
