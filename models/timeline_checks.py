"""What a sound timeline is: the rules every array and every piece of metadata keep.

A timeline read from a file is checked against these rules before anything uses it
(:mod:`models.timeline_file`); each broken rule is one line of text naming the member
(``ch_x_ft.npy``) or the field path in ``meta.json`` (``events.3.entities.0``) and saying
what would be valid.  ``docs/timeline-format.md`` lists the same rules for people.

The rules, in short:

* ``t_s`` -- floats, finite, starting at 0 and then every ``tick_s`` of the metadata
  (within :data:`TIME_TOLERANCE_S`), so strictly increasing; at least :data:`MIN_TICKS`
  ticks and no more than :data:`MAX_DURATION_S` seconds long.
* channels -- every core channel (:data:`~models.timeline.CORE_CHANNELS`) present, every
  other one named ``<rules>.<name>``; each declared in the metadata (a
  :class:`~models.ruleset_spec.ChannelSpec`) and no declaration without its channel; each
  of shape (entities, ticks), or (entities, ticks, 4) for the quaternion; numbers as
  floats or integers as :data:`VALUE_RULES` says (never complex, never text), flags as
  booleans, labels as text, and of the type its declared ``interp`` reads (``linear``
  floats, ``slerp`` quaternions, ``ids`` text); numbers finite (the throttle may be NaN:
  not applicable) and within physical ranges; quaternions of unit length; PHAD cells
  written as cells; ``ids`` channels naming entities of the timeline.
* metadata -- at least one entity and no more than :data:`MAX_ENTITIES`, ids unique and
  fit for the comma-separated lists, type ids that are names rather than paths; events
  at times inside the timeline, naming its entities.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal

import numpy as np
import numpy.typing as npt

from models.ruleset_spec import ChannelSpec
from models.timeline import CORE_CHANNELS, Timeline, TimelineMeta

MIN_TICKS: Final = 2
"""Fewest ticks in a timeline file: the starting positions and at least one tick after
them, so that time passes and the tick length can be checked (``furball run`` always
plays one game-turn or more)."""
MAX_DURATION_S: Final = 36_000.0
"""Longest timeline, seconds (10 hours: 6,000 Birds of Prey game-turns).  Replays, videos
and exports size their work by the duration; this keeps that bounded."""
MAX_ENTITIES: Final = 1_000
"""Most entities (aircraft and missiles) in one timeline."""
TIME_TOLERANCE_S: Final = 1e-6
"""How far a tick's time may lie from its place on the ``tick_s`` grid."""
QUATERNION_TOLERANCE: Final = 1e-3
"""How far an attitude quaternion's length may lie from 1."""

MAX_MAP_FT: Final = 20_000_000.0
"""Farthest east, west, north or south of the map origin, feet (about 3,300 nautical miles:
a thousand game-turns flown straight at Mach 2.5 stay inside)."""
MIN_ALT_FT: Final = -2_000.0
"""Lowest altitude, feet (a little below the lowest land)."""
MAX_ALT_FT: Final = 300_000.0
"""Highest altitude, feet (above any aircraft or missile of these games)."""
MAX_HEX: Final = 100_000
"""Largest axial hex coordinate either way (400 ft hexes out to :data:`MAX_MAP_FT`)."""
ALT_STEP_FT: Final = 200.0
MAX_SPEED_KT: Final = 20_000.0
MAX_MACH: Final = 30.0
MAX_LOAD_G: Final = 100.0
MAX_FUEL_FP: Final = 10_000.0
MAX_ENGINE_OUTPUT: Final = 10.0

ChannelKind = Literal["float", "int", "bool", "text"]
_KIND_CODES: Final[dict[str, str]] = {"float": "f", "int": "iu", "bool": "b", "text": "U"}
"""numpy dtype kinds each channel kind takes."""
_KIND_WORDS: Final[dict[str, str]] = {
    "float": "floats",
    "int": "integers",
    "bool": "booleans",
    "text": "text",
}

CELL_PATTERN: Final = r"(?:[0-3]\d\dE?|All)[+-]\d\d"
"""A PHAD cell as the engine writes it (``030+30``, ``330E-60``, ``All+90``)."""
ENTITY_ID_PATTERN: Final = r"[^\s,]{1,64}"
"""An entity id: no spaces or commas (the sensor channels list ids separated by commas)."""
TYPE_ID_PATTERN: Final = r"(?!\.)[^/\\\x00-\x1f]{1,64}"
"""A type id is a name (``F-16C``), never a path: no slashes, not starting with a dot."""
CHANNEL_NAME_PATTERN: Final = r"[a-z][a-z0-9_]{0,31}\.[a-z][a-z0-9_]{0,63}"
"""A rule set's own channel: ``<rules>.<name>`` (``bop.fuel_fp``)."""


@dataclass(frozen=True)
class ValueRule:
    """What the values of one known channel must be."""

    kind: ChannelKind
    low: float = -math.inf
    """Least value of a number channel."""
    high: float = math.inf
    """Greatest value of a number channel."""
    width: int | None = None
    """Length of a trailing axis (4 for the quaternion); None for one value per sample."""
    pattern: str | None = None
    """Every non-empty value of a text channel matches this."""
    names: Literal["", "one", "list"] = ""
    """A text channel naming entities: one id, or ids separated by commas."""
    nan: bool = False
    """NaN is allowed (it says "not applicable")."""


def _float(low: float = -math.inf, high: float = math.inf) -> ValueRule:
    return ValueRule("float", low, high)


_TEXT = ValueRule("text")
_CELL = ValueRule("text", pattern=CELL_PATTERN)

VALUE_RULES: Final[dict[str, ValueRule]] = {
    "x_ft": _float(-MAX_MAP_FT, MAX_MAP_FT),
    "y_ft": _float(-MAX_MAP_FT, MAX_MAP_FT),
    "z_ft": _float(MIN_ALT_FT, MAX_ALT_FT),
    "quat_wxyz": ValueRule("float", -1.0 - QUATERNION_TOLERANCE, 1.0 + QUATERNION_TOLERANCE, 4),
    "speed_kt": _float(0.0, MAX_SPEED_KT),
    "active": ValueRule("bool"),
    "throttle": ValueRule("float", 0.0, 1.0, nan=True),
    "throttle_label": _TEXT,
    "alt_label": _TEXT,
    "pos_label": _TEXT,
    # Birds of Prey's own channels that the viewer and exporters read.
    "bop.keas_kt": _float(0.0, MAX_SPEED_KT),
    "bop.mach": _float(0.0, MAX_MACH),
    "bop.alt_steps": ValueRule("int", MIN_ALT_FT // ALT_STEP_FT, MAX_ALT_FT // ALT_STEP_FT),
    "bop.hex_q": ValueRule("int", -MAX_HEX, MAX_HEX),
    "bop.hex_r": ValueRule("int", -MAX_HEX, MAX_HEX),
    "bop.load_g": _float(-MAX_LOAD_G, MAX_LOAD_G),
    "bop.engine_output": _float(0.0, MAX_ENGINE_OUTPUT),
    "bop.speedbrake": ValueRule("bool"),
    "bop.fuel_fp": _float(0.0, MAX_FUEL_FP),
    "bop.nose": _CELL,
    "bop.canopy": _CELL,
    "bop.wing": _CELL,
    "bop.velocity": _CELL,
    "bop.lift": _CELL,
    "bop.radar_mode": _TEXT,
    "bop.tracks": ValueRule("text", names="list"),
    "bop.ir_lock": ValueRule("text", names="one"),
    "bop.rwr": ValueRule("text", names="list"),
    "bop.spotted": ValueRule("text", names="list"),
    "bop.weapons": _TEXT,
    "bop.crew_state": _TEXT,
    "bop.damage": _TEXT,
    "bop.initiative": _TEXT,
    "bop.flight_class": _TEXT,
    "bop.activity": _TEXT,
    "bop.wing_position": _TEXT,
}
"""Channel name → what its values must be, for the core channels and the rule-set channels
the viewer reads.  Any other channel may hold booleans, integers, finite floats or text,
with at most :data:`MAX_EXTRA_WIDTH` values per sample, as its spec allows."""
REQUIRED_CHANNELS: Final = tuple(CORE_CHANNELS)
MAX_EXTRA_WIDTH: Final = 16

_INTERP_KINDS: Final[dict[str, tuple[str, str]]] = {
    "linear": ("f", "floats"),
    "slerp": ("f", "floats, 4 per sample"),
    "ids": ("U", "text (entity ids separated by commas)"),
}
"""The numpy dtype kinds each way of reading a channel between ticks needs, and in words
(``nearest`` takes any)."""


def member_name(channel: str) -> str:
    """The zip member holding a channel: ``x_ft`` → ``ch_x_ft.npy``."""
    return f"ch_{channel}.npy"


# -- metadata ----------------------------------------------------------------------------
def meta_problems(meta: TimelineMeta) -> list[str]:
    """What is wrong with the entities of valid-looking metadata."""
    problems: list[str] = []
    entities = meta.entities
    if not entities:
        problems.append("meta.json: entities: empty; a timeline holds at least one entity")
    if len(entities) > MAX_ENTITIES:
        problems.append(
            f"meta.json: entities: {len(entities)} entities; a timeline holds at most "
            f"{MAX_ENTITIES}"
        )
    seen: set[str] = set()
    for i, info in enumerate(entities):
        if not re.fullmatch(ENTITY_ID_PATTERN, info.id):
            problems.append(
                f"meta.json: entities.{i}.id: {_short(info.id)} is not an id; write 1 to 64 "
                "characters without spaces or commas, e.g. viper-1"
            )
        elif info.id in seen:
            problems.append(f"meta.json: entities.{i}.id: {info.id!r} twice; ids are unique")
        seen.add(info.id)
        if not re.fullmatch(TYPE_ID_PATTERN, info.type_id):
            problems.append(
                f"meta.json: entities.{i}.type_id: {_short(info.type_id)} is not a type id; "
                "write the type's name, e.g. F-16C (1 to 64 characters, no slashes)"
            )
    return problems


def event_problems(meta: TimelineMeta, duration_s: float) -> list[str]:
    """Events at times outside ``0 … duration_s`` or naming entities the timeline lacks."""
    problems: list[str] = []
    ids = {info.id for info in meta.entities}
    for i, event in enumerate(meta.events):
        if not -TIME_TOLERANCE_S <= event.t_s <= duration_s + TIME_TOLERANCE_S:
            problems.append(
                f"meta.json: events.{i}.t_s: {event.t_s:g} s is outside the timeline "
                f"(0 to {duration_s:g} s)"
            )
        for j, entity in enumerate(event.entities):
            if entity not in ids:
                problems.append(
                    f"meta.json: events.{i}.entities.{j}: {_short(entity)} is not an entity "
                    f"of this timeline ({_listed(meta)})"
                )
    return problems


# -- tick times --------------------------------------------------------------------------
def t_s_header_problem(shape: tuple[int, ...], dtype: np.dtype[Any]) -> str | None:
    """What is wrong with ``t_s.npy`` from its header alone (before its data is read)."""
    if dtype.kind != "f":
        return f"t_s.npy: holds {_dtype_text(dtype)}; tick times are floats (seconds)"
    if len(shape) != 1:
        return f"t_s.npy: shape {shape}; tick times are one row, shape (ticks,)"
    if shape[0] < MIN_TICKS:
        return (
            f"t_s.npy: {shape[0]} tick(s); a timeline holds at least {MIN_TICKS} "
            "(the starting positions and the ticks played after them)"
        )
    return None


def t_s_problem(t_s: npt.NDArray[Any], tick_s: float) -> str | None:
    """What is wrong with the tick times themselves, the first thing found."""
    t = np.asarray(t_s, dtype=np.float64)
    bad = np.flatnonzero(~np.isfinite(t))
    if bad.size:
        return f"t_s.npy: tick {bad[0]} is {t[bad[0]]}; tick times are finite seconds"
    if t[0] != 0.0:
        return f"t_s.npy: the first tick is at {t[0]:g} s; a timeline starts at 0"
    steps = np.diff(t)
    back = np.flatnonzero(steps <= 0)
    if back.size:
        i = int(back[0]) + 1
        return (
            f"t_s.npy: tick {i} at {t[i]:g} s is not after tick {i - 1} at {t[i - 1]:g} s; "
            "tick times increase"
        )
    if t[-1] > MAX_DURATION_S:
        return (
            f"t_s.npy: the timeline lasts {t[-1]:g} s; a timeline lasts at most "
            f"{MAX_DURATION_S:g} s"
        )
    grid = np.arange(t.size, dtype=np.float64) * tick_s
    off = np.flatnonzero(np.abs(t - grid) > TIME_TOLERANCE_S + 1e-12 * grid)
    if off.size:
        i = int(off[0])
        return (
            f"t_s.npy: tick {i} is at {t[i]:g} s, but meta.json's tick_s of {tick_s:g} s "
            f"puts it at {grid[i]:g} s; ticks fall every tick_s from 0"
        )
    return None


# -- channels ----------------------------------------------------------------------------
def missing_channels_problem(names: Sequence[str]) -> str | None:
    """The core channels absent from ``names``, all of them in one line."""
    missing = [name for name in REQUIRED_CHANNELS if name not in names]
    if not missing:
        return None
    listed = ", ".join(member_name(name) for name in missing)
    return f"missing {listed}; a timeline holds every core channel ({', '.join(REQUIRED_CHANNELS)})"


def spec_problems(meta: TimelineMeta, names: Sequence[str]) -> list[str]:
    """Channels the metadata does not declare, and declarations of channels the timeline
    lacks, each kind in one line; and declarations that contradict themselves."""
    problems: list[str] = []
    undeclared = [name for name in sorted(names) if name not in meta.channels]
    if undeclared:
        listed = ", ".join(undeclared[:_LISTED]) + (" …" if len(undeclared) > _LISTED else "")
        problems.append(
            f"meta.json: channels: no spec for {listed}; every channel is declared there "
            "(meaning, unit, interp)"
        )
    held = set(names)
    orphans = [name for name in sorted(meta.channels) if name not in held]
    if orphans:
        listed = ", ".join(orphans[:_LISTED]) + (" …" if len(orphans) > _LISTED else "")
        problems.append(
            f"meta.json: channels: {listed} declared but not in the file; declare only the "
            "channels the file holds"
        )
    for name, spec in sorted(meta.channels.items()):
        if spec.turn_mean and spec.interp != "linear":
            problems.append(
                f"meta.json: channels.{name}.turn_mean: true for a {spec.interp} channel; a "
                "mean over the turn needs a linear number channel"
            )
    return problems


_LISTED: Final = 6
"""Channel names listed in one problem before the rest are elided."""


def channel_header_problem(
    name: str,
    shape: tuple[int, ...],
    dtype: np.dtype[Any],
    entities: int,
    ticks: int,
    declared: ChannelSpec | None = None,
    member: str | None = None,
) -> str | None:
    """What is wrong with a channel from its header alone (before its data is read):
    its name, its type against its known rule and its declared ``interp``, and its shape.
    ``member`` names the zip member when it is not the channel's own (a format-1 file)."""
    member = member or member_name(name)
    rule = VALUE_RULES.get(name)
    if rule is None:
        if not re.fullmatch(CHANNEL_NAME_PATTERN, name):
            return (
                f"{_short(member)}: not a channel name; a rule set's own channel is named "
                "<rules>.<name> (bop.fuel_fp) in lower case letters, digits and _"
            )
        if dtype.kind not in "biufU":
            return (
                f"{member}: holds {_dtype_text(dtype)}; a channel holds booleans, integers, "
                "floats or text"
            )
        if len(shape) == 3 and 1 <= shape[2] <= MAX_EXTRA_WIDTH:
            expected: tuple[int, ...] = (entities, ticks, shape[2])
        else:
            expected = (entities, ticks)
    else:
        if dtype.kind not in _KIND_CODES[rule.kind]:
            return f"{member}: holds {_dtype_text(dtype)}; expected {_KIND_WORDS[rule.kind]}"
        expected = (entities, ticks) if rule.width is None else (entities, ticks, rule.width)
    if declared is not None and declared.interp in _INTERP_KINDS:
        kinds, words = _INTERP_KINDS[declared.interp]
        if dtype.kind not in kinds:
            return (
                f"{member}: holds {_dtype_text(dtype)}, but meta.json declares it "
                f"interp {declared.interp!r}, which reads {words}"
            )
        if declared.interp == "slerp":
            expected = (entities, ticks, 4)
    if tuple(shape) != expected:
        return (
            f"{member}: shape {tuple(shape)}; expected {expected}, one row per entity "
            f"({entities} in meta.json) and one column per tick ({ticks} in t_s.npy)"
        )
    return None


def channel_problem(
    name: str, array: npt.NDArray[Any], meta: TimelineMeta, member: str | None = None
) -> str | None:
    """What is wrong with a channel's values, the first thing found (its header is sound)."""
    rule = VALUE_RULES.get(name)
    declared = meta.channels.get(name) or CORE_CHANNELS.get(name)
    interp = declared.interp if declared is not None else None
    member = member or member_name(name)
    if array.dtype.kind in "biuf" and (rule is None or rule.kind != "bool"):
        low = rule.low if rule is not None else -math.inf
        high = rule.high if rule is not None else math.inf
        nan = rule is not None and rule.nan
        found = _number_problem(member, array, low, high, meta, nan=nan)
        if found is not None:
            return found
    if name == "quat_wxyz" or interp == "slerp":
        return _quaternion_problem(member, array, meta)
    if array.dtype.kind == "U":
        found = _characters_problem(member, array, meta)
        if found is not None:
            return found
    if rule is None and interp == "ids":
        rule = ValueRule("text", names="list")
    if rule is not None and rule.kind == "text":
        return _text_problem(member, array, rule, meta)
    return None


def _characters_problem(member: str, array: npt.NDArray[Any], meta: TimelineMeta) -> str | None:
    """Text holds characters, not control codes or numbers outside Unicode (the zeros after
    a shorter text are numpy's padding)."""
    order = array.dtype.byteorder if array.dtype.byteorder in "<>" else "="
    codes = np.ascontiguousarray(array).view(np.dtype("u4").newbyteorder(order))
    codes = codes.reshape(*array.shape, -1)
    bad = (
        (codes > 0x10FFFF)
        | ((codes >= 0xD800) & (codes <= 0xDFFF))
        | ((codes < 0x20) & (codes != 0))
        | (codes == 0x7F)
    ).any(axis=-1)
    if bad.any():
        where = _where(bad, meta)
        return f"{member}: {where} holds a control code or no character at all; text only"
    return None


def _number_problem(
    member: str,
    array: npt.NDArray[Any],
    low: float,
    high: float,
    meta: TimelineMeta,
    nan: bool = False,
) -> str | None:
    values = np.asarray(array)
    if values.dtype.kind == "f":
        bad = np.isinf(values) if nan else ~np.isfinite(values)
        if bad.any():
            where = _where(bad, meta)
            shown = _number_text(values[_first(bad)])
            return f"{member}: {where} holds {shown}; values are finite numbers"
    if math.isinf(low) and math.isinf(high):
        return None
    with np.errstate(invalid="ignore"):
        outside = (values < low) | (values > high)
    if outside.any():
        where = _where(outside, meta)
        return (
            f"{member}: {where} holds {_number_text(values[_first(outside)])}; the range is "
            f"{_bound_text(low)} to {_bound_text(high)}"
        )
    return None


def _quaternion_problem(member: str, array: npt.NDArray[Any], meta: TimelineMeta) -> str | None:
    norm = np.linalg.norm(np.asarray(array, dtype=np.float64), axis=-1)
    off = np.abs(norm - 1.0) > QUATERNION_TOLERANCE
    if off.any():
        where = _where(off, meta)
        return (
            f"{member}: {where} has length {norm[_first(off)]:.6g}; attitude "
            f"quaternions are of unit length (within {QUATERNION_TOLERANCE:g})"
        )
    return None


def _text_problem(
    member: str, array: npt.NDArray[Any], spec: ValueRule, meta: TimelineMeta
) -> str | None:
    if spec.pattern is None and not spec.names:
        return None
    ids = {info.id for info in meta.entities}
    for value in np.unique(array).tolist():
        if not value:
            continue
        if spec.pattern is not None and not re.fullmatch(spec.pattern, value):
            where = _where(array == value, meta)
            return (
                f"{member}: {where} holds {_short(value)}; write a PHAD cell such as "
                "030+30, 015+00, 090-60 or All+90 (or nothing)"
            )
        if not spec.names:
            continue
        named = [value] if spec.names == "one" else [p.strip() for p in value.split(",")]
        unknown = [n for n in named if n and n not in ids]
        if unknown:
            where = _where(array == value, meta)
            return (
                f"{member}: {where} names {_short(unknown[0])}, not an entity of this "
                f"timeline ({_listed(meta)})"
            )
    return None


# -- a whole timeline --------------------------------------------------------------------
def timeline_problems(timeline: Timeline) -> list[str]:
    """Every rule a timeline breaks (the same checks a file is read with), as lines."""
    meta = timeline.meta
    problems = meta_problems(meta)
    header = t_s_header_problem(timeline.t_s.shape, timeline.t_s.dtype)
    if header is not None:
        return [*problems, header]
    times = t_s_problem(timeline.t_s, meta.tick_s)
    if times is not None:
        problems.append(times)
    missing = missing_channels_problem(list(timeline.channels))
    if missing is not None:
        problems.append(missing)
    problems.extend(spec_problems(meta, list(timeline.channels)))
    for name, array in timeline.channels.items():
        found = channel_header_problem(
            name,
            array.shape,
            array.dtype,
            len(meta.entities),
            timeline.ticks,
            meta.channels.get(name),
        )
        if found is None:
            found = channel_problem(name, array, meta)
        if found is not None:
            problems.append(found)
    problems.extend(event_problems(meta, float(timeline.t_s[-1])))
    return problems


# -- wording -----------------------------------------------------------------------------
def _first(mask: npt.NDArray[np.bool_]) -> tuple[int, ...]:
    return tuple(int(i) for i in np.argwhere(mask)[0])


def _where(mask: npt.NDArray[np.bool_], meta: TimelineMeta) -> str:
    """``entity 1 (viper-2) tick 7`` for the first sample ``mask`` marks."""
    entity, tick = _first(mask)[:2]
    return f"entity {entity} ({meta.entities[entity].id}) tick {tick}"


def _listed(meta: TimelineMeta, most: int = 6) -> str:
    ids = [info.id for info in meta.entities]
    shown = ", ".join(ids[:most])
    return "entities: " + (shown + f" and {len(ids) - most} more" if len(ids) > most else shown)


def _short(text: str, most: int = 40) -> str:
    """``text`` quoted, cut to ``most`` characters."""
    return repr(text if len(text) <= most else text[: most - 1] + "…")


def _number_text(value: Any) -> str:
    """``-5``, ``0.5``, ``1e+12``, ``nan``: a number as short as it reads."""
    number = value.item() if hasattr(value, "item") else value
    if isinstance(number, bool | int):
        return str(int(number))
    return f"{float(number):.6g}"


def _bound_text(value: float) -> str:
    """``-3,000,000``, ``0.5``: a range's end."""
    return f"{int(value):,}" if float(value).is_integer() else f"{value:g}"


def _dtype_text(dtype: np.dtype[Any]) -> str:
    """``complex128``, ``text``, ``objects (not allowed)``..."""
    if dtype.hasobject:
        return "Python objects"
    if dtype.fields is not None or dtype.subdtype is not None:
        return f"records ({dtype.str})"
    if dtype.kind == "U":
        return "text"
    if dtype.kind == "S":
        return "bytes"
    return dtype.name
