"""pnpkit's wheel in a fresh virtual environment outside the checkout gives the same bytes as the checkout's own pnp.

The wheel is installed with pip as a user installs it, `pip install --no-index --find-links WHEELHOUSE WHEEL`, so
pip resolves the wheel's own Requires-Dist. To stay offline and fast, the wheelhouse holds the distributions the
wheel requires, packed back into wheels from the files this checkout's venv installed (its RECORDs): only what
the wheel declares reaches the new venv, and nothing of the checkout (no pnp/, no fonts/, no editable finder).
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import re
import subprocess
import sys
import zipfile
from importlib import metadata
from pathlib import Path

import pytest
from conftest import ROOT
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from test_packaging import DISTRIBUTION, pip_env, wheel_built_once
from windows_like import windows_like_env

CHECKOUT_PNP = Path(sys.executable).with_name("pnp")  # the checkout's own pnp, in its venv
SCRIPTS = "Scripts" if os.name == "nt" else "bin"
PROGRESS = re.compile(r"about [0-9hmins ]+ left")  # a progress bar's time left: the one timing pnp check prints
TIMING_KEY = re.compile(r"seconds|elapsed|duration|timing")
COMMANDS = (
    ("new", "demo", "--rules"),
    ("build",),
    ("proof", "demo"),
    ("export", "demo", "--png"),
    ("check", "demo", "--workers", "2", "--games", "100", "--json", "check.json"),  # workers, probe and JSON, briefly
)
PROBE = """import json, sys, pnp, pnp_fonts
from importlib import metadata
from pnp.pdf.cmyk import DEFAULT_PROFILE
from pnp.scaffold.writer import TEMPLATES
from pnp.text.fonts import bundled_font_dir
print(json.dumps({"pnp": pnp.__file__, "fonts": str(bundled_font_dir()), "profile": str(DEFAULT_PROFILE),
                  "templates": str(TEMPLATES), "path": sys.path, "prefix": sys.prefix,
                  "distributions": sorted(dist.metadata["Name"] for dist in metadata.distributions()),
                  "windows_like": sys.modules.get("fcntl", "") is None}))  # its sitecustomize blocks fcntl
"""


def required(requirements: list[str]) -> set[str]:
    """The distributions these requirements need, transitively, as installed in this venv (markers evaluated)."""
    seen: set[tuple[str, str]] = set()  # (distribution, extra): "" for its plain requirements
    todo = [(Requirement(line), "") for line in requirements]
    while todo:
        need, under = todo.pop()
        if need.marker is not None and not need.marker.evaluate({"extra": under}):
            continue
        name = canonicalize_name(need.name)
        for extra in {"", *need.extras} - {wanted for known, wanted in seen if known == name}:
            seen.add((name, extra))
            todo += [(Requirement(line), extra) for line in metadata.requires(name) or []]
    return {name for name, _ in seen}


def repack(name: str, into: Path) -> Path:
    """A wheel of an installed distribution, made from the files its RECORD lists inside site-packages."""
    dist = metadata.distribution(name)
    files = [file for file in dist.files or [] if file.parts[0] != ".." and "__pycache__" not in file.parts]
    info = next(file.parts[0] for file in files if file.parts[0].endswith(".dist-info"))
    tags = [line.split(": ", 1)[1] for line in (dist.read_text("WHEEL") or "").splitlines() if line.startswith("Tag: ")]
    tag = "-".join(".".join(sorted({each.split("-")[part] for each in tags})) for part in range(3))
    wheel = into / f"{info.removesuffix('.dist-info')}-{tag}.whl"
    record = []
    with zipfile.ZipFile(wheel, "w") as packed:
        for file in files:
            if file.parts[0] == info and file.name in ("RECORD", "INSTALLER", "REQUESTED", "direct_url.json"):
                continue
            data = Path(str(dist.locate_file(file))).read_bytes()
            packed.writestr(file.as_posix(), data)
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            record.append(f"{file.as_posix()},sha256={digest},{len(data)}")
        packed.writestr(f"{info}/RECORD", "\n".join([*record, f"{info}/RECORD,,", ""]))
    return wheel


def wheel_requirements(wheel: Path) -> list[str]:
    """The wheel's Requires-Dist lines."""
    with zipfile.ZipFile(wheel) as built:
        info = next(name for name in built.namelist() if name.endswith(".dist-info/METADATA"))
        fields = built.read(info).decode("utf-8").split("\n\n")[0].splitlines()
    return [line.split(": ", 1)[1] for line in fields if line.startswith("Requires-Dist: ")]


@pytest.fixture(scope="module")
def venv(tmp_path_factory) -> Path:
    """A fresh venv (no pip, no system site-packages) holding the wheel and what it requires: its pnp script."""
    work = tmp_path_factory.mktemp("wheel-install")
    assert ROOT not in work.parents
    wheel = wheel_built_once(tmp_path_factory)
    house = work / "wheelhouse"
    house.mkdir()
    for name in sorted(required(wheel_requirements(wheel))):
        repack(name, house)
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(work / "venv")], check=True)
    python = work / "venv" / SCRIPTS / "python"
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet", "--no-index",
                    "--no-compile", "--find-links", str(house), str(wheel)], check=True, env=pip_env())
    return work / "venv" / SCRIPTS


def environment() -> dict[str, str]:
    """The Windows-like fallbacks forced, and nothing of this checkout's venv or its imports inherited."""
    base = {key: value for key, value in os.environ.items()
            if key not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "PYTHONSTARTUP") and not key.startswith("PIP_")}
    return windows_like_env(base)


def run_all(pnp: Path, folder: Path) -> dict[str, bytes]:
    """Run COMMANDS with this pnp in an empty folder: every output and every file the folder then holds."""
    folder.mkdir(parents=True)
    results = {}
    for args in COMMANDS:
        done = subprocess.run([str(pnp), *args], cwd=folder, capture_output=True, env=environment(), timeout=120)
        assert done.returncode == 0, (pnp, args, done.stdout, done.stderr)
        results[f"{args[0]}: stdout"] = deterministic(done.stdout)
        results[f"{args[0]}: stderr"] = deterministic(done.stderr)
    for path in sorted(folder.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:  # bytecode holds the source's time stamp
            results[path.relative_to(folder).as_posix()] = path.read_bytes()
    results["check.json"] = json.dumps(figures(json.loads(results["check.json"])), sort_keys=True).encode()
    return results


def figures(value):
    """A JSON value without the keys that tell time (pnp check writes none today; the figures do not depend on it)."""
    if isinstance(value, dict):
        return {key: figures(item) for key, item in value.items() if not TIMING_KEY.search(key)}
    return [figures(item) for item in value] if isinstance(value, list) else value


def deterministic(output: bytes) -> bytes:
    """Output without the lines that tell time."""
    return b"".join(line for line in output.splitlines(keepends=True) if not PROGRESS.search(line.decode()))


def test_the_wheel_alone_is_imported_in_the_fresh_venv(venv, tmp_path):
    shown = json.loads(subprocess.run([str(venv / "python"), "-c", PROBE], capture_output=True, text=True,
                                      env=environment(), cwd=tmp_path, check=True).stdout)
    site, prefix = Path(shown["pnp"]).resolve().parent.parent, venv.parent.resolve()
    assert Path(shown["prefix"]).resolve() == prefix and prefix in site.parents and shown["windows_like"]
    assert Path(shown["fonts"]).resolve() == site / "pnp_fonts" and Path(shown["profile"]).is_relative_to(site / "pnp")
    assert Path(shown["templates"]).resolve() == site / "pnp" / "scaffold" / "files"
    importable = [Path(entry).resolve() for entry in shown["path"] if entry and (Path(entry) / "pnp").is_dir()]
    assert importable == [site]  # the checkout's pnp/ is on no path of the new venv
    assert DISTRIBUTION in shown["distributions"] and "pnp" not in shown["distributions"]
    assert len(shown["distributions"]) == len(set(shown["distributions"])) < 30  # the wheel's requirements alone


def test_the_installed_wheel_gives_the_same_bytes_as_the_checkout(venv, tmp_path):
    installed = run_all(venv / "pnp", tmp_path / "installed" / "project")
    checkout = run_all(CHECKOUT_PNP, tmp_path / "checkout" / "project")
    assert installed.keys() == checkout.keys()
    assert {"output/demo/demo-a4.pdf", "output/demo/demo-proof.pdf", "card_data/demo/rules/state.py"} <= set(installed)
    assert any(name.endswith(".png") for name in installed) and b"Games: " in installed["check: stdout"]
    assert [name for name in installed if installed[name] != checkout[name]] == []
