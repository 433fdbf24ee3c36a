"""Tabletop Simulator decks: sheets of at most 10x7 cards, at most 4096 px a side, the last slot the hidden card."""

from __future__ import annotations

import math
from dataclasses import dataclass

from PIL import Image

from pnp.export.raster import PageRef, render, save_png, trim_placement

MAX_COLUMNS = 10
MAX_ROWS = 7
MAX_SIDE = 4096  # px, the largest texture TTS loads
HIDDEN_GREY = (128, 128, 128)


@dataclass(frozen=True)
class Grid:
    """A deck sheet's grid: columns, rows, and the cards on it (the slot after the last grid slot is never used)."""

    columns: int
    rows: int
    cards: int

    @property
    def slots(self) -> int:
        return self.columns * self.rows


def grids(cards: int) -> list[Grid]:
    """Sheets for a deck: full 10x7 sheets of 69 cards, then the smallest grid (at least 2x2) for the rest."""
    per_sheet = MAX_COLUMNS * MAX_ROWS - 1
    sheets = [Grid(MAX_COLUMNS, MAX_ROWS, per_sheet)] * (cards // per_sheet)
    rest = cards % per_sheet
    if rest:
        rows = max(2, math.ceil((rest + 1) / MAX_COLUMNS))
        sheets.append(Grid(max(2, math.ceil((rest + 1) / rows)), rows, rest))
    return sheets


def slot_size(trim_px: tuple[float, float], grid: Grid) -> tuple[int, int]:
    """A card's slot: its trim at the export resolution, scaled down so the sheet stays within MAX_SIDE."""
    width, height = trim_px
    scale = min(1.0, (MAX_SIDE // grid.columns) / width, (MAX_SIDE // grid.rows) / height)
    return max(1, math.floor(width * scale)), max(1, math.floor(height * scale))


@dataclass(frozen=True)
class SheetJob:
    """One deck sheet: a page per slot in order, the hidden card in the grid's last slot (grey when None)."""

    slots: tuple[PageRef, ...]
    hidden: PageRef | None
    grid: Grid
    slot: tuple[int, int]
    out: str
    dpi: int

    def cost(self) -> int:
        return self.grid.slots * self.slot[0] * self.slot[1]

    def run(self) -> None:
        width, height = self.slot
        sheet = Image.new("RGB", (self.grid.columns * width, self.grid.rows * height), HIDDEN_GREY)
        rendered: dict[PageRef, Image.Image] = {}
        placement = trim_placement(self.slot)
        last = self.grid.slots - 1
        for index, ref in [*enumerate(self.slots), (last, self.hidden)]:
            if ref is None:
                continue
            if ref not in rendered:
                rendered[ref] = render(ref, placement)
            sheet.paste(rendered[ref], ((index % self.grid.columns) * width, (index // self.grid.columns) * height))
        save_png(sheet, self.out, self.dpi)


@dataclass(frozen=True)
class Deck:
    """One TTS import: the face sheet, the back (an image, or a sheet for unique backs), the grid."""

    face: str
    back: str
    grid: Grid
    first_card: int


def note(name: str, decks: list[Deck], unique_backs: bool, sideways: bool) -> str:
    """What to type in TTS's Custom Deck import dialog for each sheet of a component."""
    total = sum(deck.grid.cards for deck in decks)
    lines = [f"Tabletop Simulator: {name}, {total} cards on {len(decks)} deck sheet(s)", "",
             "In TTS: Objects > Components > Custom > Deck, click the table, then fill in for each deck:", ""]
    for number, deck in enumerate(decks, 1):
        last = deck.first_card + deck.grid.cards - 1
        lines += [f"Deck {number} (cards {deck.first_card}-{last}):",
                  f"  Face:           {deck.face}",
                  f"  Unique backs:   {'on' if unique_backs else 'off'}",
                  f"  Back:           {deck.back}",
                  f"  Width:          {deck.grid.columns}",
                  f"  Height:         {deck.grid.rows}",
                  f"  Number:         {deck.grid.cards}",
                  f"  Sideways:       {'on' if sideways else 'off'}",
                  "  Back is Hidden: on (the sheet's last slot is the hidden card)", ""]
    lines.append("Give the images as local files or upload them first (TTS's Cloud Manager). "
                 "Every copy of a card has its own slot, in CSV order, so each deck is complete.")
    if len(decks) > 1:
        lines.append("Stack the decks on each other in TTS to make one deck.")
    return "\n".join(lines) + "\n"
