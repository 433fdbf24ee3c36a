"""The bundled fonts read and hashed in threads while a build loads its games: the same bytes as read when needed,
and a file that cannot be read ahead is read again, its error told as usual."""

from __future__ import annotations

import hashlib

import pytest
from click.testing import CliRunner

from pnp.cli.main import main
from pnp.errors import PnpError
from pnp.text import fonts


def test_fonts_read_ahead_are_the_files_as_read_now(monkeypatch):
    monkeypatch.setattr(fonts, "_AHEAD", {})
    fonts.read_bundled_ahead()
    paths = sorted(fonts._AHEAD)
    assert [fonts.Path(path).name for path in paths] == sorted(fonts.BUNDLED.values())
    for path in paths:
        data, digest = fonts._read_font(path, "label")
        assert data == fonts.Path(path).read_bytes() and digest == hashlib.sha256(data).hexdigest()
    assert fonts._AHEAD == {}  # each taken once


def test_a_font_that_cannot_be_read_ahead_is_read_again_with_its_error(tmp_path, monkeypatch):
    missing = str(tmp_path / "gone.ttf")
    monkeypatch.setattr(fonts, "_AHEAD", {missing: fonts._ReadAhead(missing)})
    with pytest.raises(PnpError, match="font file not found"):
        fonts._read_font(missing, "fonts/gone.ttf")
    assert fonts._AHEAD == {}


def test_a_build_reads_the_bundled_fonts_ahead(tmp_path, monkeypatch):
    started: list[str] = []
    monkeypatch.setattr(fonts, "_AHEAD", {})
    run = fonts._ReadAhead.run
    monkeypatch.setattr(fonts._ReadAhead, "run", lambda self: started.append(self.path) or run(self))
    assert CliRunner().invoke(main, ["new", "demo", "--project", str(tmp_path)]).exit_code == 0
    assert CliRunner().invoke(main, ["build", "demo", "--project", str(tmp_path)]).exit_code == 0
    assert sorted(fonts.Path(path).name for path in started) == sorted(fonts.BUNDLED.values())
    assert not set(started) & set(fonts._AHEAD)  # the build took what was read for it
