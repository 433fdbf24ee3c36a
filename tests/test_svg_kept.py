"""SVG art kept in the output folder between builds: the next build draws it without reading the SVG or loading
svglib, with the same bytes in RGB and CMYK; an entry that is damaged, planted with a resource, or for other
bytes is ignored."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import modules_of_second_build

from pnp.build import workers
from pnp.build.builder import BuildOptions, build
from pnp.face import svgart
from pnp.face.svgkept import svg_folder
from pnp.project.games import Project

SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 100" width="200" height="100">'
ART = "card_data/demo/art/attack.svg"


@pytest.fixture
def demo(project: Path, monkeypatch) -> Path:
    """The example project, built in this process with its art converted afresh each build."""
    monkeypatch.setattr(workers, "every_core", lambda: 1)
    monkeypatch.setattr(svgart, "_CACHE", {})
    return project


def _build(project: Path, out: Path, color: str = "rgb") -> tuple[dict[str, bytes], int]:
    """Every PDF of a build, and how many SVG files it converted."""
    converted = [0]
    convert = svgart._convert

    def counted(*args, **kwargs):
        converted[0] += 1
        return convert(*args, **kwargs)
    svgart._convert, svgart._CACHE = counted, {}
    try:
        loaded = Project(project)
        build(loaded, [loaded.load_game("demo")], BuildOptions(out, color=color))
    finally:
        svgart._convert = convert
    return {str(p.relative_to(out)): p.read_bytes() for p in sorted(out.rglob("*.pdf"))}, converted[0]


def test_a_second_build_converts_no_art_and_keeps_its_bytes(demo, tmp_path):
    first, converted = _build(demo, tmp_path / "out")
    art = len(list((demo / "card_data/demo/art").glob("*.svg")))
    assert converted == art and len(list(svg_folder(tmp_path / "out").iterdir())) == art
    second, converted = _build(demo, tmp_path / "out")
    assert (second, converted) == (first, 0)
    cmyk, _ = _build(demo, tmp_path / "cmyk", "cmyk")
    kept_cmyk, converted = _build(demo, tmp_path / "out", "cmyk")
    assert kept_cmyk == cmyk and converted == art  # a CMYK file draws the art itself, for its blacks


def _entries(out: Path) -> list[Path]:
    return sorted(svg_folder(out).iterdir())


def _planted(entry: Path) -> None:
    """A sound entry whose first operator names a resource, its checksum made to match."""
    import hashlib
    header, _, body = entry.read_bytes().partition(b"\n")
    operators = json.loads(body)
    body = json.dumps(["/Im0 Do"] + operators).encode()
    found = json.loads(header)
    found["sum"] = hashlib.sha256(body).hexdigest()
    entry.write_bytes(json.dumps(found).encode() + b"\n" + body)


@pytest.mark.parametrize("damage", ["cut short", "a resource planted", "a size out of range", "not JSON"])
def test_an_unsound_entry_is_ignored(demo, tmp_path, damage):
    first, _ = _build(demo, tmp_path / "out")
    for entry in _entries(tmp_path / "out"):
        if damage == "cut short":
            entry.write_bytes(entry.read_bytes()[:-9])
        elif damage == "a resource planted":
            _planted(entry)
        elif damage == "a size out of range":
            entry.write_bytes(entry.read_bytes().replace(b'"width":', b'"width":1e9,"w":', 1))
        else:
            entry.write_bytes(b"\x00not json\n[]")
    again, converted = _build(demo, tmp_path / "out")
    assert again == first and converted == len(_entries(tmp_path / "out"))


def test_changed_art_is_converted_again(demo, tmp_path):
    _build(demo, tmp_path / "out")
    (demo / ART).write_text(SVG + '<rect width="50" height="50" fill="#123456"/></svg>', encoding="utf-8")
    changed, converted = _build(demo, tmp_path / "out")
    fresh, _ = _build(demo, tmp_path / "fresh")
    assert converted == 1 and changed == fresh


def test_a_build_with_its_art_kept_loads_neither_svglib_nor_lxml(project, tmp_path):
    modules = modules_of_second_build(project, tmp_path / "out")
    assert "pnp.build.builder" in modules
    assert [m for m in modules if m.split(".")[0] in ("svglib", "lxml") or m.startswith("reportlab.graphics")] == []
