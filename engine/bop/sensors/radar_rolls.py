"""Radar rolls (SoP 10, "Radar"): arcs by mode, Track modifiers and the three procedures.

* :func:`mode_arc`, :func:`radar_in_arc` — the bearing must fall in a filled cell of the
  current mode's diagram; stabilised modes (Search, TWS) read it by bearing pitch and cannot
  be used with the Canopy at 0° pitch or lower or the Nose at ±60° or beyond.
* :func:`track_modifiers` — ECM against ECCM, the Lookdown Modifier (a Pips roll on the
  Lookdown rating when it is above zero) and the target's radar signature.
* :func:`radar_acquisition` — Pips roll, column = Radar value + Track modifiers, against the
  Target Value of the range on the mode's listed range.
* :func:`radar_maintenance` — d10 + (Radar value − base) + the mode procedure's modifier
  (STT, TWS, other) + Track modifiers against the same Target Value; cued acquisitions use
  it with the cue modifier ("Integration").
* :func:`track_conversion` — a stabilised-mode acquisition held a game-turn becomes a track
  on d10 + (Radar value − base) + the conversion modifier + Track modifiers − Target Value
  of 0 or better.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.bop import purposes
from engine.bop.sensors.common import (
    Contact,
    IllegalSensorAction,
    SensorOutcome,
    SensorRoll,
    in_arc,
    range_value,
    record_roll,
    stabilised_usable,
)
from engine.dice import Dice
from engine.phad import Attitude, Cell
from models.bop_tables.sensors import SensorTables
from models.sensors import (
    STABILISED_MODES,
    BodyDiamondArc,
    RadarFit,
    RadarMode,
    RadarModeFit,
    StabilisedArc,
    sensor_tables,
)


def mode_fit(radar: RadarFit, mode: RadarMode) -> RadarModeFit:
    """The radar's entry for ``mode``; a radar without the mode cannot use it."""
    entry = radar.mode(mode)
    if entry is None:
        offered = ", ".join(m.mode for m in radar.modes)
        raise IllegalSensorAction(f"the {radar.name} has no {mode} mode (it offers {offered})")
    return entry


def mode_arc(
    radar: RadarFit,
    mode: RadarMode,
    *,
    acquisition: bool,
    tables: SensorTables | None = None,
) -> BodyDiamondArc | StabilisedArc:
    """The arc diagram for a mode: the ADC's restriction if it has one, else the play aid's
    acquisition or track arc."""
    entry = mode_fit(radar, mode)
    if entry.arc is not None:
        return entry.arc
    rules = (tables or sensor_tables()).radar_modes[mode]
    return rules.acquisition_arc if acquisition else rules.track_arc


def radar_in_arc(
    radar: RadarFit,
    mode: RadarMode,
    attitude: Attitude,
    contact: Contact,
    *,
    acquisition: bool,
    tables: SensorTables | None = None,
) -> bool:
    """The contact's bearing is in the mode's arc (stabilised modes also need a usable
    attitude); a Boresight acquisition may use the start or the ending position."""
    if mode in STABILISED_MODES and not stabilised_usable(attitude):
        return False
    arc = mode_arc(radar, mode, acquisition=acquisition, tables=tables)
    if in_arc(arc, contact.aspect, contact.bearing):
        return True
    # The start bearing's pitch is not kept; Boresight's arc is a body-diamond arc.
    return (
        acquisition
        and mode == "Bo"
        and contact.start_aspect is not None
        and isinstance(arc, BodyDiamondArc)
        and arc.covers(contact.start_aspect.aon, contact.start_aspect.aoc)
    )


@dataclass(frozen=True, slots=True)
class TrackModifiers:
    """The Track modifiers of one radar against one target (negative is worse)."""

    ecm: int = 0
    lookdown: int = 0
    """Minus the Lookdown Modifier (the Pips result on the Lookdown rating)."""
    signature: int = 0

    @property
    def total(self) -> int:
        return self.ecm + self.lookdown + self.signature


def ecm_modifier(target_ecm: int, eccm: int, tables: SensorTables | None = None) -> int:
    """ECM above the radar's ECCM costs ``ecm_per_point`` per point; ECCM never helps
    beyond cancelling the jamming."""
    per_point = (tables or sensor_tables()).ecm_per_point
    return -per_point * max(0, target_ecm - eccm)


def lookdown_rating(
    capability: int, bearing: Cell, target_alt_ft: float, tables: SensorTables | None = None
) -> int:
    """Lookdown rating: the lookdown conditions that apply, less the radar's capability;
    zero when no condition applies."""
    table = (tables or sensor_tables()).lookdown
    conditions = 0
    for row in table.by_bearing_pitch:
        if row.pitch_deg == bearing.pitch_deg:
            conditions += row.rating
    if target_alt_ft <= table.low_target_alt_ft:
        conditions += table.low_target_rating
    if conditions == 0:
        return 0
    return conditions - capability


def lookdown_modifier(rating: int, dice: Dice, purpose: str) -> int:
    """The Lookdown Modifier: a Pips roll on the rating when it is above zero, else 0."""
    return dice.pips(rating, purpose) if rating > 0 else 0


def track_modifiers(
    radar: RadarFit,
    contact: Contact,
    dice: Dice,
    who: str,
    turn: int,
    *,
    eccm: int | None = None,
    tables: SensorTables | None = None,
) -> TrackModifiers:
    """The Track modifiers for one radar attempt; ``eccm`` overrides the radar's (an RH
    missile in flight may use its own)."""
    tables = tables or sensor_tables()
    rating = lookdown_rating(radar.lookdown, contact.bearing, contact.target_alt_ft, tables)
    return TrackModifiers(
        ecm=ecm_modifier(contact.ecm_rating, radar.eccm if eccm is None else eccm, tables),
        lookdown=-lookdown_modifier(rating, dice, purposes.lookdown(who, contact.target, turn)),
        signature=contact.radar_signature,
    )


def radar_acquisition(
    radar: RadarFit,
    mode: RadarMode,
    contact: Contact,
    modifiers: TrackModifiers,
    dice: Dice,
    who: str,
    turn: int,
    tables: SensorTables | None = None,
) -> SensorRoll:
    """A radar Acquisition: Pips roll on Radar value + Track modifiers against the range's
    Target Value.  The caller has checked the arc."""
    tables = tables or sensor_tables()
    procedure = f"Radar Acquisition ({mode})"
    listed = mode_fit(radar, mode).range_fp
    value = range_value(contact.range_fp, listed, tables)
    if value is None:
        why = f"{contact.range_fp} FP is beyond the {mode} range of {listed} FP"
        return record_roll(procedure, "radar", contact.target, "not_possible", who, why=why)
    column = radar.rating + modifiers.total
    pips = dice.pips(column, purposes.radar_acquisition(who, contact.target, turn))
    outcome: SensorOutcome = "acquired" if pips >= value else "failed"
    return record_roll(
        procedure, "radar", contact.target, outcome, who, roll=pips, net=pips, target_value=value
    )


def _d10(
    procedure: str,
    rating: int,
    listed_range_fp: int,
    contact: Contact,
    modifier: int,
    success: SensorOutcome,
    failure: SensorOutcome,
    dice: Dice,
    who: str,
    turn: int,
    tables: SensorTables,
    *,
    subtract_value: bool = False,
) -> SensorRoll:
    value = range_value(contact.range_fp, listed_range_fp, tables)
    if value is None:
        why = f"{contact.range_fp} FP is beyond {listed_range_fp} FP"
        return record_roll(procedure, "radar", contact.target, failure, who, why=why)
    face = dice.d10(purposes.radar_roll(procedure, who, contact.target, turn))
    net = face + rating - tables.maintenance.rating_base + modifier
    if subtract_value:
        net -= value
        outcome = success if net >= 0 else failure
        return record_roll(
            procedure, "radar", contact.target, outcome, who, roll=face, net=net, target_value=0
        )
    outcome = success if net >= value else failure
    return record_roll(
        procedure, "radar", contact.target, outcome, who, roll=face, net=net, target_value=value
    )


def radar_maintenance(
    radar: RadarFit,
    mode: RadarMode,
    contact: Contact,
    modifiers: TrackModifiers,
    dice: Dice,
    who: str,
    turn: int,
    *,
    cued: bool = False,
    tables: SensorTables | None = None,
) -> SensorRoll:
    """Radar Maintenance by the mode's procedure; with ``cued`` it is a cued acquisition
    (success "acquired", with the cue modifier).  The caller has checked the arc."""
    tables = tables or sensor_tables()
    procedure_name = tables.radar_modes[mode].maintenance
    listed = mode_fit(radar, mode).range_fp
    modifier = tables.maintenance.mode_modifier[procedure_name] + modifiers.total
    if cued:
        modifier += tables.maintenance.cue_modifier
        return _d10(
            f"Radar Maintenance ({mode}, cued)",
            radar.rating,
            listed,
            contact,
            modifier,
            "acquired",
            "failed",
            dice,
            who,
            turn,
            tables,
        )
    return _d10(
        f"Radar Maintenance ({mode})",
        radar.rating,
        listed,
        contact,
        modifier,
        "maintained",
        "lost",
        dice,
        who,
        turn,
        tables,
    )


def track_conversion(
    radar: RadarFit,
    mode: RadarMode,
    contact: Contact,
    modifiers: TrackModifiers,
    dice: Dice,
    who: str,
    turn: int,
    tables: SensorTables | None = None,
) -> SensorRoll:
    """Turn a stabilised-mode acquisition into a track ("Tracks"): net d10 of 0 or better."""
    tables = tables or sensor_tables()
    modifier = tables.maintenance.track_conversion_modifier + modifiers.total
    return _d10(
        f"Track Conversion ({mode})",
        radar.rating,
        mode_fit(radar, mode).range_fp,
        contact,
        modifier,
        "converted",
        "failed",
        dice,
        who,
        turn,
        tables,
        subtract_value=True,
    )


def missile_radar_maintenance(
    seeker_rating: int,
    seeker_range_fp: int,
    seeker_eccm: int,
    contact: Contact,
    dice: Dice,
    who: str,
    turn: int,
    tables: SensorTables | None = None,
) -> SensorRoll:
    """A radar missile's onboard sensor in flight (AH seeker, RH receiver): always in arc
    past its boost; d10 + (seeker rating − base) + ECM against the seeker's ECCM + the
    target's signature, against the Target Value of the range from the missile."""
    tables = tables or sensor_tables()
    modifier = ecm_modifier(contact.ecm_rating, seeker_eccm, tables) + contact.radar_signature
    return _d10(
        "Missile Seeker Maintenance",
        seeker_rating,
        seeker_range_fp,
        contact,
        modifier,
        "maintained",
        "lost",
        dice,
        who,
        turn,
        tables,
    )
