"""The PHAD with eight aircraft: bearings that share a cell are written apart at a size
that reads, none over another or over a mark, all inside the cells."""

from __future__ import annotations

import math
from typing import Any

import pytest
from panda3d.core import NodePath

from models.bop_hud import BOP_HUD
from sim.view.hud import PhadPanel
from sim.view.hud.phad import CHIP_TEXT, CIRCLE_OUTER, ITEM_TEXT, MARKS, OUTER_RADIUS
from sim.view.layer import shown_box
from tests.sim.test_hud import aircraft, fulcrum, selected_snapshot

LEAST_LABEL = 0.36
"""A bearing label's letter height at the least, in the PHAD's cell units (a lone one's is
0.5: the distance between neighbouring hex centres is 1)."""


def _furball(cell: str, own_cells: dict[str, str]) -> Any:
    others = tuple(fulcrum(n) for n in range(1, 8))  # eight aircraft in all
    bearings = {f"fulcrum-{n}": cell for n in range(1, 8)}
    return selected_snapshot(aircraft(**own_cells), others=others, bearings=bearings)


def _label_box(phad: PhadPanel, entity_id: str) -> tuple[float, float, float, float]:
    text = phad._bearing_text_np[entity_id]
    box = shown_box(text, phad.disc)
    assert box is not None, entity_id
    return box


def _letter_height(phad: PhadPanel, entity_id: str) -> float:
    text: NodePath = phad._bearing_text_np[entity_id]
    return float(text.getTransform(phad.disc).getScale()[2])


def _mark_circles(phad: PhadPanel) -> list[tuple[str, float, float, float]]:
    found = []
    for mark in MARKS:
        node = phad.mark_node(mark)
        if not node.isHidden():
            found.append((mark, node.getX(), node.getZ(), node.getScale().x * CIRCLE_OUTER))
    return found


@pytest.mark.parametrize(
    ("cell", "own_cells"),
    [
        # seven bearings in the Nose's 00 cell (a furball ahead), as modern-furball shows
        ("015+00", {"nose": "015+00", "velocity": "015+00", "canopy": "All+90"}),
        # in a hex the Nose shares, with the Wing next door
        ("030-30", {"nose": "030+30", "velocity": "030+30", "wing": "060-30"}),
        # in a cell of its own
        ("210-60", {}),
    ],
)
def test_bearings_sharing_a_cell_each_read_clear_of_the_marks(
    clean_scene: Any, cell: str, own_cells: dict[str, str]
) -> None:
    phad = PhadPanel(clean_scene.aspect2d, spec=BOP_HUD.phad)
    phad.set_layout((0.0, 0.0), 0.9)
    phad.update(_furball(cell, own_cells))
    ids = [f"fulcrum-{n}" for n in range(1, 8)]
    boxes = {}
    for entity_id in ids:
        assert not phad.bearing_node(entity_id).isHidden(), entity_id
        assert _letter_height(phad, entity_id) >= LEAST_LABEL * 0.999, entity_id
        boxes[entity_id] = _label_box(phad, entity_id)
    for i, a in enumerate(ids):
        for b in ids[i + 1 :]:
            one, two = boxes[a], boxes[b]
            apart = min(one[1], two[1]) <= max(one[0], two[0]) or min(one[3], two[3]) <= max(
                one[2], two[2]
            )
            assert apart, (cell, a, b, one, two)
    for entity_id, box in boxes.items():
        for corner in ((box[0], box[2]), (box[0], box[3]), (box[1], box[2]), (box[1], box[3])):
            assert math.hypot(*corner) <= OUTER_RADIUS, (cell, entity_id, box)
        for mark, x, y, radius in _mark_circles(phad):
            dx = max(box[0] - x, 0.0, x - box[1])
            dy = max(box[2] - y, 0.0, y - box[3])
            assert math.hypot(dx, dy) >= radius, (cell, entity_id, mark)
    phad.destroy()


def test_a_lone_bearing_keeps_its_circle_at_full_size(clean_scene: Any) -> None:
    phad = PhadPanel(clean_scene.aspect2d, spec=BOP_HUD.phad)
    phad.set_layout((0.0, 0.0), 0.9)
    snap = selected_snapshot(others=(fulcrum(1),), bearings={"fulcrum-1": "150-30"})
    phad.update(snap)
    node = phad.bearing_node("fulcrum-1")
    assert node.getScale().x == pytest.approx(1.0)
    assert node.find("circle").isHidden()  # a negative cell: not circled
    assert "fulcrum-1" not in phad.chip_boxes
    assert CHIP_TEXT < ITEM_TEXT
    phad.destroy()
