"""The shot log: every shot of a fight as a record an instructor can read out.

A record is a gunshot (its hit or miss folded in), a gun attack that fired nothing (the
pipper not on, no shots left), a missile launch (or a failed one), a missile's result (its
attack, or its loss in flight) or a kill.  Each carries its time, game-turn, shooter,
target, the range and the AA/ATA from the shooter to the target at that tick (from the
positions, :func:`sim.debrief.series.pair_geometry`), the table the rules read, the dice
rolled for it and the outcome.

Birds of Prey is read fully: its events' ``data`` give the gun table column and modifier,
the launch roll and its target number, the missile's attack and defense columns, and the
``dice`` events recorded with every roll are matched to the shot by their purpose text
(:mod:`engine.bop.purposes`: ``"pipper on, gun attack, Viper 1 on Bandit 1, turn 3"``).
Any other rule set's shot-like events (:mod:`sim.debrief.kinds`) become records of their
kind and detail, with the shooter and target their entities name.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from models.timeline import Event, Timeline
from sim.debrief.kinds import base_kind, shot_role, victim_first
from sim.debrief.series import FloatArray, nearest_tick, pair_geometry
from sim.report.content import turn_of

FT_PER_FP = 400.0
"""A Flight Point of range is a 400 ft hex."""
_FAILED_WEAPON = re.compile(r"'s (.+?) fails to launch")


@dataclass(frozen=True, slots=True)
class DiceRoll:
    """One recorded roll that decided a shot."""

    die: str
    """``percentile``, ``d10``, ``2d6``."""
    roll: int
    purpose: str
    """What the roll was for, as the engine recorded it."""
    pips: int | None = None
    column: int | None = None
    modifier: int | None = None

    @classmethod
    def from_event(cls, event: Event) -> DiceRoll:
        data = event.data
        purpose = event.detail.split(" for ", 1)[-1]
        purpose = purpose.rsplit(": ", 1)[0] if "pips" in data else purpose

        def number(key: str) -> int | None:
            value = data.get(key)
            return int(value) if isinstance(value, int | float) else None

        return cls(
            die=str(data.get("kind", "die")),
            roll=number("roll") or number("value") or 0,
            purpose=purpose,
            pips=number("pips"),
            column=number("column"),
            modifier=number("modifier"),
        )

    def text(self) -> str:
        """``pipper on: percentile 86, column 6 → 4 pips``."""
        read = []
        if self.column is not None and self.pips is not None:
            read.append(f"column {self.column}")
        if self.modifier:
            read.append(f"{self.modifier:+d}")
        table = f", {' '.join(read)}" if read else ""
        pips = f" → {self.pips} pips" if self.pips is not None else ""
        return f"{self.purpose}: {self.die} {self.roll}{table}{pips}"

    def as_dict(self) -> dict[str, Any]:
        return {
            "die": self.die,
            "roll": self.roll,
            "purpose": self.purpose,
            "pips": self.pips,
            "column": self.column,
            "modifier": self.modifier,
        }


@dataclass(frozen=True, slots=True)
class ShotRecord:
    """One line of the shot log."""

    t_s: float
    turn: int
    what: str
    """``gunshot``, ``gun miss``, ``launch``, ``launch failed``, ``missile hit``,
    ``missile miss``, ``missile defeated``, …, ``kill``; another rule set's event kind in
    words (``otl fire``)."""
    event_kind: str
    shooter: str
    """Its id; empty when the event names none (a kill with no hit before it)."""
    target: str
    weapon: str = ""
    missile: str = ""
    """The missile's id, for a launch or a missile's result."""
    range_ft: float = math.nan
    """From the shooter to the target at the tick, from their positions."""
    range_fp: float | None = None
    """The range the rules used, in their Flight Points, when the event gives it."""
    aa_deg: float = math.nan
    ata_deg: float = math.nan
    table: str = ""
    """The table read and what came of it, in the rules' words."""
    dice: tuple[DiceRoll, ...] = ()
    outcome: str = ""
    detail: str = ""
    """The event's own words."""

    def as_dict(self) -> dict[str, Any]:
        def finite(value: float) -> float | None:
            return round(value, 1) if math.isfinite(value) else None

        return {
            "t_s": round(self.t_s, 3),
            "turn": self.turn,
            "what": self.what,
            "event_kind": self.event_kind,
            "shooter": self.shooter,
            "target": self.target,
            "weapon": self.weapon,
            "missile": self.missile,
            "range_ft": finite(self.range_ft),
            "range_fp": self.range_fp,
            "aa_deg": finite(self.aa_deg),
            "ata_deg": finite(self.ata_deg),
            "table": self.table,
            "dice": [d.as_dict() for d in self.dice],
            "outcome": self.outcome,
            "detail": self.detail,
        }


class _Dice:
    """The fight's ``dice`` events by time, each handed to one shot at most."""

    def __init__(self, events: Iterable[Event]) -> None:
        self._by_time: dict[float, list[Event]] = {}
        self._used: set[int] = set()
        for event in events:
            if event.kind == "dice":
                self._by_time.setdefault(event.t_s, []).append(event)

    def take(self, t_s: float, needles: Sequence[str], first_only: bool = False) -> list[DiceRoll]:
        """The unused rolls at ``t_s`` whose purpose holds one of ``needles`` (only the first
        such with ``first_only``), marked used."""
        found: list[DiceRoll] = []
        for event in self._by_time.get(t_s, []):
            if id(event) in self._used or not any(n and n in event.detail for n in needles):
                continue
            self._used.add(id(event))
            found.append(DiceRoll.from_event(event))
            if first_only:
                break
        return found


class _Geometry:
    """Range and angles between pairs of entities, each pair computed once."""

    def __init__(self, timeline: Timeline) -> None:
        self.timeline = timeline
        self._known = set(timeline.entity_ids)
        self._pairs: dict[tuple[str, str], dict[str, FloatArray]] = {}

    def at(self, shooter: str, target: str, t_s: float) -> tuple[float, float, float]:
        """(range ft, AA, ATA) from ``shooter`` to ``target`` at the tick nearest ``t_s``."""
        if shooter not in self._known or target not in self._known or shooter == target:
            return math.nan, math.nan, math.nan
        key = (shooter, target)
        if key not in self._pairs:
            self._pairs[key] = pair_geometry(self.timeline, shooter, target)
        geometry = self._pairs[key]
        if not geometry or not self.timeline.ticks:
            return math.nan, math.nan, math.nan
        k = nearest_tick(np.asarray(self.timeline.t_s, dtype=np.float64), t_s)
        if k > 0 and not math.isfinite(geometry["range_ft"][k]):
            k -= 1  # one of them left play at this tick (shot down by this very shot)
        return (
            float(geometry["range_ft"][k]),
            float(geometry["aa_deg"][k]),
            float(geometry["ata_deg"][k]),
        )


def _number(data: dict[str, Any], key: str) -> float | None:
    value = data.get(key)
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None


class _Reader:
    """Walks the events in order, building records."""

    def __init__(self, timeline: Timeline) -> None:
        self.timeline = timeline
        self.kinds = {e.id: e.kind for e in timeline.meta.entities}
        self.names = {e.id: e.callsign for e in timeline.meta.entities}
        self.dice = _Dice(timeline.meta.events)
        self.geometry = _Geometry(timeline)
        self.records: list[ShotRecord] = []
        self.open_gunshots: dict[tuple[float, str, str, str], int] = {}
        self.launched: dict[str, tuple[str, str]] = {}
        """Missile id → (launcher, weapon)."""
        self.last_hit_by: dict[str, str] = {}

    def name(self, entity: str) -> str:
        return self.names.get(entity, entity)

    def turn(self, event: Event) -> int:
        turn = _number(event.data, "turn")
        return int(turn) if turn is not None else turn_of(self.timeline, event.t_s)

    def roles(self, event: Event) -> tuple[str, str, str]:
        """(shooter, target, missile) of a shot-like event."""
        data = event.data
        missiles = [e for e in event.entities if self.kinds.get(e) == "missile"]
        missile = str(data.get("missile") or (missiles[0] if missiles else ""))
        others = [e for e in event.entities if self.kinds.get(e) != "missile"]
        if victim_first(event.kind):
            others = others[1:2] + others[:1]
        shooter = str(data.get("launcher") or "")
        if not shooter and missile in self.launched:
            shooter = self.launched[missile][0]
        if not shooter and others:
            shooter = others[0]
        target = str(data.get("target") or next((e for e in others if e != shooter), ""))
        return shooter, target, missile

    def record(self, event: Event, what: str, **fields: Any) -> ShotRecord:
        shooter, target, missile = self.roles(event)
        fields.setdefault("shooter", shooter)
        fields.setdefault("target", target)
        fields.setdefault("missile", missile)
        range_ft, aa, ata = self.geometry.at(fields["shooter"], fields["target"], event.t_s)
        return ShotRecord(
            t_s=event.t_s,
            turn=self.turn(event),
            what=what,
            event_kind=event.kind,
            range_ft=range_ft,
            aa_deg=aa,
            ata_deg=ata,
            detail=event.detail,
            **fields,
        )

    # -- Birds of Prey's guns ---------------------------------------------------------------
    def gun_attack(self, event: Event, shooter: str, target: str) -> str:
        return f"gun attack, {self.name(shooter)} on {self.name(target) or 'target'}"

    def gunshot(self, event: Event) -> None:
        shooter, target, _ = self.roles(event)
        data, turn = event.data, self.turn(event)
        attack = f"{self.gun_attack(event, shooter, target)}, turn {turn}"
        gun = str(data.get("gun", ""))
        dice = self.dice.take(event.t_s, [f"pipper on, {attack}"], first_only=True)
        dice += self.dice.take(event.t_s, [f"{attack} ({gun}", f"critical hits, {attack} ({gun})"])
        column, modifier = _number(data, "column"), _number(data, "modifier")
        table = f"{data.get('shot', '')} shot".strip()
        if column is not None:
            table += f", gun table column {column:.0f}"
        if modifier is not None:
            table += f", roll modifier {modifier:+.0f}"
        self.open_gunshots[(event.t_s, shooter, target, gun)] = len(self.records)
        self.records.append(
            self.record(
                event,
                "gunshot",
                weapon=gun,
                range_fp=_number(data, "range_fp"),
                table=table,
                dice=tuple(dice),
                outcome="fired",
            )
        )

    def gun_result(self, event: Event) -> bool:
        """Fold a fired gun's hit or miss into its gunshot; False when there is none."""
        shooter, target, _ = self.roles(event)
        key = (event.t_s, shooter, target, str(event.data.get("gun", "")))
        index = self.open_gunshots.pop(key, None)
        if index is None:
            return False
        shot = self.records[index]
        damage, crits = _number(event.data, "damage_points"), _number(event.data, "critical_hits")
        if event.kind == "hit":
            outcome = f"hit: {damage or 0:.0f} damage points, {crits or 0:.0f} critical hits"
            self.last_hit_by[target] = shooter
            needle = f"on {self.name(target)}, by {self.name(shooter)}, turn {self.turn(event)}"
            extra = tuple(self.dice.take(event.t_s, [needle]))
        else:
            outcome, extra = "miss", ()
        self.records[index] = replace(
            shot, outcome=outcome, dice=shot.dice + extra, detail=f"{shot.detail}; {event.detail}"
        )
        return True

    def gun_miss(self, event: Event) -> None:
        shooter, target, _ = self.roles(event)
        data = event.data
        attack = f"{self.gun_attack(event, shooter, target)}, turn {self.turn(event)}"
        dice = self.dice.take(event.t_s, [f"pipper on, {attack}"], first_only=True)
        if "pipper_final" in data:
            column = _number(data, "pipper_column") or 0.0
            final = _number(data, "pipper_final") or 0.0
            table = f"{data.get('shot', '')} shot, Pipper On column {column:.0f}"
            table += f", result {final:+.0f}"
            outcome = "pipper not on: no shot fired"
        else:
            table, outcome = f"{data.get('shot', '')} shot".strip(), "no shot fired"
        self.records.append(
            self.record(
                event,
                "gun miss",
                weapon=str(data.get("gun", "")),
                range_fp=_number(data, "range_fp"),
                table=table.strip(", "),
                dice=tuple(dice),
                outcome=outcome,
            )
        )

    # -- missiles ----------------------------------------------------------------------------
    def launch(self, event: Event) -> None:
        shooter, _target, missile = self.roles(event)
        data = event.data
        weapon = str(data.get("type", ""))
        if not weapon:
            failed = _FAILED_WEAPON.search(event.detail)
            weapon = failed.group(1) if failed else ""
        launched = data.get("launched", True) is not False
        if missile:
            self.launched[missile] = (shooter, weapon)
        roll, needed = _number(data, "roll"), _number(data, "target_number")
        table = (
            f"launch roll {roll:.0f}, needs below {needed:.0f}"
            if roll is not None and needed is not None
            else ""
        )
        turn = self.turn(event)
        dice = self.dice.take(
            event.t_s, [f"missile launch, {shooter} {weapon}, turn {turn}"], first_only=True
        )
        range_fp = _number(data, "range_fp")
        if launched:
            outcome = "launched" + (f" at {range_fp:.0f} FP" if range_fp is not None else "")
        else:
            outcome = "failed to launch"
        self.records.append(
            self.record(
                event,
                "launch" if launched else "launch failed",
                weapon=weapon,
                range_fp=range_fp,
                table=table,
                dice=tuple(dice),
                outcome=outcome,
            )
        )

    def missile_result(self, event: Event) -> None:
        shooter, target, missile = self.roles(event)
        data = event.data
        weapon = str(data.get("type") or self.launched.get(missile, ("", ""))[1])
        turn = self.turn(event)
        needles = [f"{missile} {weapon} on {target}, turn {turn}"]
        attack, defense = _number(data, "attack_result"), _number(data, "defense_result")
        table = ""
        if attack is not None and defense is not None:
            table = (
                f"attack column {_number(data, 'attack_column') or 0:.0f} → {attack:.0f} pips "
                f"against defense column {_number(data, 'defense_column') or 0:.0f} → "
                f"{defense:.0f} pips" + (" (defending)" if data.get("defending") else "")
            )
        word = base_kind(event.kind).replace("_", " ")
        if event.kind == "hit":
            damage, crits = _number(data, "damage_points"), _number(data, "critical_hits")
            outcome = "hit"
            if damage is not None:
                outcome += f": {damage:.0f} damage points, {crits or 0:.0f} critical hits"
            self.last_hit_by[target] = shooter
            if "who" in data:
                needles.append(f"on {self.name(target)}, by {data['who']}, turn {turn}")
        elif event.kind == "miss":
            outcome = "miss"
        else:
            outcome = event.detail.split(": ", 1)[-1] if ": " in event.detail else word
            outcome = f"{word}: {outcome}" if outcome != word else word
        self.records.append(
            self.record(
                event,
                f"missile {word}",
                weapon=weapon,
                table=table,
                dice=tuple(self.dice.take(event.t_s, needles)),
                outcome=outcome,
            )
        )

    # -- kills and everything else ---------------------------------------------------------
    def kill(self, event: Event) -> None:
        victim = event.entities[0] if event.entities else ""
        named = [e for e in event.entities[1:] if self.kinds.get(e) != "missile"]
        shooter = named[0] if named else self.last_hit_by.get(victim, "")
        credited = f", credited to {self.name(shooter)}" if shooter and not named else ""
        self.records.append(
            self.record(
                event,
                "kill",
                shooter=shooter,
                target=victim,
                outcome=f"{self.name(victim)} out of the fight{credited}",
            )
        )

    def generic(self, event: Event) -> None:
        data = event.data
        shooter, target, missile = self.roles(event)
        if event.kind == "launch" and missile:
            self.launched[missile] = (shooter, str(data.get("type", "")))
        hit = data.get("hit")
        hits = _number(data, "hits")
        if isinstance(hit, bool):
            outcome = "hit" if hit else "miss"
        elif hits is not None:
            outcome = f"{hits:.0f} hits" if hits else "miss"
        else:
            outcome = base_kind(event.kind).replace("_", " ")
        if base_kind(event.kind) == "hit" or hit is True or (hits or 0) > 0:
            self.last_hit_by[target] = shooter
        weapon = str(data.get("gun") or data.get("type") or data.get("weapon") or "")
        if isinstance(data.get("gun"), bool):
            weapon = "gun"
        self.records.append(
            self.record(
                event,
                event.kind.replace("_", " ").replace(".", " "),
                weapon=weapon,
                range_fp=_number(data, "range_fp"),
                outcome=outcome,
            )
        )

    def read(self, event: Event) -> None:
        role = shot_role(event.kind)
        if role is None:
            return
        data = event.data
        if role == "kill":
            self.kill(event)
        elif event.kind == "gunshot":
            self.gunshot(event)
        elif event.kind in ("hit", "miss") and data.get("fired") is True and "missile" not in data:
            if not self.gun_result(event):
                self.generic(event)
        elif event.kind == "miss" and data.get("fired") is False:
            self.gun_miss(event)
        elif event.kind == "launch" and ("launched" in data and "roll" in data):
            self.launch(event)
        elif role == "result" and "missile" in data:
            self.missile_result(event)
        else:
            self.generic(event)


def shot_log(timeline: Timeline) -> list[ShotRecord]:
    """Every shot, shot result and kill of the fight, in time order."""
    reader = _Reader(timeline)
    for event in timeline.meta.events:
        reader.read(event)
    return reader.records


def record_lines(records: Sequence[ShotRecord], names: dict[str, str]) -> list[str]:
    """The log as text, a record to a block: the headline, then the table and the dice."""
    lines: list[str] = []
    for r in records:
        who = names.get(r.shooter, r.shooter) or "?"
        whom = names.get(r.target, r.target) or "?"
        weapon = f" {r.weapon}" if r.weapon else ""
        where = []
        if math.isfinite(r.range_ft):
            fp = f" ({r.range_fp:.0f} FP)" if r.range_fp is not None else ""
            where.append(f"{r.range_ft:,.0f} ft{fp}")
        if math.isfinite(r.aa_deg):
            where.append(f"AA {r.aa_deg:.0f}° ATA {r.ata_deg:.0f}°")
        geometry = f" at {', '.join(where)}" if where else ""
        lines.append(
            f"t={r.t_s:6.1f}s turn {r.turn:>2}  {r.what}: {who}{weapon} → {whom}{geometry}: "
            f"{r.outcome}"
        )
        if r.table:
            lines.append(f"    table: {r.table}")
        lines.extend(f"    dice: {d.text()}" for d in r.dice)
        if not r.table and not r.dice and r.detail and r.what not in ("kill",):
            lines.append(f"    {r.detail}")
    return lines
