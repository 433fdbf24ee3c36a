"""The preview's notes: what `pnp proof` finds on each card (text over its box or below the readable size, awkward
breaks, a missing character, drawings in the safe margin, pictures below 300 dpi) and in its cells (brackets, spaces,
names), worked out again only for the cards a save changed."""

from __future__ import annotations

from dataclasses import dataclass, field

from pnp.data.table import Row
from pnp.face.render import Renderer
from pnp.face.svgart import undrawn_message
from pnp.project.component import Component
from pnp.project.games import Game, Project
from pnp.proof.collect import drawn_card_findings, proof_card, proof_layouts
from pnp.proof.findings import Finding, unique
from pnp.proof.lint import lint_table
from pnp.proof.references import dangling_names, game_names
from pnp.text.fonts import FontBook

Notes = dict[tuple[str, int, str], tuple[str, ...]]  # by (component, row, side): one line per finding


@dataclass
class NoteCache:
    """The drawn findings of the cards proofed before, by component and row values; valid while only data changes."""

    cards: dict[tuple, list[Finding]] = field(default_factory=dict)
    undrawn: dict[str, tuple[str, ...]] = field(default_factory=dict)  # SVG file -> what pnp leaves out of it

    def clear(self) -> None:
        self.cards.clear()
        self.undrawn.clear()


def game_notes(game: Game, components: set[str], project: Project, fonts: FontBook, cache: NoteCache) -> Notes:
    """The notes of the named components' cards (the others' are kept by the caller), each card proofed once."""
    renderer = Renderer(fonts, project.root)
    names = game_names(game)
    notes: Notes = {}
    for component in (c for c in game.components if c.name in components):
        cells = lint_table(component.table) + dangling_names(component.table, names)
        placed = proof_layouts(component)
        kept = {key: found for key, found in cache.cards.items() if key[0] != component.name}
        for rows in _groups(component):
            key = (component.name, rows[0].number, _cells(rows[0]), component.names)  # findings name the first row
            found = cache.cards.get(key)
            if found is None:
                found = drawn_card_findings(proof_card(component, rows, renderer, placed), project)
            kept[key] = found
            numbers = {row.number for row in rows}
            for finding in unique(found + [f for f in cells if f.row in numbers]):
                side = finding.spot.side if finding.spot else "front"  # a cell's finding shows on the front
                for number in numbers:
                    notes[(component.name, number, side)] = notes.get((component.name, number, side), ()) + (
                        f"{finding.field}: {finding.message}",)
        cache.cards = kept
    cache.undrawn.update(renderer.undrawn)
    return notes


def general_notes(cache: NoteCache) -> tuple[str, ...]:
    """The notes of no one card: SVG art with features pnp leaves out."""
    return tuple(f"{file}: {undrawn_message(features)}" for file, features in sorted(cache.undrawn.items()))


def _groups(component: Component) -> list[tuple[Row, ...]]:
    """The component's rows grouped by their cells (identical rows are one card), in CSV order."""
    groups: dict[tuple, list[Row]] = {}
    for row in component.table.rows:
        groups.setdefault(_cells(row), []).append(row)
    return [tuple(rows) for rows in groups.values()]


def _cells(row: Row) -> tuple:
    return tuple((column, str(value)) for column, value in row.values.items() if column != "count")
