"""Reading the fight: the enemies a pilot knows, its bandit, the threat and its posture
(SoP 09–10 for what it may know; reference bfm.md for the geometry)."""

from __future__ import annotations

from dataclasses import replace

from engine.atmosphere import FT_PER_S_PER_KT
from engine.bop.ai.contacts import (
    MEMORY_TURNS,
    Contact,
    Sighting,
    contact_from,
    guesses,
    sighting_of,
)
from engine.bop.ai.params import AiParams, AiState, Posture
from engine.bop.aircraft_state import AircraftState
from engine.bop.maneuvers.geometry import TURN_S, Vec, angle_deg, norm, scale, sub
from engine.bop.view import GameView

KEEP_BANDIT_RANGE_RATIO = 0.5
"""A pilot switches from the bandit it fights (or its radar tracks) only to one less than
half as far away."""
THREAT_RANGE_FT = 12_000.0
"""An enemy farther than this is not yet a threat to defend against."""
THREAT_ATA_DEG = 60.0
"""An enemy whose Nose points within this of the pilot is attacking it."""
BEHIND_ATA_DEG = 120.0
CHASING_ATA_DEG = 120.0
"""An enemy at more than ``BEHIND_ATA_DEG`` off the pilot's Nose, itself pointing within
``CHASING_ATA_DEG`` of him, is chasing him (a threat though its Nose is not yet on)."""
PRESSING_ATA_DEG = 45.0
"""An attacker turns defensive only when the threat's Nose is this near it."""
HIGH_ASPECT_HCA_DEG = 120.0
"""Heading crossing angle above which two aircraft meet at a high-aspect merge."""


def known_contacts(
    game: GameView, me: AircraftState, state: AiState
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
            # an aircraft that already moved this game-turn is seen at the turn's end
            moved = game.has_moved(other.id)
            seen_turn = game.turn + 1 if moved else game.turn
            contact = contact_from(other, sighting_of(other, seen_turn), before, True, moved)
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
                remembered = replace(remembered, held_bank=held, first_sighting=False)
                likely = guesses(remembered)[len(guesses(remembered)) // 2]
                position, velocity = likely.predict((game.turn - before.turn) * TURN_S)
                now = replace(before, turn=game.turn, position_ft=position, velocity_ft_s=velocity)
                contacts.append(replace(remembered, seen=now))
    return contacts, sightings


def range_to_ft(me: AircraftState, contact: Contact) -> float:
    return norm(sub(contact.position_ft, me.position_ft()))


def choose_bandit(
    me: AircraftState, contacts: list[Contact], params: AiParams, previous: str
) -> Contact:
    """The scenario's target when known; else the bandit fought last turn, or the one the
    radar tracks, unless another is less than half as far; else the nearest."""
    by_id = {c.id: c for c in contacts}
    if params.target in by_id:
        return by_id[params.target]
    nearest = min(contacts, key=lambda c: range_to_ft(me, c))
    radar = me.sensors.radar
    tracked = [c for c in contacts if radar is not None and radar.tracks_target(c.callsign)]
    for kept in ([by_id[previous]] if previous in by_id else []) + tracked:
        if range_to_ft(me, nearest) >= KEEP_BANDIT_RANGE_RATIO * range_to_ft(me, kept):
            return kept
    return nearest


def own_velocity_ft_s(me: AircraftState) -> Vec:
    return scale(me.attitude.velocity.unit_vector(), me.speed_kt * FT_PER_S_PER_KT)


def angles_deg(me: AircraftState, contact: Contact) -> tuple[float, float, float]:
    """My ATA to the contact, its ATA to me, and the heading crossing angle (degrees)."""
    los = sub(contact.position_ft, me.position_ft())
    velocity = own_velocity_ft_s(me)
    return (
        angle_deg(velocity, los),
        angle_deg(contact.velocity_ft_s, scale(los, -1.0)),
        angle_deg(velocity, contact.velocity_ft_s),
    )


def main_threat(me: AircraftState, contacts: list[Contact]) -> Contact | None:
    """The enemy pointing most nearly at the pilot within threat range, if any."""
    threats = [c for c in contacts if range_to_ft(me, c) <= THREAT_RANGE_FT and threatens(me, c)]
    return min(threats, key=lambda c: angles_deg(me, c)[1], default=None)


def threatens(me: AircraftState, contact: Contact) -> bool:
    """The contact's Nose points at the pilot, or it sits in the pilot's rear quarter with
    its Nose no farther off than a hard turn brings round in a game-turn or two: an enemy
    at one's six is pulling its Nose on, not flying past."""
    mine, its, _ = angles_deg(me, contact)
    return its <= THREAT_ATA_DEG or (mine >= BEHIND_ATA_DEG and its <= CHASING_ATA_DEG)


def choose_posture(
    me: AircraftState, bandit: Contact, threat: Contact | None, params: AiParams, previous: str
) -> Posture:
    if params.posture != "auto":
        return params.posture
    if threat is not None:
        mine, its, _ = angles_deg(me, threat)
        if its + 20.0 < mine:
            return "defensive"
    mine, its, hca = angles_deg(me, bandit)
    if hca >= HIGH_ASPECT_HCA_DEG and ((mine < 60 and its < 60) or (mine > 90 and its > 90)):
        return "neutral"
    return "offensive"


def posture_note(me: AircraftState, posture: Posture, opponent: Contact) -> str:
    ata, its_ata, _ = angles_deg(me, opponent)
    return (
        f"{me.callsign} is {posture} against {opponent.callsign} "
        f"(ATA {ata:.0f}°, its ATA {its_ata:.0f}°, {range_to_ft(me, opponent):,.0f} ft)"
    )
