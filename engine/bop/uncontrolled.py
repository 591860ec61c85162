"""Using Play When Uncontrolled (Aircrew, "Uncontrolled Aircraft").

An uncontrolled aircraft flies an involuntary unload, and its player does not choose where
in the 2D move's wedge it ends: a d10 does, 0–1 fully counter-clockwise, 2–3 halfway
counter-clockwise, 4–5 mid-wedge, 6–7 halfway clockwise, 8–9 fully clockwise.  We read the
five places as fractions of the wedge's width and take the legal end hex whose direction is
nearest each (docs/rulings.md, "Departures in play").
"""

from __future__ import annotations

from engine.bop import purposes
from engine.bop.movement import legal_end_hexes, offset_deg, wedge_span_deg
from engine.dice import Dice
from engine.hexmap import Hex
from engine.phad import MovementVector

PLAY_FRACTIONS = (0.0, 0.25, 0.5, 0.75, 1.0)
"""Where each pair of d10 faces puts the aircraft across its wedge, counter-clockwise border
(0.0) to clockwise border (1.0): faces 0–1, 2–3, 4–5, 6–7, 8–9."""


def play_fraction(roll: int) -> float:
    """The place across the wedge (0 fully counter-clockwise, 1 fully clockwise) a d10 face
    picks."""
    if not 0 <= roll <= 9:
        raise ValueError(f"a d10 face is 0-9, not {roll}")
    return PLAY_FRACTIONS[roll // 2]


def hex_at_play(start: Hex, h_hexes: int, vector: MovementVector, fraction: float) -> Hex | None:
    """The legal end hex ``h_hexes`` from ``start`` nearest the heading ``fraction`` of the
    way across the wedge from its counter-clockwise border (ties go clockwise, as in the
    default 2D move); None when the move has no choice of hex to make (no horizontal move,
    a ±90 wedge, a single legal hex)."""
    span = wedge_span_deg(vector)
    legal = legal_end_hexes(start, h_hexes, vector)
    if h_hexes == 0 or span is None or len(legal) < 2:
        return None
    ccw_deg, cw_deg = span
    width_deg = (cw_deg - ccw_deg) % 360.0
    target_deg = ccw_deg + fraction * width_deg

    def score(end: Hex) -> tuple[float, float]:
        off = offset_deg(start.heading_to_deg(end), target_deg)
        return (round(abs(off), 9), -off)

    return min(legal, key=score)


def play_end_hex(
    start: Hex, h_hexes: int, vector: MovementVector, dice: Dice, who: str, turn: int
) -> tuple[Hex, int] | None:
    """Roll where in its wedge an uncontrolled aircraft's move ends: the end hex and the d10
    face, or None (and no roll) when the move leaves no choice of hex."""
    if hex_at_play(start, h_hexes, vector, 0.5) is None:
        return None
    roll = dice.d10(purposes.uncontrolled_play(who, turn))
    end = hex_at_play(start, h_hexes, vector, play_fraction(roll))
    assert end is not None  # the same move had a choice a moment ago
    return end, roll
