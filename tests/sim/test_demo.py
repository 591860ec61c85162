"""The demo on the offscreen ShowBase: a short recording, the title card against the fight,
the viewer's takeover and return, clean teardown, and the ``furball demo`` command."""

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from models.playlist import Playlist, Vignette
from scenarios import find_playlist
from sim.demo.director import DemoDirector
from sim.demo.loop import DemoLoop, Reel, load_reels, record
from tests.sim.cli_helpers import run
from tests.sim.conftest import TEST_HEIGHT, TEST_WIDTH, grab

PLAYLIST = Playlist(
    title="test loop",
    vignettes=(
        Vignette(
            scenario="historical/guns-duel",
            title="MiG Alley, 1952",
            briefing="A Sabre slides in behind an unaware MiG-15: two bursts of .50 calibre.",
            to_s=36.0,
            replay_from_s=4.0,
            replay_to_s=14.0,
            camera="chase",
            select="sabre-1",
        ),
        Vignette(
            scenario="bfm/maneuver-barrel-roll-attack",
            title="Barrel-roll attack",
            briefing="Too much overtake? Spend it as a barrel roll and come out behind.",
            to_s=18.0,
            replay_from_s=0.0,
            replay_to_s=18.0,
            camera="chase",
            select="eagle-1",
            instructor=True,
        ),
    ),
)


@pytest.fixture(scope="module")
def reels() -> list[Reel]:
    return load_reels(PLAYLIST)


def _counts(base: Any) -> tuple[int, int, int]:
    return (
        base.render.findAllMatches("**").getNumPaths(),
        base.aspect2d.findAllMatches("**").getNumPaths(),
        len(base.taskMgr.getAllTasks()),
    )


def test_a_short_recording_has_every_frame_and_the_title_card_differs_from_the_fight(
    clean_scene: Any, reels: list[Reel], tmp_path: Path
) -> None:
    import av

    loop = DemoLoop(clean_scene, PLAYLIST.title, reels, DemoDirector(PLAYLIST.vignettes))
    out = tmp_path / "demo.mp4"
    try:
        frames = record(clean_scene, loop, out, 20.0, 5, (TEST_WIDTH, TEST_HEIGHT))
    finally:
        loop.destroy()
    assert frames == 100
    with av.open(str(out)) as container:
        decoded = [f.to_ndarray(format="rgb24") for f in container.decode(video=0)]
    assert len(decoded) == 100 and decoded[0].shape == (TEST_HEIGHT, TEST_WIDTH, 3)
    title, fight = decoded[10].astype(int), decoded[60].astype(int)  # 2 s and 12 s in
    assert np.abs(title - fight).mean() > 20
    # The title card veils the scene: dark overall, with bright letters in the middle.
    assert title.mean() < 60 < fight.mean()
    middle = title[TEST_HEIGHT * 3 // 8 : TEST_HEIGHT // 2, TEST_WIDTH // 4 : TEST_WIDTH * 3 // 4]
    assert (middle.min(axis=2) > 200).mean() > 0.02


def test_the_loop_cuts_to_the_shooter_and_captions_the_moment(
    clean_scene: Any, reels: list[Reel]
) -> None:
    director = DemoDirector(PLAYLIST.vignettes)
    loop = DemoLoop(clean_scene, PLAYLIST.title, reels, director)
    try:
        loop.step(0.0)
        assert loop.scene.rig.mode == "orbit"  # circling behind the title card
        cue = loop.step(6.0 + 10.5)  # 10.5 s into the fight: the kill at 12 s is coming
        assert (cue.phase, cue.t_s) == ("fight", 10.5)
        assert loop.scene.rig.mode == "chase"
        assert loop.scene.playback.selected == "sabre-1"
        overlay = loop.overlay
        assert overlay.caption.text_node.getText() == "Sabre 1 opens fire on Fagot 1"
        assert not overlay.caption.node.isHidden() and not overlay.banner.root.isHidden()
        assert overlay.title_card.root.isHidden()
        image = grab(clean_scene)
        assert image.std() > 5
    finally:
        loop.destroy()


def test_a_visitor_takes_over_and_the_loop_comes_back_leaving_nothing_behind(
    clean_scene: Any, reels: list[Reel]
) -> None:
    from sim.demo.app import BUTTON_EVENT, DemoApp

    before = _counts(clean_scene)
    director = DemoDirector(PLAYLIST.vignettes, idle_s=5.0)
    app = DemoApp(clean_scene, DemoLoop(clean_scene, PLAYLIST.title, reels, director))
    try:
        app.tick(0.0)
        app.tick(10.0)  # into the first fight
        during_loop = _counts(clean_scene)
        # Panda3D throws a key's own event, then the generic button event.
        clean_scene.messenger.send("space")
        clean_scene.messenger.send(BUTTON_EVENT, ["space"])
        assert director.mode == "viewer" and app.viewer is not None
        assert clean_scene.taskMgr.hasTaskNamed("furball-update")
        assert not app.loop.scene.scrub.root.isHidden()
        assert not app.viewer.playback.playing  # the first key also did its job
        clean_scene.messenger.send("space")  # the viewer's own bindings now
        assert app.viewer.playback.playing
        assert app.loop.scene.help.lines[-1][0] == "ctrl-q"
        app.tick(4.0)
        assert director.mode == "viewer"
        assert "resumes in 1 s" in app.loop.overlay.viewer_note.text_node.getText()
        app.tick(1.0)  # idle long enough: back to the loop at the next vignette
        assert director.mode == "attract" and app.viewer is None
        assert (director.vignette, director.phase) == (1, "title")
        assert not clean_scene.taskMgr.hasTaskNamed("furball-update")
        app.tick(0.1)
        assert app.loop.scene.timeline is reels[1].timeline
        app.tick(PLAYLIST.vignettes[1].duration_s)  # round to the first vignette again
        assert director.vignette == 0
        assert _counts(clean_scene) == during_loop
    finally:
        app.destroy()
    assert _counts(clean_scene) == before


def test_esc_hands_the_screen_back_and_the_loop_plays_on(
    clean_scene: Any, reels: list[Reel]
) -> None:
    """The esc that gives the screen back is followed by its generic button event, which
    once handed the old scene over again: the next vignette destroyed it under the viewer's
    update task (``!is_empty()`` in the box minis) and the screen went black."""
    from sim.demo.app import BUTTON_EVENT, DemoApp

    director = DemoDirector(PLAYLIST.vignettes, idle_s=10.0)
    app = DemoApp(clean_scene, DemoLoop(clean_scene, PLAYLIST.title, reels, director))
    try:
        app.tick(0.0)
        app.tick(10.0)
        clean_scene.messenger.send("2")
        clean_scene.messenger.send(BUTTON_EVENT, ["2"])
        assert app.viewer is not None and app.loop.scene.rig.mode == "chase"
        clean_scene.clock.tick()  # a later frame
        clean_scene.messenger.send("escape")
        clean_scene.messenger.send(BUTTON_EVENT, ["escape"])
        assert director.mode == "attract" and app.viewer is None
        assert not clean_scene.taskMgr.hasTaskNamed("furball-update")
        for _ in range(20):
            app.tick(0.25)
            clean_scene.taskMgr.step()
        assert director.vignette == 1 and app.viewer is None
    finally:
        app.destroy()


def test_a_visitor_arriving_during_the_title_card_gets_the_hud(
    clean_scene: Any, reels: list[Reel]
) -> None:
    from sim.demo.app import DemoApp

    director = DemoDirector(PLAYLIST.vignettes)
    app = DemoApp(clean_scene, DemoLoop(clean_scene, PLAYLIST.title, reels, director))
    try:
        app.tick(0.0)
        hud = app.loop.scene.hud
        assert hud.clock.root.isHidden()  # behind the title card
        app.on_input("a")
        app.tick(0.1)
        assert not hud.clock.root.isHidden() and not hud.header.root.isHidden()
        assert app.loop.overlay.title_card.root.isHidden()
        assert not app.loop.overlay.viewer_note.node.isHidden()
    finally:
        app.destroy()


def test_reels_name_a_vignette_whose_aircraft_or_times_do_not_fit() -> None:
    bad = PLAYLIST.vignettes[0].model_copy(update={"select": "nobody"})
    with pytest.raises(ValueError, match=r"vignette 1 \(MiG Alley, 1952\).*sabre-1"):
        load_reels(Playlist(title="bad", vignettes=(bad,)))
    late = PLAYLIST.vignettes[1].model_copy(update={"to_s": 60.0})
    with pytest.raises(ValueError, match="past the end"):
        load_reels(Playlist(title="bad", vignettes=(late,)))


def test_the_shipped_playlist_is_found_by_name() -> None:
    assert find_playlist("demo/convention").name == "convention.playlist.toml"
    assert find_playlist("convention") == find_playlist("demo/convention")
    with pytest.raises(ValueError, match="demo/convention"):
        find_playlist("demo/nope")


def test_demo_without_a_display_says_how_to_record(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    code, out, err = run(capsys, "demo")
    assert code == 2 and out == ""
    assert "no display" in err and "--offscreen --mp4" in err
    assert len(err.strip().splitlines()) == 1


def test_demo_refuses_bad_requests_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    for command, words in (
        ("demo --offscreen", "--mp4 OUT"),
        ("demo demo/nope --mp4 x.mp4", "demo/convention"),
        ("demo --mp4 x.mp4 --idle-s 0", "--idle-s"),
        ("demo --mp4 x.mp4 --minutes -1", "--minutes"),
        ("demo --mp4 x.gif", ".mp4"),
        ("demo --mp4 x.mp4 --size big", "WIDTHxHEIGHT"),
    ):
        code, out, err = run(capsys, command)
        assert code == 2 and out == "", command
        assert words in err and len(err.strip().splitlines()) == 1, (command, err)


def test_demo_help_shows_examples(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "demo --help")
    assert code == 0
    assert "furball demo --offscreen --minutes 3 --mp4 demo.mp4" in out
    assert "ctrl-q" in out


TOP_PLAYLIST = Playlist(
    title="top loop",
    vignettes=(
        Vignette(
            scenario="bfm/merge-one-circle",
            title="One circle or two?",
            briefing="Head-on at the merge: who turns which way decides the fight.",
            to_s=36.0,
            replay_from_s=10.0,
            replay_to_s=20.0,
            camera="top",
            select="viper-1",
            instructor=True,
        ),
    ),
)


def on_film(base: Any, point_ft: Any) -> tuple[float, float]:
    from panda3d.core import Point2, Point3

    local = base.cam.getRelativePoint(base.render, Point3(*(float(c) for c in point_ft)))
    film = Point2()
    assert base.cam.node().getLens().project(local, film)
    return film.x, film.y


def film_box(base: Any, node: Any) -> tuple[float, float, float, float]:
    low, high = node.getTightBounds(base.render2d)
    return (low.x, high.x, low.z, high.z)


def test_top_shots_frame_the_fight_clear_of_the_banner_and_the_label_too(
    clean_scene: Any,
) -> None:
    from sim.demo.framing import top_shot_bounds

    reels = load_reels(TOP_PLAYLIST)
    timeline = reels[0].timeline
    whole = top_shot_bounds(timeline, 0.0, 36.0)
    merge = top_shot_bounds(timeline, 9.0, 16.0)
    assert whole is not None and merge is not None
    assert merge.size_ft < whole.size_ft  # a shorter shot frames a smaller piece of sky
    assert top_shot_bounds(timeline, 500.0, 600.0) is None  # nobody flies then
    loop = DemoLoop(clean_scene, TOP_PLAYLIST.title, reels, DemoDirector(TOP_PLAYLIST.vignettes))
    try:
        loop.step(0.0)
        assert loop.scene.rig.bounds == loop.scene.bounds  # the title card's orbit
        for step_s, t_fight_s in ((6.0 + 14.0, 14.0), (20.0, 34.0)):  # after the title
            cue = loop.step(step_s)
            assert (cue.phase, cue.t_s) == ("fight", t_fight_s)
            scene = loop.scene
            assert scene.rig.mode == "top" and scene.rig.bounds != scene.bounds
            grab(clean_scene)
            banner = film_box(clean_scene, loop.overlay.banner.root)
            attract = film_box(clean_scene, loop.overlay.attract.node)
            snapshot = scene.playback.snapshot()
            for plane in ("viper-1", "fulcrum-1"):
                _x, z = on_film(clean_scene, snapshot.entity(plane).position_ft)
                assert attract[3] < z < banner[2], (t_fight_s, plane, z)
            label = film_box(clean_scene, scene.instructor.label)
            parts = [banner, attract]
            if not loop.overlay.caption.node.isHidden():
                parts.append(film_box(clean_scene, loop.overlay.caption.node))
            for part in parts:
                assert min(label[1], part[1]) <= max(label[0], part[0]) or min(
                    label[3], part[3]
                ) <= max(label[2], part[2]), (t_fight_s, label, part)
        # A visitor taking over gets the whole engagement in the top view again.
        scene = loop.hand_over()
        assert scene.rig.bounds == scene.bounds
    finally:
        loop.destroy()
