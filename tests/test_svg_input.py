"""SVG art a stranger's project may hold: every hostile or broken file is one line, within 10 s and 2 GB, and no
other program (fc-match, Ghostscript) ever runs."""

from __future__ import annotations

import base64
import gzip
import io
import os
import struct
import zlib
from pathlib import Path

import pytest
from conftest import replace_once
from limited import LimitedPnp, Result
from PIL import Image
from pypdf import PdfReader

from pnp.project.games import Project
from pnp.scaffold.writer import scaffold

ROW = "error: card_data/demo/cards.csv: row 2: art/attack.svg: "
SVG = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="20" height="10">'
RESAVE = "save the art again as plain SVG from your drawing program"
SIMPLIFY = "simplify the art or save it as an optimised SVG"
NUMBERS = "keep sizes and coordinates within ±1,000,000"
ENTITIES = ("SVG declares XML entities (<!ENTITY ...>), which pnp does not expand; "
            "save the art again as plain SVG, without a DOCTYPE")
PICTURES = "use PNG or JPEG pictures of at most 89478485 pixels in all"
LAUGHS = ('<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa">'
          + "".join(f'<!ENTITY {n} "{("&" + p + ";") * 10}">' for p, n in zip("abcdefgh", "bcdefghi"))
          + f']>{SVG}<text>&i;</text></svg>')
EXTERNAL = f'<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>{SVG}<text>&x;</text></svg>'
SECONDS = 10


def _eps() -> bytes:
    """An EPS file: Pillow would hand it to Ghostscript if asked to open it as any format."""
    return b"%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 10 10\nnewpath 0 0 moveto 10 10 lineto stroke\n%%EOF\n"


def _png_header(width: int, height: int) -> str:
    """A base64 PNG that claims a size (its header alone): pnp must refuse it before decoding a pixel."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    header = chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
    return base64.b64encode(b"\x89PNG\r\n\x1a\n" + header + chunk(b"IEND", b"")).decode()


def _pictures(*sizes: tuple[int, int]) -> str:
    return SVG + "".join(f'<image href="data:image/png;base64,{_png_header(*size)}" width="5" height="5"/>'
                         for size in sizes) + "</svg>"


def _bomb() -> bytes:
    """A gzip stream that inflates to 250 MB, made in pieces."""
    packer = zlib.compressobj(9, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
    piece = b" " * 2**20
    return b"".join([packer.compress(piece) for _ in range(250)] + [packer.flush()])


def _art(text: str) -> dict[str, bytes]:
    return {"attack.svg": text.encode("utf-8")}


CASES = {
    "entity expansion (billion laughs)": (_art(LAUGHS), ROW + ENTITIES),
    "external entity": (_art(EXTERNAL), ROW + ENTITIES),
    "width and height 1e30": (_art('<svg xmlns="http://www.w3.org/2000/svg" width="1e30" height="1e30">'
                                   '<rect width="10" height="10"/></svg>'),
                              ROW + f'SVG number out of range: width="1e30" on <svg>; {NUMBERS}'),
    "a coordinate that is not a number": (_art(f'{SVG}<rect x="NaN" width="5" height="5"/></svg>'),
                                          ROW + f'SVG number out of range: x="NaN" on <rect>; {NUMBERS}'),
    "a transform too large to write": (_art(f'{SVG}<g transform="scale(1e25)"><rect width="5" height="5"/></g></svg>'),
                                       ROW + f'SVG number out of range: transform="scale(1e25)" on <g>; {NUMBERS}'),
    "gzip bomb in .svgz": ({"attack.svgz": b"bomb"},
                           "error: card_data/demo/cards.csv: row 2: art/attack.svgz: compressed SVG inflates to more "
                           f"than the 4 MB allowed; {SIMPLIFY}"),
    "gzip bomb named .svg": ({"attack.svg": b"bomb"},
                             ROW + f"compressed SVG inflates to more than the 4 MB allowed; {SIMPLIFY}"),
    "damaged gzip": ({"attack.svg": gzip.compress(b"<svg/>")[:12]},
                     ROW + f"damaged gzip-compressed SVG (it ends early); {RESAVE}"),
    "<use> of a 17 MB SVG beside it": (
        {"attack.svg": f'{SVG}<use xlink:href="big.svg#a"/></svg>'.encode(), "big.svg": b"big"},
        ROW + f"card_data/demo/art/big.svg: SVG file is 17.0 MB, more than the 4 MB allowed; {SIMPLIFY}"),
    "<use> loop across files": (
        {"attack.svg": f'{SVG}<use href="other.svg#b"/><g id="a"/></svg>'.encode(),
         "other.svg": f'{SVG}<g id="b"><use href="attack.svg#a"/></g></svg>'.encode()},
        ROW + "SVG files use each other in a loop (attack.svg -> other.svg -> attack.svg); break the loop"),
    "<use> of a file outside the project": (
        _art(f'{SVG}<use href="../../../../../etc/x.svg#a"/></svg>'),
        ROW + "'../../../../../etc/x.svg': '../../etc/x.svg' is outside the project folder; copy the file into the "
              "project and name it by a path inside it"),
    "<use> of a missing file": (_art(f'{SVG}<use href="gone.svg#a"/></svg>'),
                                ROW + "SVG art uses 'gone.svg', which is not a file; put the file beside the SVG or "
                                      "correct the reference"),
    "<image> of an EPS file named .png": (
        {"attack.svg": f'{SVG}<image href="x.png" width="5" height="5"/></svg>'.encode(), "x.png": b"eps"},
        ROW + f"card_data/demo/art/x.png: this picture in the SVG cannot be drawn: not a PNG or JPEG; {PICTURES}"),
    "embedded EPS picture": (
        _art(f'{SVG}<image href="data:image/png;base64,JSFQUy1BZG9iZS0zLjAgRVBTRi0zLjAK" width="5" height="5"/>'
             '</svg>'),
        ROW + f"an embedded picture in the SVG cannot be drawn: not a PNG or JPEG; {PICTURES}"),
    "a picture of 20000 x 20000 pixels": (_art(_pictures((20000, 20000))),
                                          ROW + f"an embedded picture in the SVG cannot be drawn: too many pixels; "
                                                f"{PICTURES}"),
    "pictures of 64 million pixels each": (_art(_pictures((8000, 8000), (8000, 8000))),
                                           ROW + "the pictures in the SVG come to more than 89478485 pixels; use "
                                                 "smaller pictures"),
    "SVG text with a character no font draws": (
        _art(f'{SVG}<text x="1" y="8" font-family="Arial">ok \U0001F47B</text></svg>'),
        ROW + "SVG text 'ok \U0001F47B' has '\U0001F47B' (U+1F47B), which the font BIZUDPGothic-Regular.ttf does not "
              "draw; convert the text to outlines in your drawing program, or name a font that has it (one under "
              "fonts: in the layout) in font-family"),
    "<use> chain that never ends": (
        _art('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><g id="a"><use href="#a"/></g></svg>'),
        ROW + "SVG draws more than 200000 elements once its <use> references are expanded; simplify the art"),
    "not SVG at all": (_art("<html><body/></html>"), ROW + "not an SVG file: the root element is <html>; save the art "
                                                           "as SVG"),
}
BIG_FILES = {"bomb": _bomb, "big": lambda: (SVG + "<!--" + "x" * (17 * 2**20) + "--></svg>").encode(),
             "eps": _eps}


@pytest.fixture(scope="module")
def stubs(tmp_path_factory) -> Path:
    """A folder of programs named like those pnp must never run; each records that it was called."""
    folder = tmp_path_factory.mktemp("stubs")
    for name in ("fc-match", "fc-list", "gs", "gsc", "inkscape", "rsvg-convert"):
        stub = folder / name
        stub.write_text(f'#!/bin/sh\necho "{name} $*" >> "{folder}/called.log"\n', encoding="utf-8")
        stub.chmod(0o755)
    return folder


@pytest.fixture(scope="module")
def limited(stubs):
    """pnp under the 2 GB limit (a child forked per command, stopped after 10 s), the recording stubs first on PATH."""
    worker = LimitedPnp(dict(os.environ, PATH=f"{stubs}{os.pathsep}{os.environ.get('PATH', '')}"))
    yield worker
    worker.close()


def _build(root: Path, limited: LimitedPnp) -> Result:
    """`pnp build demo` under the memory limit and the time limit."""
    result = limited.run("build", "demo", "--project", str(root), seconds=SECONDS)
    assert not result.timed_out, f"still running after {SECONDS} s"
    return result


@pytest.mark.parametrize("case", sorted(CASES))
def test_hostile_svg_is_one_line_within_bounds(case, tmp_path, stubs, limited):
    files, message = CASES[case]
    scaffold(Project(tmp_path), "demo")
    art = tmp_path / "card_data" / "demo" / "art"
    for name, content in files.items():
        (art / name).write_bytes(BIG_FILES[content.decode()]() if content.decode("latin-1") in BIG_FILES else content)
    if "attack.svgz" in files:
        replace_once(tmp_path / "layouts" / "demo" / "cards.yaml", "{{ kind }}.svg", "{{ kind }}.svgz")
        (art / "defence.svgz").write_bytes(gzip.compress((art / "defence.svg").read_bytes()))
        (art / "item.svgz").write_bytes(gzip.compress((art / "item.svg").read_bytes()))
    result = _build(tmp_path, limited)
    assert result.code == 1, result.stderr
    assert result.stderr.strip().splitlines()[-1] == message
    assert "Traceback" not in result.stderr
    assert not (stubs / "called.log").exists(), (stubs / "called.log").read_text()
    assert not (tmp_path / "output").exists()


def test_svg_text_with_a_system_family_runs_no_program(tmp_path, stubs, limited):
    scaffold(Project(tmp_path), "demo")
    art = tmp_path / "card_data" / "demo" / "art" / "attack.svg"
    art.write_text(f'{SVG}<text x="1" y="8" font-family="Arial, DejaVu Sans" font-weight="bold">攻撃</text></svg>',
                   encoding="utf-8")
    result = _build(tmp_path, limited)
    assert result.code == 0, result.stderr
    assert not (stubs / "called.log").exists(), (stubs / "called.log").read_text()


def test_svgz_and_pictures_inside_svg_are_drawn(tmp_path, stubs, limited):
    scaffold(Project(tmp_path), "demo")
    art = tmp_path / "card_data" / "demo" / "art"
    picture = io.BytesIO()
    Image.new("RGB", (4, 4), (10, 200, 30)).save(picture, "PNG")
    Image.new("RGB", (4, 4), (200, 10, 30)).save(art / "red.png")
    inline = base64.b64encode(picture.getvalue()).decode()
    (art / "parts.svgz").write_bytes(gzip.compress(f'{SVG}<rect id="bar" width="20" height="3" fill="#123456"/></svg>'
                                                   .encode()))
    (art / "badge.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4" width="4" height="4">'
                                   '<circle cx="2" cy="2" r="2" fill="#654321"/></svg>', encoding="utf-8")
    (art / "attack.svg").write_text(f'{SVG}<use xlink:href="parts.svgz#bar"/><image href="red.png" width="5" '
                                    f'height="5"/><image href="data:image/png;base64,{inline}" x="6" width="5" '
                                    'height="5"/><image href="badge.svg" x="12" width="4" height="4"/></svg>',
                                    encoding="utf-8")
    result = _build(tmp_path, limited)
    assert result.code == 0, result.stderr
    reader = PdfReader(tmp_path / "output" / "demo" / "print-shop" / "cards.pdf")
    forms = [x.get_object() for x in reader.pages[0]["/Resources"]["/XObject"].values()]
    content = b"".join(f.get_data() for f in forms)
    assert b".070588 .203922 .337255 rg" in content  # #123456 from the compressed file's <rect>
    assert b".396078 .262745 .129412 rg" in content  # #654321 from the SVG file drawn as an <image>
    assert content.count(b"BI") >= 2 or content.count(b"/Im") >= 2  # both pictures drawn
