"""Reading a project's files at a git revision with git's plumbing: no network, no hooks, sizes bounded first."""

from __future__ import annotations

import os
import subprocess
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from pnp.errors import PnpError
from pnp.limits import MAX_REVISION_BYTES, MAX_REVISION_FILES

REGULAR_MODES = {"100644", "100755"}  # links (120000) and submodules (160000) are not taken
SKIPPED_TOP = {"output", ".git"}
SETTINGS = ("-c", f"core.hooksPath={os.devnull}", "-c", "protocol.allow=never", "-c", "core.fsmonitor=false",
            "-c", "core.pager=cat")


@dataclass(frozen=True)
class TreeFile:
    """One regular file of the revision's tree: its blob, size and path inside the project."""

    blob: str
    size: int
    path: PurePosixPath


def _git(root: Path, *args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess:
    """Run one git plumbing command in the project folder: no prompt, no lazy fetch, no hook, no pager."""
    env = {**os.environ, "GIT_TERMINAL_PROMPT": "0", "GIT_NO_LAZY_FETCH": "1", "GIT_OPTIONAL_LOCKS": "0",
           "GIT_ASKPASS": "", "SSH_ASKPASS": "", "GIT_PAGER": "cat"}
    try:
        return subprocess.run(["git", *SETTINGS, *args], cwd=root, input=stdin, capture_output=True, env=env,
                              check=False)
    except OSError as exc:
        raise PnpError(f"git cannot be run ({exc.strerror})", where="--since",
                       fix="install git, or name an earlier project folder instead of a revision") from None


def commit_of(root: Path, ref: str) -> tuple[str, str]:
    """The commit a revision names and the project's folder inside the repository ('' at its top)."""
    fix = "name a commit, branch or tag of the project's repository (git log lists them), or an earlier project folder"
    prefix = _git(root, "rev-parse", "--show-prefix")
    if prefix.returncode != 0:
        raise PnpError(f"'{ref}' is no folder, and the project is in no git repository", where="--since",
                       fix="name an earlier project folder, or keep the project in git to compare with a revision")
    if ref.startswith("-") or not ref.strip():
        raise PnpError(f"'{ref}' is not a revision", where="--since", fix=fix)
    found = _git(root, "rev-parse", "--verify", "--quiet", "--end-of-options", f"{ref}^{{commit}}")
    if found.returncode != 0:
        raise PnpError(f"'{ref}' is no folder and no revision of the project's repository", where="--since", fix=fix)
    return found.stdout.decode().strip(), prefix.stdout.decode().strip()


def tree_files(root: Path, commit: str, prefix: str, ref: str) -> list[TreeFile]:
    """The regular files of the project at a commit, their number and sizes bounded before any is read."""
    listed = _git(root, "ls-tree", "-r", "-l", "-z", "--full-tree", commit, "--", prefix or ".")
    if listed.returncode != 0:
        raise PnpError(f"cannot list the files of '{ref}': {_first_line(listed.stderr)}", where="--since",
                       fix="check the revision with 'git show'")
    files, total = [], 0
    for entry in listed.stdout.split(b"\0"):
        if not entry:
            continue
        info, _, name = entry.partition(b"\t")
        mode, kind, blob, size = info.decode().split()
        path = PurePosixPath(name.decode("utf-8", "replace")).relative_to(prefix or ".")
        if mode not in REGULAR_MODES or kind != "blob" or not path.parts or path.parts[0] in SKIPPED_TOP:
            continue
        files.append(TreeFile(blob, int(size), path))
        total += int(size)
        if len(files) > MAX_REVISION_FILES or total > MAX_REVISION_BYTES:
            raise PnpError(f"the project at '{ref}' holds more than {MAX_REVISION_FILES} files or "
                           f"{MAX_REVISION_BYTES // 2**20} MB", where="--since",
                           fix="compare with an earlier project folder that holds only the game")
    return files


def write_tree(root: Path, files: list[TreeFile], folder: Path, ref: str) -> None:
    """Write the files' contents under folder, read in one `git cat-file --batch` (each blob's size checked)."""
    for file in files:
        _check_name(file.path, ref)
    if not files:
        return
    batch = _git(root, "cat-file", "--batch", stdin=b"".join(f"{file.blob}\n".encode() for file in files))
    out, at = batch.stdout, 0
    for file in files:
        header_end = out.find(b"\n", at)
        header = out[at:header_end].decode(errors="replace").split()
        if batch.returncode != 0 or len(header) != 3 or header[0] != file.blob or int(header[2]) != file.size:
            raise PnpError(f"cannot read '{file.path}' at '{ref}'", where="--since",
                           fix="check the repository with 'git fsck'")
        start = header_end + 1
        target = folder.joinpath(*file.path.parts)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(out[start:start + file.size])
        at = start + file.size + 1


def _check_name(path: PurePosixPath, ref: str) -> None:
    """Refuse a tree entry that could name a place outside the folder it is written to."""
    if any(part in ("", ".", "..") or "\\" in part or ":" in part or "\0" in part for part in path.parts):
        raise PnpError(f"the project at '{ref}' holds a file named {str(path)!r}, which cannot be written safely",
                       where="--since", fix="rename it in the repository, or compare with an earlier project folder")


def _first_line(stderr: bytes) -> str:
    lines = stderr.decode(errors="replace").strip().splitlines()
    return lines[0] if lines else "git failed"
