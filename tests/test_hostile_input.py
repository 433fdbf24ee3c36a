"""A stranger's project, run under a 2 GB address-space limit: every bad input is one line, exit code 1, no hang,
nothing written outside the output folder and earlier output left as it was. No other program runs."""

from __future__ import annotations

import hashlib
import os
import shutil
import stat
import tempfile
from pathlib import Path

import hostile_cases
import hostile_files as hf
import hostile_values
import pytest
from hostile_cases import FRONT
from hypothesis import given, settings
from hypothesis import strategies as st
from limited import LimitedPnp

from pnp.project.games import Project
from pnp.scaffold.writer import scaffold

PHOTO = "  - {id: photo, type: image, x: 5, y: 21, w: 10, h: 10, src: art/x.png}\n"
RECORDED = ("gs", "gsc", "gsx", "gswin32c", "gswin64c", "fc-match", "fc-list", "convert", "magick", "identify",
            "inkscape", "rsvg-convert", "pdftoppm", "pdftocairo", "potrace", "xdg-open", "display")


@pytest.fixture(scope="module")
def recorder(tmp_path_factory) -> Path:
    """A folder of programs named as those an image or font library may start, each only noting that it ran."""
    folder = tmp_path_factory.mktemp("recorders")
    for name in RECORDED:
        script = folder / name
        script.write_text(f'#!/bin/sh\necho "{name} $*" >> "{folder}/called"\nexit 1\n')
        script.chmod(0o755)
    return folder


@pytest.fixture(scope="module")
def limited(recorder):
    """pnp under the 2 GB limit, with the recording programs first on PATH."""
    worker = LimitedPnp({**os.environ, "PATH": f"{recorder}{os.pathsep}{os.environ['PATH']}"})
    yield worker
    worker.close()


@pytest.fixture(scope="module")
def built(tmp_path_factory, limited) -> Path:
    """The example project, with a PNG picture added, built once."""
    root = tmp_path_factory.mktemp("built") / "project"
    scaffold(Project(root), "demo")
    (root / "card_data/demo/art/x.png").write_bytes(hf.png(40, 40))
    (root / FRONT).write_text((root / FRONT).read_text(encoding="utf-8") + PHOTO, encoding="utf-8")
    result = limited.run("build", "--project", str(root))
    assert result.code == 0, result.stderr
    return root


def programs_started(recorder: Path) -> str:
    """What the recording programs noted since the last look (and a clean slate for the next)."""
    log = recorder / "called"
    noted = log.read_text() if log.exists() else ""
    log.unlink(missing_ok=True)
    return noted


def contents(folder: Path) -> dict[str, str]:
    """Every entry under a folder: a digest of each regular file, the kind of anything else."""
    found = {}
    for path in sorted(folder.rglob("*")):
        mode = path.lstat().st_mode
        name = path.relative_to(folder).as_posix()
        if stat.S_ISREG(mode):
            found[name] = "sparse" if path.stat().st_size > 2**30 else hashlib.sha256(path.read_bytes()).hexdigest()
        else:
            found[name] = "link" if stat.S_ISLNK(mode) else "folder" if stat.S_ISDIR(mode) else "other"
    return found


CASES = hostile_cases.CASES + hostile_values.CASES


@pytest.mark.parametrize("case", CASES, ids=[case[0] for case in CASES])
def test_bad_input_is_one_line_within_bounds(built, limited, recorder, tmp_path, case):
    name, change, message, command = (*case, "build")[:4]
    root = tmp_path / "project"
    shutil.copytree(built, root, symlinks=True)
    change(root)
    (tmp_path / "canary").write_text("a file beside the project")
    before = contents(tmp_path)
    args = command.split()
    result = limited.run(*args[:1], *(["demo"] if args[0] == "check" else []), *args[1:], "--project", str(root))
    assert not result.timed_out, f"{name}: still running after 10 s"
    assert "Traceback" not in result.stderr, result.stderr
    if args[0] == "list":  # pnp list names each game and what is wrong with it on its own line
        assert (result.code, result.stdout.splitlines(), result.stderr) == (1, [f"demo  error: {message}"], "")
    else:
        assert (result.code, result.stderr.splitlines()) == (1, [f"error: {message}"]), result.stderr
    assert contents(tmp_path) == before, "a failed command must write nothing and leave earlier output as it was"
    assert programs_started(recorder) == ""


FONT_TEXT_SVG = ('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><text x="2" y="15" '
                 'font-family="Arial, Helvetica, sans-serif" font-size="12">Hi</text></svg>')
OTHER_FORMATS = [
    ("EPS", "x.png", hf.EPS), ("PostScript", "x.png", hf.PS), ("PDF", "x.png", hf.PDF),
    ("EPS as .eps", "x.eps", hf.EPS),
    ("SVG text with a font-family", "x.svg", FONT_TEXT_SVG.encode()),
]


@pytest.mark.parametrize("kind,name,data", OTHER_FORMATS)
@pytest.mark.parametrize("command", ["build", "proof"])
def test_no_other_program_runs(built, limited, recorder, tmp_path, kind, name, data, command):
    root = tmp_path / "project"
    shutil.copytree(built, root, symlinks=True)
    (root / "card_data/demo/art" / name).write_bytes(data)
    (root / FRONT).write_text((root / FRONT).read_text(encoding="utf-8").replace("src: art/x.png", f"src: art/{name}"),
                              encoding="utf-8")
    result = limited.run(command, *(["demo"] if command == "proof" else []), "--project", str(root))
    assert "Traceback" not in result.stderr and not result.timed_out, result.stderr
    assert programs_started(recorder) == "", f"{kind}: pnp started another program"


VALUES = st.sampled_from([
    "{a: 1}", "[1, 2]", "[]", "{}", "!!binary aGVsbG8=", "!!set {a, b}", "null", "~", "yes", "no", "true", ".nan",
    ".inf", "-.inf", "1.0e+400", "-1", "0", "1e9", "99999999999999999999", "'5'", "2024-01-31", "&a x", "*a", "''",
    "'{{ name }}'", "'{{ none }}'", "'{{ name * 99999 }}'", "'{{ [1] }}'", "poker", "[63, 88, 5]", "[.nan, 88]",
    "{hand: fonts/x.ttf}", "art/x.png", "../x", "/etc/passwd", "'#zzz'", "[0, 0]", "[2, .inf]", "'a\\0b'"])


def mutated_yaml(text: str, changes: list[tuple[int, str, bool]]) -> str:
    """A YAML text with values replaced, and lines given twice (duplicate keys)."""
    lines = text.splitlines()
    for index, value, twice in changes:
        index %= len(lines)
        key, sep, _ = lines[index].partition(": ")
        lines[index] = f"{key}{sep or ': '}{value}"
        if twice:
            lines.insert(index, lines[index])
    return "\n".join(lines) + "\n"


def assert_clean(result) -> None:
    """No hang, no traceback; a failure is exactly one `error:` line and exit code 1."""
    assert not result.timed_out, "still running after 10 s"
    assert "Traceback" not in result.stderr, result.stderr
    assert result.code in (0, 1), result.stderr
    if result.code:
        lines = result.stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr


FUZZ = settings(max_examples=15, deadline=None, derandomize=True)


@FUZZ
@given(file=st.sampled_from(["layouts/demo/cards.yaml", "layouts/demo/_base.yaml", "card_data/demo/game.yaml"]),
       changes=st.lists(st.tuples(st.integers(0, 99), VALUES, st.booleans()), min_size=1, max_size=4))
def test_mutated_yaml_never_crashes_or_hangs(built, limited, file, changes):
    with tempfile.TemporaryDirectory() as scratch:
        root = Path(scratch) / "project"
        shutil.copytree(built, root, symlinks=True)
        (root / file).write_text(mutated_yaml((root / file).read_text(encoding="utf-8"), changes), encoding="utf-8")
        assert_clean(limited.run("build", "--project", str(root)))


NASTY = st.sampled_from([
    b"<!DOCTYPE x>", b"&lol;", b"&#0;", b'<c r="XFD1048576"><v>1</v></c>', b"<c><v>1</v></c>" * 50,
    b'<row r="9999999">', b'table:number-rows-repeated="99999999" ', b'table:number-columns-repeated="99999" ',
    b"<si><t>x</t></si>" * 50, b"<?xml version='1.0' encoding='utf-16'?>", b"\x00", b"\xff\xfe", b"<", b">", b'"',
    b"</row>", b"<row>", b"<v>", b"1e308", b"-1", b"<f>1/0</f>"])


def mutated_parts(parts: dict[str, bytes], edits: list[tuple[int, int, bytes]]) -> dict[str, bytes]:
    """Workbook parts with nasty fragments written in at chosen places."""
    parts = dict(parts)
    names = sorted(parts)
    for which, where, fragment in edits:
        name = names[which % len(names)]
        data = parts[name]
        cut = where % (len(data) + 1)
        parts[name] = data[:cut] + fragment + data[cut:]
    return parts


@FUZZ
@given(suffix=st.sampled_from([".xlsx", ".ods"]), edits=st.lists(
    st.tuples(st.integers(0, 20), st.integers(0, 10**6), NASTY), min_size=1, max_size=4),
    flips=st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 255)), max_size=3))
def test_mutated_workbooks_never_crash_or_hang(built, limited, suffix, edits, flips):
    with tempfile.TemporaryDirectory() as scratch:
        root = Path(scratch) / "project"
        shutil.copytree(built, root, symlinks=True)
        (root / "card_data/demo/cards.csv").unlink()
        book = root / f"card_data/demo/cards{suffix}"
        hf.write_zip(book, mutated_parts(hf.workbook(book), edits))
        data = bytearray(book.read_bytes())
        for where, value in flips:
            data[where % len(data)] = value
        book.write_bytes(bytes(data))
        assert_clean(limited.run("build", "--project", str(root)))
