"""Orders written five rounds ahead (§Clouds, §Spotting).

A plane that is in the cloud at the start of a round (§Clouds), or whose side has not yet
spotted the enemy (§Spotting, when that rule is in play), flies orders written ahead: it
keeps five rounds of moves on paper, flies the oldest and writes a new fifth every round.
The round it becomes locked it writes all five at once; the game gives one fresh order a
round, so that round's move is written for the lock's first five rounds, and each later
fresh order becomes the new fifth (flown four rounds after it is written).  Out of the cloud
at a round's start with its side informed, a plane throws the paper away and flies freely.

Only the manoeuvres are written ahead: the move and the power.  Targeting, firing, jams,
bombs, photographs and bailing out are decided fresh each round.  A written move is flown
with the MP the plane has when it comes up: the last MP run is lengthened or cut back to the
speed at the round's start.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from engine.otl.optional._geometry import distance_in, plane_xyz
from engine.otl.optional.visibility import can_see, in_cloud
from engine.otl.state import PlaneState
from models.otl.orders import OtlRound, OtlStep
from models.otl.scenario import OtlOptions

PLOT_ROUNDS = 5
"""Rounds of orders a locked plane keeps written."""
SPOTTING_FACTOR = 2
"""Spotting reaches twice the Targeting Range (§Spotting)."""


@dataclass(frozen=True)
class Plot:
    """The manoeuvres written for one round: the move and the power."""

    moves: tuple[OtlStep, ...]
    power: int | None


def spotting_range_in(plane: PlaneState) -> float:
    """How far the plane spots an enemy: twice its Front Targeting Range (the longest look a
    pilot has, whichever way he turns his head), halved with the engine smoking."""
    reach = SPOTTING_FACTOR * plane.chart.targeting_in.front
    return reach / 2 if plane.has("engine_smoking") else float(reach)


def spots_enemy(
    plane: PlaneState, others: Iterable[PlaneState], options: OtlOptions, time_of_day: str
) -> bool:
    """True when the plane sees an enemy within its spotting range (§Spotting)."""
    if not plane.flying:
        return False
    reach = spotting_range_in(plane)
    return any(
        other.flying
        and other.side != plane.side
        and distance_in(plane_xyz(plane), plane_xyz(other)) <= reach
        and can_see(plane, plane_xyz(other), options, time_of_day)
        for other in others
    )


def fit_moves(moves: tuple[OtlStep, ...], mp: int) -> tuple[OtlStep, ...]:
    """``moves`` flown with exactly ``mp`` MP: the last run that flies MP is lengthened, or
    runs are cut back from the end (a run cut to nothing is dropped with its roll and
    pitch step)."""
    if mp < 0:
        raise ValueError("MP cannot be negative")
    planned = sum(step.mp for step in moves)
    steps = list(moves)
    if planned < mp:
        flying = [i for i, step in enumerate(steps) if step.mp > 0]
        if flying:
            last = flying[-1]
            steps[last] = steps[last].model_copy(update={"mp": steps[last].mp + mp - planned})
        elif mp > 0:
            steps.append(OtlStep(mp=mp - planned))
        return tuple(steps)
    excess = planned - mp
    while excess > 0:
        index = max(i for i, step in enumerate(steps) if step.mp > 0)
        cut = min(excess, steps[index].mp)
        excess -= cut
        if cut == steps[index].mp:
            del steps[index]
        else:
            steps[index] = steps[index].model_copy(update={"mp": steps[index].mp - cut})
    return tuple(steps)


@dataclass
class PlottedAhead:
    """The written-ahead orders of every plane, and which sides have spotted the enemy.

    Each round the game calls :meth:`start_round` with every plane, then asks
    :meth:`order_to_fly` once per plane with its fresh order.
    """

    options: OtlOptions
    time_of_day: str
    informed: set[str] = field(default_factory=set)
    """Sides that have spotted an enemy (they stay informed)."""
    _written: dict[str, deque[Plot]] = field(default_factory=dict, init=False, repr=False)
    _locked: set[str] = field(default_factory=set, init=False, repr=False)

    def start_round(self, planes: Sequence[PlaneState]) -> tuple[str, ...]:
        """Settle who flies written orders this round; returns the sides newly informed."""
        newly: list[str] = []
        if self.options.spotting:
            for plane in planes:
                if plane.side in self.informed or plane.side in newly:
                    continue
                if spots_enemy(plane, planes, self.options, self.time_of_day):
                    newly.append(plane.side)
            self.informed.update(newly)
        self._locked = {plane.id for plane in planes if plane.flying and self._must_plot(plane)}
        for plane_id in list(self._written):
            if plane_id not in self._locked:
                del self._written[plane_id]
        return tuple(newly)

    def _must_plot(self, plane: PlaneState) -> bool:
        if in_cloud(plane.alt_ft, self.options.clouds):
            return True
        return self.options.spotting and plane.side not in self.informed

    def locked(self, plane_id: str) -> bool:
        """True when the plane flies written orders this round."""
        return plane_id in self._locked

    def rounds_written(self, plane_id: str) -> int:
        """Rounds of orders the plane holds on paper after this round's (0 when free)."""
        return len(self._written.get(plane_id, ()))

    def order_to_fly(self, plane: PlaneState, fresh: OtlRound) -> OtlRound:
        """The order the plane flies this round: ``fresh`` when it is free; otherwise
        ``fresh`` with the move and power written ahead, while ``fresh``'s own move and power
        are written as the new fifth round."""
        if plane.id not in self._locked:
            return fresh
        plot = Plot(fresh.moves, fresh.power)
        written = self._written.get(plane.id)
        if written is None:
            written = deque([plot] * (PLOT_ROUNDS - 1))
            self._written[plane.id] = written
        written.append(plot)
        flown = written.popleft()
        return fresh.model_copy(
            update={"moves": fit_moves(flown.moves, plane.speed), "power": flown.power}
        )
