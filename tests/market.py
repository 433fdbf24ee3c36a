"""A 40-card deck of three card types (goods, foxes, events), each type with its own front layout."""

from __future__ import annotations

from pathlib import Path

ROWS = [  # name, type, value, text, count
    ("Wheat", "goods", 1, "Gain 1 :coin:.", 4),
    ("Salt", "goods", 2, "Gain 2 :coin:.", 3),
    ("Silk", "goods", 3, "Gain 3 :coin:.", 3),
    ("Spice", "goods", 4, "Gain 4 :coin: if you hold Salt.", 3),
    ("Amber", "goods", 5, "Gain 5 :coin:, then pass.", 3),
    ("Red Fox", "fox", 1, "Steal 1 :coin: from a player.", 3),
    ("Grey Fox", "fox", 2, "Steal a goods card.", 3),
    ("Silver Fox", "fox", 3, "Look at a hand.", 3),
    ("Old Fox", "fox", 4, "Foxes cannot steal from you.", 3),
    ("Fair", "event", 0, "Every player gains 1 :coin:.", 3),
    ("Flood", "event", 0, "Discard a goods card.", 3),
    ("Drought", "event", 0, "No one gains :coin: this turn.", 3),
    ("Festival", "event", 0, "Draw 2 cards.", 3),
]
TYPES = ("goods", "fox", "event")

BASE = """size: poker
bleed: 3
safe: 3
symbols:
  coin: {char: "●", color: "#d4a017"}
styles:
  title: {font: bold, size: 14, min_size: 9, valign: middle}
  body: {size: 10, min_size: 7}
elements:
  - {id: frame, type: rect, area: bleed, fill: "#f4ecd8"}
  - {id: name, type: text, x: 5, y: 5, w: 53, h: 9, text: "{{ name }}", style: title}
  - {id: text, type: text, x: 6, y: 50, w: 51, h: 30, text: "{{ text }}", style: body}
"""
FRONTS = {
    "goods": "extends: _base.yaml\nelements:\n"
             "  - {id: badge, type: icon, shape: circle, x: 46, y: 16, w: 12, h: 12, fill: \"#27ae60\"}\n"
             "  - {id: value, type: text, x: 46, y: 16, w: 12, h: 12, text: \"{{ value }}\", align: center,"
             " valign: middle, font: bold, size: 14}\n"
             "  - {id: kind, type: text, x: 5, y: 30, w: 53, h: 8, text: \"GOODS\", size: 9}\n",
    "fox": "extends: _base.yaml\nelements:\n"
           "  - {id: frame, type: rect, area: bleed, fill: \"#e67e22\"}\n"
           "  - {id: badge, type: icon, shape: star, x: 5, y: 16, w: 14, h: 14, fill: \"#ffffff\"}\n"
           "  - {id: kind, type: text, x: 5, y: 32, w: 53, h: 8, text: \"FOX {{ value }}\", size: 9}\n",
    "event": "extends: _base.yaml\nelements:\n"
             "  - {id: frame, type: rect, area: bleed, fill: \"#34495e\"}\n"
             "  - {id: name, type: text, x: 5, y: 5, w: 53, h: 9, text: \"{{ name }}\", style: title,"
             " color: \"#ffffff\"}\n"
             "  - {id: text, color: \"#ffffff\"}\n"
             "  - {id: kind, type: text, x: 5, y: 32, w: 53, h: 8, text: \"EVENT\", size: 9, color: \"#ffffff\"}\n",
}
BACK = """extends: _base.yaml
background: "#f4ecd8"
elements:
  - {id: frame, replace: true, type: ellipse, x: 6, y: 19, w: 51, h: 51, fill: "#2c3e50"}
  - {id: name, drop: true}
  - {id: text, drop: true}
  - {id: title, type: text, x: 5, y: 38, w: 53, h: 12, text: "MARKET", style: title, align: center, color: "#ffffff"}
"""
BACK_PLAIN = """size: poker
bleed: 3
elements:
  - {type: rect, area: bleed, fill: "#2c3e50"}
  - {type: text, x: 5, y: 38, w: 53, h: 12, text: "MARKET", size: 16, align: center, valign: middle, color: "#ffffff"}
"""
SPLIT = """title: Market
components:
  - {name: goods, csv: cards.csv, layout: goods.yaml, back: back.yaml, where: "type == 'goods'"}
  - {name: fox, csv: cards.csv, layout: fox.yaml, back: back.yaml, where: "type == 'fox'"}
  - {name: event, csv: cards.csv, layout: event.yaml, back: back.yaml, where: "type == 'event'"}
"""
ONE_DECK = """title: Market
components:
  - name: cards
    layout: {by: type, goods: goods.yaml, fox: fox.yaml, event: event.yaml}
    back: back.yaml
"""


def csv_text(rows=ROWS) -> str:
    """The deck as CSV text."""
    lines = ["name,type,value,text,count"] + [",".join(_cell(v) for v in row) for row in rows]
    return "\n".join(lines) + "\n"


def _cell(value) -> str:
    text = str(value)
    return f'"{text}"' if "," in text else text


def market(root: Path, manifest: str = ONE_DECK, back: str = BACK_PLAIN, csv: str | None = None) -> Path:
    """Write the market game into a project folder and return the folder."""
    data, layouts = root / "card_data" / "market", root / "layouts" / "market"
    data.mkdir(parents=True)
    layouts.mkdir(parents=True)
    (data / "cards.csv").write_text(csv if csv is not None else csv_text(), encoding="utf-8")
    (data / "game.yaml").write_text(manifest, encoding="utf-8")
    (layouts / "_base.yaml").write_text(BASE, encoding="utf-8")
    for name, text in FRONTS.items():
        (layouts / f"{name}.yaml").write_text(text, encoding="utf-8")
    (layouts / "back.yaml").write_text(back, encoding="utf-8")
    return root
