"""A small stand-in for the game the ground war runs in (PhantomsGame cannot be built
until the movement and marking modules land): exactly what GroundWar reads of the game."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from engine.dice import Dice
from engine.phantoms.ground_war import GroundWar
from engine.phantoms.hexgrid import centre_ft, level_ft
from engine.phantoms.state import PlaneState
from models.phantoms.ground import GroundUnit
from models.phantoms.scenario import (
    AiSetup,
    PhantomsAircraft,
    PhantomsOptions,
    PhantomsScenario,
    Site,
)
from tests.phantoms.intruders.cards import plane as test_plane

TICKS_PER_TURN = 100


@dataclass
class Logged:
    kind: str
    entities: tuple[str, ...]
    detail: str
    data: dict[str, Any]
    turn: int
    impulse: int


class StandInWriter:
    """The timeline writer's two things the ground war reads."""

    def __init__(self, game: StandInGame) -> None:
        self.game = game
        self.xyz: dict[str, list[npt.NDArray[np.float64]]] = {}

    def tick_now(self) -> int:
        game = self.game
        if game.turn <= 0:
            return 0
        return (game.turn - 1) * TICKS_PER_TURN + game.impulse * (TICKS_PER_TURN // game.impulses)


@dataclass
class StandInGame:
    scenario: PhantomsScenario
    planes: dict[str, PlaneState]
    setups: dict[str, PhantomsAircraft]
    dice: Dice
    turn: int = 1
    impulse: int = 1
    impulses: int = 10
    visibility_hexes: int | None = None
    overflights: set[str] = field(default_factory=set)
    events: list[Logged] = field(default_factory=list)
    kills: list[tuple[str, str, bool | None]] = field(default_factory=list)
    cm: dict[str, tuple[int, int]] = field(default_factory=dict)
    writer: StandInWriter = field(init=False)

    def __post_init__(self) -> None:
        self.writer = StandInWriter(self)

    def _event(self, kind: str, entities: tuple[str, ...], detail: str, **data: Any) -> Logged:
        event = Logged(kind, entities, detail, dict(data), self.turn, self.impulse)
        self.events.append(event)
        return event

    def _kill(self, plane: PlaneState, how: str, ejected: bool | None = None) -> None:
        self.kills.append((plane.id, how, ejected))

    def countermeasures_of(self, plane: PlaneState) -> tuple[int, int]:
        return self.cm.get(plane.id, (0, 0))

    def spotted_by_side(self, target_id: str, side: str) -> bool:
        return False

    def kinds(self, *kinds: str) -> list[Logged]:
        return [e for e in self.events if e.kind in kinds]

    def record_still_tracks(self, count: int) -> None:
        """Every aircraft drawn standing at its hex and level for ``count`` ticks."""
        for pid, plane in self.planes.items():
            x_ft, y_ft = centre_ft(plane.hex)
            self.writer.xyz[pid] = [np.tile([x_ft, y_ft, level_ft(plane.level)], (count, 1))]


def site(id_: str, kind: str, type_: str | None, hex_: str, side: str = "nva", **more: Any) -> Site:
    unit = GroundUnit.model_validate({"id": id_, "kind": kind, "type": type_, "hex": hex_, **more})
    return Site(**unit.model_dump(), side=side)


def aircraft(
    id_: str,
    *,
    hex_: str = "0,0",
    facing: int = 0,
    level: int = 2,
    side: str = "us",
    moved: bool = True,
    **card: Any,
) -> PlaneState:
    state = test_plane(id_=id_, hex_=hex_, facing=facing, level=level, moved=moved, **card)
    state.side = side
    return state


def setup_of(
    plane: PlaneState,
    *,
    role: str = "fighter",
    target: str | None = None,
    profile: str = "dive",
    stores: dict[str, int] | None = None,
) -> PhantomsAircraft:
    return PhantomsAircraft(
        callsign=plane.id,
        id=plane.id,
        type=plane.card.id,
        side=plane.side,
        hex=str(plane.hex),
        facing=plane.facing,
        level=plane.level,
        speed=plane.speed,
        ai=AiSetup.model_validate({"role": role, "target": target, "profile": profile}),
        stores=stores or {},
    )


def ground_war(
    sites: list[Site],
    planes: list[PlaneState],
    dice: Dice,
    *,
    setups: dict[str, PhantomsAircraft] | None = None,
    options: dict[str, Any] | None = None,
    impulses: int = 10,
) -> tuple[GroundWar, StandInGame]:
    found = dict(setups or {})
    for p in planes:
        found.setdefault(p.id, setup_of(p))
    scenario = PhantomsScenario(
        name="ground war test",
        rules="phantoms",
        aircraft=tuple(found.values()),
        ground=tuple(sites),
        options=PhantomsOptions.model_validate(options or {}),
    )
    game = StandInGame(scenario, {p.id: p for p in planes}, found, dice, impulses=impulses)
    return GroundWar(game), game
