"""The AI pilot's declarations (SoP 02): throttle and speedbrake, guns, missiles and the
sensor orders that make a missile shot possible."""

from __future__ import annotations

from dataclasses import replace

from engine import aero
from engine.atmosphere import FT_PER_S_PER_KT
from engine.bop.ai import scoring
from engine.bop.ai.contacts import (
    Contact,
)
from engine.bop.ai.params import AiParams, AiState, Posture
from engine.bop.ai.reading import own_velocity_ft_s, range_to_ft
from engine.bop.aircraft_state import AircraftState
from engine.bop.maneuvers.geometry import TURN_S, angle_deg, dot, norm, sub, unit
from engine.bop.maneuvers.search import (
    Outcome,
)
from engine.bop.seeker_pairs import live_member
from engine.bop.view import GameView
from models.missile import IR_SEEKERS, missile_card
from models.orders import (
    BopPlot,
    GunOrder,
    MissileOrder,
    SensorOrders,
    Throttle,
)

GUNS_RANGE_FACTOR = 3.0
"""Guns are declared at the bandit inside this many gun ranges (the shot is the rules')."""
FT_PER_FP = 400.0
"""Ranges in Flight Points are counted in hexes of 400 ft."""
IR_RANGE_FT = (3_000.0, 10_000.0)
RADAR_RANGE_FT = (6_000.0, 60_000.0)
MISSILE_ATA_DEG = 25.0
REAR_ASPECT_AA_DEG = 60.0
TURNS_BETWEEN_LAUNCHES = 2
FAST_OVER_CORNER = 1.15
SPEED_EDGE_KT = 50.0
"""An attacker this much over corner speed, and faster than the bandit by ``SPEED_EDGE_KT``,
would only widen its turn: it does not light the burner to add closure."""
CLOSE_IN_GUN_RANGES = 1.5
"""Within this many gun ranges an attacker over corner speed × ``FAST_OVER_CORNER`` is fast
enough, whatever the bandit's speed: it will have to turn with it."""
CLOSURE_BAND_KT = 20.0
"""Closure within this of the wanted closure holds military power."""


def corner_speed_kt(game: GameView, me: AircraftState) -> float:
    """Corner speed as true airspeed at the present altitude (KEAS from the card)."""
    conditions = game.flight_conditions(me.id)
    keas_per_kt = conditions.keas / max(me.speed_kt, 1)
    return aero.corner_keas(me.card, me.weight_lb) / max(keas_per_kt, 1e-6)


def closure_kt(me: AircraftState, contact: Contact) -> float:
    """Rate the range is falling, in knots."""
    los = unit(sub(contact.position_ft, me.position_ft()))
    relative = sub(contact.velocity_ft_s, own_velocity_ft_s(me))
    return -dot(relative, los) / FT_PER_S_PER_KT


def choose_throttle(
    game: GameView, me: AircraftState, opponent: Contact, posture: Posture
) -> tuple[Throttle, bool]:
    """Throttle and speedbrake: burner to defend or to catch up, idle and boards to stop an
    overshoot, military power to hold corner speed."""
    has_ab = me.card.engines.has_afterburner
    full: Throttle = "ab" if has_ab else "mil"
    if posture == "defensive":
        return full, False
    corner = corner_speed_kt(game, me)
    if posture == "offensive":
        wanted = scoring.wanted_closure_kt(range_to_ft(me, opponent), gun_range_ft(me))
        closing = closure_kt(me, opponent)
        bandit_kt = norm(opponent.velocity_ft_s) / FT_PER_S_PER_KT
        range_ft = range_to_ft(me, opponent)
        close_in = range_ft < CLOSE_IN_GUN_RANGES * gun_range_ft(me)
        fast = me.speed_kt > corner * FAST_OVER_CORNER and (
            close_in or me.speed_kt > bandit_kt + SPEED_EDGE_KT
        )
        if closing > wanted + CLOSURE_BAND_KT:
            boards = closing > wanted + 2 * CLOSURE_BAND_KT and me.card.speedbrake is not None
            return "idle", boards
        if (closing < wanted - CLOSURE_BAND_KT and not fast) or me.speed_kt < corner * 0.9:
            return full, False
        return "mil", False
    return (full if me.speed_kt < corner * 1.1 else "mil"), False


def weapon_orders(
    game: GameView,
    me: AircraftState,
    outcome: Outcome,
    bandit: Contact,
    params: AiParams,
    state: AiState,
) -> tuple[BopPlot, AiState]:
    """Guns at a near bandit; a missile when the geometry after this game-turn's move (when
    the Combat phase launches it, SoP 07) suits a seeker carried."""
    plot = outcome.plot
    if not bandit.seen_now:
        return plot, state
    range_ft = range_to_ft(me, bandit)
    bandit_end_ft, _ = bandit.predict(TURN_S)
    line = sub(bandit_end_ft, outcome.end_ft)
    end_range_ft = norm(line)
    end_ata = angle_deg(outcome.end_attitude.velocity.unit_vector(), line)
    update: dict[str, object] = {}
    gun_ft = gun_range_ft(me)
    if params.guns and gun_ft and range_ft <= GUNS_RANGE_FACTOR * gun_ft:
        update["guns"] = GunOrder(target=bandit.id)
    turn = game.turn + 1
    if params.missiles:
        update["sensors"] = sensor_orders(me, bandit, range_ft)
    if params.missiles and turn - state.last_launch_turn >= TURNS_BETWEEN_LAUNCHES:
        kind = missile_for(me, bandit, end_range_ft, end_ata)
        if kind is not None:
            update["missile"] = MissileOrder(type=kind, target=bandit.id)
            state = replace(state, last_launch_turn=turn)
    return (plot.model_copy(update=update) if update else plot), state


def sensor_orders(me: AircraftState, bandit: Contact, range_ft: float) -> SensorOrders:
    """Point the radar at the bandit (the crew's doctrine then locks it up) when a radar
    missile is carried, and select an IR missile (its seeker active) once inside twice its
    range (SoP 02, Weapon Select)."""
    carried = [kind for kind, left in me.missiles_left.items() if left > 0]
    radar = any(missile_card(kind).seeker not in IR_SEEKERS for kind in carried)
    ir = next((k for k in carried if missile_card(k).seeker in IR_SEEKERS), None)
    return SensorOrders(
        radar_target=bandit.id if radar and me.sensors.radar is not None else None,
        ir_missile=ir if ir is not None and range_ft <= 2 * IR_RANGE_FT[1] else None,
    )


def gun_range_ft(me: AircraftState) -> float:
    ranges = [gun.max_range_fp for gun in me.card.guns or ()]
    return FT_PER_FP * max(ranges) if ranges else 0.0


def missile_for(me: AircraftState, bandit: Contact, range_ft: float, ata: float) -> str | None:
    """The first missile carried whose seeker suits the shot and holds (or whose guiding
    radar tracks) the bandit, or None; of a pair that alternates seekers, only the member
    whose turn it is ("Select Weapon")."""
    if ata > MISSILE_ATA_DEG:
        return None
    aa = angle_deg(bandit.velocity_ft_s, sub(bandit.position_ft, me.position_ft()))
    for kind, left in me.missiles_left.items():
        if left <= 0 or live_member(kind, me.missiles_left, me.selected_weapon) != kind:
            continue
        card = missile_card(kind)
        if card.seeker in IR_SEEKERS:
            low, high = IR_RANGE_FT
            if card.rear_aspect_cells is not None and aa > REAR_ASPECT_AA_DEG:
                continue
            lock = me.sensors.ir_lock
            if lock is None or lock.target != bandit.callsign:
                continue  # the seeker must have the target before launch (Missile Combat)
        else:
            low, high = RADAR_RANGE_FT
            radar = me.sensors.radar
            if radar is None or not radar.tracks_target(bandit.callsign):
                continue  # RH and AH missiles need the launcher's radar track
        low = max(low, FT_PER_FP * (card.min_launch_range_fp + 1))
        if low <= range_ft <= high:
            return kind
    return None
