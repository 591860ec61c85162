"""Infrared and optical sensors (SoP 10, "Infrared and Optical"): IRM seekers and IRST.

* :func:`irm_acquisition` — a Boresight seeker acquires only in the Nose cell (AoN 0), one
  target the player names.  Pips column = seeker rating + aspect + afterburner; the Noise is
  taken off the result.  A net result of zero or less is a false lock: the seeker may not try
  again until the pilot Dumps it (:func:`dump_seeker`).
* :func:`irm_maintenance` — d10 + (rating − base) + aspect + afterburner − Noise against the
  range's Target Value, with the target within the seeker's FoV (a missile in flight past its
  boost always has its target in arc).  The seeker's mode does not matter.
* :func:`slaved_irm_acquisition` — a cued seeker (card "Y" for Sensor Cued) acquires its
  designated target within its FoV by the Maintenance procedure plus the cue's +1
  ("Integration"); a snapshot adds the cells the launcher's Nose moved to Noise.
* :func:`irst_acquisition` — in the Nose cell (or the IRST's wider search field), against
  every target in it; the player keeps one (:func:`keep_one`).
* :func:`irst_maintenance` — out to the ADC's AoN; cued, out to its cued AoN with the +1.
* :class:`IrmSeekers` — which missile type has the one active seeker, its mode
  (Boresight or Sensor Cued, set for every missile of the type) and any false lock.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal

from engine.bop import purposes
from engine.bop.sensors.common import (
    Contact,
    IllegalSensorAction,
    SensorOutcome,
    SensorRoll,
    in_fov,
    range_value,
    record_roll,
)
from engine.dice import Dice
from models.bop_tables.sensors import SensorTables
from models.missile import IR_SEEKERS, MissileCard
from models.sensors import IrstFit, sensor_tables

IrmMode = Literal["boresight", "cued"]


def aspect_modifier(contact: Contact, tables: SensorTables | None = None) -> int:
    """The IR aspect modifier by the target's AoT, plus the afterburner modifier."""
    ir = (tables or sensor_tables()).infrared
    return ir.aspect_modifier_by_aot[contact.aot] + (
        ir.afterburner_modifier if contact.afterburner else 0
    )


def noise(contact: Contact, extra: int = 0, tables: SensorTables | None = None) -> int:
    """Noise: the ground behind a target below the horizon, plus ``extra`` (a snapshot's Nose
    cells moved)."""
    if extra < 0:
        raise ValueError(f"extra Noise cannot be negative, got {extra}")
    ir = (tables or sensor_tables()).infrared
    return (ir.ground_background_noise if contact.bearing.pitch_deg < 0 else 0) + extra


@dataclass(frozen=True, slots=True)
class IrmSeekers:
    """The IR missile seekers of one aircraft: only one may be active at a time."""

    active: str | None = None
    """Missile type whose seeker is active, or None."""
    modes: tuple[tuple[str, IrmMode], ...] = ()
    """Mode set per missile type (all missiles of a type share it); unset is Boresight."""
    false_lock: bool = False
    """The active seeker is locked on something else until the pilot Dumps it."""

    def mode(self, type_id: str) -> IrmMode:
        return dict(self.modes).get(type_id, "boresight")


def activate_seeker(seekers: IrmSeekers, card: MissileCard) -> IrmSeekers:
    """Make ``card``'s seeker the active one (any other goes passive; a false lock belongs to
    the seeker that had it and goes with it)."""
    _check_ir(card)
    if seekers.active == card.type_id:
        return seekers
    return replace(seekers, active=card.type_id, false_lock=False)


def set_seeker_mode(seekers: IrmSeekers, card: MissileCard, mode: IrmMode) -> IrmSeekers:
    """The Mode Change subtask ("IRM Modes"): Sensor Cued needs a "Y" on the card."""
    _check_ir(card)
    if mode == "cued" and not card.sensor_cued:
        raise IllegalSensorAction(f"IRM Modes: the {card.type_id} cannot be sensor cued")
    modes = {**dict(seekers.modes), card.type_id: mode}
    return replace(seekers, modes=tuple(sorted(modes.items())))


def dump_seeker(seekers: IrmSeekers) -> IrmSeekers:
    """The Dump subtask: clears a false lock so the seeker may acquire again."""
    return replace(seekers, false_lock=False)


def _check_ir(card: MissileCard) -> None:
    if card.seeker not in IR_SEEKERS:
        raise IllegalSensorAction(f"the {card.type_id} has no infrared seeker")


def _rear_aspect_blocked(card: MissileCard, contact: Contact) -> bool:
    return card.rear_aspect_cells is not None and contact.aot > card.rear_aspect_cells


def irm_acquisition(
    card: MissileCard,
    contact: Contact,
    dice: Dice,
    who: str,
    turn: int,
    *,
    seekers: IrmSeekers | None = None,
    tables: SensorTables | None = None,
) -> tuple[SensorRoll, IrmSeekers]:
    """IRM Acquisition with the seeker in Boresight (SoP 10, "Infrared and Optical").

    Returns the roll and the seekers' state: the seeker becomes active and a false lock
    stays until Dumped.
    """
    tables = tables or sensor_tables()
    seekers = activate_seeker(seekers or IrmSeekers(), card)
    procedure = "IRM Acquisition"
    seeker = tables.seeker(card.type_id)
    value = range_value(contact.range_fp, seeker.range_fp, tables)
    blocked = ""
    if seekers.false_lock:
        blocked = "the seeker holds a false lock until Dumped"
    elif contact.aon != 0:
        blocked = f"AoN {contact.aon}: a boresight seeker acquires only at AoN 0"
    elif _rear_aspect_blocked(card, contact):
        blocked = f"AoT {contact.aot}: a rear-aspect seeker needs the tail in view"
    elif value is None:
        blocked = f"{contact.range_fp} FP is beyond the seeker's {seeker.range_fp} FP"
    if blocked:
        roll = record_roll(
            procedure, card.type_id, contact.target, "not_possible", who, why=blocked
        )
        return roll, seekers
    assert value is not None
    column = seeker.rating + aspect_modifier(contact, tables)
    pips = dice.pips(column, purposes.irm_acquisition(who, card.type_id, contact.target, turn))
    net = pips - noise(contact, tables=tables)
    if net <= tables.infrared.false_lock_at_or_below:
        roll = record_roll(
            procedure,
            card.type_id,
            contact.target,
            "false_lock",
            who,
            roll=pips,
            net=net,
            target_value=value,
        )
        return roll, replace(seekers, false_lock=True)
    outcome: SensorOutcome = "acquired" if net >= value else "failed"
    roll = record_roll(
        procedure,
        card.type_id,
        contact.target,
        outcome,
        who,
        roll=pips,
        net=net,
        target_value=value,
    )
    return roll, seekers


def _d10_check(
    procedure: str,
    sensor: str,
    contact: Contact,
    rating: int,
    listed_range_fp: int,
    modifier: int,
    success: Literal["maintained", "acquired"],
    dice: Dice,
    who: str,
    turn: int,
    tables: SensorTables,
) -> SensorRoll:
    value = range_value(contact.range_fp, listed_range_fp, tables)
    failure: Literal["lost", "failed"] = "lost" if success == "maintained" else "failed"
    if value is None:
        why = f"{contact.range_fp} FP is beyond {listed_range_fp} FP"
        return record_roll(procedure, sensor, contact.target, failure, who, why=why)
    face = dice.d10(purposes.infrared_roll(procedure, who, sensor, contact.target, turn))
    net = face + rating - tables.maintenance.rating_base + modifier
    outcome: SensorOutcome = success if net >= value else failure
    return record_roll(
        procedure, sensor, contact.target, outcome, who, roll=face, net=net, target_value=value
    )


def irm_maintenance(
    card: MissileCard,
    contact: Contact,
    dice: Dice,
    who: str,
    turn: int,
    *,
    in_flight: bool = False,
    tables: SensorTables | None = None,
) -> SensorRoll:
    """IRM Maintenance ("Maintaining Locks"): the target must stay within the seeker's FoV
    unless the missile is in flight past its boost, when it is always in arc."""
    tables = tables or sensor_tables()
    _check_ir(card)
    procedure = "IRM Maintenance"
    if not in_flight and not in_fov(contact.aon, card.fov_cells):
        why = f"AoN {contact.aon} is outside the FoV of {card.fov_cells}"
        return record_roll(procedure, card.type_id, contact.target, "lost", who, why=why)
    if _rear_aspect_blocked(card, contact):
        why = f"AoT {contact.aot}: the tail is out of the rear-aspect seeker's view"
        return record_roll(procedure, card.type_id, contact.target, "lost", who, why=why)
    seeker = tables.seeker(card.type_id)
    modifier = aspect_modifier(contact, tables) - noise(contact, tables=tables)
    return _d10_check(
        procedure,
        card.type_id,
        contact,
        seeker.rating,
        seeker.range_fp,
        modifier,
        "maintained",
        dice,
        who,
        turn,
        tables,
    )


def slaved_irm_acquisition(
    card: MissileCard,
    contact: Contact,
    dice: Dice,
    who: str,
    turn: int,
    *,
    nose_cells_moved: int = 0,
    fov_cells: int | None = None,
    seekers: IrmSeekers | None = None,
    tables: SensorTables | None = None,
) -> tuple[SensorRoll, IrmSeekers]:
    """Slaved IRM Acquisition: a cue from another sensor, a second missile after a launch,
    or a snapshot (``nose_cells_moved`` added to Noise, ``fov_cells`` the snapshot FoV).

    The Maintenance procedure with the cue modifier, within the seeker's FoV; only missiles
    marked "Y" for Sensor Cued may be cued by another sensor (``Integration``)."""
    tables = tables or sensor_tables()
    seekers = activate_seeker(seekers or IrmSeekers(), card)
    procedure = "Slaved IRM Acquisition"
    fov = card.fov_cells if fov_cells is None else fov_cells
    blocked = ""
    if seekers.false_lock:
        blocked = "the seeker holds a false lock until Dumped"
    elif not in_fov(contact.aon, fov):
        blocked = f"AoN {contact.aon} is outside the FoV of {fov}"
    elif _rear_aspect_blocked(card, contact):
        blocked = f"AoT {contact.aot}: a rear-aspect seeker needs the tail in view"
    if blocked:
        roll = record_roll(
            procedure, card.type_id, contact.target, "not_possible", who, why=blocked
        )
        return roll, seekers
    seeker = tables.seeker(card.type_id)
    modifier = (
        aspect_modifier(contact, tables)
        + tables.maintenance.cue_modifier
        - noise(contact, nose_cells_moved, tables)
    )
    roll = _d10_check(
        procedure,
        card.type_id,
        contact,
        seeker.rating,
        seeker.range_fp,
        modifier,
        "acquired",
        dice,
        who,
        turn,
        tables,
    )
    return roll, seekers


def cued_seeker_acquisition(
    card: MissileCard,
    contact: Contact,
    dice: Dice,
    who: str,
    turn: int,
    *,
    seekers: IrmSeekers | None = None,
    tables: SensorTables | None = None,
) -> tuple[SensorRoll, IrmSeekers]:
    """A handoff from another sensor to an IR missile ("Sensor Handoff"): the card must be
    marked "Y" for Sensor Cued; then a Slaved IRM Acquisition."""
    if not card.sensor_cued:
        raise IllegalSensorAction(
            f"Sensor Handoff: the {card.type_id} is not marked Y for Sensor Cued"
        )
    return slaved_irm_acquisition(card, contact, dice, who, turn, seekers=seekers, tables=tables)


def irst_acquisition(
    irst: IrstFit,
    contacts: Sequence[Contact],
    dice: Dice,
    who: str,
    turn: int,
    tables: SensorTables | None = None,
) -> tuple[SensorRoll, ...]:
    """IRST acquisition against every target in its search field (AoN 0 for a normal IRST):
    a Pips roll on the IRST rating + aspect, less Noise, against the range's Target Value.
    The player then keeps one acquisition (:func:`keep_one`)."""
    tables = tables or sensor_tables()
    rolls = []
    for contact in contacts:
        procedure = "IRST Acquisition"
        value = range_value(contact.range_fp, irst.range_fp, tables)
        if not in_fov(contact.aon, irst.acquire_aon) or value is None:
            continue
        column = irst.rating + aspect_modifier(contact, tables)
        pips = dice.pips(column, purposes.irst_acquisition(who, contact.target, turn))
        net = pips - noise(contact, tables=tables)
        outcome: SensorOutcome = "acquired" if net >= value else "failed"
        rolls.append(
            record_roll(
                procedure,
                "IRST",
                contact.target,
                outcome,
                who,
                roll=pips,
                net=net,
                target_value=value,
            )
        )
    return tuple(rolls)


def keep_one(rolls: Sequence[SensorRoll], target: str | None = None) -> SensorRoll | None:
    """The acquisition the player keeps of several (all others are lost): ``target``, or the
    first success when none is named."""
    kept = [r for r in rolls if r.success and (target is None or r.target == target)]
    return kept[0] if kept else None


def irst_maintenance(
    irst: IrstFit,
    contact: Contact,
    dice: Dice,
    who: str,
    turn: int,
    *,
    cued: bool = False,
    tables: SensorTables | None = None,
) -> SensorRoll:
    """IRST Maintenance out to the ADC's AoN; with ``cued`` it is a cued IRST's acquisition
    of its designated target, out to the cued AoN with the cue modifier ("Integration")."""
    tables = tables or sensor_tables()
    procedure = "IRST Maintenance" + (" (cued)" if cued else "")
    fov = irst.cued_aon if cued else irst.maintain_aon
    failure: SensorOutcome = "not_possible" if cued else "lost"
    if not in_fov(contact.aon, fov):
        why = f"AoN {contact.aon} is outside the IRST's {fov}"
        return record_roll(procedure, "IRST", contact.target, failure, who, why=why)
    modifier = aspect_modifier(contact, tables) - noise(contact, tables=tables)
    if cued:
        modifier += tables.maintenance.cue_modifier
    return _d10_check(
        procedure,
        "IRST",
        contact,
        irst.rating,
        irst.range_fp,
        modifier,
        "acquired" if cued else "maintained",
        dice,
        who,
        turn,
        tables,
    )
