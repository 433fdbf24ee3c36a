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


@pytest.mark.parametrize("said, limit, whole", [(3_000_000, 4_000_000, True), (10, 4_000_000, True),
                                               (0, 4_000_000, True), (10, 2_500_000, False)])
def test_a_file_is_read_whole_or_refused_whatever_size_the_system_says_it_has(tmp_path, monkeypatch, said, limit,
                                                                              whole):
    """A file is read in one piece as large as it says it is; one that grew since (or says less) is read on to the
    end, and refused past the limit."""
    path = tmp_path / "big.bin"
    data = bytes(range(256)) * 12_000  # 3,072,000 bytes: more than the 1 MB a read took before
    path.write_bytes(data)
    real = os.fstat
    monkeypatch.setattr(os, "fstat", lambda handle: os.stat_result((*real(handle)[:6], said, *real(handle)[7:])))
    if whole:
        assert read_regular(path, "big.bin", limit) == data
    else:
        with pytest.raises(PnpError, match="larger than the limit of 2 MB"):
            read_regular(path, "big.bin", limit)
