"""Visual Sighting (SoP 09): searching for, tallying, padlocking and keeping track of aircraft.

Pure procedures over explicit inputs, rolling through :class:`~engine.dice.Dice` and returning
results plus :class:`~engine.bop.effects.EffectRecord` entries for the timeline.  The numbers
the Visual Sighting play aid would give are rebuilt in ``models/tables/sighting.toml``; the
per-type numbers (Auto-Tally, radio, Canopy diagrams) are the ``[sighting]`` section of each
aircraft card.

* :func:`visual_search`: Pips column = Search Value + Canopy + Target Aspect (+ haze, grey-out);
  the target is spotted when the pips reach the Target Value.  Not into the blind arc.
* :func:`tally`: keeps a spot.  Tally Range = Visual Range − Auto-Tally; 0 or less keeps it
  without a roll, otherwise d10 + modifiers ≥ 0.
* :func:`quick_search`: right after a failed tally, a search that may look into the blind arc.
* :func:`padlock`: keeps one spotted aircraft without a roll (declared first, one a phase).
* :func:`tally_friendlies`: by radio, every friendly with a working radio.
* :class:`SpotState`: who has spotted whom and how, until the next Visual Sighting phase.
* :class:`FieldOfView`: grey-out and black-out narrow what a crew member can see to a few
  PHAD cells ("Crew G Effect (Overall)").

Activity Points are not paid here: :class:`engine.bop.activity.ActivityLedger` prices each task
(``visual_search``, ``quick_search``, ``tally``, ``padlock``, ``tally_friendlies``) with the
guns-task doubling and the Hands Off Switch surcharge; pay there, then resolve here.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

from engine.bearing import shoot_bearing
from engine.bop import purposes
from engine.bop.effects import EffectRecord, GEffect
from engine.dice import Dice
from engine.hexmap import Position
from engine.phad.angles import Aspect, angles_between
from engine.phad.attitude import Attitude
from engine.phad.cells import Cell
from engine.phad.graph import distance
from models.aircraft import BODY_DIAMOND_ROWS, AircraftCard, CanopyDiagram
from models.bop_tables import tables_in_play
from models.bop_tables.sighting import CREW_QUALITY_RANGE, TallyBand
from models.bop_tables.sighting import SIGHTING_PATH as SIGHTING_PATH
from models.bop_tables.sighting import SightingTables as SightingTables
from models.bop_tables.sighting import load_sighting_tables as load_sighting_tables

BLIND_AT_OR_BELOW = -4
"""Canopy squares with this modifier or worse are the blind arc ("Blind Arc")."""

SightingTask = Literal["visual_search", "quick_search", "tally", "padlock", "tally_friendlies"]
"""The Visual Sighting tasks ("Aircrew Tasks"); a spot records the one that made it."""


class IllegalSighting(ValueError):
    """A sighting task the rules do not allow here; the message names the rule and why."""


# --------------------------------------------------------------------------------------
# The play-aid tables
# --------------------------------------------------------------------------------------


def sighting_tables() -> SightingTables:
    """The Visual Sighting tables in force when a procedure is given none: the shipped ones."""
    return tables_in_play().sighting


# --------------------------------------------------------------------------------------
# Who looks, at what, through what
# --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, order=True)
class Observer:
    """One crew member: each spots and keeps spots separately ("Visual Sighting")."""

    aircraft: str
    seat: str = "pilot"

    def __str__(self) -> str:
        return f"{self.aircraft} {self.seat}"


@dataclass(frozen=True, slots=True)
class FieldOfView:
    """What a crew member can see under crew G effects ("Crew G Effect (Overall)").

    Grey-out and black-out crew declare a PHAD cell (``centre``) before their own sighting
    attempts (SoP 09): grey-out sees it and the cells next to it, black-out only that cell,
    LOC nothing.
    """

    g_state: GEffect = "normal"
    centre: Cell | None = None

    def __post_init__(self) -> None:
        restricted = self.g_state in ("grey_out", "black_out")
        if restricted and self.centre is None:
            raise ValueError(f"a crew member in {self.g_state} declares a field-of-view cell")
        if not restricted and self.centre is not None:
            raise ValueError(f"a crew member in {self.g_state} declares no field of view")

    def sees(self, bearing: Cell | None, tables: SightingTables | None = None) -> bool:
        """Whether a target on ``bearing`` (a cell of the searcher's PHAD) is in view."""
        if self.g_state == "normal":
            return True
        if self.g_state == "loc":
            return False
        if bearing is None:
            raise ValueError(f"the bearing is needed to check a {self.g_state} field of view")
        g = (tables or sighting_tables()).g_effects
        cells = (
            g.grey_out.field_of_view_cells
            if self.g_state == "grey_out"
            else g.black_out.field_of_view_cells
        )
        assert self.centre is not None
        return distance(self.centre, bearing) <= cells


@dataclass(frozen=True, slots=True)
class Searcher:
    """The crew member making sighting attempts, with everything the rules read of them."""

    observer: Observer
    canopy: CanopyDiagram
    crew_quality: int = 0
    field_of_view: FieldOfView = field(default_factory=FieldOfView)
    guns_subject: str | None = None
    """The aircraft this pilot flies Guns Engagement or Guns Defense against this turn: the
    only one it may padlock ("Guns Engagement", "Guns Defense")."""
    radio: bool = True
    """The aircraft's radio works (Tally Friendlies)."""

    def __post_init__(self) -> None:
        low, high = CREW_QUALITY_RANGE
        if not low <= self.crew_quality <= high:
            raise ValueError(f"Crew Quality runs from {low} to +{high}, not {self.crew_quality}")

    @classmethod
    def from_card(
        cls,
        card: AircraftCard,
        aircraft: str,
        seat: str = "pilot",
        *,
        crew_quality: int = 0,
        field_of_view: FieldOfView | None = None,
        guns_subject: str | None = None,
        radio_working: bool = True,
    ) -> Searcher:
        """The crew member in ``seat`` of an aircraft of type ``card``."""
        if card.sighting is None:
            raise ValueError(f"the {card.type_id} card has no [sighting] section")
        return cls(
            Observer(aircraft, seat),
            card.sighting.canopy(seat),
            crew_quality,
            field_of_view or FieldOfView(),
            guns_subject,
            card.sighting.radio and radio_working,
        )

    @property
    def g_state(self) -> GEffect:
        return self.field_of_view.g_state


@dataclass(frozen=True, slots=True)
class SightLine:
    """One target as the searcher sees it this Visual Sighting phase."""

    target: str
    visual_range_fp: int
    """See :func:`visual_range_fp`."""
    aspect: Aspect
    """``[AoN, AoC]`` of the bearing to the target, on the searcher's Canopy diagram."""
    target_aspect: Aspect
    """``[reciprocal AoN, reciprocal AoC]``: the searcher as seen from the target."""
    target_auto_tally_fp: int
    """The target card's Auto-Tally."""
    bearing: Cell | None = None
    """The bearing cell on the searcher's PHAD; needed only under grey-out or black-out."""
    haze: bool = False
    """The sight line touches a haze layer (:meth:`Weather.between`)."""
    cloud: bool = False
    """Cloud lies between the two aircraft: no sight."""

    def __post_init__(self) -> None:
        if self.visual_range_fp < 0:
            raise ValueError("visual_range_fp cannot be negative")
        if self.target_auto_tally_fp < 1:
            raise ValueError("target_auto_tally_fp is at least 1")


@dataclass(frozen=True, slots=True)
class AltitudeBand:
    """A weather layer from ``bottom_steps`` to ``top_steps`` (200 ft steps), inclusive."""

    bottom_steps: int
    top_steps: int

    def __post_init__(self) -> None:
        if self.top_steps < self.bottom_steps:
            raise ValueError("a weather layer's top is at or above its bottom")

    def overlaps(self, low_steps: int, high_steps: int) -> bool:
        return self.bottom_steps <= high_steps and low_steps <= self.top_steps


@dataclass(frozen=True, slots=True)
class Weather:
    """Haze and cloud layers, as a scenario gives them ("Weather")."""

    haze: tuple[AltitudeBand, ...] = ()
    cloud: tuple[AltitudeBand, ...] = ()

    def between(self, alt_a_steps: int, alt_b_steps: int) -> tuple[bool, bool]:
        """``(haze, cloud)`` for the sight line between two altitudes: a layer counts when
        either aircraft is in it or it lies between them."""
        low, high = sorted((alt_a_steps, alt_b_steps))
        return (
            any(band.overlaps(low, high) for band in self.haze),
            any(band.overlaps(low, high) for band in self.cloud),
        )


def visual_range_fp(slant_range_fp: int, searcher_alt_steps: int, target_alt_steps: int) -> int:
    """Visual Range: the slant range, plus the altitude difference in steps when the target
    is below the searcher ("Visual Sighting (SoP 09)", Visual Range)."""
    if slant_range_fp < 0:
        raise ValueError("slant_range_fp cannot be negative")
    return slant_range_fp + max(0, searcher_alt_steps - target_alt_steps)


def sight_line(
    target: str,
    searcher_position: Position,
    searcher_attitude: Attitude,
    target_position: Position,
    target_attitude: Attitude,
    target_card: AircraftCard,
    weather: Weather | None = None,
    bearing: Cell | None = None,
) -> SightLine:
    """The :class:`SightLine` from positions and attitudes on the map.

    ``bearing`` is the searcher's pick when the bearing lies on a cell border ("Ambiguity");
    by default the formula's own choice.  The reciprocal bearing is its opposite.  Raises
    :class:`~engine.bearing.NoBearing` when the two share a hex and an altitude.
    """
    if target_card.sighting is None:
        raise ValueError(f"the {target_card.type_id} card has no [sighting] section")
    shot = shoot_bearing(searcher_position, target_position)
    if bearing is None:
        bearing = shot.candidates[0]
    elif bearing not in shot.candidates:
        options = ", ".join(str(c) for c in shot.candidates)
        raise ValueError(f"{bearing} is not a reading of this bearing; pick one of {options}")
    angles = angles_between(searcher_attitude, target_attitude, bearing)
    haze, cloud = (weather or Weather()).between(
        searcher_position.alt_steps, target_position.alt_steps
    )
    return SightLine(
        target,
        visual_range_fp(
            shot.slant_range_fp, searcher_position.alt_steps, target_position.alt_steps
        ),
        angles.aspect,
        angles.reciprocal_aspect,
        target_card.sighting.auto_tally_fp,
        bearing,
        haze,
        cloud,
    )


def tally_range_fp(visual_range: int, auto_tally_fp: int) -> int:
    """Tally Range: Visual Range − the target's Auto-Tally ("Maintaining Spots")."""
    return visual_range - auto_tally_fp


def target_value(visual_range: int, auto_tally_fp: int) -> int:
    """The Target Value a search's pips must reach: the Visual Range in the target's
    Auto-Tally lengths, rounded up, at least 1 (rebuilt play aid)."""
    return max(1, math.ceil(visual_range / auto_tally_fp))


def visible(line: SightLine, tables: SightingTables | None = None) -> str | None:
    """Why the target cannot be seen at all (cloud, too far), or None when it can."""
    tables = tables or sighting_tables()
    if line.cloud:
        return "cloud blocks the sight line"
    limit = tables.search.visibility_limit_auto_tally * line.target_auto_tally_fp
    if line.visual_range_fp > limit:
        return f"visual range {line.visual_range_fp} FP is beyond {limit} FP (too small to see)"
    return None


def in_blind_arc(canopy: CanopyDiagram, aspect: Aspect) -> bool:
    """The lightly shaded squares of the Canopy diagram: modifier −4 or worse ("Blind Arc")."""
    return canopy.modifier(aspect.aon, aspect.aoc) <= BLIND_AT_OR_BELOW


def blind_arc(canopy: CanopyDiagram) -> frozenset[Aspect]:
    """Every blind square of a Canopy diagram."""
    return frozenset(
        Aspect(aon, aoc)
        for aoc, aons in BODY_DIAMOND_ROWS.items()
        for aon in aons
        if canopy.modifier(aon, aoc) <= BLIND_AT_OR_BELOW
    )


def in_advantage_arc(card: AircraftCard, aspect: Aspect) -> bool:
    """Whether ``aspect`` is a gold square of the card's body diamond ("Fix", SoP 08)."""
    if card.sighting is None:
        raise ValueError(f"the {card.type_id} card has no [sighting] section")
    return (aspect.aon, aspect.aoc) in card.sighting.advantage_arc


# --------------------------------------------------------------------------------------
# Spots
# --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, order=True)
class Spot:
    """``observer`` has ``target`` spotted, by ``how``, from the turn-``turn`` sighting phase."""

    observer: Observer
    target: str
    how: SightingTask
    turn: int


@dataclass(frozen=True, slots=True)
class SightingResult:
    """One sighting attempt: spotted or not, and how it was decided."""

    task: SightingTask
    observer: Observer
    target: str
    spotted: bool
    turn: int
    automatic: str | None = None
    """Why no roll was made (auto-tally, padlock, cloud, too far), or None."""
    column: int | None = None
    target_value: int | None = None
    pips: int | None = None
    tally_range_fp: int | None = None
    roll: int | None = None
    """The tally's d10."""
    score: int | None = None
    """d10 + modifiers for a tally."""
    modifiers: tuple[tuple[str, int], ...] = ()
    record: EffectRecord | None = None

    @property
    def spot(self) -> Spot | None:
        if not self.spotted:
            return None
        return Spot(self.observer, self.target, self.task, self.turn)


@dataclass(frozen=True, slots=True)
class Friendly:
    """A friendly aircraft of the searcher's flight, for Tally Friendlies."""

    callsign: str
    radio: bool = True
    """Its radio works."""
    bearing: Cell | None = None
    """Bearing from the searcher; needed only under grey-out or black-out."""


@dataclass(frozen=True, slots=True)
class TallyFriendliesResult:
    observer: Observer
    turn: int
    spotted: tuple[str, ...]
    not_spotted: tuple[tuple[str, str], ...]
    """``(callsign, why)`` for each friendly left out (no radio, outside the field of view)."""
    record: EffectRecord

    @property
    def spots(self) -> tuple[Spot, ...]:
        return tuple(Spot(self.observer, t, "tally_friendlies", self.turn) for t in self.spotted)


@dataclass(frozen=True, slots=True)
class SpotState:
    """Who has spotted whom, and how, until the next Visual Sighting phase.

    ``spots`` are this phase's (or, between phases, the last phase's); ``previous`` are the
    last phase's, which tallies and padlocks need.  Start each phase with
    :meth:`start_phase`, then :meth:`record` every attempt in the order made.
    """

    turn: int
    spots: frozenset[Spot] = frozenset()
    previous: frozenset[Spot] = frozenset()
    acted: frozenset[Observer] = frozenset()
    """Crew members who have made a sighting attempt this phase (a padlock comes first)."""
    _by_observer: dict[tuple[Observer, str], Spot] = field(
        init=False, repr=False, compare=False, default_factory=dict
    )
    _pairs: frozenset[tuple[str, str]] = field(init=False, repr=False, compare=False)
    _previous_pairs: frozenset[tuple[Observer, str]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # Lookups the phases make for every pair of aircraft, indexed once per state.
        object.__setattr__(self, "_by_observer", {(s.observer, s.target): s for s in self.spots})
        pairs = frozenset((s.observer.aircraft, s.target) for s in self.spots)
        object.__setattr__(self, "_pairs", pairs)
        previous = frozenset((s.observer, s.target) for s in self.previous)
        object.__setattr__(self, "_previous_pairs", previous)

    @classmethod
    def start_phase(cls, last: SpotState | None, turn: int) -> SpotState:
        """A new Visual Sighting phase: last phase's spots become the ones to maintain."""
        return cls(turn, frozenset(), last.spots if last is not None else frozenset())

    def spot(self, observer: Observer, target: str) -> Spot | None:
        return self._by_observer.get((observer, target))

    def has_spotted(self, observer: Observer, target: str) -> bool:
        return self.spot(observer, target) is not None

    def had_spotted(self, observer: Observer, target: str) -> bool:
        """Spotted in the previous Visual Sighting phase (what Tally and Padlock need)."""
        return (observer, target) in self._previous_pairs

    def previous_aircraft_spotted(self, aircraft: str, target: str) -> bool:
        """Some crew member of ``aircraft`` had ``target`` spotted in the previous phase."""
        return any(o.aircraft == aircraft and t == target for o, t in self._previous_pairs)

    def aircraft_has_spotted(self, aircraft: str, target: str) -> bool:
        """Any crew member of ``aircraft`` has ``target`` spotted."""
        return (aircraft, target) in self._pairs

    def spotters_of(self, target: str) -> frozenset[str]:
        """Aircraft with a crew member who has ``target`` spotted."""
        return frozenset(s.observer.aircraft for s in self.spots if s.target == target)

    def targets_of(self, observer: Observer) -> frozenset[str]:
        return frozenset(s.target for s in self.spots if s.observer == observer)

    def padlock_of(self, observer: Observer) -> str | None:
        for spot in self.spots:
            if spot.observer == observer and spot.how == "padlock":
                return spot.target
        return None

    def record(self, result: SightingResult | TallyFriendliesResult) -> SpotState:
        """This state with an attempt's outcome: a new spot replaces the old one."""
        new = (
            result.spots
            if isinstance(result, TallyFriendliesResult)
            else (() if result.spot is None else (result.spot,))
        )
        replaced = {(s.observer, s.target) for s in new}
        kept = frozenset(s for s in self.spots if (s.observer, s.target) not in replaced)
        return replace(self, spots=kept | frozenset(new), acted=self.acted | {result.observer})

    def forget(self, observer: Observer) -> SpotState:
        """``observer`` loses all awareness (LOC, "Crew G Effect (Overall)")."""
        return replace(self, spots=frozenset(s for s in self.spots if s.observer != observer))

    def restrict(self, observer: Observer, keep: Callable[[str], bool]) -> SpotState:
        """``observer`` keeps only the spots of targets for which ``keep`` is true."""
        return replace(
            self,
            spots=frozenset(s for s in self.spots if s.observer != observer or keep(s.target)),
        )


def apply_field_of_view(
    state: SpotState,
    observer: Observer,
    field_of_view: FieldOfView,
    bearings: dict[str, Cell],
    tables: SightingTables | None = None,
) -> SpotState:
    """A crew member in grey-out or black-out loses awareness of every aircraft outside the
    field of view; in LOC of all ("Crew G Effect (Overall)").  ``bearings`` maps each spotted
    target to its bearing cell; a target without one is lost."""
    if field_of_view.g_state == "normal":
        return state
    if field_of_view.g_state == "loc":
        return state.forget(observer)
    return state.restrict(
        observer, lambda t: t in bearings and field_of_view.sees(bearings[t], tables)
    )


# --------------------------------------------------------------------------------------
# The procedures
# --------------------------------------------------------------------------------------


def search_modifiers(
    searcher: Searcher, line: SightLine, tables: SightingTables | None = None
) -> tuple[tuple[str, int], ...]:
    """The column modifiers of a search, each named: Canopy, Target Aspect, haze, grey-out."""
    tables = tables or sighting_tables()
    mods = [
        ("canopy", searcher.canopy.modifier(line.aspect.aon, line.aspect.aoc)),
        ("target aspect", tables.target_aspect.modifier(line.target_aspect)),
    ]
    if line.haze:
        mods.append(("haze", tables.weather.haze_search))
    if searcher.g_state == "grey_out":
        mods.append(("grey-out", tables.g_effects.grey_out.search))
    return tuple(mods)


def tally_modifiers(
    searcher: Searcher, line: SightLine, band: TallyBand, tables: SightingTables | None = None
) -> tuple[tuple[str, int], ...]:
    """The d10 modifiers of a tally: Tally Range band, Canopy, Target Aspect, Crew Quality,
    haze, grey-out or black-out."""
    tables = tables or sighting_tables()
    mods = [
        ("tally range", band.modifier),
        ("canopy", searcher.canopy.modifier(line.aspect.aon, line.aspect.aoc)),
        ("target aspect", tables.target_aspect.modifier(line.target_aspect)),
    ]
    if tables.tally.add_crew_quality:
        mods.append(("crew quality", searcher.crew_quality))
    if line.haze:
        mods.append(("haze", tables.weather.haze_tally))
    if searcher.g_state == "grey_out":
        mods.append(("grey-out", tables.g_effects.grey_out.tally))
    elif searcher.g_state == "black_out":
        mods.append(("black-out", tables.g_effects.black_out.tally))
    return tuple(mods)


def search_refusal(
    searcher: Searcher, line: SightLine, quick: bool = False, tables: SightingTables | None = None
) -> str | None:
    """Why a search is not allowed, or None (one source of legality for both searches)."""
    what = "a Quick Search" if quick else "a Visual Search"
    if searcher.g_state == "loc":
        return f"{searcher.observer} is unconscious (LOC) and can make no sighting attempts"
    if searcher.g_state == "black_out":
        return f"{searcher.observer} is blacked out and may not search (Crew G Effect)"
    if not searcher.field_of_view.sees(line.bearing, tables):
        return f"{line.target} is outside {searcher.observer}'s grey-out field of view"
    if not quick and in_blind_arc(searcher.canopy, line.aspect):
        return (
            f"{line.target} at {line.aspect} is in {searcher.observer}'s blind arc: only a "
            f"Tally or Quick Search can look there ({what}, Blind Arcs)"
        )
    return None


def _search(
    task: SightingTask,
    searcher: Searcher,
    line: SightLine,
    dice: Dice,
    turn: int,
    tables: SightingTables,
) -> SightingResult:
    refusal = search_refusal(searcher, line, task == "quick_search", tables)
    if refusal is not None:
        raise IllegalSighting(refusal)
    name = {"visual_search": "Visual Search", "quick_search": "Quick Search"}[task]
    who = f"{searcher.observer} {name} for {line.target}"
    blocked = visible(line, tables)
    if blocked is not None:
        record = EffectRecord(
            "visual_search",
            f"{who}: {blocked}, not spotted",
            {"task": task, "spotted": False, "automatic": blocked},
        )
        return SightingResult(
            task, searcher.observer, line.target, False, turn, blocked, record=record
        )
    modifiers = search_modifiers(searcher, line, tables)
    column = tables.search.column(searcher.crew_quality) + sum(m for _, m in modifiers)
    value = target_value(line.visual_range_fp, line.target_auto_tally_fp)
    pips = dice.pips(column, purposes.search(name, str(searcher.observer), line.target, turn))
    spotted = pips >= value
    listed = ", ".join(f"{n} {m:+d}" for n, m in modifiers)
    record = EffectRecord(
        "visual_search",
        f"{who} at {line.visual_range_fp} FP: column {column} ({listed}), {pips} pips against "
        f"target value {value}: {'spotted' if spotted else 'not spotted'}",
        {
            "task": task,
            "spotted": spotted,
            "column": column,
            "pips": pips,
            "target_value": value,
            "visual_range_fp": line.visual_range_fp,
        },
    )
    return SightingResult(
        task,
        searcher.observer,
        line.target,
        spotted,
        turn,
        column=column,
        target_value=value,
        pips=pips,
        modifiers=modifiers,
        record=record,
    )


def visual_search(
    searcher: Searcher,
    line: SightLine,
    dice: Dice,
    turn: int,
    tables: SightingTables | None = None,
) -> SightingResult:
    """A Visual Search ("Searching", SoP 09): a Pips roll on Search Value + Canopy + Target
    Aspect (+ haze, grey-out) that spots the target when it reaches the Target Value.

    Raises :class:`IllegalSighting` into the blind arc, outside a grey-out field of view,
    while blacked out or unconscious.  Cloud or a target too far to see fails with no roll.
    """
    return _search("visual_search", searcher, line, dice, turn, tables or sighting_tables())


def quick_search(
    searcher: Searcher,
    line: SightLine,
    failed_tally: SightingResult,
    dice: Dice,
    turn: int,
    tables: SightingTables | None = None,
) -> SightingResult:
    """A Quick Search right after ``failed_tally`` ("Maintaining Spots", SoP 09): resolved
    as a Visual Search, but it costs 1 AP and may look into the blind arc."""
    if (
        failed_tally.task != "tally"
        or failed_tally.spotted
        or failed_tally.observer != searcher.observer
        or failed_tally.target != line.target
        or failed_tally.turn != turn
    ):
        raise IllegalSighting(
            f"a Quick Search must follow a failed Tally by {searcher.observer} of "
            f"{line.target} this turn (Quick Search)"
        )
    return _search("quick_search", searcher, line, dice, turn, tables or sighting_tables())


def tally(
    searcher: Searcher,
    line: SightLine,
    state: SpotState,
    dice: Dice,
    turn: int,
    cued: bool = False,
    tables: SightingTables | None = None,
    cue: str | None = None,
) -> SightingResult:
    """A Tally ("Maintaining Spots", SoP 09) of an aircraft spotted in the last phase, or of
    one the crew member is ``cued`` to (a friendly's radio call, datalink, a sensor contact in
    the HUD or HMD: the Tally task's requirements); ``cue`` names the cue for the record and
    the roll's purpose (see :mod:`engine.bop.tally_cues`).

    Tally Range = Visual Range − Auto-Tally: 0 or less keeps the spot without a roll;
    otherwise d10 + modifiers ≥ 0 keeps it.  Cloud or a target too far away loses it.
    """
    tables = tables or sighting_tables()
    observer = searcher.observer
    if searcher.g_state == "loc":
        raise IllegalSighting(f"{observer} is unconscious (LOC) and can make no tally")
    cued = cued or cue is not None
    if not (cued or state.had_spotted(observer, line.target)):
        raise IllegalSighting(
            f"{observer} had no sight of {line.target} last sighting phase and no cue to it "
            "(Tally requirements)"
        )
    if not searcher.field_of_view.sees(line.bearing, tables):
        raise IllegalSighting(
            f"{line.target} is outside {observer}'s {searcher.g_state} field of view "
            "(Crew G Effect)"
        )
    who = f"{observer} Tally of {line.target}" + (f" cued by {cue}" if cue else "")
    tally_range = tally_range_fp(line.visual_range_fp, line.target_auto_tally_fp)
    base: dict[str, float | int | str | bool] = {
        "task": "tally",
        "tally_range_fp": tally_range,
    }
    if cue:
        base["cue"] = cue

    def decided(spotted: bool, why: str) -> SightingResult:
        record = EffectRecord(
            "tally",
            f"{who}: {why}, {'kept' if spotted else 'lost'}",
            {**base, "spotted": spotted, "automatic": why},
        )
        return SightingResult(
            "tally",
            observer,
            line.target,
            spotted,
            turn,
            why,
            tally_range_fp=tally_range,
            record=record,
        )

    blocked = visible(line, tables)
    if blocked is not None:
        return decided(False, blocked)
    if tally_range <= 0:
        return decided(True, f"tally range {tally_range} FP, within Auto-Tally")
    band = tables.tally.band(tally_range)
    if band is None:
        return decided(False, f"tally range {tally_range} FP is past the last band")
    modifiers = tally_modifiers(searcher, line, band, tables)
    roll = dice.d10(purposes.tally(str(observer), line.target, turn, cue))
    score = roll + sum(m for _, m in modifiers)
    spotted = score >= 0
    listed = ", ".join(f"{n} {m:+d}" for n, m in modifiers)
    record = EffectRecord(
        "tally",
        f"{who} at tally range {tally_range} FP: d10 {roll} ({listed}) = {score}: "
        f"{'kept' if spotted else 'lost'}",
        {**base, "spotted": spotted, "roll": roll, "score": score},
    )
    return SightingResult(
        "tally",
        observer,
        line.target,
        spotted,
        turn,
        tally_range_fp=tally_range,
        roll=roll,
        score=score,
        modifiers=modifiers,
        record=record,
    )


def padlock_refusal(
    searcher: Searcher, line: SightLine, state: SpotState, tables: SightingTables | None = None
) -> str | None:
    """Why ``searcher`` may not padlock ``line.target`` now, or None ("Padlock")."""
    tables = tables or sighting_tables()
    observer = searcher.observer
    if searcher.g_state == "loc":
        return f"{observer} is unconscious (LOC)"
    if not state.had_spotted(observer, line.target):
        return f"{observer} had no sight of {line.target} last sighting phase"
    if state.padlock_of(observer) is not None:
        return f"{observer} has already padlocked {state.padlock_of(observer)} this phase"
    if observer in state.acted:
        return f"{observer} must declare a padlock before any other sighting attempt"
    if searcher.guns_subject is not None and searcher.guns_subject != line.target:
        return (
            f"{observer} flies a guns task against {searcher.guns_subject} and may padlock only it"
        )
    limit = tables.search.visibility_limit_auto_tally * line.target_auto_tally_fp
    if line.visual_range_fp > limit:
        return f"visual range {line.visual_range_fp} FP is more than {limit} FP (10 × Auto-Tally)"
    if line.cloud:
        return "cloud blocks the sight line"
    if not searcher.field_of_view.sees(line.bearing, tables):
        return f"{line.target} is outside {observer}'s {searcher.g_state} field of view"
    return None


def padlock(
    searcher: Searcher,
    line: SightLine,
    state: SpotState,
    turn: int,
    tables: SightingTables | None = None,
) -> SightingResult:
    """A Padlock ("Padlocks", SoP 09): keeps one aircraft spotted last phase, no roll and no
    arc or aspect limits.  One a phase, declared first, within 10 × the target's Auto-Tally;
    a pilot engaging or defending may padlock only that aircraft."""
    tables = tables or sighting_tables()
    refusal = padlock_refusal(searcher, line, state, tables)
    if refusal is not None:
        raise IllegalSighting(f"no padlock: {refusal} (Padlock)")
    record = EffectRecord(
        "padlock",
        f"{searcher.observer} padlocks {line.target} at {line.visual_range_fp} FP",
        {"task": "padlock", "spotted": True},
    )
    return SightingResult(
        "padlock", searcher.observer, line.target, True, turn, "padlock", record=record
    )


def tally_friendlies(
    searcher: Searcher,
    friendlies: Sequence[Friendly],
    turn: int,
    tables: SightingTables | None = None,
) -> TallyFriendliesResult:
    """Tally Friendlies ("Maintaining Friendlies", SoP 09): with a working radio, one task
    spots every aircraft of the flight whose radio works too, inside any grey-out or
    black-out field of view."""
    tables = tables or sighting_tables()
    observer = searcher.observer
    if searcher.g_state == "loc":
        raise IllegalSighting(f"{observer} is unconscious (LOC) and can make no tally")
    if not searcher.radio:
        raise IllegalSighting(f"{observer} has no working radio (Tally Friendlies)")
    spotted: list[str] = []
    missed: list[tuple[str, str]] = []
    for friendly in friendlies:
        if not friendly.radio:
            missed.append((friendly.callsign, "no working radio"))
        elif not searcher.field_of_view.sees(friendly.bearing, tables):
            missed.append((friendly.callsign, f"outside the {searcher.g_state} field of view"))
        else:
            spotted.append(friendly.callsign)
    detail = f"{observer} Tally Friendlies: " + (", ".join(spotted) or "none")
    if missed:
        detail += "; not " + ", ".join(f"{c} ({why})" for c, why in missed)
    record = EffectRecord(
        "tally_friendlies",
        detail,
        {"task": "tally_friendlies", "spotted": ",".join(spotted)},
    )
    return TallyFriendliesResult(observer, turn, tuple(spotted), tuple(missed), record)
