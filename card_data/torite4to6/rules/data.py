"""鳥手板4to6's printed data read for the simulation: member and candidate cards as ints, set-up per player count."""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass, field

from pnp.sim import PnpError, PrintedCard, Table, printed_card, read_component

GAME = "torite4to6"
FILES = ("members", "candidates", "setup", "pieces")
FORMATION = 5  # ユニットのフォーメーションは5名で構成します
OVERWORK = 7  # 裏向きカードが6枚を超え、7枚以上になった時
BONUS_LOW, BONUS_HIGH = 4, 6  # 裏向きのカードが4~6枚であれば4to6ボーナス
GRADUATION = 30  # 累積した貢献点が30を超えると卒業
TRUMP_STRENGTH = 1000  # a trump card's captain strength is this plus its number: above any led card

# A piece on the stage is one int: position << 11 | (63 - placing order) << 5 | owner. Sorted ascending, pieces
# come from the lowest position and, within a position, from the front (the piece placed last) backwards.
POSITION, ORDER, OWNER = 11, 5, 31
AT_POSITION = -1 << POSITION  # a piece key's position bits
CANDIDATE = 16  # owner codes 16, 17, ...: the candidate piece of row slot ①, ②, ...


def centre_owner(keys: list[int]) -> int:
    """The owner code of the centre among piece keys sorted ascending: the front piece of the position of the
    third piece counted from the lowest position (rule 5)."""
    return keys[bisect_left(keys, keys[2] & AT_POSITION)] & OWNER


@dataclass(frozen=True)
class Setup:
    """One row of setup.csv: what a live needs at one player count."""

    players: int
    hand: int
    pieces: int  # candidate pieces standing in each formation
    row: int  # face-up candidate cards next to the deck


@dataclass
class ToriteData:
    """The decks as ints: member ids 0..members-1, candidate ids members..members+candidates-1."""

    tables: dict[str, Table]
    colours: tuple[str, ...]  # ascii colour keys in the order members.csv first names them
    colour_names: tuple[str, ...]  # as printed (赤 青 ...)
    members: int
    candidates: int
    colour: tuple[int, ...]  # by member id: colour index
    number: tuple[int, ...]  # by card id (members and candidates): position 1-12
    icons: tuple[int, ...]  # by member id: contribution icons
    trump: tuple[bool, ...]  # by member id
    subcolour: tuple[int, ...]  # by candidate id - members: colour index (-1: not a member colour)
    labels: tuple[str, ...]  # by card id: the CSV id
    strength: tuple[tuple[int, ...], ...]  # strength[led colour][member id]: captain strength, -1 if none
    setups: dict[int, Setup]
    cache: dict = field(default_factory=dict, repr=False)  # per player count: the engine's shared tables
    printed: tuple[PrintedCard, ...] = ()  # by card id: the CSV file and row it was printed from

    @property
    def total(self) -> int:
        """Every card of both decks."""
        return self.members + self.candidates

    def setup(self, players: int) -> Setup:
        """The set-up for a player count, or a PnpError naming setup.csv."""
        if players not in self.setups:
            raise PnpError(f"no usable set-up row for {players} players", where=self.tables["setup"].label,
                           fix=f"give players={players} a row with whole numbers: hand_size (1 or more), "
                               "candidate_pieces and candidate_row")
        return self.setups[players]


def load(project) -> ToriteData:
    """Read members.csv, candidates.csv, setup.csv and pieces.csv of card_data/torite4to6/."""
    tables = {name: read_component(project, GAME, name) for name in FILES}
    return build(tables)


def build(tables: dict[str, Table]) -> ToriteData:
    """Expand the rows by count into per-card tuples (rows the rules cannot use are left out; integrity names them)."""
    colours, names = _colours(tables["members"])
    colour, number, icons, trump, labels, printed = [], [], [], [], [], []
    for row in tables["members"].rows:
        if not usable_member(row.values, colours):
            continue
        printed += [printed_card(tables["members"], row)] * row.count
        for _ in range(row.count):
            colour.append(colours.index(row.values["color"]))
            number.append(row.values["number"])
            icons.append(row.values["contribution"])
            trump.append(row.values["trump"] == 1)
            labels.append(str(row.values.get("id", "")))
    subcolour = []
    for row in tables["candidates"].rows:
        if not isinstance(row.values.get("number"), int) or row.values["number"] < 0:
            continue
        sub = row.values.get("subcolor")
        printed += [printed_card(tables["candidates"], row)] * row.count
        for _ in range(row.count):
            subcolour.append(colours.index(sub) if sub in colours else -1)
            number.append(row.values["number"])
            labels.append(str(row.values.get("id", "")))
    strength = tuple(tuple(TRUMP_STRENGTH + n if t else (n if c == led else -1)
                           for c, n, t in zip(colour, number, trump)) for led in range(len(colours)))
    return ToriteData(tables, colours, names, len(colour), len(subcolour), tuple(colour), tuple(number),
                      tuple(icons), tuple(trump), tuple(subcolour), tuple(labels), strength, _setups(tables["setup"]),
                      printed=tuple(printed))


def usable_member(values: dict, colours: tuple[str, ...]) -> bool:
    """A member row the engine can play: a known colour, a whole-number position, icons and trump flag."""
    return (values.get("color") in colours and isinstance(values.get("number"), int) and values["number"] >= 0
            and isinstance(values.get("contribution"), int) and values.get("trump") in (0, 1))


def _colours(table: Table) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Colour keys in first-seen order, with the printed name of each."""
    found: dict[str, str] = {}
    for row in table.rows:
        key = row.values.get("color")
        if isinstance(key, str) and key.strip() and key not in found:
            found[key] = str(row.values.get("color_name", key))
    return tuple(found), tuple(found.values())


def _setups(table: Table) -> dict[int, Setup]:
    """setup.csv rows with whole numbers in every column the engine reads."""
    keys = ("players", "hand_size", "candidate_pieces", "candidate_row")
    setups: dict[int, Setup] = {}
    for row in table.rows:
        values = [v for v in map(row.values.get, keys) if isinstance(v, int) and v >= 0]
        if len(values) == len(keys) and values[0] > 0 and values[1] > 0:
            setups[values[0]] = Setup(*values)
    return setups
