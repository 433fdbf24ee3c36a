"""Shared fixtures: the repository root, a scratch project, and one Eitsuku build per session."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import settings

from pnp.build import BuildOptions, build
from pnp.project import Project

ROOT = Path(__file__).resolve().parent.parent

# CI replays the same examples every run; locally hypothesis explores new ones each time.
settings.register_profile("ci", derandomize=True, deadline=None)
if os.environ.get("CI"):
    settings.load_profile("ci")


@pytest.fixture(scope="session")
def repo() -> Project:
    return Project(ROOT)


@pytest.fixture(scope="session")
def eitsuku_out(tmp_path_factory, repo) -> Path:
    """Build Eitsuku once (A4, Japanese marks, long-edge duplex) into a temporary folder."""
    out = tmp_path_factory.mktemp("eitsuku-out")
    build(repo, [repo.load_game("eitsuku")], BuildOptions(out))
    return out / "eitsuku"


@pytest.fixture
def project(tmp_path) -> Path:
    """A scratch project made by `pnp new demo`."""
    from pnp.scaffold import scaffold
    scaffold(Project(tmp_path), "demo")
    return tmp_path


def poppler(*args: str) -> str:
    """Run a poppler tool and return its output."""
    if shutil.which(args[0]) is None:
        pytest.fail(f"{args[0]} (poppler-utils) is not installed")
    return subprocess.run(args, check=True, capture_output=True, text=True).stdout
