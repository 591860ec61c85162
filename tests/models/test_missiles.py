"""Missile data cards: every shipped card loads, is physically sensible, and broken cards
report the file and the field path."""

from pathlib import Path

import pytest

from models.files import DataFileError
from models.missile import (
    MISSILES_DIR,
    STALL_BLEED,
    MissileCard,
    UnknownMissileType,
    load_missile,
    missile_card,
    missile_path,
    shipped_missiles,
)

SHIPPED = (
    "AIM-120A",
    "AIM-7E-2",
    "AIM-7M",
    "AIM-9B",
    "AIM-9G",
    "AIM-9L",
    "R-27R",
    "R-27T",
    "R-3S",
    "R-60",
    "R-73",
)
FP_PER_KM = 1000 / 0.3048 / 400
LAUNCH_FP = 13  # Mach 0.9 at 35,000 ft, the launch the cards were calibrated for
CARD_FILES = sorted(MISSILES_DIR.glob("*.toml"))


def test_shipped_missiles_are_the_eleven() -> None:
    assert shipped_missiles() == tuple(sorted(SHIPPED))


@pytest.mark.parametrize("path", CARD_FILES, ids=lambda p: p.stem)
def test_card_loads_and_type_id_matches_file_name(path: Path) -> None:
    card = load_missile(path)
    assert missile_path(card.type_id) == path
    assert card.derivation and card.sources


def test_lookup_is_case_insensitive() -> None:
    assert missile_card("aim-9l").type_id == "AIM-9L"


def test_unknown_type_lists_shipped_ones() -> None:
    with pytest.raises(UnknownMissileType) as raised:
        missile_card("AIM-54C")
    message = str(raised.value)
    assert "AIM-54C" in message
    for type_id in SHIPPED:
        assert type_id in message


def _all() -> list[MissileCard]:
    return [missile_card(t) for t in SHIPPED]


def test_reliability_and_launch_g_are_sensible() -> None:
    for card in _all():
        assert 0 < card.launch_reliability <= 1
        assert 1 <= card.launch_load_limit_g <= card.published.max_load_g
    early = missile_card("AIM-9B"), missile_card("AIM-7E-2"), missile_card("R-3S")
    late = missile_card("AIM-9L"), missile_card("AIM-120A"), missile_card("R-73")
    assert max(c.launch_reliability for c in early) < min(c.launch_reliability for c in late)
    assert max(c.launch_load_limit_g for c in early) < min(c.launch_load_limit_g for c in late)


def test_all_aspect_and_radar_missiles_see_wider_than_the_aim_9b() -> None:
    aim9b = missile_card("AIM-9B")
    for card in _all():
        if card.seeker == "ir_rear":
            continue
        assert card.snapshot_fov_cells >= aim9b.snapshot_fov_cells
        assert card.oba_cells >= aim9b.oba_cells
        assert (card.snapshot_fov_cells, card.oba_cells) > (
            aim9b.snapshot_fov_cells,
            aim9b.oba_cells,
        ), card.type_id


def test_guidance_follows_the_seeker() -> None:
    for card in _all():
        if card.seeker in ("ir_rear", "ir_all_aspect"):
            assert card.launch_requires == "missile_seeker_lock"
        else:
            assert card.launch_requires == "launcher_radar_track"
        sarh = card.seeker == "sarh"
        assert (card.guidance_until_impact == "launcher_radar_track") == sarh
    assert missile_card("R-73").boost_maneuver
    assert not missile_card("AIM-9B").all_aspect


def test_amraam_boosts_at_least_as_fast_as_the_sparrow() -> None:
    assert missile_card("AIM-120A").boost_speed_fp >= missile_card("AIM-7M").boost_speed_fp
    assert missile_card("AIM-7M").boost_speed_fp > missile_card("AIM-9L").boost_speed_fp
    assert missile_card("AIM-9L").boost_speed_fp > missile_card("AIM-9B").boost_speed_fp


def test_speed_bleed_table_runs_to_the_stall() -> None:
    for card in _all():
        assert card.speed_bleed[0].bleed == 0
        assert card.speed_bleed[-1].bleed == STALL_BLEED
        assert card.speed_for_bleed(STALL_BLEED + 0.5) is None
        top = card.speed_bleed[0].speed_fp
        assert card.bleed_for_speed(top + 10) == 0
        assert card.bleed_for_speed(card.speed_bleed[-1].speed_fp - 1) == STALL_BLEED
        # Round trip through "the next higher value" never gains speed.
        for row in card.speed_bleed:
            assert card.speed_for_bleed(row.bleed) == row.speed_fp
            assert card.bleed_for_speed(row.speed_fp) == row.bleed


def test_ranges_rise_with_altitude() -> None:
    for card in _all():
        ranges = [card.straight_range_fp(b.from_alt_ft, LAUNCH_FP) for b in card.flight]
        assert ranges == sorted(ranges), card.type_id
        assert ranges[-1] > 1.5 * ranges[0], card.type_id
        bleeds = [band.game_turn_bleed for band in card.flight]
        assert bleeds == sorted(bleeds, reverse=True), card.type_id
        radii = [band.turn_radius_fp for band in card.flight]
        assert radii == sorted(radii), card.type_id


def test_range_reproduces_the_published_figure_at_high_altitude() -> None:
    for card in _all():
        flown = card.straight_range_fp(35_000, LAUNCH_FP)
        published = card.published.max_range_km * FP_PER_KM
        one_turn = LAUNCH_FP + card.boost_speed_fp  # game-turns are coarse for short shots
        assert abs(flown - published) <= max(0.1 * published, one_turn), card.type_id


def test_long_range_missiles_outrange_dogfight_missiles() -> None:
    def reach(type_id: str) -> float:
        return missile_card(type_id).straight_range_fp(35_000, LAUNCH_FP)

    assert reach("AIM-9B") < reach("AIM-9L") < reach("AIM-7E-2") < reach("AIM-7M")
    assert reach("R-3S") < reach("R-73") < reach("R-27R")


def test_agile_missiles_turn_tighter() -> None:
    for alt in (0, 35_000):
        assert (
            missile_card("R-73").band(alt).turn_radius_fp
            < missile_card("AIM-9L").band(alt).turn_radius_fp
            < missile_card("AIM-9B").band(alt).turn_radius_fp
        )


def test_the_aim_9g_sits_between_the_aim_9b_and_the_aim_9l() -> None:
    aim9b, aim9g, aim9l = (missile_card(t) for t in ("AIM-9B", "AIM-9G", "AIM-9L"))
    assert aim9g.seeker == "ir_rear" and not aim9g.all_aspect
    assert aim9g.sensor_cued and not aim9b.sensor_cued  # SEAM
    assert aim9g.rear_aspect_cells is not None and aim9b.rear_aspect_cells is not None
    assert aim9g.rear_aspect_cells > aim9b.rear_aspect_cells
    assert aim9b.launch_reliability < aim9g.launch_reliability < aim9l.launch_reliability
    assert aim9b.launch_load_limit_g < aim9g.launch_load_limit_g < aim9l.launch_load_limit_g
    assert aim9b.attack_pips < aim9g.attack_pips < aim9l.attack_pips
    for alt in (0, 35_000):
        assert (
            aim9l.band(alt).turn_radius_fp
            < aim9g.band(alt).turn_radius_fp
            < aim9b.band(alt).turn_radius_fp
        )
    reach_9b, reach_9g = (c.straight_range_fp(35_000, LAUNCH_FP) for c in (aim9b, aim9g))
    assert reach_9b < reach_9g


def test_band_lookup() -> None:
    card = missile_card("AIM-9L")
    assert card.band(0) is card.flight[0]
    assert card.band(9_999) is card.flight[0]
    assert card.band(10_000) is card.flight[1]
    assert card.band(90_000) is card.flight[-1]
    assert card.band_at_steps(175) is card.flight[3]  # 35,000 ft
    with pytest.raises(ValueError, match="below sea level"):
        card.band(-1)


# --- broken cards -------------------------------------------------------------------------

GOOD = MISSILES_DIR / "aim-9l.toml"


def _broken(tmp_path: Path, old: str, new: str) -> Path:
    text = GOOD.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "broken.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def _problems(path: Path) -> str:
    with pytest.raises(DataFileError) as raised:
        load_missile(path)
    assert raised.value.path == str(path)
    assert str(path) in str(raised.value)
    return str(raised.value)


def test_unknown_key_is_named(tmp_path: Path) -> None:
    path = _broken(tmp_path, "year = 1977", "year = 1977\nrange_nm = 10")
    assert "range_nm: unknown key" in _problems(path)


def test_unknown_key_in_a_table_row_is_named(tmp_path: Path) -> None:
    path = _broken(tmp_path, "{ from_alt_ft = 0,", "{ from_alt_ft = 0, drag = 1,")
    assert "flight.0.drag: unknown key" in _problems(path)


def test_bad_seeker_name(tmp_path: Path) -> None:
    path = _broken(tmp_path, 'seeker = "ir_all_aspect"', 'seeker = "heat"')
    message = _problems(path)
    assert "seeker:" in message
    assert "ir_all_aspect" in message and "heat" in message


def test_altitude_bands_out_of_order(tmp_path: Path) -> None:
    path = _broken(tmp_path, "from_alt_ft = 10000", "from_alt_ft = 25000")
    assert "flight: bands must be in rising from_alt_ft order" in _problems(path)


def test_first_band_must_start_at_sea_level(tmp_path: Path) -> None:
    path = _broken(tmp_path, "{ from_alt_ft = 0,", "{ from_alt_ft = 1000,")
    assert "flight: the first band must start at sea level" in _problems(path)


def test_speed_bleed_must_fall(tmp_path: Path) -> None:
    path = _broken(tmp_path, "{ bleed = 1, speed_fp = ", "{ bleed = 1, speed_fp = 1")
    assert "speed_bleed: speeds must fall as bleed rises" in _problems(path)


def test_out_of_range_values_name_the_field(tmp_path: Path) -> None:
    path = _broken(tmp_path, "launch_reliability = 0.9", "launch_reliability = 1.5")
    assert "launch_reliability: " in _problems(path)


def test_inconsistent_guidance_is_explained(tmp_path: Path) -> None:
    path = _broken(
        tmp_path,
        'guidance_until_impact = "own_seeker"',
        'guidance_until_impact = "launcher_radar_track"',
    )
    assert "guidance_until_impact is own_seeker" in _problems(path)


def test_toml_syntax_error_names_the_line(tmp_path: Path) -> None:
    path = _broken(tmp_path, "year = 1977", "year = = 1977")
    message = _problems(path)
    assert "TOML syntax" in message and "line" in message


def test_every_problem_is_reported_at_once(tmp_path: Path) -> None:
    path = _broken(tmp_path, 'seeker = "ir_all_aspect"', 'seeker = "heat"\nfuze = "laser"')
    with pytest.raises(DataFileError) as raised:
        load_missile(path)
    assert len(raised.value.problems) == 2
