"""Visual Sighting (SoP 09): search, tally, quick search, padlock, tally friendlies, fields of
view under crew G effects, blind arcs, weather, and the cards' sighting data."""

import math
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.bop.sighting import (
    SIGHTING_PATH,
    AltitudeBand,
    FieldOfView,
    Friendly,
    IllegalSighting,
    Observer,
    Searcher,
    SightLine,
    Spot,
    SpotState,
    Weather,
    apply_field_of_view,
    blind_arc,
    in_advantage_arc,
    in_blind_arc,
    load_sighting_tables,
    padlock,
    quick_search,
    search_refusal,
    sight_line,
    sighting_tables,
    tally,
    tally_friendlies,
    tally_range_fp,
    target_value,
    visual_range_fp,
    visual_search,
)
from engine.dice import Dice
from engine.hexmap import Hex, Position
from engine.performance.rounding import round_half_up
from engine.phad import Attitude, Cell
from engine.phad.angles import BODY_DIAMOND, Aspect
from engine.phad.graph import cells_at
from models.aircraft import BODY_DIAMOND_ROWS, CARDS_DIR, card, load_card, shipped_types
from models.files import DataFileError

F16 = card("F-16C")  # Auto-Tally 5, bubble canopy
F4 = card("F-4E")  # Auto-Tally 6, pilot and WSO
MIG21 = card("MiG-21MF")  # Auto-Tally 4, framed canopy, periscope
TURN = 4
VIPER = Searcher.from_card(F16, "Viper 1")
SIDE_ON = Aspect(3, 3)
"""Target aspect 0: the target seen side-on."""
ABOVE_AHEAD = Aspect(2, 2)
"""Canopy +1 on the F-16."""


def dice(*rolls: tuple[str, int]) -> Dice:
    return Dice.seeded(0, rolls)  # type: ignore[arg-type]


def pct(value: int) -> tuple[str, int]:
    return ("percentile", value)


def d10(value: int) -> tuple[str, int]:
    return ("d10", value)


def line(
    visual_range: int,
    aspect: Aspect = ABOVE_AHEAD,
    target_aspect: Aspect = SIDE_ON,
    *,
    target: str = "Bandit 1",
    auto_tally: int = 4,
    bearing: Cell | None = None,
    haze: bool = False,
    cloud: bool = False,
) -> SightLine:
    return SightLine(target, visual_range, aspect, target_aspect, auto_tally, bearing, haze, cloud)


def spotted_last_phase(observer: Observer, target: str = "Bandit 1") -> SpotState:
    last = SpotState(TURN - 1, frozenset({Spot(observer, target, "visual_search", TURN - 1)}))
    return SpotState.start_phase(last, TURN)


# -- Data: the play aid and the cards ------------------------------------------------------


def test_shipped_tables_load() -> None:
    assert load_sighting_tables(SIGHTING_PATH) == sighting_tables()


def test_models_body_diamond_is_the_engines() -> None:
    squares = {(aon, aoc) for aoc, aons in BODY_DIAMOND_ROWS.items() for aon in aons}
    assert squares == BODY_DIAMOND and len(squares) == 28


def test_every_shipped_card_has_sighting_data_for_each_crew_seat() -> None:
    for type_id in shipped_types():
        c = card(type_id)
        assert c.sighting is not None, type_id
        assert len(c.sighting.canopies) == c.crew, type_id
        assert c.sighting.canopies[0].seat == "pilot"
        assert c.sighting.radio
    assert F4.sighting is not None
    assert [x.seat for x in F4.sighting.canopies] == ["pilot", "wso"]


def test_auto_tally_follows_the_documented_size_rule() -> None:
    """Auto-Tally = round(sqrt(length × span) / 8), as each card's derivation says."""
    for type_id in shipped_types():
        c = card(type_id)
        assert c.sighting is not None and c.length_ft and c.span_ft
        assert c.sighting.auto_tally_fp == round_half_up(math.sqrt(c.length_ft * c.span_ft) / 8)
    assert [card(t).sighting.auto_tally_fp for t in ("F-15C", "F-16C", "MiG-21MF")] == [7, 5, 4]  # type: ignore[union-attr]


def test_the_three_extra_squares_act_like_the_square_to_their_left() -> None:
    """ "Advantage Arc": [4,6], [5,5] and [6,4] act like the square to their immediate left."""
    for type_id in shipped_types():
        sighting = card(type_id).sighting
        assert sighting is not None
        for canopy in sighting.canopies:
            for aon, aoc in ((4, 6), (5, 5), (6, 4)):
                assert canopy.modifier(aon, aoc) == canopy.modifier(aon - 1, aoc), type_id
    tables = sighting_tables()
    for aon, aoc in ((4, 6), (5, 5), (6, 4)):
        assert tables.target_aspect.modifier(Aspect(aon, aoc)) == (
            tables.target_aspect.modifier(Aspect(aon - 1, aoc))
        )


def test_framed_canopies_are_blind_at_dead_six_bubbles_are_not() -> None:
    dead_six = Aspect(6, 3)
    for type_id in ("MiG-15bis", "MiG-17F", "MiG-21MF", "F-4B", "F-4E"):
        sighting = card(type_id).sighting
        assert sighting is not None
        assert in_blind_arc(sighting.canopy("pilot"), dead_six), type_id
    for type_id in ("F-86F", "F-15C", "F-16C", "MiG-29", "F-5E"):
        sighting = card(type_id).sighting
        assert sighting is not None
        assert not in_blind_arc(sighting.canopy("pilot"), dead_six), type_id
    # Straight down through the belly is blind for everyone.
    for type_id in shipped_types():
        sighting = card(type_id).sighting
        assert sighting is not None
        assert all(in_blind_arc(c, Aspect(3, 6)) for c in sighting.canopies)


def test_the_wso_sees_worse_ahead_and_better_behind_than_the_f4_pilot() -> None:
    assert F4.sighting is not None
    pilot, wso = F4.sighting.canopy("pilot"), F4.sighting.canopy("wso")
    assert wso.modifier(0, 3) < pilot.modifier(0, 3)
    assert wso.modifier(6, 3) > pilot.modifier(6, 3)
    assert len(blind_arc(wso)) < len(blind_arc(pilot))


def test_advantage_arc() -> None:
    assert in_advantage_arc(F16, Aspect(0, 3))
    assert in_advantage_arc(F16, Aspect(2, 1))
    assert not in_advantage_arc(F16, Aspect(3, 0))
    assert not in_advantage_arc(F16, Aspect(6, 3))


def _bad_card(tmp_path: Path, stem: str, old: str, new: str) -> Path:
    text = (CARDS_DIR / f"{stem}.toml").read_text(encoding="utf-8")
    assert old in text
    bad = tmp_path / f"{stem}.toml"
    bad.write_text(text.replace(old, new, 1), encoding="utf-8")
    return bad


@pytest.mark.parametrize(
    ("old", "new", "field", "hint"),
    [
        (
            "advantage_arc = [[0, 3],",
            "advantage_arc = [[0, 0],",
            "sighting.advantage_arc",
            "[0,0] is not a square of the body diamond",
        ),
        (
            "    [1, 1, 1],                      # AoC 1",
            "    [1, 1, 1, 1],                   # AoC 1",
            "sighting.canopies.0.rows",
            "AoC row 1 covers the squares AoN 2-4",
        ),
        ("auto_tally_fp = 5", "auto_tally_fp = 0", "sighting.auto_tally_fp", "greater than"),
        ('seat = "pilot"', "seat = 3", "sighting.canopies.0.seat", "string"),
    ],
)
def test_bad_card_sighting_data_names_file_and_field(
    tmp_path: Path, old: str, new: str, field: str, hint: str
) -> None:
    bad = _bad_card(tmp_path, "f-16c", old, new)
    with pytest.raises(DataFileError) as caught:
        load_card(bad)
    message = str(caught.value)
    assert str(bad) in message and field in message and hint in message


def test_bad_sighting_table_names_file_and_field(tmp_path: Path) -> None:
    bad = tmp_path / "sighting.toml"
    bad.write_text(
        SIGHTING_PATH.read_text(encoding="utf-8").replace(
            "{ crew_quality = 3, column = 11 }", "{ crew_quality = 4, column = 11 }"
        ),
        encoding="utf-8",
    )
    with pytest.raises(DataFileError) as caught:
        load_sighting_tables(bad)
    assert str(bad) in str(caught.value)
    assert "search.search_value.5.crew_quality" in str(caught.value)


# -- Ranges and values ---------------------------------------------------------------------


def test_visual_range_adds_the_altitude_difference_only_looking_down() -> None:
    """Visual Range: the slant range, plus the altitude difference if the target is below."""
    assert visual_range_fp(10, searcher_alt_steps=100, target_alt_steps=90) == 20
    assert visual_range_fp(10, searcher_alt_steps=90, target_alt_steps=100) == 10
    assert visual_range_fp(7, 50, 50) == 7


def test_tally_range_and_target_value() -> None:
    assert tally_range_fp(12, 5) == 7
    assert tally_range_fp(3, 5) == -2
    assert target_value(20, 4) == 5
    assert target_value(21, 4) == 6
    assert target_value(0, 4) == 1


def test_sight_line_from_the_map() -> None:
    """Target 10 hexes behind and 10 steps below, flying the same way: range 10 + 10."""
    level_north = Attitude(nose="015+00", canopy="All+90", wing="105+00")
    behind = Hex(0, 0)
    for _ in range(10):
        behind = behind.neighbour(180)
    weather = Weather(haze=(AltitudeBand(0, 95),), cloud=(AltitudeBand(200, 220),))
    sl = sight_line(
        "Bandit 1",
        Position(Hex(0, 0), 100),
        level_north,
        Position(behind, 90),
        level_north,
        MIG21,
        weather,
    )
    assert sl.visual_range_fp == 20
    assert sl.bearing == Cell.parse("180-30")
    assert sl.aspect.aon >= 5 and sl.target_aspect.aon <= 1
    assert sl.target_auto_tally_fp == 4
    assert sl.haze and not sl.cloud


def test_weather_between_altitudes() -> None:
    weather = Weather(haze=(AltitudeBand(0, 20),), cloud=(AltitudeBand(50, 60),))
    assert weather.between(100, 70) == (False, False)  # both above the cloud deck
    assert weather.between(100, 40) == (False, True)  # the deck lies between them
    assert weather.between(55, 55) == (False, True)  # both inside it
    assert weather.between(30, 10) == (True, False)  # looking down into haze
    with pytest.raises(ValueError, match="top"):
        AltitudeBand(10, 5)


# -- Visual Search -------------------------------------------------------------------------


def test_visual_search_spots_when_the_pips_reach_the_target_value() -> None:
    """F-16 pilot, average: Search Value 8, Canopy [2,2] +1, side-on 0 → column 9.  MiG-21 at
    Visual Range 20 with Auto-Tally 4: Target Value 5.  Column 9 reads 63-78 as 5 pips, 62 as 4."""
    result = visual_search(VIPER, line(20), dice(pct(78)), TURN)
    assert (result.column, result.target_value, result.pips, result.spotted) == (9, 5, 5, True)
    assert result.spot == Spot(VIPER.observer, "Bandit 1", "visual_search", TURN)
    assert result.record is not None and result.record.kind == "visual_search"
    missed = visual_search(VIPER, line(20), dice(pct(62)), TURN)
    assert (missed.pips, missed.spotted, missed.spot) == (4, False, None)


def test_search_modifiers_and_crew_quality() -> None:
    """Head-on (target aspect −3), Canopy [0,3] 0, ace (+2 → Search Value 10), haze −2."""
    ace = Searcher.from_card(F16, "Viper 1", crew_quality=2)
    sl = line(8, Aspect(0, 3), Aspect(0, 3), haze=True)
    d = dice(pct(50))
    result = visual_search(ace, sl, d, TURN)
    assert dict(result.modifiers) == {"canopy": 0, "target aspect": -3, "haze": -2}
    assert result.column == 10 - 3 - 2
    assert result.target_value == 2
    assert d.rolls[0].purpose == "visual search, Viper 1 pilot for Bandit 1, turn 4"
    assert d.rolls[0].column == 5


def test_planform_is_easier_to_see_than_head_on() -> None:
    tables = sighting_tables()
    assert tables.target_aspect.modifier(Aspect(3, 0)) == 2
    assert tables.target_aspect.modifier(Aspect(3, 3)) == 0
    assert tables.target_aspect.modifier(Aspect(0, 3)) == -3
    assert tables.target_aspect.modifier(Aspect(6, 3)) == -3


def test_no_visual_search_into_the_blind_arc() -> None:
    """Blind Arc: normal searches may not look where the Canopy modifier is −4 or worse."""
    fishbed = Searcher.from_card(MIG21, "Red 1")
    dead_six = line(10, Aspect(6, 3))
    assert in_blind_arc(fishbed.canopy, dead_six.aspect)
    with pytest.raises(IllegalSighting, match="blind arc"):
        visual_search(fishbed, dead_six, dice(), TURN)
    # The F-16's dead six is −2: it may search there.
    assert search_refusal(VIPER, dead_six) is None


def test_cloud_and_distance_fail_a_search_without_a_roll() -> None:
    d = dice()
    clouded = visual_search(VIPER, line(10, cloud=True), d, TURN)
    assert not clouded.spotted and clouded.automatic == "cloud blocks the sight line"
    far = visual_search(VIPER, line(41, auto_tally=4), d, TURN)
    assert not far.spotted and far.automatic is not None and "too small" in far.automatic
    assert d.rolls == []


# -- Tally and Quick Search ----------------------------------------------------------------


def test_tally_within_auto_tally_needs_no_roll() -> None:
    """Tally Range = Visual Range − Auto-Tally; 0 or less is tallied automatically."""
    state = spotted_last_phase(VIPER.observer)
    d = dice()
    result = tally(VIPER, line(4, Aspect(6, 3), Aspect(0, 3), auto_tally=4), state, d, TURN)
    assert result.spotted and result.tally_range_fp == 0 and result.roll is None
    assert d.rolls == []


def test_tally_roll_needs_zero_or_more() -> None:
    """Tally Range 6 (band −1), Canopy [5,2] 0, target aspect [1,3] −1, average: −2.
    A d10 of 2 keeps the spot (0); a 1 loses it (−1)."""
    state = spotted_last_phase(VIPER.observer)
    sl = line(10, Aspect(5, 2), Aspect(1, 3), auto_tally=4)
    kept = tally(VIPER, sl, state, dice(d10(2)), TURN)
    assert (kept.tally_range_fp, kept.score, kept.spotted) == (6, 0, True)
    assert dict(kept.modifiers) == {
        "tally range": -1,
        "canopy": 0,
        "target aspect": -1,
        "crew quality": 0,
    }
    lost = tally(VIPER, sl, state, dice(d10(1)), TURN)
    assert (lost.score, lost.spotted) == (-1, False)


def test_tally_needs_a_previous_spot_or_a_cue() -> None:
    fresh = SpotState.start_phase(None, TURN)
    with pytest.raises(IllegalSighting, match="no sight"):
        tally(VIPER, line(10), fresh, dice(d10(9)), TURN)
    cued = tally(VIPER, line(10), fresh, dice(d10(9)), TURN, cued=True)
    assert cued.spotted


def test_tally_loses_a_target_behind_cloud_or_too_far() -> None:
    state = spotted_last_phase(VIPER.observer)
    assert not tally(VIPER, line(10, cloud=True), state, dice(), TURN).spotted
    assert not tally(VIPER, line(41, auto_tally=4), state, dice(), TURN).spotted


def test_failed_tally_then_quick_search_into_the_blind_arc() -> None:
    """A failed Tally may be followed at once by a Quick Search, which may look into the
    blind arc.  MiG-21 pilot, dead six: Canopy −6, side-on 0.  Visual Range 8 against
    Auto-Tally 5: Tally Range 3 (band 0), so d10 3 − 6 = −3 fails.  Search Value 8 − 6 →
    column 2; Target Value 2; column 2 reads 98 as 2 pips."""
    fishbed = Searcher.from_card(MIG21, "Red 1")
    state = spotted_last_phase(fishbed.observer, "Viper 1")
    sl = line(8, Aspect(6, 3), SIDE_ON, target="Viper 1", auto_tally=5)
    failed = tally(fishbed, sl, state, dice(d10(3)), TURN)
    assert not failed.spotted and failed.score == 3 + 0 - 6
    found = quick_search(fishbed, sl, failed, dice(pct(98)), TURN)
    assert found.task == "quick_search"
    assert (found.column, found.target_value, found.pips, found.spotted) == (2, 2, 2, True)


def test_quick_search_only_after_a_failed_tally_of_that_target() -> None:
    state = spotted_last_phase(VIPER.observer)
    kept = tally(VIPER, line(4), state, dice(), TURN)
    with pytest.raises(IllegalSighting, match="failed Tally"):
        quick_search(VIPER, line(4), kept, dice(pct(50)), TURN)
    failed = tally(VIPER, line(30), state, dice(d10(0)), TURN)
    with pytest.raises(IllegalSighting, match="failed Tally"):
        quick_search(VIPER, line(30, target="Bandit 2"), failed, dice(pct(50)), TURN)


# -- Crew G fields of view -----------------------------------------------------------------


CENTRE = Cell.parse("030+30")


def test_grey_out_sees_the_chosen_cell_and_its_neighbours() -> None:
    fov = FieldOfView("grey_out", CENTRE)
    assert fov.sees(CENTRE)
    assert all(fov.sees(cell) for cell in cells_at(CENTRE, 1))
    assert not fov.sees(CENTRE.antipode())
    black = FieldOfView("black_out", CENTRE)
    assert black.sees(CENTRE)
    assert not any(black.sees(cell) for cell in cells_at(CENTRE, 1))
    assert not FieldOfView("loc").sees(CENTRE)
    with pytest.raises(ValueError, match="declares a field-of-view cell"):
        FieldOfView("grey_out")


def test_grey_out_searches_at_minus_one_in_view_only() -> None:
    grey = Searcher.from_card(F16, "Viper 1", field_of_view=FieldOfView("grey_out", CENTRE))
    result = visual_search(grey, line(20, bearing=CENTRE), dice(pct(78)), TURN)
    assert dict(result.modifiers)["grey-out"] == -1 and result.column == 8
    with pytest.raises(IllegalSighting, match="field of view"):
        visual_search(grey, line(20, bearing=CENTRE.antipode()), dice(pct(78)), TURN)


def test_black_out_may_not_search_and_tallies_at_minus_three() -> None:
    black = Searcher.from_card(F16, "Viper 1", field_of_view=FieldOfView("black_out", CENTRE))
    with pytest.raises(IllegalSighting, match="blacked out"):
        visual_search(black, line(20, bearing=CENTRE), dice(pct(78)), TURN)
    state = spotted_last_phase(black.observer)
    result = tally(black, line(8, bearing=CENTRE), state, dice(d10(5)), TURN)
    assert dict(result.modifiers)["black-out"] == -3
    with pytest.raises(IllegalSighting, match="field of view"):
        tally(black, line(8, bearing=cells_at(CENTRE, 1)[0]), state, dice(d10(5)), TURN)


def test_loc_can_do_nothing() -> None:
    out = Searcher.from_card(F16, "Viper 1", field_of_view=FieldOfView("loc"))
    state = spotted_last_phase(out.observer)
    with pytest.raises(IllegalSighting, match="unconscious"):
        visual_search(out, line(10), dice(), TURN)
    with pytest.raises(IllegalSighting, match="unconscious"):
        tally(out, line(10), state, dice(), TURN)
    with pytest.raises(IllegalSighting, match="unconscious"):
        padlock(out, line(10), state, TURN)
    with pytest.raises(IllegalSighting, match="unconscious"):
        tally_friendlies(out, [Friendly("Viper 2")], TURN)


def test_g_effects_lose_awareness_outside_the_field_of_view() -> None:
    me = VIPER.observer
    spots = frozenset(
        {
            Spot(me, "Bandit 1", "tally", 3),
            Spot(me, "Bandit 2", "tally", 3),
            Spot(Observer("Viper 2"), "Bandit 2", "tally", 3),
        }
    )
    state = SpotState(3, spots)
    bearings = {"Bandit 1": CENTRE, "Bandit 2": CENTRE.antipode()}
    grey = apply_field_of_view(state, me, FieldOfView("grey_out", CENTRE), bearings)
    assert grey.targets_of(me) == {"Bandit 1"}
    assert grey.has_spotted(Observer("Viper 2"), "Bandit 2")
    assert apply_field_of_view(state, me, FieldOfView("loc"), bearings).targets_of(me) == set()
    assert apply_field_of_view(state, me, FieldOfView(), bearings) == state


# -- Padlock -------------------------------------------------------------------------------


def test_padlock_keeps_a_spot_without_a_roll_or_arc_limits() -> None:
    """No roll and no arc or aspect restriction: even the blind arc, head-on."""
    fishbed = Searcher.from_card(MIG21, "Red 1")
    state = spotted_last_phase(fishbed.observer, "Viper 1")
    sl = line(30, Aspect(6, 3), Aspect(0, 3), target="Viper 1", auto_tally=5)
    result = padlock(fishbed, sl, state, TURN)
    assert result.spotted and result.automatic == "padlock"
    state = state.record(result)
    assert state.padlock_of(fishbed.observer) == "Viper 1"


def test_padlock_limits() -> None:
    state = spotted_last_phase(VIPER.observer)
    # More than ten times the Auto-Tally away.
    with pytest.raises(IllegalSighting, match="more than 40 FP"):
        padlock(VIPER, line(41, auto_tally=4), state, TURN)
    assert padlock(VIPER, line(40, auto_tally=4), state, TURN).spotted
    # Only what was spotted last phase.
    with pytest.raises(IllegalSighting, match="no sight"):
        padlock(VIPER, line(10, target="Bandit 2"), state, TURN)
    # One a phase.
    locked = state.record(padlock(VIPER, line(10), state, TURN))
    with pytest.raises(IllegalSighting, match="already padlocked"):
        padlock(VIPER, line(10), locked, TURN)
    # Declared before any other attempt.
    searched = state.record(visual_search(VIPER, line(20, target="Bandit 2"), dice(pct(0)), TURN))
    with pytest.raises(IllegalSighting, match="before any other"):
        padlock(VIPER, line(10), searched, TURN)


def test_a_guns_task_limits_the_padlock_to_its_subject() -> None:
    engaging = Searcher.from_card(F16, "Viper 1", guns_subject="Bandit 2")
    last = SpotState(
        TURN - 1,
        frozenset(Spot(engaging.observer, t, "tally", TURN - 1) for t in ("Bandit 1", "Bandit 2")),
    )
    state = SpotState.start_phase(last, TURN)
    with pytest.raises(IllegalSighting, match="may padlock only it"):
        padlock(engaging, line(10), state, TURN)
    assert padlock(engaging, line(10, target="Bandit 2"), state, TURN).spotted


# -- Tally Friendlies ----------------------------------------------------------------------


def test_tally_friendlies_by_radio() -> None:
    result = tally_friendlies(VIPER, [Friendly("Viper 2"), Friendly("Viper 3", radio=False)], TURN)
    assert result.spotted == ("Viper 2",)
    assert result.not_spotted == (("Viper 3", "no working radio"),)
    state = SpotState.start_phase(None, TURN).record(result)
    assert state.spot(VIPER.observer, "Viper 2") == Spot(
        VIPER.observer, "Viper 2", "tally_friendlies", TURN
    )
    mute = Searcher.from_card(F16, "Viper 1", radio_working=False)
    with pytest.raises(IllegalSighting, match="radio"):
        tally_friendlies(mute, [Friendly("Viper 2")], TURN)


def test_tally_friendlies_is_limited_by_the_field_of_view() -> None:
    grey = Searcher.from_card(F16, "Viper 1", field_of_view=FieldOfView("grey_out", CENTRE))
    result = tally_friendlies(
        grey,
        [Friendly("Viper 2", bearing=CENTRE), Friendly("Viper 3", bearing=CENTRE.antipode())],
        TURN,
    )
    assert result.spotted == ("Viper 2",)
    assert result.not_spotted[0][0] == "Viper 3"


# -- Spot state ----------------------------------------------------------------------------


def test_spots_last_until_the_next_sighting_phase() -> None:
    wso = Observer("Phantom 1", "wso")
    state = SpotState.start_phase(None, 3)
    result = visual_search(Searcher.from_card(F4, "Phantom 1", "wso"), line(20), dice(pct(99)), 3)
    state = state.record(result)
    assert state.has_spotted(wso, "Bandit 1")
    assert state.aircraft_has_spotted("Phantom 1", "Bandit 1")
    assert state.spotters_of("Bandit 1") == {"Phantom 1"}
    assert not state.has_spotted(Observer("Phantom 1"), "Bandit 1")
    nxt = SpotState.start_phase(state, 4)
    assert not nxt.has_spotted(wso, "Bandit 1") and nxt.had_spotted(wso, "Bandit 1")
    # A tally replaces the spot's "how"; a failed one records nothing but the attempt.
    kept = nxt.record(tally(Searcher.from_card(F4, "Phantom 1", "wso"), line(4), nxt, dice(), 4))
    assert kept.spot(wso, "Bandit 1") == Spot(wso, "Bandit 1", "tally", 4)
    assert wso in kept.acted


def test_wso_uses_the_rear_canopy_diagram() -> None:
    """Different crew members in multi-crew aircraft may use different Canopy diagrams."""
    pilot = Searcher.from_card(F4, "Phantom 1")
    wso = Searcher.from_card(F4, "Phantom 1", "wso")
    sl = line(20, Aspect(0, 3))
    assert visual_search(pilot, sl, dice(pct(0)), TURN).column == 8 + 0 + 0
    assert visual_search(wso, sl, dice(pct(0)), TURN).column == 8 - 3 + 0
    with pytest.raises(KeyError, match="seats: pilot, wso"):
        Searcher.from_card(F4, "Phantom 1", "rio")


@given(st.sampled_from(sorted(BODY_DIAMOND)), st.sampled_from(shipped_types()))
def test_search_is_refused_exactly_in_the_blind_arc(square: tuple[int, int], type_id: str) -> None:
    searcher = Searcher.from_card(card(type_id), "Any 1")
    aspect = Aspect(*square)
    refused = search_refusal(searcher, line(10, aspect))
    assert (refused is not None) == (searcher.canopy.modifier(*square) <= -4)


def test_inputs_are_checked() -> None:
    with pytest.raises(ValueError, match="Crew Quality runs from -2 to \\+3"):
        Searcher.from_card(F16, "Viper 1", crew_quality=4)
    with pytest.raises(ValueError, match="negative"):
        line(-1)
    level_north = Attitude(nose="015+00", canopy="All+90", wing="105+00")
    ahead = Hex(0, 0).neighbour(0).neighbour(0)
    with pytest.raises(ValueError, match="not a reading of this bearing"):
        sight_line(
            "Bandit 1",
            Position(Hex(0, 0), 100),
            level_north,
            Position(ahead, 100),
            level_north,
            MIG21,
            bearing=Cell.parse("All-90"),
        )
