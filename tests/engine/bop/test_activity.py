"""Activity Points (SoP 01), Aircrew Task costs and Cockpit Actions."""

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.bop.activity import (
    ACTIVITY_PATH,
    ActivityLedger,
    CockpitAction,
    NotEnoughActivityPoints,
    TaskRefused,
    activity_points,
    activity_tables,
    cockpit_actions_cost,
    combat_task_conflicts,
    crew_quality,
    load_activity_tables,
    needs_hands_off,
    receive_message,
)
from engine.bop.departure import departure_tables
from engine.bop.effects import MAX_STRAIN_AP, CrewState
from engine.bop.missile_play import PILOT_QUALITY
from engine.dice import Dice
from models.files import DataFileError

ACTIONS: tuple[CockpitAction, ...] = tuple(activity_tables().cockpit.actions)


def ledger(
    quality: str | int = "average",
    state: CrewState | None = None,
    *,
    pilot: bool = True,
    cockpit: str = "regular",
    hotas: bool = True,
    max_strain_ap: int = 2,
) -> ActivityLedger:
    book = ActivityLedger(
        "Viper 1 pilot" if pilot else "Viper 1 wso",
        quality,  # type: ignore[arg-type]
        pilot=pilot,
        cockpit=cockpit,  # type: ignore[arg-type]
        hotas=hotas,
        max_strain_ap=max_strain_ap,
    )
    book.recover(state, turn=3)
    return book


# -- the table file ----------------------------------------------------------------------


def test_shipped_tables_load() -> None:
    assert load_activity_tables(ACTIVITY_PATH) == activity_tables()


def test_bad_table_names_file_and_field(tmp_path: Path) -> None:
    bad = tmp_path / "activity.toml"
    text = ACTIVITY_PATH.read_text(encoding="utf-8")
    bad.write_text(text.replace("handoff_ap = 2", "handoff_ap = 9"))
    with pytest.raises(DataFileError) as caught:
        load_activity_tables(bad)
    assert str(bad) in str(caught.value)
    assert "cockpit.types.basic.handoff_ap" in str(caught.value)


def test_a_missing_task_is_reported(tmp_path: Path) -> None:
    bad = tmp_path / "activity.toml"
    text = ACTIVITY_PATH.read_text(encoding="utf-8")
    bad.write_text(text.replace("[tasks.damage_control]", "[tasks.damage_kontrol]"))
    with pytest.raises(DataFileError) as caught:
        load_activity_tables(bad)
    assert "tasks.damage_kontrol" in str(caught.value)


def test_tables_agree_with_departure_and_guns() -> None:
    """Control 1-2 AP matches the Departure table; Guns Defense 1-2 AP the guns rules."""
    tasks = activity_tables().tasks
    assert max(tasks["control"].ap) == departure_tables().check.control_ap_max
    assert tasks["guns_defense"].ap == (1, 2)
    assert tasks["strain"].ap == (1, 2) and max(MAX_STRAIN_AP.values()) == 2


# -- Crew Quality and AP -----------------------------------------------------------------


@pytest.mark.parametrize(("cq", "ap"), [(-2, 5), (-1, 5), (0, 6), (1, 7), (2, 7), (3, 8)])
def test_activity_points_by_crew_quality(cq: int, ap: int) -> None:
    """The printed Crew Quality table ("Activity Point Recovery (SoP 01)")."""
    assert activity_points(cq) == ap


@pytest.mark.parametrize(
    ("name", "cq", "ap"), [("green", -1, 5), ("average", 0, 6), ("veteran", 1, 7), ("ace", 2, 7)]
)
def test_scenario_quality_names(name: str, cq: int, ap: int) -> None:
    assert crew_quality(name) == cq == PILOT_QUALITY[name]  # type: ignore[arg-type]
    assert activity_points(name) == ap  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [-3, 4, "rookie"])
def test_bad_crew_quality(bad: int | str) -> None:
    with pytest.raises(ValueError, match=r"(?i)quality"):
        crew_quality(bad)  # type: ignore[arg-type]


def test_a_ledger_checks_its_crew_quality() -> None:
    with pytest.raises(ValueError, match="crew quality is one of"):
        ActivityLedger("Viper 1 pilot", "rookie")  # type: ignore[arg-type]


# -- recovery ----------------------------------------------------------------------------


def test_recovery_resets_to_full_and_does_not_accumulate() -> None:
    book = ledger("veteran")
    assert book.remaining_ap == 7
    book.spend("tally", "Bandit 1")
    assert book.recover(None, turn=4) == 7  # not 13: no carrying over
    assert book.turn == 4 and book.spends == []


@pytest.mark.parametrize(
    "state", [CrewState(g_state="loc", loc_value=2), CrewState(wounds=2)], ids=["loc", "killed"]
)
def test_unconscious_and_dead_crew_get_nothing_and_do_nothing(state: CrewState) -> None:
    book = ledger("ace", state)
    assert book.remaining_ap == 0
    with pytest.raises(TaskRefused, match="unconscious or killed") as caught:
        book.spend("communications_receipt")
    assert caught.value.rule == "LOC (Unconscious) or Killed"
    with pytest.raises(TaskRefused, match="unconscious or killed"):
        book.cockpit_action("warning_call")  # not even a free cockpit action


def test_wounded_recover_in_full_and_pay_one_more_per_task() -> None:
    book = ledger("average", CrewState(wounds=1))
    assert book.remaining_ap == 6
    assert book.wounded
    assert book.price("tally", "Bandit 1") == 2
    assert book.price("visual_search", "Bandit 1") == 3
    assert book.price("communications_receipt") == 0  # nothing to add to
    book.spend("missile_defense")
    assert book.remaining_ap == 4


@pytest.mark.parametrize(
    ("task", "target", "ap"),
    [("strain", None, 1), ("fix", "Bandit 1", None), ("guns_engagement", "Bandit 1", None)],
)
def test_wounded_cannot_strain_engage_or_fix(task: str, target: str | None, ap: int | None) -> None:
    book = ledger("average", CrewState(wounds=1))
    with pytest.raises(TaskRefused) as caught:
        book.spend(task, target, ap)  # type: ignore[arg-type]
    assert caught.value.rule == "Wounded"


# -- paying and refusing -----------------------------------------------------------------


def test_not_enough_ap_names_task_cost_and_what_is_left() -> None:
    book = ledger("green")  # 5 AP
    book.spend("visual_search", "Bandit 1")
    book.spend("visual_search", "Bandit 2")
    with pytest.raises(NotEnoughActivityPoints) as caught:
        book.spend("padlock", "Bandit 1")
    error = caught.value
    assert (error.task, error.cost_ap, error.remaining_ap) == ("padlock", 2, 1)
    assert "Padlock costs 2 AP, 1 left" in str(error) and "Viper 1 pilot, turn 3" in str(error)
    assert book.remaining_ap == 1 and book.engaged is None  # nothing changed
    assert book.can_spend("tally", "Bandit 1") and not book.can_spend("padlock", "Bandit 1")


def test_spend_records_the_payment() -> None:
    book = ledger()
    spend = book.spend("damage_control")
    assert (spend.ap, spend.remaining_ap, book.remaining_ap) == (4, 2, 2)
    assert spend.record.kind == "activity"
    assert spend.record.detail == "Viper 1 pilot spends 4 AP on Damage Control, 2 left"


@pytest.mark.parametrize(
    "task",
    ["spin_recovery", "fix", "guns_engagement", "guns_defense", "missile_defense", "control"],
)
def test_pilot_only_tasks(task: str) -> None:
    book = ledger(pilot=False)
    with pytest.raises(TaskRefused, match="only the pilot"):
        book.price(task, "Bandit 1", 1)  # type: ignore[arg-type]


def test_chosen_amounts() -> None:
    book = ledger()
    with pytest.raises(TaskRefused, match="1 or 2 AP"):
        book.price("control")
    assert book.price("control", ap=2) == 2
    assert book.price("radar_operation", ap=3) == 3
    with pytest.raises(TaskRefused, match="costs 2 AP, not 1"):
        book.price("padlock", "Bandit 1", ap=1)


def test_strain_limited_by_g_training() -> None:
    early = ledger(max_strain_ap=MAX_STRAIN_AP["early"])
    assert early.price("strain", ap=1) == 1
    with pytest.raises(TaskRefused, match="at most 1 AP"):
        early.price("strain", ap=2)
    untrained = ledger(max_strain_ap=MAX_STRAIN_AP["none"])
    with pytest.raises(TaskRefused, match="at most 0 AP"):
        untrained.price("strain", ap=1)


def test_spin_recovery_takes_all_remaining_ap() -> None:
    book = ledger("ace")
    book.spend("tally", "Bandit 1")
    spend = book.spend("spin_recovery")
    assert (spend.ap, book.remaining_ap) == (6, 0)


# -- Guns Engagement, Guns Defense, Missile Defense ------------------------------------------


@pytest.mark.parametrize(
    ("task", "used", "conflicts"),
    [
        ("guns_engagement", ["guns_defense"], {"guns_defense"}),
        ("guns_defense", ["missile_defense", "tally"], {"missile_defense"}),
        ("missile_defense", ["guns_engagement"], {"guns_engagement"}),
        ("missile_defense", ["missile_defense"], set()),
        ("padlock", ["guns_engagement"], set()),
    ],
)
def test_combat_task_conflicts(task: str, used: list[str], conflicts: set[str]) -> None:
    assert combat_task_conflicts(task, used) == conflicts  # type: ignore[arg-type]


def test_combat_tasks_exclude_each_other_in_the_ledger() -> None:
    book = ledger("ace")
    book.spend("missile_defense")
    with pytest.raises(TaskRefused, match="not with Missile Defense"):
        book.spend("guns_engagement", "Bandit 1")
    book.spend("missile_defense")  # a second missile: still allowed


def test_guns_engagement_doubles_other_sighting_and_limits_padlock_and_fix() -> None:
    book = ledger("ace")  # 7 AP
    book.spend("guns_engagement", "Bandit 1")
    assert book.engaged == "Bandit 1"
    assert book.price("tally", "Bandit 2") == 2
    assert book.price("visual_search", "Bandit 3") == 4
    assert book.price("tally_friendlies") == 2
    with pytest.raises(TaskRefused, match="only against it") as caught:
        book.price("padlock", "Bandit 2")
    assert caught.value.rule == "Padlock"
    with pytest.raises(TaskRefused, match="only against it") as fixing:
        book.price("fix", "Bandit 2")
    assert fixing.value.rule == "Fixes in Gun Combat"
    with pytest.raises(TaskRefused, match="already engaging"):
        book.price("guns_engagement", "Bandit 2")


def test_guns_engagement_includes_a_fix_and_a_tally_of_its_target() -> None:
    book = ledger("ace")
    book.spend("guns_engagement", "Bandit 1")
    assert book.spend("fix", "Bandit 1").ap == 0
    assert book.spend("tally", "Bandit 1").ap == 0
    assert book.price("padlock", "Bandit 1") == 2  # the other choice is gone
    assert book.remaining_ap == 5


def test_guns_engagement_includes_a_padlock_instead() -> None:
    book = ledger("ace")
    book.spend("guns_engagement", "Bandit 1")
    assert book.spend("padlock", "Bandit 1").ap == 0
    assert book.price("fix", "Bandit 1") == 1
    assert book.price("tally", "Bandit 1") == 1


@pytest.mark.parametrize(("defense_ap", "free_padlock"), [(1, False), (2, True)])
def test_guns_defense_free_tally_or_padlock(defense_ap: int, free_padlock: bool) -> None:
    book = ledger("ace")
    book.spend("guns_defense", "Bandit 1", defense_ap)
    assert book.defending_against == "Bandit 1"
    assert book.price("tally", "Bandit 1") == 0
    assert book.price("padlock", "Bandit 1") == (0 if free_padlock else 2)
    assert book.price("tally", "Bandit 2") == 2  # doubled
    book.spend("tally", "Bandit 1")
    assert book.price("padlock", "Bandit 1") == 2  # one free task only
    with pytest.raises(TaskRefused, match="single engaging aircraft"):
        book.price("guns_defense", "Bandit 2", 1)


def test_missile_defense_does_not_double_sighting() -> None:
    book = ledger()
    book.spend("missile_defense")
    assert book.price("visual_search", "Bandit 1") == 2


def test_one_padlock_and_one_fix_a_turn() -> None:
    book = ledger("ace")
    book.spend("padlock", "Bandit 1")
    with pytest.raises(TaskRefused, match="only one"):
        book.price("padlock", "Bandit 2")
    book.spend("fix", "Bandit 1")
    with pytest.raises(TaskRefused, match="only one attempt"):
        book.price("fix", "Bandit 2")


# -- cockpit actions, HOTAS and the Hands Off Switch Action --------------------------------


def test_basic_cockpit_pays_every_action() -> None:
    actions: list[CockpitAction] = ["weapon_select", "launch", "launch", "warning_call"]
    assert cockpit_actions_cost(actions, "basic") == 4


def test_regular_cockpit_pays_the_most_used_action_of_each_class() -> None:
    actions: list[CockpitAction] = ["weapon_select", "launch", "launch", "shot_call"]
    assert cockpit_actions_cost(actions, "regular") == 2  # offensive: launch twice
    assert cockpit_actions_cost([*actions, "warning_call", "set_mode"], "regular") == 4


def test_improved_cockpit_worked_example() -> None:
    """An Improved cockpit crew member whose only Defensive action was a warning call pays
    nothing for it: one cockpit action a game-turn is ignored ("Cockpit Actions")."""
    assert cockpit_actions_cost(["warning_call"], "improved") == 0
    assert cockpit_actions_cost(["warning_call"], "regular") == 1
    assert cockpit_actions_cost(["warning_call", "set_mode"], "advanced") == 1
    # the ignored action is the one that saves most: launch twice vs weapon select once
    assert cockpit_actions_cost(["launch", "launch", "weapon_select"], "improved") == 1


@given(
    st.lists(st.sampled_from(ACTIONS), max_size=8),
    st.sampled_from(ACTIONS),
    st.sampled_from(["basic", "regular", "improved", "advanced"]),
)
def test_cockpit_costs_never_fall_as_actions_are_added(
    actions: list[CockpitAction], extra: CockpitAction, cockpit: str
) -> None:
    before = cockpit_actions_cost(actions, cockpit)  # type: ignore[arg-type]
    after = cockpit_actions_cost([*actions, extra], cockpit)  # type: ignore[arg-type]
    assert 0 <= before <= after <= before + 1


@given(st.lists(st.sampled_from(ACTIONS), max_size=8))
def test_better_cockpits_never_cost_more(actions: list[CockpitAction]) -> None:
    costs = [cockpit_actions_cost(actions, c) for c in ("basic", "regular", "improved")]
    assert costs == sorted(costs, reverse=True)
    assert cockpit_actions_cost(actions, "advanced") == costs[-1]


def test_switch_actions_need_hands_off_without_hotas() -> None:
    assert needs_hands_off("weapon_select", hotas=False)
    assert not needs_hands_off("weapon_select", hotas=True)
    assert not needs_hands_off("warning_call", hotas=False)
    assert needs_hands_off("swing_wing", hotas=True)  # "Manual Swing-Wing"


def test_ledger_charges_cockpit_actions_and_hands_off_once() -> None:
    book = ledger("average", hotas=False)  # 6 AP, Regular cockpit
    first = book.cockpit_action("weapon_select")
    assert first.ap == 2  # 1 for the Offensive class + 1 Hands Off Switch Action
    assert book.cockpit_action("launch").ap == 0  # same class, most-used still 1; hands off paid
    assert book.cockpit_action("set_mode").ap == 1  # a new class
    assert book.tasks_used.count("hands_off_switch") == 1
    # the Hands Off Switch Action now adds 1 to each visual task
    assert book.price("visual_search", "Bandit 1") == 3
    assert book.price("tally", "Bandit 1") == 2
    assert book.price("fix", "Bandit 1") == 1  # not a visual task
    assert book.remaining_ap == 3


def test_hotas_cockpit_has_no_hands_off_surcharge() -> None:
    book = ledger(hotas=True)
    assert book.cockpit_action("weapon_select").ap == 1
    assert book.price("visual_search", "Bandit 1") == 2
    with pytest.raises(TaskRefused, match="without HOTAS"):
        book.price("hands_off_switch")


def test_hands_off_surcharge_stacks_on_the_doubled_cost() -> None:
    book = ledger("ace", hotas=False)
    book.spend("hands_off_switch")
    book.spend("guns_engagement", "Bandit 1")  # 2 + 1 hands off
    assert book.remaining_ap == 3
    assert book.price("tally", "Bandit 2") == 3  # 1 doubled, + 1


def test_wounded_cockpit_actions_pay_one_more_when_they_cost() -> None:
    book = ledger("ace", CrewState(wounds=1), cockpit="improved")
    assert book.cockpit_action("warning_call").ap == 0  # ignored action: nothing to add to
    assert book.cockpit_action("set_mode").ap == 2


@pytest.mark.parametrize(
    ("cockpit", "costs"),
    [("basic", [2, 2]), ("regular", [1, 1]), ("improved", [1, 0]), ("advanced", [0, 0])],
)
def test_sensor_handoff_by_cockpit(cockpit: str, costs: list[int]) -> None:
    book = ledger(cockpit=cockpit)
    assert [book.spend("sensor_handoff").ap for _ in costs] == costs


def test_sensor_handoff_without_hotas_takes_the_hands_off_action() -> None:
    book = ledger(cockpit="advanced", hotas=False)
    assert book.spend("sensor_handoff").ap == 1
    assert book.spend("sensor_handoff").ap == 0
    assert book.price("padlock", "Bandit 1") == 3


# -- Communications Receipt --------------------------------------------------------------


def test_an_idle_crew_member_hears_messages_without_a_roll() -> None:
    rolls = Dice.seeded(0)
    assert receive_message(ledger(), rolls, "Bandit 1").received
    assert rolls.rolls == []


@pytest.mark.parametrize(("roll", "received"), [(3, True), (2, False)])
def test_a_busy_crew_member_hears_on_three_or_more(roll: int, received: bool) -> None:
    book = ledger()
    book.spend("missile_defense")
    receipt = receive_message(book, Dice.seeded(0, [("d10", roll)]), "Bandit 1")
    assert (receipt.received, receipt.roll) == (received, roll)


def test_a_crew_member_out_of_ap_rolls_and_the_unconscious_hear_nothing() -> None:
    book = ledger()
    book.spend("spin_recovery")
    assert not receive_message(book, Dice.seeded(0, [("d10", 0)]), "Bandit 1").received
    out = ledger(state=CrewState(g_state="loc", loc_value=1))
    rolls = Dice.seeded(0)
    assert not receive_message(out, rolls, "Bandit 1").received
    assert rolls.rolls == []
