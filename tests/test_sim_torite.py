"""鳥手板4to6's simulation: each rule on a hand-built formation, invariants over seeds, a golden replay, CSV edits."""

# Regenerate the golden file after an intended rules change with PNP_UPDATE_GOLDEN=1.

from __future__ import annotations

import hashlib
import os
import random

import pytest
from click.testing import CliRunner
from conftest import ROOT, copy_games
from hypothesis import given, settings
from hypothesis import strategies as st
from shipped.torite4to6 import SPEC, Torite, greedy, integrity, load
from shipped.torite4to6.checks import formation_result
from shipped.torite4to6.data import POSITION

from pnp.check.checker import check, replay, to_json
from pnp.check.options import CheckOptions, Target
from pnp.check.play.game import game_seed, play
from pnp.cli.main import main
from pnp.errors import PnpError
from pnp.project.games import Project
from pnp.sim import InvariantViolation, random_policy

GAME = "torite4to6"
GOLDEN = ROOT / "tests" / "golden" / "torite4to6_seed_7.txt"
DATA = load(Project(ROOT))
ID = {label: i for i, label in enumerate(DATA.labels)}


# --- building states by hand ------------------------------------------------------------------------

def arrange(players, hands, row, lead=0, up=None, down=None, scores=None):
    """A live at the start of a formation: these hands, row (slot ① first), face-up and face-down cards (CSV
    ids); every other member card set aside, every other candidate in the deck."""
    state = Torite(DATA, players, random.Random(0))
    up, down = up or [[] for _ in hands], down or [[] for _ in hands]
    state.hands = [[ID[c] for c in hand] for hand in hands]
    state.by_colour = [[[c for c in hand if DATA.colour[c] == k] for k in range(len(DATA.colours))]
                       for hand in state.hands]
    state.up = [[ID[c] for c in cards] for cards in up]
    state.down = [[ID[c] for c in cards] for cards in down]
    held = {c for zone in state.hands + state.up + state.down for c in zone}
    state.aside = [c for c in range(DATA.members) if c not in held]
    state.discard, state.trick = [], []
    state.row = [ID[c] for c in row]
    state.candidate_deck = [c for c in state.candidate_ids if c not in held and c not in state.row]
    state.refill_row()
    state.formation = state.hand_size - len(state.hands[lead])
    state.lead = state.actor = lead
    state.legal = tuple(state.hands[lead])
    if scores:
        state.scores_now, state.gains = list(scores), [tuple(scores)]  # as if from earlier lives
    state.check_invariants()
    return state


def do(state, *cards):
    """Make these decisions in turn (forced plays happen by themselves), each checked against the legal list."""
    for label in cards:
        assert ID[label] in state.legal_actions(state.current_player()), (label, names(state.legal))
        state.apply_action(ID[label])
        state.check_invariants()


def names(cards) -> list[str]:
    return [DATA.labels[c] for c in cards]


# --- data and integrity -----------------------------------------------------------------------------------

def test_decks_load_from_the_printed_csv_and_are_clean():
    assert (DATA.members, DATA.candidates) == (60, 60)
    assert DATA.colours == ("red", "blue", "green", "yellow", "purple")
    assert [DATA.trump[ID[f"{c}-07"]] for c in DATA.colours] == [False] * 4 + [True]
    assert DATA.icons[ID["blue-01"]] == 3 and DATA.icons[ID["blue-06"]] == 1 and DATA.number[ID["cand-green-09"]] == 9
    setups = {n: (s.hand, s.pieces, s.row) for n, s in DATA.setups.items()}
    assert setups == {3: (8, 2, 3), 4: (10, 1, 3), 5: (12, 0, 3)}
    assert integrity(DATA, [3, 4, 5]) == []


def copy_project(tmp_path) -> Project:
    return copy_games(tmp_path, GAME)


def edit(project: Project, name: str, old: str, new: str) -> None:
    path = project.root / "card_data" / GAME / name
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_integrity_findings_name_file_and_row(tmp_path):
    project = copy_project(tmp_path)
    edit(project, "members.csv", "red-07,red,赤,0,7,1,1", "red-07,red,赤,0,8,1,1")  # two red 8s, no red 7
    edit(project, "members.csv", "yellow-03,yellow,黄,0,3,2,1", "yellow-03,yellow,黄,1,3,2,1")
    edit(project, "members.csv", "green-05,green,緑,0,5,1,1", "green-05,green,緑,0,5,2,1")
    edit(project, "candidates.csv", "cand-blue-02,2,blue", "cand-blue-02,2,pink")
    edit(project, "setup.csv", "4,10,40,20,1,3", "4,20,80,-20,2,3")
    findings = integrity(load(project), [3, 4, 5])
    expected = ["card_data/torite4to6/members.csv: row 9: red 8 is in the deck 2 times",
                "card_data/torite4to6/members.csv: yellow is trump on some cards and not on others",
                "card_data/torite4to6/members.csv: 2 trump colours (purple, yellow)",
                "card_data/torite4to6/members.csv: number 5 has different icons in different colours ([1, 2])",
                "card_data/torite4to6/candidates.csv: row 15: sub-colour 'pink' is no member colour",
                "card_data/torite4to6/setup.csv: row 3: 4 x 20 cards are 80, the member deck has 60",
                "card_data/torite4to6/setup.csv: row 3: candidate_pieces 2; a formation is 5 pieces",
                "card_data/torite4to6/candidates.csv: 60 candidate cards can run out in a live at 4 players"]
    for line in expected:
        assert any(f.startswith(line) for f in findings), (line, findings)
    assert len(findings) == len(expected)
    edit(project, "setup.csv", "5,12,60,0,0,3\n", "")
    assert "card_data/torite4to6/setup.csv: no usable row for 5 players" in integrity(load(Project(tmp_path)), [5])
    with pytest.raises(PnpError, match="no usable set-up row for 5 players"):
        Torite(load(Project(tmp_path)), 5, random.Random(1))


# --- a live -------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("players, hand, aside", [(3, 8, 36), (4, 10, 20), (5, 12, 0)])
def test_each_live_deals_the_setup_hands_and_a_row_of_three(players, hand, aside):
    state = Torite(DATA, players, random.Random(players))
    assert [len(h) for h in state.hands] == [hand] * players and len(state.aside) == aside
    assert len(state.row) == 3 and len(state.candidate_deck) == 57
    assert (state.live, state.lead, state.current_player(), state.formation) == (1, 0, 0, 0)
    assert state.legal_actions(0) == tuple(state.hands[0]) and state.legal_actions(1) == ()
    assert len(state.candidate_keys) == 5 - players  # candidate pieces on slot ① (and ②)
    while state.live == 1:
        state.apply_action(state.legal[0])
        state.check_invariants()
    assert (state.live, state.lead, state.formation) == (2, 1, 0)  # the next seat leads the new live first
    assert [len(h) for h in state.hands] == [hand] * players and state.up == [[]] * players


def test_must_follow_the_led_colour_and_single_choices_play_themselves():
    state = arrange(4, [["red-02", "blue-01", "purple-12"], ["red-05", "red-11", "blue-02"],
                        ["green-05", "blue-03", "yellow-03"], ["red-09", "blue-04", "yellow-04"]],
                    ["cand-yellow-05", "cand-red-01", "cand-green-12"])
    assert set(state.legal_actions(0)) == {ID["red-02"], ID["blue-01"], ID["purple-12"]}  # the lead plays anything
    do(state, "red-02")
    assert names(state.legal_actions(1)) == ["red-05", "red-11"]  # must follow red
    do(state, "red-05")
    assert names(state.legal_actions(2)) == ["green-05", "blue-03", "yellow-03"]  # no red: any card
    do(state, "green-05")
    assert state.forced == 1 and state.formation == 8  # P4's only red was played for them; the formation resolved


def test_centre_is_the_front_piece_of_the_third_pieces_position():
    state = arrange(4, [["red-02", "blue-01", "yellow-01"], ["red-05", "blue-02", "yellow-02"],
                        ["green-05", "blue-03", "yellow-03"], ["red-09", "blue-04", "yellow-04"]],
                    ["cand-yellow-05", "cand-red-01", "cand-green-12"])
    do(state, "red-02", "green-05")  # P2's red-05 and P4's red-09 are forced
    # pieces: 2[P1] 5[P3 P2 c①] 9[P4]: the third is P2, but P3 stands in front of it, so P3 is the centre
    assert names(state.up[2]) == ["green-05"] and (state.lead, state.current_player()) == (2, 2)
    # captain: no purple, the highest red of the rest; it takes the red candidate, the row moves up and refills
    assert names(state.down[3]) == ["red-09", "cand-red-01"]
    assert names(state.row[:2]) == ["cand-yellow-05", "cand-green-12"] and len(state.row) == 3
    assert names(state.discard) == ["red-02", "red-05"]
    assert state.centres == [0, 0, 1, 0, 0] and state.captains == [0, 0, 0, 1, 0]


def test_a_candidate_centre_gives_no_card_and_the_lead_stays():
    state = arrange(4, [["red-01", "blue-05", "blue-06"], ["red-02", "blue-07", "blue-08"],
                        ["red-08", "green-01", "green-02"], ["red-10", "green-03", "green-04"]],
                    ["cand-blue-03", "cand-green-04", "cand-yellow-05"])
    do(state, "red-01")  # everyone else has one red: 1[P1] 2[P2] 3[c①] 8[P3] 10[P4]
    assert state.up == [[], [], [], []] and (state.lead, state.current_player()) == (0, 0)
    assert names(state.down[3]) == ["red-10"]
    assert names(state.row) == ["cand-blue-03", "cand-green-04", "cand-yellow-05"]  # no red candidate to take
    assert state.centres[4] == 1 and state.kept == 1


def test_player_pieces_stand_in_front_of_candidates_and_slot_two_in_front_of_slot_one():
    state = arrange(3, [["red-05", "blue-01", "yellow-01"], ["red-01", "blue-02", "yellow-02"],
                        ["red-02", "blue-03", "yellow-03"]],
                    ["cand-red-05", "cand-blue-05", "cand-green-09"])
    line = state.describe(0, ID["red-05"])
    assert "=> stage 1[P2] 2[P3] 5[P1 c② c①]; led red; centre P1 red-05 face up" in line
    do(state, "red-05")
    assert names(state.up[0]) == ["red-05"] and names(state.down[2]) == ["red-02", "cand-red-05"]


def test_a_purple_captain_beats_a_higher_led_card_and_takes_every_purple_candidate():
    state = arrange(4, [["red-07", "blue-01", "yellow-01"], ["red-03", "blue-02", "yellow-02"],
                        ["purple-02", "blue-03", "yellow-03"], ["red-12", "blue-04", "yellow-04"]],
                    ["cand-yellow-11", "cand-purple-04", "cand-purple-09"])
    do(state, "red-07", "purple-02")  # 2[P3] 3[P2] 7[P1] 11[c①] 12[P4]: P1 is the centre
    assert names(state.up[0]) == ["red-07"]
    assert names(state.down[2]) == ["purple-02", "cand-purple-04", "cand-purple-09"] and state.down[3] == []
    assert names(state.row[:1]) == ["cand-yellow-11"] and len(state.row) == 3


def test_no_captain_when_neither_trump_nor_led_colour_remains():
    state = arrange(4, [["red-06", "yellow-01", "yellow-02"], ["blue-01", "yellow-03", "yellow-04"],
                        ["blue-02", "yellow-05", "yellow-06"], ["green-12", "yellow-07", "yellow-08"]],
                    ["cand-red-11", "cand-red-01", "cand-red-02"])
    do(state, "red-06", "blue-01", "blue-02", "green-12")  # 1[P2] 2[P3] 6[P1] 11[c①] 12[P4]: P1's red is centre
    assert names(state.up[0]) == ["red-06"] and state.down == [[], [], [], []]
    assert names(state.row) == ["cand-red-11", "cand-red-01", "cand-red-02"]  # nobody took the red candidates
    assert sorted(names(state.discard)) == ["blue-01", "blue-02", "green-12"] and state.captains[4] == 1


def test_overwork_passes_face_up_cards_to_the_fewest_face_down_nearest_clockwise():
    six = ["yellow-01", "yellow-02", "yellow-03", "cand-red-01", "cand-red-02", "cand-red-03"]
    state = arrange(4, [["red-07", "blue-01", "yellow-08"], ["red-12", "blue-02", "yellow-09"],
                        ["red-03", "blue-03", "yellow-10"], ["red-01", "blue-04", "yellow-11"]],
                    ["cand-blue-05", "cand-green-06", "cand-yellow-07"], lead=2,
                    up=[["green-01"], ["green-11", "green-05"], [], ["purple-01"]],
                    down=[["yellow-04"], six, ["yellow-05", "yellow-06"], ["yellow-07"]])
    do(state, "red-03")  # 1[P4] 3[P3] 5[c①] 7[P1] 12[P2]: the centre is the candidate; P2's red-12 is captain
    assert len(state.down[1]) == 7 and state.up[1] == [] and state.overworks == 1 and state.passed == 2
    # from P2 clockwise: P3 has 2 face-down cards, P4 and P1 have 1 each; P4 is nearer
    assert names(state.up[3]) == ["purple-01", "green-11", "green-05"] and names(state.up[0]) == ["green-01"]


def test_overwork_at_seven_counts_even_with_nothing_to_pass():
    six = ["yellow-01", "yellow-02", "yellow-03", "yellow-04", "yellow-05", "yellow-06"]
    state = arrange(4, [["red-07", "blue-01", "green-08"], ["red-12", "blue-02", "green-09"],
                        ["red-03", "blue-03", "green-10"], ["red-01", "blue-04", "green-11"]],
                    ["cand-blue-05", "cand-green-06", "cand-yellow-07"], lead=2, down=[[], six, [], []])
    do(state, "red-03")
    assert state.overworks == 1 and state.passed == 0 and state.up == [[], [], [], []]


def last_formation(scores):
    """Everyone holds one card; the formation ends the live: P3's blue-08 is centre, P1's yellow-06 captain."""
    return arrange(4, [["yellow-06"], ["green-07"], ["blue-08"], ["red-09"]],
                   ["cand-red-12", "cand-red-01", "cand-red-02"],
                   up=[["red-01", "red-05"], ["blue-11"], [], ["green-09"]],
                   down=[["purple-01", "purple-02", "purple-03", "purple-04"],
                         ["purple-05", "purple-06", "purple-07", "cand-blue-01", "cand-blue-02", "cand-blue-03",
                          "cand-blue-04"], ["cand-green-01", "cand-green-02", "cand-green-03", "cand-green-04"],
                         ["cand-yellow-01", "cand-yellow-02", "cand-yellow-03"]], scores=scores)


def test_evaluation_with_the_4to6_bonus_then_a_new_live():
    state = last_formation([10, 10, 10, 10])
    do(state, "yellow-06")  # 6[P1] 7[P2] 8[P3] 9[P4] 12[c①]
    # P1: icons 3+1, 5 face down (4to6): 4+5+4; P2: 3 icons, 7 face down (no captaincy, so no overwork): 3+7;
    # P3: blue-08 (1 icon), 4 face down: 1+4+1; P4: 2 icons, 3 face down: 2+3
    assert state.gains[-1] == (13, 10, 6, 5) and state.scores_now == [23, 20, 16, 15]
    assert (state.live, state.first_lead, state.is_terminal()) == (2, 1, False)
    assert (state.bonuses, state.overloaded, state.hidden_total) == (2, 1, 19)


def test_the_game_ends_past_30_and_ties_share_the_win():
    state = last_formation([17, 20, 0, 0])
    do(state, "yellow-06")
    assert state.scores_now == [30, 30, 6, 5] and not state.is_terminal()  # 30 is not past 30
    state = last_formation([18, 21, 0, 0])
    do(state, "yellow-06")
    assert state.is_terminal() and state.ended_by_rules() and state.current_player() < 0
    assert state.scores() == [31.0, 31.0, 6.0, 5.0] and state.winners() == [0, 1]


# --- invariants -------------------------------------------------------------------------------------------

def test_invariants_catch_lost_and_doubled_cards_and_a_wrong_follow():
    hands = [["red-02", "red-03", "blue-01"], ["red-05", "red-06", "blue-02"], ["green-05", "blue-03", "yellow-03"],
             ["red-09", "blue-04", "yellow-04"]]
    row = ["cand-yellow-05", "cand-red-01", "cand-green-12"]
    state = arrange(4, hands, row)
    lost = DATA.labels[state.aside.pop()]
    with pytest.raises(InvariantViolation, match=f"a card was lost: {lost} is in no zone"):
        state.check_cards()
    state = arrange(4, hands, row)
    for card in ("red-02", "blue-02"):  # P2 plays blue though they hold red (the engine trusts its caller)
        state.apply_action(ID[card])
    with pytest.raises(InvariantViolation, match="P2 did not follow"):
        do(state, "green-05")
    state = last_formation([0, 0, 0, 0])
    doubled = DATA.labels[state.aside[1]]
    state.aside[0] = state.aside[1]  # one card twice, another gone: the counts still add up
    with pytest.raises(InvariantViolation, match=f"{doubled} is in two places: set-aside cards and set-aside cards"):
        do(state, "yellow-06")
    state = last_formation([0, 0, 0, 0])
    state.apply_action(ID["yellow-06"])
    state.scores_now[2] += 1
    with pytest.raises(InvariantViolation, match="not the sum of the evaluations"):
        state.check_invariants()


def test_an_illegal_choice_is_refused():
    def off_colour(observation, legal, rng):
        led = DATA.colour[observation.trick[0]] if observation.trick else -1
        others = [c for c in observation.hand if DATA.colour[c] != led]
        return others[0] if observation.trick and others and len(legal) < len(observation.hand) else legal[0]
    with pytest.raises(InvariantViolation, match="chose an illegal action"):
        play(SPEC, DATA, 4, 3, [off_colour] * 4)


def formations(state):
    """Every formation note of a game played with random choices (notes switched on)."""
    state.notes = []
    rng = random.Random(5)
    while not state.is_terminal():
        state.apply_action(state.legal[int(rng.random() * len(state.legal))])
        state.check_invariants()
    return [note[1:] for note in state.notes if note[0] == "formation"]


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2 ** 32), players=st.sampled_from([3, 4, 5]))
def test_engine_agrees_with_a_plain_reading_of_the_centre_and_captain_rules(seed, players):
    engine = Torite(DATA, players, random.Random(seed))
    for trick, lead, _led, centre, captain, owner, standing, _ in formations(engine):
        numbers = [key >> POSITION for key in standing]
        assert formation_result(DATA, lead, players, trick, numbers) == (owner if owner < players else -1, captain,
                                                                         centre)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2 ** 40), players=st.sampled_from([3, 4, 5]), greedy_seats=st.integers(0, 31))
def test_games_end_by_the_rules_with_every_card_kept(seed, players, greedy_seats):
    policies = [greedy if greedy_seats >> p & 1 else random_policy for p in range(players)]
    record = play(SPEC, DATA, players, seed, policies)  # legality and invariants after every move
    assert record.ended_by_rules and max(record.scores) > 30 and record.rounds == record.figures["lives"]
    assert record.winners == [p for p, s in enumerate(record.scores) if s == max(record.scores)]
    figures = record.figures
    assert sum(figures[f"centre_share.seat{p + 1}"] for p in range(players)) + figures["centre_share.candidate"] \
        == pytest.approx(1.0)
    assert sum(figures[f"captain_share.seat{p + 1}"] for p in range(players)) + figures["captain_share.none"] \
        == pytest.approx(1.0)
    assert figures["formations"] == record.rounds * DATA.setups[players].hand
    assert not any(key.startswith("exhausted.") for key in figures)


def test_observation_hides_the_other_hands():
    state = Torite(DATA, 4, random.Random(9))
    obs = state.observation(0)
    assert obs.hand == tuple(state.hands[0]) and not set(obs.unseen) & set(state.hands[0])
    assert set(obs.unseen) == set(state.aside).union(*state.hands[1:])


# --- replay, report, CSV edits, command line ------------------------------------------------------------------

def test_golden_replay():
    record, text = replay(Project(ROOT), CheckOptions(GAME, players=(4,), policy="random", replay=7))
    again = play(SPEC, DATA, 4, 7, [random_policy] * 4)
    assert (record.scores, record.moves, record.figures) == (again.scores, again.moves, again.figures)
    if os.environ.get("PNP_UPDATE_GOLDEN"):
        GOLDEN.write_text(text, encoding="utf-8")
    assert text == GOLDEN.read_text(encoding="utf-8")


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_greedy_player_plays_the_recorded_games(players):
    """Its choices are its rules: a faster player must choose as the recorded one did (and draw the same samples)."""
    text = replay(Project(ROOT), CheckOptions(GAME, players=(players,), policy="greedy", replay=7))[1]
    golden = ROOT / "tests" / "golden" / f"{GAME}_greedy_{players}p_seed_7.txt"
    if os.environ.get("PNP_UPDATE_GOLDEN"):
        golden.write_text(text, encoding="utf-8")
    assert text == golden.read_text(encoding="utf-8")
    assert games_digest(players) == GREEDY_DIGESTS[players]


GREEDY_DIGESTS = {3: "4ea17db1f3bfc6b3", 4: "783621db2269bcd5", 5: "8f3dc44dfba06e18"}  # seeds 0-59, all greedy


def games_digest(players: int) -> str:
    """A digest of 60 greedy games: each one's moves, scores and winners."""
    lines = []
    for seed in range(60):
        record = play(SPEC, DATA, players, seed, [greedy] * players)
        lines.append(f"{seed} {record.moves} {record.scores} {record.winners}")
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()[:16]


def test_same_seed_same_report_on_one_or_two_workers(repo):
    one = check(repo, CheckOptions(GAME, players=(4,), target=Target(200), seed=11, policy="random", workers=1))
    two = check(repo, CheckOptions(GAME, players=(4,), target=Target(200), seed=11, policy="random", workers=2))
    assert to_json(one) == to_json(two)
    fig = one.players[4]
    assert fig.play.termination.ended_by_rules == 200 and not fig.ladder.flags()
    assert fig.ladder.rung("greedy").won.low > 0.25  # greedy beats its fair share against random players


def test_longer_hands_mean_more_face_down_cards_and_overwork(tmp_path, repo):
    project = copy_project(tmp_path)
    edit(project, "setup.csv", "4,10,40,20,1,3", "4,14,40,20,1,3")
    before = check(repo, CheckOptions(GAME, players=(4,), target=Target(200), seed=2, policy="random", workers=1))
    after = check(project, CheckOptions(GAME, players=(4,), target=Target(200), seed=2, policy="random", workers=1))
    assert before.integrity == []
    assert after.integrity == ["card_data/torite4to6/setup.csv: row 3: dealt 40 / set aside 20, but 4 x 14 from "
                                  "60 deals 56 and sets aside 4"]
    was, now = before.players[4].play.figures, after.players[4].play.figures
    assert now["facedown_per_player"] > was["facedown_per_player"] + 1
    assert now["overwork_per_live"] > 2 * was["overwork_per_live"]
    assert now["lives"] < was["lives"]


def test_a_small_candidate_deck_runs_out_and_is_flagged(tmp_path):
    project = copy_project(tmp_path)
    path = project.root / "card_data" / GAME / "candidates.csv"
    lines = path.read_text(encoding="utf-8").splitlines()
    path.write_text("\n".join(lines[:1] + [line for line in lines[1:] if line.split(",")[1] == "1"]) + "\n",
                    encoding="utf-8")
    report = check(project, CheckOptions(GAME, players=(5,), target=Target(100), seed=3, policy="random", workers=1))
    assert "card_data/torite4to6/candidates.csv: 5 candidate cards can run out in a live at 5 players (up to 39" \
        in report.integrity[0]
    pile = report.players[5].play.exhaustion["candidates"]
    assert pile.ran_out.share == 1.0 and pile.when.median == 1


def test_check_and_replay_from_the_command_line():
    result = CliRunner().invoke(main, ["check", GAME, "--players", "3", "--games", "40", "--project", str(ROOT)])
    assert result.exit_code == 0, result.output
    assert "Deck integrity: OK" in result.output and "centre_share.candidate" in result.output
    result = CliRunner().invoke(main, ["check", GAME, "--players", "4", "--replay", "7", "--policy", "random",
                                       "--project", str(ROOT)])
    assert result.exit_code == 0 and result.output == GOLDEN.read_text(encoding="utf-8")


def test_same_seed_same_game():
    seeds = [game_seed(4, i) for i in range(100)]
    first = [play(SPEC, DATA, 5, s, [random_policy] * 5) for s in seeds]
    again = [play(SPEC, DATA, 5, s, [random_policy] * 5) for s in seeds]
    assert [(r.scores, r.figures) for r in first] == [(r.scores, r.figures) for r in again]
