"""The shipped Over the Lines Plane Charts: they load, their Max Level Speeds are the
published top speeds, and they order the types the way the histories do
(docs/otl-plane-charts.md)."""

from __future__ import annotations

import math
from itertools import pairwise
from pathlib import Path

import pytest

from models.otl.chart import PLANES_DIR, TURN_RATES, PlaneChart, PowerBand, plane_charts

REQUIRED = (
    "spad-xiii",
    "nieuport-17",
    "sopwith-camel",
    "se5a",
    "bristol-f2b",
    "albatros-dv",
    "fokker-dri",
    "fokker-dvii",
    "halberstadt-cl2",
)
BAND_FIGURES_AT_FT = {0: 0, 5000: 6500, 10000: 10000, 15000: 15000, 20000: 20000}
"""The height whose published top speed stands for each band (the British test heights)."""
LAPSE = {0: 1.0, 6500: 0.97, 10000: 0.94, 15000: 0.88}
"""The fall of top speed with height, the mean of the Camel's and the S.E.5a's tables, for
types whose sources give one low-level figure only."""

PUBLISHED_MPH: dict[str, tuple[str, list[tuple[int, float]]]] = {
    "sopwith-camel": (
        "Bruce, British Aeroplanes 1914-18 (Clerget 9B); 117 mph low down as commonly published",
        [(0, 117), (6500, 115), (10000, 113), (15000, 106.5)],
    ),
    "se5a": (
        "Bruce, British Aeroplanes 1914-18 (Wolseley Viper); 138 mph as commonly published",
        [(0, 138), (6500, 132), (10000, 126), (15000, 116.5)],
    ),
    "spad-xiii": (
        "French official trials as commonly published: 224/218/211/203 km/h at 2-5,000 m",
        [(6560, 139), (9840, 135), (13120, 131), (16400, 126)],
    ),
    "nieuport-17": (
        "as commonly published: 110 mph; R.F.C. figures at height",
        [(0, 110), (10000, 103), (15000, 97)],
    ),
    "albatros-dv": (
        "Gray & Thetford: 186 km/h; the standard fall with height",
        [(h, 116 * f) for h, f in LAPSE.items()],
    ),
    "fokker-dri": (
        "Gray & Thetford: 185 km/h low down, 165 km/h at 4,000 m",
        [(0, 115), (13120, 103)],
    ),
    "fokker-dvii": (
        "USAF Museum: 120 mph (Mercedes); the standard fall with height",
        [(h, 120 * f) for h, f in LAPSE.items()],
    ),
    "bristol-f2b": (
        "Bruce, British Aeroplanes 1914-18 (Falcon III)",
        [(5000, 123), (10000, 113), (15000, 105.5)],
    ),
    "halberstadt-cl2": (
        "Gray & Thetford: 165 km/h; the standard fall with height",
        [(h, 103 * f) for h, f in LAPSE.items()],
    ),
}
"""Published top speeds, mph by height in feet, with where they come from; linear between
the heights given and flat beyond the highest and below the lowest."""

PUBLISHED_CLIMB_MIN: dict[str, tuple[str, list[tuple[int, float]]]] = {
    "sopwith-camel": ("Bruce (Clerget 9B)", [(6500, 6.0), (10000, 10.58), (15000, 20.67)]),
    "se5a": ("Bruce (Wolseley Viper)", [(10000, 10.83), (15000, 20.5)]),
    "spad-xiii": (
        "French trials: 2,000 m 5 min 17 s, 5,000 m 20 min 10 s",
        [(6560, 5.28), (16400, 20.17)],
    ),
    "nieuport-17": ("as commonly published", [(10000, 9.0)]),
    "albatros-dv": ("Gray & Thetford: 1,000 m 4 min, 5,000 m 35 min", [(3280, 4.0), (16400, 35.0)]),
    "fokker-dri": ("Gray & Thetford: 1,000 m in 2 min 54 s", [(3280, 2.9)]),
    "fokker-dvii": ("Gray & Thetford (Mercedes)", [(3280, 3.8), (16400, 31.5)]),
    "bristol-f2b": ("Bruce (Falcon III)", [(10000, 11.25)]),
    "halberstadt-cl2": ("as commonly published: 1,000 m in 5 min", [(3280, 5.0)]),
}
"""Published times to height, minutes by height in feet."""
CLIMB_TIME_TOLERANCE = 0.30
"""Power is a whole number worth 25 ft a round (441 ft/min): a band's climb can be off by
up to a third of a step."""


def published_mph(type_id: str, alt_ft: int) -> float:
    points = PUBLISHED_MPH[type_id][1]
    if alt_ft <= points[0][0]:
        return points[0][1]
    for (h0, v0), (h1, v1) in pairwise(points):
        if h0 <= alt_ft <= h1:
            return v0 + (v1 - v0) * (alt_ft - h0) / (h1 - h0)
    return points[-1][1]


def first_underlined(band: PowerBand) -> int:
    """The lowest speed with overdive danger (23 when none)."""
    return next((s for s, c in enumerate(band.cells) if c.overdive), 23)


def climb_power(band: PowerBand, speed: int) -> float:
    """Power available at a speed; a stalled speed has none at all."""
    cell = band.cells[speed]
    return -math.inf if cell.stall else cell.value


@pytest.fixture(scope="module")
def charts() -> dict[str, PlaneChart]:
    return plane_charts()


def test_every_required_type_has_a_chart(charts: dict[str, PlaneChart]) -> None:
    assert set(REQUIRED) <= set(charts)


def test_the_charts_are_keyed_by_their_file_names(charts: dict[str, PlaneChart]) -> None:
    names = {path.stem for path in Path(PLANES_DIR).glob("*.toml")}
    assert set(charts) == names
    assert all(chart.id == type_id for type_id, chart in charts.items())


@pytest.mark.parametrize("type_id", REQUIRED)
def test_each_band_tops_out_at_the_published_speed(
    charts: dict[str, PlaneChart], type_id: str
) -> None:
    for band in charts[type_id].bands:
        expected = published_mph(type_id, BAND_FIGURES_AT_FT[band.floor_ft]) / 10
        assert abs(band.max_level_speed - expected) <= 1, (type_id, band.floor_ft, expected)
        assert band.cells[band.max_level_speed].value == 0


def minutes_to_climb(chart: PlaneChart, alt_ft: int) -> float:
    """Time to height climbing at each band's full power, each vertical MP paid by power."""
    seconds = 0.0
    for index, band in enumerate(chart.bands):
        top = chart.bands[index + 1].floor_ft if index + 1 < len(chart.bands) else alt_ft
        span = min(top, alt_ft) - band.floor_ft
        if span > 0:
            power = max(cell.value for cell in band.cells)
            seconds += span / (power * chart.climb_ft) * 3.4
    return seconds / 60


@pytest.mark.parametrize("type_id", REQUIRED)
def test_a_sustained_climb_takes_the_published_time(
    charts: dict[str, PlaneChart], type_id: str
) -> None:
    for alt_ft, published in PUBLISHED_CLIMB_MIN[type_id][1]:
        charted = minutes_to_climb(charts[type_id], alt_ft)
        assert abs(charted / published - 1) <= CLIMB_TIME_TOLERANCE, (alt_ft, charted)


@pytest.mark.parametrize("type_id", REQUIRED)
def test_power_falls_with_speed_and_stalls_rise_with_height(
    charts: dict[str, PlaneChart], type_id: str
) -> None:
    chart = charts[type_id]
    for band in chart.bands:
        assert band.stall_speed < band.max_level_speed
        values = [c.value for c in band.cells if not c.stall]
        assert values == sorted(values, reverse=True)
        past = band.cells[band.max_level_speed + 1 :]
        assert all(c.value < 0 for c in past)
        underlined = [s for s, c in enumerate(band.cells) if c.overdive]
        assert underlined == list(range(first_underlined(band), 23))
    stalls = [band.stall_speed for band in chart.bands]
    assert stalls == sorted(stalls) and stalls[-1] > stalls[0]


def test_the_dr1_out_turns_and_out_climbs_the_spad_low_down(
    charts: dict[str, PlaneChart],
) -> None:
    dr1, spad = charts["fokker-dri"], charts["spad-xiii"]
    assert TURN_RATES.index(dr1.turn_rate) < TURN_RATES.index(spad.turn_rate)
    low_dr1, low_spad = dr1.bands[0], spad.bands[0]
    slow = range(low_dr1.min_speed, low_spad.min_speed + 1)
    assert all(climb_power(low_dr1, v) >= climb_power(low_spad, v) for v in slow)
    assert any(climb_power(low_dr1, v) > climb_power(low_spad, v) for v in slow)


def test_the_spad_is_faster_and_dives_harder_than_the_dr1(
    charts: dict[str, PlaneChart],
) -> None:
    dr1, spad = charts["fokker-dri"], charts["spad-xiii"]
    for dr1_band, spad_band in zip(dr1.bands, spad.bands, strict=True):
        assert spad_band.max_level_speed > dr1_band.max_level_speed
        assert first_underlined(spad_band) > first_underlined(dr1_band)
    assert spad.wing_strength > dr1.wing_strength


def test_the_camel_rolls_right_faster_than_left(charts: dict[str, PlaneChart]) -> None:
    camel = charts["sopwith-camel"]
    assert camel.roll_mp_right < camel.roll_mp_left
    assert camel.turn_rate == "AA"


def test_the_fragile_wings_are_underlined_early(charts: dict[str, PlaneChart]) -> None:
    """The Nieuport 17's and the Albatros D.V's lower wings failed in dives."""
    sturdy = [first_underlined(charts[t].bands[0]) for t in ("spad-xiii", "se5a", "fokker-dvii")]
    for fragile in ("nieuport-17", "albatros-dv"):
        assert first_underlined(charts[fragile].bands[0]) < min(sturdy)
        assert charts[fragile].wing_strength <= 9


def test_two_seaters_turn_worse_are_bigger_and_watch_behind(
    charts: dict[str, PlaneChart],
) -> None:
    scouts = [c for c in charts.values() if c.crew == 1]
    for two_seater in (charts["bristol-f2b"], charts["halberstadt-cl2"]):
        assert two_seater.crew == 2
        assert all(
            TURN_RATES.index(two_seater.turn_rate) > TURN_RATES.index(s.turn_rate) for s in scouts
        )
        assert two_seater.size > max(s.size for s in scouts)
        assert two_seater.targeting_in.rear > max(s.targeting_in.rear for s in scouts)
        assert any(g.crew == "observer" and g.mount == "flexible" for g in two_seater.guns)


def test_the_d7_keeps_its_power_high_up_better_than_the_albatros(
    charts: dict[str, PlaneChart],
) -> None:
    d7, albatros = charts["fokker-dvii"].bands[-1], charts["albatros-dv"].bands[-1]
    assert d7.max_level_speed > albatros.max_level_speed
    assert d7.stall_speed <= albatros.stall_speed


def test_guns_are_fed_as_the_types_were(charts: dict[str, PlaneChart]) -> None:
    for chart in charts.values():
        for gun in chart.guns:
            if gun.feed == "drum":
                assert gun.drums >= 1 and 2 <= gun.ammo <= 7
            if gun.dual:
                assert gun.firepower >= 6
            elif gun.mount == "fixed":
                assert 4 <= gun.firepower <= 5
    assert charts["se5a"].gun("lewis").mount == "foster"
    assert charts["nieuport-17"].gun("lewis").mount == "foster"


def test_every_chart_names_sources_and_a_derivation(charts: dict[str, PlaneChart]) -> None:
    for chart in charts.values():
        assert len(chart.sources) >= 2
        for band in chart.bands:
            assert f"Band {band.floor_ft} ft" in chart.derivation
        assert chart.climb_ft % 25 == 0


def test_every_shipped_chart_gives_the_types_published_size() -> None:
    """The replay's box mini is the type's length, span and height."""
    for chart in plane_charts().values():
        assert chart.box_ft is not None, chart.id
        length, span, height = chart.box_ft
        assert 15 <= length <= 30 and 20 <= span <= 45 and 6 <= height <= 12, chart.id
    camel, bristol = plane_charts()["sopwith-camel"], plane_charts()["bristol-f2b"]
    assert camel.span_ft is not None and bristol.span_ft is not None
    assert bristol.span_ft > camel.span_ft
