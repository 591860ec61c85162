"""The auto-director: shots from the timeline's events, merges found in the geometry, no
flicker, and captions.  No Panda3D."""

from functools import cache
from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from models.playlist import Vignette
from models.timeline import Timeline
from sim.cli.scenario_cmds import play_source
from sim.demo.shots import (
    FRAMING,
    MERGE_RANGE_FT,
    MIN_SHOT_S,
    Shot,
    head_on_passes,
    plan_shots,
    resolve,
)


@cache
def timeline(scenario: str) -> Timeline:
    return play_source(scenario)[2]


def vignette(scenario: str, camera: str, select: str, to_s: float) -> Vignette:
    return Vignette.model_validate(
        {
            "scenario": scenario,
            "title": scenario,
            "briefing": "-",
            "title_s": 20.0,
            "to_s": to_s,
            "replay_from_s": 0.0,
            "replay_to_s": to_s,
            "replay_speed": 2.0 if to_s > 60 else 1.0,
            "camera": camera,
            "select": select,
        }
    )


def test_the_camera_chases_the_shooter_before_each_gunshot_and_stays_for_the_gun_kill() -> None:
    plan = plan_shots(
        timeline("historical/guns-duel"), vignette("historical/guns-duel", "orbit", "fagot-1", 36)
    )
    before_first_burst = plan.shot_at(6.0 - 3.0)
    assert (before_first_burst.camera, before_first_burst.subject) == ("chase", "sabre-1")
    kill = plan.shot_at(12.0)
    assert (kill.camera, kill.subject, kill.kind) == ("chase", "sabre-1", "kill")
    assert plan.shot_at(30.0).camera == "orbit"  # the vignette's own camera afterwards
    assert plan.shot_at(30.0).subject == "fagot-1"
    assert plan.caption_at(5.0) == "Sabre 1 opens fire on Fagot 1"
    assert plan.caption_at(12.0) == "Fagot 1 is shot down by Sabre 1"
    assert plan.caption_at(30.0) == ""


def test_missile_launches_cut_to_the_chase_and_the_kill_to_an_orbit_of_the_scorer() -> None:
    scenario = "historical/missile-fight"
    plan = plan_shots(timeline(scenario), vignette(scenario, "top", "fishbed-1", 48))
    launch = plan.shot_at(18.0 - 2.0)
    assert (launch.camera, launch.subject, launch.kind) == ("chase", "phantom-1", "launch")
    kill = plan.shot_at(36.0)
    assert (kill.camera, kill.subject, kill.kind) == ("orbit", "phantom-1", "kill")
    assert plan.caption_at(17.0) == "Phantom 1 launches AIM-7E-2 at Fishbed 1"
    # The fourth Sparrow stays on its rail at the moment of the kill: the kill is the news.
    assert plan.caption_at(39.5) == "Fishbed 1 is shot down by Phantom 1"


def test_a_head_on_pass_within_a_mile_is_a_merge_and_the_top_view_shows_it() -> None:
    scenario = "bfm/merge-one-circle"
    passes = head_on_passes(timeline(scenario))
    assert [(p.first, p.second) for p in passes] == [("viper-1", "fulcrum-1")]
    assert 11.0 < passes[0].t_s < 15.0 and passes[0].range_ft <= MERGE_RANGE_FT
    plan = plan_shots(timeline(scenario), vignette(scenario, "chase", "viper-1", 36))
    merge = plan.shot_at(passes[0].t_s)
    assert (merge.camera, merge.kind, merge.subject) == ("top", "merge", "viper-1")
    # The pilot's call at the merge says more than the pass itself.
    assert plan.caption_at(13.0) == (
        "The merge: Viper 1 turns left; Fulcrum 1 turns right, one-circle fight"
    )
    assert plan.shot_at(30.0).camera == "chase"


def test_no_shot_is_shorter_than_the_minimum_in_any_shipped_vignette() -> None:
    for scenario, camera, select, to_s in (
        ("historical/guns-duel", "chase", "sabre-1", 36),
        ("historical/missile-fight", "orbit", "phantom-1", 48),
        ("bfm/merge-one-circle", "top", "viper-1", 36),
    ):
        plan = plan_shots(timeline(scenario), vignette(scenario, camera, select, to_s))
        shots = list(plan)
        assert shots[0].start_s == 0.0 and shots[-1].end_s == to_s
        for a, b in pairwise(shots):
            assert a.end_s == b.start_s and not a.same_view(b)
        assert all(shot.length_s >= MIN_SHOT_S for shot in shots), scenario


def test_the_weightier_moment_wins_an_overlap_and_a_sliver_folds_into_its_neighbour() -> None:
    default = Shot(0.0, 60.0, "orbit", "a", "vignette")
    launch = Shot(10.0, 17.0, "chase", "a", "launch", FRAMING["launch"].priority)
    kill = Shot(15.0, 22.0, "orbit", "b", "kill", FRAMING["kill"].priority)
    merge = Shot(21.0, 23.0, "top", "a", "merge", FRAMING["merge"].priority)
    shots = resolve([merge, launch, kill], default)
    assert [(s.start_s, s.end_s, s.camera, s.subject) for s in shots] == [
        (0.0, 10.0, "orbit", "a"),
        (10.0, 15.0, "chase", "a"),
        (15.0, 23.0, "orbit", "b"),  # the kill wins 15-22; the merge's last second folds in
        (23.0, 60.0, "orbit", "a"),
    ]


moments = st.lists(
    st.builds(
        lambda start, length, kind, subject: Shot(
            start,
            start + length,
            FRAMING[kind].camera,
            subject,
            kind,
            FRAMING[kind].priority,
        ),
        st.floats(-10.0, 100.0),
        st.floats(0.5, 12.0),
        st.sampled_from(["launch", "gunshot", "kill", "merge"]),
        st.sampled_from(["a", "b", "c"]),
    ),
    max_size=12,
)


@given(moments, st.floats(8.0, 90.0))
def test_shots_tile_the_fight_without_flicker(shots: list[Shot], length: float) -> None:
    default = Shot(0.0, length, "orbit", "a", "vignette")
    plan = resolve(shots, default)
    assert plan[0].start_s == 0.0 and plan[-1].end_s == pytest.approx(length)
    for a, b in pairwise(plan):
        assert a.end_s == b.start_s
        assert not a.same_view(b)
    assert all(shot.length_s >= MIN_SHOT_S - 1e-9 for shot in plan)
