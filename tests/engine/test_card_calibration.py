"""Shipped aircraft cards: they load, and reproduce their published figures.

Every card carries calibration targets (a top speed, a sustained turn rate, a corner speed).
Each one is recomputed here from the card alone with :mod:`engine.calibration`, which defines
the three computations once for this suite and for ``tools/calibrate_cards.py``:

* max level speed: the highest true airspeed at which thrust is at least the 1 g drag at the
  target's altitude and throttle, no faster than the card's limiting Mach (a fine scan down
  from that limit, then bisection);
* sustained turn: ``turn_rate_deg_s(sustained_load_g(...))`` with the load capped at
  ``safe_load_g``;
* corner speed: ``corner_keas(card, weight)``.

The weight is the target's own or else the card's reference combat weight.
"""

from __future__ import annotations

import importlib.util
import math
from pathlib import Path
from types import ModuleType

import pytest

from engine.aero import Throttle, drag_lbf, safe_load_g, thrust_lbf, turn_rate_deg_s
from engine.atmosphere import isa
from engine.calibration import (
    BISECTION_TOLERANCE_KT,
    Check,
    check,
    evaluate,
    excess_thrust_lbf,
    max_level_speed_kt,
    specific_excess_power_ft_s,
    sustained_turn_deg_s,
    target_weight_lb,
)
from models.aircraft import (
    CARDS_DIR,
    CalibrationTarget,
    UnknownAircraftType,
    card,
    card_path,
    load_card,
    shipped_types,
)
from models.files import DataFileError

SHIPPED = (
    "F-15C",
    "F-16C",
    "F-4B",
    "F-4E",
    "F-5E",
    "F-86F",
    "MiG-15bis",
    "MiG-17F",
    "MiG-21MF",
    "MiG-23MLD",
    "MiG-29",
)
REPO = Path(__file__).resolve().parents[2]


def _targets() -> list[tuple[str, int]]:
    return [
        (type_id, index)
        for type_id in shipped_types()
        for index in range(len(card(type_id).calibration))
    ]


# --- the shipped set ------------------------------------------------------------------------


def test_shipped_types_are_exactly_the_eleven() -> None:
    assert shipped_types() == SHIPPED


@pytest.mark.parametrize("path", sorted(CARDS_DIR.glob("*.toml")), ids=lambda p: p.name)
def test_every_card_file_loads_and_is_named_after_its_type(path: Path) -> None:
    loaded = load_card(path)
    assert card_path(loaded.type_id) == path
    assert card(loaded.type_id) == loaded


@pytest.mark.parametrize("type_id", SHIPPED)
def test_card_has_the_three_kinds_of_calibration_target(type_id: str) -> None:
    quantities = {target.quantity for target in card(type_id).calibration}
    assert quantities == {"max_level_speed_kt", "sustained_turn_deg_s", "corner_keas_kt"}
    for target in card(type_id).calibration:
        assert target.tolerance_pct <= 15, "tolerances above 15 % need a much better reason"


@pytest.mark.parametrize("type_id", SHIPPED)
def test_reference_weight_holds_half_the_internal_fuel(type_id: str) -> None:
    weights = card(type_id).weights
    half_fuel = 50.0 * weights.internal_fuel_fp
    assert (
        weights.reference_combat_lb >= weights.empty_lb + weights.crew_and_fixed_lb + half_fuel - 50
    )


@pytest.mark.parametrize("type_id", SHIPPED)
def test_polar_and_roll_tables_have_the_expected_shape(type_id: str) -> None:
    aircraft = card(type_id)
    slow, ltd, htd = (aircraft.polar_row(region) for region in ("Slow", "LTD", "HTD"))
    assert slow.cd0 < ltd.cd0 < htd.cd0, "form drag rises through the transonic rows"
    assert slow.k <= ltd.k <= htd.k
    assert slow.cl_max > ltd.cl_max > htd.cl_max
    for row in aircraft.polar[3:]:
        assert row.cd0 > slow.cd0
        assert row.k > slow.k, "drag due to lift rises supersonic"
        assert row.cl_max < slow.cl_max
    assert aircraft.roll[-1].cl_up_to >= slow.cl_max, "the roll table covers every lift"
    assert all(row.safe < row.normal < row.boosted for row in aircraft.roll)
    assert not any(row.pointing for row in aircraft.roll[:-1])
    assert aircraft.roll[-1].turning_roll_cells == 0


def test_the_f4b_is_the_lighter_gunless_hard_wing_phantom() -> None:
    f4b, f4e = card("F-4B"), card("F-4E")
    assert f4b.guns is None and f4e.guns
    assert f4b.engines.ab_thrust_lbf is not None and f4e.engines.ab_thrust_lbf is not None
    assert f4b.engines.ab_thrust_lbf < f4e.engines.ab_thrust_lbf
    assert f4b.weights.empty_lb < f4e.weights.empty_lb
    assert f4b.polar_row("Slow").cl_max < f4e.polar_row("Slow").cl_max  # no slats
    assert f4b.departure_rating < f4e.departure_rating


def test_card_lookup_ignores_case() -> None:
    assert card("f-16c") == card("F-16C")
    assert card("f-16c").type_id == "F-16C"
    assert card("MIG-21MF").type_id == "MiG-21MF"


def test_unknown_type_names_the_shipped_types() -> None:
    with pytest.raises(UnknownAircraftType) as raised:
        card("F-22A")
    message = str(raised.value)
    assert "'F-22A'" in message
    for type_id in SHIPPED:
        assert type_id in message


# --- calibration ----------------------------------------------------------------------------


@pytest.mark.parametrize(("type_id", "index"), _targets())
def test_calibration_target_is_reproduced(type_id: str, index: int) -> None:
    aircraft = card(type_id)
    target = aircraft.calibration[index]
    computed = evaluate(aircraft, target)
    error_pct = 100.0 * (computed - target.published) / target.published
    assert abs(error_pct) <= target.tolerance_pct, (
        f"{type_id} {target.quantity}: computed {computed:.1f}, published "
        f"{target.published:g} ({error_pct:+.1f} %, tolerance {target.tolerance_pct:g} %)"
    )


@pytest.mark.parametrize("type_id", SHIPPED)
def test_max_level_speed_is_where_thrust_meets_drag(type_id: str) -> None:
    aircraft = card(type_id)
    weight = aircraft.weights.reference_combat_lb
    throttle: Throttle = "ab" if aircraft.engines.has_afterburner else "mil"
    for alt_ft in (0.0, 20_000.0, 36_000.0):
        speed = max_level_speed_kt(aircraft, alt_ft, throttle, weight)
        cap = aircraft.structure.max_mach * isa(alt_ft).speed_of_sound_kt
        assert 0 < speed <= cap
        assert excess_thrust_lbf(aircraft, alt_ft, speed, throttle, weight) >= 0
        if speed < cap:
            beyond = speed + 2 * BISECTION_TOLERANCE_KT
            assert excess_thrust_lbf(aircraft, alt_ft, beyond, throttle, weight) < 0


def test_max_level_speed_stops_at_the_limiting_mach() -> None:
    mig17 = card("MiG-17F")
    weight = mig17.weights.reference_combat_lb
    cap = mig17.structure.max_mach * isa(9843).speed_of_sound_kt
    assert max_level_speed_kt(mig17, 9843, "ab", weight) == cap


def test_max_level_speed_agrees_with_the_force_model() -> None:
    f16 = card("F-16C")
    weight = f16.weights.reference_combat_lb
    speed = max_level_speed_kt(f16, 0, "mil", weight)
    air = isa(0)
    mach = speed / air.speed_of_sound_kt
    thrust = thrust_lbf(f16, "mil", 0, mach)
    assert drag_lbf(f16, speed, mach, 1.0, weight) == pytest.approx(thrust, rel=1e-4)


def test_no_level_flight_at_idle_gives_zero() -> None:
    f4 = card("F-4E")
    assert max_level_speed_kt(f4, 30_000, "idle", f4.weights.reference_combat_lb) == 0.0


def test_sustained_turn_is_capped_at_the_safe_load() -> None:
    f16 = card("F-16C")
    weight = f16.weights.reference_combat_lb
    # Low and fast the F-16C has thrust for more than 9 g; the turn is held to 9 g.
    rate = sustained_turn_deg_s(f16, 0, 530, "ab", weight)
    assert rate == pytest.approx(turn_rate_deg_s(safe_load_g(f16, weight), 530))


def test_sustained_turn_is_zero_when_thrust_cannot_hold_level_flight() -> None:
    mig15 = card("MiG-15bis")
    weight = mig15.weights.reference_combat_lb
    assert sustained_turn_deg_s(mig15, 5000, 640, "mil", weight) == 0.0


def test_specific_excess_power_is_v_times_excess_over_weight() -> None:
    f16 = card("F-16C")
    weight = f16.weights.reference_combat_lb
    excess = excess_thrust_lbf(f16, 15_000, 400, "ab", weight)
    expected = 400 * 1.68781 * excess / weight
    assert specific_excess_power_ft_s(f16, 15_000, 400, "ab", weight) == pytest.approx(expected)
    assert specific_excess_power_ft_s(f16, 15_000, 400, "ab", weight) > 0


def test_target_weight_defaults_to_reference_combat_weight() -> None:
    f16 = card("F-16C")
    corner = CalibrationTarget(quantity="corner_keas_kt", alt_ft=0, published=330, source="t")
    assert target_weight_lb(f16, corner) == f16.weights.reference_combat_lb
    lighter = corner.model_copy(update={"weight_lb": 21_000.0})
    assert target_weight_lb(f16, lighter) == 21_000.0
    # Both weights are in the 9 g row, so corner speed goes with the root of wing loading.
    ratio = evaluate(f16, lighter) / evaluate(f16, corner)
    assert ratio == pytest.approx(math.sqrt(21_000 / f16.weights.reference_combat_lb))


def test_sustained_turn_target_without_a_speed_is_an_error() -> None:
    f16 = card("F-16C")
    target = CalibrationTarget(
        quantity="sustained_turn_deg_s", alt_ft=5000, throttle="ab", published=18, source="t"
    )
    with pytest.raises(ValueError, match="speed_kt"):
        evaluate(f16, target)


def test_check_reports_signed_error_and_pass() -> None:
    f16 = card("F-16C")
    target = CalibrationTarget(
        quantity="corner_keas_kt", alt_ft=0, published=300, tolerance_pct=5, source="t"
    )
    result = check(f16, target)
    assert isinstance(result, Check)
    assert result.error_pct == pytest.approx(100 * (result.computed - 300) / 300)
    assert result.error_pct > 5
    assert not result.passed


# --- broken cards ---------------------------------------------------------------------------


def _broken(tmp_path: Path, old: str, new: str) -> Path:
    text = card_path("F-16C").read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "broken.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def _load_error(path: Path) -> str:
    with pytest.raises(DataFileError) as raised:
        load_card(path)
    message = str(raised.value)
    assert str(path) in message
    assert "Traceback" not in message
    assert 'File "' not in message
    return message


def test_unknown_key_is_named_with_its_field_path(tmp_path: Path) -> None:
    path = _broken(tmp_path, "[engines]\n", "[engines]\nbypass_ratio = 0.8\n")
    message = _load_error(path)
    assert "engines.bypass_ratio" in message
    assert "unknown key" in message


def test_missing_polar_region_is_reported(tmp_path: Path) -> None:
    htd_row = card("F-16C").polar_row("HTD")
    row = (
        f'{{ region = "HTD", cd0 = {htd_row.cd0}, k = {htd_row.k}, cl_max = {htd_row.cl_max} }},\n'
    )
    path = _broken(tmp_path, row, "")
    message = _load_error(path)
    assert "polar" in message
    assert "Slow, LTD, HTD, 1.2" in message


def test_string_for_a_number_is_named_with_its_field_path(tmp_path: Path) -> None:
    path = _broken(tmp_path, "empty_lb = 18600", 'empty_lb = "heavy"')
    message = _load_error(path)
    assert "weights.empty_lb" in message
    assert "'heavy'" in message


def test_toml_syntax_error_names_the_line(tmp_path: Path) -> None:
    path = _broken(tmp_path, "[speedbrake]", "[speedbrake")
    text = path.read_text(encoding="utf-8")
    line = text.splitlines().index("[speedbrake") + 1
    message = _load_error(path)
    assert "TOML syntax" in message
    assert f"line {line}" in message


# --- the calibration script -----------------------------------------------------------------


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "calibrate_cards", REPO / "tools" / "calibrate_cards.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_script_prints_every_target_and_the_context(capsys: pytest.CaptureFixture[str]) -> None:
    assert _script().main(["f-16c", "MiG-15bis"]) == 0
    out = capsys.readouterr().out
    assert "F-16C" in out
    assert "MiG-15bis" in out
    assert out.count("pass") >= len(card("F-16C").calibration) + len(card("MiG-15bis").calibration)
    for context in ("36,000 ft", "15,000 ft", "450 KTAS", "corner", "P_s"):
        assert context in out
    # The subsonic MiG-15bis has no afterburner: its context lines say so instead of failing.
    assert "no afterburner" in out


def test_script_rejects_an_unknown_type(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as raised:
        _script().main(["F-22A"])
    assert raised.value.code == 2
    err = capsys.readouterr().err
    assert "F-22A" in err
    assert "F-16C" in err
