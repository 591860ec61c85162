"""Golden playthroughs: every shipped scenario replays to the per-turn state on file.

A golden file is ``tests/golden/<group>__<name>.txt``, written by the scenario's rule set
(for Birds of Prey, one line per aircraft per game-turn, then the events).
After a deliberate rules change, regenerate them with::

    FURBALL_UPDATE_GOLDEN=1 python -m pytest tests/test_golden_playthroughs.py

and read the diff before committing it.
"""

import functools
import os
from pathlib import Path

import pytest

from engine import Game
from engine.rulesets import load_scenario, ruleset
from models.scenario_common import ScenarioCommon
from models.timeline import Timeline
from scenarios import shipped

GOLDEN_DIR = Path(__file__).parent / "golden"
SCENARIOS = {f"{Path(str(f)).parent.name}__{f.name.removesuffix('.toml')}": f for f in shipped()}


@functools.cache
def played(name: str) -> tuple[ScenarioCommon, Timeline]:
    """The shipped scenario and its timeline, played once for every test here."""
    scenario = load_scenario(Path(str(SCENARIOS[name])))
    return scenario, Game(scenario).run()


def playthrough(name: str) -> str:
    scenario, timeline = played(name)
    return ruleset(scenario.rules).playthrough(scenario, timeline)


def test_every_shipped_scenario_has_a_golden_playthrough() -> None:
    assert SCENARIOS, "no shipped scenarios found"
    missing = [n for n in SCENARIOS if not (GOLDEN_DIR / f"{n}.txt").is_file()]
    assert not missing, f"no golden playthrough for {missing}: run with FURBALL_UPDATE_GOLDEN=1"


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_scenario_replays_its_golden_playthrough(name: str) -> None:
    path = GOLDEN_DIR / f"{name}.txt"
    text = playthrough(name)
    if os.environ.get("FURBALL_UPDATE_GOLDEN") == "1":
        path.write_text(text, encoding="utf-8")
    assert path.is_file(), f"{path.name} missing: run with FURBALL_UPDATE_GOLDEN=1"
    assert text == path.read_text(encoding="utf-8")


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_events_name_timeline_entities_by_id(name: str) -> None:
    """The replay finds an event's entities by id: every name an event carries is one."""
    _, timeline = played(name)
    ids = set(timeline.entity_ids)
    for event in timeline.meta.events:
        assert set(event.entities) <= ids, f"{event.kind} at {event.t_s}: {event.entities}"
