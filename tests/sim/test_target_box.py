"""Target boxes in the cockpit camera, edge arrows for what is off screen, and the picked
pair's range and bearing."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from sim.view.pair_range import PairRange, bearing_deg, pair_text
from sim.view.target_box import BOX_PX, TargetBoxes, range_text, seen_targets
from tests.sim.conftest import TEST_HEIGHT
from tests.sim.states import changed
from tests.sim.test_labels import lens_scene, look, scene, screen
from tests.sim.test_scene import snapshot, state

__all__ = ["lens_scene", "scene"]


def own_with(**changes: Any) -> Any:
    return changed(state("own", "blue", (0.0, -20_000.0, 5000.0)), **changes)


def test_ranges_read_in_feet_inside_a_mile_else_nm() -> None:
    assert range_text(4200.0) == "4,200 ft"
    assert range_text(6076.12 * 3.25) == "3.2 nm"


def test_the_cockpit_boxes_all_the_crew_see_elsewhere_only_the_target() -> None:
    own = own_with(tracks=("b",), spotted=("c", "b", "own"))
    assert seen_targets(own, cockpit=True) == (["b", "c"], {"b"})
    assert seen_targets(own, cockpit=False) == (["b"], {"b"})
    assert seen_targets(own_with(ir_lock="d"), cockpit=False)[0] == ["d"]


def test_a_seen_aircraft_gets_a_box_and_one_behind_an_edge_arrow(scene: Any) -> None:
    root = scene.render.attachNewNode("test")
    boxes = TargetBoxes(screen(scene, root))
    boxes.set_camera("cockpit")
    look(scene, (0.0, -20_000.0, 5000.0), (0.0, 0.0, 5000.0))
    own = own_with(tracks=("ahead",), spotted=("ahead", "behind"))
    ahead = state("ahead", "red", (0.0, 0.0, 5000.0))
    behind = state("behind", "red", (-3000.0, -40_000.0, 5000.0))
    boxes.update(snapshot(own, ahead, behind, selected="own"))
    assert boxes.shown == {"ahead": "box", "behind": "arrow"}
    box = boxes.boxes["ahead"]
    assert not box.square.isHidden() and box.brackets.isHidden()  # tracked: a full square
    assert abs(box.square.getScale().x - BOX_PX * 2 / TEST_HEIGHT) < 1e-6
    assert abs(box.square.getX()) < 1e-3 and abs(box.square.getZ()) < 1e-3  # centred on it
    assert box.text.getText() == "3.3 nm"
    arrow = boxes.boxes["behind"]
    assert not arrow.arrow.isHidden() and arrow.square.isHidden()
    assert "Behind" in arrow.text.getText()
    # Behind and to the left: the arrow is at the screen's left edge, pointing left.
    assert arrow.arrow.getX() < -1.5
    assert abs(abs(arrow.arrow.getR()) - 180.0) < 20.0
    # In another camera only the target is boxed.
    boxes.set_camera("chase")
    boxes.update(snapshot(own, ahead, behind, selected="own"))
    assert boxes.shown == {"ahead": "box"} and arrow.arrow.isHidden()
    boxes.destroy()


def test_bearing_range_and_height_between_a_picked_pair(scene: Any) -> None:
    a = state("a", "blue", (0.0, 0.0, 5000.0))
    b = state("b", "red", (6076.12 * 2, 6076.12 * 2, 8000.0))
    assert round(bearing_deg(a.position_ft, b.position_ft)) == 45
    assert pair_text(a, b) == "A > B\n2.9 nm  045\N{DEGREE SIGN}  +3,000 ft"
    root = scene.render.attachNewNode("test")
    pair = PairRange(screen(scene, root), root)
    look(scene, (6000.0, -40_000.0, 9000.0), (6000.0, 6000.0, 6000.0))
    shot = snapshot(a, b, state("c", "red", (9000.0, 0.0, 5000.0)), selected="a")
    pair.update(shot)
    assert pair.line.isHidden()
    pair.cycle()  # from the selected aircraft to the next
    pair.update(shot)
    assert (pair.first, pair.second) == ("a", "b")
    assert not pair.line.isHidden() and not pair.label.isHidden()
    box = pair.label_box()
    assert box is not None and box[0] < box[1] and box[2] < box[3]
    assert tuple(pair.segs.getVertex(1)) == pytest.approx(b.position_ft)
    pair.cycle()
    assert pair.second == "c"
    # Picking under the mouse: the mark nearest the point, within a few pixels.
    at = pair.screen.project(b.position_ft)
    assert at is not None
    assert pair.nearest((at[0] + 0.01, at[1])) == "b"
    assert pair.nearest((at[0] + 0.5, at[1] + 0.5)) is None
    pair.pick("b")
    assert (pair.first, pair.second) == ("a", "b")
    pair.clear()
    pair.update(shot)
    assert pair.first is None and pair.line.isHidden() and pair.label.isHidden()
    pair.destroy()


def test_labels_keep_off_a_target_box(scene: Any) -> None:
    """A missile's label beside a boxed target keeps off the box (in the
    cockpit view of the BVR demo a missile's label sat on the box and hid both)."""
    from sim.view.labels import EntityLabels, overlaps

    root = scene.render.attachNewNode("test")
    space = screen(scene, root)
    boxes = TargetBoxes(space)
    boxes.set_camera("cockpit")
    labels = EntityLabels(space, {"m": "ahead"})
    look(scene, (0.0, -20_000.0, 5000.0), (0.0, 0.0, 5000.0))
    own = own_with(tracks=("ahead",), spotted=("ahead",))
    ahead = state("ahead", "red", (0.0, 0.0, 5000.0))
    near = dataclasses.replace(
        state("m", "blue", (-120.0, 0.0, 5060.0)), kind="missile", type_id="AIM-7M"
    )
    frame = snapshot(own, ahead, near, selected="own")
    boxes.update(frame)
    labels.also_taken = boxes.taken  # as the scene does
    labels.mark_px = {i: BOX_PX / 2 for i, shown in boxes.shown.items() if shown == "box"}
    labels.update(frame)
    square = boxes.taken[0]
    assert square[1] - square[0] == pytest.approx(BOX_PX * 2 / TEST_HEIGHT)
    assert "ahead" in labels.placed  # beside its box; the missile's label goes round or out
    for placed in labels.placed.values():
        assert not overlaps(placed, square)
    labels.destroy()
    boxes.destroy()
