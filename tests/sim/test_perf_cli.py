"""``furball perf``: the performance calculator at the table, with the shipped F-16C card."""

from __future__ import annotations

import pytest

from engine import performance as perf
from models.aircraft import card, shipped_types
from tests.sim.cli_helpers import run, run_json

F16 = "perf F-16C --alt-ft 15000 --speed-kt 400"


def test_json_keys(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, F16)
    assert set(data) == {
        "type",
        "alt_ft",
        "speed_kt",
        "weight_lb",
        "wing_load_psf",
        "throttle",
        "load_g",
        "keas",
        "mach",
        "mach_region",
        "fast",
        "q_mark",
        "aero_load_limit_g",
        "safe_load_g",
        "corner_keas",
        "corner_ktas",
        "fp_per_turn",
        "fp_cumulative",
        "turn_g",
        "tp_per_tick",
        "tp_cumulative",
        "tp_10_ticks",
        "ticks_per_cell",
        "lift_used",
        "departs",
        "dspeed",
        "end_speed_kt",
        "warnings",
    }
    assert set(data["dspeed"]) == {"engine", "form", "turn", "gravity", "net"}


def test_values_match_the_engine(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, F16 + " --load-g 4 --throttle ab")
    f16 = card("F-16C")
    weight = f16.weights.reference_combat_lb
    assert (data["type"], data["speed_kt"], data["load_g"], data["throttle"]) == (
        "F-16C",
        400,
        4.0,
        "ab",
    )
    assert data["weight_lb"] == weight
    assert data["keas"] == pytest.approx(317.4, abs=0.1)  # physics.md's worked check
    assert data["mach"] == pytest.approx(0.639, abs=1e-3)
    assert data["mach_region"] == "Slow"
    assert data["fp_per_turn"] == 10 and data["fp_cumulative"] == list(range(1, 11))
    state = perf.initial_state(f16, 15_000, 400, weight)
    assert data["aero_load_limit_g"] == state.aero_load_limit_g
    assert data["corner_keas"] == pytest.approx(state.corner_keas)
    assert data["tp_cumulative"] == [perf.turn_points(400, 4.0, t) for t in range(1, 11)]
    assert data["tp_10_ticks"] == data["tp_cumulative"][-1]
    change = perf.speed_change(f16, "ab", 15_000, 400, weight, average_load_g=4.0)
    dspeed = data["dspeed"]
    assert (dspeed["engine"], dspeed["form"], dspeed["turn"], dspeed["gravity"]) == (
        change.engine_kt,
        change.form_kt,
        change.turn_kt,
        0,
    )
    assert dspeed["net"] == dspeed["engine"] + dspeed["form"] + dspeed["turn"]
    assert data["end_speed_kt"] == 400 + dspeed["net"]


def test_text_for_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, F16)
    assert code == 0 and err == ""
    assert out.startswith("F-16C at 15,000 ft, 400 kt")
    for fragment in (
        "KEAS 317  Mach 0.64 (Slow)  Q-mark",
        "aero load limit",
        "safe load",
        "KTAS here",
        "FP this turn 10: by tick 1 2 3 4 5 6 7 8 9 10",
        "Turn-G 1.0: 0.00 TP per tick",
        "no turn",
        "ΔSpeed engine +",
        "end speed",
    ):
        assert fragment in out
    assert "warning" not in out


def test_turning_load_reports_ticks_per_cell(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, F16 + " --load-g 5")
    assert data["ticks_per_cell"]["6_tp"] == perf.ticks_for_turn_points(400, 5.0, 6)
    _, out, _ = run(capsys, F16 + " --load-g 5")
    assert "one cell: 6 TP in" in out


def test_load_above_the_aero_limit_prints_with_a_warning(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, F16 + " --load-g 12")
    assert code == 0
    assert "warning: 12.0 g departs" in out and "above Max-Lift" in out
    data = run_json(capsys, F16 + " --load-g 12")
    assert data["departs"] is True
    assert any("departs" in warning for warning in data["warnings"])


def test_speed_and_load_are_rounded_with_a_note(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "perf f-16c --alt-ft 15000 --speed-kt 402.5 --load-g 3.3")
    assert code == 0
    assert "note: speed 402.5 kt is tracked as 405 kt" in out
    assert "note: load 3.3 g is rounded to 3.5 g" in out


@pytest.mark.parametrize(
    ("command", "fragment"),
    [
        ("perf Sopwith-Camel --alt-ft 0 --speed-kt 300", "shipped types: "),
        ("perf F-16C --alt-ft 200000 --speed-kt 400", "--alt-ft: 200000 ft is outside"),
        ("perf F-16C --alt-ft -100 --speed-kt 400", "--alt-ft"),
        ("perf F-16C --alt-ft 0 --speed-kt -5", "--speed-kt: -5 kt is outside 0 … 1000"),
        ("perf F-16C --alt-ft 0 --speed-kt 1200", "--speed-kt"),
        ("perf F-16C --alt-ft 0 --speed-kt 300 --weight-lb 100", "--weight-lb"),
        ("perf F-16C --alt-ft 0 --speed-kt 300 --load-g 20", "--load-g"),
        ("perf F-16C --alt-ft 0 --speed-kt 300 --throttle max", "invalid choice"),
        ("perf F-16C --speed-kt 300", "required: --alt-ft"),
        ("perf", "required"),
        ("", "perf"),
    ],
)
def test_bad_input_is_one_line_with_exit_status_2(
    capsys: pytest.CaptureFixture[str], command: str, fragment: str
) -> None:
    code, out, err = run(capsys, command)
    assert code == 2
    assert out == ""
    assert fragment in err
    assert len(err.strip().splitlines()) == 1
    assert "Traceback" not in err


def test_unknown_type_lists_the_shipped_types(capsys: pytest.CaptureFixture[str]) -> None:
    _, _, err = run(capsys, "perf F-22 --alt-ft 0 --speed-kt 300")
    assert err.startswith("furball perf: ")
    assert "F-16C" in err and "'F-22'" in err


def test_afterburner_on_a_type_without_one(capsys: pytest.CaptureFixture[str]) -> None:
    dry_only = [t for t in shipped_types() if not card(t).engines.has_afterburner]
    if not dry_only:
        pytest.skip("every shipped type has an afterburner")
    code, _, err = run(capsys, f"perf {dry_only[0]} --alt-ft 0 --speed-kt 300 --throttle ab")
    assert code == 2
    assert "has no afterburner" in err and len(err.strip().splitlines()) == 1
