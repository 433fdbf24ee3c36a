"""A plain build loads only what it uses: what only some options need is imported when they are given."""

from __future__ import annotations

from conftest import modules_of_second_build

from pnp.project.games import Project
from pnp.scaffold.writer import scaffold


def test_a_build_without_cut_files_loads_no_http_or_mail_modules(tmp_path):
    scaffold(Project(tmp_path), "demo")
    modules = modules_of_second_build(tmp_path, tmp_path / "out")
    assert "pnp.build.builder" in modules and (tmp_path / "out" / "demo").is_dir()
    assert [m for m in modules if m.split(".")[0] in ("urllib", "http", "email") and m != "urllib.parse"
            and m != "urllib"] == []
