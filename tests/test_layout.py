"""Layouts: extends inheritance, checked keys, templates checked against CSV columns."""

from __future__ import annotations

import pytest

from pnp.errors import PnpError
from pnp.layout.files import load_layout
from pnp.units import Size


def write(folder, name, text):
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def load(path):
    return load_layout(path, path.parent, lambda p: p.name)


def test_extends_merges_styles_and_elements(tmp_path):
    write(tmp_path, "_base.yaml", """
size: mini
bleed: 2
vars: {a: 1}
styles:
  body: {size: 9, color: "#111111"}
elements:
  - {id: title, type: text, x: 5, y: 5, w: 30, h: 8, text: base, style: body}
  - {id: frame, type: rect, x: 0, y: 0, w: 44, h: 63, stroke: black}
""")
    child = write(tmp_path, "child.yaml", """
extends: _base.yaml
vars: {b: 2}
styles:
  body: {size: 11}
elements:
  - {id: title, text: "{{ name }}"}
  - {type: line, x1: 0, y1: 10, x2: 44, y2: 10}
""")
    layout = load(child)
    assert layout.size == Size(44, 63) and layout.bleed == 2
    assert layout.vars == {"a": 1, "b": 2}
    assert [e.id for e in layout.elements] == ["title", "frame", "#2"]
    title = layout.elements[0]
    assert title.get("size") == 11 and title.get("color") == "#111111"
    assert title.get("text").source == "{{ name }}"
    assert "name" in layout.names


@pytest.mark.parametrize("text,message", [
    ("elements:\n  - {type: text, x: 5, y: 5, w: 20, h: 5, text: a, colour: red}\n",
     "l.yaml: elements[0]: unknown key 'colour'; did you mean 'color'?"),
    ("sise: poker\n", "l.yaml: unknown key 'sise'; did you mean 'size'?"),
    ("elements:\n  - {type: txt, x: 5, y: 5, w: 20, h: 5}\n",
     "l.yaml: elements[0]: unknown element type 'txt'; did you mean 'text'?"),
    ("elements:\n  - {type: rect, x: 5, y: 5, w: 20}\n", "l.yaml: elements[0]: missing key 'h'"),
    ("elements:\n  - {type: text, x: 1, y: 5, w: 20, h: 5, text: a}\n",
     "l.yaml: elements[0]: text box (1, 5, 20 x 5 mm) leaves the safe zone 3 mm inside the trim"),
    ("elements:\n  - {type: text, x: 5, y: 5, w: 20, h: 5, text: a, style: big}\n",
     "l.yaml: elements[0].style: unknown style 'big'"),
    ("elements:\n  - {type: rect, x: 5, y: 5, w: 20, h: five}\n",
     "l.yaml: elements[0].h: expected a number, got 'five'"),
    ("size: huge\n", "l.yaml: size: unknown size 'huge'"),
    ("elements: [\n", "l.yaml: invalid YAML"),
    ("extends: l.yaml\n", "l.yaml: extends: layout extends itself in a loop"),
    ("elements:\n  - {type: text, x: 5, y: 5, w: 20, h: 5, text: '{{ name '}\n",
     "l.yaml: elements[0].text: invalid template"),
])
def test_bad_layouts(tmp_path, text, message):
    path = write(tmp_path, "l.yaml", text)
    with pytest.raises(PnpError) as err:
        load(path)
    assert str(err.value).startswith(message)


def test_colour_markup_with_hex_survives_templating():
    from pnp.layout.template import compile_template
    assert compile_template("{#ff0000|赤} {{ name }}", "x").render({"name": "カード"}, "r") == "{#ff0000|赤} カード"
