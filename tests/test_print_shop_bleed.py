"""Every print-shop file of every shipped game has the 3 mm bleed (塗り足し) Japanese print shops ask for."""

from __future__ import annotations

import dataclasses

import pytest
from pypdf import PdfReader

from pnp.build.builder import BuildOptions, build
from pnp.units import MM

GAMES = ["eitsuku", "eleusis", "ghost_couple", "promotion", "standard_deck", "torite4to6"]


def first_row_only(component):
    """The component with its first CSV row alone: bleed is set per layout, so one row shows the file's boxes."""
    return dataclasses.replace(component, table=component.table._replace(rows=component.table.rows[:1]))


@pytest.fixture(scope="module")
def shop_out(tmp_path_factory, repo, eitsuku_out):
    """Every game's print-shop files: Eitsuku's from the session build, the others' from their first rows."""
    out = tmp_path_factory.mktemp("shop")
    games = []
    for name in GAMES[1:]:
        game = repo.load_game(name)
        shop = tuple(first_row_only(c) for c in game.components if c.print_shop)
        games.append(game._replace(components=shop))
    build(repo, games, BuildOptions(out, marks="none"))
    return {"eitsuku": eitsuku_out, **{name: out / name for name in GAMES[1:]}}


def test_the_shipped_games_are_all_covered(repo):
    assert sorted(repo.game_names()) == GAMES


@pytest.mark.parametrize("game", GAMES)
def test_every_print_shop_page_has_3mm_bleed(repo, shop_out, game):
    expected = {f"{c.name}{suffix}.pdf" for c in repo.load_game(game).components if c.print_shop  # a standee's
                for suffix in ([""] + (["-back"] if c.back is not None and c.kind != "standee" else []))}  # strip
    # holds its back figure: one file
    files = sorted((shop_out[game] / "print-shop").glob("*.pdf"))
    assert {f.name for f in files} == expected
    for path in files:
        for number, page in enumerate(PdfReader(path).pages, start=1):
            trim, bleed, media = page.trimbox, page.bleedbox, page.mediabox
            where = f"{game}/{path.name} page {number}"
            assert [float(v) for v in bleed] == pytest.approx([float(v) for v in media], abs=1e-3), where
            margins = (float(trim.left) - float(bleed.left), float(trim.bottom) - float(bleed.bottom),
                       float(bleed.right) - float(trim.right), float(bleed.top) - float(trim.top))
            assert [m / MM for m in margins] == pytest.approx([3.0] * 4, abs=0.01), where
