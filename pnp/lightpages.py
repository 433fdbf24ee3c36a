"""Finished pages kept small until the file is saved: reportlab holds every page in memory until then."""

from __future__ import annotations

import zlib

from reportlab.pdfbase import pdfdoc


class LightPage(pdfdoc.PDFPage):
    """A page whose unset keys live on the class instead of in every page's own dictionary."""


for _name in pdfdoc.PDFPage.__NoDefault__ + ["ExtGState", "XObjects"]:
    setattr(LightPage, _name, None)


def settle(page: pdfdoc.PDFPage) -> None:
    """Compress a finished page's content now and drop its unset keys; the bytes written stay the same."""
    if page.stream and page.compression and not page.Contents:
        stream = pdfdoc.PDFStream(content=zlib.compress(page.stream.encode("utf8")))
        stream.dictionary["Filter"] = pdfdoc.PDFArray([pdfdoc.PDFName(pdfdoc.PDFZCompress.pdfname)])
        page.Contents, page.stream = stream, None
    page.__class__ = LightPage
    for name in [key for key, value in vars(page).items() if value is None and getattr(LightPage, key, 0) is None]:
        delattr(page, name)
