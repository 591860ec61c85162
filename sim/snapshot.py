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
ChannelValue = float | int | bool | str | tuple[str, ...] | tuple[float, ...]
"""What one channel holds at a moment: a number, a flag, a text, or entity ids."""


@dataclass(frozen=True, slots=True)
class EntityState:
    """One aircraft (or missile) at the snapshot's time, interpolated between ticks.

    Its fields are the common core every rule set writes; a rule set's own channels
    (``bop.fuel_fp``, ``bop.nose``, …) are in :attr:`values`, by name."""

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
    alt_ft: float
    throttle: float
    """The throttle as a fraction of full, 0 to 1; NaN where the rules have none."""
    throttle_label: str
    active: bool
    alt_label: str = ""
    """The altitude in the rules' own words (``12 steps``, ``level 4``)."""
    pos_label: str = ""
    """The position in the rules' own words (``hex 3,-2``); "" on an open table."""
    trail_ft: npt.NDArray[np.float64] = field(default_factory=lambda: np.zeros((0, 3)))
    """Positions at the ticks already flown, oldest first, ending at ``position_ft``."""
    trail_t_s: npt.NDArray[np.float64] = field(default_factory=lambda: np.zeros(0))
    """The times of ``trail_ft`` (for time ticks and fading)."""
    values: Mapping[str, ChannelValue] = field(default_factory=dict)
    """Every channel beyond the common core, by its timeline name (``bop.fuel_fp``), read
    between ticks as its :class:`models.ruleset_spec.ChannelSpec` says; an ``ids`` channel
    gives a tuple of entity ids.  A channel the timeline lacks is absent."""
    turn_means: Mapping[str, float] = field(default_factory=dict)
    """For each channel declared with ``turn_mean``: its mean over the turn flown so far."""
    seen_age_s: float = 0.0
    """In one side's picture (:mod:`sim.side_picture`): seconds since that side last knew of
    this enemy, which is drawn where it was then (0: known now; infinite: never known)."""

    def value(self, channel: str) -> ChannelValue | None:
        """The value of a timeline channel at this moment, by the channel's name: a core
        channel from its field (``z_ft`` is the altitude), any other from :attr:`values`;
        None when the timeline has no such channel."""
        core = _CORE_FIELDS.get(channel)
        if core is not None:
            return core(self)
        return self.values.get(channel)

    def text(self, channel: str) -> str:
        """A text channel's value, "" when the timeline has no such channel."""
        value = self.values.get(channel)
        return value if isinstance(value, str) else ""

    def ids(self, channel: str) -> tuple[str, ...]:
        """An ``ids`` channel's entity ids, () when the timeline has no such channel."""
        value = self.values.get(channel)
        return tuple(str(v) for v in value) if isinstance(value, tuple) else ()

    def number(self, channel: str, default: float = 0.0) -> float:
        """A number channel's value, ``default`` when the timeline has no such channel."""
        value = self.values.get(channel)
        return float(value) if isinstance(value, int | float) else default


_CORE_FIELDS: dict[str, Callable[[EntityState], ChannelValue]] = {
    "x_ft": lambda s: s.position_ft[0],
    "y_ft": lambda s: s.position_ft[1],
    "z_ft": lambda s: s.alt_ft,
    "quat_wxyz": lambda s: s.quat_wxyz,
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
    """From the selected aircraft to each other active entity: the PHAD cell of the world
    direction between them (:func:`engine.phad.cell_of`), the display's bearing rather than
    the rules' own (:func:`engine.bearing.shoot_bearing`)."""
    recent_events: tuple[Event, ...] = ()
    """Events in the last few seconds up to ``t_s``, newest last."""
    event_times_s: tuple[float, ...] = ()
    """Every event's time, for marks on the scrub bar."""
    playing: bool = False
    speed: float = 1.0
    side: str | None = None
    """Whose picture this is (:mod:`sim.side_picture`); None for the whole fight."""

    @property
    def turn(self) -> int:
        """The game-turn in progress (1-based; 0 at the very start)."""
        turn_s = self.tick_s * self.ticks_per_turn
        return 0 if self.t_s <= 0 else int(np.ceil(self.t_s / turn_s - 1e-9))

    @property
    def tick_in_turn(self) -> int:
        """Ticks completed in the current turn (0 … ``ticks_per_turn``)."""
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
