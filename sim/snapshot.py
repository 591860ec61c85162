"""What the view draws at one moment: a Snapshot of every entity, made from a Timeline.

The view is a pure function of (Snapshot, ViewSettings): layers never read the clock or the
engine.  :class:`sim.playback.Playback` builds snapshots from a timeline at a playback time.
No Panda3D here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from models.timeline import Event

Vec3 = tuple[float, float, float]
QuatWXYZ = tuple[float, float, float, float]


@dataclass(frozen=True, slots=True)
class EntityState:
    """One aircraft (or missile) at the snapshot's time, interpolated between ticks."""

    id: str
    callsign: str
    type_id: str
    side: str
    kind: str
    """``aircraft`` or ``missile``."""
    position_ft: Vec3
    quat_wxyz: QuatWXYZ
    heading_deg: float
    pitch_deg: float
    roll_deg: float
    speed_kt: float
    keas_kt: float
    mach: float
    alt_ft: float
    alt_steps: int
    hex_qr: tuple[int, int]
    load_g: float
    average_load_g: float
    """Average load over the ticks of the current game-turn flown so far."""
    throttle: float
    """0 idle, 0.5 military, 1 afterburner."""
    throttle_label: str
    engine_output: float
    speedbrake: bool
    fuel_fp: float
    nose: str
    canopy: str
    wing: str
    velocity: str
    lift: str
    active: bool
    alt_label: str = ""
    """The altitude in the rules' own words (``12 steps``, ``level 4``)."""
    pos_label: str = ""
    """The position in the rules' own words (``hex 3,-2``); "" on an open table."""
    trail_ft: npt.NDArray[np.float64] = field(default_factory=lambda: np.zeros((0, 3)))
    """Positions at the ticks already flown, oldest first, ending at ``position_ft``."""
    trail_t_s: npt.NDArray[np.float64] = field(default_factory=lambda: np.zeros(0))
    """The times of ``trail_ft`` (for time ticks and fading)."""
    radar_mode: str = "off"
    tracks: tuple[str, ...] = ()
    ir_lock: str = ""
    rwr: tuple[str, ...] = ()
    weapons: tuple[str, ...] = ()
    crew_state: str = ""
    damage: str = ""
    spotted: tuple[str, ...] | None = None
    """Ids of the aircraft its crew have spotted (Visual Sighting, SoP 09); None when the
    timeline does not say (an older timeline without the ``spotted`` channel)."""
    initiative: str = ""
    """Its Initiative from the last Initiative phase, as written (``5.37``); "" before the
    first one."""
    flight_class: str = ""
    """Plot class / move class for the next game-turn (``B/b``); "" when not known."""
    activity: str = ""
    """Activity Points left by crew seat, pilot first (``4 6``; ``-`` for a crew member who
    cannot act); "" when not known."""
    values: Mapping[str, float | str | tuple[str, ...]] = field(default_factory=dict)
    """Every channel beyond the common core, by its timeline name (``bop.fuel_fp``), read
    between ticks as its :class:`models.ruleset_spec.ChannelSpec` says; an ``ids`` channel
    gives a tuple of entity ids."""
    turn_means: Mapping[str, float] = field(default_factory=dict)
    """For each channel declared with ``turn_mean``: its mean over the turn flown so far."""

    def value(self, channel: str) -> float | str | bool | tuple[str, ...] | None:
        """The value of a timeline channel at this moment, by the channel's name: a core
        channel from its field (``z_ft`` is the altitude), any other from :attr:`values`;
        None when the timeline has no such channel."""
        core = _CORE_FIELDS.get(channel)
        if core is not None:
            return core(self)
        return self.values.get(channel)


_CORE_FIELDS: dict[str, Callable[[EntityState], float | str | bool]] = {
    "x_ft": lambda s: s.position_ft[0],
    "y_ft": lambda s: s.position_ft[1],
    "z_ft": lambda s: s.alt_ft,
    "speed_kt": lambda s: s.speed_kt,
    "throttle": lambda s: s.throttle,
    "throttle_label": lambda s: s.throttle_label,
    "alt_label": lambda s: s.alt_label,
    "pos_label": lambda s: s.pos_label,
    "active": lambda s: s.active,
}
"""The common-core channels an :class:`EntityState` holds as fields."""


@dataclass(frozen=True, slots=True)
class Snapshot:
    """Everything drawn at one playback time."""

    t_s: float
    duration_s: float
    tick_s: float
    ticks_per_turn: int
    rules: str
    scenario: str
    entities: tuple[EntityState, ...]
    selected: str | None = None
    """Id of the selected aircraft (the HUD and chase/cockpit cameras follow it)."""
    bearings: dict[str, str] = field(default_factory=dict)
    """From the selected aircraft to each other active entity: the PHAD cell of the bearing."""
    recent_events: tuple[Event, ...] = ()
    """Events in the last few seconds up to ``t_s``, newest last."""
    event_times_s: tuple[float, ...] = ()
    """Every event's time, for marks on the scrub bar."""
    playing: bool = False
    speed: float = 1.0

    @property
    def turn(self) -> int:
        """The game-turn in progress (1-based; 0 at the very start)."""
        turn_s = self.tick_s * self.ticks_per_turn
        return 0 if self.t_s <= 0 else int(np.ceil(self.t_s / turn_s - 1e-9))

    @property
    def tick_in_turn(self) -> int:
        """Ticks completed in the current game-turn (0–10)."""
        ticks = int(round(self.t_s / self.tick_s, 6) // 1)
        return ticks - (self.turn - 1) * self.ticks_per_turn if self.turn else 0

    def entity(self, entity_id: str) -> EntityState:
        for state in self.entities:
            if state.id == entity_id:
                return state
        raise KeyError(entity_id)

    @property
    def selected_state(self) -> EntityState | None:
        return None if self.selected is None else self.entity(self.selected)
