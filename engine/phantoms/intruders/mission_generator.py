"""Intruders' Air to Ground Mission Generator (I-p.8–11) and the solitaire deployment
(I-p.14): a whole mission, rolled, bought and placed, as plain data.

The steps follow the rules' order:

1. the threat level suits the number of players;
2. a d10 on the Mission Table picks the mission;
3. both sides buy with the mission's points (the generator's buying is ours: a strike
   package with escorts, Wild Weasels first on a SAM Suppression mission; SAM sites, AAA
   radars, MiGs and a mix of AAA guns for the defenders);
4. the US names three edges it may enter by, and then picks one;
5. a d10 gives the share of the defences the US knows of (the rest are hidden), and a d10
   where the MiGs start;
6. the objectives and ground forces are set up by the mission's notes, near the mat's
   centre;
7. SAM sites (all of a battery in one hex, launchers facing out) and radars stand 1d10
   hexes from an objective in a 1d6 direction; the AAA guns, half at 1d10 hexes, half at
   3d6 (the solitaire method, used by the generator for every mission);
8. the MiGs and the US aircraft are placed.

Every die goes through :class:`engine.dice.Dice` with its purpose, and the result lists
them.  :func:`generate_mission` returns a frozen :class:`GeneratedMission` that names every
unit with its kind, type, hex, level, facing, speed and whether it is hidden.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from engine.dice import Dice, Roll
from engine.hexmap import Hex
from engine.phantoms.dice import d4, d6, d10
from engine.phantoms.hexgrid import ahead, behind
from engine.phantoms.intruders.points import defence_points, loadout_problems
from models.phantoms.mission import (
    MigDeploymentKind,
    MissionSpec,
    MissionTables,
    PointsTable,
    TargetType,
    Threat,
    mission_tables,
    points_table,
    solitaire_tables,
)

Side = Literal["us", "nva"]
UnitKind = Literal[
    "aircraft",
    "helicopter",
    "aaa",
    "sam_battery",
    "sam_radar",
    "aaa_radar",
    "sa7",
    "target",
    "downed_crew",
]
Edge = Literal[1, 2, 3, 4]
EDGE_NAMES: dict[int, str] = {1: "north", 2: "east", 3: "south", 4: "west"}
"""The mat's edges by number (ours: the seed numbers them without a diagram)."""
MAP_HEXES = (30, 24)
"""The mat, columns × rows: the Phantoms scenario model's default."""
ELEMENT = 2
"""Aircraft are bought and flown in elements of two (ours)."""

_US_LEVEL = {"strike": 4, "escort": 6, "migcap": 6, "weasel": 5, "recon": 3}
_US_SPEED = 5
_SAR_HELICOPTER = "hh-3e"
_RECON_LOADOUT = "recon-unarmed"


# -- the result ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BuyLine:
    """One line of a side's purchases."""

    item: str
    """A load-out id (US) or a defence id (NVA)."""
    count: int
    points_each: int
    free: bool = False
    """Given by the mission, not bought (the Recon mission's recon aircraft)."""

    @property
    def points(self) -> int:
        return 0 if self.free else self.count * self.points_each


@dataclass(frozen=True, slots=True)
class GeneratedUnit:
    """One unit on (or, hidden and set aside, off) the mat."""

    id: str
    side: Side
    kind: UnitKind
    type_id: str
    """A Control Card id, an AAA weapon, ``sa-2``/``sa-7``, a radar, or a target type."""
    hex: str | None
    """``Q,R``; None for a solitaire hidden AAA unit set aside until revealed (I-p.14)."""
    level: int = 0
    facing: int = 0
    speed: int = 0
    hidden: bool = False
    role: str = ""
    """``strike``, ``escort``, ``weasel``, ``recon``, ``sar``, ``mig``, ``defence``,
    ``ground``, ``objective``."""
    loadout: str = ""
    stores: tuple[tuple[str, int], ...] = ()
    entering: bool = False
    """A US aircraft that enters across the entry edge (it is placed on the edge hex)."""
    route: tuple[str, ...] = ()
    """A ground unit's route, hex by hex (the train along its track, SAR infantry to the
    crew, I-p.10–11); it moves ``speed`` hexes a turn, on ``route_turns``."""
    route_turns: tuple[int, ...] = ()
    """The turns it moves in (every turn when empty), or a pontoon's crossing turns."""
    leaves_mat: bool = False
    """Past its route's end it runs off the mat (the train)."""
    crossing: tuple[str, str] | None = None
    """A pontoon's near and far bank hexes: units cross it on the special turns (I-p.11)."""


@dataclass(frozen=True, slots=True)
class Objective:
    """A hex the mission's victory is counted by."""

    id: str
    kind: str
    """A target type, ``sam-site`` or ``downed-crew``."""
    hex: str
    note: str = ""


@dataclass(frozen=True, slots=True)
class GeneratedMission:
    """A rolled mission, fully explicit: everything a scenario needs to be built from it."""

    seed: int | None
    mission: int
    mission_id: str
    name: str
    objective: str
    victory: str
    special: tuple[str, ...]
    threat: Threat
    players: int
    larger_group: bool
    solitaire: bool
    map_width_hexes: int
    map_height_hexes: int
    attacker_points: int
    defender_points: int
    us_buy: tuple[BuyLine, ...]
    us_points_spent: int
    nva_buy: tuple[BuyLine, ...]
    nva_points_spent: int
    entry_edges: tuple[int, ...]
    """The three edges the US names (1 north, 2 east, 3 south, 4 west)."""
    entry_edge: int
    known_defence_roll: int | None
    """None in solitaire, where the 9–10 roll per AAA unit hides it instead."""
    known_percent: int
    mig_deployment_roll: int | None
    mig_deployment: MigDeploymentKind | None
    airfield_hex: str | None
    objectives: tuple[Objective, ...]
    track_hexes: tuple[str, ...]
    river_hexes: tuple[str, ...]
    units: tuple[GeneratedUnit, ...]
    rolls: tuple[Roll, ...]

    def units_of(self, kind: UnitKind) -> tuple[GeneratedUnit, ...]:
        return tuple(unit for unit in self.units if unit.kind == kind)


# -- the mat ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Mat:
    """A rectangular mat of flat-topped hexes, centred on hex 0,0: ``width`` columns and
    ``height`` rows (column c, row w is axial ``c, w − ⌊c/2⌋``; odd columns sit half a hex
    north)."""

    width: int
    height: int

    @property
    def columns(self) -> range:
        return range(-(self.width // 2), self.width - self.width // 2)

    @property
    def rows(self) -> range:
        return range(-(self.height // 2), self.height - self.height // 2)

    @staticmethod
    def hex_at(column: int, row: int) -> Hex:
        return Hex(column, row - column // 2)

    @staticmethod
    def cell(hex_: Hex) -> tuple[int, int]:
        return hex_.q, hex_.r + hex_.q // 2

    def on_mat(self, hex_: Hex) -> bool:
        column, row = self.cell(hex_)
        return column in self.columns and row in self.rows

    def clamp(self, hex_: Hex) -> Hex:
        """The hex itself, or the nearest edge hex in its column and row (ours: a roll that
        carries a unit off the mat leaves it on the edge)."""
        column, row = self.cell(hex_)
        column = min(max(column, self.columns.start), self.columns.stop - 1)
        row = min(max(row, self.rows.start), self.rows.stop - 1)
        return self.hex_at(column, row)

    def edge_hexes(self, edge: int) -> tuple[Hex, ...]:
        """An edge's hexes, west to east or south to north."""
        if edge in (1, 3):
            row = self.rows.stop - 1 if edge == 1 else self.rows.start
            return tuple(self.hex_at(column, row) for column in self.columns)
        column = self.columns.stop - 1 if edge == 2 else self.columns.start
        return tuple(self.hex_at(column, row) for row in self.rows)

    def hexes(self) -> Iterable[Hex]:
        for column in self.columns:
            for row in self.rows:
                yield self.hex_at(column, row)


def facing_toward(from_hex: Hex, to_hex: Hex) -> int:
    """The facing whose heading is nearest the bearing to ``to_hex`` (0 for the same hex)."""
    if from_hex == to_hex:
        return 0
    return round(from_hex.heading_to_deg(to_hex) / 60.0) % 6


def _walk(hex_: Hex, direction_d6: int, hexes: int) -> Hex:
    """``hexes`` along the direction a d6 gives (1 north, clockwise: ours)."""
    return ahead(hex_, direction_d6 - 1, hexes)


# -- buying ----------------------------------------------------------------------------------


def threat_for_players(players: int) -> Threat:
    """The threat level a group of ``players`` suits (I-p.9; Example 9's four players fly
    Medium): up to 3 Low, 4–6 Medium, 7 or more High."""
    if players <= 3:
        return "low"
    return "medium" if players <= 6 else "high"


def _merge(lines: Iterable[BuyLine]) -> tuple[BuyLine, ...]:
    merged: dict[tuple[str, bool], BuyLine] = {}
    for line in lines:
        key = (line.item, line.free)
        if key in merged:
            old = merged[key]
            merged[key] = BuyLine(line.item, old.count + line.count, line.points_each, line.free)
        else:
            merged[key] = line
    return tuple(merged.values())


def buy_us(
    spec: MissionSpec,
    budget: int,
    tables: MissionTables | None = None,
    points: PointsTable | None = None,
) -> tuple[BuyLine, ...]:
    """The US package (ours): elements of two, a Wild Weasel element first when the
    mission calls for one, then strikers and escorts in turn (strike, escort, strike …),
    each slot taking the first of its legal load-outs whose element the points still
    cover, until a whole round buys nothing.  The Recon mission's unarmed aircraft is free."""
    tables = mission_tables() if tables is None else tables
    points = points_table() if points is None else points
    loadouts = points.loadouts_by_id()
    legal = {
        loadout.id
        for loadout in points.loadout
        if not loadout_problems(loadout.aircraft, loadout.stores, points)
    }
    lines: list[BuyLine] = []
    if spec.id == "recon":
        lines.append(BuyLine(_RECON_LOADOUT, 1, loadouts[_RECON_LOADOUT].points, free=True))
    remaining = budget
    options = {
        "weasel": tables.weasel_loadouts,
        "strike": spec.strike_loadouts,
        "escort": tables.escort_loadouts,
    }
    slots = (["weasel"] if spec.weasels else []) + ["strike", "escort", "strike"]
    bought = True
    while bought:
        bought = False
        for slot in slots:
            for loadout_id in (option for option in options[slot] if option in legal):
                cost = loadouts[loadout_id].points * ELEMENT
                if cost <= remaining:
                    lines.append(BuyLine(loadout_id, ELEMENT, loadouts[loadout_id].points))
                    remaining -= cost
                    bought = True
                    break
        slots = [slot for slot in slots if slot != "weasel"]  # one Weasel element
    return _merge(lines)


def buy_nva(
    spec: MissionSpec,
    threat: Threat,
    budget: int,
    tables: MissionTables | None = None,
    points: PointsTable | None = None,
) -> tuple[BuyLine, ...]:
    """The defenders' buy (ours, by the threat level's doctrine): SA-2 sites where the
    mission allows them (one at least on SAM Suppression), an AAA radar per so many
    points, the MiGs, then rounds of the AAA mix and single guns with what is left, never
    more than ten of one AAA weapon (I-p.9).  At Medium it is Example 9's buy."""
    tables = mission_tables() if tables is None else tables
    points = points_table() if points is None else points
    doctrine = tables.doctrine_for(threat)
    price = {item.id: item.points for item in points.defence}
    lines: list[BuyLine] = []
    remaining = budget

    def buy(item: str, count: int) -> bool:
        nonlocal remaining
        if count * price[item] > remaining:
            return False
        lines.append(BuyLine(item, count, price[item]))
        remaining -= count * price[item]
        return True

    sites = doctrine.sam_sites if spec.sa2_allowed else 0
    if spec.sam_site_required:
        sites = max(sites, 1)
    site_cost = price["sam-radar"] + doctrine.sa2_per_site * price["sa-2"]
    for _ in range(sites):
        if site_cost <= remaining:
            buy("sam-radar", 1)
            buy("sa-2", doctrine.sa2_per_site)
    for _ in range(budget // doctrine.aaa_radar_per_points):
        buy("aaa-radar", 1)
    for mig in doctrine.migs:
        buy(mig.id, mig.count)
    guns: dict[str, int] = {}

    def room(item: str, count: int) -> bool:
        return guns.get(item, 0) + count <= points.aaa_limit

    mix = doctrine.aaa_mix
    round_cost = sum(entry.count * price[entry.id] for entry in mix)
    while round_cost <= remaining and all(room(e.id, e.count) for e in mix):
        for entry in mix:
            buy(entry.id, entry.count)
            guns[entry.id] = guns.get(entry.id, 0) + entry.count
    bought = True
    while bought:
        bought = False
        for entry in mix:
            if room(entry.id, 1) and buy(entry.id, 1):
                guns[entry.id] = guns.get(entry.id, 0) + 1
                bought = True
    return _merge(lines)


# -- set-up ----------------------------------------------------------------------------------


@dataclass
class _Setup:
    """The mission being built (mutable while the generator works)."""

    mat: Mat
    dice: Dice
    spec: MissionSpec
    tables: MissionTables
    points: PointsTable
    entry_edge: int
    larger_group: bool
    objectives: list[Objective]
    units: list[GeneratedUnit]
    track: list[Hex]
    river: list[Hex]
    strip_rows: range | None = None
    front: tuple[int, int] | None = None
    """Ground Support: (axis, limit) — no AAA beyond ``limit`` toward the entry edge."""

    def roll(self, die: Literal["d10", "d6"], purpose: str) -> int:
        return d10(self.dice, purpose) if die == "d10" else d6(self.dice, purpose)

    def add(self, unit: GeneratedUnit) -> None:
        self.units.append(unit)

    def next_id(self, stem: str) -> str:
        taken = sum(1 for unit in self.units if unit.id.startswith(stem + "-"))
        return f"{stem}-{taken + 1}"

    @property
    def centre(self) -> Hex:
        return Hex(0, 0)

    def toward_edge(self) -> int:
        """The facing toward the US entry edge."""
        return {1: 0, 2: 2, 3: 3, 4: 4}[self.entry_edge]

    def edge_middle(self) -> Hex:
        hexes = self.mat.edge_hexes(self.entry_edge)
        return hexes[len(hexes) // 2]


def _ground_unit(
    setup: _Setup, target: str, hex_: Hex, role: str = "ground", speed: int = 0
) -> None:
    setup.add(
        GeneratedUnit(
            id=setup.next_id(f"nva-{target}"),
            side="nva",
            kind="target",
            type_id=target,
            hex=str(hex_),
            facing=setup.toward_edge(),
            speed=speed,
            role=role,
        )
    )


def _rolled_forces(setup: _Setup, what: Sequence[TargetType]) -> list[str]:
    forces: list[str] = []
    for target in what:
        count = setup.roll("d10", f"{setup.spec.name}: {target} units (Intruders I-p.10)")
        forces += [target] * (count * (2 if setup.larger_group else 1))
    return forces


def _cluster(centre: Hex, size: int) -> list[Hex]:
    """``size`` adjacent hexes: the centre, then its ring outward, clockwise from north."""
    hexes: list[Hex] = []
    distance = 0
    while len(hexes) < size:
        hexes += list(centre.ring(distance))
        distance += 1
    return hexes[:size]


def _set_up_recon(setup: _Setup) -> None:
    direction = setup.roll("d6", "Recon: objectives' direction (Intruders I-p.10)")
    places = [
        setup.centre,
        _walk(setup.centre, direction, 4),
        _walk(setup.centre, direction + 3, 4),
    ]
    kinds: list[tuple[TargetType, str]] = [
        ("large-building", "factory"),
        ("bridge", "bridge"),
        ("small-building", "supply facility"),
    ]
    chosen = (setup.roll("d6", "Recon: the objective to overfly (Intruders I-p.10)") - 1) // 2
    for number, (place, (kind, note)) in enumerate(zip(places, kinds, strict=True)):
        flown = " — the recon aircraft's objective" if number == chosen else ""
        setup.objectives.append(
            Objective(f"objective-{number + 1}", kind, str(place), note + flown)
        )
        _ground_unit(setup, kind, place, role="objective")


def _set_up_ground_force(setup: _Setup) -> None:
    forces = _rolled_forces(setup, setup.spec.ground_forces)
    size = setup.roll("d6", f"{setup.spec.name}: hexes the force holds (Intruders I-p.10)") + 1
    hexes = _cluster(setup.centre, size)
    for number, target in enumerate(forces):
        _ground_unit(setup, target, hexes[number % len(hexes)])
    for number, place in enumerate(hexes):
        setup.objectives.append(Objective(f"force-{number + 1}", "ground-force", str(place)))
    cells = [setup.mat.cell(place) for place in hexes]
    axis = 1 if setup.entry_edge in (1, 3) else 0
    toward = 1 if setup.entry_edge in (1, 2) else -1
    limit = max(c[axis] * toward for c in cells)
    setup.front = (axis, limit * toward)


def _set_up_trail(setup: _Setup) -> None:
    setup.strip_rows = range(-1, 2)
    forces = _rolled_forces(setup, setup.spec.ground_forces)
    columns = range(-5, 6)
    hexes = [setup.mat.hex_at(c, w) for c in columns for w in setup.strip_rows]
    used: list[Hex] = []
    for number, target in enumerate(forces):
        place = hexes[number % len(hexes)]
        _ground_unit(setup, target, place)
        if place not in used:
            used.append(place)
    for number, place in enumerate(used):
        setup.objectives.append(Objective(f"trail-{number + 1}", "ground-force", str(place)))


def _route_ahead(setup: _Setup, start: Hex, facing: int) -> list[Hex]:
    """The hexes ahead of ``start`` along ``facing`` to the mat's edge."""
    route: list[Hex] = []
    place = ahead(start, facing)
    while setup.mat.on_mat(place):
        route.append(place)
        place = ahead(place, facing)
    return route


def _route_to(start: Hex, goal: Hex) -> list[Hex]:
    """Hex by hex from ``start`` to ``goal``: each step the neighbour nearest the goal (the
    lowest facing on a tie)."""
    route: list[Hex] = []
    place = start
    while place != goal:
        place = min(
            (ahead(place, facing) for facing in range(6)), key=lambda h: h.distance_to(goal)
        )
        route.append(place)
    return route


def _set_up_railroad(setup: _Setup) -> None:
    """The track is the centre column; the train starts at the centre and runs north on a
    d6 of 1–3, south otherwise, to the mat's edge and off it.  The two track hexes to cut
    are the last two before that edge, the ones still ahead of the train longest (ours)."""
    setup.track = [setup.mat.hex_at(0, w) for w in setup.mat.rows]
    north = (
        setup.roll("d6", "Railroad Busting: the train's direction , 1–3 north (Intruders I-p.10)")
        <= 3
    )
    facing = 0 if north else 3
    train = setup.centre
    route = _route_ahead(setup, train, facing)
    speed = setup.tables.train_speed
    setup.add(
        GeneratedUnit(
            id="nva-train-1",
            side="nva",
            kind="target",
            type_id="train",
            hex=str(train),
            facing=facing,
            speed=speed,
            role="objective",
            route=tuple(str(place) for place in route),
            leaves_mat=True,
        )
    )
    setup.objectives.append(Objective("train", "train", str(train), f"defence 4, speed {speed}"))
    for number, place in enumerate(route[-2:]):
        setup.objectives.append(
            Objective(f"track-{number + 1}", "track", str(place), "defence 5, −1 to hit")
        )


def _set_up_river(setup: _Setup) -> None:
    setup.river = [setup.mat.hex_at(0, w) for w in setup.mat.rows]
    pontoons = [setup.mat.hex_at(0, w) for w in range(-1, 3)]
    west = (
        setup.roll(
            "d6", "River Crossing: the bank the force waits on , 1–3 west (Intruders I-p.11)"
        )
        <= 3
    )
    bank_column = -1 if west else 1
    bank = [setup.mat.hex_at(bank_column, w) for w in range(-1, 3)]
    far_bank = [setup.mat.hex_at(-bank_column, w) for w in range(-1, 3)]
    for number, (place, near, far) in enumerate(zip(pontoons, bank, far_bank, strict=True)):
        setup.objectives.append(Objective(f"pontoon-{number + 1}", "pontoon", str(place)))
        setup.add(
            GeneratedUnit(
                id=setup.next_id("nva-pontoon"),
                side="nva",
                kind="target",
                type_id="pontoon",
                hex=str(place),
                facing=setup.toward_edge(),
                role="objective",
                route_turns=setup.tables.special_turns,
                crossing=(str(near), str(far)),
            )
        )
    for number, target in enumerate(_rolled_forces(setup, setup.spec.ground_forces)):
        _ground_unit(setup, target, bank[number % len(bank)])


def _set_up_sar(setup: _Setup) -> None:
    crew = setup.centre
    setup.add(
        GeneratedUnit(
            id="us-downed-crew", side="us", kind="downed_crew", type_id="crew", hex=str(crew)
        )
    )
    setup.objectives.append(Objective("downed-crew", "downed-crew", str(crew)))
    platoons = setup.roll("d6", "SAR: NVA infantry platoons (Intruders I-p.11, ours)")
    for _ in range(platoons):
        direction = setup.roll("d6", "SAR: infantry direction from the crew (Intruders I-p.11)")
        distance = (
            setup.roll("d6", "SAR: infantry distance from the crew (Intruders I-p.11)") + 1
        ) // 2
        place = setup.mat.clamp(_walk(crew, direction, distance))
        setup.add(
            GeneratedUnit(
                id=setup.next_id("nva-infantry"),
                side="nva",
                kind="target",
                type_id="infantry",
                hex=str(place),
                facing=facing_toward(place, crew),
                speed=setup.tables.sar_infantry_hexes_per_move,
                role="ground",
                route=tuple(str(step) for step in _route_to(place, crew)),
                route_turns=setup.tables.special_turns,
            )
        )
    # 12 hexes out toward the US entry edge, or the nearest heading that stays on the mat.
    toward = setup.toward_edge()
    out = setup.tables.sar_helicopter_hexes
    headings = [toward, toward + 1, toward - 1, toward + 2, toward - 2, toward + 3]
    places = [ahead(crew, heading % 6, out) for heading in headings]
    place = next((p for p in places if setup.mat.on_mat(p)), setup.mat.clamp(places[0]))
    setup.add(
        GeneratedUnit(
            id="us-sar-1",
            side="us",
            kind="helicopter",
            type_id=_SAR_HELICOPTER,
            hex=str(place),
            level=1,
            facing=facing_toward(place, crew),
            speed=setup.tables.sar_helicopter_speed,
            role="sar",
        )
    )


def _set_up_objectives(setup: _Setup, number: int) -> None:
    """Mission 9's five objectives chained 2 hexes apart, Mission 10's bridge."""
    if number == 10:
        setup.river = [setup.mat.hex_at(0, w) for w in setup.mat.rows]
        setup.objectives.append(Objective("bridge", "large-bridge", str(setup.centre), "rail"))
        _ground_unit(setup, "large-bridge", setup.centre, role="objective")
        return
    kinds: list[tuple[TargetType, str]] = [
        ("large-building", "factory"),
        ("large-building", "port facility"),
        ("track", "railroad yard"),
        ("vehicle", "motor pool"),
        ("small-building", "supply dump"),
    ]
    places = [setup.centre]
    while len(places) < len(kinds):
        direction = setup.roll(
            "d6", "Supply Interdiction: next objective's direction (Intruders I-p.11)"
        )
        place = _walk(places[-1], direction, 2)
        turn = 0
        while place in places:  # never two in one hex: try the next direction round
            turn += 1
            place = _walk(places[-1], direction + turn, 2)
        places.append(place)
    for index, (place, (kind, note)) in enumerate(zip(places, kinds, strict=True)):
        setup.objectives.append(Objective(f"objective-{index + 1}", kind, str(place), note))
        _ground_unit(setup, kind, place, role="objective")


# -- placing the defences ----------------------------------------------------------------------


def _anchor(setup: _Setup, index: int) -> Hex:
    """The objective a defence is placed from (the objectives in turn)."""
    return Hex.parse(setup.objectives[index % len(setup.objectives)].hex)


def _constrained(setup: _Setup, hex_: Hex) -> Hex:
    """Apply the mission's placement limits to an AAA gun's rolled hex: the trail's strip
    (Mission 4) and nothing forward of the front line (Missions 2 and 7, reflected back)."""
    column, row = setup.mat.cell(hex_)
    if setup.strip_rows is not None:
        row = min(max(row, setup.strip_rows.start), setup.strip_rows.stop - 1)
    if setup.front is not None:
        axis, limit = setup.front
        cell = [column, row]
        toward = 1 if setup.entry_edge in (1, 2) else -1
        if cell[axis] * toward > limit * toward:
            cell[axis] = 2 * limit - cell[axis]
        column, row = cell
    return setup.mat.clamp(Mat.hex_at(column, row))


def _place_near(setup: _Setup, index: int, distance_die: Literal["d10", "3d6"], what: str) -> Hex:
    anchor = _anchor(setup, index)
    direction = setup.roll("d6", f"{what}: direction (Intruders I-p.14)")
    if distance_die == "d10":
        distance = setup.roll("d10", f"{what}: hexes out (Intruders I-p.14)")
    else:
        distance = sum(
            setup.roll("d6", f"{what}: hexes out, 3d6 (Intruders I-p.14)") for _ in range(3)
        )
    return setup.mat.clamp(_walk(anchor, direction, distance))


def _ground_defence(
    setup: _Setup, item: str, kind: UnitKind, hex_: Hex | None, hidden: bool, facing: int = -1
) -> None:
    setup.add(
        GeneratedUnit(
            id=setup.next_id(f"nva-{item}"),
            side="nva",
            kind=kind,
            type_id=item,
            hex=None if hex_ is None else str(hex_),
            facing=setup.toward_edge() if facing < 0 else facing,
            hidden=hidden,
            role="defence",
        )
    )


def _place_sam_sites(setup: _Setup, bought: dict[str, int]) -> None:
    """Each SAM site in one hex, its launchers in a circle facing out (I-p.10), 1d10 hexes
    from an objective in a 1d6 direction (I-p.14); on SAM Suppression the first site is the
    objective itself.  SAM sites are always in view (Example 9)."""
    radars = bought.get("sam-radar", 0)
    per_site = bought.get("sa-2", 0) // radars if radars else 0
    for site in range(radars):
        if setup.spec.id == "sam-suppression" and site == 0:
            place = setup.centre
        else:
            place = _place_near(setup, site, "d10", f"SAM site {site + 1}")
        _ground_defence(setup, "sam-radar", "sam_radar", place, hidden=False)
        for launcher in range(per_site):
            _ground_defence(setup, "sa-2", "sam_battery", place, hidden=False, facing=launcher % 6)


def _hidden_flags(
    setup: _Setup, units: Sequence[str], known_percent: int, solitaire: bool
) -> list[bool]:
    """Which of the AAA radars and guns are hidden: in solitaire each gun rolls a d10, 9–10
    hidden (I-p.14; radars are always placed); otherwise the Known Defences share is shown,
    rounded to the nearest unit, and the rest drawn at random (I-p.9)."""
    kinds = {item.id: item.kind for item in setup.points.defence}
    if solitaire:
        at_least = solitaire_tables().aaa_hidden_at_least
        flags = []
        for item in units:
            if kinds[item] == "aaa_radar":
                flags.append(False)
                continue
            roll = setup.roll("d10", f"solitaire: is the {item} hidden, 9–10 (Intruders I-p.14)")
            flags.append(roll >= at_least)
        return flags
    known = (len(units) * known_percent * 2 + 100) // 200  # to the nearest, halves shown
    flags = [False] * len(units)
    candidates = list(range(len(units)))
    for _ in range(len(units) - known):
        drawn = setup.dice.chit(
            len(candidates), "Known Defences: a hidden unit drawn (Intruders I-p.9)"
        )
        flags[candidates.pop(drawn - 1)] = True
    return flags


def _place_defences(
    setup: _Setup, nva_buy: Sequence[BuyLine], known_percent: int, solitaire: bool
) -> None:
    """Every bought ground defence on the mat (or, hidden in solitaire, set aside)."""
    bought: dict[str, int] = {}
    for line in nva_buy:
        bought[line.item] = bought.get(line.item, 0) + line.count
    _place_sam_sites(setup, bought)
    kinds = {item.id: item.kind for item in setup.points.defence}
    radars = [item for item, n in bought.items() if kinds[item] == "aaa_radar" for _ in range(n)]
    guns = [item for item, n in bought.items() if kinds[item] in ("aaa", "sa7") for _ in range(n)]
    flags = _hidden_flags(setup, radars + guns, known_percent, solitaire)

    # AAA radars stand like SAM sites: 1d10 hexes out in a 1d6 direction (I-p.14).
    for number, (item, hidden) in enumerate(zip(radars, flags, strict=False)):
        place = _place_near(setup, number, "d10", f"AAA radar {number + 1}")
        _ground_defence(setup, item, "aaa_radar", place, hidden)

    # The guns: half 1d10 hexes out, half 3d6 (I-p.14); solitaire's hidden ones set aside.
    gun_flags = flags[len(radars) :]
    on_mat = [(g, h) for g, h in zip(guns, gun_flags, strict=True) if not (solitaire and h)]
    half = (len(on_mat) + 1) // 2
    for number, (item, hidden) in enumerate(on_mat):
        die: Literal["d10", "3d6"] = "d10" if number < half else "3d6"
        place = _constrained(setup, _place_near(setup, number, die, f"{item} {number + 1}"))
        _ground_defence(setup, item, "aaa" if kinds[item] == "aaa" else "sa7", place, hidden)
    for item, hidden in zip(guns, gun_flags, strict=True):
        if solitaire and hidden:
            _ground_defence(setup, item, "aaa" if kinds[item] == "aaa" else "sa7", None, True)


# -- aircraft ----------------------------------------------------------------------------------


def _airfield(setup: _Setup) -> Hex:
    """An airfield at least 15 hexes from every objective (I-p.10), as far from the US
    entry edge as the mat allows (ours); the farthest hex from the objectives when no hex
    is far enough."""
    objectives = [Hex.parse(objective.hex) for objective in setup.objectives]
    edge = setup.mat.edge_hexes(setup.entry_edge)

    def clearance(place: Hex) -> int:
        return min(place.distance_to(objective) for objective in objectives)

    def from_edge(place: Hex) -> int:
        return min(place.distance_to(hex_) for hex_ in edge)

    hexes = list(setup.mat.hexes())
    far = [place for place in hexes if clearance(place) >= setup.tables.airfield_min_hexes]
    if far:
        return max(far, key=lambda p: (from_edge(p), -clearance(p), -p.q, -p.r))
    return max(hexes, key=lambda p: (clearance(p), from_edge(p), -p.q, -p.r))


def _place_migs(
    setup: _Setup, nva_buy: Sequence[BuyLine], deployment: MigDeploymentKind
) -> Hex | None:
    kinds = {item.id: item.kind for item in setup.points.defence}
    migs = [line.item for line in nva_buy if kinds[line.item] == "mig" for _ in range(line.count)]
    if not migs:
        return None
    airfield = _airfield(setup) if deployment == "airfield" else None
    objective = Hex.parse(setup.objectives[0].hex)
    for element in range(0, len(migs), ELEMENT):
        what = f"MiG element {element // ELEMENT + 1}"
        if airfield is not None:
            lead, level, speed = airfield, 0, 2
            facing = facing_toward(airfield, objective)
        else:
            if deployment == "anywhere":
                columns, rows = setup.mat.columns, setup.mat.rows
                column = (
                    columns.start
                    + setup.dice.chit(len(columns), f"{what}: column (Intruders I-p.10)")
                    - 1
                )
                row = rows.start + setup.dice.chit(len(rows), f"{what}: row (Intruders I-p.10)") - 1
                lead = Mat.hex_at(column, row)
            else:
                lead = objective  # over it; "near" moves it out below
            level = setup.roll("d6", f"{what}: level (Intruders I-p.10)")
            speed = setup.roll("d6", f"{what}: speed, 1d6+1 (Intruders I-p.10)") + 1
            facing = setup.roll("d6", f"{what}: facing (Intruders I-p.10)") - 1
            if deployment == "near_objective":
                distance = setup.roll("d10", f"{what}: hexes from the objective (Intruders I-p.10)")
                direction = setup.roll(
                    "d6", f"{what}: direction from the objective (Intruders I-p.10, ours)"
                )
                lead = setup.mat.clamp(_walk(objective, direction, distance))
        place = lead
        for mig in migs[element : element + ELEMENT]:
            setup.add(
                GeneratedUnit(
                    id=setup.next_id(f"nva-{mig}"),
                    side="nva",
                    kind="aircraft",
                    type_id=mig,
                    hex=str(place),
                    level=level,
                    facing=facing,
                    speed=speed,
                    role="mig",
                )
            )
            place = setup.mat.clamp(behind(place, facing))
    return airfield


def _place_us(setup: _Setup, us_buy: Sequence[BuyLine]) -> None:
    loadouts = setup.points.loadouts_by_id()
    aircraft: list[tuple[str, str]] = []
    for line in us_buy:
        aircraft += [(line.item, loadouts[line.item].role)] * line.count
    edge = list(setup.mat.edge_hexes(setup.entry_edge))
    middle = len(edge) // 2
    # Spread the aircraft along the edge from its middle: 0, +1, −1, +2, −2 …
    order = [middle + (k + 1) // 2 * (1 if k % 2 else -1) for k in range(len(edge))]
    slots = [edge[i] for i in order if 0 <= i < len(edge)]
    near_crew = len(aircraft) // 2 if setup.spec.id == "sar" else 0
    crew = setup.centre
    target = Hex.parse(setup.objectives[0].hex)
    for number, (loadout_id, role) in enumerate(aircraft):
        loadout = loadouts[loadout_id]
        stores = tuple(sorted(loadout.stores.items()))
        if number < near_crew:
            element = number // ELEMENT
            place = ahead(
                crew, (element * 2) % 6, min(setup.tables.sar_escort_within_hexes, 4 + element)
            )
            if number % ELEMENT:
                place = ahead(place, (element * 2 + 1) % 6)
            place = setup.mat.clamp(place)
            entering = False
            facing = facing_toward(place, crew)
        else:
            place = slots[(number - near_crew) % len(slots)]
            entering = True
            facing = facing_toward(place, target)
        setup.add(
            GeneratedUnit(
                id=f"us-{number + 1}",
                side="us",
                kind="aircraft",
                type_id=loadout.aircraft,
                hex=str(place),
                level=_US_LEVEL[role],
                facing=facing,
                speed=_US_SPEED,
                role=role,
                loadout=loadout_id,
                stores=stores,
                entering=entering,
            )
        )


# -- the generator -----------------------------------------------------------------------------


def known_percent(roll: int, tables: MissionTables | None = None) -> int:
    """Known Defences (I-p.9): the share of the defences shown to the US for a d10."""
    tables = mission_tables() if tables is None else tables
    return next(row.percent for row in tables.known_defences if row.low <= roll <= row.high)


def mig_deployment(roll: int, tables: MissionTables | None = None) -> MigDeploymentKind:
    """MiG deployment (I-p.10) for a d10."""
    tables = mission_tables() if tables is None else tables
    return next(row.deployment for row in tables.mig_deployment if row.low <= roll <= row.high)


def generate_mission(
    seed: int | Dice,
    threat: Threat | None = None,
    players: int = 4,
    mission: int | None = None,
    *,
    solitaire: bool = False,
    map_hexes: tuple[int, int] = MAP_HEXES,
) -> GeneratedMission:
    """Roll, buy and place a whole Intruders mission (I-p.8–11; I-p.14 when ``solitaire``).

    ``seed`` seeds fresh dice, or is the :class:`Dice` to roll (a replay's recorded dice);
    ``threat`` defaults to the one the number of ``players`` suits (Low for solitaire, the
    only level the solitaire rules use); ``mission`` skips the Mission Table roll.
    """
    dice = Dice.seeded(seed) if isinstance(seed, int) else seed
    first_roll = len(dice.rolls)
    if solitaire and threat not in (None, "low"):
        raise ValueError("solitaire air-to-ground play uses the Low threat level (I-p.14)")
    threat = ("low" if solitaire else threat_for_players(players)) if threat is None else threat
    tables = mission_tables()
    points = points_table()
    number = d10(dice, "Mission Table (Intruders I-p.9)") if mission is None else mission
    if not 1 <= number <= 10:
        raise ValueError(f"the Mission Table has missions 1–10, not {number}")
    spec = tables.by_number()[number]
    budget = spec.points(threat)

    us_buy = buy_us(spec, budget.attacker, tables, points)
    nva_buy = buy_nva(spec, threat, budget.defender, tables, points)

    ruled_out = d4(dice, "the edge the US will not enter by (Intruders I-p.10)")
    edges = tuple(edge for edge in (1, 2, 3, 4) if edge != ruled_out)
    entry_edge = edges[(d6(dice, "the US entry edge of the three (Intruders I-p.10)") - 1) // 2]

    known_roll = None if solitaire else d10(dice, "Known Defences (Intruders I-p.9)")
    percent = 0 if known_roll is None else known_percent(known_roll, tables)
    bought = {line.item for line in nva_buy}
    has_migs = any(item.kind == "mig" for item in points.defence if item.id in bought)
    mig_roll = d10(dice, "MiG deployment (Intruders I-p.10)") if has_migs else None
    deployment = None if mig_roll is None else mig_deployment(mig_roll, tables)

    setup = _Setup(
        mat=Mat(*map_hexes),
        dice=dice,
        spec=spec,
        tables=tables,
        points=points,
        entry_edge=entry_edge,
        larger_group=players >= 6,
        objectives=[],
        units=[],
        track=[],
        river=[],
    )
    if spec.id == "recon":
        _set_up_recon(setup)
    elif spec.id in ("ground-support", "ground-support-2"):
        _set_up_ground_force(setup)
    elif spec.id == "ho-chi-minh-trail":
        _set_up_trail(setup)
    elif spec.id == "railroad-busting":
        _set_up_railroad(setup)
    elif spec.id == "river-crossing":
        _set_up_river(setup)
    elif spec.id == "sar":
        _set_up_sar(setup)
    elif spec.id != "sam-suppression":
        _set_up_objectives(setup, number)
    if spec.id == "sam-suppression" and not any(line.item == "sam-radar" for line in nva_buy):
        raise ValueError("SAM Suppression needs a SAM site the defenders cannot afford")
    if spec.id == "sam-suppression":  # the first site stands on the mat's centre
        setup.objectives.append(Objective("sam-site", "sam-site", str(setup.centre)))
    _place_defences(setup, nva_buy, percent, solitaire)
    airfield = None if deployment is None else _place_migs(setup, nva_buy, deployment)
    _place_us(setup, us_buy)

    return GeneratedMission(
        seed=seed if isinstance(seed, int) else None,
        mission=number,
        mission_id=spec.id,
        name=spec.name,
        objective=spec.objective,
        victory=spec.victory,
        special=spec.special,
        threat=threat,
        players=players,
        larger_group=setup.larger_group,
        solitaire=solitaire,
        map_width_hexes=setup.mat.width,
        map_height_hexes=setup.mat.height,
        attacker_points=budget.attacker,
        defender_points=budget.defender,
        us_buy=us_buy,
        us_points_spent=sum(line.points for line in us_buy),
        nva_buy=nva_buy,
        nva_points_spent=defence_points({line.item: line.count for line in nva_buy}, points),
        entry_edges=edges,
        entry_edge=entry_edge,
        known_defence_roll=known_roll,
        known_percent=percent,
        mig_deployment_roll=mig_roll,
        mig_deployment=deployment,
        airfield_hex=None if airfield is None else str(airfield),
        objectives=tuple(setup.objectives),
        track_hexes=tuple(str(place) for place in setup.track),
        river_hexes=tuple(str(place) for place in setup.river),
        units=tuple(setup.units),
        rolls=tuple(dice.rolls[first_roll:]),
    )
