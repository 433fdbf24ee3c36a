"""What a preview's rebuild reuses: layouts whose files hold the same text, and faces grouped by a fingerprint."""

from __future__ import annotations

from pathlib import Path

from pnp.build.builder import render_component
from pnp.export.source import PAPER, first_pages
from pnp.face.render import Renderer
from pnp.layout.files import load_layout
from pnp.project.games import Project
from pnp.text.fonts import FontBook


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def layout(project: Path, name: str):
    return load_layout(project / "layouts" / "demo" / name, project, lambda p: p.relative_to(project).as_posix())


def test_a_layout_is_read_again_only_when_a_file_it_extends_or_is_changes(project):
    first = layout(project, "item.yaml")  # item.yaml extends cards.yaml, which extends _base.yaml
    assert layout(project, "item.yaml") is first
    edit(project / "layouts/demo/_base.yaml", "background: \"#f4ecd8\"", "background: \"#ffffff\"")
    second = layout(project, "item.yaml")
    assert second is not first and second.elements[0].props["fill"] == "#ffffff"
    edit(project / "layouts/demo/cards.yaml", "y: 15\n", "y: 16\n")
    third = layout(project, "item.yaml")
    assert third is not second and next(e for e in third.elements if e.id == "kind").props["y"] == 16
    (project / "layouts/demo/_base.yaml").unlink()
    try:
        layout(project, "item.yaml")
    except Exception as exc:  # a file gone is read again, and named
        assert "layouts/demo/_base.yaml" in str(exc)
    else:
        raise AssertionError("a layout whose base is gone was given back")


def pairwise(faces) -> tuple[int, ...]:
    """first_pages as it was: every new face compared with every distinct earlier one."""
    by_key: dict[object, int] = {}
    distinct: list[int] = []
    first = []
    for page, (key, face) in enumerate(faces):
        if key not in by_key:
            by_key[key] = next((e for e in distinct if faces[e][1] == face), None)
            if by_key[key] is None:
                distinct.append(page)
                by_key[key] = page
        first.append(by_key[key])
    return tuple(first)


def test_faces_grouped_by_fingerprint_are_grouped_as_by_comparing_each_pair(project):
    csv = project / "card_data/demo/cards.csv"
    edit(csv, "Potion,item,0,Heal 2. :star: cards heal 1 more.,1", "Potion,item,0,Heal 2. :star: cards heal 1 more.,1\n"
         "Elixir,item,0,Heal 2. :star: cards heal 1 more.,2\nSpark,attack,1,Deal **1** damage.,1")
    game = Project(project).load_game("demo")
    faces = render_component(game.components[0], Renderer(FontBook(), project), PAPER, lambda n: None)
    for side in (faces.fronts, faces.backs):
        assert side is not None
        assert first_pages(side) == pairwise(side)
    assert len(set(first_pages(faces.fronts))) == 5  # the second Spark draws as the first; Elixir has its own name
    assert set(first_pages(faces.backs)) == {0}
