"""Playing Darts: each round every dart turns, flies its speed in four steps, and rolls for
a gust (see the package's docstring)."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt
from pydantic import ValidationError

from engine.dice import Dice
from engine.errors import IllegalOrder, ScenarioError
from models.files import describe_validation_error
from models.scenario_common import ScenarioCommon
from models.timeline import CORE_CHANNELS, EntityInfo, Event, Timeline, TimelineMeta
from tests.rulesets.darts.declaration import DARTS
from tests.rulesets.darts.scenario import DartsOrder, DartsScenario

INCH_FT = 50.0
FT_PER_S_PER_KT = 1.6878
STEPS = DARTS.time.ticks_per_turn


class DartsGame:
    """A game of Darts in progress."""

    def __init__(self, scenario: ScenarioCommon, seed: int | None = None) -> None:
        assert isinstance(scenario, DartsScenario)
        spots = [(a.x_in, a.y_in) for a in scenario.aircraft]
        if len(set(spots)) < len(spots):
            raise ScenarioError(["aircraft: two darts start on the same spot (set-up)"])
        self.scenario = scenario
        self.seed: int = seed if seed is not None else scenario.seed or 0
        self.dice = Dice(np.random.default_rng(self.seed))
        self.turn = 0
        self.darts = {a.entity_id: a for a in scenario.aircraft}
        self.place = {
            a.entity_id: (a.x_in, a.y_in, float(a.heading_deg)) for a in scenario.aircraft
        }
        self.speed_in = {a.entity_id: a.speed_in for a in scenario.aircraft}
        self.gusts = dict.fromkeys(self.darts, 0)

    def scripted_orders(self) -> dict[str, DartsOrder]:
        return {e: a.script[min(self.turn, len(a.script) - 1)] for e, a in self.darts.items()}

    def legal(self, orders: dict[str, DartsOrder]) -> bool:
        return set(orders) <= set(self.darts)

    def play_turn(self, orders: dict[str, DartsOrder]) -> tuple[dict[str, Any], list[Event]]:
        """One round: the path of every dart step by step, its rows and events."""
        stray = sorted(set(orders) - set(self.darts))
        if stray:
            raise IllegalOrder("orders", f"no dart {stray[0]!r}", turn=self.turn + 1)
        self.turn += 1
        steps: dict[str, list[tuple[float, float, float]]] = {}
        for entity, order in orders.items():
            x, y, heading = self.place[entity]
            path = []
            for _ in range(STEPS):
                heading = (heading + order.turn_deg / STEPS) % 360.0
                x += self.speed_in[entity] / STEPS * math.sin(math.radians(heading))
                y += self.speed_in[entity] / STEPS * math.cos(math.radians(heading))
                path.append((x, y, heading))
            steps[entity] = path
            self.place[entity] = path[-1]
        events = []
        for entity in orders:
            roll = self.dice.d6(f"gust, {self.darts[entity].callsign}, round {self.turn}")
            if roll == 1 and self.speed_in[entity] > 1:
                self.speed_in[entity] -= 1
                self.gusts[entity] += 1
            events.append(
                Event(
                    t_s=self.turn * STEPS * DARTS.tick_s,
                    kind="dice",
                    entities=(entity,),
                    detail=f"d6 {roll}: gust, {self.darts[entity].callsign}",
                    data={"kind": "d6", "value": roll},
                )
            )
        return steps, events

    def run(
        self,
        turns: int | None = None,
        orders: Callable[[int], dict[str, DartsOrder]] | None = None,
        progress: Callable[[int, int], None] | None = None,
    ) -> Timeline:
        count = self.scenario.turns if turns is None else turns
        ids = list(self.darts)
        rows: list[list[tuple[float, float, float, int, int]]] = [
            [(*self.place[e], self.speed_in[e], 0)] for e in ids
        ]
        table: list[dict[str, Any]] = []
        events: list[Event] = []
        for played in range(1, count + 1):
            given = orders(played) if orders is not None else self.scripted_orders()
            steps, round_events = self.play_turn(given)
            events.extend(round_events)
            for i, e in enumerate(ids):
                rows[i].extend((*p, self.speed_in[e], self.gusts[e]) for p in steps[e])
                x, y, _ = self.place[e]
                table.append(
                    {"round": played, "dart": e, "x_in": round(x, 2), "y_in": round(y, 2),
                     "speed_in": self.speed_in[e]}
                )  # fmt: skip
            if progress is not None:
                progress(played, count)
        return self._timeline(ids, rows, table, events)

    def _timeline(
        self,
        ids: list[str],
        rows: list[list[tuple[float, float, float, int, int]]],
        table: list[dict[str, Any]],
        events: list[Event],
    ) -> Timeline:
        data = np.array(rows, dtype=np.float64)  # (darts, ticks, 5)
        x, y, heading, speed, gusts = (data[:, :, k] for k in range(5))
        alt = np.array([[a.alt_ft] for a in self.darts.values()]) * np.ones_like(x)
        half = np.radians(-heading) / 2
        zero = np.zeros_like(half)
        quat = np.stack([np.cos(half), zero, zero, np.sin(half)], axis=-1)
        labels: npt.NDArray[Any] = np.array([[f"{v:,.0f} ft" for v in r] for r in alt], "<U16")
        channels: dict[str, npt.NDArray[Any]] = {
            "x_ft": x * INCH_FT,
            "y_ft": y * INCH_FT,
            "z_ft": alt,
            "quat_wxyz": quat,
            "speed_kt": speed * INCH_FT / DARTS.time.turn_s / FT_PER_S_PER_KT,
            "active": np.ones(x.shape, dtype=bool),
            "throttle": np.full(x.shape, np.nan),
            "throttle_label": np.full(x.shape, "", dtype="<U8"),
            "alt_label": labels,
            "pos_label": np.full(x.shape, "table", dtype="<U8"),
            "darts.speed_in": speed.astype(np.int32),
            "darts.gusts": gusts.astype(np.int32),
        }
        meta = TimelineMeta(
            rules=DARTS.name,
            seed=self.seed,
            scenario=self.scenario.name,
            description=self.scenario.description,
            reference=self.scenario.reference,
            tick_s=DARTS.tick_s,
            ticks_per_turn=DARTS.ticks_per_turn,
            turn_word=DARTS.time.turn_word,
            substep_word=DARTS.time.substep_word,
            scale=DARTS.map,
            channels={**CORE_CHANNELS, **DARTS.channel_specs()},
            hud=DARTS.hud,
            entities=tuple(
                EntityInfo(id=e, callsign=a.callsign, type_id=a.type, side=a.side, pilot="script")
                for e, a in self.darts.items()
            ),
            events=tuple(events),
            turn_table=tuple(table),
        )
        return Timeline(meta, np.arange(x.shape[1]) * DARTS.tick_s, channels)


def problems(raw: dict[str, Any]) -> list[str]:
    """Every problem of a Darts scenario's table: the model's, then the set-up's."""
    try:
        scenario = DartsScenario.model_validate(raw)
    except ValidationError as error:
        return describe_validation_error(error, raw)
    try:
        DartsGame(scenario)
    except ScenarioError as error:
        return error.problems
    return []


def playthrough(scenario: ScenarioCommon, timeline: Timeline) -> str:
    """Darts' golden text: each dart's place after each round, then the dice."""
    columns = DARTS.summary_columns
    lines = [f"# {scenario.name} (seed {timeline.meta.seed})", " ".join(columns)]
    lines.extend(" ".join(str(row[c]) for c in columns) for row in timeline.meta.turn_table)
    lines.extend(f"event {e.t_s:.1f} {e.kind} {e.detail}" for e in timeline.meta.events)
    return "\n".join(lines) + "\n"
