"""Pulling a game's data: each component with a `url:` fetched, checked as CSV or a workbook, written atomically
into the game's folder as the file it reads, with a note beside it saying where and when it came from."""

from __future__ import annotations

import hashlib
import io
import json
import zipfile
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from pnp.errors import PnpError
from pnp.output.atomic import AtomicFiles
from pnp.project.games import Project
from pnp.pull.fetch import PUBLISH_FIX, Download, check_address, download

WORKBOOK_SUFFIXES = {".xlsx": "an xlsx workbook", ".ods": "an ods workbook"}
NOTE_SUFFIX = ".source.yaml"


@dataclass(frozen=True)
class Source:
    """A component's declared source: its manifest key, the address, and the project file it is written to."""

    where: str
    url: str
    path: Path


@dataclass(frozen=True)
class Pulled:
    """A file written by a pull: where it went, how large it is, and the address it came from."""

    path: Path
    size: int
    url: str


def sources(project: Project, game: str) -> list[Source]:
    """The components of a game that declare a `url:`, each with the file it is written to."""
    manifest = project.manifest(game)
    label = project.label(project.root / "card_data" / game / "game.yaml")
    allow_http = manifest.get("pull_http") is True
    found = []
    for index, spec in enumerate(manifest.get("components") or []):
        if isinstance(spec, dict) and "url" in spec:
            where = f"{label}: components[{index}].url"
            url = check_address(spec["url"], allow_http, where)
            found.append(Source(where, url, _destination(project, game, spec, where)))
    if not found:
        raise PnpError(f"no component of {game} declares a url:", where=label,
                       fix="add url: https://... to the component whose data comes from a shared sheet")
    return found


def _destination(project: Project, game: str, spec: dict[str, Any], where: str) -> Path:
    """The file the component reads (`data:`, `csv:` or NAME.csv), refused unless it stays in the game's folder."""
    named = spec.get("data", spec.get("csv"))
    name = named if isinstance(named, str) and named.strip() else f"{spec.get('name')}.csv"
    path = project.root / "card_data" / game / name
    resolved = project.confined(path, where.removesuffix(".url") + (".data" if named is not None else ".name"))
    if path.suffix.lower() not in {".csv", *WORKBOOK_SUFFIXES}:
        raise PnpError(f"cannot pull into '{name}': a data file ends in .csv, .xlsx or .ods", where=where,
                       fix="write data: cards.csv or data: cards.xlsx beside url:")
    if path.is_symlink() or (resolved.exists() and not resolved.is_file()):
        raise PnpError(f"'{project.label(path)}' is not a plain file", where=where,
                       fix="remove it, or name another file with data:")
    return path


def pull_game(project: Project, game: str, now: datetime | None = None) -> list[Pulled]:
    """Fetch every declared source of a game, then write them all with their notes (nothing when one fails)."""
    allow_http = project.manifest(game).get("pull_http") is True
    fetched = [(source, download(source.url, allow_http, source.where)) for source in sources(project, game)]
    for source, got in fetched:
        check_kind(got, source)
    stamp = (now or datetime.now(timezone.utc)).strftime("%Y-%m-%dT%H:%M:%SZ")
    files = AtomicFiles()
    try:
        for source, got in fetched:
            files.temp_for(source.path).write_bytes(got.body)
            note = source.path.with_name(source.path.name + NOTE_SUFFIX)
            files.temp_for(note).write_text(_note(source, got, stamp), encoding="utf-8", newline="\n")
        files.commit()
    except BaseException:
        files.abort()
        raise
    return [Pulled(source.path, len(got.body), source.url) for source, got in fetched]


def check_kind(got: Download, source: Source) -> None:
    """One line unless the body is what the file's name says: CSV text, or an xlsx or ods workbook."""
    suffix = source.path.suffix.lower()
    start = got.body[:2048].lstrip(b"\xef\xbb\xbf \t\r\n").lower()
    if got.content_type in ("text/html", "application/xhtml+xml") or start.startswith((b"<!doctype html", b"<html")):
        raise PnpError(f"got a web page ({got.content_type}) instead of data: a sign-in page? The sheet may not be "
                       f"public", where=source.where, fix=PUBLISH_FIX)
    kind = _workbook_kind(got.body)
    if suffix in WORKBOOK_SUFFIXES and kind != suffix:
        found = WORKBOOK_SUFFIXES.get(kind or "", "CSV text" if _is_text(got.body) else "neither CSV nor a workbook")
        raise PnpError(f"got {found}, not {WORKBOOK_SUFFIXES[suffix]} as '{source.path.name}' says", where=source.where,
                       fix="use the link that exports that format, or name the file to match in data:")
    if suffix == ".csv" and (kind or not _is_text(got.body)):
        found = WORKBOOK_SUFFIXES[kind] if kind else f"{got.content_type} data that is not CSV text"
        raise PnpError(f"got {found}, not CSV", where=source.where,
                       fix="use the sheet's CSV link (output=csv), or name a workbook in data:, e.g. data: cards.xlsx")


def _workbook_kind(body: bytes) -> str | None:
    """'.xlsx' or '.ods' for a workbook's zip archive (read from its directory), else None."""
    if not body.startswith(b"PK\x03\x04"):
        return None
    try:
        with zipfile.ZipFile(io.BytesIO(body)) as archive:
            names = set(archive.namelist())
    except (zipfile.BadZipFile, ValueError):
        return None
    return ".xlsx" if "[Content_Types].xml" in names else ".ods" if "content.xml" in names else None


def _is_text(body: bytes) -> bool:
    """Tell whether the body reads as text (UTF-8, or cp932 as Japanese Excel saves it), with no NUL character."""
    if b"\x00" in body:
        return False
    for encoding in ("utf-8", "cp932"):
        try:
            body.decode(encoding)
            return True
        except UnicodeDecodeError:
            pass
    return False


def _note(source: Source, got: Download, stamp: str) -> str:
    """The note beside a pulled file: its address, where the address led, when, its size and digest."""
    lines = ["# written by pnp pull: where this data file came from; builds read the file, never the address",
             f"file: {_quoted(source.path.name)}", f"url: {_quoted(source.url)}"]
    if got.url != source.url:
        lines.append(f"redirected_to: {_quoted(got.url)}")
    lines += [f"pulled: {stamp}", f"bytes: {len(got.body)}", f"sha256: {hashlib.sha256(got.body).hexdigest()}"]
    return "\n".join(lines) + "\n"


def _quoted(text: str) -> str:
    """A YAML double-quoted string (a JSON string is one)."""
    return json.dumps(text, ensure_ascii=False)
