"""`pnp new`: a small example game that builds at once, written from the template files in pnp/scaffold/files."""

from __future__ import annotations

import csv
import io
import os
import re
from importlib.resources import files
from pathlib import Path
from string import Template
from typing import TYPE_CHECKING

from pnp.data.workbook_write import write_workbook
from pnp.errors import PnpError, UsageError
from pnp.output.failures import writing_into
from pnp.output.temps import Temp, sweep
from pnp.project.games import Project
from pnp.scaffold.schema import SCHEMA_FILES, schema_texts

if TYPE_CHECKING:
    from importlib.abc import Traversable  # importlib.resources.abc from Python 3.11

NAME = re.compile(r"[a-z][a-z0-9_]*")
TEMPLATES = files("pnp.scaffold") / "files"
TEMPLATE_SUFFIX = ".tmpl"  # Python templates carry it, so they are never imported or collected as code


def template(path: str) -> str:
    """A template file's text, unfilled."""
    return (TEMPLATES / path).read_text(encoding="utf-8")


def fill(path: str, **values: str) -> str:
    """A template file filled in: $name (and the like) replaced, $$ written as $."""
    return Template(template(path)).substitute(values)


def scaffold(project: Project, name: str, data_format: str = "csv", rules: bool = False) -> list[Path]:
    """Write card_data/NAME/ and layouts/NAME/ with an example deck (CSV, .xlsx or .ods; a simulation when asked)."""
    if not NAME.fullmatch(name):
        raise UsageError(f"'{name}' is not a valid game name", where="pnp new",
                         fix="use lower-case letters, digits and underscores, starting with a letter")
    data, layouts = project.root / "card_data" / name, project.root / "layouts" / name
    for folder in (data, layouts):
        if folder.exists():
            raise PnpError("already exists", where=project.label(folder), fix="choose another name or remove it")
    written = _game_files(data, name, data_format, rules) | _folder(TEMPLATES / "layouts", layouts, name)
    if rules:
        written |= _folder(TEMPLATES / "rules", data / "rules", name)
    schemas = project.root / "schemas"  # the files' yaml-language-server comments name them; `pnp schema` renews them
    if not schemas.exists() and not schemas.is_symlink():
        written |= {schemas / name: text for name, text in schema_texts().items()}
    _write_whole(project.root, written, (layouts, data) + ((schemas,) if schemas / SCHEMA_FILES["game"] in written
                                                           else ()))
    return list(written)


def _write_whole(root: Path, files: dict[Path, str | None], folders: tuple[Path, ...]) -> None:
    """Write the files into a hidden folder of the project, then move each new folder into place whole."""
    with writing_into(root.as_posix(), root, elsewhere="choose another --project folder"):
        root.mkdir(parents=True, exist_ok=True)
        sweep(root)
        stage = Temp.folder(root, "new")
        try:
            for path, text in files.items():
                staged = stage.path / path.relative_to(root)
                staged.parent.mkdir(parents=True, exist_ok=True)
                if text is None:
                    write_workbook(staged, "cards", example_rows())
                else:
                    staged.write_text(text, encoding="utf-8", newline="\n")  # the same bytes on every system
            for folder in folders:  # the layouts first: the game exists once its card_data/ folder does
                folder.parent.mkdir(parents=True, exist_ok=True)
                os.rename(stage.path / folder.relative_to(root), folder)
        finally:
            stage.remove()


def _game_files(data: Path, name: str, data_format: str, rules: bool) -> dict[Path, str | None]:
    """card_data/NAME/: the manifest, the cards (None: a workbook, written from the rows), README and art."""
    written = _folder(TEMPLATES / "game", data, name)
    readme = written[data / "README.md"] or ""
    if rules:
        readme += fill("README-rules.md", name=name)
    written[data / "README.md"] = readme.replace("cards.csv", f"cards.{data_format}")
    if data_format != "csv":
        del written[data / "cards.csv"]
        written[data / f"cards.{data_format}"] = None
    return {data / "game.yaml": manifest(name, data_format, rules), **written}


def manifest(name: str, data_format: str, rules: bool) -> str:
    """game.yaml: the cards component (a CSV or a workbook sheet) and a check: section that fits the game."""
    component = "component-csv.yaml" if data_format == "csv" else "component-workbook.yaml"
    check = "check-rules.yaml" if rules else "check.yaml"
    return (fill("game.yaml", name=name, component=fill(component, suffix=data_format).rstrip("\n"))
            + fill(check, name=name))


def _folder(folder: Traversable, target: Path, name: str) -> dict[Path, str | None]:
    """Every template under a folder, filled in, by the path it is written to (TEMPLATE_SUFFIX dropped)."""
    written: dict[Path, str | None] = {}
    for entry in sorted(folder.iterdir(), key=lambda entry: entry.name):
        if entry.is_dir():
            written |= _folder(entry, target / entry.name, name)
        else:
            filename = entry.name.removesuffix(TEMPLATE_SUFFIX)
            written[target / filename] = Template(entry.read_text(encoding="utf-8")).substitute(name=name)
    return written


def example_rows() -> list[list[str | int]]:
    """The example deck's rows, whole numbers as numbers, as a spreadsheet holds them."""
    text = template("game/cards.csv")
    return [[int(cell) if cell.isdigit() else cell for cell in record]
            for record in csv.reader(io.StringIO(text, newline=""))]
