"""The wheel a user installs: named pnpkit, holding every package of the source tree and every file read at run time."""

from __future__ import annotations

import ast
import os
import re
import shutil
import subprocess
import sys
import zipfile
from importlib import metadata
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import ROOT, made_once
from packaging.requirements import Requirement

DISTRIBUTION = "pnpkit"  # on PyPI "pnp" is another project ("Pull 'n' Push")
SOURCES = ("pyproject.toml", "README.md", "pnp", "fonts")  # what the build reads
# Every module that finds a file through its own location or a package; a new one must say what the wheel needs.
RUN_TIME_READERS = {
    "pnp/text/fonts.py": "the bundled fonts: the package pnp_fonts",
    "pnp/pdf/rgbpaint.py": "the ICC profile in pnp/pdf/profiles",
    "pnp/scaffold/writer.py": "the template files of pnp/scaffold/files",
    "pnp/check/discovery/loader.py": "a project's simulation module (the project's own file, not the wheel's)",
    "pnp/output/cachefiles.py": "installed libraries' files (found, not imported): the edge and art caches' keys",
    "pnp/text/layoutcache.py": "pnp's own line-breaking modules, hashed: the laid-out texts' entries' key",
}
READS = re.compile(r"__file__|importlib\.resources|importlib\.util|find_spec|(?<!\w)files\(|pkgutil|get_data")
POSIX_ONLY = {"fcntl", "termios", "pwd", "grp", "resource", "posix", "tty", "pty", "syslog"}
POSIX_ONLY_OS = {"fork", "forkpty", "getuid", "geteuid", "getgid", "getegid", "setsid", "killpg", "getpgid",
                 "setpgid", "mkfifo", "uname", "chown", "lchown", "fchown", "sched_getaffinity", "wait3", "wait4",
                 "WNOHANG", "O_NOFOLLOW", "O_DIRECTORY", "O_CLOEXEC", "getloadavg", "sync", "fchmod", "fchdir"}


def pip_env() -> dict[str, str]:
    """The environment for pip: this machine's pip configuration ignored, so the build is the same everywhere."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("PIP_")}
    return env | {"PIP_CONFIG_FILE": os.devnull, "PIP_DISABLE_PIP_VERSION_CHECK": "1"}


def build_wheel(into: Path) -> Path:
    """Build the wheel from a copy of the sources, offline: pip wheel with this venv's setuptools, no index."""
    source = into / "source"
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name, ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
        else:
            source.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, source / name)
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index",
                    "--wheel-dir", str(into), str(source)], check=True, capture_output=True, env=pip_env())
    (wheel,) = into.glob(f"{DISTRIBUTION}-*.whl")
    return wheel


def wheel_built_once(tmp_path_factory) -> Path:
    """The wheel, built once per test run for this module and test_wheel_install.py."""
    (wheel,) = made_once(tmp_path_factory, "wheel", build_wheel).glob(f"{DISTRIBUTION}-*.whl")
    return wheel


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> zipfile.ZipFile:
    with zipfile.ZipFile(wheel_built_once(tmp_path_factory)) as built:
        yield built


def config() -> dict:
    """pyproject.toml, read (Python 3.11+: the tests that read it skip on 3.10)."""
    tomllib = pytest.importorskip("tomllib")
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def source_files() -> dict[str, Path]:
    """Where each file of the source tree lands in the wheel: pnp/... as it is, fonts/... as pnp_fonts/..."""
    found = {f"pnp/{path.relative_to(ROOT / 'pnp').as_posix()}": path for path in (ROOT / "pnp").rglob("*")}
    found |= {f"pnp_fonts/{path.name}": path for path in (ROOT / "fonts").iterdir()}
    return {name: path for name, path in found.items()
            if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc"}


def templates(folder) -> list[str]:
    """Every template file of pnp new, as a path under pnp/scaffold/files."""
    names = []
    for entry in folder.iterdir():
        names += [f"{entry.name}/{name}" for name in templates(entry)] if entry.is_dir() else [entry.name]
    return names


def test_every_subpackage_is_listed_in_pyproject():
    listed = set(config()["tool"]["setuptools"]["packages"])
    found = {".".join(init.parent.relative_to(ROOT).parts) for init in (ROOT / "pnp").rglob("__init__.py")}
    assert found - listed == set()


def test_the_distribution_is_pnpkit_with_the_pnp_command_and_the_cluster_extra():
    project = config()["project"]
    assert project["name"] == DISTRIBUTION
    assert list(project["scripts"]) == ["pnp"] and project["scripts"]["pnp"].startswith("pnp.cli.")
    assert any(need.startswith("dask[distributed]") for need in project["optional-dependencies"]["cluster"])
    assert metadata.version(DISTRIBUTION) == project["version"]  # the checkout's venv installs it by that name


def test_pnp_version_reads_the_distribution():
    from pnp.cli.main import main
    result = CliRunner().invoke(main, ["--version"], prog_name="pnp")
    assert (result.exit_code, result.output) == (0, f"pnp, version {config()['project']['version']}\n")


def test_every_install_line_names_pnpkit():
    from pnp.check.play.cluster import INSTALL
    assert INSTALL == "pip install 'pnpkit[cluster]'"
    texts = {path: path.read_text(encoding="utf-8") for path in [ROOT / "README.md", *(ROOT / "pnp").rglob("*.py")]}
    assert [path for path, text in texts.items() if re.search(r"(?<![\w-])pnp\[", text)] == []
    assert [path for path, text in texts.items() if re.search(r"pip install '?pnp(?![\w-])", text)] == []
    assert "pip install 'pnpkit[cluster]'" in texts[ROOT / "README.md"]


def test_the_wheel_is_pure_python_named_pnpkit_with_its_dependencies(wheel):
    name = Path(str(wheel.filename)).name
    assert name == f"{DISTRIBUTION}-{config()['project']['version']}-py3-none-any.whl"  # no compiler, any platform
    info = f"{DISTRIBUTION}-{config()['project']['version']}.dist-info"
    fields = wheel.read(f"{info}/METADATA").decode("utf-8").split("\n\n")[0].splitlines()
    assert f"Name: {DISTRIBUTION}" in fields and "Provides-Extra: cluster" in fields
    required = {str(Requirement(line.split(": ", 1)[1])) for line in fields if line.startswith("Requires-Dist: ")}
    assert {str(Requirement(need)) for need in config()["project"]["dependencies"]} <= required
    script = f"pnp = {config()['project']['scripts']['pnp']}"
    assert script in wheel.read(f"{info}/entry_points.txt").decode("utf-8").splitlines()


def test_the_wheel_holds_the_source_tree_and_nothing_else(wheel):
    held = {name for name in wheel.namelist() if ".dist-info/" not in name}
    assert held == set(source_files())
    assert all(wheel.read(name) == path.read_bytes() for name, path in source_files().items())


def test_the_wheel_holds_every_file_the_code_reads_at_run_time(wheel):
    from pnp.pdf.cmyk import DEFAULT_PROFILE
    from pnp.scaffold.writer import TEMPLATES
    from pnp.text.fonts import BUNDLED
    held = set(wheel.namelist())
    fonts = {f"pnp_fonts/{name}" for name in [*BUNDLED.values(), "OFL.txt"]}  # the fonts and their licence
    profiles = {f"pnp/{DEFAULT_PROFILE.relative_to(ROOT / 'pnp').as_posix()}", "pnp/pdf/profiles/LICENSE-zlib.txt"}
    scaffold = {f"pnp/scaffold/files/{name}" for name in templates(TEMPLATES)}
    assert len(scaffold) >= 20 and "pnp/scaffold/files/rules/state.py.tmpl" in scaffold
    assert fonts | profiles | scaffold | {"pnp/py.typed"} <= held


def test_every_module_that_reads_a_file_of_its_own_is_known():
    readers = {path.relative_to(ROOT).as_posix() for path in (ROOT / "pnp").rglob("*.py")
               if READS.search(path.read_text(encoding="utf-8"))}
    assert readers == set(RUN_TIME_READERS)


def test_no_module_needs_a_posix_only_module_or_call():
    """A POSIX-only module (fcntl, ...) is imported under try/except ImportError, a POSIX-only os function used
    under `if hasattr(os, NAME)` (or read with getattr and a default): so Windows runs without them."""
    needed = []
    for path in (ROOT / "pnp").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        guarded = _guarded(tree)
        for node in ast.walk(tree):
            names = [alias.name for alias in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            if any(name.split(".")[0] in POSIX_ONLY for name in names) and id(node) not in guarded:
                needed.append(f"{path.relative_to(ROOT).as_posix()}:{node.lineno}")
            if _os_attribute(node) in POSIX_ONLY_OS and (id(node), _os_attribute(node)) not in guarded:
                needed.append(f"{path.relative_to(ROOT).as_posix()}:{node.lineno}: os.{_os_attribute(node)}")
    assert needed == []


def _guarded(tree: ast.AST) -> set:
    """The nodes under a try that catches ImportError (their ids), and (id, NAME) under `if hasattr(os, NAME)`
    (a statement or an expression)."""
    guarded: set = set()
    for block in ast.walk(tree):
        if isinstance(block, ast.Try) and any(_catches_import_error(handler) for handler in block.handlers):
            guarded |= {id(node) for statement in block.body for node in ast.walk(statement)}
        if isinstance(block, (ast.If, ast.IfExp)):
            names = {call.args[1].value for call in ast.walk(block.test) if isinstance(call, ast.Call)
                     and isinstance(call.func, ast.Name) and call.func.id == "hasattr" and len(call.args) == 2
                     and isinstance(call.args[1], ast.Constant)}
            body = block.body if isinstance(block.body, list) else [block.body]
            guarded |= {(id(node), name) for statement in body for node in ast.walk(statement) for name in names}
    return guarded


def _os_attribute(node: ast.AST) -> str | None:
    """NAME when the node is `os.NAME`."""
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "os":
        return node.attr
    return None


def _catches_import_error(handler: ast.ExceptHandler) -> bool:
    """Tell whether an except clause catches ImportError (or ModuleNotFoundError)."""
    kinds = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    return any(isinstance(kind, ast.Name) and kind.id in ("ImportError", "ModuleNotFoundError") for kind in kinds)
