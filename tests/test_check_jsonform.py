"""The typed report as JSON: a field is a key, flattened fields share their parent's object, None leaves a key out."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pnp.check.figures.jsonform import FLAT, from_jsonable, jsonable, optional, to_json
from pnp.check.figures.play import SeatShare
from pnp.check.figures.values import Distribution, MeanFigure, ShareFigure
from pnp.check.stats.describe import wilson


def test_a_seat_share_is_one_flat_object_as_the_report_always_wrote_it():
    seat = SeatShare(2, 61.5, ShareFigure.of(61.5, 200))
    interval = wilson(61.5, 200)
    assert jsonable(seat) == {"seat": 2, "wins": 61.5, "share": 0.3075, "low": round(interval.low, 6),
                              "high": round(interval.high, 6)}
    assert from_jsonable(SeatShare, json.loads(to_json(seat))) == seat


def test_exact_values_and_histograms_appear_only_where_there_are_some():
    assert "exact" not in jsonable(ShareFigure.of(3, 10))
    assert jsonable(ShareFigure.of(3, 10, exact=1 / 3))["exact"] == 0.333333
    assert jsonable(MeanFigure.of({})) == {"mean": None, "low": None, "high": None, "n": 0}  # null, not left out
    assert "histogram" not in jsonable(Distribution.of([1, 2, 3]))
    binned = Distribution.of([1, 2, 2, 3], binned=True)
    assert jsonable(binned)["histogram"] == [[1, 1, 1], [2, 2, 2], [3, 3, 1]]
    assert (binned.min, binned.max, binned.median, binned.mean) == (1, 3, 2.0, 2.0)  # min and max as they were


@dataclass(frozen=True)
class Margin:
    """What adding a figure takes: a field (here a whole new figure group), nothing in the JSON code."""

    seats: dict[int, SeatShare]
    spread: Distribution = field(metadata=FLAT)
    note: str | None = optional()


@given(st.lists(st.integers(-50, 50), min_size=1, max_size=40), st.integers(2, 6), st.booleans())
def test_any_figure_dataclass_reads_back_from_its_json(values, players, noted):
    figure = Margin({seat: SeatShare(seat, 1.5, ShareFigure.of(1.5, 10)) for seat in range(1, players + 1)},
                    Distribution.of(values, binned=True), "a note" if noted else None)
    data = json.loads(to_json(figure))
    assert set(data) == {"seats", "mean", "median", "p10", "p90", "min", "max", "mean_low", "mean_high", "sd",
                         "histogram"} | ({"note"} if noted else set())
    assert list(data["seats"]) == [str(seat) for seat in range(1, players + 1)]
    again = from_jsonable(Margin, data)
    assert again == figure and to_json(again) == to_json(figure)


def test_a_share_with_no_trials_is_the_whole_range():
    assert ShareFigure.of(0, 0) == ShareFigure(0.0, 0.0, 1.0)
    assert ShareFigure.of(200, 200).low == pytest.approx(200 / (200 + 1.959964 ** 2), abs=1e-6)  # n / (n + z²)
