"""Gun combat in the game loop (SoP 07): orders, shots, damage, kills, timeline channels."""

from dataclasses import replace
from pathlib import Path

import pytest

from engine.bop.errors import IllegalOrder
from engine.bop.game import Game
from engine.bop.missile_play import MissileTrack
from engine.bop.missiles import MissileState
from engine.bop.sequence import SEQUENCE_OF_PLAY
from engine.hexmap import Hex, Position
from models.missile import missile_card
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


def test_the_combat_phase_runs_its_steps_in_the_sequence_of_play_order() -> None:
    """SoP 07: Initial Gunshots, Missile Attack, Normal and Tracking Gunshots, then the
    launches, each its own step."""
    combat = [phase.name for phase in SEQUENCE_OF_PLAY if phase.step == "SoP 07"]
    assert combat == [
        "Combat: Initial Gunshots",
        "Combat: Missile Attack",
        "Combat: Normal and Tracking Gunshots",
        "Combat: Missile Launch, Second Missile Launch",
    ]


def duel_with_a_sidewinder_inbound(seed: int, shot: str) -> list[tuple[str, tuple[str, ...]]]:
    """Turn 1 of the duel with the MiG one damage point from destroyed, a Sidewinder
    already flying at it close enough to attack this turn, and the Sabre's gun order asking
    for ``shot``; gives the turn's (kind, entities) events, dice left out."""
    game = Game(load_scenario(DUEL), seed)
    fagot = game.aircraft["fagot-1"]
    assert fagot.damage is not None
    fagot.damage = replace(fagot.damage, points=fagot.damage.capacity - 1)
    inbound = MissileState(
        id="sabre-1-m1",
        type_id="AIM-9B",
        launcher="sabre-1",
        target="fagot-1",
        side="blue",
        anchor=Position(Hex(0, 5), 100),
        boost_direction=fagot.attitude.nose,
        speed_fp=60,
        bleed=10,
        launched_turn=0,
    )
    game.missiles[inbound.id] = MissileTrack(
        inbound, missile_card("AIM-9B"), "AIM-9B (Sabre 1)", 0, name="Sabre 1's AIM-9B #1"
    )
    orders = game.scripted_orders()
    guns = orders["sabre-1"].guns
    assert guns is not None
    orders["sabre-1"] = orders["sabre-1"].model_copy(
        update={"guns": guns.model_copy(update={"shot": shot})}
    )
    return [(e.kind, e.entities) for e in game.play_turn(orders).events if e.kind != "dice"]


def test_an_initial_gunshot_downs_its_target_before_the_missile_attack() -> None:
    """SoP 07: Initial Gunshots resolve in their own step before Missile Attack, so a
    target they destroy is not there for the missile (seed 0: the burst kills)."""
    events = duel_with_a_sidewinder_inbound(0, "initial")
    kinds = [kind for kind, _ in events]
    assert kinds.index("gunshot") < kinds.index("kill") < kinds.index("target_gone")
    assert ("target_gone", ("sabre-1-m1", "fagot-1")) in events
    assert not [e for e in events if e[0] in ("hit", "miss") and "sabre-1-m1" in e[1]]


def firing_order(events: list[tuple[str, tuple[str, ...]]]) -> list[str]:
    """Who fired at the MiG, in event order: "guns" or "missile" per shot, hit or miss."""
    return [
        "missile" if "sabre-1-m1" in entities else "guns"
        for kind, entities in events
        if kind in ("gunshot", "hit", "miss") and "fagot-1" in entities
    ]


def test_missile_attacks_come_between_initial_and_normal_or_tracking_gunshots() -> None:
    """SoP 07: the same missile attacks after an Initial Shot (seed 5: the burst misses)
    but before a normal or tracking shot (seed 1: the missile misses, the burst kills)."""
    initial = firing_order(duel_with_a_sidewinder_inbound(5, "initial"))
    assert initial == ["guns", "guns", "missile"]  # gunshot, its miss, the missile's miss
    best = firing_order(duel_with_a_sidewinder_inbound(1, "best"))
    assert best == ["missile", "guns", "guns"]  # the missile's miss, gunshot, its hit
