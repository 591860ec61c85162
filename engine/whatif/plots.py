"""Birds of Prey plots by name, and the legal alternatives for one aircraft's game-turn.

A plot is named the way a player reads the segments off the plot sheet (SoP 03, Bp–Cp): a
roll in a straight segment (``roll 2 right``), a turning segment by its Load Used
(``7 G pull``, ``max G pull``, ``5 G push``), ``unload``, ``straight``, a barrel roll. The
alternatives are the candidate plots the maneuver planner builds (a roll, then a pull, or
straight flight, or an unload: :mod:`engine.bop.maneuvers.search`), each kept when the game's
own checks accept it (:meth:`engine.bop.game.Game.preview` and :meth:`~engine.bop.game.Game.legal`).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.bop.game import Game
from engine.bop.maneuvers import search
from models.orders import BopPlot, Segment

PULL_LOADS_G: tuple[search.Load, ...] = ("sustained", 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, "max")
"""The Loads Used the alternatives try after each roll (Bp5: loads are whole or half G;
whole G are enough for a menu)."""


def _roll_name(cells: int) -> str:
    side = "right" if cells > 0 else "left"
    return f"roll {abs(cells)} {side}"


def _load_name(load: float | str) -> str:
    if isinstance(load, str):
        return f"{load} G"
    return f"{load:g} G"


def segment_name(segment: Segment) -> str:
    """One segment as a player would say it."""
    if segment.kind == "straight":
        parts = [_roll_name(segment.roll_cells)] if segment.roll_cells else []
        return ", ".join(parts) or "straight"
    if segment.kind == "turn":
        way = "push" if segment.negative else "pull"
        name = f"{_load_name(segment.load_g)} {way}"
        if segment.roll_cells:
            name += f", {_roll_name(segment.roll_cells)}"
        return name
    if segment.kind == "unload":
        return "unload"
    amount = "full" if segment.full else "half"
    return f"{amount} barrel roll {segment.direction} at {segment.load_g:g} G"


def plot_name(plot: BopPlot) -> str:
    """A plot's segments in words, in order: ``roll 2 right, 7 G pull``; straight segments
    one after another read as one ``straight``."""
    names: list[str] = []
    for segment in plot.segments:
        name = segment_name(segment)
        if not (name == "straight" and names and names[-1] == "straight"):
            names.append(name)
    return ", ".join(names)


PULL_ROWS: tuple[str, ...] = ("straight", "unload", *(_load_name(load) for load in PULL_LOADS_G))
"""What an alternative does after its roll, as a menu's grid rows name it: straight flight,
an unload, or a pull at a Load Used."""


@dataclass(frozen=True, slots=True)
class Alternative:
    """A legal plot for the game-turn, its name, and where it sits in the roll × pull grid:
    the roll it starts with (cells, negative to the left) and what follows (a
    :data:`PULL_ROWS` entry)."""

    name: str
    plot: BopPlot
    roll_cells: int = 0
    pull: str = "straight"


def alternatives(game: Game, entity: str) -> list[Alternative]:
    """Every legal plot of the planner's roll × pull candidates for ``entity``'s next
    game-turn (straight and unload first, then each roll with straight flight after it,
    then each roll with each pull), named; a name appears once. The other aircraft's orders
    the judge needs beside it are their pilots' (which moves their pilots' memory on: ask
    a game that is not played further)."""
    state = game.aircraft[entity]
    throttle = search.throttle_for(game, entity, state.throttle)
    start = search.start_attitude(game, entity)
    rolls = [r for r in search.roll_range(start) if r != 0]
    groups: list[tuple[int, str, list[BopPlot]]] = [
        (0, "straight", [search.plot_of(throttle, search.fly_straight(start, 10))]),
        (0, "unload", [search.plot_of(throttle, search.unload(start, 10))]),
    ]
    groups.extend(
        (r, "straight", search.roll_then(throttle, start, r, search.fly_straight)) for r in rolls
    )
    for load in PULL_LOADS_G:
        groups.extend(
            (r, _load_name(load), search.roll_then(throttle, start, r, search.pull(load)))
            for r in [0, *rolls]
        )
    others = game.scripted_orders()  # the legality judge wants every aircraft's orders
    found: list[Alternative] = []
    seen: set[str] = set()
    for roll_cells, pull, group in groups:
        for plot in group:
            if search.try_plot(game, entity, plot) is None:
                continue
            if not game.legal({**others, entity: plot}):
                continue
            name = plot_name(plot)
            if name not in seen:
                seen.add(name)
                found.append(Alternative(name, plot, roll_cells, pull))
            break
    return found
