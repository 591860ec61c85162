"""``furball phad …``: PHAD distances, angles, turns, rolls and pitch-downs at the table."""

from __future__ import annotations

import argparse
from typing import Any

from engine.phad import (
    Attitude,
    Cell,
    InvalidAttitude,
    InvalidCell,
    MovementVector,
    angles_between,
    aspect,
    distance,
)
from engine.phad.pitchdown import pitch_down, pitch_down_options
from sim.cli.arguments import Bounded

TURN_CELLS = Bounded(0, 14, "cells", whole=True)
"""A turn of at most one full ring: 12 cells, 14 round an Aspect ring."""
ROLL_CELLS = Bounded(-14, 14, "cells", whole=True)
PITCHDOWN_CELLS = Bounded(0, 12, "cells", whole=True)

EXAMPLES = """\
examples:
  furball phad distance 030+30 090-30
  furball phad turn --nose 015+00 --canopy All+90 --wing 105+00 --cells 3
  furball phad roll --nose 015+00 --canopy All+90 --wing 105+00 --cells -2
  furball phad angles --nose 015+00 --canopy All+90 --wing 105+00 --bearing 045+00
  furball phad ACTION --help                     each action's options
"""


def register(commands: Any) -> None:
    phad = commands.add_parser(
        "phad",
        help="PHAD player aid: distances, angles, turns, rolls",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    actions = phad.add_subparsers(
        dest="action",
        required=True,
        parser_class=type(phad),
        metavar="{distance,angles,turn,roll,pitchdown}",
    )

    dist = actions.add_parser("distance", help="cells between two PHAD cells")
    dist.add_argument("a", metavar="A", help="a cell, e.g. 030+30")
    dist.add_argument("b", metavar="B", help="a cell, e.g. 090-30")
    _json(dist)
    dist.set_defaults(handler=_distance)

    angles = actions.add_parser("angles", help="AoN, AoC and aspect of a bearing")
    _marks(angles)
    angles.add_argument("--bearing", required=True, help="bearing cell to the target")
    angles.add_argument("--target-nose", help="target's Nose (adds AoT, TCA, LCA, reciprocals)")
    angles.add_argument("--target-canopy", help="target's Canopy")
    angles.add_argument("--target-wing", help="target's right Wing")
    _json(angles)
    angles.set_defaults(handler=_angles)

    turn = actions.add_parser("turn", help="end marks and movement vector of a turn")
    _marks(turn)
    turn.add_argument(
        "--cells",
        type=TURN_CELLS,
        required=True,
        help=f"cells turned (30° each), {TURN_CELLS.limits}: a full ring is 12, or 14 round "
        "an Aspect ring",
    )
    turn.add_argument("--negative", action="store_true", help="negative-load turn (push)")
    _json(turn)
    turn.set_defaults(handler=_turn)

    roll = actions.add_parser("roll", help="marks after rolling (positive right, negative left)")
    _marks(roll)
    roll.add_argument(
        "--cells",
        type=ROLL_CELLS,
        required=True,
        help=f"cells rolled, {ROLL_CELLS.limits}; negative = left",
    )
    _json(roll)
    roll.set_defaults(handler=_roll)

    down = actions.add_parser("pitchdown", help="marks after an unloaded pitch-down")
    _marks(down)
    down.add_argument("--velocity", help="Velocity mark when separated from the Nose")
    down.add_argument(
        "--amount",
        type=PITCHDOWN_CELLS,
        required=True,
        help=f"pitchdown-amount in cells, {PITCHDOWN_CELLS.limits}",
    )
    down.add_argument("--side", choices=("cw", "ccw"), help="border choice for the Nose")
    _json(down)
    down.set_defaults(handler=_pitchdown)


def _json(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print JSON")


def _marks(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--nose", required=True, help="Nose cell, e.g. 045+00")
    parser.add_argument("--canopy", required=True, help="Canopy cell, e.g. 315+00")
    parser.add_argument("--wing", required=True, help="right Wing cell, e.g. All+90")


def _cell(text: str, option: str) -> Cell:
    """Parse a cell given on the command line, naming the option when it is bad."""
    try:
        return Cell.parse(text)
    except InvalidCell as error:
        raise ValueError(f"{option}: {error}") from None


def _attitude(args: argparse.Namespace, prefix: str = "") -> Attitude:
    option = "--" + prefix.replace("_", "-")
    velocity = getattr(args, prefix + "velocity", None)
    return Attitude(
        nose=_cell(getattr(args, prefix + "nose"), option + "nose"),
        canopy=_cell(getattr(args, prefix + "canopy"), option + "canopy"),
        wing=_cell(getattr(args, prefix + "wing"), option + "wing"),
        velocity=_cell(velocity, option + "velocity") if velocity else None,
    )


def _marks_json(attitude: Attitude) -> dict[str, str]:
    marks = {"nose": str(attitude.nose), "canopy": str(attitude.canopy), "wing": str(attitude.wing)}
    if attitude.is_separated:
        marks["velocity"] = str(attitude.velocity)
        marks["lift"] = str(attitude.lift)
    return marks


def _vector_json(vector: MovementVector) -> dict[str, Any]:
    if isinstance(vector, Cell):
        return {"cell": str(vector)}
    return {"edge": [str(vector.first), str(vector.second)]}


def _distance(args: argparse.Namespace) -> tuple[str, dict[str, Any]]:
    a, b = _cell(args.a, "A"), _cell(args.b, "B")
    cells = distance(a, b)
    return f"{a} to {b}: {cells} cells", {"from": str(a), "to": str(b), "distance": cells}


def _angles(args: argparse.Namespace) -> tuple[str, dict[str, Any]]:
    aircraft = _attitude(args)
    bearing = _cell(args.bearing, "--bearing")
    target_marks = (args.target_nose, args.target_canopy, args.target_wing)
    if any(target_marks) and not all(target_marks):
        raise ValueError("give all three of --target-nose, --target-canopy, --target-wing")
    found = aspect(aircraft, bearing)
    data: dict[str, Any] = {
        "bearing": str(bearing),
        "reciprocal_bearing": str(bearing.antipode()),
        "aon": found.aon,
        "aoc": found.aoc,
        "aspect": [found.aon, found.aoc],
    }
    lines = [
        f"bearing {bearing} (reciprocal {bearing.antipode()})",
        f"AoN {found.aon}  AoC {found.aoc}  aspect {found}",
    ]
    if all(target_marks):
        try:
            target = _attitude(args, "target_")
        except InvalidAttitude as error:
            raise ValueError(f"target's marks: {error}") from None
        every = angles_between(aircraft, target, bearing)
        data.update(
            aot=every.aot,
            tca=every.tca,
            lca=every.lca,
            reciprocal_aon=every.reciprocal_aon,
            reciprocal_aoc=every.reciprocal_aoc,
            reciprocal_aspect=[every.reciprocal_aon, every.reciprocal_aoc],
        )
        lines.append(f"AoT {every.aot}  TCA {every.tca}  LCA {every.lca}")
        lines.append(
            f"reciprocal AoN {every.reciprocal_aon}  reciprocal AoC {every.reciprocal_aoc}"
            f"  target's aspect {every.reciprocal_aspect}"
        )
    return "\n".join(lines), data


def _turn(args: argparse.Namespace) -> tuple[str, dict[str, Any]]:
    start = _attitude(args)
    plotted = start.plot_turn(args.cells, negative_load=args.negative)
    load = "negative" if args.negative else "positive"
    lines = [
        f"{load}-load turn of {args.cells} cells ({30 * args.cells}°) about Wing {start.wing}",
        f"end:             {plotted.attitude}",
        f"movement vector: {plotted.movement_vector}",
        f"Nose path:       {' '.join(str(c) for c in plotted.nose_path)}",
    ]
    if start.turn_ring_cells() != 12:
        lines.append(f"note: the path around Wing {start.wing} is 14 cells (Aspect)")
    data = {
        "start": _marks_json(start),
        "end": _marks_json(plotted.attitude),
        "movement_vector": _vector_json(plotted.movement_vector),
        "nose_path": [str(c) for c in plotted.nose_path],
        "ring_cells": start.turn_ring_cells(),
    }
    return "\n".join(lines), data


def _roll(args: argparse.Namespace) -> tuple[str, dict[str, Any]]:
    start = _attitude(args)
    end = start.roll(args.cells)
    side = "right" if args.cells >= 0 else "left"
    lines = [f"roll {side} {abs(args.cells)} cells", f"end: {end}"]
    if start.roll_ring_cells() != 12:
        lines.append(f"note: the roll path around Nose {start.nose} is 14 cells (Aspect)")
    data = {
        "start": _marks_json(start),
        "end": _marks_json(end),
        "ring_cells": start.roll_ring_cells(),
    }
    return "\n".join(lines), data


def _pitchdown(args: argparse.Namespace) -> tuple[str, dict[str, Any]]:
    start = _attitude(args)
    chosen = pitch_down(start, args.amount, args.side)
    options = pitch_down_options(start, args.amount)
    lines = [
        f"pitch down {args.amount} cell{'' if args.amount == 1 else 's'}",
        f"end:             {chosen.attitude}",
        f"movement vector: {chosen.movement_vector}",
    ]
    others = [o for o in options if o.attitude != chosen.attitude]
    lines.extend(f"or ({o.side}):        {o.attitude}" for o in others)
    data = {
        "start": _marks_json(start),
        "end": _marks_json(chosen.attitude),
        "movement_vector": _vector_json(chosen.movement_vector),
        "options": [
            {
                "side": o.side,
                "end": _marks_json(o.attitude),
                "marks_moved_cells": o.marks_moved_cells,
            }
            for o in options
        ],
    }
    return "\n".join(lines), data
