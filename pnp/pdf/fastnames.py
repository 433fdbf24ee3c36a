"""reportlab's PDF serialising with its short texts encoded once: the bytes written are the same.

Every page of a file repeats the same dictionary keys, numbers and object references, and reportlab escapes each
name and encodes each text again through a Python codec. Both are pure functions of the text, so their results for
short texts are kept; long texts (page content) are encoded as they come and never kept.
"""

from __future__ import annotations

from functools import lru_cache

from reportlab.pdfbase import pdfdoc

SHORT = 64  # characters: a name, a number or a reference, not a page's content
KEPT = 8192  # results kept of each kind: well under a megabyte

_ENCODE = pdfdoc.pdfdocEnc
_escaped_name = lru_cache(maxsize=KEPT)(pdfdoc.PDFName)
_encoded_short = lru_cache(maxsize=KEPT)(_ENCODE)


def _encoded(text):
    """reportlab's pdfdocEnc, its result kept for a short text."""
    if type(text) is str and len(text) <= SHORT:
        return _encoded_short(text)
    return _ENCODE(text)


def install() -> None:
    """Make reportlab's serialiser use the kept results (once per process; later calls change nothing)."""
    pdfdoc.PDFName = _escaped_name
    pdfdoc.pdfdocEnc = _encoded
