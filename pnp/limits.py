"""Bounds on the work a project can ask of pnp: far above what a real game needs, far below a hang."""

from __future__ import annotations

MAX_COUNT = 1000                   # copies of one CSV row (`count`)
MAX_CARDS = 10000                  # pieces in one component, every copy counted
MAX_CSV_BYTES = 10 * 2**20         # one CSV file
MAX_CELL_CHARS = 10000             # characters in one CSV cell
MAX_SHEET_CELLS = 1_000_000        # rows x columns a spreadsheet's sheet spans, empty cells included
MAX_WORKBOOK_INFLATED = 32 * 2**20 # every part of an .xlsx or .ods workbook inflated, from the zip directory
MAX_WORKBOOK_PARTS = 1000          # files inside one workbook's zip archive
MAX_SHARED_STRINGS = 1_000_000     # texts in an .xlsx workbook's shared strings
MAX_SHARED_CHARS = 10_000_000      # characters in them, all told
MAX_YAML_BYTES = 2**20             # one layout or game.yaml
MAX_YAML_NODES = 100000            # values in one YAML file once aliases (*name) are written out
MAX_TEMPLATE_CHARS = 100000        # characters one template or expression may produce (strings and lists too)
MAX_NUMBER_DIGITS = 1000           # digits of a whole number computed in a template
MAX_TEMPLATE_STEPS = 1_000_000     # steps one template or expression may take for one row (layout/steps.py)
MAX_TEMPLATE_DEPTH = 40            # macro calls (or recursive loop levels) open at once
MAX_BUILD_TEMPLATE_STEPS = 30_000_000  # steps all the templates of one build may take (or of a proof, export, preview)
MIN_PIECE_MM = 5.0                 # the smallest side of a card, token or sheet
MAX_PIECE_MM = 1200.0              # the largest side (an A0 board is 841 x 1189 mm)
MAX_BLEED_MM = 20.0                # bleed around a piece
MAX_GUTTER_MM = 50.0               # the gap between pieces on a sheet (--gutter, a component's gutter:)
MAX_LENGTH = 2000.0                # any other length or number in a layout (mm, pt or degrees)
MAX_FONT_PT = 500.0                # a font size
MAX_FONT_BYTES = 50 * 2**20       # one project font file (a full CJK TrueType font is about 20 MB)
MAX_IMAGE_BYTES = 100 * 2**20      # one PNG or JPEG file
MAX_SVG_BYTES = 4 * 2**20          # one SVG file: a card's art is far smaller; a larger file is refused, not parsed
MAX_SVG_ELEMENTS = 200_000         # elements an SVG draws once every <use> is expanded (nested uses multiply)
MAX_PROFILE_BYTES = 8 * 2**20      # one ICC profile: real press profiles are a few MB at most
MAX_SVG_NUMBER = 1e6               # any size, coordinate or transform value in SVG art (user units)
MAX_SVG_FILES = 16                 # SVG files one piece of art may draw from through <use> and <image>
MAX_REVISION_FILES = 20000         # files of a project taken from a git revision (or compared with a folder)
MAX_REVISION_BYTES = 512 * 2**20   # their bytes, all told, read from the revision's tree before any is taken
MAX_RULES_BYTES = 2**20            # one rulebook (rules.md): a long rulebook is a tenth of it
MAX_RULEBOOK_PAGES = 200           # A5 pages one rulebook may take
