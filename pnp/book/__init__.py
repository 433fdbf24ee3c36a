"""Rulebooks: a game's rules.md typeset on A5 pages, one per page for print shops and imposed as a booklet."""
