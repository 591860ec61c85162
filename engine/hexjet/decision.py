"""The Flight Decision Steps (Этап Решения о Полете, §6.0–§6.6) of one aircraft's Move
Phase: nothing moves; the player sets a marker on each track of the display, in order.

1. §6.1 Throttle (Установка Тяги Двигателя): AB, MIL or IDLE; no AB without afterburner.
2. §6.2 Fuel (Расход топлива, "Bingo"): the fuel marker goes down by the throttle's cost
   (AB 2, MIL 1, IDLE 0); a marker that would land in the BINGO box, the last unit, cancels
   the throttle change and the throttle goes to IDLE.
3. §6.3 Maneuver (Установка маневра): any cell of the Maneuver Matrix; Right or Left forces
   a turn that way as the first move, Ahead none; Climb or Dive changes altitude, Level
   keeps it.
4. §6.4 Altitude Change (Изменение высоты): 0 for Level, 1–6 for Climb or Dive.
5. §6.5 Altitude (Высота): the altitude marker moves by it, never below the hex's surface
   (0 in the basic game) nor above the ceiling (15).
6. §6.6 Speed (Скорость): the Acceleration Chart's cell; P sends the player back to §6.1;
   otherwise the speed changes at once, and a speed under 3 (the stall speed) or under the
   levels changed is prohibited too (§6.6.4.2.1).

A refused choice raises :class:`DecisionRefused` naming the step and the rule, so the
player (or the AI) decides again from the throttle, as §6.6.4 and §6.6.4.2.1 require.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from engine.errors import IllegalOrder
from models.hexjet.common import STALL_SPEED
from models.hexjet.display import MAX_ALTITUDE_CHANGE, AircraftDisplay, Throttle
from models.hexjet.orders import HexjetDecision

FUEL_COST: dict[Throttle, int] = {"AB": 2, "MIL": 1, "IDLE": 0}
"""§6.2: fuel boxes a turn at each throttle setting."""
FUEL_BOXES = 25
"""§6.2: the fuel track's boxes."""
BINGO_BOX = 1
"""§6.2: the BINGO box, the last unit of fuel."""
SURFACE_LEVEL = 0
"""§6.5: every hex's surface in the basic game ("на палубе")."""

Direction = Literal["left", "ahead", "right"]
Vertical = Literal["climb", "level", "dive"]


class DecisionRefused(IllegalOrder):
    """A Flight Decision the rules send back to §6.1 (or refuse outright)."""


@dataclass(frozen=True, slots=True)
class Markers:
    """The markers on one aircraft's display tracks."""

    throttle: Throttle
    fuel: int
    altitude: int
    speed: int
    direction: Direction = "ahead"
    vertical: Vertical = "level"
    altitude_change: int = 0


@dataclass(frozen=True, slots=True)
class Choice:
    """What the player decides: the throttle, the matrix cell and the levels."""

    throttle: Throttle
    direction: Direction = "ahead"
    vertical: Vertical = "level"
    levels: int = 0
    hexsides: int = 0
    """Hexsides turned in the Action Step (furball's completion, H7)."""

    @classmethod
    def of(cls, decision: HexjetDecision) -> Choice:
        """The choice a written decision (``AB RC2``) makes."""
        return cls(
            decision.throttle,
            decision.direction,
            decision.vertical,
            decision.levels,
            decision.hexsides,
        )

    @property
    def signed_change(self) -> int:
        """The altitude change with its sign from the matrix cell (climb +, dive −)."""
        return {"climb": self.levels, "dive": -self.levels, "level": 0}[self.vertical]


@dataclass(frozen=True, slots=True)
class Decision:
    """The markers after the steps, and what each step did, in order."""

    markers: Markers
    steps: tuple[tuple[str, str], ...]
    """(rule, what happened) for §6.1 … §6.6."""
    first_turn: Direction
    """§6.3.1: the turn the first move must make (``ahead``: none)."""


def _refuse(rule: str, problem: str, aircraft: str) -> DecisionRefused:
    return DecisionRefused(rule, problem, aircraft=aircraft)


def throttle_step(display: AircraftDisplay, throttle: Throttle, aircraft: str = "") -> None:
    """§6.1: any of AB, MIL, IDLE; AB only with afterburner."""
    if throttle == "AB" and not display.afterburner:
        raise _refuse("§6.1", f"the {display.name} cannot use afterburner: MIL or IDLE", aircraft)


def fuel_step(fuel: int, throttle: Throttle) -> tuple[int, Throttle, bool]:
    """§6.2: the fuel after the throttle's cost, the throttle, and whether BINGO cancelled
    the setting (the marker would land in the BINGO box: the change is cancelled, IDLE,
    and no fuel is spent; docs/rulings.md "Bingo")."""
    after = fuel - FUEL_COST[throttle]
    if FUEL_COST[throttle] and after <= BINGO_BOX:
        return fuel, "IDLE", True
    return after, throttle, False


def altitude_change_step(choice: Choice, aircraft: str = "") -> int:
    """§6.3.2, §6.4: 0 for a Level cell, 1–6 for Climb or Dive; the signed change."""
    if choice.vertical == "level":
        if choice.levels:
            raise _refuse("§6.4", "a Level cell puts the altitude change at 0", aircraft)
        return 0
    if not 1 <= choice.levels <= MAX_ALTITUDE_CHANGE:
        raise _refuse(
            "§6.4",
            f"a {choice.vertical.title()} cell changes altitude 1–{MAX_ALTITUDE_CHANGE} levels, "
            f"not {choice.levels}",
            aircraft,
        )
    return choice.signed_change


def altitude_step(
    display: AircraftDisplay,
    altitude: int,
    change: int,
    aircraft: str = "",
    surface: int = SURFACE_LEVEL,
) -> int:
    """§6.5: the new altitude, not below the hex's surface nor above the ceiling."""
    new = altitude + change
    if new < surface:
        raise _refuse(
            "§6.5",
            f"altitude {altitude}{change:+d} = {new} is below the surface ({surface})",
            aircraft,
        )
    if new > display.ceiling:
        raise _refuse(
            "§6.5",
            f"altitude {altitude}{change:+d} = {new} is above the ceiling ({display.ceiling})",
            aircraft,
        )
    return new


def speed_step(
    display: AircraftDisplay,
    speed: int,
    throttle: Throttle,
    change: int,
    aircraft: str = "",
) -> int:
    """§6.6: the chart's cell; P is prohibited; otherwise the new speed at once, which
    must be at least the stall speed and at least the levels changed (§6.6.4.2.1)."""
    cell = display.chart.result(speed, display.acceleration, throttle, change)
    if cell == "P":
        raise _refuse(
            "§6.6.4",
            f"the Acceleration Chart gives P (prohibited) for {throttle} with an altitude "
            f"change of {change:+d} at speed {speed}: decide again from §6.1",
            aircraft,
        )
    new = min(speed + cell, display.max_speed)
    if new < STALL_SPEED:
        raise _refuse(
            "§6.6.4.2.1",
            f"speed {speed}{cell:+d} = {new} is under the stall speed {STALL_SPEED}: "
            "decide again from §6.1",
            aircraft,
        )
    if new < abs(change):
        raise _refuse(
            "§6.6.4.2.1",
            f"speed {new} is less than the {abs(change)} levels changed: decide again from §6.1",
            aircraft,
        )
    return new


def decide(
    display: AircraftDisplay, markers: Markers, choice: Choice, aircraft: str = ""
) -> Decision:
    """The six steps in order; :class:`DecisionRefused` when the rules send the player back."""
    steps: list[tuple[str, str]] = []
    throttle_step(display, choice.throttle, aircraft)
    steps.append(("§6.1", f"throttle {choice.throttle}"))
    fuel, throttle, bingo = fuel_step(markers.fuel, choice.throttle)
    steps.append(
        ("§6.2", f"fuel {markers.fuel} → {fuel}" + (": BINGO, throttle to IDLE" if bingo else ""))
    )
    steps.append(("§6.3", f"maneuver {choice.direction.title()} / {choice.vertical.title()}"))
    change = altitude_change_step(choice, aircraft)
    steps.append(("§6.4", f"altitude change {change:+d}" if change else "altitude change 0"))
    altitude = altitude_step(display, markers.altitude, change, aircraft)
    steps.append(("§6.5", f"altitude {markers.altitude} → {altitude}"))
    speed = speed_step(display, markers.speed, throttle, change, aircraft)
    steps.append(("§6.6", f"speed {markers.speed} → {speed}"))
    new = replace(
        markers,
        throttle=throttle,
        fuel=fuel,
        altitude=altitude,
        speed=speed,
        direction=choice.direction,
        vertical=choice.vertical,
        altitude_change=abs(change),
    )
    return Decision(new, tuple(steps), choice.direction)
