"""How the HUD reads and writes a declared value: a channel of the selected entity, in the
format its :mod:`models.hud_spec` entry names.  No Panda3D here.

The HUD never knows a rule set's fields: it asks the snapshot's entity for a channel by name
(:meth:`sim.snapshot.EntityState.value`), and writes what comes back as the spec says.  A
channel the timeline does not hold reads as nothing, shown as an em dash.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from models.hud_spec import GaugeSpec, ValueFormat
from sim.snapshot import ChannelValue, EntityState

NONE_TEXT = "—"
"""Shown for a field with nothing in it yet."""

Value = ChannelValue | None


def ids_of(value: Value) -> tuple[str, ...]:
    """The entity ids a channel names: a tuple as it is, a text split at commas (an id
    channel read nearest-tick without splitting), nothing for anything else."""
    if isinstance(value, tuple):
        return tuple(str(item) for item in value if item != "")
    if isinstance(value, str):
        return tuple(item.strip() for item in value.split(",") if item.strip())
    return ()


def text_of(value: Value) -> str:
    """A channel's value as text ("" for nothing; a list joined with commas)."""
    if value is None:
        return ""
    if isinstance(value, tuple):
        return ", ".join(str(item) for item in value if item != "")
    if isinstance(value, float) and not math.isfinite(value):
        return ""
    return str(value)


def number_of(value: Value) -> float | None:
    """A channel's value as a number, or None when it is none (or not finite)."""
    if value is None or isinstance(value, tuple):
        return None
    try:
        number = float(value)
    except ValueError:
        return None
    return number if math.isfinite(number) else None


def join_or_none(items: Iterable[str]) -> str:
    text = ", ".join(item for item in items if item)
    return text or NONE_TEXT


def weapons_summary(items: Iterable[str]) -> str:
    """``("M61A1 6", "AIM-7E-2 x2", "AIM-9B x2")`` → ``GUN 6 MSL 4``: what is left, counted
    (Birds of Prey's weapons text)."""
    items = tuple(items)
    gun = missiles = 0
    for item in items:
        name, _, count = item.strip().rpartition(" ")
        if not name:
            continue
        if count.startswith("x") and count[1:].isdigit():
            missiles += int(count[1:])
        elif count.isdigit():
            gun += int(count)
    if not gun and not missiles:
        return join_or_none(items)
    return " ".join(
        part
        for part in (f"GUN {gun}" if gun else "", f"MSL {missiles}" if missiles else "")
        if part
    )


CREW_STATE_WORDS = {
    "grey_out": "grey",
    "black_out": "black",
    "loc": "LOC",
    "killed": "KIA",
    "wounded": "WIA",
}
"""Short words for the crew states Birds of Prey writes (``pilot: wounded grey_out``)."""
CREW_SEAT_LETTERS = {"pilot": "P", "back seat": "R"}
"""Seat letters for two-seaters: P the pilot, R the rear seat."""


def crew_summary(text: str) -> str:
    """``pilot: loc`` → ``LOC``; ``back seat: grey_out`` → ``R grey``;
    ``pilot: loc, back seat: killed`` → ``P LOC R KIA``: the worst news, short."""
    if not text or text == "ok":
        return text or ""
    items = [item.partition(": ") for item in text.split(", ")]
    seat_named = len(items) > 1 or items[0][0] != "pilot"
    parts = []
    for seat, _, states in items:
        words = " ".join(CREW_STATE_WORDS.get(word, word) for word in states.split())
        parts.append(f"{CREW_SEAT_LETTERS.get(seat, seat)} {words}" if seat_named else words)
    return " ".join(parts)


def written(value: Value, fmt: ValueFormat, decimals: int = 0) -> str:
    """``value`` written as ``fmt`` says ("" for nothing); ``ids`` are written as they are
    (the panels put callsigns in their place, which needs the snapshot)."""
    if fmt in ("number", "compact", "thousands"):
        number = number_of(value)
        if number is None:
            return ""
        if fmt == "thousands":
            return f"{round(number, -1):,.0f}"
        if fmt == "compact":
            scale = 10**decimals
            units = round(number * scale)
            if units % scale == 0:
                return f"{units // scale:d}"
            return f"{units / scale:.{decimals}f}".rstrip("0").rstrip(".")
        return f"{number:.{decimals}f}"
    if fmt == "ids":
        return ", ".join(ids_of(value))
    if fmt == "weapons":
        items = ids_of(value)
        return weapons_summary(items) if items else ""
    if fmt == "crew":
        return crew_summary(text_of(value))
    return text_of(value)


def gauge_text(state: EntityState, gauge: GaugeSpec) -> str:
    """What a gauge tile shows for ``state``: its channel now (or its mean over the turn
    flown so far), or an em dash when the timeline has none."""
    value: Value = (
        state.turn_means.get(gauge.channel) if gauge.turn_mean else state.value(gauge.channel)
    )
    return written(value, gauge.format, gauge.decimals) or NONE_TEXT


def warns(text: str) -> bool:
    """A warning row's value says something worth amber: anything but nothing or ``ok``."""
    return text not in ("", "ok", NONE_TEXT)
