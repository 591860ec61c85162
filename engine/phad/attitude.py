"""Aircraft attitude on the PHAD: the Nose, Canopy and (right) Wing marks.

Rulebook, "Aircraft Attitude": three cells define an aircraft's orientation, each three
cells from the other two.  When the aircraft points (or departs) two more marks appear:
Velocity (the direction of travel) and Lift; otherwise Velocity is the Nose and Lift is the
Canopy ("Angle Determination").

The operations here are the rulebook's mark movements:

* :meth:`Attitude.roll` — "Rolling": Canopy and Wing move together around the Nose.
* :meth:`Attitude.turn` / :meth:`Attitude.plot_turn` — "Movement Vector": the Nose moves along
  the path three cells from the Wing, toward the Canopy (away from it at negative load).
* :meth:`Attitude.point` / :meth:`Attitude.end_pointing` — "Pointing".
* :meth:`Attitude.half_barrel_roll`, :meth:`Attitude.barrel_roll_vector` — "Barrel Rolls".
* Pitching down lives in :mod:`engine.phad.pitchdown`.

Every pair of marks sits on a closed ring of cells three away from the third mark
(:data:`engine.phad.graph.RINGS`), so rolling and turning are steps along a ring.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engine.phad.cells import Cell, CellLike, as_cell
from engine.phad.graph import RINGS, distance
from engine.phad.movement import Edge, MovementVector, centre_of_path
from engine.phad.rotation import Matrix3, QuaternionWXYZ, frame_from_marks, matrix_to_quaternion

RollDirection = Literal["right", "left"]


class InvalidAttitude(ValueError):
    """Marks that do not form a legal aircraft attitude, or an operation they cannot do."""


_Key = tuple[Cell, Cell, Cell, Cell | None, Cell | None]
_VALID: set[_Key] = set()
"""Marks already found to form an attitude (an attitude is a value: checked once)."""
_ROLLED: dict[tuple[_Key, int], Attitude] = {}
_TURNED: dict[tuple[_Key, int, bool], PlottedTurn] = {}
"""Rolls and turns already worked out: an attitude's marks and the cells moved decide
the result, and the search of a pilot asks the same ones thousands of times."""


class Attitude:
    """Nose, Canopy and right Wing marks, plus Velocity and Lift when they separate.

    ``Attitude(nose="030+30", canopy="150+60", wing="090-30")`` — marks may be given as
    :class:`Cell` or as their text.  The marks must be pairwise three cells apart and form a
    right-handed frame (the Wing on the right when looking along the Nose with the Canopy
    up); otherwise :class:`InvalidAttitude` (a ``ValueError``) names the distances found.

    Velocity and Lift are ``None`` unless separated from Nose and Canopy.  When Lift is
    given it must be three from Velocity and from the Wing.  The Velocity's distance to the
    Wing is not enforced: the rulebook's own Pitch Down Example starts with Velocity four
    cells from the Wing (docs/rulings.md).
    """

    __slots__ = ("_canopy", "_lift", "_nose", "_velocity", "_wing")

    def __init__(
        self,
        nose: CellLike,
        canopy: CellLike,
        wing: CellLike,
        velocity: CellLike | None = None,
        lift: CellLike | None = None,
    ) -> None:
        self._nose = as_cell(nose)
        self._canopy = as_cell(canopy)
        self._wing = as_cell(wing)
        self._velocity = None if velocity is None else as_cell(velocity)
        self._lift = None if lift is None else as_cell(lift)
        if self._velocity == self._nose and self._lift in (None, self._canopy):
            self._velocity = None
            self._lift = None
        key = self._key()
        if key not in _VALID:
            self._validate()
            _VALID.add(key)

    # -- marks -------------------------------------------------------------------------
    @property
    def nose(self) -> Cell:
        return self._nose

    @property
    def canopy(self) -> Cell:
        return self._canopy

    @property
    def wing(self) -> Cell:
        """The right Wing mark."""
        return self._wing

    @property
    def velocity(self) -> Cell:
        """Direction of travel: the Velocity mark, or the Nose when not separated."""
        return self._velocity if self._velocity is not None else self._nose

    @property
    def lift(self) -> Cell:
        """The Lift mark, or the Canopy when not separated."""
        return self._lift if self._lift is not None else self._canopy

    @property
    def is_separated(self) -> bool:
        """True while Velocity/Lift differ from Nose/Canopy (pointing, spins)."""
        return self._velocity is not None

    def _validate(self) -> None:
        pairs = {
            "Nose-Canopy": distance(self._nose, self._canopy),
            "Nose-Wing": distance(self._nose, self._wing),
            "Canopy-Wing": distance(self._canopy, self._wing),
        }
        if any(d != 3 for d in pairs.values()):
            found = ", ".join(f"{name} {d}" for name, d in pairs.items())
            raise InvalidAttitude(
                f"Nose {self._nose}, Canopy {self._canopy}, Wing {self._wing} is not an "
                f"attitude: each pair of marks must be 3 cells apart, found {found} "
                "(Aircraft Attitude)"
            )
        if RINGS[self._wing].index(self._canopy) != _step(RINGS[self._wing], self._nose, 3):
            raise InvalidAttitude(
                f"Nose {self._nose}, Canopy {self._canopy}, Wing {self._wing} is mirrored: "
                f"{self._wing} is the left wing; the right Wing of that Nose and Canopy is "
                f"{RINGS[self._nose][_step(RINGS[self._nose], self._canopy, 3)]}"
            )
        if self._lift is not None:
            if self._velocity is None:
                raise InvalidAttitude("a Lift mark needs a Velocity mark (Aircraft Attitude)")
            lift_pairs = {
                "Lift-Velocity": distance(self._lift, self._velocity),
                "Lift-Wing": distance(self._lift, self._wing),
            }
            if any(d != 3 for d in lift_pairs.values()):
                found = ", ".join(f"{name} {d}" for name, d in lift_pairs.items())
                raise InvalidAttitude(
                    f"Lift {self._lift} must be 3 cells from Velocity {self._velocity} and "
                    f"from Wing {self._wing}, found {found} (Aircraft Attitude)"
                )

    # -- value object --------------------------------------------------------------------
    def _key(self) -> _Key:
        return (self._nose, self._canopy, self._wing, self._velocity, self._lift)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Attitude) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        marks = f"nose={str(self._nose)!r}, canopy={str(self._canopy)!r}, wing={str(self._wing)!r}"
        if self._velocity is not None:
            marks += f", velocity={str(self._velocity)!r}"
        if self._lift is not None:
            marks += f", lift={str(self._lift)!r}"
        return f"Attitude({marks})"

    def __str__(self) -> str:
        text = f"Nose {self._nose} Canopy {self._canopy} Wing {self._wing}"
        if self._velocity is not None:
            text += f" Velocity {self._velocity}"
        if self._lift is not None:
            text += f" Lift {self._lift}"
        return text

    # -- rolling -------------------------------------------------------------------------
    def roll(self, cells: int) -> Attitude:
        """Roll ``cells`` cells: positive is a right roll, negative a left roll (Rolling).

        The Canopy moves around the Nose toward the Wing (right roll) and the Wing moves the
        same number of cells, staying three from both.  A full ring (12 cells, or 14 when the
        Nose is in a ±60 cell) brings the marks home.
        """
        memo = (self._key(), cells)
        known = _ROLLED.get(memo)
        if known is not None:
            return known
        self._require_joined("roll")
        ring = RINGS[self._nose]
        rolled = _ROLLED[memo] = Attitude(
            nose=self._nose,
            canopy=ring[_step(ring, self._canopy, cells)],
            wing=ring[_step(ring, self._wing, cells)],
        )
        return rolled

    def roll_ring_cells(self) -> int:
        """Cells in a full roll about the current Nose: 12, or 14 around a ±60 Nose."""
        return len(RINGS[self._nose])

    # -- turning -------------------------------------------------------------------------
    def turn(self, cells: int, negative_load: bool = False) -> Attitude:
        """The attitude after turning the Nose ``cells`` cells (Turning Flight)."""
        return self.plot_turn(cells, negative_load).attitude

    def plot_turn(self, cells: int, negative_load: bool = False) -> PlottedTurn:
        """Turn the Nose ``cells`` cells and find the segment's movement vector.

        Rulebook, "Movement Vector": the end Nose is ``cells`` cells along the path three
        cells from the Wing, toward the Canopy (away from it at negative load); the Canopy
        turns with it.  The movement vector is the centre-most cell (even count) or edge
        (odd count) of that path.
        """
        memo = (self._key(), cells, negative_load)
        known = _TURNED.get(memo)
        if known is not None:
            return known
        self._require_joined("turn")
        if cells < 0:
            raise InvalidAttitude(f"a turn moves the Nose 0 or more cells, not {cells}")
        ring = RINGS[self._wing]
        sense = -1 if negative_load else 1
        start = ring.index(self._nose)
        path = tuple(ring[(start + sense * k) % len(ring)] for k in range(cells + 1))
        end = Attitude(
            nose=path[-1],
            canopy=ring[_step(ring, self._canopy, sense * cells)],
            wing=self._wing,
        )
        turned = _TURNED[memo] = PlottedTurn(end, centre_of_path(path), path)
        return turned

    def turn_ring_cells(self) -> int:
        """Cells in a full loop about the current Wing: 12, or 14 around a ±60 Wing."""
        return len(RINGS[self._wing])

    # -- pointing ------------------------------------------------------------------------
    def point(self) -> Attitude:
        """Start pointing (Pointing): Nose and Canopy pitch one cell, Velocity and Lift stay.

        The Velocity mark is left in the Nose's starting cell and the Lift mark in the
        Canopy's starting cell.
        """
        self._require_joined("point")
        pitched = self.turn(1)
        return Attitude(
            nose=pitched.nose,
            canopy=pitched.canopy,
            wing=self._wing,
            velocity=self._nose,
            lift=self._canopy,
        )

    def end_pointing(self) -> Attitude:
        """Pointing ends: the Nose moves to the Velocity mark and the Canopy to Lift."""
        if self._velocity is None:
            return self
        return Attitude(nose=self._velocity, canopy=self.lift, wing=self._wing)

    # -- pitching down -------------------------------------------------------------------
    def pitch_down(self, amount: int, side: Literal["cw", "ccw"] | None = None) -> Attitude:
        """The attitude after pitching down ``amount`` cells (Pitching Down).

        See :func:`engine.phad.pitchdown.pitch_down` for the movement vector and
        :func:`engine.phad.pitchdown.pitch_down_options` for every legal outcome.
        """
        from engine.phad.pitchdown import pitch_down  # pitchdown imports this module

        return pitch_down(self, amount, side).attitude

    # -- barrel rolls --------------------------------------------------------------------
    def _barrel_roll_cell(self, direction: RollDirection) -> Cell:
        """The cell one from the Nose, three from the Canopy, two (right)/four (left) from
        the Wing (Barrel Rolls, Bp10)."""
        ring = RINGS[self._canopy]
        # Turning right-handedly about the Canopy swings the Nose to the left.
        sense = -1 if direction == "right" else 1
        return ring[_step(ring, self._nose, sense)]

    def barrel_roll_vector(self, full: bool, direction: RollDirection) -> MovementVector:
        """Where a barrel roll's FP are plotted (Barrel Rolls, Bp10).

        Full roll: the cell one from the Nose toward the roll side; half roll: the edge
        between the Nose and that cell.
        """
        self._require_joined("barrel roll")
        side = self._barrel_roll_cell(direction)
        return side if full else Edge(self._nose, side)

    def full_barrel_roll(self) -> Attitude:
        """Full barrel rolls leave the PHAD marks where they were (Barrel Rolls, Cp)."""
        self._require_joined("barrel roll")
        return self

    def half_barrel_roll(self, direction: RollDirection) -> Attitude:
        """Marks after a half barrel roll (Barrel Rolls, Cp).

        The Nose moves one cell toward the roll side (three from the Canopy), the Wing is
        set three from Nose and Canopy, then the aircraft rolls half a ring clockwise (a
        right roll): six cells, or seven on a fourteen-cell ring (docs/rulings.md).
        """
        self._require_joined("barrel roll")
        nose = self._barrel_roll_cell(direction)
        ring = RINGS[nose]
        wing = ring[_step(ring, self._canopy, 3)]
        offset = Attitude(nose=nose, canopy=self._canopy, wing=wing)
        return offset.roll(len(ring) // 2)

    # -- rendering -----------------------------------------------------------------------
    def rotation_matrix(self) -> Matrix3:
        """Body-to-world rotation: columns are right, forward (Nose), up (Canopy).

        Forward is exactly the Nose cell's centre; up is the Canopy and the Wing × Nose
        direction averaged and made perpendicular to it.
        """
        return frame_from_marks(
            self._nose.unit_vector(), self._canopy.unit_vector(), self._wing.unit_vector()
        )

    def quaternion_wxyz(self) -> QuaternionWXYZ:
        """The attitude as a unit quaternion (w, x, y, z), body y forward and z up."""
        return matrix_to_quaternion(self.rotation_matrix())

    def _require_joined(self, action: str) -> None:
        if self._velocity is not None:
            raise InvalidAttitude(
                f"cannot {action} while Velocity {self._velocity} is separated from Nose "
                f"{self._nose}; pointing ends at the start of the next Flight Phase "
                "(Pointing)"
            )


@dataclass(frozen=True, slots=True)
class PlottedTurn:
    """A turning segment's marks: the end attitude, the movement vector and the Nose path."""

    attitude: Attitude
    movement_vector: MovementVector
    nose_path: tuple[Cell, ...]

    @property
    def cells(self) -> int:
        return len(self.nose_path) - 1


def _step(ring: tuple[Cell, ...], cell: Cell, steps: int) -> int:
    """Index of the cell ``steps`` along ``ring`` from ``cell``."""
    return (ring.index(cell) + steps) % len(ring)
