"""鳥手板4to6's tables for one player count: seats, piece keys and deals, worked out once per data."""

from __future__ import annotations

from dataclasses import dataclass

from pnp.sim import PnpError

from .data import CANDIDATE, ORDER, POSITION, ToriteData


@dataclass(frozen=True)
class CountTables:
    """What every game at one player count shares, computed once per data and player count."""

    hand_size: int
    row_size: int
    pieces: int
    short: bool  # the member deck cannot deal the set-up's hand size
    subcolour: tuple[int, ...]  # by card id: a candidate's sub-colour; members match no colour
    numkey: tuple[int, ...]  # by card id: its position, shifted into a piece key
    seat_keys: tuple[tuple[int, ...], ...]  # [lead][i]: the order and owner bits of the i-th play's piece
    seat_order: tuple[tuple[int, ...], ...]  # [lead][i]: the seat of the i-th play
    seat_index: tuple[tuple[int, ...], ...]  # [lead][seat]: which play of the formation is the seat's
    deal: tuple[slice, ...]  # [seat]: the seat's hand in the shuffled member deck
    piece_keys: tuple[tuple[tuple[int, ...], ...], ...]  # [lead][i][member id]: the piece key of the i-th play
    slot_keys: tuple[int, ...]  # [slot]: the order and owner bits of a candidate piece
    slot_pieces: tuple[tuple[int, ...], ...]  # [slot][card id]: the piece key of a candidate in the slot
    discarded: tuple[tuple[tuple[bool, ...], ...], ...]  # [centre][captain] (-1: none): the played cards discarded
    member_ids: list[int]  # (a list sorts faster than a tuple)
    candidate_ids: tuple[int, ...]
    colours: range

    @staticmethod
    def build(data: ToriteData, players: int) -> CountTables:
        """The shared tables for a player count (a PnpError when the data cannot set up a live)."""
        setup = data.setup(players)
        hand = min(setup.hand, data.members // players)  # a short deck deals fewer (ruling 2)
        if hand < 1:
            raise PnpError(f"{data.members} member cards cannot deal a hand to {players} players",
                           where=data.tables["members"].label, fix="add member cards or lower the player count")
        pieces = min(setup.pieces, setup.row, 15)
        seat_keys = tuple(tuple((63 - pieces - i) << ORDER | (lead + i) % players for i in range(players))
                          for lead in range(players))
        slot_keys = tuple((63 - slot) << ORDER | (CANDIDATE + slot) for slot in range(pieces))
        numkey = tuple(max(0, n) << POSITION for n in data.number)
        plays = range(players)
        return CountTables(hand, setup.row, pieces, hand < setup.hand, (-2,) * data.members + data.subcolour, numkey,
                     seat_keys, tuple(tuple((lead + i) % players for i in plays) for lead in plays),
                     tuple(tuple((seat - lead) % players for seat in plays) for lead in plays),
                     tuple(slice(p * hand, (p + 1) * hand) for p in plays),
                     tuple(tuple(tuple(numkey[c] | key for c in range(data.members)) for key in keys)
                           for keys in seat_keys),
                     slot_keys, tuple(tuple(number | key for number in numkey) for key in slot_keys),
                     tuple(tuple(tuple(i not in (centre, captain) for i in plays) for captain in range(players + 1))
                           for centre in range(players + 1)),
                     list(range(data.members)), tuple(range(data.members, data.total)),
                     range(len(data.colours)))
