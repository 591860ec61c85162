"""Integration (SoP 10): handoffs between sensors, RWR warnings, the EO sensor, GCI datalink.

The Sensor Integration table, as the rulebook lists it ("Integration"):

================  =====================  ==========================  ====================
from              IR missile (cued "Y")  IRST / radar                display / datalink
================  =====================  ==========================  ====================
radar track       Slaved IRM Acquisition  IRST Maintenance (cued)     HUD or HMD; datalink
IRST track        Slaved IRM Acquisition  —                           HUD or HMD
HMS/HMD/datalink  Slaved IRM Acquisition  radar in Bo or SS: Radar    datalink cue on HUD
cue                                       Maintenance +1; IRST        or HMD
                                          Maintenance +1
================  =====================  ==========================  ====================

A cued sensor acquires with the Maintenance procedure and the cue modifier.  Display and
datalink passes are automatic.  The Sensor Handoff task costs AP by cockpit type
(:func:`handoff_ap`).  RWRs warn like a received message (:func:`rwr_warnings`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from engine.bop import purposes
from engine.bop.effects import EffectRecord
from engine.bop.sensors.common import Awareness, Contact, IllegalSensorAction, SensorRoll
from engine.bop.sensors.radar import SENSOR, RadarState
from engine.bop.sensors.radar_rolls import radar_in_arc, radar_maintenance, track_modifiers
from engine.dice import Dice
from engine.phad import Attitude
from models.bop_tables.sensors import SensorTables
from models.sensors import Cockpit, RadarFit, RadarMode, SensorFit, sensor_tables

CueSource = Literal["radar_track", "irst_track", "hms", "hmd", "datalink"]
Receiver = Literal["ir_missile", "irst", "radar", "display", "datalink"]
HandoffProcedure = Literal[
    "slaved_irm_acquisition", "irst_maintenance", "radar_maintenance", "automatic"
]


def handoff_procedure(
    source: CueSource,
    receiver: Receiver,
    *,
    radar_mode: RadarMode | None = None,
    display: Literal["hud", "hmd", "hms", "none"] = "hud",
) -> HandoffProcedure:
    """How ``receiver`` gets a target from ``source`` (the Sensor Integration table).

    ``display``: what the receiving crew member looks through (only pilots have HUDs; an
    HMS shows nothing).  Raises :class:`IllegalSensorAction` for a pairing the table lacks.
    """
    shows = display in ("hud", "hmd")
    cue = source in ("hms", "hmd", "datalink")
    if receiver == "ir_missile":
        return "slaved_irm_acquisition"
    if receiver == "irst" and source != "irst_track":
        return "irst_maintenance"
    if receiver == "radar" and cue:
        if radar_mode not in ("Bo", "SS"):
            raise IllegalSensorAction(
                "Integration: a cue is handed only to a radar in Boresight or Supersearch"
            )
        return "radar_maintenance"
    if receiver == "display" and shows and source in ("radar_track", "irst_track", "datalink"):
        return "automatic"
    if receiver == "datalink" and source == "radar_track":
        return "automatic"
    raise IllegalSensorAction(f"Integration: no handoff from {source} to {receiver}")


def handoff_ap(cockpit: Cockpit, handoffs_already: int, tables: SensorTables | None = None) -> int:
    """AP the next Sensor Handoff costs: Basic and Regular cockpits pay each one, Improved
    only the first of the game-turn, Advanced none."""
    table = (tables or sensor_tables()).handoff
    if table.pays_once[cockpit] and handoffs_already > 0:
        return 0
    return table.ap[cockpit]


def radar_handoff(
    radar: RadarFit,
    state: RadarState,
    attitude: Attitude,
    contact: Contact,
    dice: Dice,
    who: str,
    turn: int,
    tables: SensorTables | None = None,
) -> tuple[RadarState, SensorRoll]:
    """An HMS, HMD or datalink cue handed to the radar (Boresight or Supersearch): Radar
    Maintenance with the cue modifier, the target in the mode's acquisition arc.  Success
    gives a track on the designated target, closer targets notwithstanding; Boresight
    loses anything else, Supersearch keeps its acquisitions but not another track."""
    tables = tables or sensor_tables()
    handoff_procedure("hms", "radar", radar_mode=state.mode)
    if not radar_in_arc(radar, state.mode, attitude, contact, acquisition=True, tables=tables):
        raise IllegalSensorAction(
            f"Sensor Handoff: {contact.target} is outside the {state.mode} arc"
        )
    modifiers = track_modifiers(radar, contact, dice, who, turn, tables=tables)
    roll = radar_maintenance(
        radar, state.mode, contact, modifiers, dice, who, turn, cued=True, tables=tables
    )
    if not roll.success:
        return state, roll
    track = Awareness(SENSOR, contact.target, "track", turn)
    if state.mode == "Bo":
        return RadarState("Bo", (track,)), roll
    others = tuple(
        a for a in state.awareness if a.kind == "acquisition" and a.target != contact.target
    )
    return RadarState(state.mode, (track, *others)), roll


# --------------------------------------------------------------------------------------
# RWR, EO sensor, GCI datalink
# --------------------------------------------------------------------------------------

WarningLevel = Literal["search", "track", "guidance"]


@dataclass(frozen=True, slots=True)
class Emission:
    """An enemy radar holding this aircraft: its aircraft, its mode, acquisition or track."""

    emitter: str
    mode: RadarMode
    kind: Literal["acquisition", "track"]

    @property
    def level(self) -> WarningLevel:
        if self.kind == "acquisition":
            return "search"
        return "guidance" if self.mode == "STT" else "track"


@dataclass(frozen=True, slots=True)
class RwrWarning:
    emitter: str
    level: WarningLevel
    received: bool
    roll: int | None
    record: EffectRecord


def rwr_warnings(
    fit: SensorFit,
    emissions: Sequence[Emission],
    *,
    busy: bool,
    dice: Dice,
    who: str,
    turn: int,
    tables: SensorTables | None = None,
) -> tuple[RwrWarning, ...]:
    """RWR warnings, one per enemy radar holding the aircraft, received like a message:
    automatically, unless the crew member is ``busy`` (engaged, defending or out of AP),
    when a d10 must reach the message roll."""
    if fit.rwr is None:
        return ()
    need = (tables or sensor_tables()).warning.busy_roll_at_least
    warnings = []
    for emission in emissions:
        roll = dice.d10(purposes.rwr_warning(who, emission.emitter, turn)) if busy else None
        received = roll is None or roll >= need
        heard = "warns of" if received else "misses"
        record = EffectRecord(
            "rwr_warning",
            f"{who} {fit.rwr.name} {heard} {emission.emitter}'s {emission.mode} {emission.level}",
            {"emitter": emission.emitter, "level": emission.level, "received": received},
        )
        warnings.append(RwrWarning(emission.emitter, emission.level, received, roll, record))
    return tuple(warnings)


@dataclass(frozen=True, slots=True)
class EoIdentification:
    """What the EO sensor tells: the target's type and nation ("EO Sensor")."""

    target: str
    ap_cost: int = 1
    other_sighting_ap_factor: int = 2
    """Every other sighting task costs double this game-turn."""


def eo_identify(fit: SensorFit, radar: RadarState, target: str) -> EoIdentification:
    """Identify an aircraft the radar tracks with the EO sensor."""
    if fit.eo_sensor is None:
        raise IllegalSensorAction(f"EO Sensor: the {fit.type_id} has none")
    if not radar.tracks_target(target):
        raise IllegalSensorAction(f"EO Sensor: {target} is not tracked by the radar")
    return EoIdentification(target)


def gci_initial_cues(fit: SensorFit, targets: Sequence[str], turn: int) -> tuple[Awareness, ...]:
    """A GCI datalink gives initial contact at set-up: datalink cues for the game's first
    Sensor phase, to be handed to the sensors like any datalink cue."""
    if fit.datalink is None:
        return ()
    return tuple(Awareness("datalink", target, "track", turn) for target in targets)


def rhm_eccm(radar: RadarFit, missile_eccm: int) -> int:
    """An RH missile in flight uses its own ECCM or the radar's, at the launching player's
    choice: furball takes the better."""
    return max(radar.eccm, missile_eccm)
