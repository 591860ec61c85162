"""Streaming a scenario: the timeline grows while the engine plays, the replay follows it."""

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from engine import Game
from models.scenario import load_scenario
from models.timeline import Timeline
from scenarios import find_scenario
from sim.playback import Playback
from sim.stream import EngineThread, GrowingTimeline, stream_scenario
from tests.scenario_toml import STRAIGHT, TURN_9G, aircraft_toml
from tests.sim.cli_helpers import run

SCENARIO = "historical/missile-fight"
"""Short, and missiles join the timeline part-way (the entity list grows too)."""

FAILS_ON_TURN_2 = (
    'name = "fails on turn 2"\nturns = 3\nseed = 4\n'
    + aircraft_toml("Good 1")
    + aircraft_toml("Bad 2", side="red", at_hex="5,5", speed_kt=250, plots=(STRAIGHT, TURN_9G))
)


def _bytes(timeline: Timeline, tmp_path: Path, name: str) -> bytes:
    path = tmp_path / f"{name}.furball.npz"
    timeline.save(path)
    return path.read_bytes()


def _streamed(text: str = SCENARIO) -> tuple[Timeline, list[Timeline]]:
    """The final timeline and every publication on the way."""
    seen: list[Timeline] = []
    scenario = load_scenario(find_scenario(text))
    final = Game(scenario).run(published=seen.append)
    return final, seen


@pytest.fixture(scope="module")
def streamed() -> tuple[Timeline, list[Timeline]]:
    return _streamed()


def test_every_publication_is_a_prefix_of_the_final_timeline(
    streamed: tuple[Timeline, list[Timeline]],
) -> None:
    final, seen = streamed
    assert [t.ticks for t in seen] == list(range(1, final.ticks + 1, 10))
    assert seen[-1] is final
    grew = False
    for part in seen:
        n, ticks = len(part.entity_ids), part.ticks
        assert part.entity_ids == final.entity_ids[:n]
        grew |= n < len(final.entity_ids)
        assert np.array_equal(part.t_s, final.t_s[:ticks])
        assert part.channels.keys() == final.channels.keys()
        for name, array in part.channels.items():
            assert np.array_equal(array, final.channels[name][:n, :ticks]), name
        assert part.meta.events == final.meta.events[: len(part.meta.events)]
        assert part.meta.turn_table == final.meta.turn_table[: len(part.meta.turn_table)]
    assert grew, "a missile joins part-way: the entity list grows"


def test_the_streamed_timeline_is_byte_identical_to_furball_run(
    streamed: tuple[Timeline, list[Timeline]],
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    output = tmp_path / "run.furball.npz"
    code, _, err = run(capsys, f"run {SCENARIO} -o {output}")
    assert code == 0, err
    engine = stream_scenario(SCENARIO)
    assert engine is not None
    assert engine.growing.wait(60)
    latest = engine.growing.latest()
    assert latest is not None and latest.complete and engine.growing.error is None
    assert _bytes(latest.timeline, tmp_path, "streamed") == output.read_bytes()
    assert _bytes(streamed[0], tmp_path, "published") == output.read_bytes()


def test_a_growing_timeline_only_grows_and_ends_once(
    streamed: tuple[Timeline, list[Timeline]],
) -> None:
    _, seen = streamed
    growing = GrowingTimeline()
    assert growing.latest() is None and not growing.complete
    growing.publish(seen[1])
    with pytest.raises(ValueError, match="only grows"):
        growing.publish(seen[0])
    growing.publish(seen[2])
    latest = growing.latest()
    assert latest is not None and latest.version == 2 and latest.timeline is seen[2]
    assert growing.wait_for(min_ticks=seen[2].ticks, timeout_s=0) is latest
    growing.finish()
    assert growing.complete and growing.wait(0)
    with pytest.raises(ValueError, match="complete"):
        growing.publish(seen[3])


def _playback_on(part: Timeline) -> Playback:
    playback = Playback(part, complete=False, trail_seconds=5.0)
    playback.set_speed(4.0)
    playback.play()
    return playback


def test_playback_waits_at_the_published_end_and_resumes_when_more_arrives(
    streamed: tuple[Timeline, list[Timeline]],
) -> None:
    final, seen = streamed
    part = seen[2]
    playback = _playback_on(part)
    selected = final.entity_ids[1]
    playback.select(selected)
    playback.loop = True  # no wrapping round a replay still growing
    for _ in range(40):
        playback.advance(0.5)
    end = float(part.t_s[-1])
    assert playback.t_s == end and playback.playing and playback.waiting
    assert playback.snapshot().duration_s == end
    playback.seek(end + 100)
    assert playback.t_s == end
    playback.extend(seen[3], complete=False)
    assert playback.t_s == end and playback.waiting is False
    playback.advance(0.5)
    assert playback.t_s == pytest.approx(end + 2.0)
    assert (playback.speed, playback.selected, playback.loop) == (4.0, selected, True)
    assert playback.trail_seconds == 5.0
    playback.extend(final, complete=True)
    assert playback.complete and playback.duration_s == float(final.t_s[-1])
    for _ in range(200):
        playback.advance(0.5)
    assert playback.playing, "a complete replay loops round again"


def test_an_extended_playback_draws_what_a_whole_one_draws(
    streamed: tuple[Timeline, list[Timeline]],
) -> None:
    final, seen = streamed
    grown = Playback(seen[1], complete=False)
    for part in seen[2:]:
        grown.extend(part, complete=part is final)
    whole = Playback(final)
    for t_s in (0.0, 7.25, float(final.t_s[-1]) * 0.6, float(final.t_s[-1])):
        a, b = grown.snapshot_at(t_s), whole.snapshot_at(t_s)
        assert (a.t_s, a.duration_s, a.selected, a.recent_events, a.bearings) == (
            b.t_s,
            b.duration_s,
            b.selected,
            b.recent_events,
            b.bearings,
        )
        assert len(a.entities) == len(b.entities)
        for mine, theirs in zip(a.entities, b.entities, strict=True):
            assert mine.position_ft == theirs.position_ft and mine.quat_wxyz == theirs.quat_wxyz
            assert mine.turn_means == theirs.turn_means
            assert np.array_equal(mine.trail_ft, theirs.trail_ft)


def test_playback_refuses_a_timeline_of_another_game(
    streamed: tuple[Timeline, list[Timeline]],
) -> None:
    final, seen = streamed
    playback = Playback(seen[3], complete=False)
    with pytest.raises(ValueError, match="only grows"):
        playback.extend(seen[2])
    shifted = Timeline(meta=final.meta, t_s=final.t_s + 1.0, channels=final.channels)
    with pytest.raises(ValueError, match="does not begin"):
        playback.extend(shifted)


def test_a_failing_turn_is_one_line_naming_the_scenario_and_rule(tmp_path: Path) -> None:
    path = tmp_path / "fails.toml"
    path.write_text(FAILS_ON_TURN_2)
    engine = stream_scenario(str(path))
    assert isinstance(engine, EngineThread)
    assert engine.growing.wait(60)
    error = engine.growing.error
    assert error is not None and "\n" not in error
    assert str(path) in error and "(Max Aero Load, Ap4)" in error and "turn 2" in error
    latest = engine.growing.latest()
    assert latest is not None and latest.timeline.ticks == 11 and not latest.complete


def test_a_held_engine_waits_for_the_viewer() -> None:
    engine = stream_scenario(SCENARIO, hold_after=2)
    assert engine is not None
    first = engine.growing.wait_for(min_ticks=2, timeout_s=60)
    assert first is not None and first.timeline.ticks == 11
    assert not engine.growing.wait(0.3)
    latest = engine.growing.latest()
    assert latest is not None and latest.timeline.ticks == 11, "held after the first turn"
    engine.resume()
    assert engine.growing.wait(60) and engine.growing.complete


def test_no_garbage_is_collected_in_the_engine_thread() -> None:
    """While the engine plays beside the window the interpreter collects no garbage on its
    own (one collection in the engine's thread freed Panda3D objects there and aborted the
    process); the window's thread collects once a frame (:mod:`sim.main_thread_gc`), and
    once the engine is done the interpreter collects as before."""
    import gc

    from sim.main_thread_gc import collect_garbage

    assert gc.isenabled()
    engine = stream_scenario(SCENARIO, hold_after=2)
    assert engine is not None
    try:
        assert not gc.isenabled()
        # Held after its first game-turn, the engine allocates nothing while this counts.
        assert engine.growing.wait_for(min_ticks=2, timeout_s=60) is not None
        assert not engine.growing.wait(0.2)
        garbage: list[object] = []
        garbage.append(garbage)  # a cycle only a collection frees
        del garbage
        kept = [[] for _ in range(gc.get_threshold()[0] + 10)]  # young objects enough...
        assert gc.get_count()[0] > gc.get_threshold()[0], "...and nobody collected them"
        collect_garbage()
        assert gc.get_count()[0] < 10, "collected in this thread"
        del kept
    finally:
        engine.resume()
        engine.join(60)
    assert gc.isenabled()


def test_a_worker_that_ends_leaves_turning_collection_back_on_to_the_main_thread() -> None:
    """A worker releases collection as it ends, but the interpreter would then collect in
    the worker's thread while it winds down: collection comes back on only when the main
    thread settles it (its next frame, or joining the engine)."""
    import gc
    import threading

    from sim.main_thread_gc import hold_collection, release_collection, settle_collection

    assert gc.isenabled()
    hold_collection()
    worker = threading.Thread(target=release_collection)
    worker.start()
    worker.join()
    assert not gc.isenabled(), "turned on in the worker's thread"
    settle_collection()
    assert gc.isenabled()


def first_tick_s() -> float:
    from engine.bop.game import TICK_S

    return float(TICK_S)


@pytest.fixture
def window(clean_scene: Any, monkeypatch: pytest.MonkeyPatch) -> Any:
    """``furball play`` opens the shared offscreen base as its window."""
    import sim.panda

    monkeypatch.setattr(sim.panda, "display_available", lambda: True)
    monkeypatch.setattr(sim.panda, "open_base", lambda *args, **kwargs: clean_scene)
    return clean_scene


def test_a_failing_turn_closes_the_window_and_exits_2(
    window: Any, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "fails.toml"
    path.write_text(FAILS_ON_TURN_2)
    code, out, err = run(capsys, f"play {path}")
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith(f"furball play: {path}: ") and "(Max Aero Load, Ap4)" in err
    assert window.render.find("furball-scene").isEmpty(), "the scene is gone"
    assert window.taskMgr.getTasksNamed("furball-update") == []


def test_the_streamed_scene_grows_with_the_timeline(
    clean_scene: Any, streamed: tuple[Timeline, list[Timeline]]
) -> None:
    from sim.app import ReplayScene
    from sim.energy import EnergyHistory
    from sim.view.energy_chart import EnergyChart
    from sim.view.layer import ViewSettings

    final, seen = streamed
    settings = ViewSettings(show_energy=True, show_sight_line=True)
    scene = ReplayScene(clean_scene, seen[0], settings, complete=False)  # the start alone
    try:
        scene.playback.play()
        scene.playback.advance(100.0)
        snapshot = scene.playback.snapshot()
        scene.draw(snapshot, 0.1)
        assert scene.scrub.duration_s == pytest.approx(1e-6)
        assert "playing the engine" in scene.scrub.label.getText()
        for part in seen[1:]:
            scene.extend(part, complete=part is final)
            for _ in range(12):
                scene.playback.advance(0.5)
                scene.draw(scene.playback.snapshot(), 0.5)
        whole = EnergyChart(clean_scene.aspect2d, EnergyHistory.from_timeline(final))
        assert scene.instructor.chart is not None
        assert scene.instructor.chart.capacity == whole.capacity, "sized by the tick step"
        whole.destroy()
        assert scene.scrub.duration_s == float(final.t_s[-1]) and not scene.scrub.pending
        assert scene.bounds == ReplayScene.__init__.__globals__["timeline_bounds"](final)
        low, high = scene.bounds.low, scene.bounds.high
        xmin, ymin, xmax, ymax = scene.layers[0].map_bounds_ft
        assert xmin <= low[0] and ymin <= low[1] and xmax >= high[0] and ymax >= high[1]
        scene.playback.advance(1.0)
        scene.draw(scene.playback.snapshot(), 0.1)
        assert "playing the engine" not in scene.scrub.label.getText()
    finally:
        scene.destroy()


def test_the_chart_built_again_keeps_the_place_the_hud_left_it(
    clean_scene: Any, streamed: tuple[Timeline, list[Timeline]]
) -> None:
    """Shown from the first frame, the energy chart is built again once the timeline has
    a second tick; the new chart must go where the HUD's layout left room for it (it once
    sat over the HUD's top panels in a window with ``--instructor``)."""
    from sim.app import ReplayScene
    from sim.view.labels import overlaps
    from sim.view.layer import ViewSettings

    _final, seen = streamed
    settings = ViewSettings(show_energy=True, show_sight_line=True)
    scene = ReplayScene(clean_scene, seen[0], settings, complete=False)
    try:
        scene.playback.play()
        frames = 3
        for _ in range(frames):
            scene.playback.advance(0.1)
            scene.draw(scene.playback.snapshot(), 0.1)
        from sim.view.hud.hud import CHART_DOCK_TAG

        first_chart = scene.instructor.chart
        assert first_chart is not None and first_chart.root.hasPythonTag(CHART_DOCK_TAG)
        dock = first_chart.root.getPythonTag(CHART_DOCK_TAG)
        scene.extend(seen[1], complete=False)
        chart = scene.instructor.chart
        assert chart is not None and chart is not first_chart
        assert chart.root.hasPythonTag(CHART_DOCK_TAG)
        assert chart.root.getPythonTag(CHART_DOCK_TAG) == dock
        for _ in range(frames):
            scene.playback.advance(0.1)
            scene.draw(scene.playback.snapshot(), 0.1)
        boxes = scene.screen_boxes()
        assert "energy-chart" in boxes
        for name in ("header", "gauges", "sensors", "status", "clock"):
            if name in boxes:  # the panels the timeline's HUD has
                assert not overlaps(boxes["energy-chart"], boxes[name]), name
    finally:
        scene.destroy()


def test_the_engine_plays_only_as_far_as_the_viewer_wants() -> None:
    engine = stream_scenario(SCENARIO, hold_after=2)
    assert engine is not None
    turn_s = 10 * first_tick_s()
    engine.want_until(turn_s * 2.5)  # the viewer wants the third game-turn
    engine.resume()
    assert engine.growing.wait_for(min_ticks=31, timeout_s=60) is not None
    assert not engine.growing.wait(0.3)
    latest = engine.growing.latest()
    assert latest is not None and latest.timeline.ticks == 31, "it stops past what is wanted"
    engine.want_until(None)
    assert engine.growing.wait(60) and engine.growing.complete


def test_no_garbage_is_collected_in_the_video_encoder_thread(tmp_path: Path) -> None:
    """The encoder's thread allocates beside the renderer; while it runs only the main
    thread collects (:mod:`sim.main_thread_gc`), as beside the engine."""
    import gc

    from sim.export import encode_video

    seen: list[bool] = []

    def frames() -> Any:
        for _ in range(3):
            seen.append(gc.isenabled())
            yield np.zeros((64, 64, 3), dtype=np.uint8)

    assert gc.isenabled()
    assert encode_video(tmp_path / "v.mp4", frames, 64, 64, 10) == 3
    assert seen == [False, False, False]
    assert gc.isenabled()
