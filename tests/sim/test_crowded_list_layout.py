"""A crowded Phantoms strike on a 4:3 window.  Its aircraft list: thirteen aircraft leave
no room between the HUD's top columns, so the row panels make way, and the list still
keeps clear of the PHAD and the throttle (before, it hung over the PHAD's top).  Its
ground units' labels: a defended area seen from the top camera, where they used to pile on
one another, now keep out of each other's way and the aircraft's labels."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.sim.cli_helpers import furball_process, shape_report

SIZE = (1024, 768)
MISSION = ("mission", "--seed", "2", "--players", "12")
"""A High-threat Intruders mission: thirteen aircraft."""


def measure_shape(width: int, height: int, timeline_path: str) -> None:
    """(Run in a subprocess.) Print the boxes with the aircraft list shown, as JSON."""
    from models.timeline import Timeline
    from sim.app import ReplayScene
    from sim.panda import open_base
    from sim.view.layer import ViewSettings

    base = open_base(width, height, offscreen=True)
    base.adjustWindowAspectRatio(base.getAspectRatio())
    base.graphicsEngine.renderFrame()
    timeline = Timeline.load(Path(timeline_path))
    first = next(info.id for info in timeline.meta.entities if info.kind == "aircraft")
    scene = ReplayScene(base, timeline, ViewSettings(), camera="orbit", selected=first)
    scene.roster.toggle()
    scene.draw_at(5.0)
    base.graphicsEngine.renderFrame()
    report: dict[str, Any] = {
        "boxes": scene.screen_boxes(),
        "scale": float(scene.roster.root.getScale()[0]),
        "aircraft": sum(info.kind == "aircraft" for info in timeline.meta.entities),
    }
    scene.roster.toggle()
    scene.rig.set_mode("top")
    for _ in range(2):
        scene.draw_at(5.0)
        base.graphicsEngine.renderFrame()
    units = scene.ground_units
    report["ground"] = {
        "units": len(units.units),
        "shown": sorted(i for i, u in units.units.items() if not u.label.isHidden()),
        "placed": units.placed,
        "aircraft_labels": list(scene.labels.placed.values()),
    }
    scene.destroy()
    print("REPORT " + json.dumps(report))


def _overlap(a: list[float], b: list[float]) -> bool:
    return min(a[1], b[1]) > max(a[0], b[0]) + 1e-4 and min(a[3], b[3]) > max(a[2], b[2]) + 1e-4


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    folder = tmp_path_factory.mktemp("crowded")
    out = folder / "crowded.furball.npz"
    done = furball_process(*MISSION, "--out", str(out), cwd=folder)
    assert done.returncode == 0, done.stderr[-2000:]
    return shape_report("tests.sim.test_crowded_list_layout", SIZE, out)


def test_a_crowded_list_keeps_clear_of_the_phad_and_the_throttle(report: dict[str, Any]) -> None:
    from sim.app import LEAST_LIST_SCALE

    assert report["aircraft"] >= 13
    boxes = report["boxes"]
    listed = boxes["aircraft-list"]
    instruments = ("phad", "throttle", "header", "gauges", "clock")
    hit = [k for k in instruments if _overlap(listed, boxes[k])]
    assert not hit, f"the aircraft list overlaps {hit}"
    assert report["scale"] >= LEAST_LIST_SCALE


def test_the_ground_labels_keep_out_of_each_others_way(report: dict[str, Any]) -> None:
    ground = report["ground"]
    placed = ground["placed"]
    assert ground["units"] >= 10 and 2 <= len(placed) < ground["units"], ground
    assert sorted(placed) == ground["shown"], "every label drawn has its box"
    boxes = list(placed.values())
    for i, box in enumerate(boxes):
        for other in boxes[i + 1 :] + ground["aircraft_labels"]:
            assert not _overlap(box, other), (box, other)


def test_the_widest_ring_is_labelled_first() -> None:
    from sim.view.ground_units import uncluttered

    sam, gun, far = (0.0, 0.2, 0.0, 0.05), (0.1, 0.3, 0.0, 0.05), (0.5, 0.6, 0.0, 0.05)
    assert uncluttered([sam, gun, far]) == [True, False, True]
    assert uncluttered([None, gun], taken=[sam]) == [False, False]
