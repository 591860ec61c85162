"""Phase 4: Damage Resolution — draw the chits, put them into effect, check the wings and
fuselage (§Phase 4: Damage Resolution Phase, §Wing and Fuselage Hits, §Misses,
§Critical Hits, §Overdiving and Excessive Speed, §Hidden Damage).

Fire was simultaneous (``engine.otl.gunfire``): every plane's chits were counted before any
took effect, so a plane destroyed here has already fired its guns this round.
"""

from __future__ import annotations

from typing import Literal

from engine.dice import Dice
from engine.otl.criticals import apply_critical, roll_standing_criticals
from engine.otl.gunfire import FireContext, FlightFlags, OtlEvent
from engine.otl.state import PlaneState
from models.otl.chits import Chit, chit_mix

Part = Literal["wing", "fuselage"]
INCENDIARY_MISSES = frozenset({"wing_3", "fuselage_3"})
"""Incendiary bullets turn the "Check −3" chits into Misses (§Incendiary Ammo)."""
OVERDIVE_KEEPS = frozenset({"fabric_tear"})
"""Overdiving keeps only Wing and Fabric chits (§Overdiving and Excessive Speed)."""


def draw_chit(dice: Dice, ctx: FireContext, purpose: str) -> Chit:
    """One damage chit: drawn from the cup (refilled after every draw), or read off the
    Critical Hits table's d100 column when the club plays without chits."""
    mix = chit_mix()
    if ctx.options.damage == "percentile":
        return mix.by_percentile(dice.percentile(purpose))
    return mix.by_number(dice.chit(mix.size, purpose))


def strength(plane: PlaneState, part: Part) -> int:
    """The part's Strength less all the damage it has taken (§Wing and Fuselage Hits)."""
    if part == "wing":
        return plane.chart.wing_strength - plane.wing_damage
    return plane.chart.fuselage_strength - plane.fuselage_damage


def check(plane: PlaneState, part: Part, dice: Dice, ctx: FireContext) -> OtlEvent:
    """One Wing or Fuselage check: 2d6 at or under the adjusted Strength holds; failing
    breaks the plane into an irrecoverable spin."""
    purpose = f"{part} check, {plane.callsign}, round {ctx.round}"
    roll = dice.d6(purpose) + dice.d6(purpose)
    needed = strength(plane, part)
    held = roll <= needed
    if not held:
        plane.condition = "broken"
    verdict = "holds" if held else "fails: the plane spins in"
    return OtlEvent(
        "otl.check",
        (plane.id,),
        f"{plane.callsign}: {part} check {roll} against {needed}, {verdict}",
        {
            "part": part,
            "roll": roll,
            "needed": needed,
            "held": held,
            "hidden": ctx.options.hidden_damage,
        },
    )


def apply_chit(
    plane: PlaneState, chit: Chit, dice: Dice, ctx: FireContext, *, incendiary: bool = False
) -> list[OtlEvent]:
    """Put one drawn chit into effect: damage to a part, a Miss, or a critical."""
    if chit.kind == "miss" or (incendiary and chit.key in INCENDIARY_MISSES):
        return []
    if chit.kind == "wing":
        plane.wing_damage += chit.damage
        return []
    if chit.kind == "fuselage":
        plane.fuselage_damage += chit.damage
        return []
    return apply_critical(plane, chit.key, dice, ctx, incendiary=incendiary)


def _chit_event(
    plane: PlaneState, chit: Chit, source: str, kept: bool, ctx: FireContext, incendiary: bool
) -> OtlEvent:
    note = "" if kept else " (ignored)"
    return OtlEvent(
        "otl.chit",
        (plane.id,),
        f"{plane.callsign} draws {chit.name}{note}",
        {
            "chit": chit.key,
            "source": source,
            "kept": kept,
            "incendiary": incendiary,
            "hidden": ctx.options.hidden_damage,
        },
    )


def _broken(plane: PlaneState) -> bool:
    return plane.condition == "broken"


def _draws(gunfire: int, incendiary: int, overdive: int) -> list[tuple[str, bool]]:
    """(source, incendiary) of each chit the plane draws, in order."""
    plain = max(0, gunfire - incendiary)
    return (
        [("gunfire", True)] * min(incendiary, gunfire)
        + [("gunfire", False)] * plain
        + [("overdive", False)] * overdive
    )


def resolve_plane_damage(
    plane: PlaneState,
    gunfire: int,
    overdive: int,
    flags: FlightFlags,
    dice: Dice,
    ctx: FireContext,
    *,
    incendiary: int = 0,
) -> list[OtlEvent]:
    """One plane's Damage Resolution: the standing criticals' rolls, then its chits, then
    one check per part that took new damage (a Fabric Tear checks the wing whenever the
    plane flew above Max Level Speed)."""
    events = roll_standing_criticals(plane, flags, dice, ctx)
    if not plane.flying:
        return events
    wing_before, fuselage_before = plane.wing_damage, plane.fuselage_damage
    torn = plane.has("fabric_tear")
    draws = _draws(gunfire, incendiary, overdive)
    for number, (source, fiery) in enumerate(draws, start=1):
        purpose = f"{source} chit {number} of {len(draws)}, {plane.callsign}, round {ctx.round}"
        chit = draw_chit(dice, ctx, purpose)
        kept = source != "overdive" or chit.kind == "wing" or chit.key in OVERDIVE_KEEPS
        events.append(_chit_event(plane, chit, source, kept, ctx, fiery))
        if kept:
            events += apply_chit(plane, chit, dice, ctx, incendiary=fiery)
        if not plane.flying:
            return events
    if _broken(plane):
        return events
    if plane.wing_damage > wing_before or (torn and flags.over_max_level):
        events.append(check(plane, "wing", dice, ctx))
    if plane.fuselage_damage > fuselage_before and not _broken(plane):
        events.append(check(plane, "fuselage", dice, ctx))
    return events


def resolve_damage(
    planes: dict[str, PlaneState],
    chits: dict[str, int],
    overdive_chits: dict[str, int],
    flags: dict[str, FlightFlags],
    dice: Dice,
    ctx: FireContext,
    *,
    incendiary_chits: dict[str, int] | None = None,
) -> list[OtlEvent]:
    """Phase 4 for every plane, in id order (§Phase 4: Damage Resolution Phase).

    ``chits`` are the gunfire chits each plane draws (``FireResult.chits``), of which
    ``incendiary_chits`` came from incendiary ammunition; ``overdive_chits`` the chits an
    underlined power value calls for (only Wing and Fabric chits count).
    """
    fiery = incendiary_chits or {}
    events: list[OtlEvent] = []
    for plane_id in sorted(planes):
        plane = planes[plane_id]
        if not plane.flying:
            continue
        events += resolve_plane_damage(
            plane,
            chits.get(plane_id, 0),
            overdive_chits.get(plane_id, 0),
            flags.get(plane_id, FlightFlags()),
            dice,
            ctx,
            incendiary=fiery.get(plane_id, 0),
        )
    return events
