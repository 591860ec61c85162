"""What an AI pilot knows of the other aircraft, and where it expects them next game-turn.

A pilot sees an enemy its crew has spotted (Visual Sighting and Sensors, SoP 09–10), or every
aircraft when the scenario plays without awareness.  Plots are written in secret and revealed
together (Plotting, SoP 03), so the pilot cannot read the bandit's plot: it assumes the bandit
keeps turning as it turned over the last game-turn — a constant rate about a fixed axis at its
present speed — which is how a player reads a miniature's last move at the table.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from engine.aero import sustained_load_g
from engine.bop.aircraft_state import AircraftState
from engine.bop.maneuvers.geometry import (
    TURN_S,
    Vec,
    add,
    angle_deg,
    cross,
    dot,
    norm,
    scale,
    unit,
    velocity_ft_s,
)
from engine.performance.movement import SECONDS_PER_TICK
from engine.turning import turn_rate_dps
from models.aircraft import AircraftCard

MAX_RATE_DPS = 30.0
"""No fighter of the shipped cards turns faster than this; a larger estimate is noise from
30° PHAD cells (a rolled Velocity mark), so it is capped."""
BANKED_DEG = 20.0
"""A Canopy this far off the vertical shows a banked aircraft."""
MIN_RATE_DPS = 2.0
OBSERVED_FACTORS = (0.6, 1.0, 1.4)
BANK_FACTORS = (0.0, 0.5, 1.0)
FIRST_BANK_FACTORS = (0.5, 1.0, 1.0)
MEMORY_TURNS = 3
"""Game-turns a lost contact is still flown against (extrapolated from its last sighting)."""


@dataclass(frozen=True, slots=True)
class Sighting:
    """An aircraft as seen at the start of a game-turn."""

    turn: int
    position_ft: Vec
    velocity_ft_s: Vec
    axis: Vec = (0.0, 0.0, 0.0)
    """The turn estimated when it was seen (see :class:`Contact`)."""
    rate_dps: float = 0.0
    bank_axis: Vec = (0.0, 0.0, 0.0)
    """The turn its bank shows (toward the Canopy), if banked."""
    bank_rate_dps: float = 0.0


@dataclass(frozen=True, slots=True)
class Contact:
    """An enemy aircraft as the pilot knows it, with its expected motion."""

    id: str
    callsign: str
    card: AircraftCard
    seen: Sighting
    """The contact now: as seen this game-turn, or as a remembered sighting carries it on."""
    axis: Vec
    """Unit axis the velocity turns about (right-handed; zero when flying straight)."""
    rate_dps: float
    seen_now: bool
    """Seen this game-turn (not only remembered)."""
    held_bank: bool = False
    """Seen a game-turn before too, banked the same way, without turning a cell since."""
    first_sighting: bool = False
    """Seen this once only: no earlier sighting shows how it has been turning."""

    @property
    def position_ft(self) -> Vec:
        return self.seen.position_ft

    @property
    def velocity_ft_s(self) -> Vec:
        return self.seen.velocity_ft_s

    def predict(self, seconds: float) -> tuple[Vec, Vec]:
        """Position and velocity ``seconds`` after the sighting (before it, when negative),
        turning at the estimated rate (integrated tick by tick)."""
        position, velocity = self.position_ft, self.velocity_ft_s
        steps = max(1, round(abs(seconds) / SECONDS_PER_TICK))
        dt = seconds / steps
        step_rad = math.radians(self.rate_dps) * dt
        for _ in range(steps):
            turned = rotate(velocity, self.axis, step_rad)
            position = add(position, scale(add(velocity, turned), dt / 2))
            velocity = turned
        return position, velocity

    def at_turn_start(self, turn: int) -> Contact:
        """The contact as it was when game-turn ``turn`` ended, the moment the pilot's own
        position is read: one seen after it moved earlier in the order of flight is taken
        back along its path, so that angles and closure compare the two aircraft at the
        same moment (SoP 03)."""
        if self.seen.turn <= turn:
            return self
        position, velocity = self.predict((turn - self.seen.turn) * TURN_S)
        seen = replace(self.seen, turn=turn, position_ft=position, velocity_ft_s=velocity)
        return replace(self, seen=seen)


def rotate(v: Vec, axis: Vec, angle_rad: float) -> Vec:
    """``v`` rotated by ``angle_rad`` about the unit ``axis`` (Rodrigues' formula)."""
    if angle_rad == 0.0 or norm(axis) < 1e-9:
        return v
    c, s = math.cos(angle_rad), math.sin(angle_rad)
    kx, ky, kz = axis
    k_cross = (ky * v[2] - kz * v[1], kz * v[0] - kx * v[2], kx * v[1] - ky * v[0])
    k_dot = dot(axis, v) * (1 - c)
    return (
        v[0] * c + k_cross[0] * s + kx * k_dot,
        v[1] * c + k_cross[1] * s + ky * k_dot,
        v[2] * c + k_cross[2] * s + kz * k_dot,
    )


def sighting_of(state: AircraftState, turn: int) -> Sighting:
    """The aircraft as seen now, with what its miniature shows of a turn: banked (Canopy
    off the vertical), it may be turning toward the Canopy, at most about its card's
    sustained rate at military power."""
    velocity = velocity_ft_s(state)
    canopy = state.attitude.canopy.unit_vector()
    bank_axis: Vec = (0.0, 0.0, 0.0)
    bank_rate = 0.0
    if angle_deg(canopy, (0.0, 0.0, 1.0)) > BANKED_DEG:
        bank_axis = unit(cross(velocity, canopy))
        load_g = sustained_load_g(
            state.card, "mil", state.alt_ft, max(state.speed_kt, 1), state.weight_lb
        )
        bank_rate = min(MAX_RATE_DPS, turn_rate_dps(state.speed_kt, load_g))
    return Sighting(
        turn, state.position_ft(), velocity, bank_axis=bank_axis, bank_rate_dps=bank_rate
    )


def guesses(contact: Contact) -> list[Contact]:
    """What the bandit may do next game-turn.  A turn seen between two sightings: that turn
    at 0.6, 1 and 1.4 times its rate (Turn Points carried from Incomplete Turning Segments
    make PHAD turns come in uneven steps).  Seen twice, banked, yet not turned: it is storing
    Turn Points, so straight, or a half or whole sustained turn the way it is banked.  Seen
    once: straight on (a bank alone does not show how hard it pulls)."""
    if contact.rate_dps > MIN_RATE_DPS:
        return [replace(contact, rate_dps=contact.rate_dps * f) for f in OBSERVED_FACTORS]
    if contact.held_bank and contact.seen.bank_rate_dps > 0.0:
        return [
            replace(contact, axis=contact.seen.bank_axis, rate_dps=contact.seen.bank_rate_dps * f)
            for f in BANK_FACTORS
        ]
    if contact.first_sighting and contact.seen.bank_rate_dps > 0.0:
        return [
            replace(contact, axis=contact.seen.bank_axis, rate_dps=contact.seen.bank_rate_dps * f)
            for f in FIRST_BANK_FACTORS
        ]
    return [contact]


def contact_from(
    state: AircraftState,
    now: Sighting,
    before: Sighting | None,
    seen_now: bool,
    moved: bool = False,
) -> Contact:
    """A contact turning as it turned between two sightings a game-turn apart (or two, when
    it ``moved`` earlier in this game-turn's order of flight), as the earlier sighting
    estimated when both see it at the same time, or straight when there is no earlier one."""
    axis: Vec = now.axis
    rate = now.rate_dps
    held_bank = False
    gap = now.turn - before.turn if before is not None else None
    if before is not None and gap == 0:
        axis, rate = before.axis, before.rate_dps
    elif before is not None and (gap == 1 or (moved and gap == 2)):
        axis = unit(cross(before.velocity_ft_s, now.velocity_ft_s))
        if norm(axis) > 0.5:
            turned_deg = angle_deg(before.velocity_ft_s, now.velocity_ft_s)
            rate = min(MAX_RATE_DPS, turned_deg / (gap * TURN_S))
        held_bank = rate == 0.0 and angle_deg(before.bank_axis, now.bank_axis) < 45.0
    return Contact(
        state.id, state.callsign, state.card, now, axis, rate, seen_now, held_bank, before is None
    )


def turn_sense(before: Vec, after: Vec) -> int:
    """+1 for a turn to the left (counter-clockwise seen from above), −1 to the right, 0 for
    none: the sign of the vertical part of ``before × after``."""
    z = before[0] * after[1] - before[1] * after[0]
    if abs(z) < 1e-6 * max(norm(before) * norm(after), 1e-9):
        return 0
    return 1 if z > 0 else -1
