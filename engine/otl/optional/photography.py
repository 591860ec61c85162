"""Reconnaissance photographs (§Photography).

A good photograph needs the whole round flown in UE bank at Level pitch at one or two above
the Stall Speed for the altitude, and the plane over the target or within 6 in of it
horizontally, at the photo altitude the scenario gives (the target's ``alt_ft``, within
:data:`PHOTO_ALT_TOLERANCE_FT`).  The flying is the order's to get right, so flying otherwise
is an illegal ``photograph`` order; where the plane ends up is the round's outcome, so a
photograph taken off the target or off its altitude is simply not a good one.
"""

from __future__ import annotations

from engine.errors import IllegalOrder
from engine.otl.optional._geometry import horizontal_in, plane_xyz
from engine.otl.optional.events import OptionalEvent
from engine.otl.state import PlaneState, bank_name, pitch_name
from models.otl.orders import OtlRound
from models.otl.scenario import GroundUnit, OtlOptions

RULE = "§Photography"
PHOTO_REACH_IN = 6.0
"""How far from the target, horizontally, a good photograph may be taken."""
PHOTO_ALT_TOLERANCE_FT = 100
"""How far off the photo altitude a good photograph may be taken (two 50 ft table inches)."""
PHOTO_SPEEDS_OVER_STALL = (1, 2)


def photo_speeds(plane: PlaneState) -> tuple[int, int]:
    """The two speeds a photograph may be taken at, at the plane's altitude."""
    stall = plane.chart.band_at(plane.alt_ft).stall_speed
    return (stall + PHOTO_SPEEDS_OVER_STALL[0], stall + PHOTO_SPEEDS_OVER_STALL[1])


def check_photograph(
    plane: PlaneState,
    order: OtlRound,
    target: GroundUnit | None,
    options: OtlOptions,
    round_no: int,
) -> None:
    """Raise :class:`IllegalOrder` unless the order (``photograph`` set) flies a photo run
    from the plane's state at the round's start."""

    def refuse(problem: str) -> IllegalOrder:
        return IllegalOrder(RULE, f"photograph: {problem}", aircraft=plane.callsign, turn=round_no)

    if not options.photography:
        raise refuse("the photography rule is not in play in this scenario")
    if target is None:
        raise refuse(f"there is no ground unit {order.photograph!r} to photograph")
    if plane.bank != 0:
        raise refuse(f"photographs are taken in UE bank, not {bank_name(plane.bank)}")
    if plane.pitch != 0:
        raise refuse(f"photographs are taken at Level pitch, not {pitch_name(plane.pitch)}")
    low, high = photo_speeds(plane)
    if plane.speed not in (low, high):
        raise refuse(
            f"speed {plane.speed}; photographs are taken at {low} or {high} at this altitude "
            "(one or two above the Stall Speed)"
        )
    if plane.condition != "normal" or order.stall_turn_deg:
        raise refuse("the plane must fly normally, without stall, spin or Stall Turn")
    for number, step in enumerate(order.moves, start=1):
        if step.roll is not None or step.pitch is not None or step.fly != "straight":
            raise refuse(f"move {number} leaves straight and level UE flight")


def take_photograph(plane: PlaneState, target: GroundUnit, round_no: int) -> OptionalEvent:
    """The photograph taken where the run ended: good, or what spoilt it."""
    spoilt = []
    off_in = horizontal_in(plane_xyz(plane), (target.x_in, target.y_in, 0.0))
    if off_in > PHOTO_REACH_IN:
        spoilt.append(f"{off_in:.1f} in from the target (at most {PHOTO_REACH_IN:g})")
    if target.alt_ft is not None and abs(plane.alt_ft - target.alt_ft) > PHOTO_ALT_TOLERANCE_FT:
        spoilt.append(f"at {plane.alt_ft:,.0f} ft, not {target.alt_ft:,} ft")
    good = not spoilt
    said = "a good photograph" if good else "no good: " + "; ".join(spoilt)
    return OptionalEvent(
        "otl.photo",
        (plane.id, target.id),
        f"{plane.callsign} photographs {target.id}: {said} (round {round_no})",
        {"good": good, "off_in": off_in, "alt_ft": plane.alt_ft},
    )
