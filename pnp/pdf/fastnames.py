"""reportlab's PDF serialising with its short texts encoded once: the bytes written are the same.

Every page of a file repeats the same dictionary keys, numbers and object references, and reportlab escapes each
name and encodes each text again through a Python codec. Both are pure functions of the text, so their results for
short texts are kept; long texts (page content) are encoded as they come and never kept, those in plain ASCII by
Python's own ASCII encoder (PDFDocEncoding gives each of those characters its own byte, as ASCII does).
"""

from __future__ import annotations

import re
from functools import lru_cache

from reportlab.pdfbase import pdfdoc

SHORT = 64  # characters: a name, a number or a reference, not a page's content
KEPT = 8192  # results kept of each kind: well under a megabyte
NOT_PDFDOC = re.compile("[\x18-\x1f]")  # the ASCII characters PDFDocEncoding has no byte for (its codec refuses them)

_ENCODE = pdfdoc.pdfdocEnc
_escaped_name = lru_cache(maxsize=KEPT)(pdfdoc.PDFName)
_encoded_short = lru_cache(maxsize=KEPT)(_ENCODE)


def _encoded(text):
    """reportlab's pdfdocEnc, its result kept for a short text; a long ASCII text encoded by Python's ASCII codec."""
    if type(text) is str:
        if len(text) <= SHORT:
            return _encoded_short(text)
        if text.isascii() and NOT_PDFDOC.search(text) is None:
            return text.encode("ascii")
    return _ENCODE(text)


def install() -> None:
    """Make reportlab's serialiser use the kept results (once per process; later calls change nothing)."""
    pdfdoc.PDFName = _escaped_name
    pdfdoc.pdfdocEnc = _encoded
