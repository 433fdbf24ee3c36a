"""Finished pages kept small until the file is saved: reportlab holds every page in memory until then."""

from __future__ import annotations

import zlib

from reportlab.pdfbase import pdfdoc

from pnp.output.streamcache import StreamStore
from pnp.pdf.pagebytes import formatted_page


class LightPage(pdfdoc.PDFPage):
    """A page whose unset keys live on the class instead of in every page's own dictionary."""

    def format(self, document) -> bytes:
        """The page's bytes (a page like one before it reuses its bytes around its own contents and forms); the
        resources and media box written inline are let go as the file is written."""
        return formatted_page(self, document, lambda: self._afresh(document))

    def _afresh(self, document) -> bytes:
        """The page's bytes as reportlab formats them."""
        text = super().format(document)
        for inline in ("Resources", "MediaBox"):
            self.__dict__.pop(inline, None)
        return text


for _name in pdfdoc.PDFPage.__NoDefault__ + ["ExtGState", "XObjects"]:
    setattr(LightPage, _name, None)


class KeptArray(pdfdoc.PDFArray):
    """An array of numbers that pages of one file share (a box), formatted once for them all."""

    _formatted: bytes | None = None

    def format(self, document, IND=b"\n "):
        """The array's bytes: the same for every page of the file, as it holds only numbers."""
        if self._formatted is None:
            self._formatted = super().format(document, IND)
        return self._formatted


def _kept(array: pdfdoc.PDFArray) -> pdfdoc.PDFArray:
    """The array as one that keeps its bytes, when it holds only numbers (references differ between files)."""
    if not all(type(item) in (int, float) for item in array.sequence):
        return array
    kept = KeptArray.__new__(KeptArray)
    kept.__dict__.update(vars(array))
    return kept


SHORT_CONTENT = 512  # characters: a page that places a card (a print-shop page), whose copies' contents are the same


class PageSettler:
    """Settles each finished page of one document, sharing the equal boxes and resource tables of its pages."""

    def __init__(self, streams: StreamStore | None = None) -> None:
        self._streams = streams  # the output folder's compressed streams, where a long content may be kept
        self._shared: dict[tuple, object] = {}
        self._compressed: dict[str, bytes] = {}  # short contents compressed, by their text (copies of a card repeat it)

    def __call__(self, page: pdfdoc.PDFPage) -> None:
        """Compress a finished page's content now and drop its unset keys; the bytes written stay the same."""
        if page.stream and page.compression and not page.Contents:
            stream = pdfdoc.PDFStream(content=self._compress(page.stream))
            stream.dictionary["Filter"] = pdfdoc.PDFArray([pdfdoc.PDFName(pdfdoc.PDFZCompress.pdfname)])
            page.Contents, page.stream = stream, None
        page.__class__ = LightPage
        kept = {key: value for key, value in vars(page).items()
                if value is not None or getattr(LightPage, key, 0) is not None}
        page.__dict__ = {key: self._share(value) for key, value in kept.items()}  # a new dict: dicts never shrink

    def _compress(self, content: str) -> bytes:
        """A page's content compressed (a short one once for the document: compressing a few bytes takes some
        50 microseconds, mostly zlib setting up)."""
        if len(content) > SHORT_CONTENT:
            data = content.encode("utf8")
            return self._streams.compressed(data) if self._streams is not None else zlib.compress(data)
        compressed = self._compressed.get(content)
        if compressed is None:
            compressed = self._compressed[content] = zlib.compress(content.encode("utf8"))
        return compressed

    def _share(self, value):
        """One instance for equal inline arrays and dictionaries of names and references (boxes, XObjects, Trans)."""
        if isinstance(value, pdfdoc.PDFArray):
            key, first = ("array",) + tuple(value.sequence), _kept
        elif isinstance(value, pdfdoc.PDFDictionary) and all(
                isinstance(v, pdfdoc.PDFObjectReference) for v in value.dict.values()):
            key, first = ("dict",) + tuple((k, v.name) for k, v in value.dict.items()), _itself
        else:
            return value
        try:
            shared = self._shared.get(key)
        except TypeError:  # an unhashable entry: keep the page's own
            return value
        if shared is None:
            shared = self._shared[key] = first(value)
        return shared


def _itself(value):
    return value

