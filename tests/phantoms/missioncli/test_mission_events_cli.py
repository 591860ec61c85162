"""The missions' special rules through the command line: ``furball mission --write`` keeps
them in the scenario file, ``furball run`` of that file plays the same events, the result
reports them, and a bad special-rule entry is one line naming the file, the field and the
rule."""

from __future__ import annotations

import os
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.phantoms.mission_scenario import special_verdict
from models.phantoms.scenario import PhantomsScenario
from models.timeline import Timeline
from tests.sim.cli_helpers import run, run_json

SPECIAL_KINDS = (
    "phantoms.ground_moves",
    "phantoms.ground_exit",
    "phantoms.ground_stops",
    "phantoms.crossing",
    "phantoms.crew",
    "phantoms.arrive",
)


@pytest.fixture
def in_tmp(tmp_path: Path) -> Iterator[Path]:
    before = Path.cwd()
    os.chdir(tmp_path)
    try:
        yield tmp_path
    finally:
        os.chdir(before)


def special_events(path: Path) -> list[tuple[float, str, str]]:
    timeline = Timeline.load(path)
    return [(e.t_s, e.kind, e.detail) for e in timeline.meta.events if e.kind in SPECIAL_KINDS]


@pytest.mark.parametrize(("mission", "kind"), [(5, "ground_moves"), (6, "crossing"), (8, "crew")])
def test_the_written_scenario_plays_the_same_special_events(
    capsys: pytest.CaptureFixture[str], in_tmp: Path, mission: int, kind: str
) -> None:
    played = run_json(
        capsys, f"mission --mission {mission} --seed 11 --write raid.toml --out a.furball.npz"
    )
    code, _out, err = run(capsys, "run raid.toml -o b.furball.npz")
    assert code == 0, err
    first, again = (
        special_events(in_tmp / "a.furball.npz"),
        special_events(in_tmp / "b.furball.npz"),
    )
    assert first == again
    assert any(k == f"phantoms.{kind}" for _t, k, _d in first)
    special = played["results"]["special"]
    assert played["results"]["verdict"] == special_verdict(played["mission_id"], special)
    assert played["results"]["verdict"]


def test_the_sar_scenario_file_holds_the_crew_the_routes_and_the_replacement(
    capsys: pytest.CaptureFixture[str], in_tmp: Path
) -> None:
    code, out, err = run(capsys, "mission --mission 8 --seed 11 --write raid.toml")
    assert code == 0, err
    raw = tomllib.loads((in_tmp / "raid.toml").read_text(encoding="utf-8"))
    scenario = PhantomsScenario.model_validate(raw)
    crew = next(site for site in scenario.ground if site.kind == "crew")
    assert crew.side == "us" and crew.capture is not None and crew.capture.at_most == 6
    infantry = [site for site in scenario.ground if site.kind == "infantry"]
    assert infantry and all(site.move is not None for site in infantry)
    assert all(site.move.turns == (2, 5, 8) for site in infantry if site.move is not None)
    assert all(site.move.route[-1] == crew.hex for site in infantry if site.move is not None)
    (replacement,) = scenario.reinforcements
    assert replacement.replaces == "us-sar-1"
    assert replacement.aircraft[0].ai.target == crew.id
    assert "downed crew: us-downed-crew:" in out and "verdict:" in out


def test_the_railroad_and_river_scenarios_hold_the_train_and_the_crossings(
    capsys: pytest.CaptureFixture[str], in_tmp: Path
) -> None:
    for mission, name in ((5, "rail.toml"), (6, "river.toml")):
        code, _out, err = run(capsys, f"mission --mission {mission} --seed 4 --write {name}")
        assert code == 0, err
    rail = PhantomsScenario.model_validate(tomllib.loads(Path("rail.toml").read_text("utf-8")))
    train = next(site for site in rail.ground if site.type_id == "train")
    assert train.move is not None and train.move.hexes_per_turn == 2 and train.move.leaves_mat
    tracks = [site.hex for site in rail.ground if site.type_id == "track"]
    assert tracks == list(train.move.route[-2:])  # the last two hexes before the edge
    river = PhantomsScenario.model_validate(tomllib.loads(Path("river.toml").read_text("utf-8")))
    bridges = [site for site in river.ground if site.crossing is not None]
    assert len(bridges) == 4 and all(b.crossing.turns == (2, 5, 8) for b in bridges if b.crossing)


BAD_SITES = [
    (
        'move = { route = ["3,3"], hexes_per_turn = 2 }',
        "target",
        "ground.0.move.route.0: '3,3' is not next to '0,0': a unit moves hex by hex (I-p.10–11)",
    ),
    (
        'move = { route = ["0,1"], hexes_per_turn = 2, turns = [5, 2] }',
        "target",
        "ground.0.move.turns: the turns are game turns from 1, in order, each once",
    ),
    (
        'crossing = { near = "-1,1", far = "1,0" }',
        "target",
        "ground.0.crossing: only a bridge (pontoon, bridge, large-bridge) is crossed (I-p.11)",
    ),
    (
        "capture = { at_most = 6 }",
        "target",
        "ground.0.capture: only a downed crew (kind crew) is captured (I-p.11)",
    ),
    ("capture = { at_most = 0 }", "crew", "ground.0.capture.at_most"),
]


@pytest.mark.parametrize(("extra", "kind", "message"), BAD_SITES)
def test_a_bad_special_rule_is_one_line_naming_the_file_and_field(
    capsys: pytest.CaptureFixture[str], in_tmp: Path, extra: str, kind: str, message: str
) -> None:
    unit_type = 'type = "train"\n' if kind == "target" else ""
    side = "us" if kind == "crew" else "nva"
    (in_tmp / "bad.toml").write_text(
        f"""format_version = 1
rules = "phantoms"
name = "bad special rule"
turns = 2

[[ground]]
id = "unit"
kind = "{kind}"
{unit_type}hex = "0,0"
side = "{side}"
{extra}

[[aircraft]]
callsign = "Jolly 1"
id = "jolly"
type = "hh-3e"
side = "us"
hex = "5,0"
facing = 0
level = 1
speed = 1
""",
        encoding="utf-8",
    )
    code, out, err = run(capsys, "run bad.toml -o bad.furball.npz")
    assert code == 2 and out == ""
    assert "bad.toml" in err and message in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert not (in_tmp / "bad.furball.npz").exists()


def test_only_a_rescue_flies_to_a_friendly_crew(
    capsys: pytest.CaptureFixture[str], in_tmp: Path
) -> None:
    (in_tmp / "fighter.toml").write_text(
        """format_version = 1
rules = "phantoms"
name = "crew as a target"
turns = 2

[[ground]]
id = "crew"
kind = "crew"
hex = "0,0"
side = "us"

[[ground]]
id = "gun"
kind = "aaa"
type = "zpu-4"
hex = "3,0"
side = "nva"

[[aircraft]]
callsign = "Jolly 1"
id = "jolly"
type = "hh-3e"
side = "us"
hex = "5,0"
facing = 0
level = 1
speed = 1
ai = { target = "crew", role = "fighter" }
""",
        encoding="utf-8",
    )
    code, _out, err = run(capsys, "run fighter.toml -o f.furball.npz")
    assert code == 2
    assert "aircraft.0.ai.target: 'crew' is a downed crew" in err and "(I-p.11)" in err
    assert len(err.strip().splitlines()) == 1


def test_the_verdicts_read_the_missions_victory_conditions() -> None:
    train = {"id": "t", "type": "train", "hex": "0,4", "hexes_moved": 4}
    rail = special_verdict
    assert rail("railroad-busting", {"moving": [{**train, "state": "destroyed"}]}) == (
        "US total victory: the train is destroyed"
    )
    cut = {"moving": [{**train, "state": "stopped"}], "cut_ahead": ["a", "b"]}
    assert rail("railroad-busting", cut).startswith("US marginal victory: 2 track hexes")
    escaped = {"moving": [{**train, "state": "escaped"}], "cut_ahead": []}
    assert rail("railroad-busting", escaped) == "NVA: the train got away off the mat"
    bridges = [{"id": f"p{n}", "damage": "destroyed", "carried": []} for n in range(3)]
    river = {"bridges": [*bridges, {"id": "p4", "damage": "none", "carried": ["x"]}], "crossed": 1}
    assert special_verdict("river-crossing", river) == (
        "US tactical victory: 3 of 4 bridges destroyed; 1 unit crossed"
    )
    crew = {"crews": [{"id": "c", "state": "captured", "by": "inf"}]}
    assert special_verdict("sar", crew) == "NVA victory: the downed crew captured by inf"
    assert special_verdict("recon", {}) is None
