"""Timelines: the engine's output, one sample per entity per tick, plus events.

A timeline is columns of numpy arrays, not per-sample objects.  Every channel has shape
``(entities, ticks)`` (or ``(entities, ticks, 4)`` for the attitude quaternion).  The common
core every rule set writes is listed in :data:`CORE_CHANNELS`; a rule set adds its own,
named ``<rules>.<name>``, and the metadata declares every channel
(:class:`~models.ruleset_spec.ChannelSpec`: meaning, unit, how it is read between ticks),
so a timeline replays without the rule set that wrote it.

On disk a timeline is a ``.furball.npz``: a zip of ``.npy`` arrays plus ``meta.json``, written
with fixed timestamps so that the same run gives byte-identical files.  Reading one
(:mod:`models.timeline_file`) never unpickles, keeps to fixed size limits and checks every
array (:mod:`models.timeline_checks`) before the timeline is handed to anything.
"""

from __future__ import annotations

import io
import math
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import numpy as np
import numpy.typing as npt
from pydantic import BaseModel, ConfigDict, Field

from models.hud_spec import HudSpec
from models.reference import GeoReference
from models.ruleset_spec import ChannelSpec, MapScale

TIMELINE_FORMAT_VERSION = 2
TIMELINE_SUFFIX = ".furball.npz"

CORE_CHANNELS: dict[str, ChannelSpec] = {
    "x_ft": ChannelSpec(meaning="east of the map origin", unit="ft"),
    "y_ft": ChannelSpec(meaning="north of the map origin", unit="ft"),
    "z_ft": ChannelSpec(meaning="altitude above sea level", unit="ft", gauge="alt"),
    "quat_wxyz": ChannelSpec(
        meaning="attitude quaternion (w, x, y, z), body y forward, z up", interp="slerp"
    ),
    "speed_kt": ChannelSpec(meaning="true airspeed", unit="kt", gauge="speed"),
    "active": ChannelSpec(meaning="the entity is in play this tick", interp="nearest"),
    "throttle": ChannelSpec(
        meaning="throttle as a fraction of full, 0 to 1; NaN where the rules have none",
        gauge="throttle",
    ),
    "throttle_label": ChannelSpec(
        meaning="the throttle setting in the rules' own word (ab, mil, idle, power 2)",
        interp="nearest",
        gauge="throttle",
    ),
    "alt_label": ChannelSpec(
        meaning="the altitude in the rules' own words (12 steps, level 4, 2,350 ft)",
        interp="nearest",
    ),
    "pos_label": ChannelSpec(
        meaning="the position in the rules' own words (hex 3,-2); empty on an open table",
        interp="nearest",
    ),
}
"""The channels every rule set writes, by name.  A rule set's own channels are named
``<rules>.<name>`` (``bop.fuel_fp``) and declared in :attr:`TimelineMeta.channels` beside
these."""


class _Meta(BaseModel):
    model_config = ConfigDict(
        frozen=True, extra="forbid", use_attribute_docstrings=True, allow_inf_nan=False
    )


EntityKind = Literal["aircraft", "missile", "balloon", "ground", "ship", "bomb"]
"""The kinds of entity a timeline holds."""
FLYING_KINDS: frozenset[str] = frozenset({"aircraft", "missile"})
"""The kinds that fly and are bearings on the PHAD; balloons and ground units are not."""


class EntityInfo(_Meta):
    """Who is in the timeline."""

    id: str
    callsign: str
    type_id: str
    side: str
    kind: EntityKind = "aircraft"
    """What it is: an ``aircraft`` (flown, in the aircraft list, the camera's cycling and
    the PHAD), a ``missile`` (air-to-air, a SAM or an ARM), a ``balloon`` (tethered, drawn
    as a gasbag), a ``ground`` unit (a gun, troops, a SAM site, a radar, a target or an
    airfield, marked on the table), a ``ship`` (a naval target, drawn as a hull) or a
    ``bomb`` (a falling store, drawn pointing along its path)."""
    pilot: str = ""
    """Who flies it and the crew's quality, e.g. ``ai, veteran crew``; empty for a missile."""
    box_ft: tuple[float, float, float] | None = None
    """Its box mini's length, span and height in feet, for a type without a Birds of Prey
    card (a fighter's size when None)."""
    planform: Literal["swept", "straight"] = "swept"
    """The silhouette printed on its box's top: a swept-wing jet, or a straight-winged
    WWI type."""
    rotorcraft: bool = False
    """An aircraft that flies on rotors (a rescue helicopter): drawn as any box mini, but
    Tacview is told it is a rotorcraft."""
    unit: str = ""
    """A ground unit's kind in the rules' own short words (``AAA ZPU-4``, ``SA-2``,
    ``FAN SONG``), printed on its counter; empty to print the viewer's word for its type."""
    ring_ft: float | None = Field(default=None, gt=0.0)
    """A ground site's engagement radius in feet, drawn as a ring round its counter while
    it is in play; None for a unit that engages nothing at range."""
    acmi_type: str = ""
    """Its Tacview object type (``Ground+AntiAircraft``, ``Sea+Watercraft``), written as it
    is; empty for the type its kind implies."""


class Event(_Meta):
    """Something that happened: a die roll, a rule firing, a note for the debrief."""

    t_s: float
    kind: str
    """e.g. ``dice``, ``speed_floor``, ``departure_points``, ``overload``."""
    entities: tuple[str, ...] = ()
    detail: str = ""
    data: dict[str, float | int | str | bool] = Field(default_factory=dict)


class MeasuredMove(_Meta):
    """The line a miniature was moved along on the table in one turn, laid out with a
    measuring stick (Fighter Command's yardsticks): the replay lays the sticks along it
    while that turn plays."""

    entity: str
    start_s: float
    """When the move starts (its turn's first tick)."""
    end_s: float
    """When the next turn's move replaces it."""
    points_ft: tuple[tuple[float, float], ...] = Field(min_length=2)
    """The move's line on the table in world feet (x east, y north), joint by joint."""
    stick_ft: float = Field(gt=0.0)
    """One measuring stick's length in world feet."""


ChangeForm = Literal["plot", "maneuver", "ai"]
"""How a what-if's replacement order was given: a plot file, a BFM maneuver, the AI."""


class OrderChange(_Meta):
    """One order a what-if branch changed: who, when, and what it flew instead."""

    turn: int = Field(ge=1)
    """The turn whose order was replaced (the rules' turn, from 1)."""
    aircraft: str
    """The id of the aircraft whose order was replaced."""
    form: ChangeForm = "plot"
    maneuver: str = ""
    """The maneuver's name when ``form`` is ``maneuver``."""
    order: dict[str, Any]
    """The order flown instead, as data in the rule set's order schema."""
    replaced: dict[str, Any] = Field(default_factory=dict)
    """The order the parent flew there, as data (empty when it is not known)."""
    description: str = ""
    """One line: ``Viper 1 flew "straight" instead of "roll 2 right, 7 G pull"``."""
    parent_file: str = ""
    """The timeline file the branch was made from, when one was given."""


class BranchInfo(_Meta):
    """A what-if branch: the game it departs from and every order changed on the way."""

    source: str
    """The scenario or game log played (a shipped name or a file, as given)."""
    seed: int
    """The parent's seed (the branch's :attr:`TimelineMeta.seed` is the same)."""
    changes: tuple[OrderChange, ...] = Field(min_length=1)
    """Every generation's change, oldest first: a branch of a branch adds its own after its
    parent's (a change at turn N drops the earlier ones after N when it is flown)."""
    fresh_seed: int = 0
    """The seed of the rolls no parent made (derived from the seed and the changes)."""


class TimelineMeta(_Meta):
    """What is stored beside the arrays."""

    format_version: int = TIMELINE_FORMAT_VERSION
    """2 since channels are declared and namespaced; a file of format 1 is read as 2."""
    rules: str
    seed: int
    scenario: str
    description: str = ""
    """The scenario's briefing."""
    reference: GeoReference = Field(default_factory=GeoReference)
    """Where the map lies on the globe and when the first tick falls (the scenario's)."""
    tick_s: float = Field(gt=0.0)
    """Seconds from one tick to the next; the ticks fall at 0, ``tick_s``, 2 ``tick_s``, …"""
    ticks_per_turn: int = Field(default=10, ge=1)
    """Ticks in one of the rules' turns."""
    turn_word: str = "game-turn"
    """What the rules call a turn (``game-turn``, ``round``)."""
    substep_word: str = "tick"
    """What the rules call one tick (``tick``, ``impulse``)."""
    clock_turn_word: str = ""
    """The replay clock's shorter word for a turn; empty to write ``turn_word``."""
    scale: MapScale | None = None
    """The rules' map and altitude unit; None when the timeline does not say."""
    channels: dict[str, ChannelSpec] = Field(default_factory=dict)
    """What every channel holds, by name: the core's and the rule set's own (a file holds
    a spec for each of its channels and no other)."""
    hud: HudSpec | None = None
    """What the cockpit HUD shows; None for the core gauges only."""
    entities: tuple[EntityInfo, ...]
    events: tuple[Event, ...] = ()
    turn_table: tuple[dict[str, Any], ...] = ()
    """Per game-turn, per entity: the rules' state at the end of the turn (for reports)."""
    field_ft: tuple[float, float, float, float] | None = None
    """The playing area's boundary, ``(xmin, ymin, xmax, ymax)`` in world feet, when the
    rules bound it (a backyard's field): the replay draws it as a tape on the ground."""
    measured_moves: tuple[MeasuredMove, ...] = ()
    """Each turn's moves as the players measured them (empty for rules without sticks)."""
    burst_kinds: tuple[str, ...] = ()
    """Event kinds the replay draws as a burst in the air (flak, a SAM's warhead) at the
    point their data names (``x_ft``, ``y_ft``, ``z_ft``; ``style`` = ``flak`` or
    ``warhead`` picks the look).  Empty in a file written before rule sets named them:
    the replay then takes the kinds it knew then (Over the Lines' archie)."""
    branch: BranchInfo | None = None
    """Where a what-if branch departs from its parent; None for a game played as written."""


class TimelineFormatError(ValueError):
    """A file that is not a furball timeline, one of a format this version can't read, or
    one whose contents break the format's rules.

    The message is one line: the file, then each problem (the member or channel, the field
    path inside ``meta.json``, and what would be valid)."""

    def __init__(self, path: Path | str, problems: list[str] | str) -> None:
        self.path = str(path)
        listed = [problems] if isinstance(problems, str) else problems
        self.problems = [" ".join(problem.splitlines()) for problem in listed]
        shown = self.problems[:_PROBLEMS_SHOWN]
        more = len(self.problems) - len(shown)
        text = "; ".join(shown) + (f"; and {more} more" if more else "")
        super().__init__(f"{self.path}: {text}")


_PROBLEMS_SHOWN = 4
"""A refusal lists this many problems, then how many more there are."""


@dataclass(frozen=True)
class Timeline:
    """Per-tick samples of every entity (immutable once built)."""

    meta: TimelineMeta
    t_s: npt.NDArray[np.float64]
    channels: dict[str, npt.NDArray[Any]] = field(default_factory=dict)

    @property
    def entity_ids(self) -> tuple[str, ...]:
        return tuple(e.id for e in self.meta.entities)

    @property
    def ticks(self) -> int:
        return int(self.t_s.shape[0])

    def entity_index(self, entity_id: str) -> int:
        try:
            return self.entity_ids.index(entity_id)
        except ValueError:
            known = ", ".join(self.entity_ids)
            raise KeyError(f"no entity {entity_id!r} in this timeline; entities: {known}") from None

    # -- sampling ----------------------------------------------------------------------
    def bracket(self, t_s: float) -> tuple[int, int, float]:
        """Tick indices around ``t_s`` and the fraction between them (clamped to the ends)."""
        if self.ticks == 0:
            raise ValueError("an empty timeline has no samples")
        if math.isnan(t_s):
            raise ValueError("a time of NaN has no samples; give seconds from the start")
        t = min(max(t_s, float(self.t_s[0])), float(self.t_s[-1]))
        upper = int(np.searchsorted(self.t_s, t, side="left"))
        if upper == 0:
            return 0, 0, 0.0
        lower = upper - 1
        span = float(self.t_s[upper] - self.t_s[lower])
        return lower, upper, (t - float(self.t_s[lower])) / span if span else 0.0

    def channel_spec(self, name: str) -> ChannelSpec:
        """What a channel holds: its spec in the metadata, else the core's, else one read
        from its type (numbers linearly, anything else from the nearer tick)."""
        spec = self.meta.channels.get(name) or CORE_CHANNELS.get(name)
        if spec is not None:
            return spec
        array = self.channels.get(name)
        numeric = array is not None and array.dtype.kind == "f"
        return ChannelSpec(meaning=name, interp="linear" if numeric else "nearest")

    def state_at(self, t_s: float, entity: int) -> dict[str, Any]:
        """One entity's interpolated state at a time, each channel read as its spec says:
        numbers linearly, the attitude by slerp, labels and cells from the nearer tick,
        entity ids from the nearer tick as a tuple."""
        count = len(self.meta.entities)
        if not 0 <= entity < count:
            raise IndexError(f"entity {entity}: this timeline has entities 0 to {count - 1}")
        lower, upper, u = self.bracket(t_s)
        state: dict[str, Any] = {}
        for name, array in self.channels.items():
            a, b = array[entity, lower], array[entity, upper]
            interp = self.channel_spec(name).interp
            if interp == "slerp" and array.ndim == 3 and array.shape[2] == 4:
                state[name] = tuple(float(v) for v in slerp(a, b, u))
            elif interp in ("linear", "slerp") and array.dtype.kind in "iuf":
                mixed = a + (b - a) * u
                state[name] = float(mixed) if array.ndim == 2 else tuple(mixed.tolist())
            else:
                value = (a if u < 0.5 else b).tolist()
                if interp == "ids" and isinstance(value, str):
                    state[name] = split_ids(value)
                else:
                    state[name] = tuple(value) if array.ndim > 2 else value
        return state

    # -- files -------------------------------------------------------------------------
    def save(self, path: Path) -> None:
        """Write the timeline; the bytes depend only on its content."""
        arrays = {"t_s": self.t_s, **{f"ch_{k}": v for k, v in sorted(self.channels.items())}}
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
            _write_member(archive, "meta.json", self.meta.model_dump_json(indent=1).encode())
            for name, array in arrays.items():
                data = io.BytesIO()
                np.lib.format.write_array(data, np.ascontiguousarray(array), allow_pickle=False)
                _write_member(archive, f"{name}.npy", data.getvalue())
        path.write_bytes(buffer.getvalue())

    @classmethod
    def load(cls, path: Path) -> Timeline:
        """Read a timeline file, checking everything in it first; any problem raises a
        :class:`TimelineFormatError` (see :func:`models.timeline_file.read_timeline`)."""
        # Imported here: the reader builds on the models above.
        from models.timeline_file import read_timeline

        return read_timeline(path)


def split_ids(text: str) -> tuple[str, ...]:
    """An ``ids`` channel's value as a tuple: ``"a, b,,c"`` → ``("a", "b", "c")``."""
    return tuple(part.strip() for part in text.split(",") if part.strip())


def _write_member(archive: zipfile.ZipFile, name: str, data: bytes) -> None:
    info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = 0o644 << 16
    archive.writestr(info, data)


def slerp_many(
    a: npt.NDArray[np.float64], b: npt.NDArray[np.float64], u: npt.NDArray[np.float64]
) -> npt.NDArray[np.float64]:
    """:func:`slerp` at every fraction in ``u`` at once: one row per fraction."""
    a = np.asarray(a, dtype=np.float64)
    b = np.asarray(b, dtype=np.float64)
    u = np.asarray(u, dtype=np.float64)[:, None]
    dot = float(np.dot(a, b))
    if dot < 0.0:
        b, dot = -b, -dot
    if dot > 0.9995:
        out = a + (b - a) * u
        return np.asarray(out / np.linalg.norm(out, axis=1, keepdims=True), dtype=np.float64)
    theta = math.acos(min(1.0, dot))
    out = (np.sin((1 - u) * theta) * a + np.sin(u * theta) * b) / math.sin(theta)
    return np.asarray(out, dtype=np.float64)


def slerp(
    a: npt.NDArray[np.float64], b: npt.NDArray[np.float64], u: float
) -> npt.NDArray[np.float64]:
    """Spherical interpolation between unit quaternions, the short way round."""
    a = np.asarray(a, dtype=np.float64)
    b = np.asarray(b, dtype=np.float64)
    dot = float(np.dot(a, b))
    if dot < 0.0:
        b, dot = -b, -dot
    if dot > 0.9995:
        out = a + (b - a) * u
        return np.asarray(out / np.linalg.norm(out), dtype=np.float64)
    theta = math.acos(min(1.0, dot))
    sin_theta = math.sin(theta)
    out = (math.sin((1 - u) * theta) * a + math.sin(u * theta) * b) / sin_theta
    return np.asarray(out, dtype=np.float64)
