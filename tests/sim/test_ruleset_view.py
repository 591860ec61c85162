"""A rule set other than Birds of Prey drawn by the one viewer: Darts, the small rule set
kept in the tests (no hexes, no PHAD, no throttle), renders offscreen."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from engine.rulesets import load_scenario, register, ruleset, unregister
from models.timeline import Timeline
from tests.rulesets.darts.declaration import DARTS, SCENARIOS


@pytest.fixture(scope="module")
def timeline() -> Iterator[Timeline]:
    register(DARTS)
    scenario = load_scenario(SCENARIOS / "crossing.toml")
    yield ruleset("darts").game(scenario).run()
    unregister(DARTS.name)


def test_a_darts_timeline_renders_offscreen(clean_scene: Any, timeline: Timeline) -> None:
    from sim.app import ReplayScene
    from tests.sim.conftest import grab

    scene = ReplayScene(clean_scene, timeline, camera="top", selected="blue-1")
    try:
        scene.draw_at(float(timeline.t_s[-1]) / 2)
        image = grab(clean_scene)
        assert image.std() > 5
    finally:
        scene.destroy()


def test_rules_without_altitude_tiles_show_no_stacks_and_no_tile_legend(
    clean_scene: Any, timeline: Timeline
) -> None:
    from sim.app import ReplayScene

    scene = ReplayScene(clean_scene, timeline, camera="top")
    try:
        assert not scene.has_altitude_tiles  # so the k key is not bound
        assert not scene.settings.show_stacks and not scene.legend.shown
    finally:
        scene.destroy()
