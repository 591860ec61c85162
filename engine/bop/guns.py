"""Gun combat (rulebook, "Gun Combat (SoP 07)" and "Declare an Initial Gunshot", SoP 02).

The procedure, as the game loop calls it:

1. **Declarations (SoP 02)** — a firer with the target at AoN 0 (and no normal or tracking
   shot last turn) may declare an Initial Shot: :func:`declare_initial_gunshot` records the
   target's aspect, TCA, LCA and range at the start of the turn.
2. **Combat (SoP 07)** — after movement, :func:`gun_engagement` lists the shots open to the
   firer from the start and end :class:`GunSituation` s: *initial* (declared; range = start
   range − Relative Speed; Other Aspect read after movement), *normal* (target at AoN 0 after
   movement; Other Aspect read before movement) or *tracking* (AoN 0 before and after, no
   initial declared; Other Aspect fixed at 16 plus the tracking modifier).  The target must
   sit in a numbered square of the Other Aspect table at both the start and the end.
3. :func:`resolve_gunshot` (or :func:`resolve_gun_attack` for a type with several gun
   types) makes the Pipper On roll — column from TCA, LCA and pilot quality, result lowered
   by the target's Guns Defense — and, when the pipper is on, fires: one shot expended, a
   Pips roll on the gun table's column whose *percentile roll* carries the modifiers, damage
   points equal to the pips, and a Pips roll on the gun's Crit rating for critical hits (the
   lesser of that result and the damage points).  Apply the result to the target with
   :func:`engine.bop.damage.apply_damage` (weapon ``gun``).

Initial shots resolve in the first sub-phase, normal and tracking shots together in the
third; all attacks of one sub-phase are simultaneous, so the loop applies damage after every
shot of the sub-phase is rolled.

Tables are in ``models/tables/guns.toml``; the card's gun section holds the gun table.

The Other Aspect table is printed in the rulebook, but its extracted text keeps only each
row's numbers and dashes, not their columns.  The rows (Angle off Canopy 0-6) hold 1, 2, 3,
5 and 2 numbered squares; furball places them nearest the nose in each row (AoN 3; 2-3;
1-3; 0-4; 1-2), in falling order away from the nose, with [0,3] = 16 as the rulebook states
for the tracking shot.  A player with the printed aid can correct the squares in the file.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from engine.bearing import Bearing
from engine.bop import purposes
from engine.bop.damage import CombatEvent
from engine.dice import Dice
from engine.phad import Aspect, Attitude, Cell, angles_between
from models.aircraft import AircraftCard, Gun, ShotType
from models.bop_tables import tables_in_play
from models.bop_tables.guns import GUNS_TABLE_PATH as GUNS_TABLE_PATH
from models.bop_tables.guns import GunTables as GunTables
from models.bop_tables.guns import load_gun_tables

ShotKind = Literal["initial", "normal", "tracking"]


# --- the tables ---------------------------------------------------------------------------


def gun_tables(path: Path | None = None) -> GunTables:
    """The Gun Combat tables in force (the shipped ones), or those of the file at ``path``;
    a :class:`~models.files.DataFileError` names file and field."""
    return tables_in_play().guns if path is None else load_gun_tables(path)


# --- geometry -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GunSituation:
    """The firer's view of its target at one moment (start or end of movement)."""

    aspect: Aspect
    range_fp: int
    tca: int
    lca: int
    aot: int = 0


def gun_situation(
    shooter: Attitude, target: Attitude, bearing: Bearing | Cell, range_fp: int | None = None
) -> GunSituation:
    """Aspect, TCA, LCA and AoT along a bearing; the range comes from a :class:`Bearing`."""
    if isinstance(bearing, Bearing):
        cell = bearing.cell
        range_fp = bearing.slant_range_fp if range_fp is None else range_fp
    else:
        cell = bearing
    if range_fp is None:
        raise ValueError("give range_fp with a bare bearing cell")
    angles = angles_between(shooter, target, cell)
    return GunSituation(angles.aspect, range_fp, angles.tca, angles.lca, angles.aot)


def relative_speed_fp(shooter_speed_fp: int, target_speed_fp: int, aot: int) -> int:
    """Closure along the bearing in FP per game-turn, for an Initial Shot's range.

    The firer has the target at AoN 0, so all its speed closes; the target's speed opens
    the range by its component along the bearing, ``cos(30° × AoT)`` (AoT 0: flying straight
    away).  Rounded by the general rule (a half rounds up).
    """
    closure = shooter_speed_fp - target_speed_fp * math.cos(math.radians(30 * aot))
    return math.floor(closure + 0.5 + 1e-9)


@dataclass(frozen=True, slots=True)
class InitialShotRecord:
    """The Initial Shot box of the ACC, filled in the Declarations phase."""

    target: str
    aspect: Aspect
    tca: int
    lca: int
    range_fp: int
    """Start-of-turn slant range minus Relative Speed; the shot's range."""


def declare_initial_gunshot(
    target: str,
    start: GunSituation,
    relative_speed: int,
    *,
    shot_last_turn: bool = False,
    tables: GunTables | None = None,
) -> InitialShotRecord | None:
    """SoP 02: record an Initial Shot, or None when one cannot be declared.

    Needs the target at AoN 0 within engagement range, in a numbered Other Aspect square,
    no normal or tracking shot in the preceding turn, and a shot range of zero or more.
    """
    tables = tables or gun_tables()
    shot_range = start.range_fp - relative_speed
    if (
        shot_last_turn
        or start.aspect.aon != 0
        or start.range_fp > tables.engagement_range_fp
        or tables.other_aspect_modifier(start.aspect) is None
        or shot_range < 0
    ):
        return None
    return InitialShotRecord(target, start.aspect, start.tca, start.lca, shot_range)


@dataclass(frozen=True, slots=True)
class ShotOption:
    """One gunshot open to the firer this turn, with everything :func:`resolve_gunshot`
    needs."""

    shot: ShotKind
    range_fp: int
    aspect: Aspect
    """The square the Other Aspect modifier is read from ([0,3] for a tracking shot)."""
    tca: int
    lca: int


@dataclass(frozen=True, slots=True)
class Engagement:
    """What :func:`gun_engagement` found: whether the pilot may engage, and the shots."""

    engageable: bool
    options: tuple[ShotOption, ...]
    reasons: tuple[str, ...]
    """Why shots are not available, for the player."""

    def option(self, shot: ShotKind) -> ShotOption | None:
        for option in self.options:
            if option.shot == shot:
                return option
        return None


def gun_engagement(
    start: GunSituation,
    end: GunSituation,
    *,
    initial: InitialShotRecord | None = None,
    tables: GunTables | None = None,
) -> Engagement:
    """The gunshots open after movement (Gun Combat, "Engagement" and "Aspect").

    ``initial`` is the record made in the Declarations phase, if any; declaring one rules
    out the other shots.  The target must be in a numbered Other Aspect square at both the
    start and the end of the turn.
    """
    tables = tables or gun_tables()
    reasons: list[str] = []
    engageable = any(
        s.aspect.aon == 0 and s.range_fp <= tables.engagement_range_fp for s in (start, end)
    )
    if not engageable:
        reasons.append(
            f"the target is not at AoN 0 within {tables.engagement_range_fp} FP at the start "
            "or end of the turn (Engage task)"
        )
    for label, s in (("start", start), ("end", end)):
        if tables.other_aspect_modifier(s.aspect) is None:
            reasons.append(f"aspect {s.aspect} at the {label} of the turn is not a gun aspect")
    if reasons:
        return Engagement(engageable, (), tuple(reasons))
    options: list[ShotOption] = []
    if initial is not None:
        options.append(
            ShotOption("initial", initial.range_fp, end.aspect, initial.tca, initial.lca)
        )
        return Engagement(True, tuple(options), ("an Initial Shot was declared",))
    if end.aspect.aon == 0:
        options.append(ShotOption("normal", end.range_fp, start.aspect, end.tca, end.lca))
        if start.aspect.aon == 0:
            options.append(ShotOption("tracking", end.range_fp, Aspect(0, 3), end.tca, end.lca))
    else:
        reasons.append("the target is not at AoN 0 after movement")
    return Engagement(True, tuple(options), tuple(reasons))


# --- Pipper On and firing -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PipperOn:
    """The Pipper On roll."""

    column: int
    result: int
    defense_modifier: int
    final: int

    @property
    def on(self) -> bool:
        """A final result above 0 puts the pipper on target."""
        return self.final > 0


def pipper_on(
    tca: int,
    lca: int,
    dice: Dice,
    purpose: str,
    *,
    pilot_quality: int = 0,
    guns_defense_ap: int = 0,
    tables: GunTables | None = None,
) -> PipperOn:
    """Roll to bring the pipper on target (Gun Combat, "Pipper On")."""
    tables = tables or gun_tables()
    if not (0 <= tca <= 6 and 0 <= lca <= 6):
        raise ValueError(f"TCA and LCA are 0-6 PHAD cells, got {tca} and {lca}")
    if guns_defense_ap not in (0, 1, 2):
        raise ValueError(f"Guns Defense costs 1 or 2 AP, got {guns_defense_ap}")
    table = tables.pipper_on
    column = table.base_column + pilot_quality - table.tca_penalty[tca] - table.lca_penalty[lca]
    result = dice.pips(column, purposes.pipper_on(purpose))
    modifier = table.guns_defense[guns_defense_ap]
    return PipperOn(column, result, modifier, result + modifier)


@dataclass(frozen=True, slots=True)
class GunshotResult:
    """One gun type's shot: whether it fired, what it did, and the records."""

    gun: str
    shot: ShotKind
    range_fp: int
    pipper: PipperOn | None
    fired: bool
    shots_expended: int
    column: int = 0
    roll_modifier: int = 0
    damage_points: int = 0
    critical_hits: int = 0
    reason: str = ""
    events: tuple[CombatEvent, ...] = ()

    @property
    def hit(self) -> bool:
        return self.damage_points > 0


def _no_shot(
    gun: str,
    shot: ShotKind,
    range_fp: int,
    reason: str,
    who: str,
    target: str,
    turn: int,
    pipper: PipperOn | None = None,
) -> GunshotResult:
    event = CombatEvent(
        "miss",
        f"{who} cannot fire the {gun} at {target or 'the target'}: {reason}",
        {"turn": turn, "gun": gun, "shot": shot, "range_fp": range_fp, "fired": False},
        (who, target) if target else (who,),
    )
    return GunshotResult(gun, shot, range_fp, pipper, False, 0, reason=reason, events=(event,))


def resolve_gunshot(
    shooter_card: AircraftCard,
    gun: Gun | str,
    shot_type: ShotKind,
    range_fp: int,
    aspect: Aspect,
    tca: int,
    lca: int,
    dice: Dice,
    who: str,
    turn: int,
    *,
    target: str = "",
    pilot_quality: int = 0,
    guns_defense_ap: int = 0,
    shots_left: int | None = None,
    tracking_as: ShotType = "normal",
    pipper: PipperOn | None = None,
    tables: GunTables | None = None,
) -> GunshotResult:
    """Resolve one gun type's shot (Gun Combat, "Pipper On" and "Firing").

    ``aspect`` is the square the Other Aspect modifier is read from (a :class:`ShotOption`
    carries the right one); a tracking shot uses the fixed tracking value instead and the
    ``tracking_as`` column.  ``shots_left`` defaults to the card's Shots.  Pass ``pipper`` to
    reuse one Pipper On roll for several gun types fired in the same attack.
    """
    tables = tables or gun_tables()
    if isinstance(gun, str):
        gun = shooter_card.gun(gun)
    purpose = purposes.gun_attack(who, target, turn)
    band = gun.band(range_fp)
    left = gun.shots if shots_left is None else shots_left
    if band is None:
        return _no_shot(
            gun.name,
            shot_type,
            range_fp,
            f"range {range_fp} FP is beyond the gun table (greatest {gun.max_range_fp} FP)"
            if range_fp >= 0
            else f"range {range_fp} FP is less than zero",
            who,
            target,
            turn,
        )
    if left <= 0:
        return _no_shot(gun.name, shot_type, range_fp, "no shots left", who, target, turn)
    if shot_type == "tracking":
        other = tables.tracking_other_aspect
        modifier = other + tables.tracking_modifier
        column = band.column(tracking_as)
    else:
        looked_up = tables.other_aspect_modifier(aspect)
        if looked_up is None:
            return _no_shot(
                gun.name,
                shot_type,
                range_fp,
                f"aspect {aspect} is not a gun aspect",
                who,
                target,
                turn,
            )
        modifier = looked_up
        column = band.column(shot_type)
    modifier += band.roll_modifier
    if pipper is None:
        pipper = pipper_on(
            tca,
            lca,
            dice,
            purpose,
            pilot_quality=pilot_quality,
            guns_defense_ap=guns_defense_ap,
            tables=tables,
        )
    entities = (who, target) if target else (who,)
    if not pipper.on:
        reason = f"pipper not on target (result {pipper.result}{pipper.defense_modifier:+d})"
        event = CombatEvent(
            "miss",
            f"{who} could not bring the pipper on {target or 'the target'}; no shot fired",
            {
                "turn": turn,
                "gun": gun.name,
                "shot": shot_type,
                "range_fp": range_fp,
                "pipper_column": pipper.column,
                "pipper_final": pipper.final,
                "fired": False,
            },
            entities,
        )
        return GunshotResult(
            gun.name,
            shot_type,
            range_fp,
            pipper,
            False,
            0,
            column,
            modifier,
            reason=reason,
            events=(event,),
        )
    damage = dice.pips(column, purposes.gun_damage(purpose, gun.name, shot_type), modifier)
    crits = 0
    if damage > 0:
        crits = min(damage, dice.pips(gun.crit, purposes.gun_criticals(purpose, gun.name)))
    fired = CombatEvent(
        "gunshot",
        f"{who} fires the {gun.name} at {target or 'the target'}: {shot_type} shot at "
        f"{range_fp} FP, column {column}, roll modifier {modifier:+d}",
        {
            "turn": turn,
            "gun": gun.name,
            "shot": shot_type,
            "range_fp": range_fp,
            "column": column,
            "modifier": modifier,
            "shots_left": left - 1,
        },
        entities,
    )
    outcome = CombatEvent(
        "hit" if damage else "miss",
        f"{who}'s {gun.name} hits {target or 'the target'}: {damage} damage points, "
        f"{crits} critical hits"
        if damage
        else f"{who}'s {gun.name} misses {target or 'the target'}",
        {
            "turn": turn,
            "gun": gun.name,
            "damage_points": damage,
            "critical_hits": crits,
            "fired": True,
        },
        entities,
    )
    return GunshotResult(
        gun.name,
        shot_type,
        range_fp,
        pipper,
        True,
        1,
        column,
        modifier,
        damage,
        crits,
        events=(fired, outcome),
    )


def resolve_gun_attack(
    shooter_card: AircraftCard,
    guns: Sequence[str],
    option: ShotOption,
    dice: Dice,
    who: str,
    turn: int,
    *,
    target: str = "",
    pilot_quality: int = 0,
    guns_defense_ap: int = 0,
    shots_left: dict[str, int] | None = None,
    tracking_as: ShotType = "normal",
    tables: GunTables | None = None,
) -> tuple[GunshotResult, ...]:
    """A gun attack with one or more gun types fired together (e.g. a MiG's N-37D and
    NR-23s): one Pipper On roll, then each gun type resolves and spends its own shot."""
    tables = tables or gun_tables()
    if not guns:
        raise ValueError("name at least one gun to fire")
    purpose = purposes.gun_attack(who, target, turn)
    roll = pipper_on(
        option.tca,
        option.lca,
        dice,
        purpose,
        pilot_quality=pilot_quality,
        guns_defense_ap=guns_defense_ap,
        tables=tables,
    )
    return tuple(
        resolve_gunshot(
            shooter_card,
            name,
            option.shot,
            option.range_fp,
            option.aspect,
            option.tca,
            option.lca,
            dice,
            who,
            turn,
            target=target,
            shots_left=None if shots_left is None else shots_left.get(name),
            tracking_as=tracking_as,
            pipper=roll,
            tables=tables,
        )
        for name in guns
    )
