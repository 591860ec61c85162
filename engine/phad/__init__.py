"""The PHAD: Birds of Prey's Pitch, Heading and Attitude Display.

``from engine.phad import Cell, Attitude, distance`` is the everyday API::

    >>> nose = Cell.parse("030+30")
    >>> distance(nose, Cell.parse("090-30"))
    3
    >>> Attitude(nose="045+00", canopy="315+00", wing="All+90").turn(4).nose
    Cell.parse('285+00')
"""

from engine.phad.angles import (
    BODY_DIAMOND,
    Angles,
    Aspect,
    angle_off_canopy,
    angle_off_nose,
    angle_off_tail,
    angles_between,
    aspect,
    lift_crossing_angle,
    track_crossing_angle,
)
from engine.phad.attitude import Attitude, InvalidAttitude, PlottedTurn, RollDirection
from engine.phad.cells import ALL_CELLS, Cell, CellLike, InvalidCell, as_cell, cell_of
from engine.phad.graph import NEIGHBOURS, RINGS, adjacent, cells_at, distance, ring_three_from
from engine.phad.movement import Edge, MovementVector, centre_of_path
from engine.phad.pitchdown import PitchDown, Side, pitch_down, pitch_down_options

__all__ = [
    "ALL_CELLS",
    "BODY_DIAMOND",
    "NEIGHBOURS",
    "RINGS",
    "Angles",
    "Aspect",
    "Attitude",
    "Cell",
    "CellLike",
    "Edge",
    "InvalidAttitude",
    "InvalidCell",
    "MovementVector",
    "PitchDown",
    "PlottedTurn",
    "RollDirection",
    "Side",
    "adjacent",
    "angle_off_canopy",
    "angle_off_nose",
    "angle_off_tail",
    "angles_between",
    "as_cell",
    "aspect",
    "cell_of",
    "cells_at",
    "centre_of_path",
    "distance",
    "lift_crossing_angle",
    "pitch_down",
    "pitch_down_options",
    "ring_three_from",
    "track_crossing_angle",
]
