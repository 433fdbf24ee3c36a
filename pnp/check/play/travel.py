"""The part of a project a cluster worker needs, travelling with the check's tasks: the simulation and game.yaml.

A worker never reads the project folder where the client has it. The client packs the game's game.yaml and its
simulation's files (the card data itself is read by the client and shared as a value) into a zip named by its
content; a worker unpacks it once into a folder of its own and plays the chunks of that project from there. The folders
go when the worker starts another check, and when its process ends.
"""

from __future__ import annotations

import hashlib
import io
import os
import shutil
import tempfile
import zipfile
from multiprocessing import util
from pathlib import Path

from pnp.check.discovery.find import find_target
from pnp.check.discovery.loader import unpacked_from
from pnp.errors import PnpError
from pnp.project.games import Project

PREFIX = "pnp-project:"  # a job's root that names a packed project, not a folder
MOST_BYTES = 20_000_000  # a simulation bigger than this does not travel
MOST_FILES = 2_000
SKIPPED = {"__pycache__", ".git"}

_UNPACKED: dict[str, str] = {}  # in a worker: packed project name -> the folder it was unpacked into


def pack(project: Project, game: str) -> tuple[str, tuple[str, bytes]]:
    """The name of what a worker needs to play GAME of the project, and it: the project folder it comes from,
    and the zip of its files (the same bytes for the same files)."""
    files = _files(project, game)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for relative in sorted(files):
            info = zipfile.ZipInfo(relative, date_time=(1980, 1, 1, 0, 0, 0))
            archive.writestr(info, files[relative])
    packed, origin = buffer.getvalue(), str(project.root.resolve())
    return PREFIX + hashlib.sha256(origin.encode("utf-8") + b"\0" + packed).hexdigest()[:32], (origin, packed)


def _files(project: Project, game: str) -> dict[str, bytes]:
    """game.yaml and the simulation's regular files, by their path in the project (posix), within the bounds."""
    target = find_target(project, game)
    if target is None:
        return {}
    root = project.root.resolve()
    folder = root / "card_data" / target.game
    wanted = [folder / "game.yaml"] if (folder / "game.yaml").is_file() else []
    entry = folder / target.path
    wanted += sorted(_walk(entry)) if entry.is_dir() else [entry]
    files: dict[str, bytes] = {}
    size = 0
    for path in wanted:
        resolved = path.resolve()
        if root not in resolved.parents or not resolved.is_file():
            continue  # the loader refuses such a file with its own message, on the client first
        data = resolved.read_bytes()
        size += len(data)
        if size > MOST_BYTES or len(files) >= MOST_FILES:
            raise PnpError(f"the simulation of {game} is too big to send to a cluster (more than "
                           f"{MOST_BYTES // 1_000_000} MB or {MOST_FILES} files)", where=f"card_data/{target.game}",
                           fix="keep data files out of the simulation's folder, or run without --scheduler")
        files[path.relative_to(root).as_posix()] = data
    return files


def _walk(folder: Path) -> list[Path]:
    """The files under a folder, leaving out caches."""
    found = []
    for base, folders, names in os.walk(folder):
        folders[:] = [name for name in folders if name not in SKIPPED]
        found += [Path(base) / name for name in names]
    return found


def unpacked(root: str, packed: dict[str, tuple[str, bytes]]) -> str:
    """The folder a job's root names here: a packed project unpacked once into a folder of this process."""
    if not root.startswith(PREFIX):
        return root
    if root not in _UNPACKED:
        folder = tempfile.mkdtemp(prefix="pnp-project-")
        origin, files = packed[root]
        with zipfile.ZipFile(io.BytesIO(files)) as archive:
            for name in archive.namelist():
                if name.startswith("/") or ".." in Path(name).parts:
                    raise PnpError(f"a packed project holds '{name}'", where="pnp check --scheduler",
                                   fix="send the check from pnp itself")
            archive.extractall(folder)
        unpacked_from(Path(folder), Path(origin))
        _UNPACKED[root] = folder
    return _UNPACKED[root]


def forget_unpacked() -> None:
    """Remove every folder this process unpacked a project into (its simulations must be forgotten first)."""
    for folder in _UNPACKED.values():
        shutil.rmtree(folder, ignore_errors=True)
    _UNPACKED.clear()


# At the end of the process, also of a multiprocessing child (as Dask's worker processes are), which skips atexit.
util.Finalize(None, forget_unpacked, exitpriority=0)
