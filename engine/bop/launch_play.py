"""Missile launches in the game loop (Combat, SoP 07): normal, follow-on, pair and snapshot
launches, and the new missile's first samples. The second missile of a follow-on or a pair
is the same type or its matched twin, as the selection passes after the first is fired
(:mod:`engine.bop.seeker_pairs`).

The procedures are in :mod:`engine.bop.missiles`; the game supplies, through
:class:`LaunchAids`, what the launcher's sensors hold, whether the target sees the launch,
and the slaved and snapshot seeker acquisitions (which roll dice).  Without aids (procedure
tests) a launcher is taken to hold a radar track on a target within two cells of its Nose
and 80 FP and an IR lock when the target is within the seeker's field of view.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from engine.bearing import NoBearing, shoot_bearing
from engine.bop.missile_play import (
    TICKS,
    MissileTrack,
    Shooter,
    event_from_record,
    missile_name,
    missile_samples,
)
from engine.bop.missiles import (
    LaunchCheck,
    can_follow_on,
    can_launch,
    launch,
)
from engine.bop.seeker_pairs import ODD_COUPLE, second_missile
from engine.bop.turn import TurnContext
from engine.performance import KT_PER_FP
from engine.phad import distance
from models.missile import IR_SEEKERS, MissileCard, missile_card
from models.timeline import Event

RADAR_TRACK_CELLS = 2
RADAR_TRACK_FP = 80


@dataclass(frozen=True)
class LaunchAids:
    """What the launch rules need from the rest of the game (timeline ids throughout).

    ``holds(launcher, target, card)``: the (radar track, seeker lock) the launcher holds;
    ``sees_launch(target, launcher)``: the target's crew see the launch;
    ``slaved(launcher, target, card)``: a Slaved IRM Acquisition for a second IR missile
    (follow-on or pair), rolled now; ``snapshot(launcher, target, card)``: why a declared
    snapshot cannot be fired, or "" after its FoV slaved acquisition has locked on;
    ``pair_capable(launcher)``: the card notes pair launches.
    """

    holds: Callable[[str, str, MissileCard], tuple[bool, bool]]
    sees_launch: Callable[[str, str], bool]
    slaved: Callable[[str, str, MissileCard], bool]
    snapshot: Callable[[str, str, MissileCard], str]
    pair_capable: Callable[[str], bool]
    weapon_launch: Callable[[str, MissileCard], str]
    """Pays the Weapon Launch cockpit action (and Weapon Select for a new type); returns
    why it cannot be paid, or ""."""
    fired: Callable[[str, MissileCard], Event | None] = lambda launcher, card: None
    """A missile of the type has gone (launched or not): the selection passes on as the
    Select Weapon rule says (to the twin of an alternating pair); the event that says so."""


def _holds_target(card: MissileCard, shooter: Shooter, target: Shooter) -> tuple[bool, bool, int]:
    """(radar track, seeker lock, range in FP) the launcher is taken to hold on the target
    without :class:`LaunchAids`."""
    try:
        bearing = shoot_bearing(shooter.position, target.position)
    except NoBearing:
        return False, False, 0
    cell = min(bearing.candidates, key=lambda c: distance(shooter.attitude.nose, c))
    aon = distance(shooter.attitude.nose, cell)
    radar = aon <= RADAR_TRACK_CELLS and bearing.slant_range_fp <= RADAR_TRACK_FP
    seeker = aon <= card.fov_cells
    if card.rear_aspect_cells is not None:
        seeker = seeker and distance(cell, target.attitude.velocity) <= card.rear_aspect_cells
    return radar, seeker, bearing.slant_range_fp


def launch_all(
    orders: dict[str, Any],
    shooters: dict[str, Shooter],
    missiles_left: dict[str, dict[str, int]],
    tracks: dict[str, MissileTrack],
    ctx: TurnContext,
    aids: LaunchAids | None = None,
) -> list[Event]:
    """Launch what the orders ask for, when the launch checks pass: one missile, then a
    follow-on or the second of a pair when ordered; or a declared snapshot. Boosts are
    drawn over the last ticks of the turn."""
    t_end = ctx.end_s
    events: list[Event] = []
    for shooter_id, plot in orders.items():
        order = getattr(plot, "missile", None)
        shooter = shooters.get(shooter_id)
        if order is None or shooter is None or not shooter.active:
            continue
        target = shooters.get(order.target)
        if target is None or not target.active:
            continue
        if missiles_left.get(shooter_id, {}).get(order.type, 0) <= 0:
            events.append(
                _held(t_end, (shooter_id,), f"{shooter.callsign} has no {order.type} left")
            )
            continue
        card = missile_card(order.type)
        ids = (shooter_id, target.id)
        fire = partial(_launch_one, card, shooter, target, missiles_left, tracks, ctx, events)
        fire = partial(fire, aids=aids)
        radar, seeker, range_fp = _holds_target(card, shooter, target)
        if aids is not None:
            radar, seeker = aids.holds(shooter_id, target.id, card)
        if order.snapshot:
            refused = (
                "Snapshot Launch: needs the sensors rules (the scenario leaves them out)"
                if aids is None
                else aids.snapshot(shooter_id, target.id, card)
            )
            if refused:
                events.append(
                    _held(t_end, ids, f"{shooter.callsign} holds the snapshot: {refused}")
                )
                continue
            fire(snapshot=True)
            continue
        check = can_launch(card, range_fp=range_fp, seeker_lock=seeker, radar_track=radar)
        if check.allowed and aids is not None:
            unpaid = aids.weapon_launch(shooter_id, card)
            check = LaunchCheck(False, (unpaid,)) if unpaid else check
        if not check.allowed:
            events.append(
                _held(t_end, ids, f"{shooter.callsign} holds the {order.type}: {check.reason}")
            )
            continue
        if not fire() or not (order.follow_on or order.pair):
            continue
        odd_couple = ODD_COUPLE in ctx.advanced_rules
        second, why_not = second_missile(card, missiles_left[shooter_id], odd_couple)
        if second is not None and second.type_id != card.type_id:
            radar = _radar_track(second, shooter, target, aids)
        check = (
            _second_check(second, order.pair, radar, shooter_id, target.id, aids)
            if second is not None
            else LaunchCheck(False, (why_not,))
        )
        if second is None or not check.allowed:
            kind = "pair" if order.pair else "follow-on"
            what = second.type_id if second is not None else order.type
            why = f"{shooter.callsign} holds the {kind} {what}: {check.reason}"
            events.append(_held(t_end, ids, why))
            continue
        _launch_one(
            second,
            shooter,
            target,
            missiles_left,
            tracks,
            ctx,
            events,
            aids=aids,
            follow_on=not order.pair,
        )
    return events


def _radar_track(
    card: MissileCard, shooter: Shooter, target: Shooter, aids: LaunchAids | None
) -> bool:
    """The radar track ``card`` needs (STT for an RH missile), as the launcher holds it."""
    if aids is None:
        return _holds_target(card, shooter, target)[0]
    return aids.holds(shooter.id, target.id, card)[0]


def _second_check(
    card: MissileCard,
    pair: bool,
    radar: bool,
    launcher: str,
    target: str,
    aids: LaunchAids | None,
) -> LaunchCheck:
    """May ``card``, the second missile of a follow-on or a pair, go? An IR one first makes
    its Slaved IRM Acquisition of the target ("Follow-on Missile Launch", "Pair Launches");
    an RH or AH one needs the launcher's radar track (the missile-pairs paragraph)."""
    if pair and (aids is None or not aids.pair_capable(launcher)):
        return LaunchCheck(False, ("Pair Launches: the aircraft's card does not note them",))
    infrared = card.seeker in IR_SEEKERS
    slaved = None
    if infrared:
        slaved = aids.slaved(launcher, target, card) if aids is not None else False
    if pair:
        if infrared and not slaved:
            return LaunchCheck(
                False, ("Pair Launches: the second IR missile's slaved acquisition failed",)
            )
        if not infrared and not radar:
            return LaunchCheck(
                False, ("Pair Launches: the second needs the launcher's radar track",)
            )
        return LaunchCheck(True, ())
    return can_follow_on(
        card,
        first_launched=True,
        snapshot_this_turn=False,
        slaved_acquisition=slaved,
        radar_track=radar,
    )


def _held(t_s: float, entities: tuple[str, ...], detail: str) -> Event:
    """A ``no_launch`` event: a launch order the rules did not let through."""
    return Event(t_s=t_s, kind="no_launch", entities=entities, detail=detail)


def _launch_one(
    card: MissileCard,
    shooter: Shooter,
    target: Shooter,
    missiles_left: dict[str, dict[str, int]],
    tracks: dict[str, MissileTrack],
    ctx: TurnContext,
    events: list[Event],
    *,
    aids: LaunchAids | None,
    follow_on: bool = False,
    snapshot: bool = False,
) -> bool:
    """Spend one missile and roll its launch (a follow-on boosts half the launcher's FP
    further); a missile that flies becomes a track. True when it launched."""
    turn, t_end = ctx.turn, ctx.end_s
    shooter_id = shooter.id
    missiles_left[shooter_id][card.type_id] -= 1
    passed = aids.fired(shooter_id, card) if aids is not None else None
    number = sum(1 for t in tracks.values() if t.state.launcher == shooter_id) + 1
    missile_id = f"{shooter_id}-m{number}"
    result = launch(
        card,
        missile_id=missile_id,
        launcher=shooter_id,
        target=target.id,
        side=shooter.side,
        launcher_position=shooter.position,
        launcher_nose=shooter.attitude.nose,
        launcher_speed_fp=shooter.speed_kt / KT_PER_FP,
        target_position=target.position,
        max_load_g=shooter.greatest_load_g,
        pointing=shooter.attitude.is_separated,
        dice=ctx.dice,
        turn=turn,
        follow_on=follow_on,
        snapshot=snapshot,
    )
    names = {
        shooter_id: shooter.callsign,
        target.id: target.callsign,
        missile_id: missile_name(shooter.callsign, card.type_id, number),
    }
    if result.state is None:  # the launch roll failed: no missile enters the timeline
        events.extend(
            event_from_record(e, t_end, names).model_copy(
                update={"entities": tuple(x for x in e.entities if x != missile_id)}
            )
            for e in result.events
        )
        events.extend([passed] if passed is not None else [])
        return False
    events.extend(event_from_record(e, t_end, names) for e in result.events)
    events.extend([passed] if passed is not None else [])
    track = MissileTrack(
        result.state, card, f"{card.type_id} ({shooter.callsign})", turn, name=names[missile_id]
    )
    anchor = result.state.anchor
    x, y = anchor.hex.centre_ft()
    path = list(result.boost_path) or [(x, y, anchor.alt_ft)]
    track.samples.append(
        missile_samples(
            path, TICKS + 1 - len(path), result.state.speed_fp, result.state.boost_direction
        )
    )
    track.target_aware = aids.sees_launch(target.id, shooter_id) if aids is not None else False
    tracks[missile_id] = track
    return True
