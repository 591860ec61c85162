"""The replay clock: where playback is in a timeline, and the Snapshot drawn there.

:class:`Playback` is a pure model.  The app's single update task calls
:meth:`Playback.advance` with the wall-clock time since the last frame and draws
:meth:`Playback.snapshot`; key and mouse handlers call the other methods.  It never steps the
engine and never reads a clock.  No Panda3D here.

Sampling between ticks, each channel as its spec in the timeline's metadata says
(:class:`models.ruleset_spec.ChannelSpec`), never by a list of names known here:

* position -- a Catmull-Rom spline through the tick samples, so it passes through every
  sample and has a continuous velocity (the engine's samples are already smooth within a
  segment, the spline only joins them);
* attitude -- quaternion slerp between the two ticks around the time; heading, pitch and
  roll are read from the interpolated quaternion;
* ``linear`` numbers -- linearly (and, for a ``turn_mean`` channel, also averaged over the
  turn flown so far);
* ``nearest`` values (labels, cells, counts, flags, ``active``) -- from the nearer tick;
* ``ids`` -- from the nearer tick, split into a tuple of entity ids.

A tick where an entity changes between active and inactive is never interpolated across: the
entity holds the sample of its active end there.  Everything that depends only on the
timeline is worked out once, in the constructor, as numpy arrays indexed by tick, so that a
snapshot of a dozen or more aircraft costs a few hundred microseconds at most.
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

import numpy as np
import numpy.typing as npt

from engine.phad import InvalidCell, cell_of
from models.timeline import FLYING_KINDS, Event, Timeline, split_ids

if TYPE_CHECKING:
    from sim.side_picture import SidePicture
from sim.events import notable
from sim.snapshot import EntityState, Snapshot

SPEED_STEPS: Final = (0.1, 0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0)
"""The playback speeds :meth:`Playback.faster` and :meth:`Playback.slower` step through."""
MIN_SPEED: Final = SPEED_STEPS[0]
MAX_SPEED: Final = SPEED_STEPS[-1]

RECENT_EVENTS_S: Final = 6.0
"""Events this recent (in playback seconds) are listed in a snapshot's ``recent_events``."""

_TIME_EPS: Final = 1e-9
"""Times this close count as equal (tick times are sums of binary fractions)."""

_SPLINED: Final = frozenset({"x_ft", "y_ft", "z_ft", "quat_wxyz", "active"})
"""Core channels read by the position spline, the attitude slerp or the activity mask."""
_CORE_FLOATS: Final = ("speed_kt", "throttle")
"""Core numbers interpolated linearly: the first columns of the packed float arrays."""
_CORE_TEXT: Final = ("throttle_label", "alt_label", "pos_label")
"""Core labels read from the nearer tick: the first values of each tick's discrete row."""

_BEARING_CACHE_LIMIT: Final = 4096

FloatArray = npt.NDArray[np.float64]


def heading_pitch_roll_deg_many(quats: FloatArray) -> FloatArray:
    """Heading, pitch and roll in degrees (rows) of unit quaternions (rows, w x y z).

    The same reading as :func:`engine.phad.rotation.heading_pitch_roll_deg`, for many
    attitudes at once: heading clockwise from north in [0, 360), pitch up positive, roll
    right wing down positive; straight up or down, the heading is where the canopy faces
    and the roll is 0.
    """
    w, x, y, z = quats[:, 0], quats[:, 1], quats[:, 2], quats[:, 3]
    # Body axes in the world frame: the columns of the rotation matrix.
    forward_x = 2.0 * (x * y - w * z)
    forward_y = 1.0 - 2.0 * (x * x + z * z)
    forward_z = np.clip(2.0 * (y * z + w * x), -1.0, 1.0)
    right_z = 2.0 * (x * z - w * y)
    up_x = 2.0 * (x * z + w * y)
    up_y = 2.0 * (y * z - w * x)
    up_z = 1.0 - 2.0 * (x * x + y * y)
    out = np.empty((quats.shape[0], 3))
    out[:, 1] = np.degrees(np.arcsin(forward_z))
    vertical = np.abs(forward_z) > 0.999999
    sign = np.where(forward_z > 0, -1.0, 1.0)
    out[:, 0] = (
        np.where(
            vertical,
            np.degrees(np.arctan2(sign * up_x, sign * up_y)),
            np.degrees(np.arctan2(forward_x, forward_y)),
        )
        % 360.0
    )
    out[:, 2] = np.where(vertical, 0.0, np.degrees(np.arctan2(-right_z, up_z)))
    return out


class Playback:
    """Replay state over one timeline: the playback time, play/pause, speed, loop and the
    selected aircraft, and the :class:`~sim.snapshot.Snapshot` at any time.

    ``t_s`` runs from the first tick's time (normally 0) to the last tick's, ``duration_s``.
    ``selected`` defaults to the first aircraft.

    A timeline still growing (the engine plays on, :mod:`sim.stream`) is played with
    ``complete=False``: the clock then never runs past its end but waits there, still
    playing (:attr:`waiting`), and :meth:`extend` hands it the longer timeline.
    """

    def __init__(
        self,
        timeline: Timeline,
        *,
        loop: bool = False,
        trail_seconds: float = 24.0,
        selected: str | None = None,
        complete: bool = True,
    ) -> None:
        if timeline.ticks == 0:
            raise ValueError("cannot play back an empty timeline (it has no ticks)")
        if not math.isfinite(trail_seconds) or trail_seconds < 0:
            raise ValueError(f"trail_seconds must be 0 or more, got {trail_seconds!r}")
        meta = timeline.meta
        self.tick_s: Final[float] = float(meta.tick_s)
        self.ticks_per_turn: Final[int] = int(meta.ticks_per_turn)
        self.loop = loop
        self.trail_seconds = float(trail_seconds)
        self._picture: SidePicture | None = None
        self._complete = bool(complete)
        self._playing: bool = False
        self._speed: float = 1.0
        self._load(timeline)
        self._t: float = self._start

        self._selected: int | None = None
        if selected is not None:
            self.select(selected)
        elif self._aircraft:
            self._selected = self._aircraft[0]

    def _load(self, timeline: Timeline) -> None:
        """Everything worked out from the timeline (again when it grows)."""
        self.timeline: Timeline = timeline
        self._t_array: FloatArray = np.asarray(timeline.t_s, dtype=np.float64)
        self._t_list: list[float] = self._t_array.tolist()
        self._start = float(self._t_list[0])
        self._end = float(self._t_list[-1])

        meta = timeline.meta
        self._infos = meta.entities
        self._ids = timeline.entity_ids
        self._aircraft = tuple(i for i, info in enumerate(self._infos) if info.kind == "aircraft")
        self._flying = [info.kind in FLYING_KINDS for info in self._infos]
        self._precompute(timeline)

        events = sorted(meta.events, key=lambda event: event.t_s)
        self._events: tuple[Event, ...] = tuple(events)
        self._event_t: list[float] = [float(event.t_s) for event in events]
        self._event_times: tuple[float, ...] = tuple(
            sorted({float(event.t_s) for event in events if notable(event)})
        )
        self._recent_cache: dict[tuple[int, int], tuple[Event, ...]] = {}
        self._bearing_cache: dict[tuple[int, int], dict[str, str]] = {}

    def extend(self, timeline: Timeline, complete: bool = True) -> None:
        """Go on with a longer timeline of the same game (one that has grown while the
        engine plays): the time, play state, speed, loop, selection and trail length stay.

        ``timeline`` must begin with this one: the same tick times and the same entities
        first (a missile launched since is added after them).  ``complete`` says whether
        it is the whole game; until then the clock waits at the published end."""
        if timeline.ticks < self._ticks:
            raise ValueError(f"a timeline only grows: {timeline.ticks} ticks after {self._ticks}")
        if timeline.entity_ids[: self._n] != self._ids or not np.array_equal(
            np.asarray(timeline.t_s[: self._ticks], dtype=np.float64), self._t_array
        ):
            raise ValueError("the new timeline does not begin with the one being played")
        if (
            timeline.meta.tick_s != self.tick_s
            or timeline.meta.rules != self.timeline.meta.rules
            or timeline.meta.ticks_per_turn != self.ticks_per_turn
        ):
            raise ValueError("the new timeline is of another game")
        self._load(timeline)
        if self._picture is not None:  # what each side knew, over the longer timeline
            self.show_side(self._picture.side)
        self._complete = bool(complete)
        self._t = min(max(self._t, self._start), self._end)

    # -- precomputation ------------------------------------------------------------------
    def _precompute(self, timeline: Timeline) -> None:
        channels = timeline.channels
        n_entities, ticks = len(self._ids), timeline.ticks
        shape = (n_entities, ticks)
        self._n = n_entities
        self._ticks = ticks

        def channel(name: str, default: Any, dtype: Any = None) -> npt.NDArray[Any]:
            array = channels.get(name)
            if array is None:
                return np.full(shape, default, dtype=dtype)
            return np.asarray(array) if dtype is None else np.asarray(array, dtype=dtype)

        active = channel("active", True, bool)
        self._active: npt.NDArray[np.bool_] = active
        t = self._t_array
        dt = np.diff(t)
        # A segment joins ticks i and i+1 when the entity is in the same state at both.
        linked = (active[:, :-1] == active[:, 1:]) & (dt > 0)[None, :]
        # Where a segment is not linked, the entity holds its active end's sample.
        hold_upper = ~linked & active[:, 1:] & ~active[:, :-1]

        # Position: Catmull-Rom tangents (per second) and cubic coefficients per segment.
        pos = np.stack(
            [channel(axis, 0.0, np.float64) for axis in ("x_ft", "y_ft", "z_ft")], axis=-1
        )
        pos = np.nan_to_num(pos)
        self._pos: FloatArray = pos
        coef = np.zeros((n_entities, ticks, 4, 3))
        coef[:, :, 0] = pos
        if ticks > 1:
            safe_dt = np.where(dt > 0, dt, 1.0)
            slope = (pos[:, 1:] - pos[:, :-1]) / safe_dt[None, :, None]
            has_prev = np.zeros(shape, dtype=bool)
            has_next = np.zeros(shape, dtype=bool)
            has_prev[:, 1:] = linked
            has_next[:, :-1] = linked
            tangent = np.zeros_like(pos)
            both = has_prev & has_next
            if ticks > 2:
                span = t[2:] - t[:-2]
                central = (pos[:, 2:] - pos[:, :-2]) / span[None, :, None]
                tangent[:, 1:-1] = np.where(both[:, 1:-1, None], central, 0.0)
            only_next = has_next & ~has_prev
            only_prev = has_prev & ~has_next
            tangent[:, :-1] = np.where(only_next[:, :-1, None], slope, tangent[:, :-1])
            tangent[:, 1:] = np.where(only_prev[:, 1:, None], slope, tangent[:, 1:])
            h = dt[None, :, None]
            p0, p1 = pos[:, :-1], pos[:, 1:]
            m0, m1 = tangent[:, :-1] * h, tangent[:, 1:] * h
            seg = np.stack(
                [p0, m0, 3.0 * (p1 - p0) - 2.0 * m0 - m1, 2.0 * (p0 - p1) + m0 + m1], axis=2
            )
            held = np.zeros_like(seg)
            held[:, :, 0] = np.where(hold_upper[:, :, None], p1, p0)
            coef[:, :-1] = np.where(linked[:, :, None, None], seg, held)
        # (ticks, 4, entities*3): one small matrix product gives every entity's position.
        self._coef: FloatArray = np.ascontiguousarray(
            coef.transpose(1, 2, 0, 3).reshape(ticks, 4, n_entities * 3)
        )

        # Attitude: the two quaternions of each segment, sign-aligned, and the slerp angle.
        quat = np.array(channel("quat_wxyz", 0.0, np.float64), dtype=np.float64)
        if quat.shape != (n_entities, ticks, 4):
            quat = np.zeros((n_entities, ticks, 4))
        quat = np.nan_to_num(quat)
        norm = np.linalg.norm(quat, axis=-1)
        bad = norm < 1e-9
        off = ~bad & (np.abs(norm - 1.0) > 1e-9)
        quat[off] /= norm[off][:, None]
        quat[bad] = (1.0, 0.0, 0.0, 0.0)
        self._quat: FloatArray = quat
        qa = quat.copy()
        qb = quat.copy()
        if ticks > 1:
            lower, upper = quat[:, :-1], quat[:, 1:]
            flip = np.sum(lower * upper, axis=-1) < 0
            aligned = np.where(flip[..., None], -upper, upper)
            qb[:, :-1] = np.where(
                linked[..., None], aligned, np.where(hold_upper[..., None], upper, lower)
            )
            qa[:, :-1] = np.where((~linked & hold_upper)[..., None], upper, lower)
        dot = np.clip(np.sum(qa * qb, axis=-1), -1.0, 1.0)
        theta = np.arccos(dot)
        near = dot > 0.9995  # nearly equal: normalised lerp, as models.timeline.slerp does
        sin_theta = np.sin(theta)
        self._qa: FloatArray = np.ascontiguousarray(qa.transpose(1, 0, 2))
        self._qb: FloatArray = np.ascontiguousarray(qb.transpose(1, 0, 2))
        self._theta: FloatArray = np.ascontiguousarray(np.where(near, 0.0, theta).T)
        self._inv_sin: FloatArray = np.ascontiguousarray(
            np.where(near, 0.0, 1.0 / np.where(near, 1.0, sin_theta)).T
        )
        self._near: npt.NDArray[np.bool_] = np.ascontiguousarray(near.T)

        # Sort the other channels by how their specs say they are read between ticks.
        linear: list[str] = []
        discrete: list[str] = []
        for name in sorted(channels):
            if name in _SPLINED or name in _CORE_FLOATS or name in _CORE_TEXT:
                continue
            array = np.asarray(channels[name])
            interp = timeline.channel_spec(name).interp
            if interp == "linear" and array.ndim == 2 and array.dtype.kind in "iuf":
                linear.append(name)
            else:
                discrete.append(name)

        # Numbers: value at the lower tick and the change to the upper, per segment.
        float_names = (*_CORE_FLOATS, *linear)
        floats = np.stack(
            [
                channel(name, math.nan if name == "throttle" else 0.0, np.float64)
                for name in float_names
            ],
            axis=-1,
        )
        keep_nan = float_names.index("throttle")  # NaN there says "no throttle in these rules"
        kept = floats[:, :, keep_nan].copy()
        floats = np.nan_to_num(floats)
        floats[:, :, keep_nan] = kept
        base = floats.copy()
        delta = np.zeros_like(floats)
        if ticks > 1:
            base[:, :-1] = np.where(hold_upper[..., None], floats[:, 1:], floats[:, :-1])
            delta[:, :-1] = np.where(linked[..., None], floats[:, 1:] - floats[:, :-1], 0.0)
        k = len(float_names)
        self._float_names: tuple[str, ...] = tuple(linear)
        """The rule set's own linear channels, after the core's columns in the pack."""
        self._fbase: FloatArray = np.ascontiguousarray(
            base.transpose(1, 0, 2).reshape(ticks, n_entities * k)
        )
        self._fdelta: FloatArray = np.ascontiguousarray(
            delta.transpose(1, 0, 2).reshape(ticks, n_entities * k)
        )
        # Running sums (ticks + 1, entities, means) for the channels averaged over a turn.
        self._mean_names: tuple[str, ...] = tuple(
            name for name in linear if timeline.channel_spec(name).turn_mean
        )
        columns_of = [float_names.index(name) for name in self._mean_names]
        means = floats[:, :, columns_of].transpose(1, 0, 2)
        mean_sum = np.zeros((ticks + 1, n_entities, len(columns_of)))
        mean_sum[1:] = np.cumsum(means, axis=0)
        self._mean_sum: FloatArray = mean_sum
        self._mean_columns: tuple[int, ...] = tuple(columns_of)

        # Everything taken from the nearer tick, as Python values: [tick][entity] → tuple.
        columns: list[list[list[Any]]] = [channel(name, "", str).T.tolist() for name in _CORE_TEXT]
        columns.append(active.T.tolist())
        for name in discrete:
            array = np.asarray(channels[name])
            rows = array.transpose(1, 0, *range(2, array.ndim)).tolist()
            if array.ndim > 2:
                rows = [[tuple(value) for value in row] for row in rows]
            elif timeline.channel_spec(name).interp == "ids" and array.dtype.kind == "U":
                parsed: dict[str, tuple[str, ...]] = {}
                rows = [
                    [parsed.get(v) or parsed.setdefault(v, split_ids(v)) for v in row]
                    for row in rows
                ]
            columns.append(rows)
        self._discrete_names: tuple[str, ...] = tuple(discrete)
        self._discrete: list[list[tuple[Any, ...]]] = [
            list(zip(*(column[tick] for column in columns), strict=True)) for tick in range(ticks)
        ]
        self._pos_list: list[list[list[float]]] = pos.transpose(1, 0, 2).tolist()
        self._active_list: list[list[bool]] = active.T.tolist()

    # -- state ---------------------------------------------------------------------------
    @property
    def t_s(self) -> float:
        """The playback time, seconds."""
        return self._t

    @t_s.setter
    def t_s(self, value: float) -> None:
        self.seek(value)

    @property
    def start_s(self) -> float:
        """The first tick's time (normally 0)."""
        return self._start

    @property
    def duration_s(self) -> float:
        """The last tick's time: the end of the replay."""
        return self._end

    @property
    def turn_s(self) -> float:
        """Length of a game-turn, seconds."""
        return self.tick_s * self.ticks_per_turn

    @property
    def playing(self) -> bool:
        return self._playing

    @playing.setter
    def playing(self, value: bool) -> None:
        if value:
            self.play()
        else:
            self.pause()

    @property
    def speed(self) -> float:
        """Playback seconds per wall-clock second (0.1–16)."""
        return self._speed

    @speed.setter
    def speed(self, value: float) -> None:
        self.set_speed(value)

    @property
    def selected(self) -> str | None:
        """Id of the selected entity (the HUD and the chase/cockpit cameras follow it)."""
        return None if self._selected is None else self._ids[self._selected]

    @selected.setter
    def selected(self, entity_id: str | None) -> None:
        self.select(entity_id)

    @property
    def at_end(self) -> bool:
        return self._t >= self._end - _TIME_EPS

    @property
    def complete(self) -> bool:
        """Whether the timeline is the whole game (not one still growing)."""
        return self._complete

    @property
    def waiting(self) -> bool:
        """Playing, but held at the end of a timeline still growing until more arrives."""
        return self._playing and not self._complete and self.at_end

    # -- the clock -----------------------------------------------------------------------
    def advance(self, wall_dt_s: float) -> None:
        """Move the playback time on by ``wall_dt_s`` wall-clock seconds × speed when playing.

        Past the end (or before the start, for a negative ``wall_dt_s``) the time wraps round
        when looping; otherwise it stops there and playback pauses.
        """
        if not self._playing or not math.isfinite(wall_dt_s) or wall_dt_s == 0:
            return
        t = self._t + wall_dt_s * self._speed
        forward = wall_dt_s > 0
        if self._start < t < self._end:
            self._t = t
            return
        if forward and not self._complete:
            self._t = self._end  # wait there, still playing, for the engine's next turn
            return
        span = self._end - self._start
        if self.loop and span > 0:
            if (forward and t <= self._end) or (not forward and t >= self._start):
                self._t = t  # exactly on the end: show it, wrap on the next frame
            else:
                self._t = self._start + (t - self._start) % span
            return
        self._t = self._end if forward else self._start
        self._playing = False

    def play(self) -> None:
        """Start playing; from the start again if paused at the end of a whole game."""
        if self.at_end and not self.loop and self._complete:
            self._t = self._start
        self._playing = True

    def pause(self) -> None:
        self._playing = False

    def toggle(self) -> None:
        """Play if paused, pause if playing."""
        if self._playing:
            self.pause()
        else:
            self.play()

    def set_speed(self, speed: float) -> float:
        """Set the playback speed, clamped to 0.1–16; returns the speed set."""
        if math.isnan(speed):
            raise ValueError("playback speed cannot be NaN")
        self._speed = float(min(max(speed, MIN_SPEED), MAX_SPEED))
        return self._speed

    def faster(self) -> float:
        """The next speed up in :data:`SPEED_STEPS`; returns the speed set."""
        higher = [s for s in SPEED_STEPS if s > self._speed + _TIME_EPS]
        return self.set_speed(higher[0] if higher else MAX_SPEED)

    def slower(self) -> float:
        """The next speed down in :data:`SPEED_STEPS`; returns the speed set."""
        lower = [s for s in SPEED_STEPS if s < self._speed - _TIME_EPS]
        return self.set_speed(lower[-1] if lower else MIN_SPEED)

    def seek(self, t_s: float) -> None:
        """Jump to a time (clamped to the replay); play/pause is unchanged."""
        if math.isnan(t_s):
            raise ValueError("cannot seek to NaN")
        self._t = min(max(float(t_s), self._start), self._end)

    def seek_fraction(self, fraction: float) -> None:
        """Jump to a fraction of the replay (0 start, 1 end), e.g. from a scrub bar click."""
        if math.isnan(fraction):
            raise ValueError("cannot seek to a NaN fraction")
        fraction = min(max(float(fraction), 0.0), 1.0)
        self.seek(self._start + fraction * (self._end - self._start))

    def step_tick(self, n: int = 1) -> None:
        """Pause and move ``n`` ticks (back when negative) on the tick grid.

        From between two ticks, the first step forward lands on the next tick and the first
        step back on the previous one.
        """
        self._step(n, 1)

    def step_turn(self, n: int = 1) -> None:
        """Pause and move ``n`` game-turns (back when negative) on the game-turn grid."""
        self._step(n, self.ticks_per_turn)

    def _step(self, n: int, ticks_per_step: int) -> None:
        self._playing = False
        lower, u = self._bracket(self._t)
        position = (lower + u) / ticks_per_step
        nearest = round(position)
        if abs(position - nearest) < 1e-6:
            target = nearest + n
        elif n > 0:
            target = math.floor(position) + n
        elif n < 0:
            target = math.ceil(position) + n
        else:
            target = nearest
        tick = min(max(target * ticks_per_step, 0), self._ticks - 1)
        self._t = self._t_list[tick]

    # -- selection -----------------------------------------------------------------------
    def select(self, entity_id: str | None) -> None:
        """Select an entity by id, or nothing with ``None``."""
        self._selected = None if entity_id is None else self.timeline.entity_index(entity_id)

    def select_next(self, step: int = 1) -> str | None:
        """Select the ``step``-th next active aircraft (previous when negative), cycling
        round; returns the selection (unchanged when no aircraft is active)."""
        order = self._aircraft
        if not order or step == 0:
            return self.selected
        tick = self._nearer_tick(self._t)
        active = self._active_list[tick]
        if not any(active[i] for i in order):
            return self.selected
        if self._selected in order:
            place = order.index(self._selected)
        else:
            # Not an aircraft (or nothing): start just before the next aircraft in order.
            current = -1 if self._selected is None else self._selected
            place = sum(1 for i in order if i <= current) - (1 if step > 0 else 0)
        direction = 1 if step > 0 else -1
        for _ in range(abs(step)):
            for _ in range(len(order)):
                place = (place + direction) % len(order)
                if active[order[place]]:
                    break
        self._selected = order[place]
        return self.selected

    # -- sampling ------------------------------------------------------------------------
    def _bracket(self, t: float) -> tuple[int, float]:
        """The tick at or before ``t`` and the fraction of the way to the next one."""
        times = self._t_list
        lower = bisect.bisect_right(times, t) - 1
        if lower < 0:
            return 0, 0.0
        if lower >= self._ticks - 1:
            return self._ticks - 1, 0.0
        return lower, (t - times[lower]) / (times[lower + 1] - times[lower])

    def _nearer_tick(self, t: float) -> int:
        lower, u = self._bracket(t)
        return lower + 1 if u >= 0.5 else lower

    def snapshot(self) -> Snapshot:
        """Everything to draw at the current playback time."""
        return self.snapshot_at(self._t)

    def snapshot_at(self, t_s: float) -> Snapshot:
        """Everything to draw at ``t_s`` (clamped to the replay), with the current
        selection, play state and speed, as the chosen side saw it (:meth:`show_side`)."""
        whole = self.whole_snapshot_at(t_s)
        if self._picture is None:
            return whole
        tick = self._nearer_tick(whole.t_s)
        return self._picture.apply(whole, tick, self.whole_snapshot_at)

    @property
    def side(self) -> str | None:
        """Whose picture the snapshots show; None for the whole fight."""
        return None if self._picture is None else self._picture.side

    def show_side(self, side: str | None) -> None:
        """Show the fight as ``side`` knew it (:mod:`sim.side_picture`), or whole (None)."""
        if side is None:
            self._picture = None
            return
        from sim.side_picture import SidePicture

        self._picture = SidePicture(self.timeline, side)

    def cycle_side(self) -> str | None:
        """The next picture: the whole fight, then each side's in turn; returns its side."""
        from sim.side_picture import sides

        order: list[str | None] = [None, *sides(self.timeline)]
        now = order.index(self.side) if self.side in order else 0
        self.show_side(order[(now + 1) % len(order)])
        return self.side

    def whole_snapshot_at(self, t_s: float) -> Snapshot:
        """:meth:`snapshot_at` with nothing hidden: the whole fight."""
        if math.isnan(t_s):
            raise ValueError("cannot take a snapshot at NaN")
        t = min(max(float(t_s), self._start), self._end)
        lower, u = self._bracket(t)
        nearer = lower + 1 if u >= 0.5 else lower
        n = self._n

        powers = np.array((1.0, u, u * u, u * u * u))
        position = (powers @ self._coef[lower]).reshape(n, 3)
        floats = (self._fbase[lower] + u * self._fdelta[lower]).reshape(n, -1)
        quats = self._quat_at(lower, u)
        means = self._turn_means(t, floats)
        trails, trail_times = self._trails(t, position)

        positions = position.tolist()
        float_rows = floats.tolist()
        quat_rows = quats.tolist()
        angles = heading_pitch_roll_deg_many(quats).tolist()
        discrete = self._discrete[nearer]
        float_names = self._float_names
        discrete_names = self._discrete_names
        infos = self._infos
        entities = []
        for e in range(n):
            info = infos[e]
            x, y, z = positions[e]
            speed, throttle, *own = float_rows[e]
            heading, pitch, roll = angles[e]
            throttle_label, alt_label, pos_label, active, *held = discrete[e]
            values: dict[str, Any] = dict(zip(discrete_names, held, strict=True))
            values.update(zip(float_names, own, strict=True))
            entities.append(
                EntityState(
                    id=info.id,
                    callsign=info.callsign,
                    type_id=info.type_id,
                    side=info.side,
                    kind=info.kind,
                    position_ft=(x, y, z),
                    quat_wxyz=tuple(quat_rows[e]),
                    heading_deg=heading,
                    pitch_deg=pitch,
                    roll_deg=roll,
                    speed_kt=speed,
                    alt_ft=z,
                    throttle=throttle,
                    throttle_label=throttle_label,
                    active=active,
                    alt_label=alt_label,
                    pos_label=pos_label,
                    trail_ft=trails[e],
                    trail_t_s=trail_times[e],
                    values=values,
                    turn_means=means[e],
                )
            )
        meta = self.timeline.meta
        return Snapshot(
            t_s=t,
            duration_s=self._end,
            tick_s=self.tick_s,
            ticks_per_turn=self.ticks_per_turn,
            rules=meta.rules,
            scenario=meta.scenario,
            entities=tuple(entities),
            selected=self.selected,
            bearings=self._bearings(nearer),
            recent_events=self._recent_events(t),
            event_times_s=self._event_times,
            playing=self._playing,
            speed=self._speed,
        )

    def _quat_at(self, lower: int, u: float) -> FloatArray:
        qa = self._qa[lower]
        if u == 0.0:
            return np.asarray(qa)
        theta = self._theta[lower]
        inv_sin = self._inv_sin[lower]
        near = self._near[lower]
        w0 = np.where(near, 1.0 - u, np.sin((1.0 - u) * theta) * inv_sin)
        w1 = np.where(near, u, np.sin(u * theta) * inv_sin)
        q = w0[:, None] * qa + w1[:, None] * self._qb[lower]
        q /= np.sqrt(np.einsum("ij,ij->i", q, q))[:, None]
        return np.asarray(q)

    def _turn_means(self, t: float, floats_now: FloatArray) -> list[dict[str, float]]:
        """Per entity: the mean of each ``turn_mean`` channel over the current turn's ticks
        flown by ``t`` (the value now when none is flown yet)."""
        names = self._mean_names
        if not names:
            return [{} for _ in range(self._n)]
        turn_s = self.turn_s
        turn = 0 if t <= 0 else math.ceil(t / turn_s - 1e-9)
        if turn == 0:
            rows = floats_now[:, list(self._mean_columns)]
        else:
            times = self._t_list
            first = bisect.bisect_right(times, (turn - 1) * turn_s + _TIME_EPS)
            stop = bisect.bisect_right(times, t + _TIME_EPS)
            sums = self._mean_sum
            if stop > first:
                rows = (sums[stop] - sums[first]) / (stop - first)
            else:  # no tick of this turn flown yet: the tick in progress
                at = min(first, self._ticks - 1)
                rows = sums[at + 1] - sums[at]
        return [dict(zip(names, row, strict=True)) for row in rows.tolist()]

    def _trails(
        self, t: float, position: FloatArray
    ) -> tuple[Sequence[FloatArray], Sequence[FloatArray]]:
        """Per entity: active tick positions in the last ``trail_seconds`` before ``t``
        plus the current point, and their times."""
        times = self._t_list
        first = bisect.bisect_left(times, t - self.trail_seconds - _TIME_EPS)
        stop = bisect.bisect_left(times, t - _TIME_EPS)
        count = max(stop - first, 0)
        block = np.empty((self._n, count + 1, 3))
        block[:, :count] = self._pos[:, first : first + count]
        block[:, count] = position
        block_t = np.empty(count + 1)
        block_t[:count] = self._t_array[first : first + count]
        block_t[count] = t
        block.flags.writeable = False
        block_t.flags.writeable = False
        active_now = self._active_list[self._nearer_tick(t)]
        window = self._active[:, first : first + count]
        whole: list[bool] = np.all(window, axis=1).tolist()
        trails: list[FloatArray] = []
        trail_times: list[FloatArray] = []
        empty = np.zeros((0, 3))
        empty_t = np.zeros(0)
        for e in range(self._n):
            if not active_now[e]:
                trails.append(empty)
                trail_times.append(empty_t)
            elif whole[e]:
                trails.append(block[e])
                trail_times.append(block_t)
            else:
                keep = np.append(window[e], True)
                trails.append(block[e][keep])
                trail_times.append(block_t[keep])
        return trails, trail_times

    def _bearings(self, tick: int) -> dict[str, str]:
        """PHAD cell of the world direction from the selected aircraft to every other
        active aircraft or missile at a tick (from the positions in feet, no hexes or
        steps); balloons and ground units are not on the PHAD."""
        selected = self._selected
        if selected is None:
            return {}
        key = (tick, selected)
        cached = self._bearing_cache.get(key)
        if cached is None:
            cached = {}
            active = self._active_list[tick]
            positions = self._pos_list[tick]
            if active[selected]:
                x0, y0, z0 = positions[selected]
                for e, (x, y, z) in enumerate(positions):
                    if e == selected or not active[e] or not self._flying[e]:
                        continue
                    try:
                        cell = cell_of((x - x0, y - y0, z - z0))
                    except InvalidCell:  # the same place: no direction
                        continue
                    cached[self._ids[e]] = str(cell)
            if len(self._bearing_cache) >= _BEARING_CACHE_LIMIT:
                self._bearing_cache.clear()
            self._bearing_cache[key] = cached
        return dict(cached)

    def _recent_events(self, t: float) -> tuple[Event, ...]:
        """Events with times in (t − RECENT_EVENTS_S, t], oldest first."""
        times = self._event_t
        first = bisect.bisect_right(times, t - RECENT_EVENTS_S + _TIME_EPS)
        stop = bisect.bisect_right(times, t + _TIME_EPS)
        key = (first, stop)
        found = self._recent_cache.get(key)
        if found is None:
            found = self._events[first:stop]
            self._recent_cache[key] = found
        return found
