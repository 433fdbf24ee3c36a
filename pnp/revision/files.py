"""The project files that differ between two versions, named as causes of a card that looks different."""

from __future__ import annotations

import hashlib
from pathlib import Path

from pnp.errors import PnpError
from pnp.limits import MAX_REVISION_FILES

FOLDERS = ("card_data", "layouts", "fonts")
KINDS = {".yaml": "layout", ".yml": "layout", ".ttf": "font", ".otf": "font", ".ttc": "font", ".png": "art",
         ".jpg": "art", ".jpeg": "art", ".svg": "art", ".svgz": "art", ".csv": "data", ".xlsx": "data",
         ".ods": "data"}
SHOWN_CAUSES = 3


def changed_files(old_root: Path, new_root: Path) -> list[str]:
    """The files under card_data/, layouts/ and fonts/ added, removed or edited, relative to the project, sorted."""
    old, new = _files(old_root), _files(new_root)
    differ = set(old) ^ set(new)
    differ |= {name for name in set(old) & set(new) if _digest(old[name]) != _digest(new[name])}
    return sorted(differ)


def _files(root: Path) -> dict[str, Path]:
    """The regular files of the folders that make the cards (links not followed), by their project path."""
    found: dict[str, Path] = {}
    for folder in FOLDERS:
        base = root / folder
        if not base.is_dir() or base.is_symlink():
            continue
        for path in sorted(base.rglob("*")):
            if path.is_file() and not path.is_symlink():
                found[path.relative_to(root).as_posix()] = path
                if len(found) > MAX_REVISION_FILES:
                    raise PnpError(f"more than {MAX_REVISION_FILES} files under card_data/, layouts/ and fonts/",
                                   where=root.as_posix(), fix="compare a project folder that holds only the game")
    return found


def _digest(path: Path) -> str:
    digest = hashlib.sha1()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(2**20), b""):
            digest.update(block)
    return digest.hexdigest()


def cause(changed: list[str], own: list[str]) -> str:
    """Why a card whose cells did not change looks different: the changed files, its own layouts first."""
    shown = [name for name in own if name in changed]
    shown += [name for name in changed if name not in shown and KINDS.get(Path(name).suffix.lower()) != "data"]
    shown = shown or [name for name in changed if name not in shown]
    if not shown:
        return "no file under card_data/, layouts/ or fonts/ changed: drawn differently by another version of pnp"
    described = [f"{KINDS.get(Path(name).suffix.lower(), 'file')} {name} changed" for name in shown[:SHOWN_CAUSES]]
    more = len(shown) - SHOWN_CAUSES
    return ", ".join(described) + (f" and {more} more file{'s' if more > 1 else ''}" if more > 0 else "")
