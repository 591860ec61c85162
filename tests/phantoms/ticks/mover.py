"""A tiny stand-in for the movement rules, enough to build legal MoveSteps for the tests:
each order is what one impulse's Movement Segment did."""

from __future__ import annotations

from engine.hexmap import Hex
from engine.phantoms.hexgrid import ahead, heading_deg
from engine.phantoms.state import MoveStep
from models.phantoms.common import TURN_HEXSIDES, Maneuver

MANEUVER_WORDS: dict[str, Maneuver] = {
    "S": "S",
    "LT": "LT",
    "RT": "RT",
    "LHT": "LHT",
    "RHT": "RHT",
    "LS": "LS",
    "RS": "RS",
    "LOOP": "LOOP",
}


def fly(
    orders: list[str],
    start: Hex | None = None,
    facing: int = 0,
    level: int = 5,
    speed: int = 5,
    slip_path_both: bool = False,
) -> list[MoveStep]:
    """Orders, one an impulse: ``-`` (no move), ``S``, ``RT``, ``LHT``, ``RS``, ``LOOP``...
    with an optional ``+1``/``-1`` climb or dive on entering the hex, ``fall``, ``crash``,
    ``still`` (out of control, not falling), ``recoverN`` (regain control, turning N
    hexsides clockwise), ``stall`` (a straight move that leaves speed 0)."""
    steps: list[MoveStep] = []
    here = Hex(0, 0) if start is None else start
    for impulse, order in enumerate(orders, start=1):
        if order in ("-", "still"):
            steps.append(_step(impulse, "still", here, facing, level, here, facing, level, speed))
            continue
        if order == "fall":
            steps.append(_step(impulse, "fall", here, facing, level, here, facing, level - 1, 1))
            level -= 1
            continue
        if order == "crash":
            steps.append(_step(impulse, "crash", here, facing, level, here, facing, -1, 1))
            level = 0
            continue
        if order.startswith("recover"):
            new = (facing + int(order[len("recover") :])) % 6
            steps.append(_step(impulse, "recover", here, facing, level, here, new, level, 1))
            facing = new
            continue
        word, change = order, 0
        if "+" in order or order[1:].count("-"):
            cut = max(order.rfind("+"), order.rfind("-"))
            word, change = order[:cut], int(order[cut:])
        stall = word == "stall"
        maneuver = None if stall or word == "S" else MANEUVER_WORDS[word]
        marker = ahead(here, facing)
        to_hex = marker
        new_facing = facing
        path: tuple[Hex, ...] = (marker,)
        if maneuver in ("RS", "LS"):
            side = 120 if maneuver == "RS" else 240
            to_hex = marker.neighbour((heading_deg(facing) + side) % 360)
            path = (marker, to_hex) if slip_path_both else (marker,)
        elif maneuver is not None:
            new_facing = (facing + TURN_HEXSIDES[maneuver]) % 6
        step = MoveStep(
            plane_id="p",
            turn=1,
            impulse=impulse,
            kind="move",
            from_hex=here,
            from_facing=facing,
            from_level=level,
            to_hex=to_hex,
            to_facing=new_facing,
            to_level=level + change,
            speed=0 if stall else speed,
            path=path,
            maneuver=maneuver,
            level_change=change,
        )
        steps.append(step)
        here, facing, level = to_hex, new_facing, level + change
    return steps


def _step(
    impulse: int,
    kind: str,
    here: Hex,
    facing: int,
    level: int,
    to_hex: Hex,
    to_facing: int,
    to_level: int,
    speed: int,
) -> MoveStep:
    return MoveStep(
        plane_id="p",
        turn=1,
        impulse=impulse,
        kind=kind,  # type: ignore[arg-type]
        from_hex=here,
        from_facing=facing,
        from_level=level,
        to_hex=to_hex,
        to_facing=to_facing,
        to_level=to_level,
        speed=speed,
    )
