"""Simulations found in the designer's project (card_data/GAME/rules/, game.yaml rules:) or an entry point."""

from __future__ import annotations

import json
from importlib import metadata
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from pnp.check.checker import check, to_json
from pnp.check.discovery.find import find_simulation, simulation_names
from pnp.check.discovery.loader import module_name
from pnp.check.options import CheckOptions, Target
from pnp.cli.main import main
from pnp.errors import PnpError
from pnp.project.games import Project
from pnp.scaffold.writer import scaffold
from pnp.sim import GameSpec

MANIFEST = "components:\n  - cards\n"
OUTSIDE = "copy the file into the project and name it by a path inside it"


@pytest.fixture
def probe(tmp_path) -> Project:
    """A fresh `pnp new probe --rules` project."""
    root = tmp_path / "project"
    root.mkdir()
    scaffold(Project(root), "probe", rules=True)
    return Project(root)


def rules_file(project: Project, name: str) -> Path:
    return project.root / "card_data" / "probe" / "rules" / name


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_a_fresh_rules_project_passes_pnp_check_with_simulated_games(probe, tmp_path):
    out = tmp_path / "out.json"
    result = run("check", "probe", "--games", "200", "--json", str(out),
                 "--project", str(probe.root))
    assert result.exit_code == 0, result.output
    report = json.loads(out.read_text(encoding="utf-8"))
    assert report["integrity"] == [] and set(report["players"]) == {"2", "3"}
    for players, tricks in (("2", 24), ("3", 18)):  # 9 trick cards dealt evenly, six deals: 6 x 4 and 6 x 3
        figures = report["players"][players]
        assert figures["termination"]["ended_by_rules"] == 200
        assert figures["length_rounds"]["min"] == figures["length_rounds"]["max"] == tricks
        assert 0 < figures["figures"]["leader_took_trick"] < 1
    assert "Deck integrity: OK" in result.output


def test_the_scaffolds_default_check_flags_nothing(probe):
    """The example a newcomer checks first: every player count to the default precision (seed 1), no flag."""
    result = run("check", "probe", "--workers", "1", "--project", str(probe.root))  # the figures of any --workers
    assert result.exit_code == 0, result.output
    assert "--precision 0.03 --seed 1 --policy greedy" in result.output
    assert [line for line in result.output.splitlines() if line.startswith("Flags: ")] == ["Flags: none"] * 2


def test_a_simulation_is_played_under_the_name_it_is_declared_by(probe):
    init = rules_file(probe, "__init__.py")
    init.write_text(init.read_text(encoding="utf-8").replace('name="probe"', 'name="copied"'), encoding="utf-8")
    report = check(probe, CheckOptions("probe", players=(2,), target=Target(200), seed=3, policy="greedy", workers=1))
    assert report.players[2].play.termination.ended_by_rules == 200


def test_a_bad_check_section_stops_before_any_game_is_simulated(probe):
    manifest = probe.root / "card_data" / "probe" / "game.yaml"
    text = manifest.read_text(encoding="utf-8")
    assert text.count("  deck:") == 1
    manifest.write_text(text.replace("  deck:", "  dek:"), encoding="utf-8")
    simulated = []
    with pytest.raises(PnpError) as error:
        check(probe, CheckOptions("probe", players=(2,), target=Target(200), seed=3, policy="greedy", workers=1),
                                  progress=simulated.append)
    assert str(error.value).startswith("card_data/probe/game.yaml: check: unknown key 'dek'")
    assert simulated == []


def test_a_deck_edited_between_two_checks_is_played_as_edited(probe):
    before = check(probe, CheckOptions("probe", players=(2,), target=Target(200), seed=3, policy="random",
                                       workers=1)).players[2].play
    cards = probe.root / "card_data" / "probe" / "cards.csv"
    cards.write_text(cards.read_text(encoding="utf-8").replace("damage.,4", "damage.,2"), encoding="utf-8")
    after = check(Project(probe.root), CheckOptions("probe", players=(2,), target=Target(200), seed=3,
                                                    policy="random", workers=1)).players[2].play
    assert before.length_rounds.max == 24 and after.length_rounds.max == 18  # 9 trick cards, then 7: six deals


def test_the_scaffolded_greedy_player_beats_random_play(probe):
    report = check(probe, CheckOptions("probe", players=(2,), target=Target(400), seed=3, policy="random", workers=1))
    assert report.players[2].ladder.rung("greedy").won.low > 0.5


MUST_FOLLOW = """        led = [card for card in self.hands[player] if self.trick and
               self.data.cards[card].kind == self.data.cards[self.trick[0]].kind]
        return led or list(self.hands[player])
"""


def test_the_scaffolded_greedy_player_picks_only_legal_cards_when_a_rule_narrows_the_hand(probe):
    state = rules_file(probe, "state.py")
    text = state.read_text(encoding="utf-8")
    assert text.count("        return list(self.hands[player])\n") == 1
    state.write_text(text.replace("        return list(self.hands[player])\n", MUST_FOLLOW), encoding="utf-8")
    report = check(probe, CheckOptions("probe", players=(2, 3), target=Target(300), seed=3, policy="greedy",
                                       probe=False, workers=1))  # an illegal card would stop the run
    assert all(report.players[n].play.termination.ended_by_rules == 300 for n in (2, 3))


def test_the_scaffolded_check_section_deals_as_the_simulation_does(probe):
    manifest = yaml.safe_load((probe.root / "card_data" / "probe" / "game.yaml").read_text(encoding="utf-8"))
    spec = find_simulation(probe, "probe")
    hands = manifest["check"]["hand"]
    assert tuple(sorted(hands)) == spec.player_counts
    assert hands == {players: 9 // players for players in spec.player_counts}  # 9 trick cards split evenly
    report = check(probe, CheckOptions("probe", target=Target(50), seed=1, policy="random", workers=1))
    assert list(report.players) == [2, 3]


def test_a_replay_of_the_scaffolded_game_names_each_card(probe):
    result = run("check", "probe", "--players", "3", "--replay", "3", "--project", str(probe.root))
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert len(lines) == 6 * 9 + 1 and lines[-1].startswith("ended by the rules")  # six deals of 9 cards
    assert lines[0].startswith("   1. P2 plays ")  # seed 3 draws P2 to lead the first trick


def test_one_and_two_workers_give_the_same_json(probe):
    one = check(probe, CheckOptions("probe", players=(2, 3), target=Target(450), seed=5, policy="random", workers=1))
    two = check(probe, CheckOptions("probe", players=(2, 3), target=Target(450), seed=5, policy="random", workers=2))
    assert to_json(one) == to_json(two)


def test_the_simulation_reads_the_printed_csv(probe):
    cards = probe.root / "card_data" / "probe" / "cards.csv"
    cards.write_text(cards.read_text(encoding="utf-8").replace("Spark,attack,1,", "Spark,attack,x,"),
                     encoding="utf-8")
    with pytest.raises(PnpError) as error:
        check(probe, CheckOptions("probe", players=(2,), target=Target(10), seed=1, policy="random", workers=1))
    assert str(error.value) == ("card_data/probe/cards.csv: row 2: value 'x' is not a whole number; "
                                "write a whole number in the value column")


def test_a_game_without_a_simulation_has_none_and_gets_the_deal_check(tmp_path):
    scaffold(Project(tmp_path), "plain")
    assert find_simulation(Project(tmp_path), "plain") is None
    result = run("check", "plain", "--project", str(tmp_path))
    assert result.exit_code == 0
    assert result.output.startswith("pnp check plain: no rules simulation; deck integrity and the deal-and-draw "
                                    "check, seed 1\n")
    missing = run("check", "nosuch", "--project", str(tmp_path))
    assert missing.exit_code == 1
    assert missing.output == ("error: pnp check: no rules simulation for 'nosuch'; games with a simulation: none; "
                              "write one in card_data/nosuch/rules/ ('pnp new NAME --rules' shows how)\n")


def test_game_yaml_names_another_folder_and_a_second_simulation(probe):
    folder = probe.root / "card_data" / "probe"
    (folder / "rules").rename(folder / "sim")
    with open(folder / "sim" / "__init__.py", "a", encoding="utf-8") as handle:
        handle.write("\nimport dataclasses\n\nTWO = dataclasses.replace(SPEC, name='probe_two', player_counts=(2,))\n")
    (folder / "game.yaml").write_text(MANIFEST + "rules:\n  probe: sim\n  probe_two: sim:TWO\n", encoding="utf-8")
    assert simulation_names(probe) == ["probe", "probe_two"]
    assert find_simulation(probe, "probe").player_counts == (2, 3)
    assert find_simulation(probe, "probe_two").player_counts == (2,)
    assert find_simulation(probe, "probe_two").new_game is find_simulation(probe, "probe").new_game
    report = check(probe, CheckOptions("probe_two", target=Target(50), seed=1, policy="random", workers=1))
    assert list(report.players) == [2]


def test_a_single_py_file_is_a_simulation(probe):
    folder = probe.root / "card_data" / "probe"
    (folder / "solo.py").write_text("import toygame\n\nSOLO = toygame.SPEC\n", encoding="utf-8")
    (folder / "game.yaml").write_text(MANIFEST + "rules: solo.py:SOLO\n", encoding="utf-8")
    assert find_simulation(probe, "probe").name == "toy"


def test_two_projects_with_the_same_game_load_their_own_rules(tmp_path):
    projects = []
    for name in ("a", "b"):
        (tmp_path / name).mkdir()
        scaffold(Project(tmp_path / name), "probe", rules=True)
        projects.append(Project(tmp_path / name))
    init = projects[1].root / "card_data" / "probe" / "rules" / "__init__.py"
    init.write_text(init.read_text(encoding="utf-8").replace("player_counts=(2, 3)", "player_counts=(3,)"),
                    encoding="utf-8")
    assert find_simulation(projects[0], "probe").player_counts == (2, 3)
    assert find_simulation(projects[1], "probe").player_counts == (3,)
    assert find_simulation(projects[0], "probe").new_game is not find_simulation(projects[1], "probe").new_game
    entries = [p.root.resolve() / "card_data" / "probe" / "rules" / "__init__.py" for p in projects]
    assert module_name(entries[0], "probe") != module_name(entries[1], "probe")


BROKEN = [
    ("state.py", "def broken(:\n", "card_data/probe/rules/state.py:1: syntax error: invalid syntax; "
                                   "fix the Python syntax"),
    ("__init__.py", "from .nowhere import SPEC\n",
     "card_data/probe/rules/__init__.py:1: the simulation does not import: ModuleNotFoundError: No module named "
     "'rules.nowhere'; fix the simulation's code or its imports"),
    ("policy.py", "import random\nVALUE = 1 / 0\n",
     "card_data/probe/rules/policy.py:2: the simulation does not import: ZeroDivisionError: division by zero; "
     "fix the simulation's code or its imports"),
    ("__init__.py", '"""No SPEC here."""\n', "card_data/probe/rules/__init__.py: no SPEC in the simulation; "
                                              "define SPEC = GameSpec(...) in it (see 'Writing a simulation')"),
    ("__init__.py", "SPEC = 'probe'\n", "card_data/probe/rules/__init__.py: SPEC is a str, not a "
                                        "pnp.sim.GameSpec; set SPEC = GameSpec(...)"),
]


@pytest.mark.parametrize("name,source,message", BROKEN)
def test_a_broken_simulation_is_one_line_naming_the_file(probe, name, source, message):
    rules_file(probe, name).write_text(source, encoding="utf-8")
    result = run("check", "probe", "--project", str(probe.root))
    assert result.exit_code == 1
    assert result.output == f"error: {message}\n"
    assert "Traceback" not in result.output


def test_a_fixed_simulation_loads_afresh(probe):
    state = rules_file(probe, "state.py")
    good = state.read_text(encoding="utf-8")
    state.write_text("def broken(:\n", encoding="utf-8")
    with pytest.raises(PnpError):
        find_simulation(probe, "probe")
    state.write_text(good, encoding="utf-8")
    assert find_simulation(probe, "probe").name == "probe"


def test_the_rules_folder_may_not_link_out_of_the_project(probe, tmp_path):
    folder = probe.root / "card_data" / "probe" / "rules"
    folder.rename(tmp_path / "elsewhere")
    folder.symlink_to(tmp_path / "elsewhere", target_is_directory=True)
    with pytest.raises(PnpError) as error:
        find_simulation(probe, "probe")
    assert str(error.value) == (f"card_data/probe/rules: 'rules' is a link that leads outside the project folder; "
                                f"{OUTSIDE}")


def test_a_module_of_the_package_may_not_link_out_of_the_project(probe, tmp_path):
    policy = rules_file(probe, "policy.py")
    (tmp_path / "policy.py").write_text(policy.read_text(encoding="utf-8"), encoding="utf-8")
    policy.unlink()
    policy.symlink_to(tmp_path / "policy.py")
    with pytest.raises(PnpError) as error:
        find_simulation(probe, "probe")
    assert str(error.value) == ("card_data/probe/rules: 'card_data/probe/rules/policy.py' is a link that leads "
                                f"outside the project folder; {OUTSIDE}")


def test_a_loop_of_links_in_the_package_is_one_line(probe):
    rules_file(probe, "loop").symlink_to("loop")
    result = run("check", "probe", "--project", str(probe.root))
    assert result.exit_code == 1
    assert result.output == ("error: card_data/probe/rules: 'card_data/probe/rules/loop' is a loop of links; "
                             "remove the link or point it at a file inside the project\n")


def test_a_link_inside_the_project_is_followed(probe):
    folder = probe.root / "card_data" / "probe"
    (folder / "rules").rename(probe.root / "shared_rules")
    (folder / "rules").symlink_to(probe.root / "shared_rules", target_is_directory=True)
    assert find_simulation(probe, "probe").name == "probe"


BAD_KEYS = [
    ("rules: ../../../elsewhere\n", "card_data/probe/game.yaml: rules: '../../../elsewhere' is outside the "
                                    f"project folder; {OUTSIDE}"),
    ("rules:\n  probe: /etc\n", "card_data/probe/game.yaml: rules.probe: '/etc' is outside the project "
                                f"folder; {OUTSIDE}"),
    ("rules: [a, b]\n", "card_data/probe/game.yaml: rules: rules must be a folder name or a mapping of simulation "
                        "names to folders; write 'rules: rules' or 'rules: {mygame: rules}'"),
    ("rules: 'rules:not a name'\n", "card_data/probe/game.yaml: rules: 'rules:not a name' is not a simulation; "
                                    "name a package folder or .py file in the game folder, optionally ':NAME' of "
                                    "its GameSpec"),
    ("rules: missing\n", "card_data/probe/game.yaml: rules: no simulation at 'missing'; name a package folder or a "
                         ".py file inside the game folder"),
    ("rules: cards.csv\n", "card_data/probe/game.yaml: rules: no simulation at 'cards.csv'; name a package folder or "
                           "a .py file inside the game folder"),
]


@pytest.mark.parametrize("yaml_text,message", BAD_KEYS)
def test_bad_rules_keys(probe, tmp_path, yaml_text, message):
    (tmp_path / "elsewhere").mkdir()
    (probe.root / "card_data" / "probe" / "game.yaml").write_text(MANIFEST + yaml_text, encoding="utf-8")
    result = run("check", "probe", "--project", str(probe.root))
    assert result.exit_code == 1
    assert result.output == f"error: {message}\n"


def test_an_installed_package_registers_through_an_entry_point(tmp_path, toy_entry_point):
    scaffold(Project(tmp_path), "plain")
    spec = find_simulation(Project(tmp_path), "toy")
    assert isinstance(spec, GameSpec) and spec.name == "toy"
    assert "toy" in simulation_names(Project(tmp_path))
    result = run("check", "toy", "--players", "2", "--games", "20", "--project", str(tmp_path))
    assert result.exit_code == 0 and "== 2 players ==" in result.output


def test_the_project_comes_before_an_entry_point_of_the_same_name(probe, monkeypatch):
    installed = metadata.entry_points
    monkeypatch.setattr(metadata, "entry_points", lambda **params: (
        [metadata.EntryPoint("probe", "toygame:SPEC", "pnp.games")] if params.get("group") == "pnp.games"
        else installed(**params)))
    assert find_simulation(probe, "probe").name == "probe"


@pytest.mark.parametrize("value,message", [
    ("no_such_module_here:SPEC", "cannot load the simulation: ModuleNotFoundError: No module named "
                                 "'no_such_module_here'; reinstall or fix that package"),
    ("toygame:DECK", "does not name a pnp.sim.GameSpec; point the entry point at 'module:SPEC'"),
])
def test_a_broken_entry_point_is_one_line(tmp_path, monkeypatch, value, message):
    installed = metadata.entry_points
    monkeypatch.setattr(metadata, "entry_points", lambda **params: (
        [metadata.EntryPoint("bad", value, "pnp.games")] if params.get("group") == "pnp.games"
        else installed(**params)))
    scaffold(Project(tmp_path), "plain")
    with pytest.raises(PnpError) as error:
        find_simulation(Project(tmp_path), "bad")
    assert str(error.value) == f"entry point pnp.games 'bad' ({value}): {message}"


def test_pnp_new_with_rules_on_the_command_line(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    made = run("new", "probe2", "--rules", "--project", "dir")
    assert made.exit_code == 0, made.output
    lines = made.output.splitlines()
    assert "created dir/card_data/probe2/rules/__init__.py" in lines
    assert "created dir/card_data/probe2/cards.csv" in lines
    assert lines[-1] == "Next: pnp build probe2 --project dir, then pnp check probe2 --project dir"
    checked = run("check", "probe2", "--project", "dir", "--games", "100", "--json", "out.json")
    assert checked.exit_code == 0, checked.output
    assert json.loads((tmp_path / "out.json").read_text(encoding="utf-8"))["game"] == "probe2"
    assert run("build", "probe2", "--project", "dir").exit_code == 0


def test_a_named_folder_must_be_a_package(probe):
    folder = probe.root / "card_data" / "probe"
    (folder / "sim").mkdir()
    (folder / "sim" / "state.py").write_text("", encoding="utf-8")
    (folder / "game.yaml").write_text(MANIFEST + "rules: sim\n", encoding="utf-8")
    with pytest.raises(PnpError) as error:
        find_simulation(probe, "probe")
    assert str(error.value) == ("card_data/probe/game.yaml: rules: sim/ has no __init__.py; a simulation folder is a "
                                "Python package: add __init__.py defining SPEC")


def test_a_rules_folder_without_init_is_not_a_simulation(tmp_path):
    scaffold(Project(tmp_path), "plain")
    (tmp_path / "card_data" / "plain" / "rules").mkdir()  # e.g. the rules text as PDF files
    assert find_simulation(Project(tmp_path), "plain") is None


def test_another_games_rules_mapping_never_supplies_a_games_simulation(tmp_path):
    """A user who looked in card_data/plain/ and saw no Python runs none: another folder cannot declare it."""
    scaffold(Project(tmp_path), "plain")
    scaffold(Project(tmp_path), "other")
    canary = tmp_path / "ran.txt"
    other = tmp_path / "card_data" / "other"
    (other / "sim.py").write_text(f"open({str(canary)!r}, 'w').write('ran')\n", encoding="utf-8")
    (other / "game.yaml").write_text((other / "game.yaml").read_text(encoding="utf-8") +
                                     "rules: {plain: sim.py, extra: sim.py}\n", encoding="utf-8")
    assert find_simulation(Project(tmp_path), "plain") is None
    result = run("check", "plain", "--project", str(tmp_path))
    assert result.exit_code == 0
    assert result.output.startswith("pnp check plain: no rules simulation; deck integrity")
    assert not canary.exists()
    plain = tmp_path / "card_data" / "plain"
    (plain / "game.yaml").write_text((plain / "game.yaml").read_text(encoding="utf-8") + "rules: {extra: rules}\n",
                                     encoding="utf-8")
    result = run("check", "extra", "--project", str(tmp_path))
    assert result.output == ("error: pnp check extra: card_data/other/game.yaml and card_data/plain/game.yaml both "
                             "declare a simulation 'extra'; keep the name in one game's rules: mapping\n")
    assert not canary.exists()


def test_a_check_writes_no_compiled_files_into_the_project_where_python_would_cache_them(probe, monkeypatch):
    import sys
    monkeypatch.setattr(sys, "dont_write_bytecode", False)  # as Python runs by default
    report = check(probe, CheckOptions("probe", players=(2,), target=Target(20), seed=1, probe=False, workers=1))
    assert report.players[2].play.games == 20
    assert sorted(probe.root.rglob("__pycache__")) == []  # every write stays in the output folder
    assert sys.dont_write_bytecode is False  # as it was
