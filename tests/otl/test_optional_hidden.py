"""§Hidden Damage."""

from __future__ import annotations

from engine.otl.optional.hidden import visible_detail
from models.otl.scenario import OtlOptions

HIDDEN = OtlOptions(hidden_damage=True)
DRAW = {"chits": ("wing_check_2", "engine_hit", "miss")}
SAID = "Camel 1 takes Wing Check -2, Engine Hit, Miss"


def test_without_the_rule_or_for_the_owner_everything_shows() -> None:
    assert visible_detail(SAID, DRAW, "entente", "central", OtlOptions()) == SAID
    assert visible_detail(SAID, DRAW, "entente", "entente", HIDDEN) == SAID
    assert visible_detail(SAID, DRAW, "entente", None, HIDDEN) == SAID


def test_the_enemy_learns_the_count_only() -> None:
    assert visible_detail(SAID, DRAW, "entente", "central", HIDDEN) == "3 chits drawn"
    one = {"chits": 1}
    assert visible_detail("x", one, "entente", "central", HIDDEN) == "1 chit drawn"


def test_obvious_effects_are_announced() -> None:
    fire = {"chits": ("engine_fire", "wing_check_1", "engine_smoking")}
    assert visible_detail(SAID, fire, "entente", "central", HIDDEN) == "3 chits drawn: fire, smoke"
    boom = {"chits": ("gas_tank_explodes",)}
    assert visible_detail(SAID, boom, "entente", "central", HIDDEN) == "1 chit drawn: explosion"
    spin = {"effects": ("spin",)}
    assert visible_detail("pilot killed, spins", spin, "entente", "central", HIDDEN) == "spin"


def test_checks_stay_secret_unless_they_fail() -> None:
    passed = {"check": "wing", "passed": True}
    failed = {"check": "wing", "passed": False}
    assert visible_detail("wing check 9 vs 7", passed, "entente", "central", HIDDEN) == ""
    assert visible_detail("wing check 3 vs 7", failed, "entente", "central", HIDDEN) == "spin"


def test_events_that_are_not_damage_pass_through() -> None:
    said = "Camel 1 fires at Fokker 1"
    assert visible_detail(said, {"roll": 9}, "entente", "central", HIDDEN) == said


def test_a_balloon_going_up_in_flames_is_announced() -> None:
    balloon = {"chits": ("miss", "gas_tank"), "effects": ("ignored", "exploded")}
    shown = visible_detail("balloon b explodes", balloon, "central", "entente", HIDDEN)
    assert shown == "2 chits drawn: explosion"
