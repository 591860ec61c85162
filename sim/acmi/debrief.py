"""The recording's Debriefing: a few lines on how the fight went, from the timeline's
events (launches, hits, kills, crashes and ejections), earliest first."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from models.timeline import Event, TimelineMeta


def debriefing(meta: TimelineMeta) -> str:
    """A tally line, then one line per launch, hit, loss and ejection; empty for a fight
    in which none happened."""
    callsign = {info.id: info.callsign for info in meta.entities}
    side = {info.id: info.side for info in meta.entities}

    def name(entity: str) -> str:
        return callsign.get(entity, entity)

    lines: list[str] = []
    launches = hits = 0
    losses: Counter[str] = Counter()
    for event in meta.events:
        line = _line(event, name)
        if line is None:
            continue
        lines.append(f"{event.t_s:g} s: {line}")
        launches += event.kind == "launch"
        hits += event.kind == "hit"
        if event.kind in ("kill", "ground"):
            losses[side.get(event.entities[0], "?")] += 1
    if not lines:
        return ""
    lost = ", ".join(f"{who} {count}" for who, count in sorted(losses.items())) or "none"
    tally = (
        f"{_count(launches, 'missile launch', 'missile launches')}, {_count(hits, 'hit', 'hits')}"
    )
    return "\n".join([f"{tally}; aircraft lost: {lost}.", *lines])


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def _line(event: Event, name: Callable[[str], str]) -> str | None:
    """One event in the debrief's words; None for an event it leaves out."""
    data, ids = event.data, event.entities
    if event.kind == "launch" and data.get("launched") and len(ids) >= 2:
        target = f" at {name(str(data['target']))}" if data.get("target") else ""
        launcher = name(str(data.get("launcher", ids[1])))
        return f"{launcher} fires a {data.get('type', 'missile')}{target}"
    if event.kind == "hit" and "gun" in data and len(ids) >= 2:
        return f"{name(ids[0])} hits {name(ids[1])} with the {data['gun']}"
    if event.kind == "hit" and "missile" in data and len(ids) >= 3:
        return f"{name(ids[1])}'s {data.get('type', 'missile')} hits {name(ids[2])}"
    if event.kind == "kill" and ids:
        return f"{name(ids[0])} is shot down"
    if event.kind == "ground" and ids:
        return f"{name(ids[0])} flies into the ground"
    if event.kind == "ejection" and data.get("ejected") and ids:
        return f"{name(ids[0])}'s crew get out"
    return None
