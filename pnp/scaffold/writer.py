"""`pnp new`: a small example game that builds at once."""

from __future__ import annotations

import csv
import io
import os
import re
from pathlib import Path

from pnp.data.workbook_write import write_workbook
from pnp.errors import PnpError, UsageError
from pnp.output.failures import writing_into
from pnp.output.temps import Temp, sweep
from pnp.project.games import Project
from pnp.scaffold.rules import rules_files

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
  - id: picture
    type: image
    x: 5
    y: 21
    w: 53
    h: 27
    src: "art/{{ kind }}.svg"    # SVG art is drawn as vectors; PNG and JPEG work too
    fit: contain
"""

BASE = """# Shared by the front and the back: size, bleed and styles.
size: poker
bleed: 3
safe: 3
vars:
  kind_colors: {attack: "#c0392b", defence: "#2471a3", item: "#27ae60"}
colors:
  blue: "#2471a3"
symbols:                 # written :star: in text; a symbol may also be a character: {char: "★", color: "#d4a017"}
  star: {image: art/star.svg}
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

CHECK = """check:                       # pnp check {name}: shuffle, deal and answer the questions below
  deck: [cards]              # components shuffled together (or - {{component: cards, where: "kind == 'attack'"}})
  hand: {{2: 3, 3: 3, 4: 2}}   # cards dealt to each player, per player count (or one number with players: [2, 3, 4])
  draw: 1                    # cards each player draws per turn
  questions:                 # expressions over the CSV columns, as in where:
    - name: a starting hand with no attack card
      hand_has: "kind == 'attack'"
      at_most: 0
    - name: turn by which a defence card is seen
      seen: "kind == 'defence'"
    - name: longest run of one kind in the shuffled deck
      longest_run: kind
"""
MANIFEST = """# The game's manifest: its title, components in print order, and what pnp check deals.
title: {name}
components:
  - name: cards      # reads cards.csv, layouts cards.yaml and cards-back.yaml
""" + CHECK
WORKBOOK_MANIFEST = """# The game's manifest: its title, components in print order, and what pnp check deals.
title: {name}
components:
  - name: cards      # layouts cards.yaml and cards-back.yaml
    data: cards.{suffix}
    sheet: cards     # the sheet to read (without it: the first)
""" + CHECK
DATA_FORMATS = ("csv", "xlsx", "ods")
ART = {
    "attack": """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 100" width="200" height="100">
  <rect x="2" y="2" width="196" height="96" rx="10" fill="#f9e0dc" stroke="#c0392b" stroke-width="3"/>
  <path d="M76 66 L134 8 L146 8 L146 20 L88 78 Z" fill="#d5dbe0" stroke="#5d6d7e" stroke-width="3"/>
  <path d="M80 72 L64 88" stroke="#8e5b2c" stroke-width="9" stroke-linecap="round"/>
  <path d="M68 60 L94 86" stroke="#d4a017" stroke-width="8" stroke-linecap="round"/>
  <circle cx="61" cy="91" r="6" fill="#d4a017"/>
</svg>
""",
    "defence": """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 100" width="200" height="100">
  <rect x="2" y="2" width="196" height="96" rx="10" fill="#dbe8f3" stroke="#2471a3" stroke-width="3"/>
  <path d="M100 12 L140 24 C140 60 126 80 100 92 C74 80 60 60 60 24 Z" fill="#2471a3" stroke="#1b4f72" stroke-width="3"/>
  <path d="M100 26 L126 34 C126 58 116 72 100 80 Z" fill="#ffffff"/>
</svg>
""",
    "item": """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 100" width="200" height="100">
  <rect x="2" y="2" width="196" height="96" rx="10" fill="#dcf1e3" stroke="#27ae60" stroke-width="3"/>
  <rect x="90" y="12" width="20" height="16" rx="3" fill="#a0522d"/>
  <path d="M92 28 L108 28 L108 42 C128 48 134 62 130 76 C126 90 74 90 70 76 C66 62 72 48 92 42 Z"
        fill="#27ae60" stroke="#1e8449" stroke-width="3"/>
  <circle cx="88" cy="64" r="6" fill="#ffffff"/>
</svg>
""",
    "star": """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 20" width="20" height="20">
  <path d="M10 1 L12.6 7 L19 7.4 L14 11.6 L15.6 18 L10 14.4 L4.4 18 L6 11.6 L1 7.4 L7.4 7 Z"
        fill="#d4a017" stroke="#7a5a00" stroke-width="1"/>
</svg>
""",
}

README = """# {name}: design decisions

- `cards.csv`: one row per card, `count` copies of each.
- `art/`: SVG pictures, one per kind of card (the front's `picture`), and the `:star:` symbol.
- Layouts in `layouts/{name}/`: `cards.yaml` (front), `cards-back.yaml` (back), `_base.yaml` (shared).
"""

RULES_README = """- `rules/`: the rules simulation `pnp check {name}` plays, reading `cards.csv`: deal the deck evenly, then
  tricks; the highest value takes the trick and leads the next; a player scores the values taken.

## Simulation rulings

Every choice the rules text leaves open and the simulation decides:

- Equal values: the card played first takes the trick.
- Cards left over after an even deal are set aside unseen.
"""


def scaffold(project: Project, name: str, data_format: str = "csv", rules: bool = False) -> list[Path]:
    """Write card_data/NAME/ and layouts/NAME/ with an example deck (CSV, .xlsx or .ods; a simulation when asked)."""
    if not NAME.fullmatch(name):
        raise UsageError(f"'{name}' is not a valid game name", where="pnp new",
                         fix="use lower-case letters, digits and underscores, starting with a letter")
    data, layouts = project.root / "card_data" / name, project.root / "layouts" / name
    for folder in (data, layouts):
        if folder.exists():
            raise PnpError("already exists", where=project.label(folder), fix="choose another name or remove it")
    manifest = MANIFEST if data_format == "csv" else WORKBOOK_MANIFEST
    files = {
        data / "game.yaml": manifest.format(name=name, suffix=data_format),
        data / f"cards.{data_format}": CARDS_CSV if data_format == "csv" else None,  # None: a workbook
        data / "README.md": README.format(name=name).replace("cards.csv", f"cards.{data_format}"),
        layouts / "_base.yaml": BASE,
        layouts / "cards.yaml": LAYOUT,
        layouts / "cards-back.yaml": BACK.replace("{{ game }}", name),
        **{data / "art" / f"{art}.svg": svg for art, svg in ART.items()},
    }
    if rules:
        files[data / "README.md"] += RULES_README.format(name=name)
        files.update(rules_files(data / "rules", name))
    _write_whole(project.root, files, (layouts, data))
    return list(files)


def _write_whole(root: Path, files: dict[Path, str | None], folders: tuple[Path, ...]) -> None:
    """Write the files into a hidden folder of the project, then move each new folder into place whole."""
    with writing_into(root.as_posix(), root, elsewhere="choose another --project folder"):
        root.mkdir(parents=True, exist_ok=True)
        sweep(root)
        stage = Temp.folder(root, "new")
        try:
            for path, text in files.items():
                staged = stage.path / path.relative_to(root)
                staged.parent.mkdir(parents=True, exist_ok=True)
                if text is None:
                    write_workbook(staged, "cards", example_rows())
                else:
                    staged.write_text(text, encoding="utf-8")
            for folder in folders:  # the layouts first: the game exists once its card_data/ folder does
                folder.parent.mkdir(parents=True, exist_ok=True)
                os.rename(stage.path / folder.relative_to(root), folder)
        finally:
            stage.remove()


def example_rows() -> list[list[str | int]]:
    """The example deck's rows, whole numbers as numbers, as a spreadsheet holds them."""
    return [[int(cell) if cell.isdigit() else cell for cell in record]
            for record in csv.reader(io.StringIO(CARDS_CSV, newline=""))]
