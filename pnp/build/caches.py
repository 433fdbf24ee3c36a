"""The caches a build keeps in its output folder, and what a worker's job adds to them on its way back."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from pnp.book.blockcache import BLOCKS, BlockStore, blocks_folder
from pnp.face.svgkept import SvgStore, svg_folder
from pnp.pdf.edgecache import EdgeCache, edges_folder
from pnp.pdf.edges import SETTINGS
from pnp.text.fontcache import FontCache, cache_folder
from pnp.text.fonts import FontBook
from pnp.text.layoutcache import RULES_LINES, LayoutStore, layouts_folder
from pnp.text.phrasecache import PHRASES, PhraseStore, phrases_folder


@dataclass(eq=False)
class BuildCaches:
    """Parsed fonts and the subsets embedded, measured edges, SVG art, the phrases of the texts set, the cards' and
    the rulebooks' texts laid out and the blocks of the rules read: read as the build goes, written once it has
    succeeded."""

    fonts: FontBook
    edges: EdgeCache
    art: SvgStore
    phrases: PhraseStore
    blocks: BlockStore
    layouts: LayoutStore
    rules_lines: LayoutStore

    @classmethod
    def of(cls, output_root: Path, fonts: FontBook | None = None) -> BuildCaches:
        """The caches of an output folder (with a caller's own fonts, kept as they are)."""
        return cls(fonts or FontBook(FontCache(cache_folder(output_root))),
                   EdgeCache(edges_folder(output_root), SETTINGS), SvgStore(svg_folder(output_root)),
                   PhraseStore(phrases_folder(output_root)), BlockStore(blocks_folder(output_root)),
                   LayoutStore(layouts_folder(output_root)), LayoutStore(layouts_folder(output_root), "rules"))

    def texts(self) -> TextStores:
        """The stores the build's texts are set with (and its rulebooks', in their worker)."""
        return TextStores(self.phrases, self.blocks, self.rules_lines)

    def save(self) -> None:
        """Write what the build added to each cache."""
        self.edges.save()
        self.art.save()
        self.phrases.save()
        self.blocks.save()
        self.layouts.save()
        self.rules_lines.save()
        if self.fonts.store is not None:
            self.fonts.store.save()


class TextStores(NamedTuple):
    """The stores texts are set with: BudouX's phrases, the rules' blocks and the lines a rulebook's texts are broken
    into (each None where there is none)."""

    phrases: PhraseStore | None
    blocks: BlockStore | None
    lines: LayoutStore | None

    @classmethod
    def in_use(cls) -> TextStores:
        """The stores in use here (a build's, for its rulebook's worker)."""
        return cls(PHRASES.store(), BLOCKS.store(), RULES_LINES.store())

    @contextmanager
    def kept(self) -> Iterator[None]:
        """Within: texts are set with these stores."""
        with PHRASES.kept(self.phrases), BLOCKS.kept(self.blocks), RULES_LINES.kept(self.lines):
            yield


@dataclass
class Made:
    """What a worker's job added to the caches, for the build to keep: font subsets, compressed streams, texts'
    phrases, rules' blocks and the lines their texts were broken into."""

    subsets: dict[str, bytes] = field(default_factory=dict)
    streams: dict[bytes, bytes] = field(default_factory=dict)
    phrases: dict[str, tuple[int, ...]] = field(default_factory=dict)
    blocks: dict[str, bytes] = field(default_factory=dict)
    lines: dict[str, str] = field(default_factory=dict)


@contextmanager
def made_here(fonts: FontBook, texts: TextStores | None = None) -> Iterator[Made]:
    """Within (a worker's job, setting its texts with the build's stores when given): what it adds to the caches,
    filled in at the end."""
    subsets = fonts.store.subsets if fonts.store is not None else None
    streams = fonts.store.streams if fonts.store is not None else None
    phrases, blocks, lines = texts or TextStores(None, None, None)
    before: list[set[Any]] = [set(store.pending) if store else set()
                              for store in (subsets, streams, phrases, blocks, lines)]
    made = Made()
    with texts.kept() if texts is not None else nullcontext():
        yield made
    made.subsets = subsets.new_since(before[0]) if subsets else {}
    made.streams = streams.new_since(before[1]) if streams else {}
    made.phrases = phrases.new_since(before[2]) if phrases else {}
    made.blocks = blocks.new_since(before[3]) if blocks else {}
    made.lines = lines.new_since(before[4]) if lines else {}


def keep_made(fonts: FontBook, made: Made) -> None:
    """Keep what a worker's job made with the build's own entries (a job done here made them here already)."""
    if fonts.store is not None:
        fonts.store.subsets.pending.update(made.subsets)
        fonts.store.streams.pending.update(made.streams)
    phrases, blocks, lines = TextStores.in_use()
    if phrases is not None:
        phrases.pending.update(made.phrases)
    if blocks is not None:
        blocks.pending.update(made.blocks)
    if lines is not None:
        lines.arrived.update(made.lines)
