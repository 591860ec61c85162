"""The AI pilot: each game-turn it reads the fight, picks a posture, declares and plots.

The turn, as the pilot flies it (SoP 02–03):

1. **Read the fight** — the enemies it knows (:mod:`.contacts`), the bandit (the scenario's
   ``target``, else the nearest), and whichever enemy is pointing at it.
2. **Posture** — *defensive* when an enemy close enough to threaten points at it more than it
   points back; *neutral* at a high-aspect merge (the turn after the pass decides one circle or
   two, reference bfm.md); *offensive* otherwise.
3. **Declarations** (SoP 02) — the throttle (closure and energy), guns at the bandit when near,
   a missile when the geometry suits its seeker.
4. **Plot** (SoP 03) — every roll from half a ring left to half a ring right, each followed by
   a maximum pull, a sustained pull, a pull that stops with the Nose on the bandit, straight
   flight or an unload; each candidate is flown through the game's own planner
   (:meth:`Game.preview`, the same Bp–Im checks as :meth:`Game.legal`) and the best end of
   turn by the posture's score (:mod:`.scoring`) is ordered.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from engine import aero
from engine.atmosphere import FT_PER_S_PER_KT
from engine.bop.ai import scoring
from engine.bop.ai.contacts import (
    MEMORY_TURNS,
    Contact,
    Sighting,
    contact_from,
    guesses,
    sighting_of,
    turn_sense,
)
from engine.bop.ai.g_risk import crew_g_cost
from engine.bop.aircraft_state import AircraftState
from engine.bop.game import Game
from engine.bop.maneuvers.geometry import TURN_S, Vec, angle_deg, dot, norm, scale, sub, unit
from engine.bop.maneuvers.search import (
    ROLL_TICKS,
    Outcome,
    Tail,
    best,
    fly_straight,
    plot_of,
    pull,
    pull_toward,
    rolls_then,
    start_attitude,
    unload,
)
from engine.performance import speed_change
from engine.phad import Attitude
from models.missile import IR_SEEKERS, missile_card
from models.orders import (
    BopPlot,
    GunOrder,
    MissileOrder,
    SensorOrders,
    StraightSegment,
    Throttle,
)

Posture = Literal["offensive", "defensive", "neutral", "search"]
Fight = Literal["one-circle", "two-circle"]

KEEP_BANDIT_RANGE_RATIO = 0.5
"""A pilot switches from the bandit it fights (or its radar tracks) only to one less than
half as far away."""
THREAT_RANGE_FT = 12_000.0
"""An enemy farther than this is not yet a threat to defend against."""
THREAT_ATA_DEG = 60.0
"""An enemy whose Nose points within this of the pilot is attacking it."""
PRESSING_ATA_DEG = 45.0
"""An attacker turns defensive only when the threat's Nose is this near it."""
HIGH_ASPECT_HCA_DEG = 120.0
"""Heading crossing angle above which two aircraft meet at a high-aspect merge."""
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
CLOSURE_BAND_KT = 20.0
"""Closure within this of the wanted closure holds military power."""


class AiParams(BaseModel):
    """How a scenario sets an AI pilot up (``pilot = "ai"``, ``ai = { ... }``)."""

    model_config = ConfigDict(frozen=True, extra="forbid", use_attribute_docstrings=True)

    target: str | None = None
    """Id of the bandit to fight; by default the nearest enemy the crew knows of."""
    posture: Literal["auto", "offensive", "defensive", "neutral"] = "auto"
    """Fix the posture instead of reading it from the geometry each game-turn."""
    fight: Literal["auto", "one-circle", "two-circle"] = "auto"
    """The fight to make after a high-aspect merge; ``auto``: two circles when this aircraft
    out-rates the bandit (sustained turn rate), one circle when it turns tighter."""
    guns: bool = True
    """Declare guns at the bandit when near."""
    missiles: bool = True
    """Launch missiles when the geometry suits their seekers."""
    floor_ft: float = Field(default=5_000.0, ge=0, le=60_000)
    """The lowest altitude the pilot is willing to fly (BFM training's hard deck: 5,000 ft)."""


@dataclass(frozen=True, slots=True)
class AiState:
    """What the pilot remembers between game-turns."""

    sightings: dict[str, Sighting] = field(default_factory=dict)
    posture: str = ""
    bandit: str = ""
    fight: str = ""
    """The fight chosen at a merge, once chosen."""
    sense: int = 0
    """The turn the merge asked for: +1 left, −1 right."""
    last_launch_turn: int = -99


@dataclass(frozen=True, slots=True)
class AiStep:
    """One game-turn of the AI pilot: the orders, the state for next turn, and what to tell
    the debrief (posture changes, the merge decision)."""

    plot: BopPlot
    state: AiState
    posture: Posture
    notes: tuple[str, ...] = ()


def fly(game: Game, aircraft: str, params: AiParams, state: AiState | None = None) -> AiStep:
    """The AI pilot's orders for ``aircraft``'s next game-turn."""
    state = state or AiState()
    me = game.aircraft[aircraft]
    if me.crew and not me.crew[0].conscious:  # the rules fly it (Uncontrolled Aircraft)
        return AiStep(plot_of(me.throttle, [StraightSegment(ticks=10)]), state, "search")
    contacts, sightings = _contacts(game, me, state)
    state = replace(state, sightings=sightings)
    if not contacts:
        return _search(game, me, state, params)
    bandit = _bandit(me, contacts, params, state.bandit)
    threat = _threat(me, contacts)
    posture = _posture(me, bandit, threat, params, state.posture)
    notes: list[str] = []
    sense = 0
    if posture == "neutral":
        sense, state, note = _merge_sense(game, me, bandit, params, state)
        if note:
            notes.append(note)
    opponent = threat if posture == "defensive" and threat is not None else bandit
    if posture != state.posture or opponent.id != state.bandit:
        notes.append(_posture_note(me, posture, opponent))
    throttle, speedbrake = _throttle(game, me, opponent, posture)
    outcome = _best_plot(game, me, opponent, posture, throttle, speedbrake, sense, params)
    plot, state = _weapons(game, me, outcome, bandit, params, state)
    state = replace(state, posture=posture, bandit=opponent.id)
    return AiStep(plot, state, posture, tuple(notes))


# -- reading the fight ---------------------------------------------------------------------
def _contacts(
    game: Game, me: AircraftState, state: AiState
) -> tuple[list[Contact], dict[str, Sighting]]:
    """Enemies the crew has spotted, its radar has acquired or tracks, or its IRST tracks
    (SoP 09–10), or saw in the last few game-turns, and the sightings to remember."""
    contacts: list[Contact] = []
    sightings: dict[str, Sighting] = {}
    for other in game.aircraft.values():
        if other.side == me.side or not other.active:
            continue
        before = state.sightings.get(other.id)
        seen = (
            not game.scenario.awareness
            or game.awareness.has_spotted(me.callsign, other.callsign)
            or other.callsign in me.sensors.tracks()
            or (me.sensors.radar is not None and me.sensors.radar.holding(other.callsign))
        )
        if seen:
            contact = contact_from(other, sighting_of(other, game.turn), before, True)
            sightings[other.id] = replace(
                contact.seen, axis=contact.axis, rate_dps=contact.rate_dps
            )
            contacts.append(contact)
        elif before is not None:
            sightings[other.id] = before  # kept for a search toward where it was last seen
            if game.turn - before.turn <= MEMORY_TURNS:
                # out of sight while banked and not yet turning: it may be turning now
                remembered = contact_from(other, before, None, False)
                held = remembered.rate_dps == 0.0 and before.bank_rate_dps > 0.0
                remembered = replace(remembered, held_bank=held)
                likely = guesses(remembered)[len(guesses(remembered)) // 2]
                position, velocity = likely.predict((game.turn - before.turn) * TURN_S)
                now = replace(before, turn=game.turn, position_ft=position, velocity_ft_s=velocity)
                contacts.append(replace(remembered, seen=now))
    return contacts, sightings


def _range_ft(me: AircraftState, contact: Contact) -> float:
    return norm(sub(contact.position_ft, me.position_ft()))


def _bandit(me: AircraftState, contacts: list[Contact], params: AiParams, previous: str) -> Contact:
    """The scenario's target when known; else the bandit fought last turn, or the one the
    radar tracks, unless another is less than half as far; else the nearest."""
    by_id = {c.id: c for c in contacts}
    if params.target in by_id:
        return by_id[params.target]
    nearest = min(contacts, key=lambda c: _range_ft(me, c))
    radar = me.sensors.radar
    tracked = [c for c in contacts if radar is not None and radar.tracks_target(c.callsign)]
    for kept in ([by_id[previous]] if previous in by_id else []) + tracked:
        if _range_ft(me, nearest) >= KEEP_BANDIT_RANGE_RATIO * _range_ft(me, kept):
            return kept
    return nearest


def _own_velocity(me: AircraftState) -> Vec:
    return scale(me.attitude.velocity.unit_vector(), me.speed_kt * FT_PER_S_PER_KT)


def _angles(me: AircraftState, contact: Contact) -> tuple[float, float, float]:
    """My ATA to the contact, its ATA to me, and the heading crossing angle (degrees)."""
    los = sub(contact.position_ft, me.position_ft())
    velocity = _own_velocity(me)
    return (
        angle_deg(velocity, los),
        angle_deg(contact.velocity_ft_s, scale(los, -1.0)),
        angle_deg(velocity, contact.velocity_ft_s),
    )


def _threat(me: AircraftState, contacts: list[Contact]) -> Contact | None:
    """The enemy pointing most nearly at the pilot within threat range, if any."""
    threats = [
        c
        for c in contacts
        if _range_ft(me, c) <= THREAT_RANGE_FT and _angles(me, c)[1] <= THREAT_ATA_DEG
    ]
    return min(threats, key=lambda c: _angles(me, c)[1], default=None)


def _posture(
    me: AircraftState, bandit: Contact, threat: Contact | None, params: AiParams, previous: str
) -> Posture:
    if params.posture != "auto":
        return params.posture
    if threat is not None:
        mine, its, _ = _angles(me, threat)
        if its + 20.0 < mine:
            return "defensive"
    mine, its, hca = _angles(me, bandit)
    if hca >= HIGH_ASPECT_HCA_DEG and ((mine < 60 and its < 60) or (mine > 90 and its > 90)):
        return "neutral"
    return "offensive"


def _posture_note(me: AircraftState, posture: Posture, opponent: Contact) -> str:
    ata, its_ata, _ = _angles(me, opponent)
    return (
        f"{me.callsign} is {posture} against {opponent.callsign} "
        f"(ATA {ata:.0f}°, its ATA {its_ata:.0f}°, {_range_ft(me, opponent):,.0f} ft)"
    )


# -- the merge -----------------------------------------------------------------------------
def turn_rate_dps(speed_kt: float, load_g: float) -> float:
    """Level turn rate: g·√(n²−1)/V (reference bfm.md)."""
    radial = math.sqrt(max(load_g * load_g - 1.0, 0.0))
    return math.degrees(32.174 * radial / max(speed_kt * FT_PER_S_PER_KT, 1.0))


def turn_radius_ft(speed_kt: float, load_g: float) -> float:
    """Level turn radius: V²/(g·√(n²−1))."""
    radial = math.sqrt(max(load_g * load_g - 1.0, 1e-6))
    return (speed_kt * FT_PER_S_PER_KT) ** 2 / (32.174 * radial)


def preferred_fight(game: Game, me: AircraftState, bandit: AircraftState) -> Fight:
    """Two circles for the better sustained turn rate, one circle for the tighter radius
    (Shaw; reference bfm.md): each aircraft at its present speed and altitude, military
    power or afterburner as it carries."""

    def numbers(state: AircraftState) -> tuple[float, float]:
        throttle: Throttle = "ab" if state.card.engines.has_afterburner else "mil"
        sustained = aero.sustained_load_g(
            state.card, throttle, state.alt_ft, state.speed_kt, state.weight_lb
        )
        most = game.flight_conditions(state.id, throttle)
        max_load = min(most.aero_load_limit_g, most.safe_load_g)
        return (
            turn_rate_dps(state.speed_kt, sustained),
            turn_radius_ft(state.speed_kt, max_load),
        )

    my_rate, my_radius = numbers(me)
    its_rate, its_radius = numbers(bandit)
    if my_rate >= its_rate * 1.05 or my_radius >= its_radius:
        return "two-circle"
    return "one-circle"


def _merge_sense(
    game: Game, me: AircraftState, bandit: Contact, params: AiParams, state: AiState
) -> tuple[int, AiState, str]:
    """The turn to make at the merge (+1 left, −1 right; 0 while still closing), the state
    that remembers it and a note when it is first chosen."""
    if state.sense and state.bandit == bandit.id:
        return state.sense, state, ""
    mine = _angles(me, bandit)[0]
    its_turn = round(math.copysign(1.0, bandit.axis[2])) if bandit.rate_dps > 2.0 else 0
    if mine < 90 and not its_turn:
        return 0, state, ""  # not yet: the one that turns last decides (bfm.md)
    fight: Fight = (
        params.fight
        if params.fight != "auto"
        else preferred_fight(game, me, game.aircraft[bandit.id])
    )
    if its_turn:
        sense = its_turn if fight == "two-circle" else -its_turn
        why = f"{bandit.callsign} turns {'left' if its_turn > 0 else 'right'}"
    else:
        side = turn_sense(_own_velocity(me), sub(bandit.position_ft, me.position_ft()))
        side = side or 1
        sense = side if fight == "two-circle" else -side
        why = f"{bandit.callsign} passes on the {'left' if side > 0 else 'right'}"
    note = (
        f"{me.callsign} turns {'left' if sense > 0 else 'right'} at the merge: {why}, {fight} fight"
    )
    return sense, replace(state, sense=sense, fight=fight, bandit=bandit.id), note


# -- declarations --------------------------------------------------------------------------
def corner_speed_kt(game: Game, me: AircraftState) -> float:
    """Corner speed as true airspeed at the present altitude (KEAS from the card)."""
    conditions = game.flight_conditions(me.id)
    keas_per_kt = conditions.keas / max(me.speed_kt, 1)
    return aero.corner_keas(me.card, me.weight_lb) / max(keas_per_kt, 1e-6)


def closure_kt(me: AircraftState, contact: Contact) -> float:
    """Rate the range is falling, in knots."""
    los = unit(sub(contact.position_ft, me.position_ft()))
    relative = sub(contact.velocity_ft_s, _own_velocity(me))
    return -dot(relative, los) / FT_PER_S_PER_KT


def _throttle(
    game: Game, me: AircraftState, opponent: Contact, posture: Posture
) -> tuple[Throttle, bool]:
    """Throttle and speedbrake: burner to defend or to catch up, idle and boards to stop an
    overshoot, military power to hold corner speed."""
    has_ab = me.card.engines.has_afterburner
    full: Throttle = "ab" if has_ab else "mil"
    if posture == "defensive":
        return full, False
    corner = corner_speed_kt(game, me)
    if posture == "offensive":
        wanted = scoring.wanted_closure_kt(_range_ft(me, opponent), _gun_range_ft(me))
        closing = closure_kt(me, opponent)
        bandit_kt = norm(opponent.velocity_ft_s) / FT_PER_S_PER_KT
        fast = me.speed_kt > max(corner * FAST_OVER_CORNER, bandit_kt + SPEED_EDGE_KT)
        if closing > wanted + CLOSURE_BAND_KT:
            boards = closing > wanted + 2 * CLOSURE_BAND_KT and me.card.speedbrake is not None
            return "idle", boards
        if (closing < wanted - CLOSURE_BAND_KT and not fast) or me.speed_kt < corner * 0.9:
            return full, False
        return "mil", False
    return (full if me.speed_kt < corner * 1.1 else "mil"), False


def _weapons(
    game: Game,
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
    range_ft = _range_ft(me, bandit)
    bandit_end_ft, _ = bandit.predict(TURN_S)
    line = sub(bandit_end_ft, outcome.end_ft)
    end_range_ft = norm(line)
    end_ata = angle_deg(outcome.end_attitude.velocity.unit_vector(), line)
    update: dict[str, object] = {}
    gun_range_ft = _gun_range_ft(me)
    if params.guns and gun_range_ft and range_ft <= GUNS_RANGE_FACTOR * gun_range_ft:
        update["guns"] = GunOrder(target=bandit.id)
    turn = game.turn + 1
    if params.missiles:
        update["sensors"] = _sensor_orders(me, bandit, range_ft)
    if params.missiles and turn - state.last_launch_turn >= TURNS_BETWEEN_LAUNCHES:
        kind = _missile_for(me, bandit, end_range_ft, end_ata)
        if kind is not None:
            update["missile"] = MissileOrder(type=kind, target=bandit.id)
            state = replace(state, last_launch_turn=turn)
    return (plot.model_copy(update=update) if update else plot), state


def _sensor_orders(me: AircraftState, bandit: Contact, range_ft: float) -> SensorOrders:
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


def _gun_range_ft(me: AircraftState) -> float:
    ranges = [gun.max_range_fp for gun in me.card.guns or ()]
    return FT_PER_FP * max(ranges) if ranges else 0.0


def _missile_for(me: AircraftState, bandit: Contact, range_ft: float, ata: float) -> str | None:
    """The first missile carried whose seeker suits the shot and holds (or whose guiding
    radar tracks) the bandit, or None."""
    if ata > MISSILE_ATA_DEG:
        return None
    aa = angle_deg(bandit.velocity_ft_s, sub(bandit.position_ft, me.position_ft()))
    for kind, left in me.missiles_left.items():
        if left <= 0:
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


# -- the plot ------------------------------------------------------------------------------
def _search(game: Game, me: AircraftState, state: AiState, params: AiParams) -> AiStep:
    """No enemy known: head for where one was last seen (as if it were still there), or fly
    on wings level, at military power."""
    start = start_attitude(game, me.id)
    last = max(state.sightings.values(), key=lambda s: s.turn, default=None)
    if last is None:
        outcome = best(game, me.id, rolls_then("mil", start, fly_straight), lambda o: 0.0)
    else:
        still = scoring.Bandit(last.position_ft, last.velocity_ft_s, last.position_ft)
        limits = _limits(game, me, params)
        start_velocity = me.attitude.velocity.unit_vector()
        goal = sub(last.position_ft, me.position_ft())
        groups = _candidates("mil", start, _tails(goal, 4.0), False)
        outcome = best(
            game,
            me.id,
            groups,
            lambda o: scoring.offensive(
                _own_end(game, me, o, "mil", False, start_velocity), still, limits
            ),
        )
    note = () if state.posture == "search" else (f"{me.callsign} searches: no enemy in sight",)
    return AiStep(outcome.plot, replace(state, posture="search", bandit=""), "search", note)


def _limits(game: Game, me: AircraftState, params: AiParams) -> scoring.Limits:
    return scoring.Limits(
        gun_range_ft=_gun_range_ft(me) or 2_000.0,
        slowest_kt=0.6 * corner_speed_kt(game, me),
        floor_ft=params.floor_ft,
        start_alt_ft=me.alt_ft,
    )


def _candidates(
    throttle: Throttle, start: Attitude, tails: list[tuple[Tail, int]], speedbrake: bool
) -> Iterator[Iterator[BopPlot]]:
    """Every roll (every ``step``-th for a tail that only flies on) followed by each tail,
    each tried at roll durations of 1-4 ticks; plots are built only as the search reaches
    them (the first legal duration of a group ends it)."""
    half = start.roll_ring_cells() // 2
    for tail, step in tails:
        for cells in range(-half, half + 1, step):
            if cells == 0:
                yield iter((plot_of(throttle, tail(start, 10), speedbrake),))
                continue
            yield _rolled(throttle, start, cells, tail, speedbrake)


def _rolled(
    throttle: Throttle, start: Attitude, cells: int, tail: Tail, speedbrake: bool
) -> Iterator[BopPlot]:
    rolled = start.roll(cells)
    for ticks in ROLL_TICKS:
        roll = StraightSegment(ticks=ticks, roll_cells=cells)
        yield plot_of(throttle, [roll, *tail(rolled, 10 - ticks)], speedbrake)


MODERATE_LOADS_G = (3.0, 5.0)
"""Fixed loads tried besides the maximum and sustained ones (a 3 G and a 5 G pull)."""


def _tails(goal: Vec, max_load_g: float) -> list[tuple[Tail, int]]:
    """What may follow the roll, each with the roll step it is tried at: the pulls after
    every roll, straight flight and the unload after every second one."""
    moderate = [(pull(load), 1) for load in MODERATE_LOADS_G if load < max_load_g]
    return [
        (pull("max"), 1),
        (pull("sustained"), 1),
        *moderate,
        (pull_toward("max", goal), 1),
        (fly_straight, 2),
        (unload, 2),
    ]


def _best_plot(
    game: Game,
    me: AircraftState,
    opponent: Contact,
    posture: Posture,
    throttle: Throttle,
    speedbrake: bool,
    sense: int,
    params: AiParams,
) -> Outcome:
    hypotheses = []
    for guess in guesses(opponent):
        end_ft, end_velocity = guess.predict(TURN_S)
        later_ft, _ = guess.predict(2 * TURN_S)
        hypotheses.append(scoring.Bandit(end_ft, end_velocity, later_ft))
    end_ft = hypotheses[len(hypotheses) // 2].position_ft
    limits = _limits(game, me, params)
    start = start_attitude(game, me.id)
    start_velocity = me.attitude.velocity.unit_vector()
    goal = sub(end_ft, me.position_ft())
    conditions = game.flight_conditions(me.id, throttle)
    max_load_g = min(conditions.aero_load_limit_g, conditions.safe_load_g)
    groups = _candidates(throttle, start, _tails(goal, max_load_g), speedbrake)

    def score(outcome: Outcome) -> float:
        own = _own_end(game, me, outcome, throttle, speedbrake, start_velocity)
        if posture == "defensive":
            scores = [scoring.defensive(own, b, limits) for b in hypotheses]
        elif posture == "neutral":
            scores = [scoring.merge(own, b, limits, sense) for b in hypotheses]
        else:
            scores = [scoring.offensive(own, b, limits) for b in hypotheses]
        return sum(scores) / len(scores)

    return best(game, me.id, groups, score)


def _own_end(
    game: Game,
    me: AircraftState,
    outcome: Outcome,
    throttle: Throttle,
    speedbrake: bool,
    start_velocity: Vec,
) -> scoring.OwnEnd:
    loads = outcome.flown.loads_by_tick
    change = speed_change(
        me.card,
        throttle,
        me.alt_ft,
        me.speed_kt,
        me.weight_lb,
        average_load_g=sum(loads) / len(loads),
        greatest_load_g=max(loads),
        alt_change_ft=outcome.end_ft[2] - outcome.start_ft[2],
        speedbrake=speedbrake,
        stores_cd0=me.stores_cd0,
        negative_loads_used=outcome.flown.negative_loads_used,
    )
    velocity = outcome.end_attitude.velocity.unit_vector()
    heading_change = angle_deg(
        (start_velocity[0], start_velocity[1], 0.0), (velocity[0], velocity[1], 0.0)
    )
    sense = turn_sense(start_velocity, velocity) if heading_change > 10.0 else 0
    return scoring.OwnEnd(
        outcome.end_ft,
        velocity,
        change.end_speed_kt,
        outcome.flown.departure_points,
        sense,
        greatest_load_g=max(loads),
        crew_g_cost=crew_g_cost(me, max(loads)),
        onset_g=max(loads) - me.greatest_load_g,
    )
