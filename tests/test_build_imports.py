"""A plain build loads only what it uses: what only some options need is imported when they are given."""

from __future__ import annotations

import json
import subprocess
import sys

from pnp.project.games import Project
from pnp.scaffold.writer import scaffold

CHILD = """
import json, sys
from pnp.cli.main import main
try:
    main(sys.argv[1:], prog_name="pnp")
except SystemExit:
    pass
print(json.dumps(sorted(sys.modules)))
"""


def test_a_build_without_cut_files_loads_no_http_or_mail_modules(tmp_path):
    scaffold(Project(tmp_path), "demo")
    command = [sys.executable, "-c", CHILD, "build", "--project", str(tmp_path), "--out", str(tmp_path / "out")]
    for _ in range(2):  # the second build finds its SVG art converted already, as most builds do
        done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=True)
    modules = json.loads(done.stdout.splitlines()[-1])
    assert "pnp.build.builder" in modules and (tmp_path / "out" / "demo").is_dir()
    assert [m for m in modules if m.split(".")[0] in ("urllib", "http", "email") and m != "urllib.parse"
            and m != "urllib"] == []
