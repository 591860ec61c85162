"""Anti-aircraft artillery (§Archie).

The gun's owner names an aim point: an altitude and offsets north–south and east–west of the
gun of at most 24 in each, written ``8150', 24"N, 12"W``.  After all movement the burst
deviates from it (§Archie Deviation Table: one d6 for the altitude, one d6 for each horizontal
axis), and every plane within 1 in of the burst, friend or foe, takes 1d6 damage chits.
Archie fires only at planes at or below 15,000 ft that neither cloud nor sun hide from the
gun; a critical-hit chit on a gun destroys it.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

from engine.dice import Dice
from engine.errors import IllegalOrder
from engine.otl.optional._geometry import FT_PER_IN, Xyz, distance_in, plane_xyz
from engine.otl.optional.events import OptionalEvent
from engine.otl.optional.visibility import clear_line
from engine.otl.state import PlaneState
from models.otl.scenario import GroundUnit, OtlOptions

ARCHIE_CEILING_FT = 15_000
"""The highest plane archie may fire at."""
AIM_REACH_IN = 24
"""How far north–south and east–west of the gun the aim point may lie."""
BURST_RADIUS_IN = 1.0
"""A plane this close to the burst (3-D, 50 ft to the inch) is hit."""
ALTITUDE_DEVIATION_FT = (-200, -100, -50, 50, 100, 200)
"""§Archie Deviation Table, altitude column, by d6 from 1."""
DISTANCE_DEVIATION_IN = (-4, -2, -1, 1, 2, 4)
"""§Archie Deviation Table, distance column, by d6 from 1 (north and east positive)."""
GUN_KINDS = ("archie", "machine_gun")
"""Ground units a critical-hit chit destroys (troops cannot be destroyed)."""

_ALTITUDE = re.compile(r"^(\d[\d,]*)\s*(?:'|’|′|ft)$", re.IGNORECASE)
_OFFSET = re.compile(r"^(\d+(?:\.\d+)?)\s*(?:\"|”|″|''|in)\s*([NSEW])$", re.IGNORECASE)
_GUN = re.compile(r"\s+of\s+(.+?)\s*$", re.IGNORECASE)


class AimNotationError(ValueError):
    """An aim point that cannot be read; names the part at fault."""


@dataclass(frozen=True)
class ArchieAim:
    """Where an archie gun aims: an altitude and offsets from the gun (north, east positive)."""

    alt_ft: int
    north_in: float = 0.0
    east_in: float = 0.0

    def __post_init__(self) -> None:
        if not 0 < self.alt_ft <= ARCHIE_CEILING_FT:
            raise ValueError(
                f"archie aims between 1 and {ARCHIE_CEILING_FT:,} ft, not {self.alt_ft:,} ft"
            )
        for name, value in (("north–south", self.north_in), ("east–west", self.east_in)):
            if abs(value) > AIM_REACH_IN:
                raise ValueError(
                    f"the {name} offset is {abs(value):g} in; archie aims at most "
                    f"{AIM_REACH_IN} in each way from the gun"
                )

    @classmethod
    def parse(cls, text: str) -> ArchieAim:
        """Read ``8150', 24"N, 12"W`` (an optional ``of Gun #4`` after it is ignored; see
        :func:`parse_archie_order`)."""
        return parse_archie_order(text)[1]

    def __str__(self) -> str:
        north = f'{_number(abs(self.north_in))}"{"S" if self.north_in < 0 else "N"}'
        east = f'{_number(abs(self.east_in))}"{"W" if self.east_in < 0 else "E"}'
        return f"{self.alt_ft}', {north}, {east}"

    def __repr__(self) -> str:
        return f"ArchieAim.parse({str(self)!r})"

    def point(self, gun: GroundUnit) -> Xyz:
        """The aim point on the table, as (x_in, y_in, alt_ft)."""
        return (gun.x_in + self.east_in, gun.y_in + self.north_in, float(self.alt_ft))


def _number(value: float) -> str:
    return f"{value:g}"


def parse_archie_order(text: str) -> tuple[str | None, ArchieAim]:
    """(the gun named after ``of``, or None; the aim) from ``8150', 24"N, 12"W of Gun #4``.

    The altitude comes first; each horizontal axis may be given once (left out: 0 in).
    """
    body = text.strip()
    gun = None
    named = _GUN.search(body)
    if named:
        gun = named.group(1)
        body = body[: named.start()]
    parts = [part.strip() for part in body.split(",")]
    if not parts or not parts[0]:
        raise AimNotationError(f"{text!r}: an aim starts with its altitude, like 8150'")
    altitude = _ALTITUDE.match(parts[0])
    if altitude is None:
        # "8,150'" splits at its thousands comma: join the two pieces back.
        if len(parts) > 1 and re.fullmatch(r"\d{1,2}", parts[0]):
            altitude = _ALTITUDE.match(parts[0] + parts[1])
            parts = [parts[0] + parts[1], *parts[2:]]
        if altitude is None:
            raise AimNotationError(f"{text!r}: the altitude {parts[0]!r} is not feet like 8150'")
    alt_ft = int(altitude.group(1).replace(",", ""))
    offsets: dict[str, float] = {}
    for part in parts[1:]:
        found = _OFFSET.match(part)
        if found is None:
            raise AimNotationError(
                f'{text!r}: the offset {part!r} is not inches and a direction like 24"N or 12"W'
            )
        inches, direction = float(found.group(1)), found.group(2).upper()
        axis = "north" if direction in "NS" else "east"
        if axis in offsets:
            raise AimNotationError(f"{text!r}: the {axis} axis is given twice ({part!r})")
        offsets[axis] = -inches if direction in "SW" else inches
    try:
        aim = ArchieAim(alt_ft, offsets.get("north", 0.0), offsets.get("east", 0.0))
    except ValueError as error:
        raise AimNotationError(f"{text!r}: {error}") from None
    return gun, aim


def may_fire_at(gun: GroundUnit, plane: PlaneState, options: OtlOptions, time_of_day: str) -> bool:
    """True when archie may fire at the plane: flying, at or below 15,000 ft, and hidden by
    neither cloud nor sun as seen from the gun."""
    return (
        plane.flying
        and plane.alt_ft <= ARCHIE_CEILING_FT
        and clear_line((gun.x_in, gun.y_in, 0.0), plane_xyz(plane), options, time_of_day)
    )


def straight_line_position(plane: PlaneState) -> Xyz:
    """Where the plane would be a round on if it held its heading and pitch: its MP split
    between horizontal inches and vertical MP as §Climb and §Diving split them, climbing at
    its Climb Rate or diving at its dive rate (100 ft in a Vertical Dive)."""
    mp = plane.speed
    vertical = {-2: mp, -1: mp // 2, 0: 0, 1: mp // 2, 2: mp}[plane.pitch]
    per_mp_ft = {-2: -100, -1: -plane.chart.dive_ft, 0: 0}.get(plane.pitch, plane.chart.climb_ft)
    ahead_in = mp - vertical
    heading = math.radians(plane.heading_deg)
    return (
        plane.x_in + ahead_in * math.sin(heading),
        plane.y_in + ahead_in * math.cos(heading),
        max(0.0, plane.alt_ft + vertical * per_mp_ft),
    )


def lead_aim(gun: GroundUnit, plane: PlaneState) -> ArchieAim | None:
    """The aim an AI gunner lays: the plane's straight-line position a round on, to the
    nearest inch and 50 ft; None when that lies out of the gun's reach."""
    x_in, y_in, alt_ft = straight_line_position(plane)
    north, east = round(y_in - gun.y_in), round(x_in - gun.x_in)
    alt = round(alt_ft / FT_PER_IN) * int(FT_PER_IN)
    if abs(north) > AIM_REACH_IN or abs(east) > AIM_REACH_IN:
        return None
    if not 0 < alt <= ARCHIE_CEILING_FT:
        return None
    return ArchieAim(alt, float(north), float(east))


def choose_aim(
    gun: GroundUnit, planes: Sequence[PlaneState], options: OtlOptions, time_of_day: str
) -> tuple[PlaneState, ArchieAim] | None:
    """An AI gunner's choice: of the enemies archie may fire at whose lead lies in reach,
    the nearest to the gun (ties: the first listed); None when there is none."""
    best: tuple[float, PlaneState, ArchieAim] | None = None
    for plane in planes:
        if plane.side == gun.side or not may_fire_at(gun, plane, options, time_of_day):
            continue
        aim = lead_aim(gun, plane)
        if aim is None:
            continue
        reach = distance_in((gun.x_in, gun.y_in, 0.0), plane_xyz(plane))
        if best is None or reach < best[0]:
            best = (reach, plane, aim)
    return None if best is None else (best[1], best[2])


@dataclass(frozen=True)
class ArchieBurst:
    """Where one archie shell burst, and how many chits each plane caught takes (rolled
    here; the damage rules draw and apply them)."""

    x_in: float
    y_in: float
    alt_ft: float
    chits: dict[str, int]
    event: OptionalEvent


def fire_archie(
    gun: GroundUnit,
    aim: ArchieAim,
    planes: Sequence[PlaneState],
    dice: Dice,
    *,
    round_no: int,
    options: OtlOptions,
    time_of_day: str,
    target: PlaneState | None = None,
) -> ArchieBurst:
    """Fire one archie gun at ``aim`` (§Archie): deviate the burst, then 1d6 chits for every
    flying plane within 1 in of it.  ``target``, when named, must be a plane archie may fire
    at; otherwise :class:`IllegalOrder`."""
    if gun.kind != "archie":
        raise IllegalOrder(
            "§Archie", f"{gun.id} is {gun.kind.replace('_', ' ')}, not an archie gun", turn=round_no
        )
    if target is not None and not may_fire_at(gun, target, options, time_of_day):
        why = (
            f"is above {ARCHIE_CEILING_FT:,} ft"
            if target.alt_ft > ARCHIE_CEILING_FT
            else "is not flying"
            if not target.flying
            else "is hidden from the gun by cloud or sun"
        )
        raise IllegalOrder(
            "§Archie",
            f"{gun.id} cannot fire at {target.callsign}: it {why}; aim at a plane at or below "
            f"{ARCHIE_CEILING_FT:,} ft in plain view",
            turn=round_no,
        )
    at = f"at {target.callsign}" if target is not None else f"at {aim}"
    where = f"gun {gun.id} {at}, round {round_no}"
    alt_roll = dice.d6(f"archie altitude, {where}")
    north_roll = dice.d6(f"archie north-south, {where}")
    east_roll = dice.d6(f"archie east-west, {where}")
    aim_x, aim_y, aim_alt = aim.point(gun)
    burst = (
        aim_x + DISTANCE_DEVIATION_IN[east_roll - 1],
        aim_y + DISTANCE_DEVIATION_IN[north_roll - 1],
        max(0.0, aim_alt + ALTITUDE_DEVIATION_FT[alt_roll - 1]),
    )
    chits: dict[str, int] = {}
    for plane in planes:
        if plane.flying and distance_in(burst, plane_xyz(plane)) <= BURST_RADIUS_IN:
            chits[plane.id] = dice.d6(
                f"archie chits, gun {gun.id} burst on {plane.callsign}, round {round_no}"
            )
    caught = ", ".join(f"{plane_id} takes {n}" for plane_id, n in chits.items()) or "nobody hit"
    event = OptionalEvent(
        "otl.archie",
        (gun.id, *chits),
        f"archie {gun.id} {at} bursts at {burst[2]:,.0f} ft: {caught}",
        {
            "x_ft": burst[0] * FT_PER_IN,
            "y_ft": burst[1] * FT_PER_IN,
            "z_ft": burst[2],
            "aim": str(aim),
            "rolls": (alt_roll, north_roll, east_roll),
            "chits_by_plane": dict(chits),
        },
    )
    return ArchieBurst(burst[0], burst[1], burst[2], chits, event)


def ground_unit_hit(unit: GroundUnit, chit_is_critical: bool) -> bool:
    """True when a chit drawn against a ground unit destroys it: any critical-hit chit
    destroys an archie gun or a machine gun (§Archie, §Machine Guns); troops are never
    destroyed (§Troops)."""
    return chit_is_critical and unit.kind in GUN_KINDS
