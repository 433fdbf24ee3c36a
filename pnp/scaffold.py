"""`pnp new`: a small example game that builds at once."""

from __future__ import annotations

import re
from pathlib import Path

from pnp.errors import PnpError, UsageError
from pnp.project import Project
from pnp.scaffold_rules import rules_files

NAME = re.compile(r"[a-z][a-z0-9_]*")

CARDS_CSV = """name,kind,value,text,count
Spark,attack,1,Deal **1** damage.,4
Blaze,attack,3,"Deal **3** damage.
Discard a card.",2
Shield,defence,2,Prevent the next {blue|2} damage.,3
Potion,item,0,Heal 2. :star: cards heal 1 more.,1
"""

LAYOUT = """# Front of the example cards. Coordinates are mm from the trim's top-left corner.
extends: _base.yaml
elements:
  - id: name
    type: text
    x: 5
    y: 5
    w: 41
    h: 8
    text: "{{ name }}"
    style: title
  - id: value
    type: icon
    shape: circle
    x: 46
    y: 4
    w: 12
    h: 12
    fill: "{{ kind_colors[kind] }}"
  - id: value_text
    type: text
    x: 46
    y: 4
    w: 12
    h: 12
    text: "{{ value }}"
    style: number
  - type: rect
    x: 5
    y: 50
    w: 53
    h: 33
    radius: 2
    fill: "#ffffff"
  - id: text
    type: text
    x: 7
    y: 52
    w: 49
    h: 29
    text: "{{ text }}"
    style: body
  - id: kind
    type: text
    x: 5
    y: 15
    w: 53
    h: 5
    text: "{{ kind }}"
    style: small
"""

BASE = """# Shared by the front and the back: size, bleed and styles.
size: poker
bleed: 3
safe: 3
vars:
  kind_colors: {attack: "#c0392b", defence: "#2471a3", item: "#27ae60"}
colors:
  blue: "#2471a3"
symbols:
  star: {char: "★", color: "#d4a017"}
styles:
  title: {font: bold, size: 14, min_size: 9, valign: middle}
  number: {font: bold, size: 16, color: "#ffffff", align: center, valign: middle}
  body: {size: 10, min_size: 7, leading: 1.35}
  small: {size: 8, color: "#555555"}
background: "#f4ecd8"
"""

BACK = """extends: _base.yaml
background: "#34495e"
elements:
  - type: rect
    x: 4
    y: 4
    w: 55
    h: 80
    radius: 3
    stroke: "#ecf0f1"
    stroke_width: 1
  - type: text
    x: 6
    y: 38
    w: 51
    h: 12
    text: "{{ game }}"
    font: bold
    size: 18
    color: "#ecf0f1"
    align: center
    valign: middle
"""

README = """# {name}: design decisions

- `cards.csv`: one row per card, `count` copies of each.
- Layouts in `layouts/{name}/`: `cards.yaml` (front), `cards-back.yaml` (back), `_base.yaml` (shared).
"""

RULES_README = """- `rules/`: the rules simulation `pnp check {name}` plays, reading `cards.csv`: deal the deck evenly, then
  tricks; the highest value takes the trick and leads the next; a player scores the values taken.

## Simulation rulings

Every choice the rules text leaves open and the simulation decides:

- Equal values: the card played first takes the trick.
- Cards left over after an even deal are set aside unseen.
"""


def scaffold(project: Project, name: str, rules: bool = False) -> list[Path]:
    """Write card_data/NAME/ and layouts/NAME/ with an example deck (and its simulation when asked); never overwrite."""
    if not NAME.fullmatch(name):
        raise UsageError(f"'{name}' is not a valid game name", where="pnp new",
                         fix="use lower-case letters, digits and underscores, starting with a letter")
    data, layouts = project.root / "card_data" / name, project.root / "layouts" / name
    for folder in (data, layouts):
        if folder.exists():
            raise PnpError("already exists", where=project.label(folder), fix="choose another name or remove it")
    files = {
        data / "cards.csv": CARDS_CSV,
        data / "README.md": README.format(name=name),
        layouts / "_base.yaml": BASE,
        layouts / "cards.yaml": LAYOUT,
        layouts / "cards-back.yaml": BACK.replace("{{ game }}", name),
    }
    if rules:
        files[data / "README.md"] += RULES_README.format(name=name)
        files.update(rules_files(data / "rules", name))
    for path, text in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return list(files)
