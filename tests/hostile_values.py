"""Bad settings in a stranger's project: wrong YAML types and numbers, duplicate keys, template bombs and object
reprs, a loop of links for every key that names a path. Cases as in hostile_cases."""

from __future__ import annotations

import os
from pathlib import Path

from hostile_cases import (
    ART,
    BASE,
    ENCODING_FIX,
    FINITE,
    FRONT,
    ITEMS,
    LOOP,
    MANIFEST,
    NUMBER,
    OVER,
    PHOTO_SRC,
    PRINTS,
    ROW2,
    RUNAWAY,
    TEMPLATE,
    TEXT,
    TEXT_FIX,
    TWICE,
    data_file,
    edit,
    element,
    loop,
    template,
)

YAML = [
    ("fonts: given as a list", lambda p: edit(p, BASE, "size: poker", "size: poker\nfonts: [fonts/hand.ttf]"),
     f"{BASE}: fonts: must be a mapping of names, got ['fonts/hand.ttf']; write fonts: {{name: ...}}, one entry a "
     f"name"),
    ("encoding: 5", lambda p: edit(p, MANIFEST, "title: demo", "title: demo\nencoding: 5"),
     f"{MANIFEST}: encoding: must be the name of an encoding, got 5; {ENCODING_FIX}"),
    ("encoding: base64", lambda p: edit(p, MANIFEST, "title: demo", "title: demo\nencoding: base64"),
     f"{MANIFEST}: encoding: 'base64' is not a text encoding; {ENCODING_FIX}"),
    ("encoding: klingon", lambda p: edit(p, MANIFEST, "title: demo", "title: demo\nencoding: klingon"),
     f"{MANIFEST}: encoding: unknown encoding 'klingon'; {ENCODING_FIX}"),
    ("title: a mapping", lambda p: edit(p, MANIFEST, "title: demo", "title: {a: 1}"),
     f"{MANIFEST}: title: must be text, got {{'a': 1}}; write the title in quotes, e.g. title: \"My Game\""),
    ("print_shop: 'no'", lambda p: edit(p, MANIFEST, "  - name: cards ", "  - name: cards\n    print_shop: 'no'\n   "),
     f"{MANIFEST}: components[0].print_shop: must be true or false, got 'no'; write print_shop: true or print_shop: "
     f"false"),
    ("base: .nan", lambda p: edit(p, MANIFEST, "  - name: cards ", "  - name: cards\n    base: .nan\n   "),
     f"{MANIFEST}: components[0].base: {FINITE} nan; {NUMBER}"),
    ("two text keys", lambda p: element(p, "    text: again\n"),
     f"{FRONT}: elements[0]: key 'text' is given on lines 11 and 13; {TWICE}"),
    ("two bleed keys in _base.yaml", lambda p: edit(p, BASE, "bleed: 3", "bleed: 3\nbleed: 2"),
     f"{BASE}: key 'bleed' is given on lines 4 and 5; {TWICE}"),
    ("two title keys in game.yaml", lambda p: edit(p, MANIFEST, "title: demo", "title: demo\ntitle: again"),
     f"{MANIFEST}: key 'title' is given on lines 3 and 4; {TWICE}"),
    ("text: a mapping", lambda p: edit(p, FRONT, 'text: "{{ name }}"', "text: {a: 1}"),
     f"{TEXT} {{'a': 1}}; {TEXT_FIX}"),
    ("text: !!binary", lambda p: edit(p, FRONT, 'text: "{{ name }}"', "text: !!binary aGVsbG8="),
     f"{TEXT} b'hello'; {TEXT_FIX}"),
    ("text: !!set", lambda p: edit(p, FRONT, 'text: "{{ name }}"', "text: !!set {a, b}"),
     f"{TEXT} {{'a', 'b'}}; {TEXT_FIX}"),
    ("text: true", lambda p: edit(p, FRONT, 'text: "{{ name }}"', "text: true"),
     f'{TEXT} true; YAML reads true as true or false; to mean the text, write it in quotes: text: "true"'),
    ("id: TRUE", lambda p: edit(p, FRONT, "  - id: kind\n", "  - id: TRUE\n"),
     f'{FRONT}: elements[5].id: must be a name, got true; YAML reads true as true or false; to mean the text, write '
     f'it in quotes: id: "true"'),
    ("id: 1.5", lambda p: edit(p, FRONT, "  - id: kind\n", "  - id: 1.5\n"),
     f'{FRONT}: elements[5].id: must be a name, got 1.5; YAML reads 1.5 as a number; to mean the text, write it in '
     f'quotes: id: "1.5"'),
    ("title: a date", lambda p: edit(p, MANIFEST, "title: demo", "title: 2024-05-01"),
     f'{MANIFEST}: title: must be text, got 2024-05-01; YAML reads 2024-05-01 as a date; to mean the text, write it '
     f'in quotes: title: "2024-05-01"'),
    ("a component named null",
     lambda p: edit(p, MANIFEST, "  - name: cards ", "  - name: null\n    data: cards.csv\n   "),
     f'{MANIFEST}: components[0].name: a component\'s name must be a name, got null; YAML reads null as null; to mean '
     f'the text, write it in quotes: name: "null"'),
    ("visible: a mapping", lambda p: element(p, "    visible: {a: 1}\n"),
     f"{FRONT}: elements[0] (name).visible: must be an expression, got {{'a': 1}}; write an expression over the row, "
     f"e.g. visible: \"value >= 4\", or true/false"),
    ("dash: [0, 0]", lambda p: edit(p, FRONT, "    radius: 2\n", "    radius: 2\n    dash: [0, 0]\n"),
     f"{FRONT}: elements[3].dash: [0, 0] is not a dash pattern; write lengths in mm above 0 and at most 2000, e.g. "
     f"dash: 2 or dash: [2, 1]"),
    ("bleed: .nan in _base.yaml", lambda p: edit(p, BASE, "bleed: 3", "bleed: .nan"),
     f"{BASE}: bleed: {FINITE} nan; {NUMBER}"),
    ("bleed: .inf in _base.yaml", lambda p: edit(p, BASE, "bleed: 3", "bleed: .inf"),
     f"{BASE}: bleed: {FINITE} inf; {NUMBER}"),
    ("size: [1.0e+309, 88] in _base.yaml", lambda p: edit(p, BASE, "size: poker", "size: [1.0e+309, 88]"),
     f"{BASE}: size: infx88 mm is outside the limits of 5 to 1200 mm a side; give the size in mm, e.g. [63, 88]"),
    ("size: [63, 88, 5] in _base.yaml", lambda p: edit(p, BASE, "size: poker", "size: [63, 88, 5]"),
     f"{BASE}: size: must be a preset name or [width, height] in mm, got [63, 88, 5]; write for example size: poker "
     f"or size: [63, 88]"),
    ("leading: .nan in a style", lambda p: edit(p, BASE, "leading: 1.35}", "leading: .nan}"),
     f"{BASE}: styles.body.leading: {FINITE} nan; {NUMBER}"),
    ("readable_size: .inf", lambda p: edit(p, BASE, "bleed: 3", "bleed: 3\nreadable_size: .inf"),
     f"{BASE}: readable_size: {FINITE} inf; {NUMBER}"),
    ("x: 1.0e+400", lambda p: edit(p, FRONT, "    x: 5\n", "    x: 1.0e+400\n"),
     f"{FRONT}: elements[0] (name).x: {FINITE} inf; {NUMBER}"),
    ("a whole number of 5000 digits", lambda p: edit(p, FRONT, "    x: 5\n", f"    x: {'9' * 5000}\n"),
     f"{FRONT}: invalid YAML: Exceeds the limit (4300 digits) for integer string conversion; fix the value"),
    ("a symbol without char or image", lambda p: edit(p, BASE, "star: {image: art/star.svg}", "star: {font: bold}"),
     f"{BASE}: symbols.star: a symbol needs char: or image: (one of them); write for example coin: "
     f"{{char: ●, color: '#d4a017'}} or coin: {{image: art/coin.svg}}"),
    ("a symbol's image a list", lambda p: edit(p, BASE, "star: {image: art/star.svg}", "star: {image: [1]}"),
     f"{BASE}: symbols.star.image: a symbol's image must be text, got [1]; write for example coin: {{char: ●}} or "
     f"coin: {{image: art/coin.svg}}"),
    ("colors: a list", lambda p: edit(p, BASE, 'blue: "#2471a3"', "blue: [1, 2]"),
     f"{BASE}: colors.blue: expected a colour, got [1, 2]; write #rrggbb, a colour name, a name from colors:, or [C, "
     f"M, Y, K] in percent"),
    ("colors: an empty colour", lambda p: edit(p, BASE, 'blue: "#2471a3"', "blue: ''"),
     f"{BASE}: colors.blue: a named colour must be a colour, got ''; write #rrggbb, a colour name or [C, M, Y, K] in "
     "percent, or remove the name"),
    ("stroke_width: .nan", lambda p: edit(p, FRONT, "    radius: 2\n", "    radius: 2\n    stroke_width: .nan\n"),
     f"{FRONT}: elements[3].stroke_width: {FINITE} nan; {NUMBER}"),
]

TEMPLATES = [(f"template {{{{ {text} }}}}", lambda p, text=text: template(p, f"{{{{ {text} }}}}"),
              f"{TEMPLATE} {message}") for text, message in (
    ("'x'.ljust(2000000000)", f"{OVER} .ljust would make up to 2000000000 {ITEMS}"),
    ("'x'|center(2000000000)", f"{OVER} |center would make up to 2000000000 {ITEMS}"),
    ("'%2000000000d'|format(1)", f"{OVER} |format would make up to 2000000013 {ITEMS}"),
    ("'{:{w}}'.format(1, w=2000000000)", f"{OVER} formatting would make more than 100000 characters; {RUNAWAY}"),
    ("'x'.zfill(2000000000)", f"{OVER} .zfill would make up to 2000000000 {ITEMS}"),
    ("('x' * 60000).replace('', 'y' * 20000)", f"{OVER} .replace would make up to 1200080000 {ITEMS}"),
    ("('x' * 60000)|join('y' * 60000)", f"{OVER} |join would make up to 3600000000 {ITEMS}"),
    ("(('a' ~ '\\n') * 30000)|indent(99999)", f"{OVER} |indent would make up to 3000129999 {ITEMS}"),
    ("('x ' * 30000)|wordwrap(1, wrapstring='y' * 60000)", f"{OVER} |wordwrap would make up to 3600060000 {ITEMS}"),
    ("('%99999d' * 14000)|format(*range(14000))", f"{OVER} |format would make up to 1400142890 {ITEMS}"),
    ("('{0}' * 30000).format('y' * 99999)", f"{OVER} formatting would make more than 100000 characters; {RUNAWAY}"),
    ("('\\t' * 60000).expandtabs(60000)", f"{OVER} .expandtabs would make up to 3600060000 {ITEMS}"),
    ("('x' * 60000).translate({120: 'y' * 60000})", f"{OVER} .translate would make up to 3600000000 {ITEMS}"),
    ("(1).to_bytes(2000000000, 'big')", f"{OVER} .to_bytes would make up to 2000000000 {ITEMS}"),
    ("lipsum(1000, max=100000)", f"{OVER} lipsum would make up to 2000000000 {ITEMS}"),
    ("(['y' * 60000] * 100000)|map('upper')|list",
     f"{OVER} a sequence of more than 100000 characters or items; {RUNAWAY}"),
    ("'%(a)s' % {'a': cycler}", f"formats the class Cycler, {PRINTS}"),
    ("cycler", f"prints the class Cycler, {PRINTS}"),
    ("[1, 2]", f"prints a list, {PRINTS}"),
    ("none", f"prints None, {PRINTS}"),
    ("name.upper", f"prints the function upper, {PRINTS}"),
    ("namespace(a=1)", f"prints a Namespace object, {PRINTS}"),
    ("name ~ [1]", f"joins a list, {PRINTS}"))]
TEMPLATES.append(("template: a list grown without end", lambda p: template(
    p, "{% set l = ['x'] %}{% for i in range(40) %}{% set _ = l.extend(l) %}{% endfor %}{{ l|length }}"),
    f"{TEMPLATE} {OVER} .extend grows a value past 100000 characters or items; {RUNAWAY}"))
TEMPLATES.append(("template: a block set past the limit", lambda p: template(
    p, "{% set x %}{% for i in range(99999) %}{{ 'y' * 99999 }}{% endfor %}{% endset %}{{ x|length }}"),
    f"{TEMPLATE} {OVER} a block's output is longer than 100000 characters; {RUNAWAY}"))
TEMPLATES.append(("template: a macro past the limit", lambda p: template(
    p, "{% macro m() %}{% for i in range(99999) %}{{ 'y' * 99999 }}{% endfor %}{% endmacro %}{{ m()|length }}"),
    f"{TEMPLATE} {OVER} a block's output is longer than 100000 characters; {RUNAWAY}"))
TEMPLATES.append(("template: a private attribute", lambda p: template(p, "{{ name.__class__ }}"),
                  f"{ROW2}: template error in {FRONT}: elements[0] (name).text: access to attribute '__class__' of "
                  "'str' object is unsafe.; check the template against the CSV columns"))


def _loop_case(key: str):
    def change(root: Path) -> None:
        if key == "csv":
            data_file(root, "loop.csv")
            loop(root, "card_data/demo/loop.csv")
        elif key == "layout":
            edit(root, MANIFEST, "layout: {by: kind, attack: cards.yaml, defence: cards.yaml, item: item.yaml}",
                 "layout: loop.yaml")
            loop(root, "layouts/demo/loop.yaml")
        elif key == "back":
            edit(root, MANIFEST, "  - name: cards ", "  - name: cards\n    back: loop.yaml\n   ")
            loop(root, "layouts/demo/loop.yaml")
        elif key == "extends":
            edit(root, FRONT, "extends: _base.yaml", "extends: loop.yaml")
            loop(root, "layouts/demo/loop.yaml")
        elif key == "fonts":
            edit(root, BASE, "size: poker", "size: poker\nfonts: {hand: fonts/loop.ttf}")
            loop(root, "fonts/loop.ttf")
        elif key in ("images", "symbols"):
            loop(root, f"{ART}/x.png" if key == "images" else f"{ART}/star.svg")
        elif key == "cmyk_profile":
            edit(root, MANIFEST, "title: demo", "title: demo\ncmyk_profile: loop.icc")
            loop(root, "loop.icc")
        elif key == "a pipe in rules/":
            edit(root, MANIFEST, "title: demo", "title: demo\nrules: rules")
            (root / "card_data/demo/rules").mkdir()
            (root / "card_data/demo/rules/__init__.py").write_text("from .state import SPEC\n")
            os.mkfifo(root / "card_data/demo/rules/state.py")
        elif key == "game.yaml":
            loop(root, MANIFEST)
        elif key == "rules":
            edit(root, MANIFEST, "title: demo", "title: demo\nrules: loop")
            loop(root, "card_data/demo/loop")
    return change


LOOPS = [(f"a loop of links for {key} ({command})", _loop_case(key), f"{where}: {path} {LOOP}", command)
         for key, command, where, path in (
    ("csv", "build", f"{MANIFEST}: components[0].data", "'card_data/demo/loop.csv'"),
    ("layout", "build", f"{MANIFEST}: components[0].layout", "'layouts/demo/loop.yaml'"),
    ("back", "build", f"{MANIFEST}: components[0].back", "'layouts/demo/loop.yaml'"),
    ("extends", "build", f"{FRONT}: extends", "'layouts/demo/loop.yaml'"),
    ("fonts", "build", f"{BASE}: fonts.hand", "'fonts/loop.ttf'"),
    ("images", "build", PHOTO_SRC, "'art/x.png'"),
    ("symbols", "build", f"{ROW2}: {FRONT}: symbols.star.image", "'art/star.svg'"),
    ("cmyk_profile", "build", f"{MANIFEST}: cmyk_profile", "'loop.icc'"),
    ("cmyk_profile", "build --color cmyk", f"{MANIFEST}: cmyk_profile", "'loop.icc'"),
    ("cmyk_profile", "list", f"{MANIFEST}: cmyk_profile", "'loop.icc'"),
    ("rules", "check", f"{MANIFEST}: rules", "'loop'"),
    ("game.yaml", "build", MANIFEST, f"'{MANIFEST}'"))]
LOOPS.append(("a pipe in a simulation's package", _loop_case("a pipe in rules/"),
              f"{MANIFEST}: rules: 'card_data/demo/rules/state.py' is not a regular file (a pipe, device or socket), "
              "so pnp does not read it; keep only Python files and folders in the simulation's package", "check"))

CASES = YAML + TEMPLATES + LOOPS
