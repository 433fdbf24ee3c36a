"""Promotion's rule constants, each in a position worked out by hand from the rules text and the printed postcard.

The positions are built as in test_sim_promotion.py: P1 is the first parent; face(state, i) turns side i + 1 to P1.
"""

from __future__ import annotations

import pytest
from shipped.promotion import load
from shipped.promotion.play import DOWN_TIE
from test_sim_promotion import face, facing, holdings, place, ready

# The printed postcard (postcard.csv): the suits each side's rows 2-4 raise.
ROWS = {1: ("♠♥", "♣♦", "♠♥♣♦"), 2: ("♥♣", "♠♦", "♠♥♣♦"), 3: ("♣♦", "♠♥", "♠♥♣♦"), 4: ("♠♦", "♥♣", "♠♥♣♦")}



@pytest.fixture(scope="module")
def data(repo):
    return load(repo)


@pytest.mark.parametrize("side", [1, 2, 3, 4])
@pytest.mark.parametrize("row", [2, 3, 4])
def test_each_row_of_each_side_raises_the_suits_it_names(data, side, row):
    state = ready(data)
    face(state, side - 1)
    assert facing(state)[0] == side
    before = holdings(state).split(" | ")[0].split()
    others = 4 if row < 4 else 2  # two or more others on one row: they bat each other, never P1's row
    state.apply_actions([row] + [others] * 3)
    after = holdings(state).split(" | ")[0].split()
    raised = "".join(a[0] for a, b in zip(after, before) if a != b)
    assert sorted(raised) == sorted(ROWS[side][row - 2])
    assert all(int(a[1:]) > int(b[1:]) for a, b in zip(after, before) if a != b)


def test_rows_resolve_in_order_and_the_game_ends_after_the_row_that_gave_a_k13(data):
    state = ready(data)
    place(state, "♠5 ♥6 ♦12 ♣8 | ♠12 ♥7 ♦8 ♣5 | ♠7 ♥8 ♦5 ♣6 | ♠8 ♥5 ♦6 ♣7")
    face(state, 0)  # P1 side 1 (row 3: ♣♦), P2 side 4 (row 4: every suit), P3 side 3, P4 side 2
    state.apply_actions([3, 4, 2, 2])  # row 2: P3 ♣♦ and P4 ♥♣ bat ♣; row 3: P1 ♦12 -> ♦13; row 4 never comes
    assert state.is_terminal() and state.winners() == [0]
    assert holdings(state) == "♠5 ♥6 ♦13 ♣9 | ♠12 ♥7 ♦8 ♣5 | ♠7 ♥8 ♦7 ♣6 | ♠8 ♥9 ♦6 ♣7"


def test_down_lowers_every_other_player_and_never_its_user(data):
    state = ready(data)
    place(state, "♠5 ♥6 ♦7 ♣10 | ♠11 ♥5 ♦6 ♣7 | ♠6 ♥12 ♦12 ♣5 | ♠10 ♥7 ♦8 ♣6")
    face(state, 1)  # P1 faces 2:Down!; the ♣9 below P1's highest lies in the middle
    state.apply_actions([1, 4, 4, 4])
    assert state.phase == DOWN_TIE
    state.apply_action(2)
    assert holdings(state) == "♠5 ♥6 ♦7 ♣10 | ♠9 ♥5 ♦6 ♣7 | ♠6 ♥12 ♦11 ♣5 | ♠8 ♥7 ♦8 ♣6"  # P1's ♣10 stays
    assert state.round_count == 2 and not state.is_terminal()
