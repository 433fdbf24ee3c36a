"""An element whose every property is a constant is resolved once per build, and its faces are as before."""

from __future__ import annotations

from collections import Counter

import pytest

from pnp.face.render import Renderer
from pnp.layout.template import Template
from pnp.text.fonts import FontBook

FONTS = FontBook()


def faces_of(renderer: Renderer, game) -> list:
    """Every face of every row of the game's components, fronts then backs."""
    return [renderer.face(layout, component.table, row, 1, component.name, component.names)
            for component in game.components if component.box is None for row in component.table.rows
            for layout in (component.front_for(row), component.back_for(row)) if layout is not None]


@pytest.mark.parametrize("game", ["eitsuku", "ghost_couple", "torite4to6"])
def test_a_constant_elements_operation_is_resolved_once_and_the_faces_are_the_same(repo, monkeypatch, game):
    loaded = repo.load_game(game)
    one_by_one = Renderer(FONTS, repo.root)
    monkeypatch.setattr(one_by_one, "_resolved", one_by_one._op)  # every element resolved for every row
    expected = faces_of(one_by_one, loaded)
    resolved: Counter = Counter()
    renderer = Renderer(FONTS, repo.root)
    op = renderer._op

    def counted(element, layout, ctx):
        resolved[id(element), id(layout), id(ctx.table)] += 1
        return op(element, layout, ctx)
    monkeypatch.setattr(renderer, "_op", counted)
    assert faces_of(renderer, loaded) == expected
    constant = {id(element) for component in loaded.components for layout in component.layouts()
                for element in layout.elements
                if not any(isinstance(v, Template) and not v.constant for v in element.props.values())}
    once = [count for (element, _, _), count in resolved.items() if element in constant]
    assert once and set(once) == {1}
    assert any(count > 1 for (element, _, _), count in resolved.items() if element not in constant)


def test_collecting_text_problems_resolves_every_row(repo):
    loaded = repo.load_game("eitsuku")
    renderer = Renderer(FONTS, repo.root)
    renderer.traces = []
    faces = faces_of(renderer, loaded)
    texts = sum(op.kind == "text" for face in faces for op in face.ops)
    assert len(renderer.traces) == texts  # each row's own trace, constant texts too
