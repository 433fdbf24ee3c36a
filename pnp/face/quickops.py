"""Two of reportlab's operators written for the common case as reportlab writes them: an opaque RGB colour, and a
text already shown once in the document. Anything else goes through reportlab itself; the bytes are the same."""

from __future__ import annotations

from reportlab.lib.colors import Color
from reportlab.lib.rl_accel import fp_str

MAX_KEPT = 4096  # colours' operators and texts' operators kept per process and per document: well under a megabyte
_RGB: dict[tuple[float, float, float, bool], str] = {}


def quick_rgb(target, color, stroke: bool) -> bool:
    """Set `color` on a canvas or text object as its setFillColor or setStrokeColor would, when that is an RGB colour
    (or a text an RGB document's paint reads as one) leaving the transparency as it is; False, setting nothing, else."""
    canvas, paint = getattr(target, "_canvas", target), target._enforceColorSpace
    if not getattr(paint, "passes_rgb", False):
        return False
    if color.__class__ is not Color and type(color) is str:
        color = paint(color)  # as reportlab's setter would: through the document's paint first
    if color.__class__ is not Color:
        return False
    # reportlab sets the colour's alpha after it, where the target can: nothing is written while the alpha stays
    alpha, current = color.alpha, canvas._extgstate._d.get("CA" if stroke else "ca", 1)
    if alpha is not None and not (type(alpha) in (int, float) and 0 <= alpha <= 1):
        return False  # reportlab refuses it
    sets_alpha = alpha is not None and hasattr(target, "_setStrokeAlpha" if stroke else "_setFillAlpha")
    if sets_alpha and alpha != current:
        return False
    key = (color.red, color.green, color.blue, stroke)
    operator = _RGB.get(key)
    if operator is None:
        operator = f"{fp_str(key[:3])} {'RG' if stroke else 'rg'}"
        if len(_RGB) < MAX_KEPT:
            _RGB[key] = operator
    target._code.append(operator)
    if stroke:
        target._strokeColorObj = color
    else:
        target._fillColorObj = color
    if sets_alpha:
        canvas._doc.ensureMinPdfVersion("transparency")
    return True


class ShownTexts:
    """The operators of texts a document has shown, by font, size and subset in use: a text shown again writes the
    same operators (its characters keep the codes they were given the first time), so they are written once."""

    def __init__(self) -> None:
        self._shown: dict[tuple, tuple[str, int]] = {}

    def operators(self, text_object, text: str) -> str:
        """The operators showing `text` in a text object, as its _formatText gives them, with its subset updated."""
        key = (text_object._fontname, text_object._fontsize, text_object._leading, text_object._curSubset, text)
        known = self._shown.get(key)
        if known is not None:
            text_object._curSubset = known[1]
            return known[0]
        operators = text_object._formatText(text)
        if len(self._shown) < MAX_KEPT:
            self._shown[key] = (operators, text_object._curSubset)
        return operators
