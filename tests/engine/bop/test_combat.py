"""Gun combat in the game loop (SoP 07): orders, shots, damage, kills, timeline channels."""

from pathlib import Path

import pytest

from engine.bop.errors import IllegalOrder
from engine.bop.game import Game
from models.orders import BopPlot
from models.scenario import load_scenario
from models.timeline import Timeline
from tests.engine.bop.conftest import solo

DUEL = Path(__file__).resolve().parents[3] / "scenarios" / "historical" / "guns-duel.toml"


def test_the_seeded_duel_hits_and_shoots_the_mig_down() -> None:
    timeline = Game(load_scenario(DUEL)).run()
    kinds = [e.kind for e in timeline.meta.events]
    assert kinds.count("gunshot") == 2 and kinds.count("hit") == 2 and kinds.count("kill") == 1
    fagot = timeline.entity_index("fagot-1")
    active = timeline.channels["active"][fagot]
    assert active[:21].all() and not active[21:].any()  # down at the end of turn 2
    assert timeline.channels["bop.damage"][fagot][20].startswith("destroyed")
    sabre = timeline.entity_index("sabre-1")
    weapons = list(timeline.channels["bop.weapons"][sabre])
    assert weapons[0] != weapons[-1]  # shots were spent


def test_every_gunshot_and_damage_roll_is_recorded() -> None:
    timeline = Game(load_scenario(DUEL)).run()
    purposes = [e.detail for e in timeline.meta.events if e.kind == "dice"]
    assert any("pipper on" in p for p in purposes)
    assert any("gun attack" in p for p in purposes)


def test_the_same_seed_gives_the_same_fight_and_another_seed_may_not() -> None:
    a = Game(load_scenario(DUEL)).run().meta.events
    b = Game(load_scenario(DUEL)).run().meta.events
    assert a == b


def test_out_of_range_the_pilot_holds_fire() -> None:
    scenario = load_scenario(DUEL)
    far = scenario.aircraft[1].model_copy(update={"hex": "0,30"})
    game = Game(scenario.model_copy(update={"aircraft": (scenario.aircraft[0], far)}))
    result = game.play_turn(game.scripted_orders())
    assert not [e for e in result.events if e.kind in ("gunshot", "hit", "miss")]
    assert game.aircraft["sabre-1"].shots_left == {"M3 Browning .50 cal": 13}


@pytest.mark.parametrize(
    ("target", "fragment"),
    [("test-1", "itself"), ("nobody", "no aircraft 'nobody'")],
)
def test_bad_gun_orders_are_illegal(target: str, fragment: str) -> None:
    game = Game(solo([{"segments": [{"kind": "straight", "ticks": 10}]}]))
    plot = BopPlot.model_validate(
        {"guns": {"target": target}, "segments": [{"kind": "straight", "ticks": 10}]}
    )
    with pytest.raises(IllegalOrder, match=fragment) as caught:
        game.play_turn({"test-1": plot})
    assert "SoP 07" in str(caught.value)


def duel_with_shots(tmp_path: Path, *shots: str) -> Timeline:
    """The seeded duel with the Sabre's gun order asking for ``shots``, one per game-turn
    (the last one held)."""
    plot = (
        '{{ throttle = "mil", guns = {{ target = "fagot-1", shot = "{}" }}, '
        'segments = [{{ kind = "straight", ticks = 10 }}] }},'
    )
    original = (
        '  { throttle = "mil", guns = { target = "fagot-1" }, segments = [{ kind = "straight", '
        "ticks = 10 }] },"
    )
    text = DUEL.read_text(encoding="utf-8")
    assert original in text
    text = text.replace(original, "\n".join("  " + plot.format(shot) for shot in shots))
    path = tmp_path / "duel.toml"
    path.write_text(text, encoding="utf-8")
    return Game(load_scenario(path)).run()


def gunshots(timeline: Timeline) -> list[tuple[float, str]]:
    return [(e.t_s, str(e.data["shot"])) for e in timeline.meta.events if e.kind == "gunshot"]


def test_an_initial_shot_is_declared_before_movement_and_fired_in_combat(tmp_path: Path) -> None:
    assert gunshots(duel_with_shots(tmp_path, "initial"))[:2] == [
        (6.0, "initial"),
        (12.0, "initial"),
    ]


def test_no_initial_shot_the_turn_after_a_normal_or_tracking_shot(tmp_path: Path) -> None:
    shots = gunshots(duel_with_shots(tmp_path, "best", "initial", "initial"))
    assert shots[0] == (6.0, "tracking")
    assert 12.0 not in [t for t, _ in shots]  # declared too soon after the tracking shot
    assert (18.0, "initial") in shots


def test_best_shot_is_the_default(tmp_path: Path) -> None:
    shots = gunshots(duel_with_shots(tmp_path, "best"))
    assert shots and {kind for _, kind in shots} <= {"tracking", "normal"}
