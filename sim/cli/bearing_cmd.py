"""``furball bearing``: range and bearing between two map positions (Range, Bearings)."""

from __future__ import annotations

import argparse
from typing import Any

from engine.atmosphere import MAX_ALT_FT
from engine.bearing import shoot_bearing
from engine.hexmap import STEP_FT, InvalidCoordinate, Position

MAX_HEX = 100_000
"""Q and R lie within ±this: 7,500 nautical miles of map, far beyond any engagement."""
MAX_ALT_STEPS = int(MAX_ALT_FT // STEP_FT)
LIMITS = f"Q and R within ±{MAX_HEX:,}, ALT 0 … {MAX_ALT_STEPS} steps"

EXAMPLES = """\
examples:
  furball bearing --from 0,0,50 --to 3,-1,55     range and bearing to a mini 3 hexes away
  furball bearing --from 0,0,50 --to 0,10,50 --json
"""


def register(commands: Any) -> None:
    bearing = commands.add_parser(
        "bearing",
        help="H, V, slant range and the PHAD bearing between two positions",
        description=(
            "Shoot a bearing from one position to another. Positions are Q,R,ALT: axial hex "
            "coordinates and altitude in 200 ft steps."
        ),
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    bearing.add_argument(
        "--from", dest="start", required=True, metavar="Q,R,ALT", help=f"the shooter ({LIMITS})"
    )
    bearing.add_argument(
        "--to", dest="end", required=True, metavar="Q,R,ALT", help=f"the target ({LIMITS})"
    )
    bearing.add_argument("--json", action="store_true", help="print JSON")
    bearing.set_defaults(handler=_bearing)


def _position(text: str, option: str) -> Position:
    try:
        position = Position.parse(text)
    except InvalidCoordinate as error:
        raise ValueError(f"{option}: {error}") from None
    hex_ = position.hex
    if max(abs(hex_.q), abs(hex_.r)) > MAX_HEX or position.alt_steps > MAX_ALT_STEPS:
        raise ValueError(f"{option}: {text!r} is off the map; give {LIMITS}")
    return position


def _bearing(args: argparse.Namespace) -> tuple[str, dict[str, Any]]:
    start, end = _position(args.start, "--from"), _position(args.end, "--to")
    shot = shoot_bearing(start, end)
    rings = sorted({c.pitch_deg for c in shot.candidates}, key=abs)
    ring_text = " or ".join(f"{r:+03d}" if r else "00" for r in rings)
    cells = [str(c) for c in shot.candidates]
    reciprocals = [str(c) for c in shot.reciprocal_candidates]
    map_heading = (
        "none (same hex)" if shot.map_heading_deg is None else f"{shot.map_heading_deg:.1f}°"
    )
    lines = [
        f"from {start} to {end}",
        f"H {shot.h_hexes} hexes  V {abs(shot.v_steps)} steps  "
        f"slant range {shot.slant_range_fp} FP",
        f"map heading {map_heading}  pitch ring {ring_text}",
    ]
    if shot.is_ambiguous:
        lines.append(f"bearing on a border, shooter chooses: {' or '.join(cells)}")
        lines.append(f"reciprocal, target chooses:          {' or '.join(reciprocals)}")
    else:
        lines.append(f"bearing {cells[0]}  reciprocal {reciprocals[0]}")
    data = {
        "from": str(start),
        "to": str(end),
        "h_hexes": shot.h_hexes,
        "v_steps": shot.v_steps,
        "slant_range_fp": shot.slant_range_fp,
        "map_heading_deg": shot.map_heading_deg,
        "pitch_rings_deg": rings,
        "candidates": cells,
        "reciprocal_candidates": reciprocals,
        "ambiguous": shot.is_ambiguous,
    }
    return "\n".join(lines), data
