"""Unknown inline symbols: the :name: tokens of a text that the layout does not define, and what to say about them."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

from pnp.data.markup_syntax import symbol_names


def unknown_symbols(text: str, known: Iterable[str]) -> list[str]:
    """The :name: symbols a text writes that are not among the known names, each once, in order."""
    names = set(known)
    return list(dict.fromkeys(name for name in symbol_names(text) if name not in names))


def unknown_symbol(name: str, known: Iterable[str]) -> tuple[str, str]:
    """(message, fix) for an unknown :name:, suggesting the closest known symbol."""
    names = sorted(known)
    close = difflib.get_close_matches(name, names, n=1, cutoff=0.6)
    listed = ", ".join(f":{n}:" for n in names)
    hint = f"did you mean :{close[0]}:? " if close else ""
    fix = (f"{hint}the layout's symbols are {listed}" if names else "the layout defines no symbols (add it under "
           "symbols:)") + r"; write \: for a colon that starts no symbol"
    return f"unknown symbol :{name}:", fix
