"""Cues that let a crew member tally an aircraft it did not see last phase (SoP 09, the Tally
task's requirements).

A Tally normally keeps a spot from the last Visual Sighting phase.  It may also be made on an
aircraft the crew member is cued to: by a sensor contact shown in the pilot's HUD (the target
in the Nose cell) or in a helmet-mounted display (any AoN), by a friendly aircraft's datalink
track, or by a call from a friendly aircraft or a crew-mate (a Tally Call cockpit action by the
caller, heard by the Communications Receipt task).  This module finds the first cue the
crew's orders allow, in that order (the free ones first), and plays the radio call.  The
tally itself is :func:`engine.bop.sighting.tally` with ``cue``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from engine.bop.activity import TaskRefused, receive_message
from engine.bop.aircraft_state import AircraftState
from engine.bop.sighting import Observer, SightLine
from engine.dice import Dice
from models.orders import TallyCue
from models.timeline import Event


@dataclass(frozen=True, slots=True)
class Cue:
    """What tells a crew member where to look: ``source`` and who or what gave it."""

    source: TallyCue
    via: str
    """The sensor or datalink (``APG-63 track``), or the calling crew member."""

    def __str__(self) -> str:
        names = {"hud": "HUD", "hmd": "HMD", "datalink": "datalink", "radio": "radio call"}
        return f"{names[self.source]} ({self.via})"


def sensor_cue(
    state: AircraftState, seat: int, line: SightLine, allowed: Iterable[TallyCue]
) -> Cue | None:
    """A track of the target by this aircraft's radar or IRST shown to the crew member: in
    the pilot's HUD when the target is in the Nose cell (AoN 0), or in an HMD at any AoN
    (the Tally task; "HMS versus HMD": an HMS shows nothing)."""
    fit = state.sensors.fit
    if fit is None or line.target not in state.sensors.tracks():
        return None
    allowed = tuple(allowed)
    radar = state.sensors.radar
    held_by = "radar" if radar is not None and radar.tracks_target(line.target) else "IRST"
    if "hud" in allowed and fit.hud and seat == 0 and line.aspect.aon == 0:
        return Cue("hud", f"{held_by} track")
    if "hmd" in allowed and fit.helmet is not None and fit.helmet.kind == "hmd":
        return Cue("hmd", f"{fit.helmet.name}, {held_by} track")
    return None


def datalink_cue(
    state: AircraftState, target: str, flight: Iterable[AircraftState], allowed: Iterable[TallyCue]
) -> Cue | None:
    """A friendly aircraft's radar or IRST track of ``target`` passed over the tactical
    datalinks of both aircraft (the Tally task's "Datalink from a friendly aircraft")."""
    if "datalink" not in tuple(allowed) or not state.tactical_datalink:
        return None
    for friend in flight:
        if friend.active and friend.tactical_datalink and target in friend.sensors.tracks():
            return Cue("datalink", f"{friend.callsign}'s track")
    return None


@dataclass(frozen=True, slots=True)
class Caller:
    """A friendly crew member who might call a target: its aircraft and seat."""

    state: AircraftState
    seat: int
    observer: Observer


def radio_call(
    listener: AircraftState,
    seat: int,
    listening: Observer,
    target: str,
    callers: Iterable[Caller],
    aware: Callable[[Observer, str], bool],
    dice: Dice,
    t_s: float,
    ids: dict[str, str],
) -> tuple[Cue | None, list[Event]]:
    """The first friendly crew member aware of ``target`` who can pay for it makes a Tally
    Call (a Configuration cockpit action); the listener hears it by Communications Receipt,
    a d10 when busy ("Communications Receipt").  A crew-mate calls over the intercom; a
    call from another aircraft needs radios in both.  ``aware`` says whether a crew member
    has the target spotted as the phase stands."""
    ledger = listener.ledgers[seat]
    for caller in callers:
        mate = caller.state is listener
        if not mate and not (listener.has_radio and caller.state.has_radio):
            continue
        calling = caller.state.ledgers[caller.seat]
        if not calling.able or not aware(caller.observer, target):
            continue
        try:
            calling.cockpit_action("tally_call")
        except TaskRefused:
            continue
        heard = receive_message(ledger, dice, target)
        events = [
            Event(
                t_s=t_s,
                kind="tally_call",
                entities=tuple(dict.fromkeys((ids[caller.state.callsign], ids[listener.callsign]))),
                detail=f"{caller.observer} calls {target} to {listening}"
                + ("" if heard.received else "; it is not heard"),
                data={"target": target, "received": heard.received},
            )
        ]
        if heard.record is not None:
            events.append(heard.record.event(t_s, (ids[listener.callsign],)))
        return (Cue("radio", str(caller.observer)) if heard.received else None), events
    return None, []
