"""Font registry: bundled and project TrueType fonts, glyph coverage and cached widths."""

from __future__ import annotations

import hashlib
import importlib.util
import io
import string
import struct
import threading
from dataclasses import dataclass, field
from fnmatch import fnmatch
from functools import cache
from pathlib import Path
from weakref import WeakKeyDictionary

from reportlab import rl_config
from reportlab.pdfbase import pdfmetrics, ttfonts
from reportlab.pdfbase.ttfonts import TTEncoding, TTFError, TTFont, TTFontFace, TTFontFile

from pnp.data.files import read_regular
from pnp.errors import PnpError
from pnp.limits import MAX_FONT_BYTES
from pnp.text.fontcache import MADE_WHEN_READ, FontCache, font_digest
from pnp.text.fontcheck import check_font
from pnp.text.knowncodes import known_split
from pnp.text.subsetcache import kept_subsets

BUNDLED = {"regular": "BIZUDPGothic-Regular.ttf", "bold": "BIZUDPGothic-Bold.ttf"}


def bundled_font_dir() -> Path:
    """Folder of the fonts shipped with pnp: the source tree's fonts/, or the installed pnp_fonts."""
    source = Path(__file__).resolve().parents[2] / "fonts"
    if (source / BUNDLED["regular"]).exists():
        return source
    spec = importlib.util.find_spec("pnp_fonts")
    for location in (spec.submodule_search_locations or []) if spec else []:
        if (Path(location) / BUNDLED["regular"]).exists():
            return Path(location)
    raise PnpError("the bundled fonts are missing", where="pnp installation",
                   fix="reinstall it: pip install --force-reinstall pnpkit")


@dataclass
class Font:
    """A registered TrueType font: its PDF name, glyph map and width cache."""

    key: str
    pdf_name: str
    ttf: TTFont
    ascent: float
    descent: float
    widths: dict[str, float] = field(default_factory=dict)
    cache: Path | None = field(default=None, compare=False)  # the font cache a worker process reads it through

    def has_glyph(self, char: str) -> bool:
        """Tell whether the font draws this character."""
        return ord(char) in self.ttf.face.charToGlyph

    def width(self, text: str) -> float:
        """Width of text at 1 pt."""
        cache = self.widths
        total = 0.0
        for char in text:
            w = cache.get(char)
            if w is None:
                w = cache[char] = self.ttf.stringWidth(char, 1.0)
            total += w
        return total

    def __reduce__(self) -> tuple:
        """Pickled as its file: a worker process reads and registers the font itself (once, through the cache)."""
        return _font_from_file, (self.key, self.pdf_name, self.ttf.face.filename, self.cache)


def _font_from_file(key: str, pdf_name: str, path: str, folder: Path | None = None) -> Font:
    """A font as another process pickled it, read from its file in this one (through its cache, once)."""
    ttf = _reread(path, pdf_name, folder)
    return Font(key, pdf_name, ttf, ttf.face.ascent / 1000.0, ttf.face.descent / 1000.0, cache=folder)


@cache
def _reread(path: str, pdf_name: str, folder: Path | None) -> TTFont:
    """A pickled font read again in this process, its character tables from the font cache in `folder`."""
    return _load(path, pdf_name, path, store=FontCache(folder) if folder is not None else None)


def subset_tag(font_name: bytes, subset: list[int]) -> bytes:
    """Six capital letters derived from a subset's characters in order: the same tag means the same subset."""
    digest = hashlib.sha256(font_name + b"\0" + ",".join(map(str, subset)).encode()).digest()
    number = int.from_bytes(digest[:8], "big")
    letters = []
    for _ in range(6):
        number, index = divmod(number, 26)
        letters.append(string.ascii_uppercase[index])
    return "".join(letters).encode()


class ContentNamedTTFont(TTFont):
    """A TrueType font whose embedded subsets are named by their glyph sets, not numbered AAAAAA, AAAAAB ..."""

    digest: str | None = None  # the font file's hash: its subsets' key (taken when the font cache reads it)

    def addObjects(self, doc):
        """Write the subsets as reportlab does, with each subset's tag taken from its characters (and each subset
        read from the store where one is kept)."""
        state = self.state.get(doc)
        subsets = state.subsets if state is not None else []
        tags = [subset_tag(self.face.name, subset) for subset in subsets]
        numbered = ttfonts.SUBSETN
        ttfonts.SUBSETN = lambda n: tags[n]
        try:
            with kept_subsets(self):
                super().addObjects(doc)
        finally:
            ttfonts.SUBSETN = numbered

    def splitString(self, text, doc, encoding="utf-8"):
        """reportlab's splitString, at once for a text whose characters all have their codes in the document."""
        return known_split(self, text, doc) or super().splitString(text, doc, encoding)

    @classmethod
    def with_face(cls, name: str, face: TTFontFace) -> ContentNamedTTFont:
        """The font as TTFont(name, file) makes it, around a face already read."""
        font = cls.__new__(cls)
        font.fontName = name
        font.face = face
        font.encoding = TTEncoding()
        font.state = WeakKeyDictionary()
        font._asciiReadable = rl_config.ttfAsciiReadable
        font.shapable = not any(fnmatch(name, pattern) for pattern in rl_config.unShapedFontGlob)
        return font


class KeptFace(TTFontFace):
    """A face whose character tables came from the font cache. Its glyphToChar, which only reading a font's own
    tables and shaping use, and its hmetrics and glyphPos, which only subsetting uses, are made from the entry when
    first read: a build with its subsets kept reads none of them. Its glyph table is lent to subsetting, which reads
    one glyph at a time, rather than copied for each subset (some 5 MB a subset)."""

    def get_table(self, tag: str):
        """A table's bytes; the glyph table as a view whose slices are bytes of the file."""
        if tag != "glyf":
            return super().get_table(tag)
        return _TableView(self._ttf_data, *self.get_table_pos(tag))

    def __getattr__(self, name: str):
        """glyphToChar, hmetrics or glyphPos, made from the entry's sections when first read (from the font's own
        tables where those sections are of another shape); any other missing name is missing."""
        kept_as, make = MADE_WHEN_READ.get(name, ("", None))
        kept = self.__dict__.get(kept_as)
        if make is None or kept is None:
            raise AttributeError(name)
        value = make(*kept)
        if value is None:
            value = getattr(TTFontFile(_NamedBytes(self._ttf_data, self.filename)), name)
        setattr(self, name, value)
        self.__dict__.pop(kept_as, None)
        return value


class _TableView:
    """A table of a font file's bytes, read by slices: the same bytes as the table's copy gives, without the copy."""

    def __init__(self, data: bytes, start: int, length: int) -> None:
        self._data, self._start, self._length = data, start, length

    def __getitem__(self, part: slice) -> bytes:
        """The slice of the table, as bytes (a plain slice copies only its own bytes)."""
        first, end = part.start, part.stop
        if part.step is not None or not (isinstance(first, int) and isinstance(end, int) and 0 <= first and 0 <= end):
            return self._data[self._start:self._start + self._length][part]
        return self._data[self._start + min(first, self._length):self._start + min(end, self._length)]


class _NamedBytes(io.BytesIO):
    """A font file's bytes, read once, under the file's name (the font reader keeps it as the face's filename)."""

    def __init__(self, data: bytes, name: str):
        super().__init__(data)
        self.name = name


class _ReadAhead(threading.Thread):
    """A font file read and hashed in a thread: reading a file and hashing bytes let the interpreter go on with the
    rest meanwhile (a build loads its games)."""

    def __init__(self, path: str) -> None:
        super().__init__(daemon=True, name=f"pnp font {Path(path).name}")
        self.path = path
        self.found: tuple[bytes, str] | None = None
        self.start()

    def run(self) -> None:
        """Read and hash the file; nothing is kept when it cannot be read."""
        try:
            data = read_regular(Path(self.path), self.path, MAX_FONT_BYTES)
            self.found = (data, font_digest(data))
        except Exception:  # read again when needed, where its error is told as usual
            self.found = None


_AHEAD: dict[str, _ReadAhead] = {}


def read_bundled_ahead() -> None:
    """Start reading and hashing the bundled fonts in threads, for the font book a build makes next."""
    folder = bundled_font_dir()
    for filename in BUNDLED.values():
        path = str(folder / filename)
        if path not in _AHEAD:
            _AHEAD[path] = _ReadAhead(path)


def _read_font(path: str, label: str) -> tuple[bytes, str | None]:
    """A font file's bytes (and hash, when read ahead); a file that cannot be read is a one-line error."""
    ahead = _AHEAD.pop(path, None)
    if ahead is not None:
        ahead.join()
        if ahead.found is not None:
            return ahead.found
    return read_regular(Path(path), label, MAX_FONT_BYTES, missing="font file not found",
                        fix="give a .ttf path relative to the project folder",
                        large_fix="use the font's TrueType (.ttf) file, not a collection or a damaged copy",
                        kind="font file"), None


@cache
def _load(path: str, pdf_name: str, label: str, bundled: bool = False, store: FontCache | None = None) -> TTFont:
    """Read, check and register a TrueType font once per process; errors name it by label."""
    data, digest = _read_font(path, label)
    if not bundled:
        check_font(data, label)
    try:
        ttf = _parsed(pdf_name, data, path, store, digest)
    except (TTFError, OSError, ValueError, IndexError, KeyError, struct.error, ZeroDivisionError,
            OverflowError) as exc:
        raise PnpError(f"cannot read font: {' '.join(str(exc).replace(path, label).split())}", where=label,
                       fix="use a TrueType (.ttf) font with glyf outlines; CFF .otf fonts cannot be embedded") from None
    pdfmetrics.registerFont(ttf)
    return ttf


def _parsed(pdf_name: str, data: bytes, path: str, store: FontCache | None,
            digest: str | None = None) -> ContentNamedTTFont:
    """The font read from its bytes: its character tables from the cache when a sound entry is there."""
    if store is None:
        return ContentNamedTTFont(pdf_name, _NamedBytes(data, path))
    face = KeptFace.__new__(KeptFace)
    pdfmetrics.TypeFace.__init__(face, None)
    TTFontFile.__init__(face, _NamedBytes(data, path), charInfo=0)  # the header alone: quick
    digest = digest or font_digest(data)
    info = store.read(digest, face.numGlyphs)
    if info is None:
        ttf = ContentNamedTTFont(pdf_name, _NamedBytes(data, path))
        store.remember(digest, ttf.face)
    else:
        face.__dict__.update(info)
        ttf = ContentNamedTTFont.with_face(pdf_name, face)
    ttf.digest = digest
    return ttf


class FontBook:
    """The fonts a build may use, by the names layouts give them."""

    def __init__(self, store: FontCache | None = None) -> None:
        self._fonts: dict[str, Font] = {}
        self.store = store
        folder = bundled_font_dir()
        if store is not None:  # each font read and hashed beside the others (a store's fonts are loaded afresh)
            read_bundled_ahead()
        for key, filename in BUNDLED.items():
            self.add(key, folder / filename, bundled=True)
            _AHEAD.pop(str(folder / filename), None)  # a copy read ahead for a font this process had loaded already

    def add(self, key: str, path: Path, label: str | None = None, bundled: bool = False) -> Font:
        """Register a font file under a layout name (label: how messages name the file)."""
        pdf_name = "pnp-" + path.stem
        ttf = _load(str(path), pdf_name, label or path.name, bundled, self.store)
        face = ttf.face
        cache = self.store.folder if self.store is not None else None
        font = Font(key, pdf_name, ttf, face.ascent / 1000.0, face.descent / 1000.0, cache=cache)
        self._fonts[key] = font
        return font

    def ensure(self, key: str, path: Path, label: str | None = None) -> Font:
        """Register a font unless the same name already points at the same file."""
        known = self._fonts.get(key)
        if known is not None and known.ttf.face.filename == str(path):
            return known
        return self.add(key, path, label)

    def get(self, key: str, where: str) -> Font:
        """Look up a font by its layout name."""
        try:
            return self._fonts[key]
        except KeyError:
            names = ", ".join(sorted(self._fonts))
            raise PnpError(f"unknown font '{key}'", where=where,
                           fix=f"use one of {names} or add it under fonts: in the layout") from None

    def fonts(self) -> list[Font]:
        """Every font of the book, in the order added."""
        return list(self._fonts.values())

    @property
    def default(self) -> Font:
        """The font used for sheet labels and as the canvas's initial font."""
        return self._fonts["regular"]
