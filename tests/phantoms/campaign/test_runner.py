"""The campaign runner: every strike sets up as a legal Phantoms scenario, the same seed
plays the same campaign, and a campaign interrupted at any sortie and resumed from its
saved ledger ends exactly as an unbroken one."""

from __future__ import annotations

import json
from functools import cache

import pytest

from engine.campaign import Cursor, Ledger
from engine.campaign.store import ledger_text
from engine.dice import Dice
from engine.phantoms.campaign import CampaignRunner, loss_words, timeline_name
from engine.phantoms.campaign_mission import StrikePlan, strike_scenario
from engine.phantoms.campaign_rules import OUT, check_airfields_on_day, interceptors
from engine.phantoms.setup import setup_problems
from models.timeline import Timeline
from tests.phantoms.campaign.musketeer_setup import (
    fresh_ledger,
    full_campaign,
    musketeer,
    quiet_runner,
)


@cache
def day_one(seed: int = 1956) -> tuple[str, tuple[str, ...], tuple[str, ...]]:
    """The ledger text, the lines and the timeline names of day 1."""
    ledger, lines, timelines = fresh_ledger(seed), [], {}
    quiet_runner(ledger, lines, timelines).play(1)
    return ledger_text(ledger), tuple(lines), tuple(timelines)


def _plan(target: str, fighters: tuple[tuple[str, str], ...], parked: int) -> StrikePlan:
    campaign = musketeer()
    venoms, hunters = campaign.attackers.squadrons[0], campaign.attackers.squadrons[3]
    return StrikePlan(day=2, wave=1, squadron=venoms, strikers=4, target=target,
                      parked=parked, cover=hunters, cover_aircraft=2, fighters=fighters,
                      seed=11, phase=1)  # fmt: skip


@pytest.mark.parametrize("target", ["abu-sueir", "deversoir", "huckstep-camp", "port-said"])
def test_every_kind_of_strike_sets_up(target: str) -> None:
    pairs = (("mig-15bis", "abu-sueir/mig-15bis"), ("vampire-fb5", "fayid/vampire-fb5"))
    parked = 0 if target == "deversoir" else 4
    built = strike_scenario(musketeer(), _plan(target, pairs, parked))
    scenario = built.scenario
    assert setup_problems(scenario) == []
    sides = [a.side for a in scenario.aircraft]
    assert sides.count("raf") == 6 and sides.count("eaf") == 4
    assert all(a.countermeasures is not None and a.countermeasures.radar == 1
               for a in scenario.aircraft if a.side == "raf")  # fmt: skip
    qualities = [a.quality for a in scenario.aircraft if a.side == "eaf"]
    assert qualities.count("experienced") == qualities.count("average") == 2
    kinds = {g.id: g.type_id for g in scenario.ground}
    assert kinds["bofors-1"] == kinds["bofors-2"] == "bofors-40" and "small-arms" in kinds
    assert set(built.formation_of.values()) == {"6-sqn", "1-sqn", *(p for _, p in pairs)}


def test_no_cover_flies_when_no_fighter_is_up() -> None:
    built = strike_scenario(musketeer(), _plan("abu-sueir", (), 4))
    assert [a.type for a in built.scenario.aircraft] == ["venom-fb4"] * 4
    targets = [a.ai.target for a in built.scenario.aircraft]
    assert targets == ["parked-aircraft", "parked-aircraft", "hangars", "hangars"]
    stores = [dict(a.stores) for a in built.scenario.aircraft]
    assert stores[0] == {"lau-3a": 2} and stores[3] == {"mk-83": 2}


def test_the_same_seed_plays_the_same_day_and_another_seed_another() -> None:
    first = day_one()
    ledger, lines, timelines = fresh_ledger(), [], {}
    quiet_runner(ledger, lines, timelines).play(1)
    assert (ledger_text(ledger), tuple(lines), tuple(timelines)) == first
    assert day_one(7)[0] != first[0]


def test_day_one_flies_two_strikes_a_squadron_and_records_everything() -> None:
    text, lines, names = day_one()
    ledger = Ledger.model_validate(json.loads(text))
    raids = [s for s in ledger.sorties if s.day == 0]
    flown = [s for s in ledger.sorties if s.day == 1]
    assert len(raids) == 6 and all(s.status == "resolved" for s in raids)
    by_squadron = {
        sq: sum(1 for s in flown if s.formation == sq) for sq in ("6-sqn", "8-sqn", "249-sqn")
    }
    assert by_squadron == {"6-sqn": 2, "8-sqn": 2, "249-sqn": 2}
    assert [s.timeline for s in flown] == list(names)
    assert names[0] == timeline_name(1, flown[0].formation, 1, flown[0].target)
    assert len({s.seed for s in ledger.sorties}) == len(ledger.sorties)
    assert ledger.cursor == Cursor(day=2, slot=0)
    assert [r.day for r in ledger.day_records] == [1]
    lost = sum(sum(s.outcome.losses.get(sq, 0) for s in ledger.sorties) for sq in by_squadron)
    assert lost == sum(ledger.formation(sq).losses for sq in by_squadron)
    assert any(line.startswith("end of day 1") for line in lines)


class Interrupted(Exception):
    pass


def _play_with_interruption(after_timelines: int) -> str:
    """Play the whole campaign, stopped once after ``after_timelines`` timelines (the
    ledger then only as last saved), and resumed from the saved ledger text."""
    saved: list[str] = []
    written: list[str] = []

    def keep_timeline(name: str, timeline: Timeline) -> None:
        written.append(name)
        if len(written) == after_timelines:
            raise Interrupted

    def save(ledger: Ledger) -> None:
        saved.append(ledger_text(ledger))

    runner = CampaignRunner(musketeer(), fresh_ledger(), lambda _l: None, save, keep_timeline)
    with pytest.raises(Interrupted):
        runner.play()
    resumed = Ledger.model_validate(json.loads(saved[-1]))
    CampaignRunner(musketeer(), resumed, lambda _l: None, save, lambda _n, _t: None).play()
    return ledger_text(resumed)


def unbroken() -> str:
    return full_campaign()[0]


@pytest.mark.parametrize("after", [2, 6])
def test_a_resumed_campaign_ends_as_an_unbroken_one(after: int) -> None:
    assert _play_with_interruption(after) == unbroken()


def test_the_campaign_ends_with_a_result_and_plays_no_further() -> None:
    ledger = Ledger.model_validate(json.loads(unbroken()))
    assert ledger.result is not None
    before = ledger_text(ledger)
    quiet_runner(ledger).play()
    assert ledger_text(ledger) == before


def test_storms_on_day_four_scrub_strikes_with_a_recorded_roll() -> None:
    campaign, ledger = musketeer(), fresh_ledger()
    for airfield in campaign.defenders.airfields:
        ledger.set_status(airfield.id, OUT, "test")
    check_airfields_on_day(campaign, ledger, 3)
    ledger.cursor = Cursor(day=4, slot=0)
    lines: list[str] = []
    quiet_runner(ledger, lines).play()
    day4 = [s for s in ledger.sorties if s.day == 4]
    assert day4 and all(s.rolls and "storms" in s.rolls[0].purpose for s in day4)
    assert {s.status for s in day4} <= {"flown", "scrubbed"}
    assert all(s.target == "port-said" for s in day4 if s.status == "flown")
    assert any("scrubbed" in line for line in lines) == any(s.status == "scrubbed" for s in day4)


def test_interceptors_come_from_the_pools_that_can_launch() -> None:
    campaign, ledger = musketeer(), fresh_ledger()
    up = [interceptors(campaign, ledger, 2, Dice.seeded(s), "x") for s in range(30)]
    pools = {pool for found in up for _, pool in found.pairs}
    assert pools <= {"abu-sueir/mig-15bis", "kabrit/mig-15bis", "kasfareet/vampire-fb5",
                     "fayid/vampire-fb5"}  # fmt: skip


def test_loss_words_read_the_games_kill_events() -> None:
    assert loss_words("Venom 3", "Venom 3 destroyed (AAA Bofors 40 mm L/60), crew lost") == (
        "Venom 3 (AAA Bofors 40 mm L/60, crew lost)",
        "AAA Bofors 40 mm L/60",
        "lost",
    )
    assert loss_words("Saqr 1", "Saqr 1 crashed out of control (§6.4)")[0] == (
        "Saqr 1 (crashed out of control (§6.4))")  # fmt: skip
