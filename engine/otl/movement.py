"""Phase 2 of Over the Lines: one plane's move, MP by MP, and the start- and end-of-round
procedures around it (§Phase 2: Movement, §Speed and Movement Points, §Banks, §Rolls,
§Forced Turns/Slips, §Inverted Movement, §Turning, §Slips, §Pitch and Altitude Changes,
§Climb, §Vertical Climb, §Half-Loops, §Diving, §Vertical Dives, §Power and Speed,
§Stalls and Spins, §Stall Turns, §Spins, §Taking Off).

:func:`plan_move` is pure: it flies the order on a copy of the plane's numbers and either
returns the whole move (path, next speed and what happened) or raises
:class:`~engine.errors.IllegalOrder` naming the step and the rule.  :func:`apply_move` writes
the result onto the record sheet.  Every reading of a rule the seed leaves open is in
``docs/rulings.md`` (OtL movement).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction

from engine.dice import Dice
from engine.errors import IllegalOrder
from engine.otl import stalls
from engine.otl.path import PathBuilder, PathPoint
from engine.otl.power import (
    GROUND_TOP_SPEED,
    over_max_level,
    overdive_chits,
    power_applied,
    power_available,
    stall_speed,
    take_off_acceleration,
)
from engine.otl.rolls import (
    VERTICAL_DIVE_FT,
    climb_ft_max,
    dive_ft_max,
    flying_crew,
    level_index,
    may_bank_inverted,
    may_pitch_vertical,
    may_roll_and_pitch,
    pitch_mp,
    roll_mp,
    turn_rate_index,
    vertical_dive_ft,
)
from engine.otl.state import (
    BANK_STEP_DEG,
    PITCH_STEP_DEG,
    PlaneState,
    bank_name,
    is_inverted,
    low_wing,
    pitch_name,
    rolled,
)
from engine.otl.templates import TemplateSet, load_templates, rounded_loss, turn_loss_per_in
from models.otl.chart import TOP_SPEED, TURN_RATES
from models.otl.orders import OtlRound, parse_moves, write_moves

__all__ = [
    "MoveContext",
    "MoveResult",
    "PathPoint",
    "PlaneEnd",
    "apply_move",
    "candidate_moves",
    "end_of_round",
    "plan_move",
    "start_of_round",
]

SPIN_TEMPLATE = "AA1"
"""A spinning plane flies the right AA1 turn template (§Spins)."""
COUNTER_CAP = 99
SPEED_PER_DIVE_FT = 75
"""One speed per full 75 ft lost in a round (§Diving)."""


@dataclass(frozen=True, slots=True)
class MoveContext:
    """What the move needs to know beyond the plane and its order."""

    round: int
    date: str
    """The scenario's date, ``YYYY-MM``."""
    take_off_landing: bool = False
    """The optional take-off and landing rules are in play."""


@dataclass(frozen=True, slots=True)
class PlaneEnd:
    """Where and how the plane ends its move."""

    x_in: float
    y_in: float
    alt_ft: float
    heading_deg: float
    bank: int
    pitch: int
    template: str | None
    template_in: float
    mp_since_roll: int
    mp_since_pitch: int


@dataclass
class MoveResult:
    """One plane's whole Phase 2 move and what it does to next round's speed."""

    path: list[PathPoint]
    speed_next: int
    speed_changes: list[tuple[str, int]]
    power_applied: int
    power_avail: int | None
    end: PlaneEnd
    inverted_whole_round: bool = False
    entered_inverted: bool = False
    entered_vertical: bool = False
    over_max_level: bool = False
    slipped_whole_round: bool = False
    reached_ground: bool = False
    overdive_chits: int = 0
    notes: list[str] = field(default_factory=list)


@dataclass(slots=True)
class _Action:
    """One MP of the move as ordered: the bank and pitch step made in it and how it flies."""

    roll: int = 0
    pitch: int = 0
    fly: str = "on"
    """``straight``, ``turn``, ``slip``, or ``on``: as the plane is flying."""
    template: str | None = None
    vertical_ft: int | None = None
    step: int | None = None
    """The order's step (0-based), None for the MP flown on past the plan."""
    token: str = ""


@dataclass(slots=True)
class _Flight:
    """The plane's numbers while the move is worked out."""

    x: float
    y: float
    alt: float
    heading: float
    bank: int
    pitch: int
    template: str | None
    t_in: int
    tdir: int
    """The side the template turns to, +1 right, −1 left."""
    since_roll: int
    since_pitch: int
    mp: int = 0
    rolls: int = 0
    climb_count: int = 0
    dive_count: int = 0
    feet: int | None = None
    last_fly: str = "straight"
    turn_in: dict[str, int] = field(default_factory=dict)
    turn_loss: Fraction = field(default_factory=Fraction)
    slip_mp: int = 0
    climb_vmp: int = 0
    dive_ft: float = 0.0
    inverted_mp: int = 0
    horizontal_mp: int = 0
    entered_inverted: bool = False
    entered_vertical: bool = False
    reached_ground: bool = False
    notes: list[str] = field(default_factory=list)


class _Mover:
    """Flies one order for one plane (the work behind :func:`plan_move`)."""

    def __init__(self, plane: PlaneState, order: OtlRound, ctx: MoveContext) -> None:
        self.plane = plane
        self.order = order
        self.ctx = ctx
        self.templates: TemplateSet = load_templates()
        self.rate_index = turn_rate_index(plane)
        self.mode = _forced_mode(plane, ctx)
        self.stalled = plane.condition == "stalled"
        self.jam = _rudder_jam(plane)
        self.half_loop = False
        self.state = _Flight(
            x=plane.x_in,
            y=plane.y_in,
            alt=plane.alt_ft,
            heading=plane.heading_deg,
            bank=plane.bank,
            pitch=plane.pitch,
            template=plane.template,
            t_in=int(plane.template_in),
            tdir=low_wing(plane.bank) if plane.template else 0,
            since_roll=plane.mp_since_roll,
            since_pitch=plane.mp_since_pitch,
        )
        s = self.state
        self.path = PathBuilder(
            PathPoint(0.0, s.x, s.y, s.alt, s.heading % 360.0, _bank_deg(s.bank), s.pitch * 45.0)
        )

    # --- errors -------------------------------------------------------------------------

    def illegal(self, action: _Action | None, rule: str, problem: str) -> IllegalOrder:
        where = ""
        if action is not None:
            where = (
                f"step {action.step + 1} ({action.token}), MP {self.state.mp + 1}: "
                if action.step is not None
                else f"MP {self.state.mp + 1}, flown on past the plan: "
            )
        return IllegalOrder(
            rule,
            where + problem,
            aircraft=self.plane.callsign,
            turn=self.ctx.round,
            segment=action.step if action is not None else None,
            turn_word="round",
        )

    # --- the order as MP ------------------------------------------------------------------

    def actions(self) -> list[_Action]:
        """The order's steps as one action per MP, the rest flown on."""
        speed = self.plane.speed
        if self.mode != "normal":
            if self.order.moves:
                self.state.notes.append(f"{self.mode}: the plotted moves are not flown")
            return [_Action() for _ in range(speed)]
        planned = self.order.mp_planned
        if planned > speed:
            raise self.illegal(
                None,
                "§Speed and Movement Points",
                f"the move plans {planned} MP but the plane has only its speed, {speed} MP",
            )
        actions: list[_Action] = []
        pending: _Action | None = None
        for index, step in enumerate(self.order.moves):
            token = write_moves((step,)) or "(nothing)"
            roll = {"left": -1, "right": 1}.get(step.roll or "", 0)
            pitch = {"up": 1, "down": -1}.get(step.pitch or "", 0)
            if pending is not None:
                if (roll and pending.roll) or (pitch and pending.pitch):
                    raise self.illegal(
                        _Action(step=index, token=token),
                        "§Rolls" if roll and pending.roll else "§Pitch and Altitude Changes",
                        "two steps of bank or pitch before one MP is flown; fly an MP between",
                    )
                roll = roll or pending.roll
                pitch = pitch or pending.pitch
                feet = step.vertical_ft if step.vertical_ft is not None else pending.vertical_ft
                pending = None
            else:
                feet = step.vertical_ft
            if step.mp == 0:
                pending = _Action(roll, pitch, "on", None, feet, index, token)
                continue
            for k in range(step.mp):
                first = k == 0
                actions.append(
                    _Action(
                        roll if first else 0,
                        pitch if first else 0,
                        step.fly,
                        step.template,
                        feet if first else None,
                        index,
                        token,
                    )
                )
        rest = speed - planned
        if pending is not None and rest == 0:
            raise self.illegal(
                pending,
                "§Rolls",
                "a bank or pitch step at the end of the move has no MP left to be made in",
            )
        for k in range(rest):
            if k == 0 and pending is not None:
                pending.fly, pending.template = "on", None
                pending.step = None
                actions.append(pending)
            else:
                actions.append(_Action())
        return actions

    # --- flying ---------------------------------------------------------------------------

    def fly(self) -> MoveResult:
        plane, s = self.plane, self.state
        actions = self.actions()
        if self.mode == "spin":
            s.notes.append("spinning" if plane.condition == "spin" else "spinning out of control")
        elif self.mode == "blackout":
            s.notes.append("pilot blacked out: straight, steep dive")
        elif self.mode == "ground":
            s.notes.append("take-off run")
        self.check_stall_turn()
        if self.stalled and s.pitch > -1 and self.mode == "normal":
            s.notes.append("stalled: nose drops into a Dive")
        for index, action in enumerate(actions):
            self.fly_one(index, action)
        if not actions:
            self.path.hold(0.0)
        return self.result(len(actions))

    def check_stall_turn(self) -> None:
        deg = self.order.stall_turn_deg
        if not deg or self.mode != "normal":
            return
        bad = None
        if level_index(self.plane) < 3:
            bad = "only a Veteran pilot may do a Stall Turn"
        elif self.plane.speed < 1:
            bad = "a Stall Turn spends the first MP, and the plane has none"
        elif low_wing(self.plane.bank) != (1 if deg > 0 else -1):
            side = "right" if deg > 0 else "left"
            bad = (
                f"a Stall Turn to the {side} is made banked to the {side} (UR, PR, IR for right, "
                f"UL, PL, IL for left); the plane is in {bank_name(self.plane.bank)}"
            )
        if bad:
            raise self.illegal(None, "§Stall Turns", bad)

    def fly_one(self, index: int, action: _Action) -> None:
        s = self.state
        bank0, pitch0, heading0 = s.bank, s.pitch, s.heading
        half_loop = self.half_loop = False
        if self.mode == "spin":
            s.bank, s.pitch, s.template = 1, -1, s.template or SPIN_TEMPLATE
            if s.template != SPIN_TEMPLATE:
                s.template, s.t_in = SPIN_TEMPLATE, 0
        elif self.mode == "blackout":
            s.bank, s.pitch = 0, -1
            s.template = None
        elif self.mode == "ground":
            s.bank, s.pitch, s.template = 0, 0, None
        else:
            if index == 0 and self.stalled and s.pitch > -1:
                s.pitch = -1
            if action.roll:
                self.roll(action)
            if action.pitch:
                half_loop = self.pitch(action, bank0)
        if action.vertical_ft is not None:
            s.feet = action.vertical_ft
        vertical = self.is_vertical_mp()
        if vertical and abs(s.pitch) == 2 and action.fly in ("turn", "slip"):
            raise self.illegal(
                action,
                "§Vertical Climb" if s.pitch > 0 else "§Vertical Dives",
                f"in {pitch_name(s.pitch)} every MP is vertical: no turn or slip templates "
                "(rolls are allowed)",
            )
        bank_deg0 = _bank_deg(bank0)
        bank_deg1 = bank_deg0 + _angle_gap(bank_deg0, _bank_deg(s.bank))
        if half_loop:
            bank_deg1 = _bank_deg(s.bank)
        pitch_deg = (float(pitch0 * PITCH_STEP_DEG), float(s.pitch * PITCH_STEP_DEG))
        if half_loop:
            pitch_deg = (
                math.copysign(90.0, pitch0),
                s.pitch * PITCH_STEP_DEG,
            )
        start = (s.x, s.y, s.alt, heading0)
        bank_deg = (bank_deg0, bank_deg1)
        if index == 0 and self.order.stall_turn_deg and self.mode == "normal":
            end = self.path.fly_mp(
                s.mp, start, bank_deg, pitch_deg, pivot_deg=self.order.stall_turn_deg, travel_in=0.0
            )
            s.template, s.t_in = None, 0
            s.notes.append(f"stall turn {abs(self.order.stall_turn_deg)}°")
        elif vertical:
            feet = self.vertical_feet(action)
            end = self.path.fly_mp(
                s.mp, start, bank_deg, pitch_deg, climb_ft=feet, travel_in=0.0, half_loop=half_loop
            )
        else:
            self.half_loop = half_loop
            end = self.horizontal(action, start, bank_deg, pitch_deg)
        s.x, s.y, s.alt, s.heading = end
        if is_inverted(s.bank):
            s.inverted_mp += 1
            s.entered_inverted = True
        if abs(s.pitch) == 2:
            s.entered_vertical = True
        s.mp += 1
        s.since_roll = min(COUNTER_CAP, s.since_roll + 1)
        s.since_pitch = min(COUNTER_CAP, s.since_pitch + 1)

    def roll(self, action: _Action) -> None:
        s, plane = self.state, self.plane
        rule = "§Rolls"
        if plane.has("aileron_jammed"):
            raise self.illegal(
                action, "§Critical Hits, Aileron Jammed", "the ailerons are jammed: no bank change"
            )
        if plane.has("aileron_cable_cut") and s.rolls >= 1:
            raise self.illegal(
                action,
                "§Critical Hits, Aileron Cable Cut",
                "with the aileron cable cut the plane rolls at most one bank step a round",
            )
        need = roll_mp(plane, action.roll)
        if s.since_roll < need:
            side = "right" if action.roll > 0 else "left"
            raise self.illegal(
                action,
                rule,
                f"a roll to the {side} needs {need} MP flown since the last bank step, and "
                f"only {s.since_roll} have been; fly {need - s.since_roll} more first",
            )
        if action.pitch and not may_roll_and_pitch(plane):
            raise self.illegal(
                action,
                "§Pilot Capabilities",
                "only a Veteran may roll and pitch in the same step; split them by an MP",
            )
        new = rolled(s.bank, action.roll)
        if is_inverted(new) and not may_bank_inverted(plane):
            raise self.illegal(
                action,
                "§Pilot Capabilities",
                f"a {_level_name(plane)} pilot may not use the inverted banks ({bank_name(new)})",
            )
        s.bank = new
        s.since_roll = 0
        s.rolls += 1

    def pitch(self, action: _Action, bank_before: int) -> bool:
        """Make the pitch step; True when it carries the plane over the vertical."""
        s, plane = self.state, self.plane
        rule = "§Pitch and Altitude Changes"
        up = action.pitch > 0
        if plane.has("elevator_jammed"):
            raise self.illegal(
                action,
                "§Critical Hits, Elevator Jammed",
                "the elevators are jammed: no pitch change",
            )
        if up and plane.has("elevator_cable_cut"):
            raise self.illegal(
                action,
                "§Critical Hits, Elevator Cable Cut",
                "with the elevator cable cut the pitch cannot rise",
            )
        if up and self.stalled:
            raise self.illegal(
                action,
                "§Stalls and Spins",
                "a stalled plane stays in its Dive; it may only pitch further down",
            )
        if not up and plane.on_ground and s.alt <= 0.0:
            raise self.illegal(action, "§Taking Off", "a plane on the ground cannot pitch down")
        need = pitch_mp(plane, bank_before, action.pitch)
        if s.since_pitch < need:
            raise self.illegal(
                action,
                rule,
                f"a pitch {'up' if up else 'down'} in {bank_name(bank_before)} needs {need} MP "
                f"flown since the last pitch step, and only {s.since_pitch} have been",
            )
        new = s.pitch + action.pitch
        half_loop = abs(new) > 2
        if half_loop:
            new = 1 if new > 0 else -1
            s.bank = _swapped_bank(s.bank)
            s.template = None
            if is_inverted(s.bank) and not may_bank_inverted(plane):
                raise self.illegal(
                    action,
                    "§Pilot Capabilities",
                    f"the half-loop would leave a {_level_name(plane)} pilot inverted "
                    f"({bank_name(s.bank)})",
                )
            s.notes.append("half-loop")
        elif abs(new) == 2 and not may_pitch_vertical(plane):
            raise self.illegal(
                action, "§Pilot Capabilities", "a Green pilot may not use the vertical pitches"
            )
        if (s.pitch > 0 > new) or (s.pitch < 0 < new) or new == 0:
            s.feet = None
        if abs(new) == 2:
            s.template = None
        s.pitch = new
        s.since_pitch = 0
        return half_loop

    def is_vertical_mp(self) -> bool:
        """Every MP in a vertical pitch, every second MP in a Climb or Dive (§Climb, §Diving)."""
        s = self.state
        if abs(s.pitch) == 2:
            return True
        if s.pitch == 1:
            s.climb_count += 1
            return s.climb_count % 2 == 0
        if s.pitch == -1:
            s.dive_count += 1
            return s.dive_count % 2 == 0
        return False

    def vertical_feet(self, action: _Action) -> float:
        """Signed feet of a vertical MP, counted into the round's climb and dive."""
        s, plane = self.state, self.plane
        if s.pitch > 0:
            most = climb_ft_max(plane)
            feet = s.feet if s.feet is not None else most
            if feet > most:
                raise self.illegal(
                    action,
                    "§Climb",
                    f"{feet} ft per vertical MP is more than the Climb Rate allows now, {most} ft",
                )
            s.climb_vmp += 1
            if plane.has("elevator_cable_cut"):
                return 0.0
            return float(feet)
        if self.mode in ("spin", "blackout"):
            drop = float(VERTICAL_DIVE_FT)
        elif s.pitch == -2:
            drop = float(vertical_dive_ft(plane))
        else:
            most = dive_ft_max(plane)
            chosen = s.feet if s.feet is not None else most
            if chosen > most:
                raise self.illegal(
                    action, "§Diving", f"a Dive drops 25 to {most} ft per vertical MP, not {chosen}"
                )
            drop = float(chosen)
        if drop >= s.alt and not plane.on_ground:
            drop = max(0.0, s.alt)
            s.reached_ground = True
        if self.mode != "spin":
            s.dive_ft += drop
        return -drop

    def horizontal(
        self,
        action: _Action,
        start: tuple[float, float, float, float],
        bank_deg: tuple[float, float],
        pitch_deg: tuple[float, float],
    ) -> tuple[float, float, float, float]:
        s = self.state
        half_loop = self.half_loop
        s.horizontal_mp += 1
        side = low_wing(s.bank)
        fly, name = self.resolve(action, side)
        if self.jam is not None and self.mode == "normal":
            jam_fly, jam_template = self.jam
            if fly != jam_fly or (fly == "turn" and name != jam_template):
                wanted = f"on {jam_template}" if jam_fly == "turn" else jam_fly
                raise self.illegal(
                    action,
                    "§Critical Hits, Rudder Jammed",
                    f"with the rudder jammed the plane keeps flying {wanted}",
                )
        if fly == "straight":
            if side != 0:
                raise self.illegal(
                    action,
                    "§Forced Turns/Slips",
                    f"banked {bank_name(s.bank)}, every MP is a turn or slip to the "
                    f"{'right' if side > 0 else 'left'}; roll to UE (or I) to fly straight",
                )
            s.template, s.t_in = None, 0
            s.last_fly = "straight"
            return self.path.fly_mp(s.mp, start, bank_deg, pitch_deg, half_loop=half_loop)
        if side == 0:
            raise self.illegal(
                action,
                "§Turning" if fly == "turn" else "§Slips",
                f"in {bank_name(s.bank)} the plane has no low wing to {fly} towards; roll into "
                f"a bank on the side of the {fly} first",
            )
        if fly == "slip":
            return self.slip(action, side, start, bank_deg, pitch_deg)
        assert name is not None
        return self.turn(action, name, side, start, bank_deg, pitch_deg)

    def resolve(self, action: _Action, side: int) -> tuple[str, str | None]:
        """How an MP flies: as ordered, or for one flown on, as the plane was flying."""
        s = self.state
        if self.mode == "spin":
            return "turn", SPIN_TEMPLATE
        if self.mode in ("blackout", "ground"):
            return "straight", None
        if action.fly != "on":
            return action.fly, action.template
        if side == 0:
            return "straight", None
        if s.template is not None:
            return "turn", s.template
        if s.last_fly == "slip" and not self.plane.has("rudder_hit"):
            return "slip", None
        return "turn", self.templates.usable(self.rate_index)[0].name

    def turn(
        self,
        action: _Action,
        name: str,
        side: int,
        start: tuple[float, float, float, float],
        bank_deg: tuple[float, float],
        pitch_deg: tuple[float, float],
    ) -> tuple[float, float, float, float]:
        s = self.state
        try:
            template = self.templates.template(name)
        except KeyError:
            names = ", ".join(t.name for t in self.templates.turn)
            raise self.illegal(
                action, "§Turning", f"there is no turn template {name} (there are {names})"
            ) from None
        if self.mode != "spin" and template.letter_index < self.rate_index:
            rate = TURN_RATES[self.rate_index]
            raise self.illegal(
                action,
                "§Turning",
                f"template {name} is a better rate than the plane's Turn Rate now, {rate}; "
                f"use {rate}1 or a wider letter",
            )
        if s.template is not None and s.t_in > 0 and (s.template != name or s.tdir != side):
            current = self.templates.template(s.template)
            if s.t_in not in current.blue_in and s.t_in < current.length_in:
                raise self.illegal(
                    action,
                    "§Turning",
                    f"{s.template} is {s.t_in} in along, which is not a blue mark; change to "
                    f"{name} only at a blue mark ({_marks(current.blue_in)} in)",
                )
            s.t_in = 0
        if s.template != name or s.tdir != side:
            s.t_in = 0
        if s.t_in >= template.length_in:
            s.t_in = 0
        s.template, s.tdir = name, side
        s.t_in += 1
        s.last_fly = "turn"
        if self.mode != "spin":
            s.turn_in[name] = s.turn_in.get(name, 0) + 1
            s.turn_loss += turn_loss_per_in(template.letter_index, self.rate_index)
        return self.path.fly_mp(
            s.mp,
            start,
            bank_deg,
            pitch_deg,
            arc=(template.radius_in, side),
            half_loop=self.half_loop,
        )

    def slip(
        self,
        action: _Action,
        side: int,
        start: tuple[float, float, float, float],
        bank_deg: tuple[float, float],
        pitch_deg: tuple[float, float],
    ) -> tuple[float, float, float, float]:
        s, plane = self.state, self.plane
        if plane.has("rudder_hit"):
            raise self.illegal(
                action, "§Critical Hits, Rudder Hit", "with the rudder hit the plane cannot slip"
            )
        if s.template is not None and s.t_in > 0:
            current = self.templates.template(s.template)
            if s.t_in not in current.blue_in:
                raise self.illegal(
                    action,
                    "§Turning",
                    f"{s.template} is {s.t_in} in along; go on to a slip only at a blue mark "
                    f"({_marks(current.blue_in)} in)",
                )
        s.template, s.t_in = None, 0
        s.slip_mp += 1
        s.last_fly = "slip"
        throw = self.templates.slip_for(TURN_RATES[self.rate_index]).sideways_in
        return self.path.fly_mp(
            s.mp, start, bank_deg, pitch_deg, slip_in=side * throw, half_loop=self.half_loop
        )

    # --- the result -----------------------------------------------------------------------

    def result(self, mp: int) -> MoveResult:
        plane, s = self.plane, self.state
        changes: list[tuple[str, int]] = []
        avail = power_available(plane)
        if self.mode == "ground" or (plane.on_ground and self.ctx.take_off_landing):
            applied = take_off_acceleration(plane)
            changes.append(("take-off run", applied))
        elif self.mode == "blackout":
            applied, _ = power_applied(plane, None)
            changes.append(("power", applied))
        else:
            applied, problem = power_applied(plane, self.order.power)
            if problem:
                raise self.illegal(None, "§Power and Speed", problem)
            if self.order.power is not None and avail is not None and avail < 0:
                s.notes.append(f"drag {avail} applies whatever the throttle")
            changes.append(("power", applied))
        if self.mode == "spin":
            changes = [("spin: speed held", 0)]
        else:
            if s.turn_in:
                runs = " + ".join(f"{name} {n} in" for name, n in s.turn_in.items())
                changes.append((f"turn {runs}", -rounded_loss(s.turn_loss)))
            if s.slip_mp:
                changes.append((f"slip, {s.slip_mp} in", -s.slip_mp))
            if s.climb_vmp:
                changes.append((f"climb, {s.climb_vmp} vertical MP", -s.climb_vmp))
            if s.inverted_mp:
                changes.append((f"inverted {s.inverted_mp} in", -math.ceil(s.inverted_mp / 2)))
            gain = int(s.dive_ft // SPEED_PER_DIVE_FT)
            if gain:
                changes.append((f"dive {s.dive_ft:.0f} ft", gain))
        speed = plane.speed if self.mode == "spin" else plane.speed + sum(d for _, d in changes)
        speed = max(0, min(TOP_SPEED, speed))
        if plane.on_ground and s.alt <= 0.0 and self.ctx.take_off_landing:
            speed = min(speed, GROUND_TOP_SPEED)
        end = PlaneEnd(
            x_in=s.x,
            y_in=s.y,
            alt_ft=max(0.0, s.alt),
            heading_deg=s.heading % 360.0,
            bank=s.bank,
            pitch=s.pitch,
            template=s.template,
            template_in=float(s.t_in if s.template else 0),
            mp_since_roll=s.since_roll,
            mp_since_pitch=s.since_pitch,
        )
        return MoveResult(
            path=self.path.points,
            speed_next=speed,
            speed_changes=changes,
            power_applied=applied,
            power_avail=avail,
            end=end,
            inverted_whole_round=mp > 0 and s.inverted_mp == mp,
            entered_inverted=s.entered_inverted,
            entered_vertical=s.entered_vertical,
            over_max_level=over_max_level(plane),
            slipped_whole_round=s.horizontal_mp > 0 and s.slip_mp == s.horizontal_mp,
            reached_ground=s.reached_ground,
            overdive_chits=overdive_chits(plane, end.alt_ft, speed),
            notes=s.notes,
        )


def _forced_mode(plane: PlaneState, ctx: MoveContext) -> str:
    """``spin``, ``blackout``, ``ground`` (the take-off run below flying speed) or
    ``normal``."""
    if plane.condition in ("spin", "broken"):
        return "spin"
    if flying_crew(plane) is None:
        return "spin" if plane.pilot.wound == "killed" else "blackout"
    if ctx.take_off_landing and plane.on_ground and plane.speed <= stall_speed(plane):
        return "ground"
    return "normal"


def _rudder_jam(plane: PlaneState) -> tuple[str, str | None] | None:
    """With the rudder jammed, how the plane must keep flying: on its template, straight,
    or slipping (§Critical Hits, Rudder Jammed; docs/rulings.md)."""
    if not plane.has("rudder_jammed"):
        return None
    if plane.template is not None:
        return "turn", plane.template
    return ("straight", None) if low_wing(plane.bank) == 0 else ("slip", None)


def _bank_deg(bank: int) -> float:
    return 180.0 if bank == 4 else bank * float(BANK_STEP_DEG)


def _angle_gap(before_deg: float, after_deg: float) -> float:
    """The signed turn from one roll angle to another the short way round."""
    return (after_deg - before_deg + 180.0) % 360.0 - 180.0


def _swapped_bank(bank: int) -> int:
    """Over the vertical: E↔I, L↔IL, R↔IR, the knife-edges stay (§Half-Loops)."""
    if bank == 0:
        return 4
    if bank == 4:
        return 0
    return (4 - abs(bank)) * (1 if bank > 0 else -1)


def _marks(marks: tuple[int, ...]) -> str:
    return ", ".join(str(m) for m in marks)


def _level_name(plane: PlaneState) -> str:
    crew = flying_crew(plane)
    return (crew.level if crew else "green").capitalize()


# --- the API -----------------------------------------------------------------------------


def plan_move(plane: PlaneState, order: OtlRound, ctx: MoveContext) -> MoveResult:
    """The whole Phase 2 move of ``order`` for ``plane``, without dice and without touching
    the plane; :class:`IllegalOrder` names the step and the rule when it cannot be flown.

    The plane spends its speed in MP.  A spinning (or broken, or pilotless) plane spins on
    the right AA1 template; a blacked-out pilot's plane dives straight; a plane on the
    ground below flying speed runs straight ahead: those ignore the order's moves.  A plan
    of fewer MP than the speed flies the rest on as the plane is flying then (its template,
    its slip, or straight when level); a plan of more is illegal.
    """
    return _Mover(plane, order, ctx).fly()


def apply_move(plane: PlaneState, result: MoveResult) -> None:
    """Write the end of the move and next round's speed onto the plane's record."""
    end = result.end
    plane.x_in, plane.y_in, plane.alt_ft = end.x_in, end.y_in, end.alt_ft
    plane.heading_deg = end.heading_deg
    plane.bank, plane.pitch = end.bank, end.pitch
    plane.template, plane.template_in = end.template, end.template_in
    plane.mp_since_roll, plane.mp_since_pitch = end.mp_since_roll, end.mp_since_pitch
    plane.speed = result.speed_next
    plane.rounds_inverted = plane.rounds_inverted + 1 if result.inverted_whole_round else 0
    if plane.on_ground and end.alt_ft > 0.0:
        plane.on_ground = False


def start_of_round(plane: PlaneState, order: OtlRound, dice: Dice, ctx: MoveContext) -> list[str]:
    """Before the move: the engine switched off or a restart tried, the stall check (the
    Enter Spin roll, or a voluntary spin), the Exit Spin roll, and a heavily wounded pilot's
    blackout roll.  Mutates the plane; returns notes for the ticker."""
    return stalls.start_of_round(plane, order, dice, ctx.round, ctx.date)


def end_of_round(plane: PlaneState, result: MoveResult, dice: Dice, ctx: MoveContext) -> list[str]:
    """After the move: a whole round inverted stops the engine on a 6.  Reaching the
    ground (``result.reached_ground``) is left to the landing rules."""
    return stalls.end_of_round(plane, result.inverted_whole_round, dice, ctx.round)


CANDIDATE_LIMIT = 30
"""The most rounds :func:`candidate_moves` offers."""


def candidate_moves(plane: PlaneState, ctx: MoveContext) -> list[OtlRound]:
    """A varied set of legal rounds for the plane now, each checked with :func:`plan_move`:
    flying on, straight, turns either way on its own and wider templates (with the rolls
    they need, and rolling back level), slips, climbs and dives, vertical pitches and
    half-loops, and a Stall Turn for a Veteran.  A plane whose move is forced gets the one
    round that flies it."""
    if _forced_mode(plane, ctx) != "normal" or plane.speed == 0:
        return [OtlRound()]
    rounds: list[OtlRound] = []
    seen: set[tuple[str, int]] = set()
    for moves, stall_turn in _candidate_plots(plane):
        key = (moves, stall_turn)
        if key in seen:
            continue
        seen.add(key)
        order = OtlRound(moves=parse_moves(moves), stall_turn_deg=stall_turn)
        try:
            plan_move(plane, order, ctx)
        except IllegalOrder:
            continue
        rounds.append(order)
        if len(rounds) >= CANDIDATE_LIMIT:
            break
    return rounds or [OtlRound()]


def _candidate_plots(plane: PlaneState) -> list[tuple[str, int]]:
    """Moves in the notation worth trying (not yet checked), with a Stall Turn's degrees."""
    plots: list[tuple[str, int]] = [("", 0)]
    speed = plane.speed
    usable = load_templates().usable(turn_rate_index(plane))
    names = [t.name for t in usable]
    picks = list(dict.fromkeys([names[0], names[min(2, len(names) - 1)], names[-1]]))
    vertical = abs(plane.pitch) == 2
    if not vertical:
        for side in (1, -1):
            for name in picks:
                plots.append((_Plot(plane).turn(side, name, speed).text(), 0))
                half = max(1, speed // 2)
                plots.append((_Plot(plane).turn(side, name, half, level_after=True).text(), 0))
            plots.append((_Plot(plane).slip(side, speed).text(), 0))
        plots.append((_Plot(plane).level().text(), 0))
    for direction in (1, -1):
        plots.append((_Plot(plane).pitch(direction).text(), 0))
        plots.append((_Plot(plane).pitch(direction).pitch(direction).text(), 0))
        plots.append((_Plot(plane).level().pitch(direction).text(), 0))
    if plane.pitch != 0:
        plots.append((_Plot(plane).pitch(-1 if plane.pitch > 0 else 1).text(), 0))
    side = low_wing(plane.bank)
    if side and level_index(plane) >= 3:
        plots += [("", 180 * side), ("", 90 * side)]
    return plots


class _Plot:
    """Writes a candidate move in the notation, waiting out the roll and pitch rates."""

    def __init__(self, plane: PlaneState) -> None:
        self.plane = plane
        self.tokens: list[str] = []
        self.bank = plane.bank
        self.pitch_now = plane.pitch
        self.since_roll = plane.mp_since_roll
        self.since_pitch = plane.mp_since_pitch
        self.left = plane.speed
        self.template = plane.template
        self.t_in = int(plane.template_in) if plane.template else 0
        self.templates = load_templates()
        self.own = self.templates.usable(turn_rate_index(plane))[0].name

    def text(self) -> str:
        return " ".join(self.tokens)

    def to_blue(self) -> int:
        """MP still to fly on the present template before it may be changed."""
        if self.template is None or self.t_in == 0:
            return 0
        current = self.templates.template(self.template)
        marks = [m for m in current.blue_in if m >= self.t_in]
        return marks[0] - self.t_in if marks else 0

    def fly(self, mp: int, template: str | None = None) -> _Plot:
        """Fly ``mp`` (as many as are left) on ``template``, or as the bank allows; a change
        of template waits for the present one's next blue mark."""
        mp = min(mp, self.left)
        if mp <= 0:
            return self
        if abs(self.pitch_now) == 2 or low_wing(self.bank) == 0:
            self.tokens.append(str(mp))
            self.template, self.t_in = None, 0
        else:
            name = template or self.template or self.own
            if name != self.template and self.template is not None:
                wait = min(self.to_blue(), mp)
                if wait:
                    self.fly(wait, self.template)
                    mp -= wait
                    if mp <= 0:
                        return self
                self.t_in = 0
            self.tokens.append(f"{name}:{mp}")
            length = self.templates.template(name).length_in
            for _ in range(mp):
                self.t_in = 1 if self.t_in >= length else self.t_in + 1
            self.template = name
        self.left -= mp
        self.since_roll += mp
        self.since_pitch += mp
        return self

    def roll_to(self, bank: int, template: str | None = None) -> _Plot:
        while self.bank != bank and self.left > 0:
            direction = 1 if bank > self.bank else -1
            self.fly(roll_mp(self.plane, direction) - self.since_roll)
            if self.left <= 0:
                break
            self.tokens.append("R" if direction > 0 else "L")
            self.bank = rolled(self.bank, direction)
            self.since_roll = 0
            if low_wing(self.bank) == 0:
                self.template, self.t_in = None, 0
            if self.bank != bank:
                self.fly(roll_mp(self.plane, direction), template)
        return self

    def turn(self, side: int, name: str, mp: int, level_after: bool = False) -> _Plot:
        self.roll_to(side, name)
        self.fly(mp, name)
        if level_after:
            self.roll_to(0, name)
            self.fly(self.left)
        return self

    def slip(self, side: int, mp: int) -> _Plot:
        self.roll_to(side)
        if low_wing(self.bank) == side:
            self.fly(self.to_blue())
        mp = min(mp, self.left)
        if mp > 0 and low_wing(self.bank) == side:
            self.tokens.append(f"slip:{mp}")
            self.left -= mp
        return self

    def level(self) -> _Plot:
        target = 4 if is_inverted(self.bank) and self.bank in (3, 4, -3) else 0
        self.roll_to(target)
        return self.fly(2)

    def pitch(self, direction: int) -> _Plot:
        need = pitch_mp(self.plane, self.bank, direction)
        self.fly(need - self.since_pitch)
        if self.left > 0:
            self.tokens.append("U" if direction > 0 else "D")
            self.pitch_now = max(-2, min(2, self.pitch_now + direction))
            self.since_pitch = 0
            self.fly(need)
        return self
