"""The campaign's off-the-mat rules on hand-made ledgers: the night raids' recorded dice,
losses on the ground, airfields put out, the attack-phase order, the storms, the
defenders' fighters, and the victory conditions and the landings' cancellation (U-p.14)."""

from __future__ import annotations

from engine.campaign import derived_seed
from engine.dice import Dice
from engine.phantoms.campaign_rules import (
    OUT,
    PHASE_3_CANCELLED,
    STOOD_DOWN,
    aircraft_at,
    airfield_out,
    ceasefire,
    check_airfields_on_day,
    current_phase,
    day_slots,
    dispersal_size,
    interceptors,
    night_raid,
    parked_losses,
    pick_target,
    stand_down_broken,
    take_from_field,
    victory,
    weather_scrub,
)
from tests.phantoms.campaign.musketeer_setup import fresh_ledger, musketeer


def test_a_night_raid_rolls_a_die_a_bomber_and_one_for_the_runway() -> None:
    ledger = fresh_ledger()
    sortie = night_raid(musketeer(), ledger, 1, derived_seed(1956, 1), 0)
    assert sortie.status == "resolved" and sortie.target == "abu-sueir" and sortie.day == 0
    assert len(sortie.rolls) == 9 + 1
    assert all("U-p.14" in roll.purpose for roll in sortie.rolls)
    hits = sum(1 for roll in sortie.rolls[:-1] if roll.value == 10)
    assert sum(sortie.outcome.losses.values()) == hits
    assert ledger.formation("abu-sueir/mig-15bis").strength == 17 - hits
    cut = sortie.rolls[-1].value is not None and sortie.rolls[-1].value >= 4
    assert (ledger.entity("abu-sueir").attributes["runway_cut_day"] == 1) is cut


def test_ground_losses_and_the_dispersal() -> None:
    assert [dispersal_size(n) for n in (0, 1, 4, 5, 17, 32, 40)] == [0, 1, 1, 2, 5, 8, 8]
    assert [parked_losses(d, 5) for d in ("none", "light", "heavy", "destroyed")] == [0, 2, 3, 5]


def test_an_airfield_is_out_on_wrecked_hangars_or_damaged_hangars_and_dispersal() -> None:
    assert airfield_out("heavy", "none") and airfield_out("destroyed", "none")
    assert airfield_out("light", "destroyed")
    assert not airfield_out("light", "heavy") and not airfield_out("none", "destroyed")


def test_the_day_has_two_strikes_a_squadron_dawn_first() -> None:
    slots = [(wave, s.id) for wave, s in day_slots(musketeer())]
    assert slots == [(1, "6-sqn"), (1, "8-sqn"), (1, "249-sqn"),
                     (2, "6-sqn"), (2, "8-sqn"), (2, "249-sqn")]  # fmt: skip


def test_phase_one_goes_for_the_fullest_airfield_not_yet_struck_this_wave() -> None:
    campaign, ledger = musketeer(), fresh_ledger()
    assert pick_target(campaign, ledger, 1, set()) == (1, "kasfareet")  # 20 Vampires
    assert pick_target(campaign, ledger, 1, {"kasfareet"}) == (1, "abu-sueir")  # 17 MiGs
    ledger.set_status("abu-sueir", OUT, "test")
    # Out of action, but with MiGs still parked on it: still phase 1's fullest target.
    assert pick_target(campaign, ledger, 1, {"kasfareet"}) == (1, "abu-sueir")
    take_from_field(ledger, "abu-sueir", aircraft_at(ledger, "abu-sueir"))
    assert pick_target(campaign, ledger, 1, {"kasfareet"}) == (1, "kabrit")
    for airfield in campaign.defenders.airfields:
        ledger.set_status(airfield.id, OUT, "test")
    assert current_phase(campaign, ledger, 2) == 1, "aircraft still parked on the fields"
    for airfield in campaign.defenders.airfields:
        take_from_field(ledger, airfield.id, aircraft_at(ledger, airfield.id))
    assert current_phase(campaign, ledger, 2) == 2
    assert pick_target(campaign, ledger, 2, set()) == (2, "huckstep-camp")
    assert pick_target(campaign, ledger, 3, set()) == (2, "huckstep-camp")  # not yet checked
    check_airfields_on_day(campaign, ledger, 3)
    assert pick_target(campaign, ledger, 3, set()) == (3, "port-said")
    assert pick_target(campaign, ledger, 4, set()) == (3, "port-said")
    ledger.flags[PHASE_3_CANCELLED] = True
    assert pick_target(campaign, ledger, 3, set()) == (2, "huckstep-camp")


def test_storms_over_the_base_scrub_only_on_the_fourth_day() -> None:
    campaign = musketeer()
    dice = Dice.seeded(1)
    assert not weather_scrub(campaign, 1, dice, "No. 6 Squadron") and not dice.rolls
    outcomes = [weather_scrub(campaign, 4, Dice.seeded(seed), "No. 6 Squadron")
                for seed in range(40)]  # fmt: skip
    assert any(outcomes) and not all(outcomes)
    dice = Dice.seeded(3)
    scrubbed = weather_scrub(campaign, 4, dice, "No. 6 Squadron")
    face = dice.rolls[0].value
    assert face is not None and scrubbed is ((face or 10) <= 4)
    assert "U-p.14" in dice.rolls[0].purpose


def test_no_fighter_takes_off_from_a_cut_runway_or_an_airfield_out() -> None:
    campaign, ledger = musketeer(), fresh_ledger()
    for airfield in campaign.defenders.airfields:
        ledger.entity(airfield.id).attributes["runway_cut_day"] = 1
    for seed in range(20):
        assert interceptors(campaign, ledger, 1, Dice.seeded(seed), "x").pairs == ()
    ups = [interceptors(campaign, ledger, 2, Dice.seeded(seed), "x").pairs for seed in range(20)]
    assert any(len(p) == 2 for p in ups) and any(len(p) == 0 for p in ups)
    two = next(p for p in ups if len(p) == 2)
    assert [t for t, _ in two] == ["mig-15bis", "vampire-fb5"]
    for airfield in campaign.defenders.airfields:
        ledger.set_status(airfield.id, OUT, "test")
    assert all(not interceptors(campaign, ledger, 2, Dice.seeded(s), "x").pairs for s in range(20))


def test_the_anglo_french_win_once_the_eaf_is_below_half() -> None:
    campaign, ledger = musketeer(), fresh_ledger()
    assert victory(campaign, ledger, 1) is None
    ledger.lose("abu-sueir/mig-15bis", 17)
    ledger.lose("kasfareet/vampire-fb5", 14)  # 62 - 31 = 31: exactly half, not below
    assert victory(campaign, ledger, 2) is None
    ledger.lose("fayid/vampire-fb5", 1)
    result = victory(campaign, ledger, 2)
    assert result is not None and result.winner == "raf" and "30 of 62" in result.reason


def test_the_eaf_wins_when_half_the_squadrons_are_broken_each_on_its_own() -> None:
    campaign, ledger = musketeer(), fresh_ledger()
    ledger.lose("6-sqn", 7)  # 9 of 16: not broken
    ledger.lose("8-sqn", 7)
    ledger.lose("249-sqn", 7)  # 8 of 15: not broken
    assert stand_down_broken(campaign, ledger) == []
    assert victory(campaign, ledger, 2) is None  # 21 of 47 lost in all is not enough
    ledger.lose("6-sqn", 1)  # 8 of 16: half, broken
    assert stand_down_broken(campaign, ledger) == ["6-sqn"]
    assert ledger.formation("6-sqn").status == STOOD_DOWN
    assert victory(campaign, ledger, 2) is None
    ledger.lose("249-sqn", 1)
    assert stand_down_broken(campaign, ledger) == ["249-sqn"]
    result = victory(campaign, ledger, 2)
    assert result is not None and result.winner == "eaf" and "2 of 4" in result.reason


def test_an_airfield_still_working_on_day_three_cancels_the_landings() -> None:
    campaign, ledger = musketeer(), fresh_ledger()
    assert check_airfields_on_day(campaign, ledger, 2) is None
    for airfield in campaign.defenders.airfields[:-1]:
        ledger.set_status(airfield.id, OUT, "test")
    note = check_airfields_on_day(campaign, ledger, 3)
    assert note is not None and "Shallufa" in note and "cancelled" in note
    assert ledger.flags[PHASE_3_CANCELLED] is True
    assert check_airfields_on_day(campaign, ledger, 3) is None  # once
    assert "cancelled" in ceasefire(campaign, ledger).reason


def test_with_every_airfield_out_on_day_three_the_landings_go_ahead() -> None:
    campaign, ledger = musketeer(), fresh_ledger()
    for airfield in campaign.defenders.airfields:
        ledger.set_status(airfield.id, OUT, "test")
    note = check_airfields_on_day(campaign, ledger, 3)
    assert note is not None and "may go ahead" in note
    assert ledger.flags[PHASE_3_CANCELLED] is False
    assert current_phase(campaign, ledger, 3) == 3
    result = ceasefire(campaign, ledger)
    assert result.winner is None and "not cancelled" in result.reason
