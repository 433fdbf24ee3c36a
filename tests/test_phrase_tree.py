"""A phrase's parts, made when first read, are the atoms that joining them one by one gives (the same widths, runs
and nesting); pickled, a phrase keeps them."""

from __future__ import annotations

import pickle

from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.text.breaking import paragraphs
from pnp.text.fit import fit, parse_markup
from pnp.text.fonts import FontBook
from pnp.text.markup import Run
from pnp.text.phrasetree import Parts

FONTS = FontBook()
REGULAR, BOLD = FONTS.get("regular", ""), FONTS.get("bold", "")
PIECES = ["カード", "を", "引く", "。", "、", "「", "」", "【予算】", "『手札』", "ー", "っ", "・", " ", "\t", "Wild!",
          "SPIN", "90°", "(", ")", "※", "山札", "から", "2枚", "ている間"]


def deep(atom) -> tuple:
    """An atom as plain values, its parts made."""
    return (tuple((run.text, run.font.key, run.color, run.image) for run in atom.runs), atom.width, atom.space,
            atom.split, tuple(deep(part) for part in atom.parts), atom.cuts, atom.widest)


def cut_up(runs: list[Run], cuts: list[int]) -> list[Run]:
    """The same text in more runs of the same styles: each run cut where the offsets fall inside it."""
    found = []
    for run in runs:
        points = sorted({cut % (len(run.text) + 1) for cut in cuts} | {0, len(run.text)})
        found += [Run(run.text[a:b], run.font, run.color, run.image) for a, b in zip(points, points[1:]) if b > a]
    return found


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(PIECES), min_size=1, max_size=40), st.lists(st.integers(0, 60), min_size=1, max_size=3),
       st.sampled_from(["", "**", "{red|"]))
def test_parts_made_when_read_are_those_joined_atom_by_atom(words, cuts, mark):
    text = "".join(words)
    marked = f"{text[:len(text) // 2]}{mark}{text[len(text) // 2:]}{'**' if mark == '**' else '}' if mark else ''}"
    runs = parse_markup(marked, REGULAR, BOLD, "#000000", {"red": "#ff0000"}, {})
    lazy = paragraphs(runs, frozenset({"山札"}))
    joined = paragraphs(cut_up(runs, cuts), frozenset({"山札"}))  # neighbours of one style: joined one by one
    assert [[deep(atom) for atom in atoms] for atoms in lazy] == [[deep(atom) for atom in atoms] for atoms in joined]


def test_runs_that_would_merge_take_the_long_way_to_the_same_atoms():
    runs = parse_markup("「手札」から【予算】カードを引いている間、山札をみる。", REGULAR, BOLD, "#000000", {}, {})
    lazy = paragraphs(runs)
    joined = paragraphs(cut_up(runs, [3, 7, 11]))
    assert len(cut_up(runs, [3, 7, 11])) > len(runs)
    assert [[deep(atom) for atom in atoms] for atoms in lazy] == [[deep(atom) for atom in atoms] for atoms in joined]
    assert any(isinstance(atom.parts, Parts) for atoms in lazy for atom in atoms)
    assert not any(isinstance(atom.parts, Parts) for atoms in joined for atom in atoms)


def test_a_phrase_pickles_with_its_parts_and_lays_out_the_same():
    runs = parse_markup("あいうえおかきくけこさしすせそ、たちつてと。", REGULAR, BOLD, "#000000", {}, {})
    paras = paragraphs(runs)
    copied = pickle.loads(pickle.dumps(paras))
    assert [[deep(atom) for atom in atoms] for atoms in copied] == [[deep(atom) for atom in atoms] for atoms in paras]
    laid_out = [fit(found, 30, 500, 10, 10, 1.2) for found in (copied, paras)]  # narrow: phrases are broken
    assert [[deep(atom) for line in block.lines for atom in line.atoms] for block in laid_out] == \
        [[deep(atom) for line in laid_out[1].lines for atom in line.atoms]] * 2
