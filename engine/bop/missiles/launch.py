"""Launching a missile: who may fire, the launch roll and the boost (rulebook, "Missile
Combat (SoP 07)": "Launch and Boost", "Boost-Maneuver Capable Missiles", "Follow-on
Missile Launch", "Snapshot Launch"; "Declare a Missile Snapshot", SoP 02)."""

from __future__ import annotations

import math
from dataclasses import dataclass

from engine.bop import purposes
from engine.bop.errors import IllegalOrder
from engine.bop.missiles.common import (
    TICKS_PER_TURN,
    EventData,
    MissileEvent,
    MissileState,
    MissileTables,
    Waypoint,
    choose_cell,
    entities,
    event_data,
    lerp,
    missile_tables,
    removed,
    shoot,
)
from engine.bop.movement import default_3d_move, default_end_hex
from engine.dice import Dice
from engine.hexmap import Position
from engine.phad import NEIGHBOURS, Cell, centre_of_path, distance
from models.missile import IR_SEEKERS, STALL_BLEED, MissileCard

# --- who may fire -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LaunchCheck:
    """Whether a launch (or declaration) is allowed; each reason names the rule it breaks."""

    allowed: bool
    reasons: tuple[str, ...] = ()
    noise_modifier: int = 0
    """Snapshot Launch only: added to Noise for the FoV slaved IRM acquisition."""

    @property
    def reason(self) -> str:
        return "; ".join(self.reasons)


def _check(reasons: list[str], noise: int = 0) -> LaunchCheck:
    return LaunchCheck(not reasons, tuple(reasons), noise)


def can_launch(
    card: MissileCard,
    *,
    range_fp: int,
    seeker_lock: bool,
    radar_track: bool,
    negative_load: bool = False,
    ejected_station: bool = False,
) -> LaunchCheck:
    """May this missile be launched in this Combat phase (SoP 07)?

    ``seeker_lock``: the missile's own seeker has acquired the target (IR missiles);
    ``radar_track``: the launcher's radar holds a track on it (RH and AH missiles).
    ``negative_load``: the launcher used a negative load this turn; ``ejected_station``: a
    ``rail_or_ejected`` missile hangs on an ejector station.
    """
    reasons: list[str] = []
    if card.launch_requires == "missile_seeker_lock" and not seeker_lock:
        reasons.append(
            "Missile Combat: an IR missile's seeker must have acquired the target before launch"
        )
    if card.launch_requires == "launcher_radar_track" and not radar_track:
        reasons.append(
            "Missile Combat: RH and AH missiles need the launcher's radar track at launch"
        )
    if range_fp < card.min_launch_range_fp:
        reasons.append(
            f"Launch and Boost: range {range_fp} FP is inside the {card.type_id}'s minimum "
            f"launch range of {card.min_launch_range_fp} FP"
        )
    ejected = card.launch_method == "ejected" or (
        card.launch_method == "rail_or_ejected" and ejected_station
    )
    if negative_load and ejected:
        reasons.append(
            "Negative Loads: only rail-launched missiles may be fired under negative load"
        )
    return _check(reasons)


def can_follow_on(
    card: MissileCard,
    *,
    first_launched: bool,
    snapshot_this_turn: bool,
    slaved_acquisition: bool | None,
    radar_track: bool,
) -> LaunchCheck:
    """May a second missile follow the first this Combat phase ("Follow-on Missile Launch")?

    ``first_launched``: a missile was launched successfully this phase, at the same target;
    ``slaved_acquisition``: the result of the IR missile's Slaved IRM Acquisition against
    that target (None if not attempted).
    """
    reasons: list[str] = []
    if not first_launched:
        reasons.append("Follow-on Missile Launch: only after a successful launch this turn")
    if card.single_shot:
        reasons.append("Restrictions on Follow-on Launch: single-shot missiles may not")
    if snapshot_this_turn:
        reasons.append(
            "Restrictions on Follow-on Launch: not after a snapshot launch this game-turn"
        )
    if card.seeker in IR_SEEKERS and not slaved_acquisition:
        reasons.append(
            "Restrictions on Follow-on Launch: an IR missile needs a successful slaved "
            "acquisition of the first missile's target"
        )
    if card.seeker not in IR_SEEKERS and not radar_track:
        reasons.append("Follow-on Missile Launch: RH and AH missiles need the radar track")
    return _check(reasons)


def can_declare_snapshot(
    card: MissileCard,
    *,
    selected: bool,
    fixed_in_snapshot_parameters: bool,
    target_aon: int,
    sensor_can_hand_off: bool,
) -> LaunchCheck:
    """May the aircraft declare a missile snapshot (Declarations, SoP 02)?

    The target must be fixed in snapshot parameters, the missile selected, the target
    within the missile's extended FoV (one wider for a ``+`` FoV), and some sensor aware
    of the target able to hand it to the missile.  Declaring costs the Weapon Launch
    action whether or not the missile is fired.
    """
    reasons: list[str] = []
    if not card.snapshot_capable:
        reasons.append(f"Declare a Missile Snapshot: the {card.type_id} is not snapshot capable")
    if not selected:
        reasons.append("Declare a Missile Snapshot: the missile must be selected")
    if not fixed_in_snapshot_parameters:
        reasons.append(
            "Declare a Missile Snapshot: the target must be fixed in snapshot parameters"
        )
    if target_aon > card.snapshot_fov_cells:
        reasons.append(
            f"Declare a Missile Snapshot: target at AoN {target_aon} is outside the extended "
            f"FoV {card.snapshot_fov_cells}"
        )
    if not sensor_can_hand_off:
        reasons.append(
            "Declare a Missile Snapshot: a sensor aware of the target must be able to hand off"
        )
    return _check(reasons)


def can_snapshot(
    card: MissileCard,
    *,
    declared: bool,
    in_parameters_at_declaration: bool,
    target_aon: int,
    nose_cells_moved: int,
) -> LaunchCheck:
    """May a declared snapshot be attempted now ("Snapshot Launch", Combat SoP 07)?

    The target must now be inside the missile's FoV (the unextended one).  When allowed,
    ``noise_modifier`` is the cells the launcher's Nose moved this game-turn, which the
    caller adds to Noise for the FoV slaved IRM acquisition; if it acquires, call
    :func:`launch` with ``snapshot=True``.
    """
    reasons: list[str] = []
    if not card.snapshot_capable:
        reasons.append(f"Snapshot Launch: the {card.type_id} is not snapshot capable")
    if not declared:
        reasons.append("Snapshot Launch: no snapshot was declared in the Declarations phase")
    if not in_parameters_at_declaration:
        reasons.append("Snapshot Launch: the target was not in snapshot parameters when declared")
    if target_aon > card.fov_cells:
        reasons.append(
            f"Snapshot Launch: target at AoN {target_aon} is outside the missile's FoV "
            f"{card.fov_cells}"
        )
    return _check(reasons, nose_cells_moved if not reasons else 0)


def missile_defense_allowed(
    *, aware_at_launch: bool, warned: bool, activity_points: int, guns_task: bool
) -> LaunchCheck:
    """May the target use Missile Defense ("Missile Defense" and the Missile Defense task)?

    It must have been aware of the missile at launch or warned by an ally's radio message,
    have an activity point to spend, and not be using Guns Engagement or Guns Defense.
    """
    reasons: list[str] = []
    if not (aware_at_launch or warned):
        reasons.append("Missile Defense: the target must be aware of the launch or warned of it")
    if activity_points < 1:
        reasons.append("Missile Defense task: costs 1 activity point")
    if guns_task:
        reasons.append("Missile Defense task: not with Guns Engagement or Guns Defense")
    return _check(reasons)


# --- the launch roll and the boost --------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LaunchResult:
    """What one launch attempt did."""

    launched: bool
    state: MissileState | None
    """The missile after boost (possibly already removed: off boresight or stalled); None
    when the launch roll failed."""
    roll: int
    target_number: int
    """The roll must be below this."""
    load_over_limit_g: float
    boost_fp: int
    boost_cells: int
    """Cells a boost maneuver turned."""
    boost_path: tuple[Waypoint, ...]
    """Launcher to anchor, one point per tick of the boost (tick 0 first)."""
    events: tuple[MissileEvent, ...]


def launch_target_number(
    card: MissileCard,
    max_load_g: float,
    reliability: float | None = None,
    tables: MissileTables | None = None,
) -> tuple[int, float]:
    """The Missile Launch target number (a percentile roll below it launches) and the Load
    over limit box."""
    table = (tables or missile_tables()).launch
    over = max(0.0, round(max_load_g - card.launch_load_limit_g, 1))
    rel = card.launch_reliability if reliability is None else reliability
    penalty = over * table.over_limit_multiplier * table.percent_per_point
    return math.floor(100 * rel - penalty + 0.5), over


def follow_on_boost_fp(card: MissileCard, launcher_speed_fp: float) -> int:
    """A follow-on missile's Boost Distance: the card's plus half the launcher's FPs (the
    tick-five value, a half rounding up)."""
    return card.boost_distance_fp + math.floor(launcher_speed_fp / 2 + 0.5)


def _step_towards(start: Cell, goal: Cell, cells: int) -> tuple[Cell, ...]:
    """A shortest PHAD path from ``start`` toward ``goal``, at most ``cells`` steps long."""
    path = [start]
    here = start
    for _ in range(min(cells, distance(start, goal))):
        here = min(NEIGHBOURS[here], key=lambda c: (distance(c, goal), str(c)))
        path.append(here)
    return tuple(path)


def boost_speed_and_bleed(
    card: MissileCard,
    launcher_speed_fp: float,
    facing_bleed: float,
    pointing: bool,
    boost_cells: int,
) -> tuple[float, float]:
    """Speed and Bleed after boost ("Launch and Boost", "Boost-Maneuver Capable Missiles").

    The launcher's FPs plus the Boost Speed, capped at the table's top speed, gives the
    Bleed; a pointing launcher adds one Facing Bleed, a boost maneuver one per cell turned,
    and a boost maneuver doubles the lot (furball ruling).  Only a changed Bleed is read
    back to a new speed.  The Bleed may exceed 72 (the missile stalls).
    """
    top = card.speed_bleed[0].speed_fp
    speed = min(launcher_speed_fp + card.boost_speed_fp, top)
    bleed = card.bleed_for_speed(speed)
    extra = facing_bleed * ((1 if pointing else 0) + boost_cells)
    if boost_cells > 0:
        extra *= 2
    if extra > 0:
        bleed += extra
        new_speed = card.speed_for_bleed(bleed)
        speed = new_speed if new_speed is not None else card.speed_bleed[-1].speed_fp
    return speed, bleed


def launch(
    card: MissileCard,
    *,
    missile_id: str,
    launcher: str,
    target: str,
    side: str,
    launcher_position: Position,
    launcher_nose: Cell,
    launcher_speed_fp: float,
    target_position: Position,
    max_load_g: float,
    pointing: bool,
    dice: Dice,
    turn: int,
    follow_on: bool = False,
    snapshot: bool = False,
    boost_turn_to: Cell | None = None,
    reliability: float | None = None,
    tables: MissileTables | None = None,
) -> LaunchResult:
    """Roll the launch and fly the boost ("Launch and Boost", Combat SoP 07).

    Check :func:`can_launch` (or :func:`can_follow_on`, :func:`can_snapshot`) first.  The
    launch roll is a percentile roll below :func:`launch_target_number`.  The boost is a
    segment of Boost Distance FPs (a follow-on adds half the launcher's FPs) along the
    launcher's Nose; a boost-maneuver capable missile may instead turn up to its OBA toward
    ``boost_turn_to`` (by default toward the target, no turn when it is at AoN 0), moving
    along the centre of that turn.  The end position is the default legal one, as for an
    aircraft.  From the anchor the target must lie within the OBA of the boost direction or
    the missile is removed; Speed and Bleed come from :func:`boost_speed_and_bleed`.
    """
    tables = tables or missile_tables()
    number, over = launch_target_number(card, max_load_g, reliability, tables)
    roll = dice.percentile(purposes.missile_launch(launcher, card.type_id, turn))
    base: EventData = {
        "turn": turn,
        "missile": missile_id,
        "type": card.type_id,
        "launcher": launcher,
        "target": target,
        "roll": roll,
        "target_number": number,
        "load_over_limit_g": over,
        "follow_on": follow_on,
        "snapshot": snapshot,
    }
    if roll >= number:
        event = MissileEvent(
            "launch",
            f"{launcher}'s {card.type_id} fails to launch (rolled {roll:02d}, needed below "
            f"{number})",
            {**base, "launched": False},
            (missile_id, launcher, target),
        )
        return LaunchResult(False, None, roll, number, over, 0, 0, (), (event,))

    # The boost segment.
    boost_fp = follow_on_boost_fp(card, launcher_speed_fp) if follow_on else card.boost_distance_fp
    launch_bearing = shoot(launcher_position, target_position)
    toward = choose_cell(launch_bearing, launcher_nose) if launch_bearing else launcher_nose
    if boost_turn_to is not None:
        if not card.boost_maneuver:
            raise IllegalOrder(
                "Boost-Maneuver Capable Missiles (SoP 07)",
                f"the {card.type_id} is not boost-maneuver capable",
                aircraft=launcher,
                turn=turn,
            )
        if distance(launcher_nose, boost_turn_to) > card.oba_cells:
            raise IllegalOrder(
                "Boost-Maneuver Capable Missiles (SoP 07)",
                f"{boost_turn_to} is {distance(launcher_nose, boost_turn_to)} cells from the "
                f"Nose {launcher_nose}; the boost may turn at most OBA {card.oba_cells}",
                aircraft=launcher,
                turn=turn,
            )
        toward = boost_turn_to
    turn_limit = card.oba_cells if card.boost_maneuver else 0
    path = _step_towards(launcher_nose, toward, turn_limit)
    boost_direction = path[-1]
    boost_cells = len(path) - 1
    vector = centre_of_path(path)
    fallback = launch_bearing.map_heading_deg if launch_bearing else None
    move = default_3d_move(boost_fp, vector)
    end_hex = default_end_hex(launcher_position.hex, move.h_hexes, vector, fallback or 0.0)
    anchor = Position(end_hex, max(0, launcher_position.alt_steps + move.v_steps))

    # From the anchor: OBA, then Speed and Bleed.
    bearing = shoot(anchor, target_position)
    cell = choose_cell(bearing, boost_direction) if bearing else boost_direction
    off = distance(boost_direction, cell)
    band = card.band_at_steps((anchor.alt_steps + target_position.alt_steps) / 2)
    speed, bleed = boost_speed_and_bleed(
        card, launcher_speed_fp, band.facing_bleed, pointing, boost_cells
    )
    state = MissileState(
        id=missile_id,
        type_id=card.type_id,
        launcher=launcher,
        target=target,
        side=side,
        anchor=anchor,
        boost_direction=boost_direction,
        speed_fp=speed,
        bleed=bleed,
        launched_turn=turn,
        bearing=cell,
        range_fp=bearing.slant_range_fp if bearing else 0,
        target_seen=target_position,
        follow_on=follow_on,
        snapshot=snapshot,
        guidance=card.guidance_until_impact,
    )
    data = {
        **base,
        "launched": True,
        "anchor": str(anchor),
        "boost_direction": str(boost_direction),
        "boost_fp": boost_fp,
        "boost_cells": boost_cells,
        "bearing": str(cell),
        "off_boresight_cells": off,
        "range_fp": state.range_fp,
        "speed_fp": speed,
        "bleed": bleed,
    }
    events = [
        MissileEvent(
            "launch",
            f"{missile_id} launched at {target}: boosted "
            f"{boost_fp} FP along {boost_direction} to {anchor}, speed {speed:.1f} FP, "
            f"bleed {bleed:g}",
            data,
            entities(state),
        )
    ]
    if off > card.oba_cells:
        reason = (
            f"Launch and Boost: the target bears {off} cells from the boost direction, beyond "
            f"OBA {card.oba_cells}"
        )
        state = removed(state, "off_boresight", reason)
        events.append(
            MissileEvent(
                "lost_guidance",
                f"{missile_id} loses {target}: {reason}",
                event_data(state, turn, reason="off_boresight"),
                entities(state),
            )
        )
    elif bleed > STALL_BLEED:
        reason = f"Launch and Boost: bleed {bleed:g} after boost exceeds {STALL_BLEED}"
        state = removed(state, "stalled", reason)
        events.append(
            MissileEvent(
                "stall",
                f"{missile_id} stalls: {reason}",
                event_data(state, turn),
                entities(state),
            )
        )
    ticks = _boost_ticks(boost_fp, launcher_speed_fp, speed)
    start_ft = launcher_position.world_ft()
    end_ft = anchor.world_ft()
    boost_path = tuple(lerp(start_ft, end_ft, k / ticks) for k in range(ticks + 1))
    return LaunchResult(
        True, state, roll, number, over, boost_fp, boost_cells, boost_path, tuple(events)
    )


def _boost_ticks(boost_fp: int, launcher_speed_fp: float, speed_fp: float) -> int:
    """Ticks the boost takes at the average of launch and boosted speed (1 to 10)."""
    per_tick = (launcher_speed_fp + speed_fp) / 2 / TICKS_PER_TURN
    if per_tick <= 0:
        return TICKS_PER_TURN
    return max(1, min(TICKS_PER_TURN, round(boost_fp / per_tick)))
