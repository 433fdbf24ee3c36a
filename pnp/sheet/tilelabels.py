"""The words printed on tiles: which sheet of how many, where it sits in the board, and how it is glued."""

from __future__ import annotations

from pnp.sheet.tiles import Tile, Tiling

JAPANESE_RANGES = ((0x3040, 0x30FF), (0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xFF66, 0xFF9F))  # kana and kanji


def is_japanese(text: str) -> bool:
    """Tell whether a text holds kana or kanji, so that its reader gets Japanese labels."""
    return any(low <= ord(char) <= high for char in text for low, high in JAPANESE_RANGES)


def tile_label(tile: Tile, tiling: Tiling, title: str, japanese: bool) -> str:
    """The label above a tile: the piece's title, its sheet number of how many, its place, how it is glued."""
    number = (tile.row - 1) * tiling.cols + tile.col
    place = _place_ja(tile, tiling) if japanese else _place_en(tile, tiling)
    parts = [title, f"{number} / {len(tiling.tiles)}" + (f"（{place}）" if japanese else f" ({place})"),
             glue_note(tile, tiling, japanese)]
    return "  ".join(part for part in parts if part)


def glue_word(japanese: bool) -> str:
    """The word on a hatched glue strip."""
    return "のりしろ" if japanese else "glue"


def _along(index: int, count: int, words: tuple[str, str, str]) -> str:
    """A tile's place along one axis: first, middle or last of three or fewer, else its number from the first."""
    if index == 1:
        return words[0]
    if index == count:
        return words[2]
    return words[1] if count == 3 else ""


def _place_ja(tile: Tile, tiling: Tiling) -> str:
    """Where a tile sits, in Japanese: 上 / 下, 左 / 右, 上段・左."""
    row = _along(tile.row, tiling.rows, ("上", "中", "下")) or f"上から{tile.row}段目"
    col = _along(tile.col, tiling.cols, ("左", "中", "右")) or f"左から{tile.col}列目"
    if tiling.cols == 1:
        return row
    if tiling.rows == 1:
        return col
    return f"{row}段・{col}" if len(row) == 1 else f"{row}・{col}"


def _place_en(tile: Tile, tiling: Tiling) -> str:
    """Where a tile sits, in English: top / bottom, left / right, top left."""
    row = _along(tile.row, tiling.rows, ("top", "middle", "bottom")) or f"row {tile.row} from the top"
    col = _along(tile.col, tiling.cols, ("left", "middle", "right")) or f"column {tile.col} from the left"
    if tiling.cols == 1:
        return row
    if tiling.rows == 1:
        return col
    return f"{row} {col}" if tiling.rows <= 3 and tiling.cols <= 3 else f"{row}, {col}"


def glue_note(tile: Tile, tiling: Tiling, japanese: bool = True) -> str:
    """How this tile is glued: the sheets laid over its glue strips, or, for the last one, whose strips it covers."""
    right, below = tile.col < tiling.cols, tile.row < tiling.rows
    if right or below:
        if japanese:
            return f"のりしろに{'右と下' if right and below else '右' if right else '下'}のシートを重ねる"
        sides = "to the right and below" if right and below else "to the right" if right else "below"
        return f"lay the {'sheets' if right and below else 'sheet'} {sides} over the hatched glue strip"
    left, above = tile.col > 1, tile.row > 1
    if not (left or above):
        return ""
    if japanese:
        return f"最後のシート: {'左と上' if left and above else '左' if left else '上'}のシートののりしろに重ねる"
    sides = "to the left and above" if left and above else "to the left" if left else "above"
    return f"last sheet: lay it over the glue strips of the sheets {sides}"
