"""Files a stranger's project may hold, made small: workbooks that inflate without bound, damaged fonts, images."""

from __future__ import annotations

import random
import struct
import zlib
from pathlib import Path

from pnp.data.workbook_write import write_workbook

ROWS = [["name", "kind", "value", "text", "count"], ["Spark", "attack", 1, "Deal **1** damage.", 4]]
LAUGHS = ('<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol0 "lol">'
          + "".join(f'<!ENTITY lol{i} "{f"&lol{i - 1};" * 10}">' for i in range(1, 10)) + "]>")
SST = b'<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'


def workbook(path: Path) -> dict[str, bytes]:
    """A good workbook's parts (the demo's first card), written by pnp's own writer."""
    import zipfile
    write_workbook(path, "Cards", ROWS)
    with zipfile.ZipFile(path) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def deflated(*runs: tuple[bytes, int]) -> tuple[bytes, int, int]:
    """A raw deflate stream of each chunk repeated so many times, made without inflating it: (data, size, crc).

    The CRC is worked out only up to 64 MB: a larger part is refused before anything would check it."""
    packer, out, size, crc = zlib.compressobj(9, zlib.DEFLATED, -15), [], 0, 0
    for chunk, times in runs:
        block = packer.compress(chunk) + packer.flush(zlib.Z_FULL_FLUSH)  # stands alone: it can be repeated
        out.append(block * times)
        size += len(chunk) * times
        for _ in range(times if size <= 64 * 2**20 else 0):
            crc = zlib.crc32(chunk, crc)
    out.append(packer.flush(zlib.Z_FINISH))
    return b"".join(out), size, crc if size <= 64 * 2**20 else 0


def write_zip(path: Path, parts: dict[str, bytes | tuple[bytes, int, int]]) -> None:
    """A zip archive of parts: bytes are deflated here, (stream, size, crc) triples are written as they are."""
    local, central = bytearray(), bytearray()
    for name, part in parts.items():
        data, size, crc = part if isinstance(part, tuple) else deflated((part, 1))
        encoded = name.encode()
        header = struct.pack("<HHHHHIIIHH", 20, 0, 8, 0, 0x21, crc, len(data), size, len(encoded), 0)
        central += struct.pack("<IH", 0x02014B50, 20) + header + struct.pack("<HHHII", 0, 0, 0, 0, len(local)) + encoded
        local += struct.pack("<I", 0x04034B50) + header + encoded + data
    count = len(parts)
    path.write_bytes(bytes(local) + bytes(central) + struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, count, count,
                                                                 len(central), len(local), 0))


def xlsx(path: Path, **changes: bytes | tuple[bytes, int, int]) -> None:
    """The demo workbook with parts replaced (keyword names use _ for / and . , as xl_sharedStrings_xml)."""
    parts: dict[str, bytes | tuple[bytes, int, int]] = dict(workbook(path))
    for key, value in changes.items():
        parts[next(name for name in parts if name.replace("/", "_").replace(".", "_") == key)] = value
    write_zip(path, parts)


def sheet_with(cells: bytes) -> bytes:
    """A worksheet whose data is the demo's two rows and then `cells` (row elements)."""
    return (b'<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'
            b'<row r="1"><c r="A1" t="inlineStr"><is><t>name</t></is></c><c r="B1" t="inlineStr"><is><t>count</t>'
            b'</is></c></row><row r="2"><c r="A2" t="inlineStr"><is><t>Spark</t></is></c><c r="B2"><v>1</v></c>'
            b"</row>" + cells + b"</sheetData></worksheet>")


def ods_content(rows: bytes) -> bytes:
    """An .ods content.xml whose one table holds the demo's header and a card, then `rows`."""
    table = "urn:oasis:names:tc:opendocument:xmlns:table:1.0"
    return (f'<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
            f'xmlns:table="{table}" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"><office:body>'
            '<office:spreadsheet><table:table table:name="Cards"><table:table-row><table:table-cell '
            'office:value-type="string"><text:p>name</text:p></table:table-cell></table:table-row><table:table-row>'
            '<table:table-cell office:value-type="string"><text:p>Spark</text:p></table:table-cell>'
            "</table:table-row>").encode() + rows + \
        b"</table:table></office:spreadsheet></office:body></office:document-content>"


def font_tables(data: bytes) -> dict[bytes, tuple[int, int]]:
    """A TrueType file's tables: tag -> (offset, length)."""
    count = struct.unpack_from(">H", data, 4)[0]
    return {tag: (offset, length) for tag, _, offset, length in
            (struct.unpack_from(">4sIII", data, 12 + 16 * i) for i in range(count))}


def patched_font(data: bytes, kind: str) -> bytes:
    """The bundled font with one structural fault."""
    font, tables = bytearray(data), font_tables(data)
    head, maxp, loca, cmap = (tables[tag][0] for tag in (b"head", b"maxp", b"loca", b"cmap"))
    if kind == "unitsPerEm 0":
        font[head + 18:head + 20] = b"\0\0"
    elif kind == "0 glyphs":
        font[maxp + 4:maxp + 6] = b"\0\0"
    elif kind == "random loca":
        font[loca:loca + tables[b"loca"][1]] = random.Random(1).randbytes(tables[b"loca"][1])
    elif kind == "huge character map":
        for index in range(struct.unpack_from(">H", font, cmap + 2)[0]):
            offset = cmap + struct.unpack_from(">I", font, cmap + 8 + 8 * index)[0]
            if struct.unpack_from(">H", font, offset)[0] == 12:
                struct.pack_into(">II", font, offset + 16, 0, 0xFFFFFFF0)  # one group: every code there is
            elif struct.unpack_from(">H", font, offset)[0] == 4:
                segments = struct.unpack_from(">H", font, offset + 6)[0] // 2
                for segment in range(segments):
                    struct.pack_into(">H", font, offset + 14 + 2 * segment, 0xFFFF)
                    struct.pack_into(">H", font, offset + 16 + 2 * segments + 2 * segment, 0)
    return bytes(font)


def png(width: int, height: int, idat: bytes | None = None) -> bytes:
    """A grey PNG; `idat` replaces its pixel data (so it can be cut short)."""
    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    pixels = zlib.compress(b"".join(b"\0" + b"\x80" * width for _ in range(height))) if idat is None else idat
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0))
            + chunk(b"IDAT", pixels) + chunk(b"IEND", b""))


def bmp_rle8_bomb() -> bytes:
    """A BMP claiming 30000 x 30000 pixels of RLE8 data in a few bytes."""
    body = b"\0\1" * 8
    info = struct.pack("<IiiHHIIiiII", 40, 30000, 30000, 1, 8, 1, len(body), 2835, 2835, 256, 0)
    palette = b"\0\0\0\0" * 256
    offset = 14 + len(info) + len(palette)
    return b"BM" + struct.pack("<IHHI", offset + len(body), 0, 0, offset) + info + palette + body


EPS = b"%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 10 10\nnewpath 0 0 moveto 10 10 lineto stroke\nshowpage\n"
PS = b"%!PS-Adobe-3.0\n/Helvetica findfont 12 scalefont setfont 72 72 moveto (x) show showpage\n"
PDF = (b"%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj "
       b"3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 10 10]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n")
