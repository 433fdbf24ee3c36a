"""SVG art is drawn through svglib once per process: every later sheet, form and print-shop page copies its page
operators and gets the same bytes as art drawn afresh; art that names a resource (text, transparency) or a colour
other than plain RGB is drawn each time, and CMYK files draw it for their own blacks."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.build import workers
from pnp.build.builder import BuildOptions, build
from pnp.face import svgart, svgdraw, svgpaint
from pnp.project.games import Project

SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 100" width="200" height="100">'
ART = {
    "plain": '<rect x="10" y="10" width="80" height="40" fill="#00838F"/><path d="M100 10 L190 90" stroke="#F0B92D" '
             'stroke-width="6" stroke-linecap="round"/>',
    "transparent": '<rect x="10" y="10" width="80" height="40" fill="#00838F" fill-opacity="0.5"/>',
    "text": '<text x="5" y="40" font-size="20">攻撃</text>',
}


def _drawn_afresh(canvas, art, scale):
    svgpaint.paint_drawing(canvas, art.drawing, scale)


def _build(project: Path, out: Path, color: str, monkeypatch) -> tuple[dict[str, bytes], int]:
    """Every PDF of a demo build (in this process, with no art kept from before), and how often svglib's drawing
    was drawn."""
    monkeypatch.setattr(svgart, "_CACHE", {})
    monkeypatch.setattr(workers, "every_core", lambda: 1)
    drawn = [0]
    painter = svgpaint.ArtPainter.draw

    def counted(self, *args, **kwargs):
        drawn[0] += 1
        return painter(self, *args, **kwargs)
    monkeypatch.setattr(svgpaint.ArtPainter, "draw", counted)
    loaded = Project(project)
    build(loaded, [loaded.load_game("demo")], BuildOptions(out, color=color))
    pdfs = {str(path.relative_to(out)): path.read_bytes() for path in sorted(out.rglob("*.pdf"))}
    return pdfs, drawn[0]


@pytest.mark.parametrize("kind", sorted(ART))
def test_art_drawn_once_gives_the_bytes_of_art_drawn_each_time(project, tmp_path, monkeypatch, kind):
    (project / "card_data/demo/art/attack.svg").write_text(SVG + ART[kind] + "</svg>", encoding="utf-8")
    shared, drawn = _build(project, tmp_path / "shared", "rgb", monkeypatch)
    monkeypatch.setattr(svgdraw, "_paint_art", _drawn_afresh)
    fresh, drawn_fresh = _build(project, tmp_path / "fresh", "rgb", monkeypatch)
    assert shared.keys() == fresh.keys() and len(shared) >= 3
    assert shared == fresh
    files = len(list((project / "card_data/demo/art").glob("*.svg")))
    if kind == "plain":
        assert drawn == files < drawn_fresh  # once per file: the sheets and print-shop pages copy it
    else:
        assert drawn > files


def test_cmyk_print_shop_files_draw_art_for_their_own_blacks(project, tmp_path, monkeypatch):
    (project / "card_data/demo/art/attack.svg").write_text(SVG + ART["plain"] + "</svg>", encoding="utf-8")
    shared, drawn = _build(project, tmp_path / "shared", "cmyk", monkeypatch)
    monkeypatch.setattr(svgdraw, "_paint_art", _drawn_afresh)
    fresh, _ = _build(project, tmp_path / "fresh", "cmyk", monkeypatch)
    assert shared == fresh
    assert drawn > len(list((project / "card_data/demo/art").glob("*.svg")))
