"""Eitsuku's deck read from the printed CSV files, the rules' fixed numbers, and budget payment."""

from __future__ import annotations

from dataclasses import dataclass, field

from pnp.sim import PrintedCard, Row, Table, printed_card, read_component

GAME = "eitsuku"
FILES = ("budget", "role", "event")

# ◆2 2-2 and ◆3 準備 1/4: budget sizes in rule order (小, 中, 大), their counts, setup and initial hand.
SIZES = ("小", "中", "大")
SIZE_SLUGS = ("budget_small", "budget_medium", "budget_large")
RULE_BUDGET = {"小": (1, 42), "中": (2, 36), "大": (3, 30)}
SETUP_PER_PLAYER = (7, 6, 5)
INITIAL_BUDGET = (5, 2, 0)
INITIAL_EVENTS = 2
INITIAL_ROLES = 2
PER_TURN = 5            # ◆3 3/4: at most 5 budget cards a turn across set and scout
SCOUT_STAKE = (0, 3, 6)  # ◆3 4C/4D: cost placed to draw a 中 / 大
TURN_LIMIT = 12

# ◆2 2-3: four role kinds, values 1-3 x3 and 4-6 x2; ◆3 3B: cost = value + 2.
ACTOR = "役者"
ROLE_KINDS = ("役者", "脚本家", "音楽家", "演出家")
ROLE_SLUGS = {"役者": "role_actor", "脚本家": "role_writer", "音楽家": "role_composer", "演出家": "role_director"}
ROLE_COPIES = {1: 3, 2: 3, 3: 3, 4: 2, 5: 2, 6: 2}
ACTOR_SLOTS = 2
DIE = {1: "役者", 2: "役者", 3: "脚本家", 4: "音楽家", 5: "演出家", 6: None}  # ◆3 準備 4
DIE_FACES = tuple(DIE)

# ◆2 2-4 / ◆5: fifteen events, four of each, in the order of ◆5 (the index is the event's code).
EVENTS = (
    ("タイアップキャンペーン", "tie_up"), ("巻きを入れる", "speed_up"), ("新たなるチャンス", "new_chance"),
    ("広告代理店の努力", "ad_agency"), ("電撃発表", "announcement"), ("地元の協力", "local_support"),
    ("役者大賞", "award_actor"), ("脚本家大賞", "award_writer"), ("音楽家大賞", "award_composer"),
    ("演出家大賞", "award_director"), ("話題の独占", "monopoly"), ("独自の情報網", "info_network"),
    ("ストライキ", "strike"), ("プロモーターの介入", "promoter"), ("方針転換", "policy_change"))
EVENT_NAMES = tuple(name for name, _ in EVENTS)
EVENT_SLUGS = tuple(slug for _, slug in EVENTS)
EVENT_COPIES = 4
(TIE_UP, SPEED_UP, CHANCE, AD, FLASH, LOCAL, AWARD_ACTOR, AWARD_WRITER, AWARD_COMPOSER, AWARD_DIRECTOR,
 MONOPOLY, INFO, STRIKE, PROMOTER, CONVERT) = range(15)
AWARDS = {AWARD_ACTOR: "役者", AWARD_WRITER: "脚本家", AWARD_COMPOSER: "音楽家", AWARD_DIRECTOR: "演出家"}
UNKNOWN = -1
EMPTY = -1 << 20  # what an empty role slot holds: below every card id


@dataclass
class Data:
    """The deck as the simulation uses it: role ids first, then event ids; budget cards by size."""

    tables: dict[str, Table]
    budget_value: tuple[int, ...]  # by size 小, 中, 大
    budget_count: tuple[int, ...]
    kinds: tuple[str, ...]
    kind_slots: tuple[tuple[int, ...], ...]
    slot_kind: tuple[int, ...]
    kind_ids: tuple[tuple[int, ...], ...]
    role_kind: list[int]
    role_value: list[int]
    role_cost: list[int]
    codes: list[int]  # by card id: the event code, or UNKNOWN for role cards and unknown events
    numbers: tuple[int, ...]  # the numbers a プロモーターの介入 may declare
    die_kind: dict[int, int | None]
    misplaced: tuple[frozenset, ...] = ()  # by slot: the role ids of the other kinds
    place: list = field(default_factory=list, repr=False)  # by role id: its 3B actions, one per slot of its kind
    face: list[int] = field(default_factory=list, repr=False)  # equal for interchangeable cards
    by_value: tuple[int, ...] = (2, 1, 0)  # budget sizes, highest value first
    award_plays: dict[int, tuple] = field(default_factory=dict, repr=False)  # by 〜大賞 code: one action per slot
    memo: dict = field(default_factory=dict, repr=False)
    reach_memo: dict = field(default_factory=dict, repr=False)
    spare_slots: int = 0  # slots a complete film may leave empty: slots beyond one per kind
    roles: int = 0  # role cards have ids 0 .. roles-1, event cards roles .. cards-1
    cards: int = 0
    printed: tuple[PrintedCard, ...] = ()  # by card id: the CSV file and row it was printed from


def load(project) -> Data:
    """Read budget.csv, role.csv and event.csv of card_data/eitsuku/ into the simulation's deck."""
    tables = {name: read_component(project, GAME, name) for name in FILES}
    return build(tables)


def build(tables: dict[str, Table]) -> Data:
    """Turn the three tables into compact lists (rows the rules cannot use are left out)."""
    values, counts = [1, 2, 3], [0, 0, 0]
    for row in tables["budget"].rows:
        size, value = row.values.get("size"), row.values.get("value")
        if size in SIZES and isinstance(value, int) and value > 0:
            values[SIZES.index(size)] = value
            counts[SIZES.index(size)] += row.count
    kinds, role_kind, role_value, role_cost = _roles(tables["role"])
    slots = [(k, s) for k, name in enumerate(kinds) for s in range(ACTOR_SLOTS if name == ACTOR else 1)]
    kind_slots = tuple(tuple(i for i, (k, _) in enumerate(slots) if k == kind) for kind in range(len(kinds)))
    codes = [UNKNOWN] * len(role_kind)
    for row in tables["event"].rows:
        name = row.values.get("name")
        codes += [EVENT_NAMES.index(name) if name in EVENT_NAMES else UNKNOWN] * row.count
    kind_ids = tuple(tuple(i for i, k in enumerate(role_kind) if k == kind) for kind in range(len(kinds)))
    die = {face: (kinds.index(name) if name in kinds else None) for face, name in DIE.items()}
    data = Data(tables, tuple(values), tuple(counts), tuple(kinds), kind_slots, tuple(k for k, _ in slots),
                kind_ids, role_kind, role_value, role_cost, codes, tuple(sorted(set(role_value))) or (1,), die)
    data.roles, data.cards = len(role_kind), len(codes)
    data.printed = _printed(tables, kinds)
    data.spare_slots = len(slots) - len(kinds)
    data.place = [tuple(("place", c, s) for s in kind_slots[k]) for c, k in enumerate(role_kind)]
    data.misplaced = tuple(frozenset(i for i, k in enumerate(role_kind) if k != kind) for kind in data.slot_kind)
    data.by_value = tuple(sorted(range(3), key=lambda k: -data.budget_value[k]))
    data.face = [(k << 16) + v for k, v in zip(role_kind, role_value)] + [-2 - c for c in codes[len(role_kind):]]
    data.award_plays = {code: tuple(("play", code, s) for s in (kind_slots[kinds.index(name)] if name in kinds else ()))
                        for code, name in AWARDS.items()}
    return data


def _usable_role(row: Row, kinds: list[str]) -> bool:
    """A role row the simulation plays: a role of ◆2 2-3 with a whole-number value and cost."""
    return (row.values.get("role") in kinds and isinstance(row.values.get("value"), int)
            and isinstance(row.values.get("cost"), int))


def _printed(tables: dict[str, Table], kinds: list[str]) -> tuple[PrintedCard, ...]:
    """The printed card of every role id (named by role and value) and event id, for per-card impact."""
    roles, events = tables["role"], tables["event"]
    return (tuple(printed_card(roles, row, f"{row.values['role']} {row.values['value']}") for row in roles.rows
                  if _usable_role(row, kinds) for _ in range(row.count))
            + tuple(printed_card(events, row) for row in events.rows for _ in range(row.count)))


def _roles(table: Table) -> tuple[list[str], list[int], list[int], list[int]]:
    """Role kinds in rule order (only the four of ◆2 2-3) and one entry per role card."""
    kinds = [name for name in ROLE_KINDS if any(r.values.get("role") == name for r in table.rows)]
    role_kind: list[int] = []
    role_value: list[int] = []
    role_cost: list[int] = []
    for row in table.rows:
        if _usable_role(row, kinds):
            role_kind += [kinds.index(row.values["role"])] * row.count
            role_value += [row.values["value"]] * row.count
            role_cost += [row.values["cost"]] * row.count
    return kinds, role_kind, role_value, role_cost


def pay(data: Data, hand: list[int], cost: int, limit: int | None, stake: bool = False):
    """The budget cards (小, 中, 大) a player uses for `cost` with at most `limit` cards, or None."""
    # Paying (3B, ストライキ B) spends the least value, then the fewest cards, keeping large cards;
    # staking (4C/4D, taken back in 5A) uses the fewest cards, then the least value.
    key = (hand[0], hand[1], hand[2], cost, limit, stake)
    cards = data.memo.get(key, data)  # data: not worked out yet (None means the cost cannot be paid)
    if cards is data:
        cards = data.memo[key] = _cheapest(hand, data.budget_value, cost, sum(hand) if limit is None else limit, stake)
    return cards


def reach(data: Data, hand: list[int], limit: int) -> int:
    """The most a player can pay with at most `limit` cards: any cost up to it can be paid (change is not given)."""
    key = (hand[0], hand[1], hand[2], limit)
    total = data.reach_memo.get(key)
    if total is None:
        total = 0
        for k in data.by_value:
            n = hand[k] if hand[k] < limit else limit
            total += n * data.budget_value[k]
            limit -= n
        data.reach_memo[key] = total
    return total


def _cheapest(hand, values, cost, limit, stake):
    """Search every mix of large and medium cards, topping up with the fewest small cards."""
    best = None
    for large in range(min(hand[2], limit) + 1):
        for medium in range(min(hand[1], limit - large) + 1):
            rest = cost - medium * values[1] - large * values[2]
            small = 0 if rest <= 0 else -(-rest // values[0])
            if small > hand[0] or small + medium + large > limit:
                continue
            total, cards = small * values[0] + medium * values[1] + large * values[2], small + medium + large
            rank = (cards, total, large, medium) if stake else (total, cards, large, medium)
            if best is None or rank < best[0]:
                best = (rank, (small, medium, large))
    return None if best is None else best[1]

# Decision points of the state machine (the phase that asks the current player).
(PH_SETUP, PH_START, PH_ACTION, PH_PROMO_SLOT, PH_PROMO_NUMBER, PH_CONVERT, PH_SET, PH_SCOUT, PH_INFO, PH_END,
 PH_OVER) = range(11)
PHASE_NAMES = ("setup", "start", "action", "action", "action", "action", "set", "scout", "end", "end", "over")

# Actions that carry no argument (the others are built as tuples where they are offered).
Action = tuple  # a tag and its arguments, e.g. ("place", card, slot); those without arguments follow
USE_CONVERT, DRAW_EVENT, PASS = ("convert",), ("draw_event",), ("pass",)
SMALL, MEDIUM, LARGE = ("small",), ("medium",), ("large",)
COLLECT, RELEASE, STRIKE_B = ("collect",), ("release",), ("strike_b",)
INFO_EVENTS, INFO_ROLES = 0, 1
