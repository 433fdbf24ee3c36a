"""A rule broken in a simulated game: one error line naming the replay in full, and a replay up to the break."""

from __future__ import annotations

import random
import re
import shlex

import pytest
from click.testing import CliRunner
from conftest import ROOT
from shipped.promotion import Promotion, load

from pnp.check.checker import check
from pnp.check.options import CheckOptions, Target
from pnp.check.play.chunks import Job, run_job
from pnp.check.play.game import BrokenRule, InvariantViolation, game_seed
from pnp.check.text.commands import project_of, replay_command, report_replay
from pnp.cli.main import main
from pnp.project.games import Project
from pnp.scaffold.writer import scaffold

TAKE = "        self.taken[winner] += self.trick\n"
LOSE_ONE = "        self.taken[winner] += self.trick[1:] if self.tricks == 1 else self.trick\n"  # trick 2 loses a card
FIX = "the moves above lead to it: correct the rules simulation (or the check) that breaks there"


def new_project(root, broken: bool) -> Project:
    """A `pnp new probe --rules` project; broken: its second trick loses a card."""
    root.mkdir()
    scaffold(Project(root), "probe", rules=True)
    if broken:
        state = root / "card_data" / "probe" / "rules" / "state.py"
        text = state.read_text(encoding="utf-8")
        assert text.count(TAKE) == 1
        state.write_text(text.replace(TAKE, LOSE_ONE), encoding="utf-8")
    return Project(root)


@pytest.fixture
def broken(tmp_path) -> Project:
    return new_project(tmp_path / "broken", broken=True)


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def hint_of(output: str) -> list[str]:
    """The command a one-line error tells the user to run."""
    return shlex.split(re.search(r"replay it with: (.+)$", output.strip()).group(1))[1:]  # without "pnp"


def test_a_replay_of_a_broken_game_prints_the_moves_up_to_the_break_and_one_error_line(broken):
    result = run("check", "probe", "--players", "3", "--replay", "3", "--project", str(broken.root))
    assert result.exit_code == 1 and "Traceback" not in result.output
    moves = result.stdout.splitlines()
    assert len(moves) == 6 and all(re.fullmatch(rf"   {n}\. P[123] plays .+", line) for n, line in enumerate(moves, 1))
    error = result.stderr.splitlines()
    assert len(error) == 1
    assert re.fullmatch(r"error: pnp check probe --replay 3: rule broken after move 6: a card was lost: "
                        rf"\S+ is in no zone \(1 missing\); {re.escape(FIX)}", error[0]), error[0]


def test_the_check_names_the_replay_in_full_and_the_replay_reproduces_the_break(broken):
    result = run("check", "probe", "--players", "3", "--games", "20", "--project", str(broken.root))
    assert result.exit_code == 1 and len(result.output.splitlines()) == 1
    seed = game_seed(1, 0)  # the first headline game breaks: every game loses a card in its second trick
    assert result.output.startswith(f"error: pnp check probe: rule broken in a simulated game: seed {seed}: "
                                    "a card was lost: ")
    command = hint_of(result.output)
    assert command == ["check", "probe", "--players", "3", "--policy", "greedy", "--replay", str(seed),
                       "--project", str(broken.root)]
    again = run(*command)
    assert again.exit_code == 1 and len(again.stdout.splitlines()) == 6
    assert again.stderr.startswith(f"error: pnp check probe --replay {seed}: rule broken after move 6: a card was lost")


def test_in_the_project_folder_the_hint_leaves_out_the_project(broken, monkeypatch):
    monkeypatch.chdir(broken.root)
    result = run("check", "probe", "--players", "2", "--games", "20", "--policy", "random")
    assert result.exit_code == 1
    assert hint_of(result.output) == ["check", "probe", "--players", "2", "--policy", "random", "--replay",
                                      str(game_seed(1, 0))]


def test_a_game_of_the_other_project_is_replayed_in_that_project(broken, tmp_path):
    sound = new_project(tmp_path / "sound", broken=False)
    result = run("check", "probe", "--players", "2", "--games", "20", "--against", str(broken.root),
                 "--project", str(sound.root))
    assert result.exit_code == 1
    assert hint_of(result.output)[-2:] == ["--project", str(broken.root)]


def test_a_skill_game_names_who_played_each_seat_and_replays_with_seats(broken):
    job = Job(str(broken.root), "probe", 3, 1, 0, 5, "greedy", greedy_seat=1)
    with pytest.raises(BrokenRule) as raised:
        run_job(job)
    error = raised.value
    assert (error.seats, error.players, error.root) == (("random", "greedy", "random"), 3, str(broken.root))
    assert error.seed == game_seed(1, 2_000_000)  # the skill runs' seeds for seat 2
    command = replay_command("probe", 3, error.seats, error.seed, str(broken.root))
    assert command == (f"pnp check probe --players 3 --seats random,greedy,random --replay {error.seed} "
                       f"--project {broken.root}")
    again = run(*shlex.split(command)[1:])
    assert again.exit_code == 1 and again.stderr.startswith(f"error: pnp check probe --replay {error.seed}: rule "
                                                            "broken after move 6: a card was lost")


def test_seats_name_a_player_for_every_seat_of_a_replay(tmp_path):
    sound = new_project(tmp_path / "sound", broken=False)
    folder = ["--project", str(sound.root)]
    mixed = run("check", "probe", "--players", "2", "--replay", "5", "--seats", "greedy,random", *folder)
    last = mixed.output.splitlines()[-1]
    assert mixed.exit_code == 0 and last.startswith("ended by the rules after 48 moves")  # six deals of 8 cards
    cases = [(["--players", "2", "--replay", "5", "--seats", "greedy"],
              "error: pnp check --seats: --seats names 1 of 2 seats; name one player (greedy, random, search "
              "or search:N) for each seat, separated by commas"),
             (["--players", "2", "--replay", "5", "--seats", "greedy,clever"],
              "error: pnp check --seats: 'clever' is not a player; name one of random, greedy, search (or "
              "search:N, N playouts a decision) for each seat, separated by commas"),
             (["--players", "2", "--replay", "5", "--seats", "greedy,search:1"],
              "error: pnp check --seats: 'search:1' is not a player; name one of random, greedy, search (or "
              "search:N, N playouts a decision) for each seat, separated by commas"),
             (["--players", "2", "--games", "20", "--seats", "greedy,random"],
              "error: pnp check --seats: --seats names the players of one replayed game; give it with --replay "
              "SEED, or leave it out")]
    for args, message in cases:
        result = run("check", "probe", *args, *folder)
        assert (result.exit_code, result.output) == (2, message + "\n"), args


def test_report_hints_name_the_project_players_and_policy(tmp_path):
    assert project_of("pnp check g --players 4 --games 200 --seed 1 --policy greedy") == "."
    assert project_of("pnp check g --games 20 --project '../my games'") == "../my games"
    assert report_replay("g", 4, "random", "pnp check g --project ../x") == \
        "pnp check g --players 4 --policy random --replay SEED --project ../x"
    assert replay_command("g", 2, ("greedy", "greedy"), 7) == "pnp check g --players 2 --policy greedy --replay 7"
    sound = new_project(tmp_path / "sound", broken=False)
    report = check(sound, CheckOptions("probe", players=(2,), target=Target(20), seed=1, policy="greedy", workers=1,
                                       project_dir=str(sound.root)))
    assert report_replay(report.game, 2, report.policy, report.command) == \
        f"pnp check probe --players 2 --policy greedy --replay SEED --project {sound.root}"


@pytest.mark.parametrize("game,players", [("eitsuku", 6), ("promotion", 4), ("eleusis", 6), ("ghost_couple", 4),
                                          ("ghost_couple_cards", 3), ("torite4to6", 5)])
def test_replays_of_the_shipped_games_number_the_seats_from_one(game, players):
    result = run("check", game, "--players", str(players), "--replay", "11", "--policy", "random", "--project",
                 str(ROOT))
    assert result.exit_code == 0, result.output
    seats = {int(n) for n in re.findall(r"\bP(\d+)\b", result.output)}
    assert seats == set(range(1, players + 1))
    winners = re.search(r"winners \[([\d, ]*)\]$", result.output.strip()).group(1)
    assert {int(n) for n in winners.split(", ")} <= seats


def test_invariant_messages_name_seats_from_one():
    state = Promotion(load(Project(ROOT)), 4, random.Random(1))
    state.cards[1 * 4 + 2] = 13  # the second seat holds a K13 the game has not seen
    with pytest.raises(InvariantViolation, match="^K13 held by P2 but the winners are nobody$"):
        state.check_invariants()
