"""Print-shop files: one piece per page, fronts and backs, in RGB or through a CMYK profile, beside the sheets."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from pnp.data.confine import label_in
from pnp.errors import PnpError
from pnp.face.parts import Face
from pnp.output.publish import Publication
from pnp.pdf.black import DEFAULT_RICH_BLACK
from pnp.pdf.dielines import DieLine
from pnp.pdf.document import Document, write_shop_pages
from pnp.pool import Shared
from pnp.project.component import Component
from pnp.project.games import Game
from pnp.sheet.cutlines import CutShape
from pnp.text.fonts import FontBook

if TYPE_CHECKING:  # the CMYK machinery (Pillow's colour management) loads for CMYK files only
    from pnp.pdf.cmyk import Profile


class ShopCut(NamedTuple):
    """The die line of a print-shop file's pages: the pieces' cut, seen from the back on back pages."""

    shape: CutShape
    die: DieLine
    mirrored: bool = False


def shop_plan(components: list[tuple[Component, list, list | None]], folder: Path, files: Publication,
              cuts: dict[str, CutShape] | None = None, die: DieLine | None = None):
    """(temporary path, title, pages, die line or None) of every print-shop file: one card per page, fronts and
    backs; with `die`, each page carries its component's cut from `cuts`."""
    plan = []
    for component, fronts, backs in components:
        for suffix, pages in (("", fronts), ("-back", backs)):
            if pages:
                path = files.temp_for(folder / "print-shop" / f"{component.name}{suffix}.pdf")
                cut = ShopCut(cuts[component.name], die, suffix == "-back") if die and cuts else None
                plan.append((path, f"{component.game} {component.name}{suffix}", pages, cut))
    return plan


def shop_profile(game: Game, color: str) -> Profile | None:
    """The CMYK profile the print-shop files are converted through, or None for RGB files."""
    if color != "cmyk":
        return None
    from pnp.pdf.cmyk import load_profile
    if game.cmyk_profile is None:
        return load_profile()
    return load_profile(game.cmyk_profile, game.cmyk_profile_key)


def write_shop(plan, fonts: FontBook, profile: Profile | None = None,
               rich_black: tuple[float, float, float, float] | None = None) -> None:
    """Write the print-shop files of a plan (in CMYK when given a profile, large black areas in `rich_black`)."""
    for path, title, pages, cut in plan:
        doc = Document(path, fonts, title, profile, rich_black or DEFAULT_RICH_BLACK)
        write_shop_pages(doc, pages, cut)
        doc.save()


def write_shared_shop(shared: Shared[tuple[list, FontBook, Profile | None, tuple | None]]) -> None:
    """Write the print-shop files of a (plan, fonts, profile, rich black) handed to a worker process."""
    write_shop(*shared.value)


def check_pictures(plan, root: Path, profile: Profile | None) -> None:
    """Stop before the print-shop files are written at a picture whose embedded colour profile CMYK cannot use."""
    if profile is None:
        return
    from pnp.pdf.cmyk import embedded_profile_problem
    pictures = {path for _, _, pages, _ in plan for _, face in pages for path in _pictures(face)}
    for path in sorted(pictures):
        problem = embedded_profile_problem(path)
        if problem:
            raise PnpError(problem, where=label_in(root, path),
                           fix="save the picture again without a colour profile, or with an sRGB one")


def _pictures(face: Face):
    """The raster image files a face draws: its images, the pictures inline in its text, and those of faces in it."""
    for op in face.ops:
        if op.image is not None and op.art is None:
            yield op.image
        if op.face is not None:
            yield from _pictures(op.face)
        for line in op.text.lines if op.text is not None else ():
            yield from (run.image.path for atom in line.atoms for run in atom.runs
                        if run.image is not None and run.image.art is None)
