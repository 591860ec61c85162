"""The HUD's layout at every common screen shape, checked from the panels' screen boxes.

Each shape runs in a subprocess that opens its own offscreen window of that size (the test
session's window is one fixed size), builds the replay scene as ``furball play`` does, in
the compact and the cockpit layout, with and without the instructor overlays, fills the
event ticker with the longest events seen, and reports every shown panel's box
(``ReplayScene.screen_boxes``), aspect2d's extent and the pixel height of the smallest text.
"""

from __future__ import annotations

import json
import os
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from sim.main_thread_gc import main_thread_collects
from sim.view.hud.layout import clear_middle
from sim.view.hud.screen import LEAST_TEXT_PX, Screen
from sim.view.shot_log_panel import TEXT_SCALE as SHOT_LOG_TEXT_SCALE
from tests.sim.cli_helpers import shape_report

SHAPES: dict[str, tuple[int, int]] = {
    "16:9 1920x1080": (1920, 1080),
    "16:9 1280x720": (1280, 720),
    "16:10 1920x1200": (1920, 1200),
    "16:10 1280x800": (1280, 800),
    "4:3 1024x768": (1024, 768),
    "5:4 1280x1024": (1280, 1024),
    "portrait half 960x1080": (960, 1080),
    "portrait 600x900": (600, 900),
    "portrait 1080x1920": (1080, 1920),
    "ultra-wide 2560x1080": (2560, 1080),
    "ultra-wide 1900x500": (1900, 500),
}
CONFIGS = [(camera, instructor) for camera in ("orbit", "cockpit") for instructor in (False, True)]
LONGEST_EVENT = (
    "Eagle 1 pilot Tally of Fulcrum 4 at tally range 45 FP: d10 1 (tally range -4, canopy -1, "
    "target aspect +2, crew quality +1) = -1: lost"
)
"""The longest ticker text of the shipped scenarios (142 characters with its time)."""
ROOT = Path(__file__).resolve().parents[2]


def with_bop_hud(timeline: Any) -> Any:
    """A Birds of Prey timeline that says what its HUD shows (a timeline written before
    the timeline carried its HUD says nothing, and would get the core HUD)."""
    from dataclasses import replace as replaced

    from models.bop_hud import BOP_HUD

    if timeline.meta.hud is not None:
        return timeline
    return replaced(timeline, meta=timeline.meta.model_copy(update={"hud": BOP_HUD}))


def measure_shape(width: int, height: int, timeline_path: str) -> None:
    """(Run in a subprocess.) Print the layout report of one window size as JSON."""
    from models.timeline import Event, Timeline
    from sim.app import ReplayScene
    from sim.panda import open_base
    from sim.view.layer import ViewSettings
    from tests.sim.test_instructor_view import ALL_ON

    base = open_base(width, height, offscreen=True)
    # A window's first resize event makes ShowBase lay aspect2d out for the window's shape
    # (on a portrait window: the width at -1 .. 1, the height 1/aspect); an offscreen
    # buffer gets no event, so it is sent here as a window would.
    base.adjustWindowAspectRatio(base.getAspectRatio())
    base.graphicsEngine.renderFrame()
    timeline = with_bop_hud(Timeline.load(Path(timeline_path)))
    report: dict[str, Any] = {
        "extent": [float(base.a2dRight), float(base.a2dTop)],
        "pixels": [int(base.win.getXSize()), int(base.win.getYSize())],
        "configs": {},
    }
    longest = tuple(
        Event(t_s=1.0 + i * 0.1, kind="critical", entities=("viper-1",), detail=LONGEST_EVENT)
        for i in range(4)
    )
    for instructor in (False, True):
        settings = ALL_ON if instructor else ViewSettings()
        scene = ReplayScene(base, timeline, settings, camera="orbit", selected="viper-1")
        for camera in ("orbit", "cockpit"):
            scene.rig.set_mode(camera)  # type: ignore[arg-type]
            snapshot = scene.draw_at(1.2)
            scene.hud.ticker.update(replace(snapshot, recent_events=longest))
            base.graphicsEngine.renderFrame()
            boxes = scene.screen_boxes()
            scene.help.toggle()
            help_box = scene.screen_boxes()["help"]
            scene.help.toggle()
            report["configs"][f"{camera}/{instructor}"] = {
                "boxes": boxes,
                "help": help_box,
                "text_px": smallest_text_px(base, scene),
                "ticker_rows": [
                    scene.hud.ticker.row_count(i) for i in range(len(scene.hud.ticker.texts))
                ],
                "ticker_texts": scene.hud.ticker.texts,
                "fits": scene.hud.plan.fits,
            }
        if not instructor:  # with both lists shown (keys i and j)
            scene.rig.set_mode("orbit")
            scene.roster.toggle()
            scene.event_list.toggle()
            scene.draw_at(1.2)
            base.graphicsEngine.renderFrame()
            report["lists"] = {
                "boxes": scene.screen_boxes(),
                "scales": [
                    float(scene.roster.root.getScale()[0]),
                    float(scene.event_list.root.getScale()[0]),
                ],
            }
            scene.roster.toggle()
            scene.event_list.toggle()
            # the shot log (key o) in the event list's place, full of long records
            scene.shot_log.records = long_shot_records()
            scene.shot_log.times_s = [r.t_s for r in scene.shot_log.records]
            scene.toggle_shot_log()
            scene.draw_at(1.2)
            base.graphicsEngine.renderFrame()
            px_per_unit = base.win.getYSize() / (2 * float(base.a2dTop))
            report["shot_log"] = {
                "boxes": scene.screen_boxes(),
                "text_px": float(scene.shot_log.root.getScale(base.aspect2d)[0])
                * SHOT_LOG_TEXT_SCALE
                * px_per_unit,
            }
            scene.toggle_shot_log()
        scene.destroy()
    print("REPORT " + json.dumps(report))


def long_shot_records() -> list[Any]:
    """Twelve shot-log records with long names, outcomes, tables and dice."""
    from sim.debrief.shot_log import DiceRoll, ShotRecord

    roll = DiceRoll(die="percentile", roll=86, purpose="gun attack, a long purpose " * 3)
    return [
        ShotRecord(
            t_s=0.6 * i,
            turn=1,
            what="gunshot",
            event_kind="gunshot",
            shooter="viper-1",
            target="viper-2",
            weapon="M61A1 Vulcan",
            range_ft=12_345.0,
            range_fp=31.0,
            aa_deg=123.0,
            ata_deg=12.0,
            table="tracking shot, gun table column 5, roll modifier +26 " * 2,
            dice=(roll, roll),
            outcome="hit: 6 damage points, 2 critical hits, engine and fuel",
        )
        for i in range(12)
    ]


def smallest_text_px(base: Any, scene: Any) -> dict[str, float]:
    """The smallest letter height in pixels of each panel's text (its net text scale in
    aspect2d times aspect2d's pixels per unit); the PHAD's heading numbers are counted from
    the disc's scale (they are flattened into one Geom)."""
    from panda3d.core import TextNode

    from sim.view.hud.phad import PANEL_RADIUS

    aspect2d = base.aspect2d
    px_per_unit = base.win.getYSize() / (2 * float(base.a2dTop))
    hud = scene.hud
    roots = hud.named_roots()
    roots.pop("phad")
    parts = {
        **roots,
        "phad legend": hud.phad.legend,
        "scrub": scene.scrub.root,
        "legend": scene.legend.root,
        **scene.instructor.screen_parts(),
    }
    found: dict[str, float] = {}
    for name, root in parts.items():
        if root.isHidden():
            continue
        sizes = [
            node.getTransform(aspect2d).getScale()[2] * px_per_unit
            for node in [root, *root.findAllMatches("**")]
            if isinstance(node.node(), TextNode) and not node.isHidden()
        ]
        if sizes:
            found[name] = min(sizes)
    disc = hud.phad.disc.getTransform(aspect2d).getScale()[2]
    found["phad headings"] = 0.5 * disc * px_per_unit
    assert PANEL_RADIUS > 0
    return found


@pytest.fixture(scope="module")
def reports(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Any]]:
    from tests.sim.test_playback import merge

    path = tmp_path_factory.mktemp("hud-layout") / "merge.npz"
    merge().save(path)

    def run(size: tuple[int, int]) -> dict[str, Any]:
        return shape_report("tests.sim.test_hud_layout", size, path)

    # The pool's threads allocate while this process holds Panda3D objects: only the main
    # thread may collect them (sim.main_thread_gc).
    with (
        main_thread_collects(),
        ThreadPoolExecutor(max_workers=max(2, min(4, os.cpu_count() or 2))) as pool,
    ):
        results = dict(zip(SHAPES, pool.map(run, SHAPES.values()), strict=True))
    return results


def _overlap(a: list[float], b: list[float]) -> bool:
    return min(a[1], b[1]) > max(a[0], b[0]) + 1e-4 and min(a[3], b[3]) > max(a[2], b[2]) + 1e-4


@pytest.mark.parametrize("shape", SHAPES)
def test_every_panel_is_on_screen_and_clear_of_every_other(
    reports: dict[str, dict[str, Any]], shape: str
) -> None:
    report = reports[shape]
    half_w, half_h = report["extent"]
    width, height = SHAPES[shape]
    assert report["pixels"] == [width, height]
    if width < height:  # Panda3D keeps the width at -1 .. 1 on a portrait window
        assert half_w == pytest.approx(1.0) and half_h == pytest.approx(height / width)
    problems: list[str] = []
    for config, seen in report["configs"].items():
        boxes = seen["boxes"]
        expected = {"header", "gauges", "sensors", "status", "throttle", "phad", "clock"}
        expected |= {"ticker", "scrub"}
        if config.endswith("True"):
            expected |= {"energy-chart", "instructor-label"}
        missing = expected - set(boxes)
        if missing:
            problems.append(f"{shape} {config}: {sorted(missing)} not shown")
        names = sorted(boxes)
        for i, a in enumerate(names):
            box = boxes[a]
            if not (
                box[0] >= -half_w - 1e-3
                and box[1] <= half_w + 1e-3
                and box[2] >= -half_h - 1e-3
                and box[3] <= half_h + 1e-3
            ):
                problems.append(f"{shape} {config}: {a} {box} is off the screen")
            for b in names[i + 1 :]:
                if _overlap(box, boxes[b]):
                    problems.append(f"{shape} {config}: {a} {box} overlaps {b} {boxes[b]}")
        help_box = seen["help"]
        if not (-half_w <= help_box[0] and help_box[1] <= half_w and -half_h <= help_box[2]):
            problems.append(f"{shape} {config}: the help {help_box} is off the screen")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("shape", SHAPES)
def test_the_aircraft_list_reads_and_keeps_clear_of_the_instruments(
    reports: dict[str, dict[str, Any]], shape: str
) -> None:
    """The aircraft list (i) hangs between the HUD's top columns; on a window too narrow
    for it there (a 600-pixel-wide one squeezed it to a smudge) it spans the window under
    them instead, clear of the throttle and the PHAD."""
    from sim.app import LEAST_LIST_SCALE

    seen = reports[shape]["lists"]
    boxes = seen["boxes"]
    half_w, half_h = reports[shape]["extent"]
    box = boxes["aircraft-list"]
    assert -half_w - 1e-3 <= box[0] and box[1] <= half_w + 1e-3, box
    assert -half_h - 1e-3 <= box[2] and box[3] <= half_h + 1e-3, box
    instruments = ["header", "gauges", "sensors", "status", "throttle", "phad", "clock", "scrub"]
    hit = [k for k in instruments if k in boxes and _overlap(box, boxes[k])]
    assert not hit, f"{shape}: the aircraft list overlaps {hit}"
    if shape.startswith(("portrait 600", "4:3", "5:4")):
        assert seen["scales"][0] >= LEAST_LIST_SCALE


@pytest.mark.parametrize("shape", SHAPES)
def test_the_shot_log_reads_and_keeps_clear_of_the_instruments(
    reports: dict[str, dict[str, Any]], shape: str
) -> None:
    """The shot log (o) stands where the event list does, above the scrub bar between the
    throttle and the PHAD; on a window too narrow there for its full rows (a tall one) it
    takes short ones rather than shrinking past reading."""
    seen = reports[shape]["shot_log"]
    boxes = seen["boxes"]
    half_w, half_h = reports[shape]["extent"]
    box = boxes["shot-log"]
    assert -half_w - 1e-3 <= box[0] and box[1] <= half_w + 1e-3, box
    assert -half_h - 1e-3 <= box[2] and box[3] <= half_h + 1e-3, box
    instruments = ["header", "gauges", "sensors", "status", "throttle", "phad", "clock", "scrub"]
    hit = [k for k in instruments if k in boxes and _overlap(box, boxes[k])]
    assert not hit, f"{shape}: the shot log overlaps {hit}"
    assert "event-list" not in boxes  # the two take turns
    assert seen["text_px"] >= LEAST_TEXT_PX - 0.05, f"{shape}: {seen['text_px']:.1f} px"


@pytest.mark.parametrize("shape", SHAPES)
def test_the_smallest_text_stays_readable(reports: dict[str, dict[str, Any]], shape: str) -> None:
    problems = [
        f"{shape} {config}: {part} text is {px:.1f} px"
        for config, seen in reports[shape]["configs"].items()
        for part, px in seen["text_px"].items()
        if px < LEAST_TEXT_PX - 0.05
    ]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("shape", SHAPES)
def test_the_cockpit_layout_leaves_the_middle_of_the_view_clear(
    reports: dict[str, dict[str, Any]], shape: str
) -> None:
    report = reports[shape]
    width, height = SHAPES[shape]
    screen = Screen.of_pixels(width, height)
    problems = []
    for charted in (False, True):
        middle = clear_middle(screen, charted)
        boxes = report["configs"][f"cockpit/{charted}"]["boxes"]
        for name, box in boxes.items():
            if name != "instructor-label" and _overlap(box, list(middle)):
                problems.append(f"{shape} cockpit/{charted}: {name} {box} is in the middle")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("shape", SHAPES)
def test_the_ticker_shows_the_longest_event_whole(
    reports: dict[str, dict[str, Any]], shape: str
) -> None:
    for config, seen in reports[shape]["configs"].items():
        texts = seen["ticker_texts"]
        assert texts, (shape, config)
        assert all(text.endswith(": lost") for text in texts), (shape, config, texts)
