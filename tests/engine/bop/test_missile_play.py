"""Missiles in the game loop: launches, flight, attacks, kills and their timeline entities."""

from pathlib import Path

import numpy as np
import pytest

from engine import performance as perf
from engine.bop.errors import IllegalOrder
from engine.bop.game import Game, ScenarioError
from engine.bop.missile_play import missile_name, readable
from models.orders import BopPlot
from models.scenario import load_scenario
from models.timeline import Timeline

FIGHT = Path(__file__).resolve().parents[3] / "scenarios" / "historical" / "missile-fight.toml"


@pytest.fixture(scope="module")
def timeline():  # type: ignore[no-untyped-def]
    return Game(load_scenario(FIGHT)).run()


def test_the_seeded_fight_launches_misses_hits_and_kills(timeline) -> None:  # type: ignore[no-untyped-def]
    kinds = [e.kind for e in timeline.meta.events]
    assert "launch" in kinds and "miss" in kinds and "hit" in kinds and "kill" in kinds
    assert kinds.index("miss") < kinds.index("hit") < kinds.index("kill")


def test_missiles_are_timeline_entities_in_play_from_launch_to_impact(timeline) -> None:  # type: ignore[no-untyped-def]
    missiles = [e for e in timeline.meta.entities if e.kind == "missile"]
    assert [m.id for m in missiles] == ["phantom-1-m1", "phantom-1-m2", "phantom-1-m3"]
    assert all(m.side == "blue" and m.type_id == "AIM-7E-2" for m in missiles)
    first = timeline.entity_index("phantom-1-m1")
    active = timeline.channels["active"][first]
    assert not active[0] and active.any() and not active[-1]  # from launch to impact
    xyz = np.stack([timeline.channels[c][first] for c in ("x_ft", "y_ft", "z_ft")], axis=1)
    flying = xyz[active]
    assert np.linalg.norm(np.diff(flying, axis=0), axis=1).max() < 8000  # a smooth path
    assert timeline.channels["speed_kt"][first][active].min() > 1000  # faster than the jets


def test_the_launcher_counts_its_missiles(timeline) -> None:  # type: ignore[no-untyped-def]
    phantom = timeline.entity_index("phantom-1")
    weapons = list(timeline.channels["bop.weapons"][phantom])
    assert "AIM-7E-2 x4" in weapons[0]
    # Three launched and one that failed its launch roll: the rails are empty.
    assert "AIM-7E-2" not in weapons[-1] and "AIM-9B x2" in weapons[-1]


def test_a_launch_order_for_a_missile_not_carried_is_illegal() -> None:
    scenario = load_scenario(FIGHT)
    game = Game(scenario)
    orders = game.scripted_orders()
    orders["phantom-1"] = BopPlot.model_validate(
        {
            "missile": {"type": "R-73", "target": "fishbed-1"},
            "segments": [{"kind": "straight", "ticks": 10}],
        }
    )
    with pytest.raises(IllegalOrder, match="carries no R-73"):
        game.play_turn(orders)


def test_unknown_missile_types_are_scenario_problems() -> None:
    scenario = load_scenario(FIGHT)
    bad = scenario.aircraft[0].model_copy(update={"missiles": ("AIM-54C",)})
    with pytest.raises(ScenarioError, match=r"aircraft.0.missiles.0: .*AIM-54C"):
        Game(scenario.model_copy(update={"aircraft": (bad, scenario.aircraft[1])}))


def fight_with_orders(tmp_path: Path, order: str, seed: int | None = None) -> Timeline:
    """The fight with every one of the Phantom's missile orders replaced by ``order``."""
    ordered = 'missile = { type = "AIM-7E-2", target = "fishbed-1" }, segments'
    text = FIGHT.read_text(encoding="utf-8")
    assert ordered in text
    path = tmp_path / "fight.toml"
    path.write_text(text.replace(ordered, f"missile = {order}, segments"), encoding="utf-8")
    return Game(load_scenario(path), seed).run()


def test_a_follow_on_sparrow_leaves_the_rail_after_the_first(tmp_path: Path) -> None:
    timeline = fight_with_orders(
        tmp_path, '{ type = "AIM-7E-2", target = "fishbed-1", follow_on = true }', seed=8
    )  # a seed in which both launch rolls of the first launch succeed
    launches = [e for e in timeline.meta.events if e.kind == "launch" and e.data.get("launched")]
    first_turn = [e for e in launches if e.t_s == launches[0].t_s]
    assert [e.entities[0] for e in first_turn] == ["phantom-1-m1", "phantom-1-m2"]
    phantom = timeline.entity_index("phantom-1")
    tick = round(first_turn[0].t_s / timeline.meta.tick_s)
    speed_kt = int(timeline.channels["speed_kt"][phantom][tick - 10])  # at the turn's start
    half_fp = perf.round_half_up(perf.segment_fp(speed_kt, 0, 10) / 2)
    # The follow-on boosts half the launcher's FP further than the first.
    assert [e.data["boost_fp"] for e in first_turn] == [14, 14 + half_fp]


def test_event_texts_name_missiles_and_aircraft_not_ids() -> None:
    names = {
        "phantom-1": "Phantom 1",
        "phantom-1-m1": missile_name("Phantom 1", "AIM-7E-2", 1),
        "fishbed-1": "Fishbed 1",
    }
    text = "phantom-1-m1 misses fishbed-1 (phantom-1 holds STT; phantom-1-m10 unknown)"
    assert readable(text, names) == (
        "Phantom 1's AIM-7E-2 #1 misses Fishbed 1 (Phantom 1 holds STT; phantom-1-m10 unknown)"
    )


def test_the_ticker_reads_callsigns_for_every_missile_event(timeline) -> None:  # type: ignore[no-untyped-def]
    missile_events = [e for e in timeline.meta.events if e.kind in ("launch", "miss", "hit")]
    assert missile_events
    for event in missile_events:
        assert "phantom-1" not in event.detail and "fishbed-1" not in event.detail, event.detail
    assert missile_events[0].detail.startswith("Phantom 1's AIM-7E-2 #1 launched at Fishbed 1")
