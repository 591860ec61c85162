"""§Phase 2: Movement — the table's edge and going home."""

from __future__ import annotations

import pytest

from engine.errors import IllegalOrder
from engine.otl.optional.table_edge import (
    go_home,
    may_go_home,
    on_table,
    slide_table,
    table_offset,
)
from models.otl.scenario import OtlOptions
from tests.otl.test_optional_planes import plane


def test_a_plane_24_in_from_every_enemy_may_go_home() -> None:
    camel = plane("camel-1", "entente", y_in=0.0)
    far = plane("fokker-1", "central", y_in=24.0)
    near = plane("fokker-2", "central", y_in=23.0)
    wingman = plane("pup-1", "entente", y_in=1.0)
    assert may_go_home(camel, [far, wingman])
    assert not may_go_home(camel, [far, near])
    near.status = "destroyed"
    assert may_go_home(camel, [far, near])
    # 3-D: 20 in east and 800 ft (16 in) up is 25.6 in away.
    assert may_go_home(camel, [plane("f", "central", x_in=20.0, alt_ft=5_800.0)])


def test_going_home_takes_the_plane_out_or_is_refused() -> None:
    camel = plane("camel-1", "entente")
    near = plane("fokker-1", "central", y_in=10.0)
    with pytest.raises(IllegalOrder, match="Fokker 1 is 10 in away"):
        go_home(camel, [near], 6)
    assert camel.flying
    event = go_home(camel, [plane("fokker-2", "central", y_in=30.0)], 6)
    assert event.kind == "otl.home" and camel.status == "home"


def test_the_slide_moves_the_table_as_little_as_keeps_everyone_on_it() -> None:
    assert table_offset([(0.0, 0.0), (10.0, 5.0)], 60.0, 40.0) == (0.0, 0.0)
    assert table_offset([(25.0, 0.0), (35.0, 0.0)], 60.0, 40.0) == (5.0, 0.0)
    assert table_offset([(-50.0, 30.0), (-20.0, 10.0)], 60.0, 40.0, (0.0, 0.0)) == (-20.0, 10.0)
    assert table_offset([(-40.0, 0.0), (40.0, 0.0)], 60.0, 40.0) is None
    offset = table_offset([(-50.0, 30.0), (-20.0, 10.0)], 60.0, 40.0)
    assert offset is not None
    assert on_table((-50.0, 30.0), offset, 60.0, 40.0)
    assert on_table((-20.0, 10.0), offset, 60.0, 40.0)


def test_the_slide_never_moves_the_planes_and_a_static_table_does_not_slide() -> None:
    camel = plane("camel-1", x_in=40.0)
    before = (camel.x_in, camel.y_in)
    assert slide_table([camel], 60.0, 40.0, OtlOptions()) == (10.0, 0.0)
    assert (camel.x_in, camel.y_in) == before
    assert slide_table([camel], 60.0, 40.0, OtlOptions(static_table=True)) == (0.0, 0.0)
