"""Damage (rulebook "Damage", "Damage Capacity", "Damage Control and Progressive Damage")."""

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.bop.damage import (
    DamageState,
    apply_damage,
    damage_control,
    damage_tables,
    progressive_damage,
)
from engine.bop.errors import IllegalOrder
from engine.bop.guns import resolve_gunshot
from engine.dice import Dice, pips_table
from engine.phad import Aspect
from models.aircraft import card, shipped_types
from models.files import DataFileError

SABRE = card("F-86F")
EAGLE = card("F-15C")

# Faces of the gun critical table (models/tables/damage.toml).
STRUCTURE, FUEL, ENGINE, CONTROLS, COCKPIT = 0, 2, 4, 6, 9


def d10s(*faces: int) -> Dice:
    return Dice.seeded(0, [("d10", f) for f in faces])


def test_points_reaching_the_damage_rating_shoot_the_aircraft_down() -> None:
    state = DamageState.for_card(SABRE)
    assert state.capacity == SABRE.damage.capacity == 11  # type: ignore[union-attr]
    first = apply_damage(state, 10, d10s(), card=SABRE, who="Sabre 1", turn=3)
    assert not first.destroyed and first.events == ()
    second = apply_damage(first.state, 1, d10s(), card=SABRE, who="Sabre 1", turn=4)
    assert second.newly_destroyed and second.state.points == 11
    assert second.events[-1].kind == "kill"
    again = apply_damage(second.state, 2, d10s(), card=SABRE, who="Sabre 1", turn=4)
    assert again.destroyed and not again.newly_destroyed and again.state.points == 13


def test_a_critical_hit_takes_two_rolls() -> None:
    dice = d10s(STRUCTURE, 6)
    result = apply_damage(
        DamageState.for_card(SABRE),
        1,
        dice,
        card=SABRE,
        criticals=1,
        who="Sabre 1",
        turn=2,
        source="Fagot 2",
    )
    hit = result.criticals[0]
    assert (hit.system, hit.system_roll, hit.result_roll, hit.effect) == (
        "Structure",
        0,
        6,
        "form_drag_plus_1",
    )
    assert result.events[0].kind == "critical"
    assert dice.rolls[0].purpose == "critical hit system, 1 of 1 on Sabre 1, by Fagot 2, turn 2"


def test_controls_take_no_second_roll_and_read_results_in_hit_order() -> None:
    state = DamageState.for_card(SABRE)
    first = apply_damage(state, 1, d10s(CONTROLS), card=SABRE, criticals=1, who="S", turn=1)
    second = apply_damage(first.state, 1, d10s(CONTROLS), card=SABRE, criticals=1, who="S", turn=2)
    assert first.criticals[0].effect == "roll_rates_halved"
    assert second.criticals[0].effect == "departure_plus_2"
    assert first.criticals[0].result_roll is None
    assert not second.destroyed
    third = apply_damage(second.state, 1, d10s(CONTROLS), card=SABRE, criticals=1, who="S", turn=3)
    assert third.newly_destroyed and "Controls" in (third.state.destroyed_by or "")


def test_a_bracketed_system_destroys_at_its_bracket() -> None:
    result = apply_damage(
        DamageState.for_card(SABRE),
        4,
        d10s(STRUCTURE, 0, 1, 0, STRUCTURE, 5, STRUCTURE, 9),
        card=SABRE,
        criticals=4,
        who="S",
        turn=1,
    )
    assert result.state.hits_on("Structure") == 4
    assert result.newly_destroyed and "[bracket 4]" in (result.state.destroyed_by or "")


def test_engine_hits_go_to_a_random_engine_and_count_per_engine() -> None:
    state = DamageState.for_card(EAGLE)
    assert state.engines == 2
    # Engine, engine d10 7 -> engine 2, result 9 -> engine out; then engine 1 (d10 2).
    result = apply_damage(
        state,
        2,
        d10s(ENGINE, 7, 9, ENGINE, 2, 0),
        card=EAGLE,
        criticals=2,
        who="Eagle 1",
        turn=5,
    )
    assert [(c.engine, c.effect) for c in result.criticals] == [
        (2, "engine_out"),
        (1, "engine_output_minus_quarter"),
    ]
    assert result.state.engine_hits == (1, 1) and not result.destroyed
    again = apply_damage(
        result.state, 1, d10s(ENGINE, 8, 0), card=EAGLE, criticals=1, who="Eagle 1", turn=6
    )
    assert again.newly_destroyed and "engine 2" in (again.state.destroyed_by or "")


def test_single_engine_hits_roll_no_engine_die() -> None:
    dice = d10s(ENGINE, 9)
    result = apply_damage(
        DamageState.for_card(SABRE), 1, dice, card=SABRE, criticals=1, who="S", turn=1
    )
    assert result.criticals[0].engine == 1 and len(dice.rolls) == 2


def test_a_system_the_card_lacks_takes_the_hit_on_structure() -> None:
    assert SABRE.damage is not None
    no_fuel = SABRE.model_copy(
        update={
            "damage": SABRE.damage.model_copy(
                update={"systems": tuple(s for s in SABRE.damage.systems if s.name != "Fuel")}
            )
        }
    )
    result = apply_damage(
        DamageState.for_card(no_fuel), 1, d10s(FUEL, 0), card=no_fuel, criticals=1, who="S", turn=1
    )
    assert result.criticals[0].system == "Structure"


def test_gunshot_critical_hits_feed_apply_damage() -> None:
    # Rulebook "Firing": critical hits are the lesser of the Crit roll and the damage points.
    dice = Dice.seeded(0, [("percentile", 50), ("percentile", 30), ("percentile", 99)])
    shot = resolve_gunshot(
        SABRE,
        "M3 Browning .50 cal",
        "normal",
        1,
        Aspect(0, 3),
        0,
        0,
        dice,
        "Sabre 1",
        4,
        target="Fagot 2",
    )
    crit_roll = pips_table().read(SABRE.gun("M3 Browning .50 cal").crit, 99)
    assert shot.critical_hits == min(shot.damage_points, crit_roll) == 3
    fagot = card("MiG-15bis")
    result = apply_damage(
        DamageState.for_card(fagot),
        shot.damage_points,
        Dice.seeded(3),
        card=fagot,
        criticals=shot.critical_hits,
        who="Fagot 2",
        turn=4,
        source="Sabre 1",
    )
    assert len(result.criticals) == shot.critical_hits
    assert result.state.points == shot.damage_points


def test_damage_control() -> None:
    hit = apply_damage(
        DamageState.for_card(SABRE), 1, d10s(FUEL, 0), card=SABRE, criticals=1, who="S", turn=3
    )
    with pytest.raises(IllegalOrder, match="hit this game-turn"):
        damage_control(hit.state, "Fuel", turn=3, greatest_load_g=1.0)
    with pytest.raises(IllegalOrder, match="no critical hit"):
        damage_control(hit.state, "Engine", turn=4, greatest_load_g=1.0)
    pulled = damage_control(hit.state, "Fuel", turn=4, greatest_load_g=2.0)
    assert not pulled.succeeded and "Fuel" not in pulled.state.treated
    treated = damage_control(hit.state, "Fuel", turn=4, greatest_load_g=1.5)
    assert treated.succeeded and "Fuel" in treated.state.treated
    # A treated system that suffers another hit must be treated again.
    rehit = apply_damage(treated.state, 1, d10s(FUEL, 0), card=SABRE, criticals=1, who="S", turn=5)
    assert "Fuel" not in rehit.state.treated


def test_progressive_damage_rolls_for_each_untreated_damaged_system() -> None:
    hit = apply_damage(
        DamageState.for_card(SABRE),
        2,
        d10s(FUEL, 0, STRUCTURE, 0),
        card=SABRE,
        criticals=2,
        who="S",
        turn=1,
    )
    treated = damage_control(hit.state, "Structure", turn=2, greatest_load_g=1.0).state
    calm = progressive_damage(treated, d10s(3), card=SABRE, who="S", turn=2)
    assert calm.state.points == 2 and calm.criticals == ()
    spread = progressive_damage(treated, d10s(7), card=SABRE, who="S", turn=2)
    assert spread.state.points == 3
    worse = progressive_damage(treated, d10s(9, 8), card=SABRE, who="S", turn=2)
    assert worse.criticals[0].system == "Fuel" and worse.state.hits_on("Fuel") == 2
    dice = d10s(0, 0)
    progressive_damage(hit.state, dice, card=SABRE, who="S", turn=2)
    assert [r.purpose for r in dice.rolls] == [
        "progressive damage (Fuel), S, turn 2",
        "progressive damage (Structure), S, turn 2",
    ]


def test_a_fire_adds_a_point_every_administrative_phase() -> None:
    hit = apply_damage(
        DamageState.for_card(SABRE), 1, d10s(FUEL, 9), card=SABRE, criticals=1, who="S", turn=1
    )
    assert hit.criticals[0].effect == "fire"
    calm = progressive_damage(hit.state, d10s(0), card=SABRE, who="S", turn=2)
    assert calm.points == 1
    spread = progressive_damage(hit.state, d10s(6), card=SABRE, who="S", turn=2)
    assert spread.points == 2


def test_a_bad_damage_table_names_file_and_field(tmp_path: Path) -> None:
    good = Path("models/tables/damage.toml").read_text(encoding="utf-8")
    bad = tmp_path / "damage.toml"
    bad.write_text(good.replace('"Cockpit"]\nmissile', '"Canopy"]\nmissile'))
    with pytest.raises(DataFileError) as error:
        damage_tables(bad)
    assert "damage.toml" in str(error.value) and "critical_tables.gun: Canopy" in str(error.value)


@pytest.mark.parametrize("type_id", shipped_types())
def test_card_systems_are_in_the_tables(type_id: str) -> None:
    c = card(type_id)
    assert c.damage is not None
    assert {s.name for s in c.damage.systems} <= set(damage_tables().systems)


@settings(max_examples=200, deadline=None)
@given(
    type_id=st.sampled_from(shipped_types()),
    points=st.lists(st.integers(0, 8), min_size=1, max_size=5),
    seed=st.integers(0, 2**16),
)
def test_destruction_property(type_id: str, points: list[int], seed: int) -> None:
    c = card(type_id)
    assert c.damage is not None
    state = DamageState.for_card(c)
    dice = Dice.seeded(seed)
    kills = 0
    for turn, p in enumerate(points, start=1):
        result = apply_damage(state, p, dice, card=c, criticals=p, who="X", turn=turn)
        kills += result.newly_destroyed
        state = result.state
    brackets = {s.name: s.bracket for s in c.damage.systems if s.bracket}
    bracket_reached = any(
        state.hits_on(name) >= b for name, b in brackets.items() if name != "Engine"
    ) or any(n >= brackets["Engine"] for n in state.engine_hits)
    assert state.destroyed == (state.points >= state.capacity or bracket_reached)
    assert kills == (1 if state.destroyed else 0)
    assert sum(state.engine_hits) == state.hits_on("Engine")
    assert len(state.criticals) == sum(points)
