"""PDF files are written object by object as reportlab formats them: the same bytes as reportlab's own save, the file
never held whole in memory, and reportlab's collector back in place whatever happens."""

from __future__ import annotations

import io

import pytest
from reportlab.pdfbase import pdfdoc
from reportlab.pdfgen.canvas import Canvas

from pnp.pdf.streamed import save_streamed


def _drawn(target) -> Canvas:
    """A canvas of a few pages of text, lines and a form, as pnp's documents are made."""
    canvas = Canvas(target, invariant=1, pageCompression=1)
    canvas.beginForm("F0")
    canvas.rect(0, 0, 50, 80, fill=1)
    canvas.endForm()
    for page in range(5):
        canvas.setTitle("streamed")
        canvas.drawString(72, 720, f"page {page}")
        canvas.line(10, 10, 200, 300 + page)
        canvas.doForm("F0")
        canvas.showPage()
    return canvas


def test_streamed_file_has_reportlabs_bytes(tmp_path):
    expected = io.BytesIO()
    _drawn(expected).save()
    save_streamed(_drawn(str(tmp_path / "streamed.pdf")))
    assert (tmp_path / "streamed.pdf").read_bytes() == expected.getvalue()
    assert pdfdoc.PDFFile.__name__ == "PDFFile"


class _FullDisk(io.BytesIO):
    """A file whose disk fills up after 1,000 bytes."""

    def write(self, data) -> int:
        if self.tell() + len(data) > 1000:
            raise OSError(28, "No space left on device")
        return super().write(data)


def test_collector_is_restored_when_writing_fails(tmp_path, monkeypatch):
    monkeypatch.setattr("pnp.pdf.streamed.open", lambda *args: _FullDisk(), raising=False)
    with pytest.raises(OSError, match="No space left"):
        save_streamed(_drawn(str(tmp_path / "x.pdf")))
    assert pdfdoc.PDFFile.__name__ == "PDFFile"
    expected = io.BytesIO()
    _drawn(expected).save()  # reportlab's own save still collects the whole file
    assert expected.getvalue().startswith(b"%PDF-1.") and expected.getvalue().endswith(b"%%EOF\n")
