"""Reading a project the same way where the system answers differently (Windows refuses to open a folder)."""

from __future__ import annotations

import errno
import os

import pytest

from pnp.data.files import read_regular
from pnp.errors import PnpError


def test_a_folder_named_as_a_file_is_the_same_line_where_opening_it_is_refused(tmp_path, monkeypatch):
    folder = tmp_path / "cards.csv"
    folder.mkdir()
    opened = os.open

    def as_on_windows(path, flags, *args):
        if os.path.isdir(path):
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return opened(path, flags, *args)

    messages = []
    for patched in (False, True):
        if patched:
            monkeypatch.setattr(os, "open", as_on_windows)
        with pytest.raises(PnpError) as caught:
            read_regular(folder, "card_data/demo/cards.csv", 1000, kind="CSV file")
        messages.append(str(caught.value))
    assert messages[0] == messages[1] == ("card_data/demo/cards.csv: is a folder, not a CSV file; create it or fix "
                                          "its name in game.yaml")
