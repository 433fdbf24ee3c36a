"""A settled page's bytes made once for all the pages like it: each reuses them around its own contents and forms.

Print-shop files repeat one page per card, and the pages of one file differ only in the content stream they name
and the forms they draw; reportlab formats every page's dictionary afresh. Here the first page of a kind is
formatted by reportlab, cut where its content stream's reference and its forms' dictionary stand, and every later
page of the kind is those pieces around its own: the same bytes (a test builds Eitsuku both ways).
"""

from __future__ import annotations

from collections.abc import Callable

from reportlab.pdfbase import pdfdoc

Holes = list[tuple[bytes, bytes]]  # (the key before it, the bytes that differ from page to page)


def formatted_page(page: pdfdoc.PDFPage, document, afresh: Callable[[], bytes]) -> bytes:
    """The page's bytes: from the pieces of the first page like it, or formatted `afresh` (and cut into pieces)."""
    kinds: dict[tuple, tuple[tuple[bytes, ...], tuple]] = vars(document).setdefault("_pnp_page_kinds", {})
    key = settled_key(page)
    if key is not None and key in kinds:
        pieces = kinds[key][0]
        holes = _holes(page, document)  # its contents registered as reportlab would register them
        return b"".join(piece + hole for piece, (_, hole) in zip(pieces, holes)) + pieces[-1]
    text = afresh()
    if key is not None:
        cut = _cut(text, _holes(page, document))
        if cut is not None:
            kinds[key] = (cut, tuple(vars(page).values()))  # what its key names by identity outlives the writing
    return text


def settled_key(page: pdfdoc.PDFPage) -> tuple | None:
    """What a settled page's bytes depend on besides its contents and forms: its plain values, and its PDF objects
    by identity (shared ones, which the pages keep alive while the file is written); None when it holds anything
    else."""
    key: list[tuple] = []
    for name, value in vars(page).items():
        if name in ("Contents", "__InternalName__"):
            continue
        if name == "XObjects":
            key.append((name, bool(value)))  # written, or not, as a dictionary of forms: a hole of its own
        elif value is None or type(value) in (int, float, str, bool):
            key.append((name, type(value), value))
        elif isinstance(value, (dict, list)) and not value and type(value) in (dict, list):
            key.append((name, type(value)))
        elif isinstance(value, pdfdoc.PDFObject):
            key.append((name, id(value)))
        else:
            return None
    return tuple(key)


def _holes(page: pdfdoc.PDFPage, document) -> Holes:
    """The page's own bytes, in the order they stand in its dictionary: its content stream's reference (the stream
    registered with the document if it is not yet) and its forms' dictionary, where it draws any."""
    holes = [(b"/Contents ", document.Reference(page.Contents).format(document))]
    if page.XObjects:
        holes.append((b"/XObject ", pdfdoc.format(page.XObjects, document)))
    return holes


def _cut(text: bytes, holes: Holes) -> tuple[bytes, ...] | None:
    """The page's bytes around its holes, each found once after its key; None where one is not."""
    pieces, start = [], 0
    for before, hole in holes:
        marker = before + hole
        at = text.find(marker, start)
        if at < 0 or text.count(marker) != 1:
            return None
        pieces.append(text[start:at + len(before)])
        start = at + len(marker)
    pieces.append(text[start:])
    return tuple(pieces)
