"""The rule-set boundary: every registered rule set keeps the same promises.

Besides the rule sets furball ships, a small one kept in the tests (*Darts*,
:mod:`tests.rulesets.darts`) is registered here, so the boundary is proven by a rule set
with no hexes, no PHAD, no throttle and other dice before the real ones arrive.
"""

from __future__ import annotations

import functools
import json
import os
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.dice import FACES
from engine.rulesets import RULESETS, Ruleset, load_scenario, register, ruleset, unregister
from models.files import DataFileError
from models.scenario_common import ScenarioCommon
from models.schemas import schema_text
from models.timeline import CORE_CHANNELS, Timeline
from scenarios import shipped
from tests.fuzz.mutations import to_toml
from tests.rulesets.darts.declaration import DARTS, GOLDEN, SCENARIOS
from tests.sim.cli_helpers import run

ROOT = Path(__file__).resolve().parents[1]
GOLDEN_DIRS = {"bop": Path(__file__).parent / "golden", "darts": GOLDEN}


@pytest.fixture(autouse=True, scope="module")
def darts_registered() -> Iterator[None]:
    register(DARTS)
    yield
    unregister(DARTS.name)


def _rules_of(path: Path) -> str:
    return str(tomllib.loads(path.read_text(encoding="utf-8")).get("rules", "bop"))


def _scenarios() -> list[tuple[str, Path]]:
    """(rule set, scenario file): the shipped scenarios and Darts' own."""
    found = [(_rules_of(Path(str(f))), Path(str(f))) for f in shipped()]
    found += [("darts", path) for path in sorted(SCENARIOS.glob("*.toml"))]
    return found


SCENARIO_FILES = _scenarios()
ONE_PER_RULESET = {rules: path for rules, path in reversed(SCENARIO_FILES)}
"""The first scenario of each rule set, for the checks that play a scenario twice."""


def _golden_name(path: Path) -> str:
    return f"{path.parent.name}__{path.name.removesuffix('.toml')}"


@functools.cache
def _played(path: Path) -> tuple[ScenarioCommon, Timeline]:
    scenario = load_scenario(path)
    return scenario, ruleset(scenario.rules).game(scenario).run()


# -- the declarations -------------------------------------------------------------------------
def test_importing_the_registry_or_the_phad_loads_no_rules() -> None:
    code = (
        "import sys, engine.phad, engine.rulesets; "
        "loaded = [m for m in sys.modules if m.startswith('engine.bop.') "
        "and m != 'engine.bop.declaration']; print(loaded)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True
    )
    assert done.stdout.strip() == "[]"


@pytest.mark.parametrize("name", ["bop", "darts"])
def test_a_ruleset_declares_its_time_map_channels_hud_and_dice(name: str) -> None:
    found = ruleset(name)
    assert found.time.tick_s > 0 and found.time.ticks_per_turn >= 1
    assert found.time.turn_word and found.time.substep_word
    assert found.map.grid in ("hex", "table")
    assert found.map.hex_ft if found.map.grid == "hex" else found.map.table_unit_ft
    own = found.channel_specs()  # namespaced, or it raises
    assert all(spec.meaning for spec in own.values())
    known = {*CORE_CHANNELS, *own}
    shown = [g.channel for g in found.hud.gauges]
    shown += [row.channel for panel in found.hud.panels for row in panel.rows]
    shown += list(found.hud.phad.marks.values())
    for panel in found.hud.panels:
        if panel.initiative is not None:
            row = panel.initiative
            shown += [row.initiative_channel, row.class_channel, row.activity_channel]
    if found.hud.throttle is not None:
        shown += [found.hud.throttle.output_channel, found.hud.throttle.lamp_channel]
        shown = [c for c in shown if c]
    assert set(shown) <= known, f"the HUD shows undeclared channels: {set(shown) - known}"
    keys = {g.key for g in found.hud.gauges} | {"phad", *(p.key for p in found.hud.panels)}
    keys |= {row.key for panel in found.hud.panels for row in panel.rows}
    if found.hud.throttle is not None:
        keys.add("throttle")
    if any(panel.initiative is not None for panel in found.hud.panels):
        keys.add("initiative")
    named = {spec.gauge for spec in own.values() if spec.gauge}
    assert named <= keys, f"channels name gauges the HUD lacks: {named - keys}"
    assert found.dice and set(found.dice) <= set(FACES)
    assert isinstance(found.scenario_type().model_json_schema(), dict)
    kind = found.orders_type().model_fields["kind"].default
    assert isinstance(kind, str) and kind.startswith(f"{name}."), kind


@pytest.mark.parametrize("name", ["bop", "darts"])
def test_a_rulesets_committed_scenario_schema_is_current(name: str) -> None:
    found = ruleset(name)
    assert found.schema_file is not None
    text = schema_text(found.scenario_type())
    if os.environ.get("FURBALL_UPDATE_SCHEMAS") == "1":
        found.schema_file.write_text(text, encoding="utf-8")
    assert found.schema_file.read_text(encoding="utf-8") == text, (
        f"{found.schema_file.name} is stale: run python -m models.schemas (or, for a rule set "
        "kept in the tests, FURBALL_UPDATE_SCHEMAS=1 pytest tests/test_rulesets.py)"
    )


def test_registering_a_second_ruleset_under_a_taken_name_is_refused() -> None:
    other = Ruleset(**{**{f: getattr(DARTS, f) for f in DARTS.__dataclass_fields__}})
    with pytest.raises(ValueError, match="registered already"):
        register(other)
    assert RULESETS["darts"] is DARTS


def test_an_installed_plugin_is_found_through_its_entry_point(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import engine.rulesets as registry

    class Entry:
        def load(self) -> Ruleset:
            return DARTS

    unregister(DARTS.name)
    asked: list[str] = []
    monkeypatch.setattr(
        registry.metadata, "entry_points", lambda group: asked.append(group) or [Entry()]
    )
    registry._load_entry_points.cache_clear()
    try:
        assert registry.ruleset("darts") is DARTS
        assert asked == [registry.ENTRY_POINT_GROUP]
    finally:
        registry._load_entry_points.cache_clear()
        register(DARTS)


# -- every scenario of every rule set ---------------------------------------------------------
@pytest.mark.parametrize(
    ("rules", "path"), SCENARIO_FILES, ids=[_golden_name(p) for _, p in SCENARIO_FILES]
)
def test_every_scenario_round_trips_through_toml(rules: str, path: Path) -> None:
    scenario = load_scenario(path)
    assert scenario.rules == rules
    written = to_toml(scenario.model_dump(mode="python", exclude_none=True))
    again = type(scenario).model_validate(tomllib.loads(written))
    assert again == scenario


@pytest.mark.parametrize("path", sorted(SCENARIOS.glob("*.toml")), ids=lambda p: p.stem)
def test_every_darts_scenario_replays_its_golden_playthrough(path: Path) -> None:
    """(Birds of Prey's are checked by tests/test_golden_playthroughs.py, through the same
    registry.)"""
    scenario, timeline = _played(path)
    text = ruleset("darts").playthrough(scenario, timeline)
    golden = GOLDEN / f"{_golden_name(path)}.txt"
    if os.environ.get("FURBALL_UPDATE_GOLDEN") == "1":
        golden.write_text(text, encoding="utf-8")
    assert golden.is_file(), f"{golden.name} missing: run with FURBALL_UPDATE_GOLDEN=1"
    assert text == golden.read_text(encoding="utf-8")


@pytest.mark.parametrize("rules", sorted(GOLDEN_DIRS))
def test_every_scenario_of_a_ruleset_has_a_golden_playthrough(rules: str) -> None:
    missing = [
        _golden_name(p)
        for r, p in SCENARIO_FILES
        if r == rules and not (GOLDEN_DIRS[rules] / f"{_golden_name(p)}.txt").is_file()
    ]
    assert not missing


@pytest.mark.parametrize("rules", sorted(ONE_PER_RULESET))
def test_same_seed_same_bytes(rules: str, tmp_path: Path) -> None:
    path = ONE_PER_RULESET[rules]
    scenario, first = _played(path)
    second = ruleset(rules).game(scenario, seed=first.meta.seed).run()
    first.save(tmp_path / "a.furball.npz")
    second.save(tmp_path / "b.furball.npz")
    assert (tmp_path / "a.furball.npz").read_bytes() == (tmp_path / "b.furball.npz").read_bytes()


@pytest.mark.parametrize("rules", sorted(ONE_PER_RULESET))
def test_every_channel_is_described_and_the_rolls_are_the_declared_dice(rules: str) -> None:
    _, timeline = _played(ONE_PER_RULESET[rules])
    meta = timeline.meta
    assert set(meta.channels) == set(timeline.channels)
    assert set(CORE_CHANNELS) <= set(timeline.channels)
    own = [name for name in timeline.channels if name not in CORE_CHANNELS]
    assert all(name.startswith(f"{rules}.") for name in own), own
    assert meta.ticks_per_turn == ruleset(rules).ticks_per_turn
    assert meta.hud is not None and meta.scale is not None
    rolled = {e.data.get("kind") for e in meta.events if e.kind == "dice"}
    assert rolled <= set(ruleset(rules).dice)


@pytest.mark.parametrize("rules", sorted(ONE_PER_RULESET))
def test_a_saved_timeline_loads_and_replays_without_its_ruleset(rules: str, tmp_path: Path) -> None:
    _, timeline = _played(ONE_PER_RULESET[rules])
    saved = tmp_path / "t.furball.npz"
    timeline.save(saved)
    code = (
        "import sys, engine.rulesets as r; r.RULESETS.clear(); "
        "from pathlib import Path; from models.timeline import Timeline; "
        "from sim.playback import Playback; "
        f"t = Timeline.load(Path({str(saved)!r})); p = Playback(t); "
        "s = p.snapshot_at(t.t_s[-1] / 2); "
        "print(p.ticks_per_turn, len(s.entities), sorted(s.entities[0].values)[:1])"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=False
    )
    assert done.returncode == 0, done.stderr
    ticks, count, _ = done.stdout.split(" ", 2)
    assert int(ticks) == timeline.meta.ticks_per_turn
    assert int(count) == len(timeline.meta.entities)


def test_a_darts_timeline_exports_to_tacview_with_its_own_turns(tmp_path: Path) -> None:
    from sim.acmi.export import export_acmi

    _, timeline = _played(ONE_PER_RULESET["darts"])
    path = export_acmi(timeline, tmp_path / "d.txt.acmi").path
    text = path.read_text(encoding="utf-8-sig")
    assert "0,Event=Bookmark|Round 2" in text and "Game-turn" not in text
    assert "Darts rules" in text


# -- bad files --------------------------------------------------------------------------------
def test_a_scenario_naming_no_registered_ruleset_is_refused_on_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "odd.toml"
    path.write_text('rules = "chess"\nname = "x"\n', encoding="utf-8")
    with pytest.raises(DataFileError, match="rules: no rule set 'chess'; registered: bop, darts"):
        load_scenario(path)
    code, _, err = run(capsys, f"validate {path}")
    assert code != 0 and "rules: no rule set 'chess'" in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_a_bad_darts_scenario_names_the_file_and_the_field(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (SCENARIOS / "crossing.toml").read_text(encoding="utf-8")
    path = tmp_path / "bad.toml"
    path.write_text(text.replace("speed_in = 8", "speed_in = 80"), encoding="utf-8")
    code, _, err = run(capsys, f"validate {path}")
    assert code != 0 and str(path) in err and "aircraft.0.speed_in" in err
    assert "Traceback" not in err
    code, _, err = run(capsys, f"run {path} -o {tmp_path / 'out.furball.npz'}")
    assert code != 0 and "aircraft.0.speed_in" in err
    assert not (tmp_path / "out.furball.npz").exists()


def test_darts_plays_from_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "darts.furball.npz"
    code, text, err = run(capsys, f"run {SCENARIOS / 'crossing.toml'} -o {out}")
    assert code == 0, err
    assert "5 rounds" in text and "speed_in" in text
    assert Timeline.load(out).meta.rules == "darts"
    code, text, err = run(capsys, f"validate {SCENARIOS / 'crossing.toml'}")
    assert code == 0 and text.strip().endswith(": ok"), err
    code, text, err = run(capsys, f"inspect {out} --at 6")
    assert code == 0, err
    assert "darts.gusts" in text or "GUSTS" in text


def test_list_shows_another_rule_sets_scenarios(capsys: pytest.CaptureFixture[str]) -> None:
    code, text, err = run(capsys, f"list {SCENARIOS} --json")
    assert code == 0, err
    (entry,) = json.loads(text)["scenarios"]
    assert entry["title"] == "Crossing darts" and entry["rules"] == "darts"
    assert entry.get("problem") in (None, "")
