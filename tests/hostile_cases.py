"""Bad inputs a stranger's project may hold, each a change to the example project and the one line it gives.

Each case is (name, change, message) or (name, change, message, command): `change` edits a copy of the
project `pnp new demo` writes (with a picture element and a project font added), `message` is the whole
error line, `command` the pnp command run on it (default: build).
"""

from __future__ import annotations

import os
from pathlib import Path

import hostile_files as hf

CSV = "card_data/demo/cards.csv"
MANIFEST = "card_data/demo/game.yaml"
FRONT = "layouts/demo/cards.yaml"
BASE = "layouts/demo/_base.yaml"
ART = "card_data/demo/art"
ROW2 = f"{CSV}: row 2"
TEMPLATE = f"{ROW2}: template {FRONT}: elements[0] (name).text"
RUNAWAY = "simplify the template; the limits guard against runaway templates"
OUTSIDE = "copy the file into the project and name it by a path inside it"
LOOP = "is a loop of links; remove the link or point it at a file inside the project"
RESAVE = "save it again as .xlsx or .ods, or as CSV UTF-8"
SMALLER = "card data is far smaller; clear what is not card data, or save it as CSV UTF-8"
PICTURE = f"{ROW2}: image 'art/x.png'"
PICTURE_FIX = f"({FRONT}: elements[7] (photo)); use a PNG, JPEG or SVG file within the pixel limit"
FONT = "fonts/hand.ttf: not a usable TrueType font"
FONT_FIX = "use an undamaged TrueType (.ttf) font with glyf outlines"
PRINTS = "which is not text; print only strings, numbers and booleans (join a list with |join(', '))"
FINITE = "must be a finite number, got"
NUMBER = "write a number in mm or pt"
OVER = "goes over a limit:"
ITEMS = f"characters or items, more than 100000; {RUNAWAY}"
XLSX = "card_data/demo/cards.xlsx"
DTD = "declares a DTD (<!DOCTYPE>), which no workbook needs; " + RESAVE + "; a DTD can make a file expand without bound"
SPAN = "more than the limit of 1000000 cells; clear the cells far right of or below the cards (select them, Delete)"
SHARED = "more than the limit of 1000000 texts or 10000000 characters; " + SMALLER
PIPE = "is not a regular file (a pipe, device or socket), so pnp does not read it; name a"
PHOTO_SRC = f"{ROW2}: {FRONT}: elements[7] (photo).src"
TEXT = f"{FRONT}: elements[0] (name).text: must be a string, got"
TEXT_FIX = 'write the text in quotes, e.g. text: "Deal 2 damage."'
TWICE = "remove one of them; YAML would keep only the last in silence"
ENCODING_FIX = "write an encoding such as utf-8 or cp932 (Shift_JIS as Japanese Excel saves it)"


def edit(root: Path, name: str, old: str, new: str) -> None:
    path = root / name
    text = path.read_text(encoding="utf-8")
    assert old in text, (name, old)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def write(root: Path, name: str, data: bytes | str) -> None:
    path = root / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data.encode() if isinstance(data, str) else data)


def fifo(root: Path, name: str) -> None:
    (root / name).unlink(missing_ok=True)
    os.mkfifo(root / name)


def loop(root: Path, name: str) -> None:
    """A symbolic link that points at itself."""
    (root / name).parent.mkdir(parents=True, exist_ok=True)
    (root / name).unlink(missing_ok=True)
    os.symlink((root / name).name, root / name)


def data_file(root: Path, name: str) -> None:
    """Make the component read card_data/demo/NAME instead of cards.csv."""
    (root / CSV).unlink()
    edit(root, MANIFEST, "  - name: cards ", f"  - name: cards\n    data: {name}\n   ")


def picture(root: Path, data: bytes, name: str = "x.png") -> None:
    write(root, f"{ART}/{name}", data)


def template(root: Path, text: str) -> None:
    edit(root, FRONT, '"{{ name }}"', f'"{text}"')


def element(root: Path, key_values: str) -> None:
    """Add keys to the front's first element (the name)."""
    edit(root, FRONT, "    style: title\n", f"    style: title\n{key_values}")


def xlsx(root: Path, **parts) -> None:
    (root / CSV).unlink()
    hf.xlsx(root / "card_data/demo/cards.xlsx", **parts)


def ods(root: Path, content: bytes) -> None:
    (root / CSV).unlink()
    hf.workbook(root / "card_data/demo/cards.ods")
    parts = dict(hf.workbook(root / "card_data/demo/cards.ods"))
    parts["content.xml"] = content
    hf.write_zip(root / "card_data/demo/cards.ods", parts)


def font(root: Path, data: bytes) -> None:
    write(root, "fonts/hand.ttf", data)


def _huge_string(root: Path) -> None:
    xlsx(root, xl_sharedStrings_xml=hf.deflated((hf.SST + b"<si><t>", 1), (b"x" * 2**20, 1024),
                                                (b"</t></si></sst>", 1)))


def _many_strings(root: Path, count: int) -> None:
    xlsx(root, xl_sharedStrings_xml=hf.deflated((hf.SST, 1), (b"<si><t>a</t></si>" * 100_000, count // 100_000),
                                                (b"</sst>", 1)))


def _styled_blanks(root: Path) -> None:
    row = b"".join(b'<c r="%s3" s="1"/>' % column.encode() for column in ("A", "B", "C", "D"))
    xlsx(root, xl_worksheets_sheet1_xml=hf.deflated((hf.sheet_with(b"")[:-24], 1), (b'<row r="3">', 1),
                                                      (row * 250_000, 100), (b"</row></sheetData></worksheet>", 1)))


def _padded(root: Path, empty_lines: int) -> None:
    path = root / CSV
    path.write_bytes(path.read_bytes() + b"\n" * empty_lines)


def _many_parts(root: Path) -> None:
    (root / CSV).unlink()
    path = root / "card_data/demo/cards.xlsx"
    hf.write_zip(path, {**hf.workbook(path), **{f"xl/media/part{i}.xml": b"<x/>" for i in range(2000)}})


WORKBOOKS = [
    ("xlsx: billion laughs in a sheet", lambda p: xlsx(p, xl_worksheets_sheet1_xml=hf.LAUGHS.encode() + hf.sheet_with(
        b'<row r="3"><c r="A3" t="inlineStr"><is><t>&lol9;</t></is></c></row>')),
     f"{XLSX}: xl/worksheets/sheet1.xml {DTD}"),
    ("xlsx: billion laughs in shared strings", lambda p: xlsx(
        p, xl_sharedStrings_xml=hf.LAUGHS.encode() + hf.SST + b"<si><t>&lol9;</t></si></sst>"),
     f"{XLSX}: xl/sharedStrings.xml {DTD}"),
    ("xlsx: external entity", lambda p: xlsx(p, xl_worksheets_sheet1_xml=b'<?xml version="1.0"?><!DOCTYPE w '
                                             b'[<!ENTITY e SYSTEM "file:///etc/passwd">]>' + hf.sheet_with(b"")),
     f"{XLSX}: xl/worksheets/sheet1.xml {DTD}"),
    ("ods: billion laughs", lambda p: ods(p, hf.LAUGHS.encode() + hf.ods_content(b"")),
     f"card_data/demo/cards.ods: content.xml {DTD}"),
    ("xlsx: one 1 GB string", _huge_string,
     f"{XLSX}: the workbook inflates to 1024 MB, more than the limit of 32 MB; {SMALLER}"),
    ("xlsx: 30 million shared strings", lambda p: _many_strings(p, 30_000_000),
     f"{XLSX}: the workbook inflates to 486 MB, more than the limit of 32 MB; {SMALLER}"),
    ("xlsx: 1.2 million shared strings", lambda p: _many_strings(p, 1_200_000),
     f"{XLSX}: xl/sharedStrings.xml holds 1200000 shared texts of 1200000 characters, {SHARED}"),
    ("xlsx: 11 million characters of shared strings", lambda p: xlsx(p, xl_sharedStrings_xml=hf.deflated(
        (hf.SST, 1), ((b"<si><t>" + b"x" * 10000 + b"</t></si>") * 100, 11), (b"</sst>", 1))),
     f"{XLSX}: xl/sharedStrings.xml holds 1100 shared texts of 11000000 characters, {SHARED}"),
    ("xlsx: 100 million styled blank cells", _styled_blanks,
     f"{XLSX}: the workbook inflates to 1621 MB, more than the limit of 32 MB; {SMALLER}"),
    ("xlsx: a value in the last cell there is", lambda p: xlsx(p, xl_worksheets_sheet1_xml=hf.sheet_with(
        b'<row r="1048576"><c r="XFD1048576"><v>1</v></c></row>')),
     f"{XLSX}: a sheet spans 16384 columns by 1048576 rows, {SPAN}"),
    ("xlsx: cells placed without references", lambda p: xlsx(p, xl_worksheets_sheet1_xml=hf.sheet_with(
        b'<row r="1048576">' + b"<c><v>1</v></c>" * 20 + b"</row>")),
     f"{XLSX}: a sheet spans 20 columns by 1048576 rows, {SPAN}"),
    ("xlsx: a sheet in UTF-16", lambda p: xlsx(p, xl_worksheets_sheet1_xml=hf.sheet_with(b"").decode().encode(
        "utf-16")),
     f"{XLSX}: xl/worksheets/sheet1.xml is not UTF-8 XML; {RESAVE}"),
    ("xlsx: 2000 parts", _many_parts,
     f"{XLSX}: the workbook has 2010 parts, more than the limit of 1000; {RESAVE}"),
    ("ods: 20 million empty rows, then a card", lambda p: ods(p, hf.ods_content(
        b'<table:table-row table:number-rows-repeated="20000000"><table:table-cell/></table:table-row>'
        b'<table:table-row><table:table-cell office:value-type="string"><text:p>z</text:p></table:table-cell>'
        b"</table:table-row>")),
     f"card_data/demo/cards.ods: a sheet spans 1 columns by 20000003 rows, {SPAN}"),
    ("xlsx: a text file", lambda p: (data_file(p, "cards.xlsx"), write(p, "card_data/demo/cards.xlsx", "name\nx\n")),
     f"{XLSX}: cannot read the workbook: File is not a zip file; {RESAVE}"),
    ("xlsx: a pipe", lambda p: (data_file(p, "cards.xlsx"), fifo(p, "card_data/demo/cards.xlsx")),
     f"{XLSX}: {PIPE} workbook saved in the project"),
]

DATA_FILES = [
    ("cards.csv is a pipe", lambda p: fifo(p, CSV),
     f"{CSV}: {PIPE} CSV file saved in the project"),
    ("cards.csv is a folder", lambda p: ((p / CSV).unlink(), (p / CSV).mkdir()),
     f"{CSV}: is a folder, not a CSV file; create the CSV or fix its name in game.yaml"),
    ("game.yaml is a pipe", lambda p: fifo(p, MANIFEST),
     f"{MANIFEST}: {PIPE} file saved in the project"),
    ("a layout is a pipe", lambda p: fifo(p, FRONT),
     f"{FRONT}: {PIPE} file saved in the project"),
    ("_base.yaml is a pipe", lambda p: fifo(p, BASE),
     f"{FRONT}: extends: {PIPE} file saved in the project"),
]


def _font(kind: str):
    def change(root: Path) -> None:
        edit(root, BASE, "size: poker", "size: poker\nfonts: {hand: fonts/hand.ttf}")
        if kind == "pipe":
            (root / "fonts").mkdir()
            fifo(root, "fonts/hand.ttf")
        elif kind == "sparse 3 GB file":
            (root / "fonts").mkdir()
            with open(root / "fonts/hand.ttf", "wb") as handle:
                handle.truncate(3 * 2**30)
        elif kind in ("CFF outlines", "a text file"):
            font(root, b"OTTO\0\x09" + bytes(200) if kind == "CFF outlines" else b"not a font at all\n" * 20)
        else:
            bundled = Path(__file__).resolve().parent.parent / "fonts" / "BIZUDPGothic-Regular.ttf"
            font(root, hf.patched_font(bundled.read_bytes(), kind))
    return change


FONTS = [(f"font: {kind}", _font(kind), message) for kind, message in (
    ("unitsPerEm 0", f"{FONT}: unitsPerEm is 0 (a font has 16 to 16384); {FONT_FIX}"),
    ("0 glyphs", f"{FONT}: it has no glyphs; {FONT_FIX}"),
    ("random loca", f"{FONT}: its glyph offsets (loca) go backwards; {FONT_FIX}"),
    ("huge character map", f"{FONT}: its character map lists more than 1114112 codes; {FONT_FIX}"),
    ("sparse 3 GB file", "fonts/hand.ttf: the file is larger than the limit of 50 MB; use the font's TrueType (.ttf) "
                         "file, not a collection or a damaged copy"),
    ("CFF outlines", f"{FONT}: it has CFF (PostScript) outlines, which cannot be embedded; {FONT_FIX}"),
    ("a text file", f"{FONT}: it does not start as a TrueType font does; {FONT_FIX}"),
    ("pipe", f"fonts/hand.ttf: {PIPE} font file saved in the project"))]

IMAGES = [
    ("EPS named .png", lambda p: picture(p, hf.EPS),
     f"{PICTURE} is a PostScript (EPS) file, not a PNG or JPEG image {PICTURE_FIX}"),
    ("PostScript named .png", lambda p: picture(p, hf.PS),
     f"{PICTURE} is a PostScript (EPS) file, not a PNG or JPEG image {PICTURE_FIX}"),
    ("PDF named .png", lambda p: picture(p, hf.PDF),
     f"{PICTURE} is a PDF file, not a PNG or JPEG image {PICTURE_FIX}"),
    ("EPS named .eps", lambda p: (picture(p, hf.EPS, "x.eps"), edit(p, FRONT, "src: art/x.png", "src: art/x.eps")),
     f"{ROW2}: image 'art/x.eps' is a PostScript (EPS) file, not a PNG or JPEG image {PICTURE_FIX}"),
    ("GIF", lambda p: picture(p, b"GIF89a\x01\0\x01\0\0\0\0;"),
     f"{PICTURE} is a GIF image, not a PNG or JPEG image {PICTURE_FIX}"),
    ("BMP RLE8 bomb", lambda p: picture(p, hf.bmp_rle8_bomb()),
     f"{PICTURE} is a BMP image, not a PNG or JPEG image {PICTURE_FIX}"),
    ("TIFF", lambda p: picture(p, b"II*\0\x08\0\0\0\0\0"),
     f"{PICTURE} is a TIFF image, not a PNG or JPEG image {PICTURE_FIX}"),
    ("WebP", lambda p: picture(p, b"RIFF\x1a\0\0\0WEBPVP8L\x0d\0\0\0/\0\0\0\x10\x07\x10\x11\x11\x88\x88\xfe\x07\0"),
     f"{PICTURE} is a WebP image, not a PNG or JPEG image {PICTURE_FIX}"),
    ("truncated PNG IDAT", lambda p: picture(p, hf.png(64, 64, zlib_prefix())),
     f"{PICTURE} cannot be read as an image (image file is truncated (0 bytes not processed)) {PICTURE_FIX}"),
    ("PNG of 20000 x 20000 pixels", lambda p: picture(p, hf.png(20000, 20000, b"")),
     f"{PICTURE} has more than the limit of 89478485 pixels {PICTURE_FIX}"),
    ("picture is a pipe", lambda p: fifo(p, f"{ART}/x.png"),
     f"{PHOTO_SRC}: {ART}/x.png: {PIPE} PNG, JPEG or SVG file saved in the project"),
    ("picture is a folder", lambda p: ((p / ART / "x.png").unlink(), (p / ART / "x.png").mkdir()),
     f"{PHOTO_SRC}: {ART}/x.png: is a folder, not a picture; name a PNG, JPEG or SVG file saved in the project"),
    ("NUL in a picture's path", lambda p: edit(p, FRONT, "src: art/x.png", 'src: "art/\\0x.png"'),
     f"{PHOTO_SRC}: 'art/\\x00x.png' holds a NUL character; remove it from the path"),
    ("a 5000-character file name", lambda p: edit(p, FRONT, "src: art/x.png", f"src: art/{'n' * 5000}.png"),
     f"{PHOTO_SRC}: 'art/{'n' * 56}...{'n' * 26}.png (5008 characters)' cannot be used as a path: File name too "
     f"long; use a shorter plain file name inside the project"),
    ("NUL in a data file's name",
     lambda p: edit(p, MANIFEST, "  - name: cards ", '  - name: cards\n    data: "x\\0.csv"\n   '),
     f"{MANIFEST}: components[0].data: 'card_data/demo/x\\x00.csv' holds a NUL character; remove it from the path"),
    ("a 5000-character data file name", lambda p: edit(p, MANIFEST, "  - name: cards ",
                                                       f"  - name: cards\n    data: {'d' * 5000}.csv\n   "),
     f"{MANIFEST}: components[0].data: 'card_data/demo/{'d' * 45}...{'d' * 26}.csv (5019 characters)' cannot be "
     "used as a path: File name too long; use a shorter plain file name inside the project"),
    ("NUL in extends", lambda p: edit(p, FRONT, "extends: _base.yaml", 'extends: "_base\\0.yaml"'),
     f"{FRONT}: extends: 'layouts/demo/_base\\x00.yaml' holds a NUL character; remove it from the path"),
    ("a picture outside the project", lambda p: edit(p, FRONT, "src: art/x.png", "src: /etc/passwd"),
     f"{PHOTO_SRC}: '/etc/passwd' is outside the project folder; {OUTSIDE}"),
]


def zlib_prefix() -> bytes:
    """The first bytes of a PNG's pixel data: the stream stops short."""
    import zlib
    return zlib.compress(bytes(64 * 65))[:20]

ATTACKS = "  - {name: attacks, data: cards.csv, layout: cards.yaml, where: \"kind == '%s'\"}\n"
ROWS = [  # every row printed once, as written: a silent loss or doubling is one line too
    ("a row with a cell left out", lambda p: edit(p, CSV, "Spark,attack,1,Deal **1** damage.,4", "Spark,attack,1,4"),
     f"{ROW2}: 4 cells but 5 columns (name, kind, value, text, count): 1 cell is missing, so the cells after it would "
     "sit under the wrong columns; write every cell with its comma, an empty one too: 4 commas a row"),
    ("a row printed by two components", lambda p: edit(p, MANIFEST, "check:", ATTACKS % "attack" + "check:"),
     f"{CSV}: rows 2, 3: printed twice, by components cards (every row) and attacks (where: kind == 'attack'); give "
     "each row to one component with a where: on each, or write shares_rows: true on a component that prints them "
     "again on purpose"),
    ("a where: that keeps no row", lambda p: edit(p, MANIFEST, "check:", ATTACKS % "atack" + "check:"),
     f"{MANIFEST}: components[1].where: the where: of component attacks, kind == 'atack', keeps none of the 4 rows of "
     f"{CSV} (kind holds 'attack', 'defence', 'item'); did you mean 'attack'?"),
    ("an empty game folder", lambda p: (p / "card_data/empty").mkdir(),
     "card_data/empty: the game has no cards: the folder holds no game.yaml and no CSV file; add a CSV file with a "
     "header row and a row per card, or remove the folder", "build empty"),
    ("bold left open in a cell", lambda p: edit(p, CSV, "Deal **1** damage.", "Deal **1 damage."),
     f"{ROW2}, column text: bold '**' opens at character 6 and never closes, so the rest of the text prints bold; "
     "close it with '**', or write \\** for asterisks"),
    ("a colour left open in a cell", lambda p: edit(p, CSV, "{blue|2}", "{blue|2"),
     f"{CSV}: row 4, column text: colour '{{blue|' opens at character 18 and never closes, so the rest of the text "
     "prints in that colour; close it with '}', or write \\{ for a brace"),
    ("rows, then 9.9 million empty lines", lambda p: _padded(p, 9_900_000),
     f"{CSV}: has 9,900,006 lines, more than the limit of 1,000,000; card data is a few thousand lines at most; "
     "remove the empty lines or check that this is the right file"),
]


def committed(project: Path) -> None:
    """The project kept in a git repository of its own, one commit."""
    import subprocess
    for args in (["init", "-q"], ["add", "-A"], ["commit", "-qm", "first print"]):
        subprocess.run(["git", "-c", "user.name=pnp", "-c", "user.email=pnp@example.com", *args], cwd=project,
                       check=True, capture_output=True)


NO_REVISION = ("--since: 'v9' is no folder and no revision of the project's repository; name a commit, branch or tag "
               "of the project's repository (git log lists them), or an earlier project folder")
SINCE = [  # what changed since an earlier version: the version named must be one
    ("a revision of a project in no git repository", lambda p: None,
     "--since: 'v9' is no folder, and the project is in no git repository; name an earlier project folder, or keep "
     "the project in git to compare with a revision", "proof demo --since v9"),
    ("an unknown revision", committed, NO_REVISION, "proof demo --since v9"),
    ("an unknown revision to reprint from", committed, NO_REVISION, "build demo --only-changed-since v9"),
]

CASES = WORKBOOKS + DATA_FILES + FONTS + IMAGES + ROWS + SINCE


def _cut(value: str, svg: str | None = None):
    """A change giving the example's cards `cut: VALUE`, with an SVG file at card_data/demo/shapes/cut.svg."""
    def change(root: Path) -> None:
        edit(root, MANIFEST, "  - name: cards ", f"  - name: cards\n    {value}\n   ")
        if svg is not None:
            write(root, "card_data/demo/shapes/cut.svg", f'<svg xmlns="http://www.w3.org/2000/svg" '
                  f'viewBox="0 0 63 88">{svg}</svg>')
    return change


CUT = f"{MANIFEST}: components[0].cut"
CUT_FIX = "use one of circle, rect, rounded, square, or the path of an .svg file drawing the cut"
DRAW_FIX = 'draw the cut as one closed path (end it with Z) in the SVG, or give it id="cut"'
CUTS = [
    ("cut: hexagon", _cut("cut: hexagon"), f"{CUT}: unknown cut 'hexagon'; {CUT_FIX}"),
    ("cut path outside the project", _cut("cut: ../../leaf.svg"),
     f"{CUT}: '../../leaf.svg' is outside the project folder; {OUTSIDE}"),
    ("cut path missing", _cut("cut: shapes/none.svg"), f"{CUT}: the cut path 'shapes/none.svg' does not exist; name an "
     ".svg file in the game's folder or the project's, e.g. cut: shapes/leaf.svg"),
    ("cut path not closed", _cut("cut: shapes/cut.svg", '<path d="M0 0 L63 0 L0 88"/>'),
     f"{CUT}: shapes/cut.svg: the cut path is not closed: a part starts at (0, 0) and ends at (0, 88); {DRAW_FIX}"),
    ("cut path beyond the piece", _cut("cut: shapes/cut.svg", '<path d="M0 0 L70 0 L0 88 Z"/>'),
     f"{CUT}: shapes/cut.svg: the cut path leaves the piece: it reaches (70.00, 0.00) mm, outside 63 x 88 mm; draw "
     "the cut inside the SVG's viewBox, which is the piece's trim"),
    ("radius without a rounded cut", _cut("radius: 2"), f"{MANIFEST}: components[0].radius: radius: sets the corners "
     "of cut: rounded; write cut: rounded beside it, or remove radius:"),
]
CASES += CUTS

PULL_HTTPS = "write its https:// link, or set pull_http: true in game.yaml for a server you trust"
URL = "  - name: cards\n    url: %s\n"
PULLS = [
    ("pull from plain http", lambda p: edit(p, MANIFEST, "  - name: cards", URL % "http://example.com/c.csv"),
     f"{MANIFEST}: components[0].url: 'http://example.com/c.csv' is not an https address; {PULL_HTTPS}", "pull demo"),
    ("pull from no web address", lambda p: edit(p, MANIFEST, "  - name: cards", URL % "file:///etc/passwd"),
     f"{MANIFEST}: components[0].url: 'file:///etc/passwd' is not a web address; write an https:// link",
     "pull demo"),
    ("pull into a file outside the project",
     lambda p: edit(p, MANIFEST, "  - name: cards", URL % "https://example.com/c.csv" + "    data: ../../../c.csv\n"),
     f"{MANIFEST}: components[0].data: '../c.csv' is outside the project folder; {OUTSIDE}", "pull demo"),
    ("pull with no url declared", lambda p: None,
     f"{MANIFEST}: no component of demo declares a url:; add url: https://... to the component whose data comes from "
     "a shared sheet", "pull demo"),
    ("pull_http not a switch", lambda p: edit(p, MANIFEST, "title: demo", "title: demo\npull_http: 1"),
     f"{MANIFEST}: pull_http: must be true or false, got 1; write pull_http: true to let pnp pull use plain http, or "
     "leave it out"),
]
CASES += PULLS


def _box(entry: str, cards: int = 4):
    """A change adding a tuck box component `{name: box, kind: tuckbox, ENTRY}` (Spark counted `cards` times)."""
    def change(root: Path) -> None:
        edit(root, MANIFEST, "check:", f"  - {{name: box, kind: tuckbox, {entry}}}\ncheck:")
        edit(root, CSV, "damage.,4", f"damage.,{cards}")
        write(root, "card_data/demo/box.csv", "title,count\nDemo,1\n")
        write(root, "layouts/demo/box.yaml", "size: poker\n")
    return change


BOX = f"{MANIFEST}: components[1]"
TUCKBOXES = [
    ("a tuck box bigger than the paper", _box("deck: cards, thickness: 2", cards=40),
     f"{BOX}.deck: the tuck box for 46 cards is 330.0x306.0 mm with its bleed, larger than the 287x410 mm A3 paper "
     "prints; split the deck over two boxes, or lower thickness: or clearance:"),
    ("a tuck box holding no deck", _box("deck: crads"),
     f"{BOX}.deck: deck: 'crads' names no card or token component of this game; use one of cards"),
    ("a tuck box's sides outside the project", _box("deck: cards, sides: ../../../sides.yaml"),
     f"{BOX}.sides: '../sides.yaml' is outside the project folder; {OUTSIDE}"),
    ("a tuck box's keys on cards", lambda p: edit(p, MANIFEST, "  - name: cards", "  - name: cards\n    sides: x.yaml"),
     f"{MANIFEST}: components[0].sides: sides: belongs to a tuck box; write kind: tuckbox beside it, or remove sides:"),
]
CASES += TUCKBOXES

KIT = [  # the game's own cutter: and share: keys, and the rulebook's pictures
    ("cutter: unknown", lambda p: edit(p, MANIFEST, "title: demo", "title: demo\ncutter: brother"),
     f"{MANIFEST}: cutter: unknown cutter 'brother'; write cutter: silhouette or cutter: cricut (the machine the "
     "print-then-cut sheets are for), or leave it out"),
    ("share: not a switch", lambda p: edit(p, MANIFEST, "title: demo", "title: demo\nshare: sometimes"),
     f"{MANIFEST}: share: must be true or false, got 'sometimes'; write share: false to print every component on "
     "sheets of its own, or leave it out"),
    ("a rulebook image missing", lambda p: write(p, "card_data/demo/rules.md", "# 題\n\n![図](art/none.png)\n"),
     "card_data/demo/rules.md: line 3: image 'art/none.png' not found; add the file or fix the path (relative to the "
     "game's card_data folder or the project)"),
    ("a rulebook image missing, exported", lambda p: write(p, "card_data/demo/rules.md", "# 題\n\n![図](x.png)\n"),
     "card_data/demo/rules.md: line 3: image 'x.png' not found; add the file or fix the path (relative to the game's "
     "card_data folder or the project)", "export demo --png"),
]
CASES += KIT


def _damaged_profile(root: Path) -> None:
    """game.yaml names a CMYK profile whose header reads but whose colour tables are cut off."""
    import struct

    from pnp.pdf.cmyk import DEFAULT_PROFILE
    data = bytearray(DEFAULT_PROFILE.read_bytes()[:400])
    struct.pack_into(">I", data, 0, len(data))
    write(root, "shop.icc", bytes(data))
    edit(root, MANIFEST, "title: demo", "title: demo\ncmyk_profile: shop.icc")


def _picture_with_damaged_profile(root: Path) -> None:
    """The picture embeds an ICC profile that is not one."""
    import io

    from PIL import Image
    out = io.BytesIO()
    Image.new("RGB", (40, 40), "red").save(out, "PNG", icc_profile=b"not a profile" * 20)
    picture(root, out.getvalue())


GLYPH = "character '\U0001d11e' (U+1D11E) is not in font 'bold'; use a character the font has, or a font that has it"
TABLES = "cannot build transform"
PLACES = [  # the file that holds the mistake, at its own position
    ("a glyph missing in the back layout's text", lambda p: edit(p, "layouts/demo/cards-back.yaml", 'text: "demo"',
                                                                 'text: "demo \U0001d11e"'),
     f"layouts/demo/cards-back.yaml: elements[1].text: {GLYPH}"),
    ("a glyph missing in a front layout's own text", lambda p: template(p, "{{ name }} \U0001d11e"),
     f"{FRONT}: elements[0] (name).text: {GLYPH}"),
    ("a glyph missing in a cell", lambda p: edit(p, CSV, "Spark,", "Spark\U0001d11e,"), f"{ROW2}, field name: {GLYPH}"),
    ("a CMYK profile with damaged tables", _damaged_profile,
     f"{MANIFEST}: cmyk_profile: 'shop.icc' cannot convert colours to CMYK ({TABLES}): its colour tables are damaged; "
     "give an ICC profile for CMYK printing (.icc), such as the print shop's", "build --color cmyk"),
    ("a picture's embedded ICC profile damaged", _picture_with_damaged_profile,
     f"{ART}/x.png: its embedded ICC colour profile cannot be read (cannot open profile from string), so its colours "
     "cannot be converted to CMYK; save the picture again without a colour profile, or with an sRGB one",
     "build --color cmyk"),
]
CASES += PLACES
