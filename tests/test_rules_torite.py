"""鳥手板4to6's rule numbers at their edges, each worked out by hand from the rules text.

The states are built as in test_sim_torite.py; every expected number below is counted from the printed CSV
(members.csv: number, contribution = icons).
"""

from __future__ import annotations

import random

from shipped.torite4to6 import SPEC, Torite, greedy
from shipped.torite4to6.data import FORMATION
from test_sim_torite import DATA, arrange, do, names


def six_face_down_after_the_captaincy():
    """The live's last formation: P1's yellow-06 is captain and makes P1's face-down cards exactly 6.

    Played 6[P1] 7[P2] 8[P3] 9[P4] 12[c①]: the third piece (8) is P3's, so blue-08 is centre; of the others
    only yellow-06 is of the led colour, so P1 is captain and lays it face down (5 + 1 = 6); no yellow candidate.
    """
    five = ["purple-01", "purple-02", "purple-03", "purple-04", "cand-red-03"]
    return arrange(4, [["yellow-06"], ["green-07"], ["blue-08"], ["red-09"]],
                   ["cand-red-12", "cand-red-01", "cand-red-02"],
                   up=[["red-01", "red-05"], ["blue-11"], [], ["green-09"]],
                   down=[five,
                         ["purple-05", "purple-06", "purple-07", "cand-blue-01", "cand-blue-02", "cand-blue-03",
                          "cand-blue-04"], ["cand-green-01", "cand-green-02", "cand-green-03", "cand-green-04"],
                         ["cand-yellow-01", "cand-yellow-02", "cand-yellow-03"]], scores=[0, 0, 0, 0])


def test_six_face_down_cards_are_no_overwork_and_still_earn_the_4to6_bonus():
    state = six_face_down_after_the_captaincy()
    up, down = state.up, state.down  # the live's zones as its evaluation finds them (the next live has new ones)
    do(state, "yellow-06")
    # 過労: "裏向きカードが6枚を超え、7枚以上になった時" — 6 is not past 6, so P1 keeps red-01 and red-05 face up.
    assert len(down[0]) == 6 and state.overworks == 0 and names(up[0]) == ["red-01", "red-05"]
    # 評価: icons of the face-up cards + face-down cards, and "裏向きのカードが4~6枚であれば" the icons again.
    # P1: red-01 (3) + red-05 (1) = 4 icons, 6 face down: 4 + 6 + 4 = 14 (6 is inside 4~6).
    # P2: blue-11 (3), 7 face down (past 6: no bonus): 3 + 7 = 10. P3: blue-08 (1), 4 face down: 1 + 4 + 1 = 6.
    # P4: green-09 (2), 3 face down (below 4: no bonus): 2 + 3 = 5.
    assert state.gains[-1] == (14, 10, 6, 5)
    assert state.bonuses == 2  # P1 at 6 and P3 at 4, the two ends of 4~6


def test_seven_face_down_cards_after_a_captaincy_are_overwork():
    state = six_face_down_after_the_captaincy()
    state.down[0].append(state.down[1].pop())  # P1 starts with 6 face down, P2 with 6
    up, down = state.up, state.down
    do(state, "yellow-06")
    # The captaincy makes P1's 7th face-down card: 過労. Every face-up card goes to the other player with the
    # fewest face-down cards: P2 6, P3 4, P4 3, so P4 takes red-01 and red-05.
    assert len(down[0]) == 7 and state.overworks == 1 and up[0] == []
    assert names(up[3]) == ["green-09", "red-01", "red-05"]
    # P1: no face-up card, 7 face down: 0 + 7 = 7. P2: 3 icons, 6 face down: 3 + 6 + 3 = 12. P3: 1 + 4 + 1 = 6.
    # P4: 2 + 3 + 1 = 6 icons, 3 face down: 6 + 3 = 9.
    assert state.gains[-1] == (7, 12, 6, 9)


def test_the_game_is_for_three_to_five_players():
    # "ユニットのフォーメーションは5名で構成します。つまり4人プレイ時は1人、3人プレイ時は2人足らない": a formation
    # is 5 pieces, the players' and the candidates' (5 players: none, 4: one, 3: two); a sixth player has no place.
    assert FORMATION == 5 and SPEC.player_counts == (3, 4, 5)
    assert {players: DATA.setups[players].pieces for players in SPEC.player_counts} == {3: 2, 4: 1, 5: 0}


def test_a_redeal_at_every_count_keeps_must_follow_and_the_searchers_own_view():
    """What the search player plays on, at 3, 4 and 5 players: its own hand and choices as they are, every other
    hand its size, sorted by colour as dealt, and no card of a colour its holder has shown it lacks."""
    for players in SPEC.player_counts:
        game, rng = Torite(DATA, players, random.Random(players)), random.Random(0)
        while not game.is_terminal():
            me = game.current_player()
            world = game.redeal(me, rng)
            assert world.hands[me] == game.hands[me] and world.legal == game.legal
            for seat, hand in enumerate(world.hands):
                assert len(hand) == len(game.hands[seat])
                assert world.by_colour[seat] == world.split_by_colour(hand)
                lacked = game.lacks[seat] if seat != me else 0
                assert not any(lacked >> DATA.colour[card] & 1 for card in hand)
            game.apply_action(greedy(game.observation(me), game.legal, rng))
