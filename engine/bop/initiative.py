"""Order of Flight Determination (SoP 08) and its adjustment after Visual Sighting (SoP 09).

Pure procedures over explicit inputs, rolling through :class:`~engine.dice.Dice`:

* :func:`initiative_roll`: d10 + the pilot's Crew Quality, −3 once for a departed aircraft,
  a pilot without visual awareness of the enemy or an unconscious pilot, +3 for an aircraft no
  enemy has spotted whose crew have spotted an enemy ("Determining Initiatives").
* :func:`break_ties`: equal Base Initiatives roll off with plain d10s, each roll-off a further
  decimal place (5 → 5.3 → 5.37).
* :func:`fix_attempt` / :func:`resolve_fix_attempts`: one Fix attempt per pilot, lowest
  Initiative first; success when d10 + PQ − AoN − AoT ≥ 1 ("Making Fix Attempts").
* :func:`order_of_flight`: plot classes A, B, … and move classes a, b, …, y, z from the fixes,
  with fix loops ("Establishing Initiative and Movement Classes"); spinning aircraft plot in
  A and move in a ("Spinning", SoP 06).
* :func:`adjust_for_sighting`: lost fixes, newly spotted and newly unspotted aircraft
  ("Adjust Order of Flight due to Visual Sighting Changes", SoP 09).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Self

from engine.bop import purposes
from engine.bop.activity import ActivityLedger, TaskRefused
from engine.bop.effects import EffectRecord
from engine.dice import Dice
from engine.phad.angles import Aspect

POOR_SITUATION = -3
"""Departed, no visual awareness of the enemy, or unconscious: applied once."""
UNSEEN_ATTACKER = 3
"""Spotted an enemy without being spotted by any."""
FIX_SUCCESS_AT_LEAST = 1
"""d10 + PQ − AoN − AoT must reach this ("Making Fix Attempts")."""
PLOT_CLASS_A = "A"
UNFIXED_MOVE_CLASS = "y"
UNSPOTTED_MOVE_CLASS = "z"
_LAST_CHAIN_CLASS = 24
"""Chain classes run a…x; y and z are kept for unfixed and unspotted aircraft."""


# --------------------------------------------------------------------------------------
# Initiative
# --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, order=True)
class Initiative:
    """A Base Initiative and the roll-offs that broke its ties: ``5`` then 3 and 7 is 5.37.

    Orders as the rulebook's decimal reading: the base first, then each roll-off digit.  A
    higher roll-off always ranks higher, also below zero (-2.7 after -2.3).
    """

    base: int
    rolloffs: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if any(not 0 <= digit <= 9 for digit in self.rolloffs):
            raise ValueError("roll-offs are d10 results, 0 to 9")

    @classmethod
    def parse(cls, text: str) -> Self:
        """``Initiative.parse("5.37")`` → ``Initiative(5, (3, 7))``."""
        found = re.fullmatch(r"(-?\d+)(?:\.(\d+))?", text.strip())
        if found is None:
            raise ValueError(f"not an initiative: {text!r} (e.g. 5 or 5.37)")
        return cls(int(found[1]), tuple(int(d) for d in found[2] or ""))

    def __str__(self) -> str:
        digits = "".join(str(d) for d in self.rolloffs)
        return f"{self.base}.{digits}" if digits else str(self.base)


@dataclass(frozen=True, slots=True)
class InitiativeModifier:
    amount: int
    reasons: tuple[str, ...]
    """Every condition that called for it (the −3 applies once however many)."""


@dataclass(frozen=True, slots=True)
class InitiativeRoll:
    callsign: str
    roll: int
    crew_quality: int
    modifiers: tuple[InitiativeModifier, ...]
    base: int
    """The Base Initiative: roll + Crew Quality + modifiers."""
    record: EffectRecord


def initiative_roll(
    callsign: str,
    crew_quality: int,
    dice: Dice,
    turn: int,
    *,
    departed: bool = False,
    pilot_sees_enemy: bool = True,
    pilot_conscious: bool = True,
    spotted_by_enemy: bool = True,
    crew_sees_enemy: bool = True,
) -> InitiativeRoll:
    """An aircraft's Base Initiative ("Determining Initiatives", SoP 08).

    ``pilot_sees_enemy``: the pilot has visual awareness of an enemy aircraft;
    ``crew_sees_enemy``: some crew member has spotted one; ``spotted_by_enemy``: some enemy
    crew member has it spotted.
    """
    if not -2 <= crew_quality <= 3:
        raise ValueError(f"Crew Quality runs from -2 to +3, not {crew_quality}")
    roll = dice.d10(purposes.initiative(callsign, turn))
    poor = tuple(
        reason
        for reason, applies in (
            ("departed", departed),
            ("pilot has no visual awareness of the enemy", not pilot_sees_enemy),
            ("pilot unconscious", not pilot_conscious),
        )
        if applies
    )
    modifiers: list[InitiativeModifier] = []
    if poor:
        modifiers.append(InitiativeModifier(POOR_SITUATION, poor))
    if not spotted_by_enemy and crew_sees_enemy:
        modifiers.append(
            InitiativeModifier(UNSEEN_ATTACKER, ("unspotted by the enemy, enemy in sight",))
        )
    base = roll + crew_quality + sum(m.amount for m in modifiers)
    shown = "".join(f", {m.amount:+d} ({'; '.join(m.reasons)})" for m in modifiers)
    record = EffectRecord(
        "initiative",
        f"{callsign} initiative {base}: d10 {roll}, CQ {crew_quality:+d}{shown}",
        {
            "roll": roll,
            "crew_quality": crew_quality,
            "modifier": sum(m.amount for m in modifiers),
            "base": base,
        },
    )
    return InitiativeRoll(callsign, roll, crew_quality, tuple(modifiers), base, record)


@dataclass(frozen=True, slots=True)
class RollOffs:
    initiatives: dict[str, Initiative]
    records: tuple[EffectRecord, ...] = ()


def break_ties(bases: Mapping[str, int], dice: Dice, turn: int) -> RollOffs:
    """Roll-offs until every Initiative is unique ("Determining Initiatives").

    Aircraft sharing an Initiative each roll an unmodified d10, appended as a decimal place;
    those still tied roll again, and so on.  Rolls go in the order of ``bases``.
    """
    current = {callsign: Initiative(base) for callsign, base in bases.items()}
    records: list[EffectRecord] = []
    while True:
        groups: dict[Initiative, list[str]] = {}
        for callsign, initiative in current.items():
            groups.setdefault(initiative, []).append(callsign)
        tied = [members for members in groups.values() if len(members) > 1]
        if not tied:
            return RollOffs(current, tuple(records))
        for members in tied:
            shared = current[members[0]]
            for callsign in members:
                digit = dice.d10(
                    purposes.initiative_rolloff(len(shared.rolloffs) + 1, callsign, turn)
                )
                current[callsign] = Initiative(shared.base, (*shared.rolloffs, digit))
            records.append(
                EffectRecord(
                    "initiative_rolloff",
                    f"{', '.join(members)} tied at {shared}: "
                    + ", ".join(f"{c} {current[c]}" for c in members),
                    {"tied_at": str(shared), "aircraft": ",".join(members)},
                )
            )


def in_initiative_order(
    callsigns: Iterable[str], initiatives: Mapping[str, Initiative]
) -> tuple[str, ...]:
    """Lowest Initiative first."""
    return tuple(sorted(callsigns, key=lambda c: initiatives[c]))


# --------------------------------------------------------------------------------------
# Fix attempts
# --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FixRequest:
    """What a Fix attempt needs to know about the fixer and its intended target."""

    fixer: str
    target: str
    pilot_quality: int
    aspect: Aspect
    """The bearing to the target on the fixer's body diamond: [AoN, AoC]."""
    aot: int
    """Angle off tail to the target, in cells."""
    visual_awareness: bool
    """The fixing pilot has the target spotted."""
    advantage_arc: frozenset[tuple[int, int]]
    """The [AoN, AoC] squares of the fixer's Canopy advantage arc."""
    friendly: bool = False
    departed: bool = False
    pilot_conscious: bool = True
    wounded: bool = False
    guns_subject: str | None = None
    """The aircraft the pilot engages or defends against with guns this game-turn."""


@dataclass(frozen=True, slots=True)
class FixResult:
    fixer: str
    target: str
    attempted: bool
    """False when the rules did not allow an attempt (then no roll and no AP)."""
    success: bool
    roll: int | None = None
    score: int | None = None
    """d10 + PQ − AoN − AoT."""
    reason: str = ""
    """Why no attempt was made."""
    record: EffectRecord | None = None


def fix_barred(request: FixRequest) -> str:
    """Why the pilot may not attempt this Fix, or ``""``: friendly target, departed, not
    conscious, wounded, no visual awareness, bearing outside the advantage arc, or a guns task
    against another aircraft ("Making Fix Attempts", "Fix", "Wounded", "Fixes in Gun Combat")."""
    r = request
    if r.fixer == r.target:
        return "cannot fix itself"
    if r.friendly:
        return "a pilot may not fix a friendly aircraft"
    if r.departed:
        return "pilots of departed aircraft may not fix"
    if not r.pilot_conscious:
        return "the pilot is unconscious"
    if r.wounded:
        return "a wounded pilot may not fix"
    if not r.visual_awareness:
        return "no visual awareness of the target"
    if (r.aspect.aon, r.aspect.aoc) not in r.advantage_arc:
        return f"bearing {r.aspect} is outside the advantage arc"
    if r.guns_subject is not None and r.target != r.guns_subject:
        return f"using a guns task against {r.guns_subject}, may fix only it"
    return ""


def fix_attempt(
    request: FixRequest, dice: Dice, turn: int, ledger: ActivityLedger | None = None
) -> FixResult:
    """One Fix attempt ("Making Fix Attempts", SoP 08).

    Succeeds when d10 + fixer PQ − AoN − AoT ≥ 1.  When ``ledger`` (the fixing pilot's) is
    given the Fix task is paid from it; a pilot who cannot pay makes no attempt.
    """
    r = request
    barred = fix_barred(r)
    if not barred and ledger is not None:
        try:
            ledger.spend("fix", r.target)
        except TaskRefused as refused:
            barred = refused.problem
    if barred:
        return FixResult(r.fixer, r.target, False, False, reason=barred)
    roll = dice.d10(purposes.fix_attempt(r.fixer, r.target, turn))
    score = roll + r.pilot_quality - r.aspect.aon - r.aot
    success = score >= FIX_SUCCESS_AT_LEAST
    record = EffectRecord(
        "fix",
        f"{r.fixer} {'fixes' if success else 'fails to fix'} {r.target}: d10 {roll} "
        f"{r.pilot_quality:+d} PQ − AoN {r.aspect.aon} − AoT {r.aot} = {score}",
        {"roll": roll, "score": score, "aon": r.aspect.aon, "aot": r.aot, "success": success},
    )
    return FixResult(r.fixer, r.target, True, success, roll, score, record=record)


def resolve_fix_attempts(
    requests: Sequence[FixRequest],
    initiatives: Mapping[str, Initiative],
    dice: Dice,
    turn: int,
    ledgers: Mapping[str, ActivityLedger] | None = None,
) -> tuple[FixResult, ...]:
    """Every pilot's Fix attempt, lowest Initiative first; one request per pilot."""
    fixers = [r.fixer for r in requests]
    if len(set(fixers)) != len(fixers):
        raise ValueError("each pilot may make only one Fix attempt (Making Fix Attempts)")
    ordered = sorted(requests, key=lambda r: initiatives[r.fixer])
    ledgers = ledgers or {}
    return tuple(fix_attempt(r, dice, turn, ledgers.get(r.fixer)) for r in ordered)


def successful_fixes(results: Iterable[FixResult]) -> dict[str, str]:
    """Fixer → target for the attempts that succeeded."""
    return {r.fixer: r.target for r in results if r.success}


# --------------------------------------------------------------------------------------
# Plot and move classes
# --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FlightStatus:
    """What the order of flight needs to know about one aircraft besides its fixes."""

    spotted_by_enemy: bool = True
    """Some enemy crew member has it spotted."""
    sees_enemy: bool = True
    """Some crew member of its own has spotted an enemy aircraft."""
    can_fix: bool = True
    """False when departed, its pilot unconscious or without visual awareness of an enemy."""
    spinning: bool = False


@dataclass(frozen=True, slots=True)
class FlightOrder:
    """The order of flight for the next game-turn ("Establishing Initiative and Movement
    Classes")."""

    initiatives: dict[str, Initiative]
    fixes: dict[str, str]
    """Fixer → target."""
    plot_class: dict[str, str]
    move_class: dict[str, str]
    loops: tuple[tuple[str, ...], ...] = ()
    records: tuple[EffectRecord, ...] = field(default=())

    def plot_classes(self) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """``(("A", (…)), ("B", (…)), …)``, each class lowest Initiative first."""
        return self._grouped(self.plot_class)

    def move_classes(self) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """``(("a", (…)), …, ("y", (…)), ("z", (…)))``, each lowest Initiative first."""
        return self._grouped(self.move_class)

    def movement_order(self) -> tuple[str, ...]:
        """Every aircraft in the order it moves."""
        return tuple(c for _, members in self.move_classes() for c in members)

    def sequence(self) -> tuple[tuple[str, str, tuple[str, ...]], ...]:
        """The Flight Phase steps (SoP 03): plot A, move a, plot B, move b, …, then y and z.

        Move class a follows plot class A and so on; y and z come after every plot class.
        """
        plots = dict(self.plot_classes())
        moves = dict(self.move_classes())
        chain = sorted({*plots, *(m.upper() for m in moves if m not in "yz")})
        steps: list[tuple[str, str, tuple[str, ...]]] = []
        for letter in chain:
            if letter in plots:
                steps.append(("plot", letter, plots[letter]))
            if letter.lower() in moves:
                steps.append(("move", letter.lower(), moves[letter.lower()]))
        steps.extend(("move", m, moves[m]) for m in "yz" if m in moves)
        return tuple(steps)

    def _grouped(self, classes: Mapping[str, str]) -> tuple[tuple[str, tuple[str, ...]], ...]:
        letters = sorted(set(classes.values()))
        return tuple(
            (
                letter,
                in_initiative_order(
                    (c for c, cls in classes.items() if cls == letter), self.initiatives
                ),
            )
            for letter in letters
        )


def _letter(depth: int) -> str:
    if depth >= _LAST_CHAIN_CLASS:
        raise ValueError("more than 24 initiative classes in one fix chain")
    return chr(ord("A") + depth)


def _find_loops(fixes: Mapping[str, str]) -> list[tuple[str, ...]]:
    """Each fix loop once, starting from its lowest callsign."""
    loops: list[tuple[str, ...]] = []
    seen: set[str] = set()
    for start in sorted(fixes):
        path: list[str] = []
        node: str | None = start
        while node is not None and node not in seen and node not in path:
            path.append(node)
            node = fixes.get(node)
        if node is not None and node in path:
            cycle = path[path.index(node) :]
            first = cycle.index(min(cycle))
            loops.append(tuple(cycle[first:] + cycle[:first]))
        seen.update(path)
    return loops


def order_of_flight(
    initiatives: Mapping[str, Initiative],
    fixes: Mapping[str, str],
    status: Mapping[str, FlightStatus] | None = None,
) -> FlightOrder:
    """Plot and move classes from this Initiative Phase's successful fixes.

    Plot class A holds every aircraft that fixed nobody; aircraft in a fix loop plot in B;
    any other fixer plots one class after its target.  A fixed aircraft moves in the lower-case
    letter of its plot class (a fixed non-fixer in a, its fixer in b, …), a loop member only
    when an aircraft outside the loop fixes it.  The rest move in y when an enemy has them
    spotted, else z when they have an enemy in sight; unspotted aircraft that see no enemy are
    not "unspotted" in the rulebook's sense and move in y.  Spinning aircraft plot in A and
    move in a.  ``status`` defaults to spotted, seeing the enemy, able to fix, not spinning.
    """
    status = status or {}
    callsigns = list(initiatives)
    for fixer, target in fixes.items():
        for who in (fixer, target):
            if who not in initiatives:
                raise ValueError(f"fix {fixer} → {target}: {who} has no initiative")
        if fixer == target:
            raise ValueError(f"{fixer} cannot fix itself")
        s = status.get(fixer, FlightStatus())
        if not s.can_fix or s.spinning:
            raise ValueError(
                f"{fixer} cannot hold a fix: departed, unconscious or without visual "
                "awareness of the enemy (Establishing Initiative and Movement Classes)"
            )
    loops = _find_loops(fixes)
    loop_of = {c: loop for loop in loops for c in loop}
    depth: dict[str, int] = {}

    def plot_depth(callsign: str) -> int:
        if callsign in depth:
            return depth[callsign]
        chain: list[str] = []
        node = callsign
        while node not in depth:
            if node not in fixes:
                depth[node] = 0
            elif node in loop_of:
                depth[node] = 1
            else:
                chain.append(node)
                node = fixes[node]
        for member in reversed(chain):
            depth[member] = depth[fixes[member]] + 1
        return depth[callsign]

    plot_class = {c: _letter(plot_depth(c)) for c in callsigns}
    fixed_by: dict[str, set[str]] = {c: set() for c in callsigns}
    for fixer, target in fixes.items():
        fixed_by[target].add(fixer)
    move_class: dict[str, str] = {}
    for c in callsigns:
        s = status.get(c, FlightStatus())
        outside_fixers = fixed_by[c] - set(loop_of.get(c, ()))
        if s.spinning:
            plot_class[c] = PLOT_CLASS_A
            move_class[c] = "a"
        elif outside_fixers:
            move_class[c] = plot_class[c].lower()
        elif c in loop_of:
            move_class[c] = UNFIXED_MOVE_CLASS
        else:
            move_class[c] = _unfixed_class(s)
    records = tuple(
        EffectRecord(
            "order_of_flight",
            f"{c}: plot class {plot_class[c]}, move class {move_class[c]}, initiative "
            f"{initiatives[c]}" + (f", fixes {fixes[c]}" if c in fixes else ""),
            {"plot_class": plot_class[c], "move_class": move_class[c], "fixes": fixes.get(c, "")},
        )
        for c in in_initiative_order(callsigns, initiatives)
    )
    return FlightOrder(
        dict(initiatives), dict(fixes), plot_class, move_class, tuple(loops), records
    )


def _unfixed_class(status: FlightStatus) -> str:
    if not status.spotted_by_enemy and status.sees_enemy:
        return UNSPOTTED_MOVE_CLASS
    return UNFIXED_MOVE_CLASS


def adjust_for_sighting(
    order: FlightOrder,
    *,
    lost_fix: Iterable[str] = (),
    newly_spotted: Iterable[str] = (),
    newly_unspotted: Iterable[str] = (),
) -> FlightOrder:
    """The order of flight after Visual Sighting (SoP 09) changes.

    * ``lost_fix``: fixers that lost sight of their target lose the fix and plot in class A;
      a target no other aircraft fixes any more moves in y.
    * ``newly_spotted``: aircraft an opposing crew member spotted after being unspotted move
      in y.
    * ``newly_unspotted``: aircraft no opposing crew member has spotted any more, whose crew
      still see an enemy, move in z.

    Applied in that order; nothing else moves.  Each class stays in Initiative order.
    """
    fixes = dict(order.fixes)
    plot_class = dict(order.plot_class)
    move_class = dict(order.move_class)
    records: list[EffectRecord] = []
    for fixer in lost_fix:
        if fixer not in fixes:
            raise ValueError(f"{fixer} holds no fix to lose")
        target = fixes.pop(fixer)
        plot_class[fixer] = PLOT_CLASS_A
        text = f"{fixer} lost sight of {target}: fix lost, plot class A"
        if target not in fixes.values():
            move_class[target] = UNFIXED_MOVE_CLASS
            text += f"; {target} no longer fixed, move class y"
        records.append(EffectRecord("order_of_flight", text, {"fixer": fixer, "target": target}))
    for callsign in newly_spotted:
        move_class[callsign] = UNFIXED_MOVE_CLASS
        records.append(
            EffectRecord(
                "order_of_flight", f"{callsign} newly spotted: move class y", {"aircraft": callsign}
            )
        )
    for callsign in newly_unspotted:
        move_class[callsign] = UNSPOTTED_MOVE_CLASS
        records.append(
            EffectRecord(
                "order_of_flight",
                f"{callsign} unspotted by every opponent: move class z",
                {"aircraft": callsign},
            )
        )
    return replace(
        order,
        fixes=fixes,
        plot_class=plot_class,
        move_class=move_class,
        loops=tuple(_find_loops(fixes)),
        records=(*order.records, *records),
    )
