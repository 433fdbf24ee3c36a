"""A TrueType file's structure checked before the font reader parses it: tables in the file, sane header values,
glyph offsets in order, composite glyphs naming glyphs that exist, and a character map of bounded size."""

from __future__ import annotations

import struct

from pnp.errors import PnpError

REQUIRED = (b"head", b"hhea", b"maxp", b"hmtx", b"loca", b"glyf", b"cmap", b"name")
MAX_TABLES = 256
MAX_MAPPED = 0x110000  # character codes a character map may list, all subtables' ranges told: all of Unicode
FIX = "use an undamaged TrueType (.ttf) font with glyf outlines"
MORE_COMPONENTS, WORD_ARGS, SCALE, XY_SCALE, TWO_BY_TWO = 0x20, 0x1, 0x8, 0x40, 0x80


class Damaged(Exception):
    """A structural fault, described for the message."""


def check_font(data: bytes, label: str) -> None:
    """Refuse a font file whose structure the font reader would stumble on or spend without bound on."""
    try:
        tables = _tables(data, _font_offset(data))
        _check_tables(data, tables)
    except Damaged as fault:
        raise PnpError(f"not a usable TrueType font: {fault}", where=label, fix=FIX) from None
    except (struct.error, IndexError, ValueError, OverflowError):
        raise PnpError("not a usable TrueType font: its tables are cut short", where=label, fix=FIX) from None


def _font_offset(data: bytes) -> int:
    """Where the (first) font starts: 0, or the first font of a collection."""
    tag = data[:4]
    if tag == b"OTTO":
        raise Damaged("it has CFF (PostScript) outlines, which cannot be embedded")
    if tag == b"ttcf":
        return _u32(data, 12)
    if tag not in (b"\0\1\0\0", b"true"):
        raise Damaged("it does not start as a TrueType font does")
    return 0


def _tables(data: bytes, start: int) -> dict[bytes, memoryview]:
    """The font's tables by tag, each checked to lie inside the file."""
    count = _u16(data, start + 4)
    if not 0 < count <= MAX_TABLES:
        raise Damaged(f"it lists {count} tables")
    tables = {}
    view = memoryview(data)
    for index in range(count):
        tag, _, offset, length = struct.unpack_from(">4sIII", data, start + 12 + 16 * index)
        if offset + length > len(data):
            raise Damaged(f"table {tag.decode('latin-1')!r} runs past the end of the file")
        tables[tag] = view[offset:offset + length]
    missing = [tag.decode() for tag in REQUIRED if tag not in tables]
    if missing:
        raise Damaged(f"it has no {', '.join(missing)} table")
    return tables


def _check_tables(data: bytes, tables: dict[bytes, memoryview]) -> None:
    """Header values, glyph offsets, composite glyphs and the character map."""
    head, maxp, hhea = tables[b"head"], tables[b"maxp"], tables[b"hhea"]
    units, long_offsets = _u16(head, 18), struct.unpack_from(">h", head, 50)[0]
    if not 16 <= units <= 16384:
        raise Damaged(f"unitsPerEm is {units} (a font has 16 to 16384)")
    if long_offsets not in (0, 1):
        raise Damaged(f"indexToLocFormat is {long_offsets}")
    glyphs, metrics = _u16(maxp, 4), _u16(hhea, 34)
    if glyphs == 0:
        raise Damaged("it has no glyphs")
    if not 0 < metrics <= glyphs or len(tables[b"hmtx"]) < 4 * metrics + 2 * (glyphs - metrics):
        raise Damaged("its horizontal metrics do not match its glyphs")
    offsets = _offsets(tables[b"loca"], glyphs, long_offsets, len(tables[b"glyf"]))
    _check_composites(tables[b"glyf"], offsets, glyphs)
    _check_cmap(tables[b"cmap"])


def _offsets(loca: memoryview, glyphs: int, long_offsets: int, glyf_size: int) -> tuple[int, ...]:
    """The glyph offsets in bytes, checked to rise and to stay inside the glyph table."""
    kind, size, scale = ("I", 4, 1) if long_offsets else ("H", 2, 2)
    if len(loca) < (glyphs + 1) * size:
        raise Damaged("its glyph offsets (loca) are cut short")
    offsets = tuple(offset * scale for offset in struct.unpack_from(f">{glyphs + 1}{kind}", loca))
    if any(later < earlier for earlier, later in zip(offsets, offsets[1:])):
        raise Damaged("its glyph offsets (loca) go backwards")
    if offsets[-1] > glyf_size:
        raise Damaged("its glyph offsets (loca) point past the glyph table")
    return offsets


def _check_composites(glyf: memoryview, offsets: tuple[int, ...], glyphs: int) -> None:
    """Every composite glyph names glyphs that exist, within its own bytes."""
    for index in range(glyphs):
        start, end = offsets[index], offsets[index + 1]
        if end - start < 10 or struct.unpack_from(">h", glyf, start)[0] >= 0:
            continue  # empty, or a simple glyph (copied as it is)
        position, flags = start + 10, MORE_COMPONENTS
        while flags & MORE_COMPONENTS:
            if position + 4 > end:
                raise Damaged(f"composite glyph {index} is cut short")
            flags, component = struct.unpack_from(">HH", glyf, position)
            if component >= glyphs:
                raise Damaged(f"composite glyph {index} names glyph {component}, which does not exist")
            position += 4 + (4 if flags & WORD_ARGS else 2)
            position += 2 if flags & SCALE else 4 if flags & XY_SCALE else 8 if flags & TWO_BY_TWO else 0


def _check_cmap(cmap: memoryview) -> None:
    """The character map the font reader picks lists a bounded number of codes."""
    count, chosen = _u16(cmap, 2), None
    for index in range(count):  # the reader keeps the last Unicode-like subtable it finds
        platform, encoding, offset = struct.unpack_from(">HHI", cmap, 4 + 8 * index)
        if platform == 3 or (platform == 1 and encoding in (0, 1)) or (platform == 0 and encoding != 5):
            chosen = offset
    if chosen is None:
        return  # the reader refuses it with a message of its own
    if _mapped(cmap, chosen) > MAX_MAPPED:
        raise Damaged(f"its character map lists more than {MAX_MAPPED} codes")


def _mapped(cmap: memoryview, offset: int) -> int:
    """How many character codes the subtable at offset lists (ranges counted out)."""
    fmt = _u16(cmap, offset)
    if fmt == 4:
        segments = _u16(cmap, offset + 6) // 2
        ends = struct.unpack_from(f">{segments}H", cmap, offset + 14)
        starts = struct.unpack_from(f">{segments}H", cmap, offset + 16 + 2 * segments)
        return sum(max(0, end - start + 1) for start, end in zip(starts, ends))
    if fmt in (12, 13):
        groups = _u32(cmap, offset + 12)
        total = 0
        for group in range(groups):
            start, end = struct.unpack_from(">II", cmap, offset + 16 + 12 * group)
            total += max(0, end - start + 1)
            if total > MAX_MAPPED:
                break
        return total
    if fmt == 2:
        keys = struct.unpack_from(">256H", cmap, offset + 6)  # the reader takes each key as a subheader's index
        return sum(_u16(cmap, offset + 518 + 8 * key + 2) for key in keys if key)
    return 0  # formats 0, 6 and 10 read one entry per code from the table itself


def _u16(data, offset: int) -> int:
    return struct.unpack_from(">H", data, offset)[0]


def _u32(data, offset: int) -> int:
    return struct.unpack_from(">I", data, offset)[0]
