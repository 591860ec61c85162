"""The shipped departure drill (bfm/departure-spin) tells the story its description gives:
a maximum-load zoom at falling speed collects Departure Points in the Controllability Region,
departs into a spin (Departure, SoP 06), spins and recovers (Spin Recovery, SoP 05)."""

import functools
from pathlib import Path

from engine import Game
from engine.rulesets import load_scenario
from models.timeline import Timeline

DRILL = Path(__file__).resolve().parents[3] / "scenarios" / "bfm" / "departure-spin.toml"


@functools.cache
def drill() -> Timeline:
    return Game(load_scenario(DRILL)).run()


def outcomes(kind: str) -> list[tuple[float, str]]:
    return [(e.t_s, str(e.data["outcome"])) for e in drill().meta.events if e.kind == kind]


def test_the_slow_pull_collects_departure_points_in_the_region() -> None:
    """Departure Points, SoP 06: each unfinished pull in the region is a facing change."""
    checks = [e for e in drill().meta.events if e.kind in ("departure_check", "departure")]
    assert [(e.t_s, e.data["region"], e.data["dp"]) for e in checks] == [
        (18.0, "Low", 2),
        (24.0, "No", 3),
        (30.0, "No", 3),
    ]


def test_the_drill_departs_into_a_spin() -> None:
    """Low-Speed Departure: the spin check (d10 + departure result) falls below 0."""
    assert outcomes("departure") == [(30.0, "spin")]


def test_the_drill_spins_then_recovers() -> None:
    """Spinning turns fly unloaded, Nose falling to -90; the fourth attempt recovers."""
    assert outcomes("spin_recovery") == [
        (36.0, "continue"),
        (42.0, "continue"),
        (48.0, "continue"),
        (54.0, "normal_flight"),
    ]
    table = {row["turn"]: row for row in drill().meta.turn_table}
    assert all(table[turn]["nose"] == "All-90" for turn in (7, 8, 9))
    assert table[10]["max_load_g"] == 7.0  # the pull-out, flown as scripted again
    assert table[11]["alt_steps"] == 24 and all(row["alt_steps"] > 0 for row in table.values())
