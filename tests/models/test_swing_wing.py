"""Swing-wing cards: the card read at each wing position ("Manual Swing-Wing", "Automatic
Swing-Wing / Auto-Sweep Wing"), the automatic Mach schedule, and broken swing-wing sections
reported with the file and the field."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from engine.aero import aero_load_limit_g, drag_lbf, lift_coefficient, polar_at, safe_load_g
from engine.atmosphere import isa
from engine.calibration import max_level_speed_kt, sustained_turn_deg_s
from models.aircraft import (
    AircraftCard,
    UnknownWingPosition,
    card,
    card_path,
    load_card,
    polar_regions,
)
from models.files import DataFileError

MIG23 = card("MiG-23MLD")
POSITIONS = ("16", "45", "72")
WEIGHT_LB = MIG23.weights.reference_combat_lb
SQ_FT_PER_M2 = 10.7639

# A synthetic automatic swing-wing type: the MiG-23MLD's columns on a Mach schedule.
AUTOMATIC = (
    ('kind = "manual"', 'kind = "automatic"'),
    ('name = "16"\n', 'name = "16"\nschedule_from_mach = 0.0\n'),
    ('name = "45"\n', 'name = "45"\nschedule_from_mach = 0.7\n'),
    ('name = "72"\n', 'name = "72"\nschedule_from_mach = 1.2\n'),
)


def _variant(tmp_path: Path, *replacements: tuple[str, str]) -> Path:
    text = card_path("MiG-23MLD").read_text(encoding="utf-8")
    for old, new in replacements:
        assert old in text, old
        text = text.replace(old, new, 1)
    path = tmp_path / "mig-23-variant.toml"
    path.write_text(text, encoding="utf-8")
    return path


def _load_error(path: Path) -> str:
    with pytest.raises(DataFileError) as raised:
        load_card(path)
    message = str(raised.value)
    assert str(path) in message
    assert "Traceback" not in message
    return message


# --- the shipped manual swing-wing card ---------------------------------------------------


def test_the_mig23_is_a_manual_swing_wing_read_at_72_degrees() -> None:
    assert MIG23.swing_wing is not None
    assert MIG23.swing_wing.kind == "manual"
    assert [p.name for p in MIG23.swing_wing.positions] == list(POSITIONS)
    assert [p.sweep_deg for p in MIG23.swing_wing.positions] == [16, 45, 72]
    assert MIG23.wing_position == "72"
    assert card("F-16C").wing_position is None


def test_the_start_position_is_the_plain_card() -> None:
    assert MIG23.at_wing_position("72") is MIG23
    start = MIG23.swing_wing.positions[-1]  # type: ignore[union-attr]
    assert MIG23.polar == start.polar
    assert MIG23.wing_area_ft2 == start.wing_area_ft2
    assert MIG23.structure.max_mach == start.max_mach


@pytest.mark.parametrize(
    ("name", "area_m2", "max_mach", "safe_g"),
    [("16", 37.35, 0.9, 8.0), ("45", 35.70, 1.7, 8.0), ("72", 34.16, 2.35, 7.0)],
)
def test_each_position_has_its_own_column(
    name: str, area_m2: float, max_mach: float, safe_g: float
) -> None:
    flown = MIG23.at_wing_position(name)
    position = MIG23.swing_wing.position(name)  # type: ignore[union-attr]
    assert position is not None
    assert flown.wing_position == name
    assert flown.wing_area_ft2 == pytest.approx(area_m2 * SQ_FT_PER_M2, abs=0.1)
    assert flown.polar == position.polar
    assert tuple(row.region for row in flown.polar) == polar_regions(max_mach)
    assert flown.structure.max_mach == max_mach
    assert safe_load_g(flown, WEIGHT_LB) == safe_g
    # Everything the wing does not change is the card's.
    assert flown.engines == MIG23.engines
    assert flown.weights == MIG23.weights
    assert flown.guns == MIG23.guns
    assert flown.sighting == MIG23.sighting
    assert flown.swing_wing is not None
    assert flown.swing_wing.positions == MIG23.swing_wing.positions  # type: ignore[union-attr]


@pytest.mark.parametrize("name", POSITIONS)
def test_each_column_has_the_expected_shape(name: str) -> None:
    """The checks the calibration suite makes of every shipped card, at every position."""
    flown = MIG23.at_wing_position(name)
    slow, ltd, htd = (flown.polar_row(region) for region in ("Slow", "LTD", "HTD"))
    assert slow.cd0 < ltd.cd0 < htd.cd0
    assert slow.k <= ltd.k <= htd.k
    assert slow.cl_max > ltd.cl_max > htd.cl_max
    for row in flown.polar[3:]:
        assert row.cd0 > slow.cd0
        assert row.k > slow.k
        assert row.cl_max < slow.cl_max
    assert flown.roll[-1].cl_up_to >= slow.cl_max, "the roll table covers every lift"
    assert all(row.safe < row.normal < row.boosted for row in flown.roll)
    assert flown.roll[-1].turning_roll_cells == 0


def test_more_sweep_gives_less_lift_at_low_speed() -> None:
    air = isa(10_000)
    keas, mach = 250.0, 250.0 / math.sqrt(air.sigma) / air.speed_of_sound_kt
    limits = [
        aero_load_limit_g(MIG23.at_wing_position(n), keas, mach, WEIGHT_LB) for n in POSITIONS
    ]
    assert limits[0] > limits[1] > limits[2]
    # At the same load the bigger spread wing needs the least lift coefficient.
    needed = [
        lift_coefficient(4.0, WEIGHT_LB, keas, MIG23.at_wing_position(n).wing_area_ft2)
        for n in POSITIONS
    ]
    assert needed[0] < needed[1] < needed[2]
    # Slow and in afterburner, the spread wing sustains the hardest turn, the folded one the least.
    rates = [
        sustained_turn_deg_s(MIG23.at_wing_position(n), 15_000, 300, "ab", WEIGHT_LB)
        for n in POSITIONS
    ]
    assert rates[0] > rates[1] > rates[2]


def test_more_sweep_gives_less_drag_at_high_mach() -> None:
    air = isa(30_000)
    for mach, names in ((1.05, POSITIONS), (1.6, ("45", "72"))):
        keas = mach * air.speed_of_sound_kt * math.sqrt(air.sigma)
        drags = [drag_lbf(MIG23.at_wing_position(n), keas, mach, 1.0, WEIGHT_LB) for n in names]
        assert drags == sorted(drags, reverse=True), mach
        assert len(set(drags)) == len(drags)
    # Only the 72-degree wing reaches the published Mach 2.35; the others stop at their limit.
    sound = isa(36_089).speed_of_sound_kt
    for name, limit in (("16", 0.9), ("45", 1.7)):
        flown = MIG23.at_wing_position(name)
        top = max_level_speed_kt(flown, 36_089, "ab", WEIGHT_LB)
        assert top == pytest.approx(limit * sound)
    assert max_level_speed_kt(MIG23, 36_089, "ab", WEIGHT_LB) / sound > 2.25


def test_positions_are_cached_and_found_in_any_case() -> None:
    assert MIG23.at_wing_position("45") is MIG23.at_wing_position("45")
    assert load_card(card_path("MiG-23MLD")).at_wing_position("45") is MIG23.at_wing_position("45")
    assert MIG23.at_wing_position(" 45 ") is MIG23.at_wing_position("45")
    polar = polar_at(MIG23.at_wing_position("16"), 0.5)
    assert polar == MIG23.at_wing_position("16").polar_row("Slow")


def test_a_flown_card_moves_its_wing_again() -> None:
    spread = MIG23.at_wing_position("16")
    assert spread.at_wing_position("72") == MIG23
    assert spread.at_wing_position("45") == MIG23.at_wing_position("45")
    # A card read at a position is itself a valid card for that position.
    assert AircraftCard.model_validate(spread.model_dump()) == spread


def test_the_cache_does_not_change_equality_or_hash() -> None:
    loaded = load_card(card_path("MiG-23MLD"))
    MIG23.at_wing_position("16")
    assert loaded == MIG23
    assert hash(loaded) == hash(MIG23)
    assert MIG23.at_wing_position("16") != MIG23


def test_unknown_position_names_the_positions() -> None:
    with pytest.raises(UnknownWingPosition) as raised:
        MIG23.at_wing_position("33")
    message = str(raised.value)
    assert "'33'" in message
    assert "MiG-23MLD" in message
    assert "16, 45, 72" in message


def test_a_fixed_wing_card_has_no_positions() -> None:
    f16 = card("F-16C")
    with pytest.raises(UnknownWingPosition, match="F-16C has a fixed wing"):
        f16.at_wing_position("45")
    with pytest.raises(UnknownWingPosition, match="fixed wing"):
        f16.scheduled_wing_position(0.9)


def test_a_manual_wing_has_no_schedule() -> None:
    with pytest.raises(ValueError, match="manual"):
        MIG23.scheduled_wing_position(0.9)


# --- an automatic swing-wing ----------------------------------------------------------------


def test_automatic_schedule_lookup(tmp_path: Path) -> None:
    auto = load_card(_variant(tmp_path, *AUTOMATIC))
    assert auto.swing_wing is not None and auto.swing_wing.kind == "automatic"
    expected = {0.0: "16", 0.69: "16", 0.7: "45", 1.19: "45", 1.2: "72", 2.3: "72", 3.0: "72"}
    for mach, name in expected.items():
        assert auto.scheduled_wing_position(mach) == name, mach
    with pytest.raises(ValueError, match="negative"):
        auto.scheduled_wing_position(-0.1)
    # The flight data follows the schedule: read the card at the scheduled position.
    flown = auto.at_wing_position(auto.scheduled_wing_position(0.8))
    assert flown.wing_area_ft2 == auto.swing_wing.positions[1].wing_area_ft2


@pytest.mark.parametrize(
    ("replacements", "fragments"),
    [
        (
            (("schedule_from_mach = 0.0", "schedule_from_mach = 0.1"),),
            ("swing_wing", "positions.0.schedule_from_mach", "must start at Mach 0"),
        ),
        (
            (("schedule_from_mach = 1.2", "schedule_from_mach = 0.7"),),
            ("swing_wing", "positions.2.schedule_from_mach", "must rise with sweep"),
        ),
        (
            (("schedule_from_mach = 0.7\n", ""),),
            ("swing_wing", "positions.1.schedule_from_mach", "schedules every position"),
        ),
        (
            (("schedule_from_mach = 0.7", "schedule_from_mach = 1.8"),),
            ("swing_wing", "positions.1.schedule_from_mach", "beyond the position's max_mach"),
        ),
    ],
    ids=["not-from-zero", "not-rising", "missing", "beyond-limit"],
)
def test_bad_automatic_schedule_is_reported(
    tmp_path: Path, replacements: tuple[tuple[str, str], ...], fragments: tuple[str, ...]
) -> None:
    base = _variant(tmp_path, *AUTOMATIC).read_text(encoding="utf-8")
    for old, new in replacements:
        assert old in base
        base = base.replace(old, new, 1)
    path = tmp_path / "auto.toml"
    path.write_text(base, encoding="utf-8")
    message = _load_error(path)
    for fragment in fragments:
        assert fragment in message


# --- broken swing-wing sections -------------------------------------------------------------


@pytest.mark.parametrize(
    ("replacements", "fragments"),
    [
        (
            (('name = "45"', 'name = "16"'),),
            ("swing_wing:", "each position needs its own name"),
        ),
        (
            (('start = "72"', 'start = "33"'),),
            ("swing_wing:", "start: '33' is not one of the positions (16, 45, 72)"),
        ),
        (
            (("sweep_deg = 45", "sweep_deg = 80"),),
            ("swing_wing:", "rising sweep_deg order"),
        ),
        (
            (('name = "16"\n', 'name = "16"\nschedule_from_mach = 0.0\n'),),
            ("swing_wing: positions.0.schedule_from_mach", "only automatic swing-wings have"),
        ),
        (
            (("max_mach = 1.7", "max_mach = 1.8"),),
            ("swing_wing.positions.1:", "polar regions must be", "1.8"),
        ),
        (
            (('name = "16"\n', 'name = "16"\nflaps = true\n'),),
            ("swing_wing.positions.0.flaps", "unknown key"),
        ),
        (
            (("wing_area_ft2 = 367.7", "wing_area_ft2 = 370"),),
            ("(file): swing_wing.start", "own wing_area_ft2 must be", "start position '72'"),
        ),
        (
            (("cd0 = 0.02, k = 0.24,", "cd0 = 0.021, k = 0.24,"),),
            ("(file): swing_wing.start", "own polar must be", "start position '72'"),
        ),
        (
            (("overspeed_keas_kt = 730", "overspeed_keas_kt = 700"),),
            ("(file): swing_wing.start", "own structure.overspeed_keas_kt must be"),
        ),
        (
            (("overspeed_keas_kt = 430\n", ""),),
            ("swing_wing.positions.0.overspeed_keas_kt", "is missing"),
        ),
    ],
    ids=[
        "duplicate-name",
        "unknown-start",
        "sweep-order",
        "manual-with-schedule",
        "polar-short-of-max-mach",
        "unknown-key",
        "wing-area-not-the-start's",
        "polar-not-the-start's",
        "overspeed-not-the-start's",
        "position-without-overspeed",
    ],
)
def test_bad_swing_wing_section_is_reported(
    tmp_path: Path, replacements: tuple[tuple[str, str], ...], fragments: tuple[str, ...]
) -> None:
    message = _load_error(_variant(tmp_path, *replacements))
    for fragment in fragments:
        assert fragment in message
