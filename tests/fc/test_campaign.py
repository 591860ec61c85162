"""A Fighter Command campaign: pilots' kills carried from game to game (§Pilot Skill)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sim.cli.main import main

SHIPPED = "fc/summer-1940"


def run(*args: str) -> int:
    try:
        return main(list(args))
    except SystemExit as stop:
        return int(stop.code or 0)


def ledger(folder: Path) -> dict:
    return json.loads((folder / "summer-1940.ledger.json").read_text(encoding="utf-8"))


def test_the_campaign_carries_each_pilots_record(tmp_path: Path) -> None:
    out = tmp_path / "summer"
    assert run("campaign", SHIPPED, "--out", str(out), "--days", "2") == 0
    first = ledger(out)
    assert len(first["sorties"]) == 2
    assert sorted(p.name for p in out.glob("*.furball.npz")) == [
        "game1-battle-of-britain.furball.npz",
        "game2-hurricane-bf110-escort.furball.npz",
    ]
    pilots = {e["id"]: e for e in first["entities"]}
    brandt = pilots["brandt"]["attributes"]
    assert brandt["kills"] >= 5 and brandt["classification"] == "ace"
    for record in first["entities"]:
        kills = record["attributes"]["kills"]
        level = "ace" if kills >= 5 else "veteran" if kills >= 2 else "recruit"
        assert record["attributes"]["classification"] == level
    assert run("campaign", SHIPPED, "--out", str(out), "--resume") == 0
    assert len(ledger(out)["sorties"]) == 4
    assert ledger(out)["result"] is not None


def test_same_seed_same_campaign(tmp_path: Path) -> None:
    for name in ("a", "b"):
        assert run("campaign", SHIPPED, "--out", str(tmp_path / name), "--days", "1") == 0
    assert ledger(tmp_path / "a")["entities"] == ledger(tmp_path / "b")["entities"]


def test_the_killed_and_missing_are_replaced_by_recruits(tmp_path: Path) -> None:
    out = tmp_path / "s"
    assert run("campaign", SHIPPED, "--out", str(out), "--days", "1") == 0
    entities = ledger(out)["entities"]
    gone = [e for e in entities if e["status"] in ("killed", "missing")]
    for record in gone:
        replacement = next(e for e in entities if e["id"] == record["attributes"]["replaced_by"])
        assert replacement["attributes"]["kills"] == 0
        assert replacement["status"] == "active" or replacement["attributes"].get("replaced_by")


def test_a_seat_in_an_enemy_aircraft_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (Path("scenarios/fc/campaigns/summer-1940.campaign.toml")).read_text(encoding="utf-8")
    bad = tmp_path / "bad.campaign.toml"
    swapped = text.replace('red-1 = "dowding"', 'red-1 = "@"', 1)
    swapped = swapped.replace('emil-1 = "brandt"', 'emil-1 = "dowding"', 1).replace("@", "brandt")
    bad.write_text(swapped, encoding="utf-8")
    assert run("validate", str(bad)) != 0
    err = capsys.readouterr().err
    assert "bad.campaign.toml" in err and "games[0].seats.red-1" in err
    assert "Traceback" not in err


def test_a_missing_scenario_is_named_with_the_ones_there_are(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = Path("scenarios/fc/campaigns/summer-1940.campaign.toml").read_text(encoding="utf-8")
    bad = tmp_path / "gone.campaign.toml"
    bad.write_text(text.replace('"fc/battle-of-britain"', '"fc/nowhere"', 1), encoding="utf-8")
    assert run("campaign", str(bad), "--out", str(tmp_path / "out")) != 0
    err = capsys.readouterr().err
    assert "games[0].scenario" in err and "fc/battle-of-britain" in err
    assert not (tmp_path / "out").exists()
