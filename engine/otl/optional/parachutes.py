"""Bailing out (§Parachutes).

From spring 1918 German pilots and observers carry parachutes and may jump whenever they are
at or above 1,000 ft; each man who jumps rolls a d6 on the Parachute Table: 1 the parachute
fails; 2–3 he comes down safely but is captured; 4 he is killed if he was wounded, otherwise
safe; 5–6 safe.
"""

from __future__ import annotations

from typing import Literal

from engine.dice import Dice
from engine.errors import IllegalOrder
from engine.otl.optional.events import OptionalEvent
from engine.otl.state import CrewState, PlaneState
from models.otl.scenario import OtlOptions

RULE = "§Parachutes"
PARACHUTES_FROM = "1918-03"
"""Spring 1918: the first month German crews jump."""
PARACHUTE_NATIONS = frozenset({"germany", "german"})
LOWEST_JUMP_FT = 1_000
Landing = Literal["killed", "captured", "safe"]


def has_parachutes(plane: PlaneState, date: str) -> bool:
    """A German crew from March 1918 on."""
    return plane.chart.nation.strip().lower() in PARACHUTE_NATIONS and date >= PARACHUTES_FROM


def parachute_result(roll: int, wounded: bool) -> Landing:
    """The Parachute Table."""
    if roll == 1:
        return "killed"
    if roll in (2, 3):
        return "captured"
    if roll == 4:
        return "killed" if wounded else "safe"
    return "safe"


def check_bail_out(plane: PlaneState, date: str, options: OtlOptions, round_no: int) -> None:
    """Raise :class:`IllegalOrder` unless the plane's crew may jump now."""

    def refuse(problem: str) -> IllegalOrder:
        return IllegalOrder(RULE, f"bail_out: {problem}", aircraft=plane.callsign, turn=round_no)

    if not options.parachutes:
        raise refuse("the parachute rule is not in play in this scenario")
    if plane.chart.nation.strip().lower() not in PARACHUTE_NATIONS:
        raise refuse(f"only German crews carry parachutes, not a {plane.chart.nation} crew")
    if date < PARACHUTES_FROM:
        raise refuse(f"German crews carry parachutes from {PARACHUTES_FROM}, not in {date}")
    if not plane.flying:
        raise refuse("the plane is no longer flying")
    if plane.alt_ft < LOWEST_JUMP_FT:
        raise refuse(
            f"the plane is at {plane.alt_ft:,.0f} ft; crews jump at or above {LOWEST_JUMP_FT:,} ft"
        )


def bail_out(
    plane: PlaneState, date: str, options: OtlOptions, dice: Dice, round_no: int
) -> OptionalEvent:
    """Every living man aboard jumps and rolls on the Parachute Table; the plane is
    abandoned.  A man the table kills is marked killed; capture is reported in the event."""
    check_bail_out(plane, date, options, round_no)
    crew: list[tuple[str, CrewState]] = [("pilot", plane.pilot)]
    if plane.observer is not None:
        crew.append(("observer", plane.observer))
    results: dict[str, Landing] = {}
    for seat, man in crew:
        if man.wound == "killed":
            continue
        roll = dice.d6(f"parachute, {plane.callsign} {seat}, round {round_no}")
        results[seat] = parachute_result(roll, man.wound in ("light", "heavy"))
        if results[seat] == "killed":
            man.wound = "killed"
    plane.status = "bailed_out"
    said = ", ".join(f"{seat} {result}" for seat, result in results.items()) or "nobody alive"
    return OptionalEvent(
        "otl.parachute",
        (plane.id,),
        f"{plane.callsign}'s crew bails out at {plane.alt_ft:,.0f} ft: {said}",
        {"results": dict(results), "alt_ft": plane.alt_ft},
    )
