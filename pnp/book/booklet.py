"""A game's rulebook written: A5 pages one per page for print shops, and imposed for saddle stitching at home."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pnp.book.blockcache import rules_blocks
from pnp.book.job import RulebookJob
from pnp.book.pages import block_rows, paginate
from pnp.book.pictures import Pictures, SymbolSpec, resolved_symbols, symbol_specs
from pnp.book.typeset import PAGE_HEIGHT, PAGE_WIDTH, BookTrace, Setter
from pnp.data.confine import label_in
from pnp.data.files import read_regular
from pnp.errors import PnpError
from pnp.face.parts import Face
from pnp.limits import MAX_RULES_BYTES
from pnp.pdf.document import Document, write_shop_pages
from pnp.project.games import Game
from pnp.text.fonts import FontBook
from pnp.units import pt

BLEED = pt(3)
SHEETS = {"a4": (pt(297), pt(210)), "letter": (pt(279.4), pt(215.9))}  # landscape: two pages side by side


@dataclass(frozen=True)
class Rulebook:
    """A game's rules set on A5 pages."""

    title: str
    pages: tuple[Face, ...]


def typeset(root: Path, game: Game, fonts: FontBook, path: Path, trace: BookTrace | None = None) -> Rulebook:
    """The rules file set on A5 pages; a one-line error naming the file and line for what cannot be set (with
    `trace`, noted there instead, as far as the rest can still be set)."""
    return set_rules(root, game.title, symbol_specs(game), fonts, path, trace)


def set_rules(root: Path, title: str, symbols: list[SymbolSpec], fonts: FontBook, path: Path,
              trace: BookTrace | None = None) -> Rulebook:
    """The rules file set on A5 pages, with the layouts' inline symbols (see typeset)."""
    label = label_in(root, path)
    data = read_regular(path, label, MAX_RULES_BYTES, kind="rules file", fix="write the rules in Markdown")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise PnpError(f"is not UTF-8 text (byte {exc.start})", where=label, fix="save it as UTF-8") from None
    pictures = Pictures(root, path.parent, fonts)
    setter = Setter(fonts, resolved_symbols(symbols, fonts, pictures), pictures, label, trace)
    pages = paginate(setter, block_rows(setter, rules_blocks(text)))
    faces = tuple(Face(PAGE_WIDTH, PAGE_HEIGHT, BLEED, tuple(ops)) for ops in pages)
    return Rulebook(title, faces)


def booklet_sides(pages: int) -> list[tuple[int, int]]:
    """(left, right) page numbers of each side of each sheet, front then back, for saddle stitching.

    The page count is padded to a multiple of 4 with blank pages at the end (numbers past `pages`).
    """
    total = -(-max(pages, 1) // 4) * 4
    sides = []
    for sheet in range(total // 4):
        sides.append((total - 2 * sheet, 2 * sheet + 1))
        sides.append((2 * sheet + 2, total - 2 * sheet - 1))
    return sides


def write_pages(book: Rulebook, path: Path, fonts: FontBook) -> list[tuple[tuple[str, int], Face]]:
    """The rulebook one A5 page (with its bleed) a PDF page, as a print shop gets it; its pages as faces."""
    faces = [(("page", number), face) for number, face in enumerate(book.pages, 1)]
    shop = Document(path, fonts, f"{book.title} rules")
    write_shop_pages(shop, faces)
    shop.save()
    return faces


def write_booklet(book: Rulebook, faces: list[tuple[tuple[str, int], Face]], path: Path, fonts: FontBook,
                  paper: str) -> None:
    """The rulebook's pages imposed two to a landscape sheet of `paper` for saddle stitching."""
    doc = Document(path, fonts, f"{book.title} rules (booklet, {paper})")
    width, height = SHEETS[paper]
    scale = min(width / 2 / PAGE_WIDTH, height / PAGE_HEIGHT)
    c = doc.canvas
    for side in booklet_sides(len(faces)):
        c.setPageSize((width, height))
        for column, number in enumerate(side):
            if number <= len(faces):
                c.saveState()
                c.translate(width / 2 * column + (width / 2 - PAGE_WIDTH * scale) / 2,
                            (height - PAGE_HEIGHT * scale) / 2)
                c.scale(scale, scale)
                c.doForm(doc.form(*faces[number - 1]))
                c.restoreState()
        c.showPage()
    doc.save()


def write_rulebook(job: RulebookJob, fonts: FontBook) -> list[str]:
    """Set the rulebook and write both its files; a note on what it took."""
    book = set_rules(job.root, job.title, job.symbols, fonts, job.rules)
    faces = write_pages(book, job.pages_file, fonts)
    write_booklet(book, faces, job.booklet_file, fonts, job.paper)
    sheets = len(booklet_sides(len(book.pages))) // 2
    return [f"{job.game}/rulebook: {len(book.pages)} A5 pages; the booklet on {sheets} sheet(s) printed on both "
            "sides (flip on the short edge), folded and stapled"]
