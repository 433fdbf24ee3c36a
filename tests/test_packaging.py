"""The wheel a user installs holds every package of the source tree."""

from __future__ import annotations

import pytest
from conftest import ROOT

tomllib = pytest.importorskip("tomllib")  # Python 3.11+


def test_every_subpackage_is_listed_in_pyproject():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    listed = set(config["tool"]["setuptools"]["packages"])
    found = {".".join(init.parent.relative_to(ROOT).parts) for init in (ROOT / "pnp").rglob("__init__.py")}
    assert found - listed == set()
