"""The composed replay: the scene drawn offscreen, video export, and the play/render commands."""

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from engine import Game
from models.scenario import load_scenario
from sim.app import ReplayScene
from sim.cli.replay_cmds import parse_size, render_video
from tests.sim.cli_helpers import furball_process, run
from tests.sim.conftest import TEST_HEIGHT, TEST_WIDTH, grab

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"


@pytest.fixture(scope="module")
def timeline() -> Any:
    return Game(load_scenario(SCENARIOS / "demo" / "2v2-merge.toml")).run()


def test_the_scene_draws_every_camera_and_the_selected_mini_is_in_view(
    clean_scene: Any, timeline: Any
) -> None:
    scene = ReplayScene(clean_scene, timeline, camera="chase", selected="fulcrum-1")
    try:
        for mode in ("orbit", "chase", "cockpit", "top", "table", "padlock"):
            scene.rig.set_mode(mode)
            scene.rig.transition_s = 0.0
            snapshot = scene.draw_at(20.0)
            image = grab(clean_scene)
            assert image.std() > 5, mode  # something is drawn, not a blank sky
        scene.rig.set_mode("chase")
        snapshot = scene.draw_at(20.0)
        from panda3d.core import Point2, Point3

        me = snapshot.entity("fulcrum-1")
        point = clean_scene.cam.getRelativePoint(clean_scene.render, Point3(*me.position_ft))
        film = Point2()
        assert clean_scene.cam.node().getLens().project(point, film)
        assert abs(film[0]) < 0.5 and abs(film[1]) < 0.5  # the chased mini is near the centre
    finally:
        scene.destroy()


def test_the_padlock_frames_the_selected_mini_and_its_target_through_the_lens(
    clean_scene: Any, timeline: Any
) -> None:
    """Through Panda3D's own lens: at 22.5 s Viper 1's nearest enemy, Fulcrum 1, is dead
    astern; the padlock has both on screen, the target clear of the own mini, and ``t``
    moves it to the other enemy."""
    from panda3d.core import Point2, Point3

    from sim.padlock import MINI_RADIUS_PER_SCALE_FT

    scene = ReplayScene(clean_scene, timeline, camera="padlock", selected="viper-1")
    scene.rig.transition_s = 0.0
    cam = clean_scene.cam

    def on_film(point: tuple[float, float, float]) -> tuple[float, float]:
        film = Point2()
        assert (
            cam.node()
            .getLens()
            .project(cam.getRelativePoint(clean_scene.render, Point3(*point)), film)
        )
        return float(film[0]), float(film[1])

    try:
        snapshot = scene.draw_at(22.5)
        me, bandit = snapshot.entity("viper-1"), snapshot.entity("fulcrum-1")
        for point in (me.position_ft, bandit.position_ft):
            x, y = on_film(point)
            assert abs(x) < 0.9 and abs(y) < 0.9
        assert on_film(me.position_ft)[1] < on_film(bandit.position_ft)[1]  # own mini below
        eye = np.asarray(cam.getPos(clean_scene.render))
        to_me = np.asarray(me.position_ft) - eye
        to_bandit = np.asarray(bandit.position_ft) - eye
        cos = to_me @ to_bandit / np.linalg.norm(to_me) / np.linalg.norm(to_bandit)
        radius = MINI_RADIUS_PER_SCALE_FT * scene.settings.mini_scale / np.linalg.norm(to_me)
        assert np.arccos(cos) > 1.5 * np.arcsin(radius)
        assert scene.labels.skip == "viper-1"  # as in the chase, the HUD names the own mini
        assert grab(clean_scene).std() > 5
        scene.instructor.cycle_target()
        snapshot = scene.draw_at(22.5)
        other = snapshot.entity("fulcrum-2")
        x, y = on_film(other.position_ft)
        assert abs(x) < 0.9 and abs(y) < 0.9
    finally:
        scene.destroy()


def test_video_export_writes_every_frame_and_the_frames_change(
    clean_scene: Any, timeline: Any, tmp_path: Path
) -> None:
    import av

    scene = ReplayScene(clean_scene, timeline, camera="table")
    out = tmp_path / "clip.mp4"
    try:
        frames = render_video(clean_scene, scene, out, 10.0, 12.0, 10, (TEST_WIDTH, TEST_HEIGHT))
    finally:
        scene.destroy()
    assert frames == 21
    with av.open(str(out)) as container:
        decoded = [f.to_ndarray(format="rgb24") for f in container.decode(video=0)]
    assert len(decoded) == 21
    assert decoded[0].shape == (TEST_HEIGHT, TEST_WIDTH, 3)
    assert np.abs(decoded[0].astype(int) - decoded[-1].astype(int)).mean() > 0.5


def test_parse_size() -> None:
    assert parse_size("1920x1080") == (1920, 1080)
    assert parse_size(None) == (1280, 720)
    for bad in ("big", "10x10", "1280"):
        with pytest.raises(ValueError, match="--size"):
            parse_size(bad)


def test_play_without_a_display_says_how_to_render(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    code, out, err = run(capsys, "play bfm/loop")
    assert code == 2 and out == ""
    assert "no display" in err and "furball render bfm/loop --mp4" in err
    assert len(err.strip().splitlines()) == 1


def test_render_rejects_bad_requests(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "render bfm/loop --png x.png --select nobody")
    assert code == 2 and "viper-1" in err
    code, _, err = run(capsys, "render bfm/loop --png x.png --size huge")
    assert code == 2 and "WIDTHxHEIGHT" in err


def test_render_png_at_the_requested_size(tmp_path: Path) -> None:
    from panda3d.core import PNMImage

    done = furball_process(
        "render",
        "bfm/loop",
        "--png",
        "loop.png",
        "--at",
        "9",
        "--size",
        "480x270",
        "--camera",
        "chase",
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    image = PNMImage(str(tmp_path / "loop.png"))
    assert (image.getXSize(), image.getYSize()) == (480, 270)


def test_render_png_with_the_padlock_camera(tmp_path: Path) -> None:
    done = furball_process(
        "render",
        "demo/2v2-merge",
        "--png",
        "padlock.png",
        "--at",
        "22.5",
        "--size",
        "480x360",
        "--camera",
        "padlock",
        "--select",
        "viper-1",
        "--json",
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    assert '"camera": "padlock"' in done.stdout
    assert (tmp_path / "padlock.png").stat().st_size > 1000


def test_play_falls_back_to_an_mp4_it_names(tmp_path: Path) -> None:
    done = furball_process(
        "play", "bfm/loop", "--or-mp4", "loop.mp4", "--size", "320x180", "--json", cwd=tmp_path
    )
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "loop.mp4").stat().st_size > 1000
    assert '"window": false' in done.stdout


def test_the_window_app_binds_keys_and_updates_from_its_task(
    clean_scene: Any, timeline: Any
) -> None:
    from sim.app import ReplayApp

    scene = ReplayScene(clean_scene, timeline)
    app = ReplayApp(clean_scene, scene)
    try:
        assert app.playback.playing
        clean_scene.taskMgr.step()
        clean_scene.messenger.send("space")
        assert not app.playback.playing
        clean_scene.messenger.send("arrow_right")
        assert app.playback.t_s == pytest.approx(timeline.meta.tick_s)
        clean_scene.messenger.send("]")
        assert app.playback.t_s == pytest.approx(timeline.meta.tick_s * 10)
        clean_scene.messenger.send("2")
        assert scene.rig.mode == "chase"
        clean_scene.messenger.send("6")
        assert scene.rig.mode == "padlock"
        selected = app.playback.selected
        clean_scene.messenger.send("tab")
        assert app.playback.selected != selected
        clean_scene.messenger.send("arrow_up")
        assert app.playback.speed == 2
        assert not scene.help.visible
        clean_scene.messenger.send("h")
        assert scene.help.visible
        clean_scene.taskMgr.step()  # the update task draws without error
    finally:
        app.destroy()


def test_view_settings_can_hide_the_hud(clean_scene: Any, timeline: Any) -> None:
    from sim.view.layer import ViewSettings

    before = clean_scene.a2dTopLeft.getNumChildren()
    scene = ReplayScene(clean_scene, timeline, ViewSettings(show_hud=False, show_stacks=False))
    try:
        assert scene.hud is None
        scene.draw_at(5.0)
        assert clean_scene.a2dTopLeft.getNumChildren() == before
    finally:
        scene.destroy()
