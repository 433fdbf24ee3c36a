"""CSV loading: encodings, counts, headers."""

from __future__ import annotations

import pytest

from pnp.data.read import read_table
from pnp.errors import PnpError

CSV = "name,value,count\n予算:小(1),1,2\nイベント,3,0\n\n役者,6,\n"


@pytest.mark.parametrize("encoding,prefix", [("utf-8", b""), ("utf-8", b"\xef\xbb\xbf"), ("cp932", b"")])
def test_encodings_are_detected(tmp_path, encoding, prefix):
    path = tmp_path / "cards.csv"
    path.write_bytes(prefix + CSV.encode(encoding))
    table = read_table(path, "cards.csv")
    assert table.columns == ("name", "value", "count")
    assert [r.values["name"] for r in table.rows] == ["予算:小(1)", "イベント", "役者"]
    assert [r.count for r in table.rows] == [2, 0, 1]
    assert [r.number for r in table.rows] == [2, 3, 5]
    assert table.card_count == 3


def test_declared_encoding(tmp_path):
    path = tmp_path / "cards.csv"
    path.write_bytes(CSV.encode("shift_jis"))
    assert read_table(path, "cards.csv", "shift_jis").rows[0].values["name"] == "予算:小(1)"


def test_integers_become_ints_and_text_stays_text(tmp_path):
    path = tmp_path / "cards.csv"
    path.write_text("a,b,c,d\n007,12,-3,1.5\n", encoding="utf-8")
    assert read_table(path, "x.csv").rows[0].values == {"a": "007", "b": 12, "c": -3, "d": "1.5"}


def test_multiline_cells_keep_row_numbers(tmp_path):
    path = tmp_path / "cards.csv"
    path.write_text('name,text\na,"one\ntwo"\nb,three\n', encoding="utf-8")
    rows = read_table(path, "x.csv").rows
    assert rows[0].values["text"] == "one\ntwo" and [r.number for r in rows] == [2, 3]


@pytest.mark.parametrize("ending", ["\r\n", "\r"])
def test_a_file_saved_with_other_line_endings_reads_the_same(tmp_path, ending):
    path = tmp_path / "cards.csv"
    path.write_bytes('name,text\na,"one\ntwo"\nb,three\n'.replace("\n", ending).encode())
    rows = read_table(path, "x.csv").rows
    assert [r.values for r in rows] == [{"name": "a", "text": "one\ntwo"}, {"name": "b", "text": "three"}]
    assert [r.number for r in rows] == [2, 3]


@pytest.mark.parametrize("body,message", [
    ("name,count\na,-1\n", "x.csv: row 2, column count: count '-1' is not a whole number of copies"),
    ("name,count\na,two\n", "x.csv: row 2, column count: count 'two' is not a whole number of copies"),
    ("name,count\na,1.5\n", "x.csv: row 2, column count: count '1.5' is not a whole number of copies"),
    ("name,name\na,b\n", "x.csv: row 1: column 'name' appears twice"),
    ("name,\na,b\n", "x.csv: row 1: column 2 has no name"),
    ("name\na,b\n", "x.csv: row 2: 2 cells but only 1 columns"),
    ("", "x.csv: the CSV has no header row"),
])
def test_bad_tables(tmp_path, body, message):
    path = tmp_path / "cards.csv"
    path.write_text(body, encoding="utf-8")
    with pytest.raises(PnpError) as err:
        read_table(path, "x.csv")
    assert str(err.value).startswith(message)


def test_undecodable_bytes(tmp_path):
    path = tmp_path / "cards.csv"
    path.write_bytes(b"name\n\x81\xff\xfe\n")
    with pytest.raises(PnpError, match="cannot decode the file as UTF-8 or Shift_JIS"):
        read_table(path, "x.csv")
