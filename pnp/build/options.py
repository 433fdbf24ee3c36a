"""What `pnp build` can be asked for: papers, marks, duplex, layouts, colours, the back offset and a time limit.

Kept apart from the builder so the command line reads its choices without loading the drawing stack.
"""

from __future__ import annotations

import math
import os
import re
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from pnp.errors import UsageError
from pnp.limits import MAX_GUTTER_MM
from pnp.units import CUTTERS, HOME_PAPERS

if TYPE_CHECKING:
    from pnp.project.games import Game

PAPERS = HOME_PAPERS
MARKS = ("jp", "plain", "none")
DUPLEX = ("long", "short", "none")
LAYOUTS = ("grid", "gutterfold")
COLORS = ("rgb", "cmyk")
NO_CUTTER = "none"  # --cutter none: no print-then-cut sheets, whatever game.yaml's cutter: says
CUTTER_CHOICES = (*CUTTERS, NO_CUTTER)
MAX_BACK_OFFSET = 10.0  # mm; a duplex printer is off by a few mm at most
MAX_TIME_LIMIT = 7 * 24 * 3600.0  # s; a week, so that any number a user means is taken
DIE_LINE_NAME = "CutContour"  # the spot colour Roland, Mimaki, Summa and most print shops read as the cut
SPOT_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,62}")  # a spot colour's name, as cutters' software reads it


def chosen_paper(asked: str | None) -> tuple[str, bool]:
    """The paper: --paper, else the PNP_PAPER environment variable, else a4; True when a game.yaml may set its own."""
    if asked is not None:
        return asked, False
    value = os.environ.get("PNP_PAPER", "").strip()
    if not value:
        return HOME_PAPERS[0], True
    if value.lower() not in HOME_PAPERS:
        raise UsageError(f"'{value}' is not a paper pnp prints on", where="PNP_PAPER",
                         fix=f"set it to {' or '.join(HOME_PAPERS)}, or unset it")
    return value.lower(), False


def parse_back_offset(value: str) -> tuple[float, float]:
    """Read --back-offset X,Y in mm (each may be negative)."""
    fix = "write X,Y in mm, e.g. --back-offset 0.5,-1; measure them with 'pnp calibrate'"
    problem = UsageError(f"'{value}' is not X,Y in mm", where="--back-offset", fix=fix)
    try:
        x, y = (float(part) for part in value.split(","))
    except ValueError:
        raise problem from None
    if not (math.isfinite(x) and math.isfinite(y)):
        raise problem
    if max(abs(x), abs(y)) > MAX_BACK_OFFSET:
        raise UsageError(f"{value} mm: more than {MAX_BACK_OFFSET:g} mm is not a duplex printer's error",
                         where="--back-offset", fix=fix)
    return x + 0.0, y + 0.0  # -0.0 becomes 0.0


def parse_gutter(value: str | None) -> float | None:
    """Read --gutter MM: the gap between pieces, 0 (butted) to MAX_GUTTER_MM; None when not given."""
    if value is None:
        return None
    try:
        gutter = float(value)
    except ValueError:
        gutter = math.nan
    if not 0 <= gutter <= MAX_GUTTER_MM:
        raise UsageError(f"'{value}' is not a gap in mm from 0 to {MAX_GUTTER_MM:g}", where="--gutter",
                         fix="write e.g. --gutter 3 (mm between pieces), or --gutter 0 to butt them")
    return gutter + 0.0


def parse_die_line(asked: bool, value: str | None) -> str | None:
    """The die line's spot colour name from --die-line and --die-line-name NAME (letters, digits, '_', '.' and '-',
    as CutContour or Thru-cut); None when neither is given."""
    if value is None:
        return DIE_LINE_NAME if asked else None
    if not SPOT_NAME.fullmatch(value):
        raise UsageError(f"'{value}' is not a spot colour name", where="--die-line-name",
                         fix="write letters, digits, '_', '.' or '-' (at most 63), e.g. --die-line-name CutContour")
    return value


def parse_time_limit(value: str | None) -> float | None:
    """Read --time-limit SECONDS: how long the build may run, checked between cards; None when not given."""
    if value is None:
        return None
    try:
        seconds = float(value)
    except ValueError:
        seconds = math.nan
    if not 0 < seconds <= MAX_TIME_LIMIT:
        raise UsageError(f"'{value}' is not a number of seconds above 0 and at most {MAX_TIME_LIMIT:g}",
                         where="--time-limit", fix="write e.g. --time-limit 300 to stop a build after 5 minutes")
    return seconds


class BuildOptions(NamedTuple):
    """What the user asked for on the command line."""

    out: Path
    paper: str = "a4"
    marks: str = "jp"
    duplex: str = "long"
    layout: str = "grid"  # or "gutterfold": fronts and backs on one side of the sheet, folded
    back_offset: tuple[float, float] = (0.0, 0.0)  # mm every back page of the grid sheets is shifted by
    components: tuple[str, ...] = ()  # only these components: their own sheet file, nothing else replaced
    color: str = "rgb"  # print-shop files: "rgb", or "cmyk" through the game's profile (home-print stays RGB)
    gutter: float | None = None  # mm between pieces for every component; None: each component's own, or chosen
    time_limit: float | None = None  # seconds the build may run, checked between cards; None: no limit
    cut_lines: bool = False  # thin lines along every piece's cut on the home-print sheets' fronts
    die_line: str | None = None  # the spot colour's name of a die line on every print-shop page; None: no die line
    game_paper: bool = False  # a game's own paper: in game.yaml replaces `paper` (none was asked for)
    cutter: str | None = None  # "silhouette" or "cricut": print-then-cut sheets and SVG cut files in cutter/; "none":
    # none, whatever game.yaml says; None: as game.yaml's cutter: says
    share: bool | None = True  # a component's first pieces fill the free band of the sheet before (False: never);
    # None: as game.yaml's share: says (default on)

    def for_game(self, game: Game) -> BuildOptions:
        """The options one game is built with: its game.yaml's paper, cutter and share where none was asked for."""
        paper = game.paper if self.game_paper and game.paper else self.paper
        cutter = None if self.cutter == NO_CUTTER else self.cutter or game.cutter
        share = game.share if self.share is None else self.share
        if (paper, cutter, share) == (self.paper, self.cutter, self.share):
            return self
        return self._replace(paper=paper, cutter=cutter, share=share)
