"""A sweep's games totalled per variation: for each outcome, the share of games in which it
happened and how many times per game, each with its 95 % interval (:mod:`.stats`)."""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sim.odds.stats import Estimate, frequency
from sim.odds.stats import mean as plain_mean

COUNTED = (
    ("shots", "fires"),
    ("hits", "hits"),
    ("kills", "kills"),
    ("losses", "loses an aircraft"),
    ("ejections", "ejects"),
    ("departures", "departs"),
)
"""Each side's counts, and the words a row says them in."""


@dataclass(frozen=True, slots=True)
class OutcomeRow:
    """One outcome of one variation."""

    outcome: str
    """In words: ``blue kills``, ``first shot by red``."""
    key: str
    """For tools and charts: ``blue.kills``, ``first_shot.red``."""
    games: Estimate | None
    """The share of games in which it happened."""
    per_game: Estimate | None
    """How many times a game (or, for a time or a fuel state, its mean)."""
    median: float | None = None

    def as_dict(self) -> dict[str, Any]:
        return {
            "outcome": self.outcome,
            "key": self.key,
            "games": None if self.games is None else self.games.as_dict(),
            "per_game": None if self.per_game is None else self.per_game.as_dict(),
            "median": None if self.median is None else round(self.median, 3),
        }


def mean(values: Sequence[float]) -> Estimate:
    """The mean of a count, a time or a fuel state, none of which is below zero: its
    interval is cut at zero."""
    found = plain_mean(values)
    return Estimate(found.value, max(0.0, found.low), found.high, found.n)


def summarise(outcomes: Sequence[dict[str, Any]]) -> list[OutcomeRow]:
    """The rows for one variation's outcomes (each as :meth:`GameOutcome.as_dict` wrote it)."""
    n = len(outcomes)
    if n == 0:
        return []
    sides = sorted({side for o in outcomes for side in o["sides"]})
    rows: list[OutcomeRow] = []
    firsts = [o["first_shot"] for o in outcomes if o["first_shot"] is not None]
    rows.append(OutcomeRow("a shot is fired", "first_shot.any", frequency(len(firsts), n), None))
    for side in sides:
        by_side = sum(1 for f in firsts if f["side"] == side)
        rows.append(
            OutcomeRow(f"first shot by {side}", f"first_shot.{side}", frequency(by_side, n), None)
        )
    times = [float(f["t_s"]) for f in firsts]
    if times:
        rows.append(
            OutcomeRow(
                "first shot's time (s)",
                "first_shot.t_s",
                None,
                mean(times),
                statistics.median(times),
            )
        )
    for side in sides:
        tallies = [o["sides"].get(side) for o in outcomes]
        present = [t for t in tallies if t is not None]
        for name, words in COUNTED:
            counts = [t[name] for t in present if t[name] is not None]
            if not counts:
                continue  # not in these rules
            happened = sum(1 for c in counts if c > 0)
            rows.append(
                OutcomeRow(
                    f"{side} {words}",
                    f"{side}.{name}",
                    frequency(happened, len(counts)),
                    mean([float(c) for c in counts]),
                )
            )
        fuel = [float(f) for t in present for f in t["fuel_end"]]
        if fuel:
            unit = next((o["fuel_unit"] for o in outcomes if o["fuel_unit"]), "")
            rows.append(
                OutcomeRow(
                    f"{side} fuel at the end, per aircraft ({unit})".replace(" ()", ""),
                    f"{side}.fuel_end",
                    None,
                    mean(fuel),
                    statistics.median(fuel),
                )
            )
    return rows
