"""The demo loop's state machine: title card, fight, key moment, next vignette; the viewer's
takeover and the return to the loop.  No Panda3D."""

import pytest

from models.playlist import Vignette
from sim.demo.director import DemoDirector, vignette_segments


def vignette(title: str = "One", **times: float) -> Vignette:
    fields = {
        "scenario": "bfm/loop",
        "title": title,
        "briefing": "Watch the loop.",
        "title_s": 6.0,
        "from_s": 10.0,
        "to_s": 50.0,
        "replay_from_s": 20.0,
        "replay_to_s": 30.0,
        "replay_speed": 0.5,
        **times,
    }
    return Vignette.model_validate(fields)


FIRST = vignette("One")  # 6 + 40 + 20 = 66 s
SECOND = vignette("Two", title_s=4.0, from_s=0.0, to_s=60.0, replay_speed=1.0)  # 4 + 60 + 10


def test_a_vignette_is_a_title_card_the_fight_and_the_key_moment_slowed() -> None:
    title, fight, replay = vignette_segments(FIRST)
    assert (title.phase, title.length_s, title.speed) == ("title", 6.0, 0.0)
    assert (fight.phase, fight.length_s, fight.t_at(0.0), fight.t_at(40.0)) == (
        "fight",
        40.0,
        10.0,
        50.0,
    )
    assert (replay.phase, replay.length_s, replay.t_at(20.0)) == ("replay", 20.0, 30.0)
    assert title.length_s + fight.length_s + replay.length_s == FIRST.duration_s


def test_the_loop_walks_every_phase_then_the_next_vignette_and_round_again() -> None:
    director = DemoDirector([FIRST, SECOND])
    cue = director.cue
    assert (cue.mode, cue.vignette, cue.phase, cue.t_s) == ("attract", 0, "title", 10.0)
    cue = director.advance(5.9)
    assert (cue.phase, cue.t_s, cue.speed) == ("title", 10.0, 0.0)  # the frozen frame
    cue = director.advance(0.1)
    assert (cue.phase, cue.t_s, cue.speed) == ("fight", 10.0, 1.0)
    cue = director.advance(12.5)
    assert cue.t_s == pytest.approx(22.5)
    assert cue.vignette_fraction == pytest.approx(18.5 / 66.0)
    cue = director.advance(27.5 + 4.0)  # the fight ends; 4 s into the replay at 0.5x
    assert (cue.phase, cue.speed) == ("replay", 0.5)
    assert cue.t_s == pytest.approx(22.0)
    cue = director.advance(16.0)
    assert (cue.vignette, cue.phase, cue.t_s) == (1, "title", 0.0)
    assert director.loops == 0
    cue = director.advance(SECOND.duration_s)
    assert (cue.vignette, cue.phase) == (0, "title")
    assert director.loops == 1
    assert director.vignettes_started == 3
    assert director.loop_length_s() == pytest.approx(FIRST.duration_s + SECOND.duration_s)


def test_a_long_step_carries_over_into_the_following_phases() -> None:
    stepped = DemoDirector([FIRST, SECOND])
    jumped = DemoDirector([FIRST, SECOND])
    for _ in range(800):
        stepped.advance(0.1)
    cue = jumped.advance(80.0)
    assert (cue.vignette, cue.phase) == (stepped.cue.vignette, stepped.cue.phase) == (1, "fight")
    assert cue.t_s == pytest.approx(stepped.cue.t_s) == pytest.approx(10.0)


def test_any_input_hands_over_and_the_loop_resumes_at_the_next_vignette_after_idling() -> None:
    director = DemoDirector([FIRST, SECOND], idle_s=30.0)
    director.advance(20.0)  # 14 s into the fight
    director.user_input()
    cue = director.cue
    assert (cue.mode, cue.vignette, cue.t_s) == ("viewer", 0, 24.0)
    assert cue.resume_in_s == 30.0
    cue = director.advance(25.0)
    assert (cue.mode, cue.t_s) == ("viewer", 24.0)  # the loop waits; the viewer drives
    assert cue.resume_in_s == pytest.approx(5.0)
    director.user_input()  # still there: the idle clock starts again
    cue = director.advance(29.0)
    assert cue.mode == "viewer" and cue.resume_in_s == pytest.approx(1.0)
    cue = director.advance(1.0)
    assert (cue.mode, cue.vignette, cue.phase, cue.phase_elapsed_s) == ("attract", 1, "title", 0)
    cue = director.advance(4.0)
    assert cue.phase == "fight"


def test_resuming_from_the_last_vignette_wraps_round_and_counts_the_loop() -> None:
    director = DemoDirector([FIRST, SECOND])
    director.advance(FIRST.duration_s + 1.0)
    director.user_input()
    director.resume()
    assert (director.mode, director.vignette, director.phase, director.loops) == (
        "attract",
        0,
        "title",
        1,
    )


def test_bad_settings_are_refused() -> None:
    with pytest.raises(ValueError, match="at least one vignette"):
        DemoDirector([])
    with pytest.raises(ValueError, match="idle timeout"):
        DemoDirector([FIRST], idle_s=0)
    with pytest.raises(ValueError, match="0 or more"):
        DemoDirector([FIRST]).advance(-1.0)
