"""The caches a build keeps in its output folder, and what a worker's job adds to them on its way back."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass, field
from pathlib import Path

from pnp.book.blockcache import BlockStore, active_block_store, blocks_folder, blocks_kept
from pnp.face.svgkept import SvgStore, svg_folder
from pnp.pdf.edgecache import EdgeCache, edges_folder
from pnp.pdf.edges import SETTINGS
from pnp.text.fontcache import FontCache, cache_folder
from pnp.text.fonts import FontBook
from pnp.text.layoutcache import LayoutStore, active_rules_lines, layouts_folder, rules_lines_kept
from pnp.text.phrasecache import PhraseStore, active_phrase_store, phrases_folder, phrases_kept


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


@dataclass
class Made:
    """What a worker's job added to the caches, for the build to keep: font subsets, texts' phrases, rules' blocks
    and the lines their texts were broken into."""

    subsets: dict[str, bytes] = field(default_factory=dict)
    phrases: dict[str, tuple[int, ...]] = field(default_factory=dict)
    blocks: dict[str, bytes] = field(default_factory=dict)
    lines: dict[str, str] = field(default_factory=dict)


@contextmanager
def made_here(fonts: FontBook, phrases: PhraseStore | None = None, blocks: BlockStore | None = None,
              lines: LayoutStore | None = None) -> Iterator[Made]:
    """Within (a worker's job, setting its texts with the build's phrase and lines stores and reading its rules with
    its block store): what it adds to the caches, filled in at the end."""
    subsets = fonts.store.subsets if fonts.store is not None else None
    before = [set(store.pending) if store else set() for store in (subsets, phrases, blocks, lines)]
    made = Made()
    with (phrases_kept(phrases) if phrases is not None else nullcontext(), blocks_kept(blocks),
          rules_lines_kept(lines)):
        yield made
    made.subsets = subsets.new_since(before[0]) if subsets else {}
    made.phrases = phrases.new_since(before[1]) if phrases else {}
    made.blocks = blocks.new_since(before[2]) if blocks else {}
    made.lines = lines.new_since(before[3]) if lines else {}


def keep_made(fonts: FontBook, made: Made) -> None:
    """Keep what a worker's job made with the build's own entries (a job done here made them here already)."""
    if fonts.store is not None:
        fonts.store.subsets.pending.update(made.subsets)
    if (phrases := active_phrase_store()) is not None:
        phrases.pending.update(made.phrases)
    if (blocks := active_block_store()) is not None:
        blocks.pending.update(made.blocks)
    if (lines := active_rules_lines()) is not None:
        lines.arrived.update(made.lines)
