"""A gun's ammo track, jams, clearing and reloads (§Jamming, §Ammo, §Reloads).

Each fire marks one ammo box, jammed or not, and the boxes marked in a row count the
consecutive rounds that raise the jam number.  Separately firing dual guns jam and clear
one barrel at a time; while one is jammed the pair fires at half FirePower.  A gun's record
(:class:`engine.otl.state.GunState`) keeps a pair's two barrels in its ``jammed``,
``jammed_half`` and ``half_stuck`` marks; :func:`barrels` reads them as a list.
"""

from __future__ import annotations

from typing import Literal

from engine.dice import Dice
from engine.otl.state import GunState

Barrel = Literal["ok", "jammed", "stuck"]
ClearOutcome = Literal["cleared", "stuck", "still jammed"]
_AFTER_CLEAR: dict[ClearOutcome, Barrel] = {
    "cleared": "ok",
    "stuck": "stuck",
    "still jammed": "jammed",
}
JAM_PER_ROUND = 2
"""The jam number grows by 2 for each consecutive round of fire (§Jamming)."""


def is_pair(gun: GunState) -> bool:
    """Two guns that jam and clear separately, both still on the plane."""
    return gun.chart.separate_dual and not gun.halved and not gun.destroyed


def barrels(gun: GunState) -> list[Barrel]:
    """Each working barrel's state: two for a separately firing pair, one otherwise."""
    if gun.destroyed:
        return []
    if not is_pair(gun):
        return ["ok" if gun.jammed == "no" else gun.jammed]
    partner: Barrel = "stuck" if gun.half_stuck else "jammed"
    if gun.jammed == "stuck":
        return ["stuck", "stuck"]
    if gun.jammed == "jammed":
        return ["jammed", partner]
    return ["ok", partner if gun.jammed_half else "ok"]


def set_barrels(gun: GunState, states: list[Barrel]) -> None:
    """Write the barrels' states back onto the gun's record."""
    if not is_pair(gun):
        gun.jammed = "no" if states[0] == "ok" else states[0]
        gun.jammed_half = gun.half_stuck = False
        return
    ok = states.count("ok")
    stuck = states.count("stuck")
    if ok == 2:
        gun.jammed, gun.jammed_half, gun.half_stuck = "no", False, False
    elif ok == 1:
        gun.jammed, gun.jammed_half, gun.half_stuck = "no", True, stuck == 1
    elif stuck == 2:
        gun.jammed, gun.jammed_half, gun.half_stuck = "stuck", False, False
    else:
        gun.jammed, gun.jammed_half, gun.half_stuck = "jammed", False, stuck == 1


def firepower(gun: GunState) -> int:
    """FirePower as the gun stands: halved (rounded down) for a dual gun that lost one of
    its pair, or a separately firing pair with one barrel jammed (§Jamming, §Critical Hits,
    Gun Destroyed)."""
    value = gun.chart.firepower
    if gun.halved or (is_pair(gun) and barrels(gun).count("ok") == 1):
        value //= 2
    return value


def why_silent(gun: GunState) -> str | None:
    """Why the gun cannot fire now, or None when it can."""
    if gun.destroyed:
        return "is destroyed"
    states = barrels(gun)
    if "ok" not in states:
        return "is jammed for the rest of the mission" if set(states) == {"stuck"} else "is jammed"
    if gun.needs_reload:
        return "must be reloaded first"
    if gun.ammo <= 0:
        return "is out of ammunition"
    return None


def can_fire(gun: GunState) -> bool:
    return why_silent(gun) is None


def jam_number(gun: GunState, incendiary: bool) -> int:
    """The roll at or under which the gun jams this round: twice the consecutive rounds
    fired, this one included, one round more with incendiary ammo (§Jamming, §Incendiary
    Ammo).  Call after :func:`mark_fire`."""
    return JAM_PER_ROUND * (gun.consecutive + (1 if incendiary else 0))


def mark_fire(gun: GunState) -> None:
    """Mark one ammo box (dual guns share one track) and count the round (§Ammo); a cannon
    must reload after every shot, an emptied drum before the next (§Reloads)."""
    gun.ammo -= 1
    gun.consecutive += 1
    gun.fired_this_round = True
    if gun.chart.cannon or (gun.chart.feed == "drum" and gun.ammo <= 0 and gun.drums > 0):
        gun.needs_reload = True


def mark_idle(gun: GunState) -> None:
    """A round without firing starts the jam count again (§Jamming)."""
    if not gun.fired_this_round:
        gun.consecutive = 0


def jam(gun: GunState) -> Literal["one", "all"]:
    """The gun jams on its first bullet: one barrel of a separately firing pair whose both
    barrels were firing, otherwise every barrel that was firing."""
    states = barrels(gun)
    if is_pair(gun) and states == ["ok", "ok"]:
        set_barrels(gun, ["ok", "jammed"])
        return "one"
    set_barrels(gun, ["jammed" if state == "ok" else state for state in states])
    return "all"


def try_clear(
    gun: GunState, clear_on: int, dice: Dice, purpose: str
) -> list[tuple[int, ClearOutcome]]:
    """One d6 for each jammed barrel: at least ``clear_on`` (the chart's number, 6 by the
    rules) clears it, a 1 jams it for the rest of the mission (§Jamming)."""
    states = barrels(gun)
    results: list[tuple[int, ClearOutcome]] = []
    for index, state in enumerate(states):
        if state != "jammed":
            continue
        roll = dice.d6(purpose)
        outcome: ClearOutcome
        if roll == 1:
            outcome = "stuck"
        elif roll >= clear_on:
            outcome = "cleared"
        else:
            outcome = "still jammed"
        states[index] = _AFTER_CLEAR[outcome]
        results.append((roll, outcome))
    set_barrels(gun, states)
    return results


def can_reload(gun: GunState) -> bool:
    """A cannon after its shot, or a drum-fed gun with an empty drum and a spare."""
    if gun.destroyed:
        return False
    if gun.chart.cannon:
        return gun.needs_reload and gun.ammo > 0
    return gun.chart.feed == "drum" and gun.drums > 0 and (gun.needs_reload or gun.ammo <= 0)


def reload(gun: GunState) -> None:
    """Reload (§Reloads): a cannon readies its next shot; a drum-fed gun puts on a full
    drum.  Belt-fed guns cannot reload."""
    if gun.chart.cannon:
        gun.needs_reload = False
        return
    gun.drums -= 1
    gun.ammo = gun.chart.ammo
    gun.needs_reload = False
