"""Saving a reportlab document straight into its file, object by object, so the file is never held whole in memory.

reportlab collects every formatted object of a document and joins them into one string before writing it: at 100
times Eitsuku's cards that is some 20 MB more at the peak. Here each object is written as it is formatted, through
reportlab's own formatting, so the bytes are the same.
"""

from __future__ import annotations

from typing import BinaryIO

from reportlab.pdfbase import pdfdoc


class _StreamedFile(pdfdoc.PDFFile):
    """reportlab's output collector, writing each piece to the open file instead of keeping it."""

    handle: BinaryIO | None = None  # the file being written, set for the one save under way

    def __init__(self, pdfVersion=pdfdoc.PDF_VERSION_DEFAULT):
        super().__init__(pdfVersion)  # the header, collected
        assert self.handle is not None
        self.handle.write(b"".join(self.strings))
        self.strings = []
        self.write = self.handle.write

    def format(self, document) -> bytes:
        return b""  # everything is in the file already


def save_streamed(canvas) -> None:
    """Save a canvas's document into its file as reportlab would, one object at a time."""
    if len(canvas._code):
        canvas.showPage()
    doc = canvas._doc
    if getattr(doc, "_savedToFile", False):
        raise RuntimeError("a document can only be saved once")
    doc._savedToFile = True
    collector = pdfdoc.PDFFile
    with open(canvas._filename, "wb") as handle:
        _StreamedFile.handle = handle
        pdfdoc.PDFFile = _StreamedFile
        try:
            rest = doc.GetPDFData(canvas)
        finally:
            pdfdoc.PDFFile = collector
            _StreamedFile.handle = None
        handle.write(rest)
