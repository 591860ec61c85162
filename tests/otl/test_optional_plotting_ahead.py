"""§Clouds and §Spotting: orders written five rounds ahead."""

from __future__ import annotations

from engine.otl.optional.plotting_ahead import PlottedAhead, fit_moves, spots_enemy
from models.otl.orders import OtlRound, parse_moves, write_moves
from models.otl.scenario import CloudLayer, OtlOptions
from tests.otl.test_optional_planes import plane

CLOUDY = OtlOptions(clouds=CloudLayer(base_ft=4_000, top_ft=6_000))


def order(moves: str, power: int | None = None, target: str | None = None) -> OtlRound:
    return OtlRound(moves=parse_moves(moves), power=power, target=target)


def test_a_plane_in_the_clear_flies_its_fresh_order() -> None:
    plotted = PlottedAhead(CLOUDY, "midday")
    camel = plane(alt_ft=3_000, speed=8)
    plotted.start_round([camel])
    fresh = order("8")
    assert plotted.order_to_fly(camel, fresh) is fresh
    assert not plotted.locked(camel.id)


def test_in_the_cloud_the_first_move_is_flown_five_times_then_each_as_written() -> None:
    plotted = PlottedAhead(CLOUDY, "midday")
    camel = plane(alt_ft=5_000, speed=8)
    flown = []
    for round_no in range(1, 8):
        plotted.start_round([camel])
        fresh = order(f"{round_no} R {8 - round_no}", power=round_no % 3, target="fokker-1")
        done = plotted.order_to_fly(camel, fresh)
        assert done.target == "fokker-1"  # targeting is decided fresh
        flown.append((write_moves(done.moves), done.power))
    assert flown[:5] == [("1 R 7", 1)] * 5
    assert flown[5:] == [("2 R 6", 2), ("3 R 5", 0)]
    assert plotted.rounds_written(camel.id) == 4


def test_out_of_the_cloud_at_a_round_start_the_paper_is_thrown_away() -> None:
    plotted = PlottedAhead(CLOUDY, "midday")
    camel = plane(alt_ft=5_000, speed=8)
    plotted.start_round([camel])
    plotted.order_to_fly(camel, order("8"))
    camel.alt_ft = 6_500
    plotted.start_round([camel])
    fresh = order("U 8")
    assert plotted.order_to_fly(camel, fresh) is fresh
    assert plotted.rounds_written(camel.id) == 0


def test_a_written_move_is_flown_with_the_speed_the_plane_has() -> None:
    assert write_moves(fit_moves(parse_moves("R B1:3 L 2"), 7)) == "R B1:3 L 4"
    assert write_moves(fit_moves(parse_moves("R B1:3 L 2"), 4)) == "R B1:3 L 1"
    assert write_moves(fit_moves(parse_moves("R B1:3 L 2"), 3)) == "R B1:3"
    assert write_moves(fit_moves(parse_moves("R"), 3)) == "R 3"
    plotted = PlottedAhead(CLOUDY, "midday")
    camel = plane(alt_ft=5_000, speed=8)
    plotted.start_round([camel])
    plotted.order_to_fly(camel, order("8"))
    camel.speed = 6
    plotted.start_round([camel])
    assert plotted.order_to_fly(camel, order("6")).mp_planned == 6


def test_spotting_is_twice_the_front_targeting_range_and_informs_the_side() -> None:
    options = OtlOptions(spotting=True)
    camel = plane("camel-1", "entente", y_in=0.0)
    pup = plane("pup-1", "entente", y_in=-100.0)
    fokker = plane("fokker-1", "central", y_in=41.0)
    assert not spots_enemy(camel, [fokker], options, "midday")  # front range 20, doubled 40
    plotted = PlottedAhead(options, "midday")
    assert plotted.start_round([camel, pup, fokker]) == ()
    assert plotted.locked("pup-1") and plotted.locked("fokker-1")
    fokker.y_in = 39.0
    assert plotted.start_round([camel, pup, fokker]) == ("entente", "central")
    assert not plotted.locked("pup-1")  # the Camel's spot informed the Pup
    assert not plotted.locked("fokker-1")


def test_smoke_halves_the_spotting_range() -> None:
    camel = plane(y_in=0.0)
    camel.crits.append("engine_smoking")
    assert not spots_enemy(camel, [plane("f", "central", y_in=21.0)], OtlOptions(), "midday")
    assert spots_enemy(camel, [plane("f", "central", y_in=19.0)], OtlOptions(), "midday")


def test_a_cloud_hides_the_enemy_from_the_spotter() -> None:
    options = OtlOptions(spotting=True, clouds=CloudLayer(base_ft=4_000, top_ft=6_000))
    camel = plane(alt_ft=3_000)
    assert not spots_enemy(
        camel, [plane("f", "central", y_in=5.0, alt_ft=7_000)], options, "midday"
    )
