"""Every card's text in reading order, as Markdown or CSV, for a spell-checker or a human reader."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from pathlib import Path

from pnp.face.parts import TextTrace
from pnp.proof.collect import Proof
from pnp.units import MM

FORMATS = {".md": "markdown", ".csv": "csv", ".xlsx": "xlsx"}
COLUMNS = ["component", "file", "row", "count", "side", "field", "text"]
LINE_BAND = 2.0  # mm: text boxes whose tops are this close are read as one line, left to right


@dataclass(frozen=True)
class TextEntry:
    """One piece of text on one side of a card."""

    component: str
    file: str
    row: int
    count: int
    side: str
    field: str
    text: str


def entries(proof: Proof) -> list[TextEntry]:
    """The text of each distinct card, side by side, top to bottom and left to right."""
    out = []
    for card in proof.cards:
        for side in card.sides:
            traces = reading_order([t for t in side.traces if t.text.strip()])
            out += [TextEntry(card.component.name, card.table.label, card.rows[0].number, card.count, side.name,
                              _label(trace), trace.text) for trace in traces]
    return out


def reading_order(traces: list[TextTrace]) -> list[TextTrace]:
    """Texts top to bottom; those whose tops lie within LINE_BAND of a line's first text, left to right."""
    by_top = sorted(traces, key=lambda t: -(t.op.box.y + t.op.box.h))
    lines: list[list[TextTrace]] = []
    for trace in by_top:
        top = trace.op.box.y + trace.op.box.h
        if lines and lines[-1][0].op.box.y + lines[-1][0].op.box.h - top <= LINE_BAND * MM:
            lines[-1].append(trace)
        else:
            lines.append([trace])
    return [trace for line in lines for trace in sorted(line, key=lambda t: t.op.box.x)]


def _label(trace: TextTrace) -> str:
    """The CSV column(s) a text shows, or for text written in the layout, its element."""
    if trace.field.startswith("#"):
        return trace.element.where.partition(": ")[2]
    return trace.field


def markdown(proof: Proof) -> str:
    """A Markdown document: a section per component, a heading per card, a list item per text."""
    lines = [f"# {proof.game.title}: card text", ""]
    component = card = None
    for entry in entries(proof):
        if entry.component != component:
            component = entry.component
            lines += [f"## {component}", ""]
        if (entry.component, entry.row) != card:
            card = (entry.component, entry.row)
            lines += ([""] if lines[-1] else []) + [f"### {entry.file}: row {entry.row} (x{entry.count})", ""]
        body = entry.text.replace("\r", "").split("\n")
        lines.append(f"- {entry.side}, {entry.field}: {body[0]}")
        lines += [f"  {line}" for line in body[1:]]
    return "\n".join(lines).rstrip("\n") + "\n"


def csv_text(proof: Proof) -> str:
    """A CSV table: one row per text on a card side."""
    buffer = io.StringIO(newline="")
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(COLUMNS)
    for e in entries(proof):
        writer.writerow([e.component, e.file, e.row, e.count, e.side, e.field, e.text])
    return buffer.getvalue()


def write_xlsx(path: Path, proof: Proof) -> None:
    """The CSV table as an .xlsx workbook: one sheet, a frozen bold header, the text column wrapped."""
    import datetime

    import xlsxwriter
    workbook = xlsxwriter.Workbook(str(path))
    workbook.set_properties({"title": f"{proof.game.title}: card text", "created": datetime.datetime(2000, 1, 1)})
    sheet = workbook.add_worksheet("text")
    sheet.write_row(0, 0, COLUMNS, workbook.add_format({"bold": True}))
    wrap = workbook.add_format({"text_wrap": True, "valign": "top"})
    for number, e in enumerate(entries(proof), start=1):
        sheet.write_row(number, 0, [e.component, e.file, e.row, e.count, e.side, e.field])
        sheet.write_string(number, 6, e.text, wrap)
    sheet.freeze_panes(1, 0)
    for column, width in enumerate((14, 30, 6, 6, 6, 16, 60)):
        sheet.set_column(column, column, width)
    workbook.close()


def write_text(path: Path, final: Path, proof: Proof) -> None:
    """Write the export in the format the final file name asks for (.md, .csv or .xlsx) to path."""
    if FORMATS[final.suffix.lower()] == "xlsx":
        write_xlsx(path, proof)
    elif FORMATS[final.suffix.lower()] == "csv":
        path.write_text(csv_text(proof), encoding="utf-8-sig", newline="")  # with a BOM, as Excel expects
    else:
        path.write_text(markdown(proof), encoding="utf-8", newline="\n")
