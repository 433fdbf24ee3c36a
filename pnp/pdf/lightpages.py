"""Finished pages kept small until the file is saved: reportlab holds every page in memory until then."""

from __future__ import annotations

import zlib

from reportlab.pdfbase import pdfdoc


class LightPage(pdfdoc.PDFPage):
    """A page whose unset keys live on the class instead of in every page's own dictionary."""

    def format(self, document):
        """The page's bytes; the resources and media box written inline are let go as the file is written."""
        text = super().format(document)
        for inline in ("Resources", "MediaBox"):
            vars(self).pop(inline, None)
        return text


for _name in pdfdoc.PDFPage.__NoDefault__ + ["ExtGState", "XObjects"]:
    setattr(LightPage, _name, None)


class PageSettler:
    """Settles each finished page of one document, sharing the equal boxes and resource tables of its pages."""

    def __init__(self) -> None:
        self._shared: dict[tuple, object] = {}

    def __call__(self, page: pdfdoc.PDFPage) -> None:
        """Compress a finished page's content now and drop its unset keys; the bytes written stay the same."""
        if page.stream and page.compression and not page.Contents:
            stream = pdfdoc.PDFStream(content=zlib.compress(page.stream.encode("utf8")))
            stream.dictionary["Filter"] = pdfdoc.PDFArray([pdfdoc.PDFName(pdfdoc.PDFZCompress.pdfname)])
            page.Contents, page.stream = stream, None
        page.__class__ = LightPage
        kept = {key: value for key, value in vars(page).items()
                if value is not None or getattr(LightPage, key, 0) is not None}
        page.__dict__ = {key: self._share(value) for key, value in kept.items()}  # a new dict: dicts never shrink

    def _share(self, value):
        """One instance for equal inline arrays and dictionaries of names and references (boxes, XObjects, Trans)."""
        if isinstance(value, pdfdoc.PDFArray):
            key = ("array",) + tuple(value.sequence)
        elif isinstance(value, pdfdoc.PDFDictionary) and all(
                isinstance(v, pdfdoc.PDFObjectReference) for v in value.dict.values()):
            key = ("dict",) + tuple((k, v.name) for k, v in value.dict.items())
        else:
            return value
        try:
            return self._shared.setdefault(key, value)
        except TypeError:  # an unhashable entry: keep the page's own
            return value
