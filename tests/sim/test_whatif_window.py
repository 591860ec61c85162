"""The window's what-if: the turn it branches at, the menu and its cursor, the session's
generations and saving, and the app swapping the replay for a branch (offscreen)."""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from engine.whatif import WhatIfError, ai_choice
from engine.whatif.plots import PULL_ROWS
from models.timeline import Timeline
from sim.whatif_cursor import MenuCursor, roll_columns, roll_heading
from sim.whatif_session import (
    Job,
    WhatIfSession,
    maneuver_label,
    menu_for,
    shipped_source_for,
    turn_at,
    turn_start_s,
)
from tests.sim.debrief_timelines import played

PERCH = "bfm/perch-9000"


@pytest.fixture(scope="module")
def perch() -> Timeline:
    return played(PERCH, 1)


@pytest.fixture(scope="module")
def session(perch: Timeline) -> WhatIfSession:
    return WhatIfSession.for_replay(PERCH, perch)


@pytest.fixture(scope="module")
def menu(session: WhatIfSession) -> Any:
    return session.menu(3, "viper-1")


def test_the_turn_is_the_one_the_clock_is_in_and_a_boundary_starts_the_next(
    perch: Timeline,
) -> None:
    turn_s = perch.meta.tick_s * perch.meta.ticks_per_turn
    assert turn_at(perch, 0.0) == 1
    assert turn_at(perch, turn_s * 0.5) == 1
    assert turn_at(perch, turn_s) == 2  # the end of turn 1 is where turn 2 departs from
    assert turn_at(perch, turn_s * 2.99) == 3
    assert turn_at(perch, float(perch.t_s[-1])) == 8  # the last turn played, not a ninth
    assert turn_start_s(perch, 3) == pytest.approx(2 * turn_s)


def test_maneuvers_are_listed_in_words() -> None:
    assert maneuver_label("bfm/high-yo-yo") == "high yo-yo"
    assert maneuver_label("bfm/split-s") == "split s"
    assert roll_heading(-3) == "L3" and roll_heading(0) == "0" and roll_heading(2) == "R2"


def test_the_menu_lists_the_ai_the_library_and_the_planner_s_plots(menu: Any) -> None:
    labels = [c.label for c in menu.listed]
    assert labels[0] == "the AI's choice" and menu.listed[0].replacement.form == "ai"
    assert {"break turn", "high yo-yo", "split s"} <= set(labels)
    assert all(c.replacement.form == "maneuver" for c in menu.listed[1:])
    assert len(menu.plots) > 100
    chosen = menu.plot_at(2, "7 G")
    assert chosen is not None and chosen.label == "roll 2 right, 7 G pull"
    assert chosen.replacement.form == "plot" and chosen.replacement.order == chosen.alternative.plot
    assert menu.plot_at(3, "unload") is None  # an unload flies from wings level
    assert roll_columns(menu) == tuple(range(-6, 7))


def test_the_cursor_walks_the_list_and_the_grid(menu: Any) -> None:
    cursor = MenuCursor(menu)
    assert cursor.choice() is menu.listed[0]
    cursor.move("up")  # the list wraps
    assert cursor.words() == "wingover"
    cursor.move("right")  # into the grid, at its left column's first row
    assert (cursor.area, cursor.roll_cells, cursor.pull) == ("grid", -6, "straight")
    for _ in range(8):
        cursor.move("right")
    for _ in range(PULL_ROWS.index("7 G")):
        cursor.move("down")
    assert cursor.words() == "roll 2 right, 7 G pull"
    for _ in range(PULL_ROWS.index("7 G") - PULL_ROWS.index("unload")):
        cursor.move("up")
    assert cursor.pull == "unload"
    assert cursor.choice() is None
    assert cursor.words() == "no legal plot rolls R2 then flies unload"
    for _ in range(20):
        cursor.move("left")
    assert cursor.area == "list" and cursor.row == 0  # back out of the grid's left edge
    cursor.put("grid", PULL_ROWS.index("max G"), 6)
    assert cursor.words() == "max G pull"


def test_another_rule_set_is_pointed_to_the_command_line() -> None:
    timeline = played("otl/camel-vs-albatros", 1, 8)
    session = WhatIfSession.for_replay("otl/camel-vs-albatros", timeline)
    first = session.source.aircraft_ids()[0]
    with pytest.raises(WhatIfError, match=r"furball whatif SOURCE --turn 2 .* --plot FILE.toml"):
        menu_for(session.source, [], 2, first)


def test_a_branch_is_flown_adopted_branched_again_and_saved(
    perch: Timeline, tmp_path: Path
) -> None:
    session = WhatIfSession.for_replay(PERCH, perch)
    menu = session.menu(3, "viper-1")
    pull = menu.plot_at(2, "7 G")
    assert pull is not None
    first = session.branch(3, "viper-1", pull.replacement)
    assert first.parent_timeline is not None and first.parent_timeline.ticks == perch.ticks
    assert 'Viper 1 flew "roll 2 right, 7 G pull"' in first.description
    session.adopt(first)
    assert session.shown == 1
    second = session.branch(5, "bandit-1", ai_choice(session.source.rules))
    session.adopt(second)
    branch = second.timeline.meta.branch
    assert branch is not None and [c.turn for c in branch.changes] == [3, 5]
    path = session.save(tmp_path)
    assert path.name == "perch-9000-whatif-t5-bandit-1.furball.npz"
    again = session.save(tmp_path)
    assert again.name == "perch-9000-whatif-t5-bandit-1-2.furball.npz"  # never over a file
    saved = Timeline.load(path)
    assert saved.meta.branch == branch
    assert session.back() is first and session.shown == 1
    assert session.back() is not None and session.shown == 0
    assert session.back() is None
    with pytest.raises(WhatIfError, match="the game as played"):
        session.save(tmp_path)
    # A saved branch opens as a session of its lineage.
    reopened = WhatIfSession.for_replay(str(path), saved)
    assert [c.turn for c in reopened.current.changes] == [3, 5]


def test_a_saved_timeline_is_found_by_its_scenario_and_checked(
    perch: Timeline, tmp_path: Path
) -> None:
    assert shipped_source_for(perch) == PERCH
    file = tmp_path / "perch.furball.npz"
    perch.save(file)
    session = WhatIfSession.for_replay(str(file), Timeline.load(file))
    assert session.needs_check
    session.check_parent()
    assert not session.needs_check
    # Another flight under the same scenario's name is refused, not branched wrongly.
    moved = {**perch.channels, "x_ft": perch.channels["x_ft"] + 400.0}
    other = replace(perch, channels=moved)
    refused = WhatIfSession.for_replay(str(file), other)
    with pytest.raises(WhatIfError, match=r"does not fly as bfm/perch-9000 with seed 1"):
        refused.menu(3, "viper-1")


def test_a_timeline_of_no_shipped_scenario_says_what_to_do(perch: Timeline) -> None:
    meta = perch.meta.model_copy(update={"scenario": "my own perch"})
    with pytest.raises(WhatIfError, match=r"'my own perch', which is not a shipped scenario"):
        WhatIfSession.for_replay("mine.furball.npz", replace(perch, meta=meta))


def test_a_job_gives_its_result_or_its_error_in_one_line() -> None:
    done = Job(lambda: 42, "a sum")
    assert done.wait(10) and done.result == 42 and done.error is None

    def refuse() -> int:
        raise WhatIfError("--turn 9: no such turn")

    def crash() -> int:
        raise KeyError("x")

    refused, crashed = Job(refuse, "the menu"), Job(crash, "the branch")
    assert refused.wait(10) and refused.error == "--turn 9: no such turn"
    assert crashed.wait(10) and crashed.error == "the branch stopped: KeyError: 'x'"


@pytest.mark.parametrize("size", [(1280, 720), (1024, 768), (960, 1080), (1920, 600), (960, 540)])
def test_the_menu_panel_fits_the_window(size: tuple[int, int]) -> None:
    from sim.view.whatif_menu import MARGIN, PANEL_HEIGHT, PANEL_WIDTH, fitted_scale

    width, height = size
    half_w, half_h = (width / height, 1.0) if width >= height else (1.0, height / width)
    scale = fitted_scale(half_w, half_h)
    assert PANEL_WIDTH * scale <= 2 * half_w - 2 * MARGIN + 1e-9
    assert PANEL_HEIGHT * scale <= 2 * half_h - 2 * MARGIN + 1e-9
    text_px = 0.05 * scale * height / (2 * half_h)
    assert text_px >= 12.0, f"menu text {text_px:.1f} px high at {size}"


def _frames(base: Any, until: Any, timeout_s: float = 60.0) -> None:
    deadline = time.monotonic() + timeout_s
    while not until():
        assert time.monotonic() < deadline, "the what-if job did not finish"
        base.taskMgr.step()


def test_the_window_flies_a_branch_and_shows_its_parent_as_the_ghost(
    clean_scene: Any, perch: Timeline, tmp_path: Path
) -> None:
    from sim.app import ReplayApp, ReplayScene

    scene = ReplayScene(clean_scene, perch, selected="viper-1")
    app = ReplayApp(clean_scene, scene, source=PERCH, save_dir=tmp_path)
    try:
        control = app.whatif
        turn_s = perch.meta.tick_s * perch.meta.ticks_per_turn
        app.playback.seek(turn_s * 2.5)
        control.open_menu()
        assert control.open and not app.playback.playing
        assert app.playback.t_s == pytest.approx(turn_s * 2)  # paused at the turn's start
        assert control.turn == 3 and control.aircraft == "viper-1"
        _frames(clean_scene, lambda: control.cursor is not None)
        assert control.status()["choices"] == len(control.cursor.menu.plots)
        assert "WHAT IF  VIPER 1  GAME-TURN 3" in control.panel.title.text
        control.cursor.put("grid", PULL_ROWS.index("7 G"), 8)
        control.fly_chosen()
        assert control.busy
        _frames(clean_scene, lambda: not control.busy)
        assert not control.open and app.scene is not scene
        assert app.scene.ghost is not None
        assert np.array_equal(app.scene.ghost.timeline.channels["x_ft"], perch.channels["x_ft"])
        panel = app.scene.ghost_panel
        assert panel is not None and panel.visible
        assert panel.change.text.startswith('Viper 1 flew "roll 2 right, 7 G pull"')
        assert app.playback.t_s == pytest.approx(turn_s * 2)
        assert app.window_status()["overlays"]["ghost"] == "this branch's parent"
        # The menu again, on the branch: save it, then back to the game as played.
        control.open_menu()
        control.save()
        assert [Path(p).name for p in control.status()["saved"]] == [
            "perch-9000-whatif-t3-viper-1.furball.npz"
        ]
        assert (tmp_path / "perch-9000-whatif-t3-viper-1.furball.npz").is_file()
        _frames(clean_scene, lambda: not control.busy)
        control.back()
        assert app.scene.ghost is None and control.session.shown == 0
        _frames(clean_scene, lambda: not control.busy)
        control.close()
        assert not control.open
    finally:
        app.destroy()


def test_the_demo_and_a_replay_without_a_source_have_no_what_if(
    clean_scene: Any, perch: Timeline
) -> None:
    from sim.app import ReplayApp, ReplayScene

    app = ReplayApp(clean_scene, ReplayScene(clean_scene, perch), demo=True, source=PERCH)
    try:
        assert app.whatif is None
        assert "y" not in {key for key, _ in app.scene.help.lines}
    finally:
        app.destroy()
