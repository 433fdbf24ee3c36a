"""Find a game's rules simulation: a Python package beside the game's data, or an installed `pnp.games` entry point."""

from __future__ import annotations

from dataclasses import dataclass
from importlib import metadata

from pnp.check.discovery.loader import load_spec
from pnp.errors import PnpError
from pnp.project.games import Project
from pnp.sim import GameSpec

ENTRY_POINTS = "pnp.games"
RULES_KEY = "rules"
DEFAULT_TARGET = "rules"


@dataclass(frozen=True)
class Declared:
    """Where one simulation lives: a package folder or .py file inside a game folder, and its GameSpec's name."""

    game: str  # the game folder under card_data/
    path: str  # relative to the game folder
    attribute: str  # the GameSpec in the loaded module
    where: str  # what a message names: the manifest key, or the default folder


def find_simulation(project: Project, name: str) -> GameSpec | None:
    """The simulation `pnp check NAME` plays, or None when neither the project nor a package declares one."""
    target = _target(project, name)
    if target is not None:
        return load_spec(project, target.game, target.path, target.attribute, target.where)
    return _entry_point(name)


def game_folder(project: Project, name: str) -> str | None:
    """The game folder under card_data/ whose data the simulation NAME reads (None for an installed package's)."""
    target = _target(project, name)
    if target is not None:
        return target.game
    return name if (project.root / "card_data" / name).is_dir() else None


def simulation_names(project: Project) -> list[str]:
    """Every simulation the project and the installed packages declare, sorted."""
    names = {entry.name for entry in metadata.entry_points(group=ENTRY_POINTS)}
    for game in project.game_names():
        names.update(_declared(project, game))
    return sorted(names)


def find_target(project: Project, name: str) -> Declared | None:
    """Where the project's simulation NAME lives, or None when the project declares none of that name."""
    return _target(project, name)


def _target(project: Project, name: str) -> Declared | None:
    """The project's target named NAME: a game's comes from its own folder and game.yaml, never another game's.

    A name that is no game folder (ghost_couple_cards) may be declared by one game's `rules:` mapping.
    """
    if (project.root / "card_data" / name).is_dir():
        return _declared(project, name).get(name)
    found = [(game, target) for game in project.game_names() if (target := _declared(project, game).get(name))]
    if len(found) > 1:
        games = " and ".join(f"card_data/{game}/game.yaml" for game, _ in found)
        raise PnpError(f"{games} both declare a simulation '{name}'", where=f"pnp check {name}",
                       fix="keep the name in one game's rules: mapping")
    return found[0][1] if found else None


def _declared(project: Project, game: str) -> dict[str, Declared]:
    """The simulations one game folder declares (simulation name -> target)."""
    manifest_label = project.label(project.root / "card_data" / game / "game.yaml")
    value = project.manifest(game).get(RULES_KEY)
    if value is None:
        default = project.root / "card_data" / game / DEFAULT_TARGET
        if (default / "__init__.py").exists() or default.is_symlink():
            return {game: Declared(game, DEFAULT_TARGET, "SPEC", f"card_data/{game}/{DEFAULT_TARGET}")}
        return {}
    if isinstance(value, str):
        return {game: _parse(game, value, f"{manifest_label}: {RULES_KEY}")}
    if isinstance(value, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in value.items()):
        return {key: _parse(game, text, f"{manifest_label}: {RULES_KEY}.{key}") for key, text in value.items()}
    raise PnpError(f"{RULES_KEY} must be a folder name or a mapping of simulation names to folders",
                   where=f"{manifest_label}: {RULES_KEY}", fix="write 'rules: rules' or 'rules: {mygame: rules}'")


def _parse(game: str, text: str, where: str) -> Declared:
    """Read `PATH` or `PATH:ATTRIBUTE` (the attribute defaults to SPEC)."""
    path, _, attribute = text.partition(":")
    if not path.strip() or (attribute and not attribute.isidentifier()):
        raise PnpError(f"'{text}' is not a simulation", where=where,
                       fix="name a package folder or .py file in the game folder, optionally ':NAME' of its GameSpec")
    return Declared(game, path.strip(), attribute or "SPEC", where)


def _entry_point(name: str) -> GameSpec | None:
    """The GameSpec an installed package registers under NAME in the `pnp.games` entry point group."""
    for entry in metadata.entry_points(group=ENTRY_POINTS):
        if entry.name != name:
            continue
        where = f"entry point {ENTRY_POINTS} '{name}' ({entry.value})"
        try:
            spec = entry.load()
        except Exception as exc:  # a broken package: name it, whatever it raised
            raise PnpError(f"cannot load the simulation: {type(exc).__name__}: {exc}".replace("\n", " "),
                           where=where, fix="reinstall or fix that package") from None
        if not isinstance(spec, GameSpec):
            raise PnpError("does not name a pnp.sim.GameSpec", where=where,
                           fix="point the entry point at 'module:SPEC'")
        return spec
    return None

