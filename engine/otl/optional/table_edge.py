"""The edge of the table (§Phase 2: Movement): sliding the fight back, and going home.

Airspace has no edge, so when a plane leaves the table every plane is slid the same way and
distance to keep them all on it.  The slide is a table convenience: the planes' positions in
the game (and the replay's world) never move; what changes is where the table lies over
them, the common offset :func:`table_offset` gives (table point = world point − offset).
With ``static_table`` the table's edges bound the fight and nothing slides.

A plane 24 in or more from every enemy may leave for its own lines instead
(:func:`may_go_home`); it leaves the game, neither lost nor a kill.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine.errors import IllegalOrder
from engine.otl.optional._geometry import distance_in, plane_xyz
from engine.otl.optional.events import OptionalEvent
from engine.otl.state import PlaneState
from models.otl.scenario import OtlOptions

RULE = "§Phase 2: Movement"
HOME_DISTANCE_IN = 24.0
"""How far from every enemy a plane must be to go home (1,200 ft)."""
Offset = tuple[float, float]


def may_go_home(plane: PlaneState, enemies: Iterable[PlaneState]) -> bool:
    """True when the plane is flying and at least 24 in (3-D) from every flying enemy."""
    return plane.flying and all(
        distance_in(plane_xyz(plane), plane_xyz(enemy)) >= HOME_DISTANCE_IN
        for enemy in enemies
        if enemy.flying and enemy.side != plane.side
    )


def go_home(plane: PlaneState, enemies: Iterable[PlaneState], round_no: int) -> OptionalEvent:
    """The plane leaves for its own lines (status ``home``); :class:`IllegalOrder` when an
    enemy is within 24 in."""
    enemies = tuple(enemies)
    if not may_go_home(plane, enemies):
        near = min(
            (e for e in enemies if e.flying and e.side != plane.side),
            key=lambda e: distance_in(plane_xyz(plane), plane_xyz(e)),
            default=None,
        )
        why = (
            f"{near.callsign} is {distance_in(plane_xyz(plane), plane_xyz(near)):.0f} in away"
            if near is not None
            else "the plane is not flying"
        )
        raise IllegalOrder(
            RULE,
            f"go home: {why}; a plane goes home only {HOME_DISTANCE_IN:.0f} in or more from "
            "every enemy",
            aircraft=plane.callsign,
            turn=round_no,
        )
    plane.status = "home"
    return OptionalEvent(
        "otl.home",
        (plane.id,),
        f"{plane.callsign} heads for its own lines (round {round_no})",
        {"round": round_no},
    )


def _axis_window(values: Sequence[float], size_in: float) -> tuple[float, float] | None:
    low, high = max(values) - size_in / 2, min(values) + size_in / 2
    return (low, high) if low <= high else None


def table_offset(
    points_in: Sequence[tuple[float, float]],
    width_in: float,
    depth_in: float,
    current: Offset = (0.0, 0.0),
) -> Offset | None:
    """The offset (east, north inches) of a ``width_in`` × ``depth_in`` table, centred on the
    offset, that keeps every point on it and moves least from ``current``; ``current`` when
    it already does, None when the points spread wider than the table."""
    if width_in <= 0 or depth_in <= 0:
        raise ValueError("a table has a positive width and depth")
    if not points_in:
        return current
    offset = []
    for axis, size in ((0, width_in), (1, depth_in)):
        window = _axis_window([point[axis] for point in points_in], size)
        if window is None:
            return None
        offset.append(min(max(current[axis], window[0]), window[1]))
    return (offset[0], offset[1])


def slide_table(
    planes: Iterable[PlaneState],
    width_in: float,
    depth_in: float,
    options: OtlOptions,
    current: Offset = (0.0, 0.0),
) -> Offset | None:
    """Where the table lies over the flying planes after this move: slid as little as keeps
    them all on it, unmoved on a static table; None when no slide can (the planes that may go
    home are then offered it)."""
    points = [(p.x_in, p.y_in) for p in planes if p.flying]
    if options.static_table:
        return current
    return table_offset(points, width_in, depth_in, current)


def on_table(
    point_in: tuple[float, float], offset: Offset, width_in: float, depth_in: float
) -> bool:
    """True when a world point lies on the table placed at ``offset``."""
    return (
        abs(point_in[0] - offset[0]) <= width_in / 2
        and abs(point_in[1] - offset[1]) <= depth_in / 2
    )
