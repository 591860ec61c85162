"""The Musketeer campaign file holds the seed's figures (U-p.11–14), is kept out of the
scenario list, and a bad campaign file is refused naming the file, the field and the rule."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from models.files import DataFileError, validated
from models.phantoms.campaign import PhantomsCampaign
from scenarios import shipped
from tests.phantoms.campaign.musketeer_setup import MUSKETEER, musketeer


def test_the_seeds_order_of_battle_and_conditions() -> None:
    campaign = musketeer()
    assert [d.date.isoformat() for d in campaign.days] == [
        "1956-11-01", "1956-11-02", "1956-11-03", "1956-11-04"]  # fmt: skip
    assert [d.weather for d in campaign.days] == ["fine", "fine", "fine", "storms-over-base"]
    assert campaign.strikes_per_squadron_per_day == 2
    venoms = {s.id: s.aircraft for s in campaign.attackers.squadrons if s.type == "venom-fb4"}
    assert venoms == {"6-sqn": 16, "8-sqn": 16, "249-sqn": 15}
    assert all(s.quality == "experienced" for s in campaign.attackers.squadrons)
    assert campaign.attackers.radar_countermeasures == 1
    defenders = campaign.defenders
    migs = sum(a.aircraft.get("mig-15bis", 0) for a in defenders.airfields)
    vampires = sum(a.aircraft.get("vampire-fb5", 0) for a in defenders.airfields)
    assert (migs, vampires) == (32, 30)
    assert defenders.experienced_percent == 50
    assert [t for t in campaign.phases[0].targets] == [
        "abu-sueir", "kabrit", "kasfareet", "fayid", "deversoir", "shallufa"]  # fmt: skip
    assert {r.target for r in campaign.night_raids} == set(campaign.phases[0].targets)
    assert campaign.victory.defender_withdraws_below_percent == 50
    assert campaign.victory.squadron_broken_at_percent == 50
    assert campaign.victory.airfields_checked_on_day == 3


def test_every_figure_not_printed_is_marked() -> None:
    campaign = musketeer()
    for squadron in campaign.attackers.squadrons:
        assert "aircraft" in squadron.origins
    for airfield in campaign.defenders.airfields:
        assert {"aircraft", "bofors"} <= set(airfield.origins)
    for raid in campaign.night_raids:
        assert raid.origins.get("by") == "ours"


def test_the_campaign_folder_is_not_a_scenario() -> None:
    names = [Path(str(f)).name for f in shipped()]
    assert "musketeer-abu-sueir.toml" in names
    assert not any(name.endswith(".campaign.toml") for name in names)


def _data() -> dict[str, Any]:
    return tomllib.loads(MUSKETEER.read_text(encoding="utf-8"))


def _problems(data: dict[str, Any]) -> str:
    with pytest.raises(DataFileError) as caught:
        validated(PhantomsCampaign, data, Path("bad.campaign.toml"))
    return str(caught.value)


def test_a_type_error_names_its_field() -> None:
    data = _data()
    data["attackers"]["squadrons"][0]["aircraft"] = "16"
    message = _problems(data)
    assert message.startswith("bad.campaign.toml: attackers.squadrons.0.aircraft: should be an")
    assert "\n" not in message


@pytest.mark.parametrize(
    ("change", "where", "rule"),
    [
        (lambda d: d["days"][1].update(day=5), "days.1.day", "U-p.14"),
        (lambda d: d["phases"][1].update(targets=["cairo"]), "phases.1.targets.0", "U-p.13"),
        (lambda d: d["phases"][1].update(number=3), "phases.1.number", "U-p.13"),
        (lambda d: d["night_raids"][0].update(target="cairo"), "night_raids.0.target", "U-p.14"),
        (lambda d: d["defenders"]["objectives"][0].update(type="castle"),
         "defenders.objectives.0.type", "I-p.7"),
        (lambda d: d["attackers"]["squadrons"][0].update(type="spitfire"),
         "attackers.squadrons.0.type", "Control Card"),
        (lambda d: d["attackers"]["squadrons"][0].update(stores={"rp-3": 8}),
         "attackers.squadrons.0.stores.rp-3", "weapon"),
        (lambda d: d["victory"].update(airfields_checked_on_day=9),
         "victory.airfields_checked_on_day", "4 days"),
    ],
)  # fmt: skip
def test_a_bad_campaign_names_the_field_and_the_rule(change: Any, where: str, rule: str) -> None:
    data = _data()
    change(data)
    message = _problems(data)
    assert f"bad.campaign.toml: {where}: " in message and rule in message
    assert "\n" not in message


def test_more_than_two_strikes_a_day_is_refused() -> None:
    data = _data()
    data["strikes_per_squadron_per_day"] = 0
    assert "strikes_per_squadron_per_day" in _problems(data)
    data = _data()
    data["unknown"] = 1
    assert "unknown: unknown key" in _problems(data)
