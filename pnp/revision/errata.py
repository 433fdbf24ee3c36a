"""The changes as an errata table (Markdown and CSV) for a rulebook or a changelog, and a reprint list."""

from __future__ import annotations

import csv
import io

from pnp.revision.compare import HEADINGS, KINDS, Change, Changes

CSV_COLUMNS = ["change", "component", "card", "old_row", "new_row", "field", "old", "new", "diff", "cause"]


def errata_markdown(found: Changes) -> str:
    """A heading per kind of change, a table row per changed field (or per card)."""
    lines = [f"# Errata: {found.game.title} since {found.ref}", "", f"{found.summary()}.", ""]
    for kind in KINDS:
        mine = [change for change in found.changes if change.kind == kind]
        if not mine:
            continue
        lines += [f"## {HEADINGS[kind]}", ""]
        if kind == "changed":
            lines += ["| component | card | rows | field | was | now | change |", "|---|---|---|---|---|---|---|"]
            lines += [_cells(c.component, c.name, c.rows, f.field, f.old, f.new, f.marked())
                      for c in mine for f in c.fields]
        elif kind == "rendering":
            lines += ["| component | card | rows | cause |", "|---|---|---|---|"]
            lines += [_cells(c.component, c.name, c.rows, c.cause) for c in mine]
        else:
            lines += ["| component | card | row | copies |", "|---|---|---|---|"]
            lines += [_cells(c.component, c.name, c.rows, str(_copies(c))) for c in mine]
        lines.append("")
    return "\n".join(lines)


def errata_csv(found: Changes) -> bytes:
    """One row per changed field, or per card added, removed or changed in rendering only; UTF-8 with BOM."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    for kind in KINDS:
        for c in (change for change in found.changes if change.kind == kind):
            rows = (c.old.number if c.old else "", c.new.number if c.new else "")
            if kind == "changed":
                writer.writerows([kind, c.component, c.name, *rows, f.field, f.old, f.new, f.marked(), ""]
                                 for f in c.fields)
            else:
                writer.writerow([kind, c.component, c.name, *rows, "", "", "", "", c.cause])
    return buffer.getvalue().encode("utf-8-sig")


def reprint_markdown(found: Changes) -> str:
    """What to print and put in the deck, and what to take out of it and throw away."""
    lines = [f"# Reprint: {found.game.title} since {found.ref}", "", f"{found.summary()}.", "",
             "The PDF files in this folder hold the cards to print (with their backs), and no other.", ""]
    replace = [c for c in found.changes if c.kind in ("changed", "rendering")]
    if replace:
        lines += ["## Replace", "", "| component | card | rows | print | throw away | why |",
                  "|---|---|---|---|---|---|"]
        lines += [_cells(c.component, c.name, c.rows, str(_copies(c)), str(c.old.count if c.old else 0),
                         c.cause or ", ".join(f.field for f in c.fields)) for c in replace]
        lines.append("")
    for kind, heading, column in (("added", "Add", "print"), ("removed", "Throw away", "throw away")):
        mine = [c for c in found.changes if c.kind == kind]
        if mine:
            lines += [f"## {heading}", "", f"| component | card | row | {column} |", "|---|---|---|---|"]
            lines += [_cells(c.component, c.name, c.rows, str(_copies(c))) for c in mine]
            lines.append("")
    return "\n".join(lines)


def _copies(change: Change) -> int:
    row = change.new or change.old
    return row.count if row else 0


def _cells(*values: str) -> str:
    """A Markdown table row: pipes escaped, line breaks as <br>."""
    shown = [value.replace("\\", "\\\\").replace("|", "\\|").replace("\r\n", "<br>").replace("\n", "<br>")
             for value in values]
    return "| " + " | ".join(shown) + " |"
