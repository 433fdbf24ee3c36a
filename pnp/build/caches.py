"""The caches a build keeps in its output folder, and what a worker's job adds to them."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass
from pathlib import Path

from pnp.face.svgkept import SvgStore, svg_folder
from pnp.pdf.edgecache import EdgeCache, edges_folder
from pnp.pdf.edges import SETTINGS
from pnp.text.fontcache import FontCache, cache_folder
from pnp.text.fonts import FontBook
from pnp.text.phrasecache import PhraseStore, phrases_folder, phrases_kept


@dataclass(eq=False)
class BuildCaches:
    """Parsed fonts and the subsets embedded, measured edges, SVG art and the phrases of the texts set: read as the
    build goes, written once it has succeeded."""

    fonts: FontBook
    edges: EdgeCache
    art: SvgStore
    phrases: PhraseStore

    @classmethod
    def of(cls, output_root: Path, fonts: FontBook | None = None) -> BuildCaches:
        """The caches of an output folder (with a caller's own fonts, kept as they are)."""
        return cls(fonts or FontBook(FontCache(cache_folder(output_root))),
                   EdgeCache(edges_folder(output_root), SETTINGS), SvgStore(svg_folder(output_root)),
                   PhraseStore(phrases_folder(output_root)))

    def save(self) -> None:
        """Write what the build added to each cache."""
        self.edges.save()
        self.art.save()
        self.phrases.save()
        if self.fonts.store is not None:
            self.fonts.store.save()


@contextmanager
def saved_when_done(fonts: FontBook, phrases: PhraseStore | None = None) -> Iterator[None]:
    """Within (a worker's job, setting its texts with the build's phrase store): the subsets and phrases it makes,
    written when it is done. Sent back with its result, they could be cut short in the pipe by a stop."""
    subsets = fonts.store.subsets if fonts.store is not None else None
    before = (set(subsets.pending) if subsets else set(), set(phrases.pending) if phrases else set())
    with phrases_kept(phrases) if phrases is not None else nullcontext():
        yield
    if subsets is not None:
        subsets.save_new(before[0])
    if phrases is not None:
        phrases.save_new(before[1])
