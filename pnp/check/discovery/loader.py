"""Import a simulation from a project folder by its file path, under a module name no other project shares."""

from __future__ import annotations

import hashlib
import importlib.util
import os
import re
import sys
import traceback
from pathlib import Path
from types import ModuleType

from pnp.data.confine import confined
from pnp.data.files import NOT_REGULAR
from pnp.errors import PnpError
from pnp.project.games import Project
from pnp.sim import GameSpec

PREFIX = "pnp_simulation_"

_LOADED: dict[Path, ModuleType] = {}  # resolved entry file -> module (forked workers inherit it)
_ORIGINS: dict[Path, Path] = {}  # a project unpacked on a cluster worker -> the folder it was packed from


def load_spec(project: Project, game: str, path: str, attribute: str, where: str) -> GameSpec:
    """Import the package folder or .py file PATH of a game folder and return its GameSpec ATTRIBUTE."""
    module = load_module(project, game, path, where)
    label = project.label(Path(str(module.__file__)))
    spec = getattr(module, attribute, None)
    if spec is None:
        raise PnpError(f"no {attribute} in the simulation", where=label,
                       fix=f"define {attribute} = GameSpec(...) in it (see 'Writing a simulation')")
    if not isinstance(spec, GameSpec):
        raise PnpError(f"{attribute} is a {type(spec).__name__}, not a pnp.sim.GameSpec", where=label,
                       fix=f"set {attribute} = GameSpec(...)")
    return spec


def load_module(project: Project, game: str, path: str, where: str) -> ModuleType:
    """Import the package folder or .py file PATH of a game folder (once per process)."""
    entry, folder = _entry_file(project, game, path, where)
    if entry not in _LOADED:
        _LOADED[entry] = _import(project, entry, folder, game)
    return _LOADED[entry]


def forget_imported() -> None:
    """Drop every simulation module this process imported, so the next load imports the files as they are now."""
    _LOADED.clear()
    for name in [name for name in sys.modules if name.startswith(PREFIX)]:
        del sys.modules[name]


def _entry_file(project: Project, game: str, path: str, where: str) -> tuple[Path, Path | None]:
    """The file to import (a package's __init__.py, or a module) and the package folder, checked to stay inside."""
    root = project.root.resolve()
    target = _inside(root, project.root / "card_data" / game / path, where, path)
    if target.is_dir():
        for file in _files(target):
            resolved = _inside(root, file, where, os.path.relpath(file, root))
            if not resolved.is_dir() and not resolved.is_file():  # importing a pipe would wait for ever
                raise PnpError(f"'{os.path.relpath(file, root)}' {NOT_REGULAR}", where=where,
                               fix="keep only Python files and folders in the simulation's package")
        init = target / "__init__.py"
        if not init.is_file():
            raise PnpError(f"{path}/ has no __init__.py", where=where,
                           fix="a simulation folder is a Python package: add __init__.py defining SPEC")
        return init, target
    if target.suffix != ".py" or not target.is_file():
        raise PnpError(f"no simulation at '{path}'", where=where,
                       fix="name a package folder or a .py file inside the game folder")
    return target, None


def _inside(root: Path, path: Path, where: str, shown: str) -> Path:
    """PATH with symlinks followed, refused when it leaves the project folder or is a loop of links."""
    return confined(root, path, where, shown)


def _files(folder: Path) -> list[Path]:
    """Every entry under a package folder (links not followed, so each is checked where it points)."""
    found = []
    for parent, dirs, files in os.walk(folder):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        found += [Path(parent) / name for name in dirs + files]
    return found


def module_name(entry: Path, game: str) -> str:
    """A module name unique to this file: the game's name and a digest of its resolved path."""
    for here, origin in _ORIGINS.items():  # named as where it came from: its shared data unpickles here
        if entry.is_relative_to(here):
            entry = origin / entry.relative_to(here)
    digest = hashlib.sha1(str(entry).encode("utf-8")).hexdigest()[:12]
    return f"{PREFIX}{re.sub(r'[^0-9A-Za-z_]', '_', game)}_{digest}"


def unpacked_from(folder: Path, origin: Path) -> None:
    """Name the simulations imported from `folder` (a project unpacked here) as those of `origin` are named."""
    _ORIGINS[folder.resolve()] = origin


def _import(project: Project, entry: Path, folder: Path | None, game: str) -> ModuleType:
    """Execute the module (relative imports work inside a package); a failure is one line naming the file."""
    name = module_name(entry, game)
    if name in sys.modules:
        return sys.modules[name]
    locations = [str(folder)] if folder is not None else None
    spec = importlib.util.spec_from_file_location(name, entry, submodule_search_locations=locations)
    assert spec is not None and spec.loader is not None  # a .py file always has both
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    writes, sys.dont_write_bytecode = sys.dont_write_bytecode, True  # no __pycache__ written into the project
    try:
        spec.loader.exec_module(module)
    except PnpError:
        _forget(name)
        raise
    except Exception as exc:  # the designer's code: any error at import is reported, not a traceback
        _forget(name)
        raise _broken(project, exc, folder or entry.parent, name) from None
    finally:
        sys.dont_write_bytecode = writes
    return module


def _forget(name: str) -> None:
    """Drop a half-imported package and its submodules, so a fixed file is imported afresh."""
    for key in [key for key in sys.modules if key == name or key.startswith(name + ".")]:
        del sys.modules[key]


def _broken(project: Project, exc: Exception, folder: Path, name: str) -> PnpError:
    """The error for a simulation that does not import, naming the file (and line) where it failed."""
    if isinstance(exc, SyntaxError) and exc.filename:
        where = f"{project.label(Path(exc.filename))}:{exc.lineno}"
        return PnpError(f"syntax error: {exc.msg}", where=where, fix="fix the Python syntax")
    frames = [frame for frame in traceback.extract_tb(exc.__traceback__)
              if Path(frame.filename).resolve().is_relative_to(folder)]
    where = f"{project.label(Path(frames[-1].filename))}:{frames[-1].lineno}" if frames else project.label(folder)
    message = str(exc).replace(name, folder.name).replace("\n", " ")  # the package as the designer names it
    problem = f"the simulation does not import: {type(exc).__name__}: {message}"
    return PnpError(problem, where=where, fix="fix the simulation's code or its imports")
