"""Decoys: the Decoy Dispenser System's program (declared in SoP 02) and manual releases
against a missile the crew defend against ("Setting Decoy Program", the Defensive Systems
cockpit actions).

The rulebook leaves what decoys do to the Missile play aid, which we do not have; our
reading (docs/rulings.md): the decoys of the kind that matches a missile's seeker (flares
against IR, chaff against radar) released in the game-turn it attacks add to the target's
defense column, +1 for one or two, +2 for three or more.
"""

from __future__ import annotations

from typing import Literal

from engine.bop.activity import TaskRefused
from engine.bop.aircraft_state import AircraftState
from models.missile import IR_SEEKERS, MissileCard
from models.orders import BopPlot
from models.timeline import Event

DecoyKind = Literal["flares", "chaff"]
MANUAL_RELEASE = 2
"""Decoys of the matching kind a manual release puts out (docs/rulings.md)."""


def decoy_kind(card: MissileCard) -> DecoyKind:
    """Flares fool infrared seekers; chaff fools radar."""
    return "flares" if card.seeker in IR_SEEKERS else "chaff"


def countermeasure_columns(released: int) -> int:
    """Defense columns for the matching decoys released this game-turn."""
    if released <= 0:
        return 0
    return 1 if released <= 2 else 2


def declare_program(state: AircraftState, plot: BopPlot, t_s: float) -> list[Event]:
    """Setting Decoy Program (SoP 02): a new program pays the Defensive Systems cockpit
    action; the DDS then dispenses that many of each kind every game-turn until empty or
    switched off. Each turn's dispensing is counted here."""
    state.decoys_released = {"flares": 0, "chaff": 0}
    events: list[Event] = []
    wanted = plot.sensors.decoy_program
    if wanted is not None and wanted != state.dds_program and state.active:
        if state.decoys_left is None:
            return [_event(state, "has no decoy dispenser", t_s)]
        try:
            if (pilot := state.flyer_ledger) is not None:
                pilot.cockpit_action("set_dds")
        except TaskRefused as refused:
            return [_event(state, f"cannot set its decoy program: {refused.problem}", t_s)]
        state.dds_program = wanted
        events.append(_event(state, f"sets its decoy program to {wanted} a turn", t_s))
    if state.dds_program and state.decoys_left is not None and state.active:
        for kind in ("flares", "chaff"):
            out = min(state.dds_program, state.decoys_left[kind])
            state.decoys_left[kind] -= out
            state.decoys_released[kind] += out
    return events


def release_against(state: AircraftState, card: MissileCard, t_s: float) -> tuple[int, list[Event]]:
    """The defense columns the target's decoys give against one attacking missile: the
    program's, or (by doctrine, when the program put out none of the kind) a manual release
    the pilot pays for (a Defensive Systems cockpit action)."""
    kind = decoy_kind(card)
    events: list[Event] = []
    if (
        state.decoys_left is not None
        and state.decoys_released[kind] == 0
        and state.decoys_left[kind] > 0
        and (pilot := state.flyer_ledger) is not None
    ):
        try:
            pilot.cockpit_action("decoy_release")
        except TaskRefused:
            return 0, events
        out = min(MANUAL_RELEASE, state.decoys_left[kind])
        state.decoys_left[kind] -= out
        state.decoys_released[kind] += out
        events.append(_event(state, f"releases {out} {kind}", t_s, {"decoy": kind, "count": out}))
    return countermeasure_columns(state.decoys_released[kind]), events


def _event(
    state: AircraftState, text: str, t_s: float, data: dict[str, str | int] | None = None
) -> Event:
    """A ``decoys`` event; a release carries what went out (``decoy``, ``count``)."""
    return Event(
        t_s=t_s,
        kind="decoys",
        entities=(state.id,),
        detail=f"{state.callsign} {text}",
        data=dict(data or {}),
    )
