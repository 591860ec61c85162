"""An Intruders mission as a Phantoms scenario: what :func:`generate_mission` rolled,
bought and placed (I-p.8–11, I-p.14), written as a :class:`PhantomsScenario` the game can
play and a player can keep and edit (:func:`write_scenario_toml`).

How the mission maps onto the scenario (docs/phantoms-missions.md):

- the US package and the MiGs are aircraft, sides ``us`` and ``nva``; each load-out's
  air-to-air missiles are the aircraft's missiles, its pods its ECM pods and IR jammers,
  the rest its stores; strikers fly to their objective by a profile that suits their main
  weapon, Wild Weasels go for the SAM radar, escorts escort, MiGCAP fights;
- the MiGs are flown by Intruders' solitaire tables when the mission is solitaire;
- the objectives, ground forces and defences are ground sites; a SAM site's launchers
  are one battery slaved to its radar; medium and heavy guns are slaved to the nearest
  AAA radar;
- the mission's briefing, victory and seed are the scenario's, the entry edge is its exit
  edge, and Intruders' Vietnam rules and spotting are on.

Where the generator and the scenario format do not meet, the choice is ours; each is a
ruling in docs/rulings.md ("Phantoms: Intruders' points, mission generator and
solitaire").
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any, Literal

from engine.hexmap import Hex
from engine.phantoms.intruders.mission_generator import (
    EDGE_NAMES,
    ELEMENT,
    GeneratedMission,
    GeneratedUnit,
    Mat,
    Objective,
    facing_toward,
)
from models.phantoms.card import ControlCard, control_cards
from models.phantoms.ground import UnitKind, aaa_weapons, ground_radars, sam_types, weapons
from models.phantoms.mission import mission_tables, points_table
from models.phantoms.scenario import (
    TOP_LEVEL,
    AiSetup,
    Capture,
    Crossing,
    GroundMove,
    PhantomsAircraft,
    PhantomsOptions,
    PhantomsScenario,
    Reinforcement,
    Site,
)
from models.reference import GeoReference

US = "us"
NVA = "nva"
VIETNAM_LOW_SPEED = 5
"""Intruders' Vietnam rule: no faster than speed 5 at levels 0–1 (I-p.13)."""
MIN_TURNS = 8
MAX_TURNS = 20
"""A mission lasts long enough for its slowest aircraft to fly from its edge to the
farthest objective and back, with two turns to spare, within these bounds (ours)."""
REFERENCE_LAT_DEG = 21.0
REFERENCE_LON_DEG = 105.8
"""The mat's centre over the Red River delta near Hanoi: Route Package VI."""

Profile = Literal["level", "dive", "low", "toss", "standoff"]
MatEdge = Literal["north", "east", "south", "west"]
EXIT_EDGES: dict[int, MatEdge] = {1: "north", 2: "east", 3: "south", 4: "west"}
"""The generator's edge numbers (:data:`EDGE_NAMES`) as the scenario names them."""

_TARGET_TYPE = {"truck": "vehicle", "artillery": "gun-open"}
"""The mission table's target types the Ground Target table names otherwise (I-p.7)."""
_RADAR_TYPE = {"sam-radar": "fan-song", "aaa-radar": "fire-can"}
"""The defences' radars as the ground-radar table knows them."""
_SLAVED_CLASSES = ("medium", "heavy")
"""The guns a Fire Can directs (ours: the 37–100 mm batteries; the light guns aim by eye)."""
_CALLSIGN = {
    "strike": "Strike",
    "weasel": "Weasel",
    "escort": "Escort",
    "migcap": "MiGCAP",
    "recon": "Recon",
    "sar": "Jolly",
    "mig": "MiG",
}
_STANDOFF_TYPES = ("rocket_pod", "tv", "arm")
"""Weapons fired from a distance (I-p.4: rockets, Walleye and ARMs need the stand-off
profile)."""


# -- the aircraft ----------------------------------------------------------------------------


def _split_load(
    stores: Iterable[tuple[str, int]],
) -> tuple[dict[str, int], dict[str, int], int, int, list[str]]:
    """A load-out's stores as the scenario holds them: (air-to-air missiles, air-to-ground
    stores, ECM pods, IR jammers, what has no place in the scenario)."""
    kinds = {store.id: store.kind for store in points_table().store}
    missiles: dict[str, int] = {}
    ground: dict[str, int] = {}
    ecm = jammers = 0
    dropped: list[str] = []
    for store, count in stores:
        kind = kinds.get(store)
        if kind == "air_to_air_missile":
            missiles[store] = missiles.get(store, 0) + count
        elif store == "ecm-pod":
            ecm += count
        elif store == "ir-jammer":
            jammers += count
        elif store in weapons():
            ground[store] = ground.get(store, 0) + count
        else:
            dropped.append(store)
    return missiles, ground, ecm, jammers, dropped


def strike_profile(stores: Mapping[str, int]) -> Profile:
    """The attack profile (I-p.4) a striker flies for its load (ours): stand-off for a
    load of rockets, TV bombs or ARMs only, or whose main bomb is a Walleye; low level for
    napalm with high-drag bombs only; a dive for iron and cluster bombs.

    A bomb's high-drag mark makes a low drop safe, not necessary; only napalm must be
    delivered low, so a load of high-drag Mk 82s still dives."""
    table = weapons()
    carried = [(table[store], count) for store, count in stores.items() if store in table]
    bombs = [(weapon, count) for weapon, count in carried if weapon.is_bomb]
    if not bombs:
        return "standoff"
    main, _ = max(bombs, key=lambda pair: (pair[1], pair[0].id))
    if main.type in _STANDOFF_TYPES:
        return "standoff"
    napalm = any(weapon.type == "napalm" for weapon, _ in bombs)
    if napalm and all(weapon.high_drag for weapon, _ in bombs):
        return "low"
    return "dive"


def _top_speed(card: ControlCard, loaded: bool, level: int) -> int:
    """The fastest speed the aircraft may start at: the card's level (or loaded) maximum,
    and no more than 5 at levels 0–1 under the Vietnam rules."""
    top = card.max_loaded_speed if loaded else card.max_level_speed
    if level <= 1:
        top = min(top, VIETNAM_LOW_SPEED)
    return max(1, top)


def _ai_for(
    unit: GeneratedUnit,
    stores: Mapping[str, int],
    strike_target: str | None,
    weasel_target: str | None,
    recon_target: str | None,
    solitaire: bool,
) -> AiSetup:
    if unit.role == "strike" and stores:
        return AiSetup(role="striker", target=strike_target, profile=strike_profile(stores))
    if unit.role == "weasel" and stores:
        return AiSetup(role="striker", target=weasel_target, profile="standoff")
    if unit.role in ("recon", "sar"):
        return AiSetup(role="recon", target=recon_target)
    if unit.role == "escort":
        return AiSetup(role="escort")
    if unit.role == "mig" and solitaire:
        # I-p.14: the enemy "will always fire at any opportunity" — the boldest AI.
        return AiSetup(role="fighter", aggression=1.0)
    return AiSetup(role="fighter")


# -- the ground ------------------------------------------------------------------------------


def _site_kind(unit: GeneratedUnit) -> UnitKind:
    if unit.kind == "target":
        return "infantry" if unit.type_id == "infantry" else "target"
    kinds: dict[str, UnitKind] = {
        "aaa": "aaa",
        "sam_battery": "sam_battery",
        "sam_radar": "sam_radar",
        "aaa_radar": "aaa_radar",
        "sa7": "sa7",
    }
    return kinds[unit.kind]


def _site_type(unit: GeneratedUnit) -> str | None:
    if unit.kind == "target":
        return None if unit.type_id == "infantry" else _TARGET_TYPE.get(unit.type_id, unit.type_id)
    if unit.kind in ("sam_radar", "aaa_radar"):
        return _RADAR_TYPE.get(unit.type_id, unit.type_id)
    return unit.type_id


def _anchor_hexes(mission: GeneratedMission) -> list[str]:
    return [objective.hex for objective in mission.objectives] or ["0,0"]


def _ground_sites(mission: GeneratedMission) -> list[Site]:
    """Every NVA ground unit as a site, in the mission's order.

    A SAM site's launchers are one battery slaved to the radar in their hex (I-p.3: a
    battery is 4–6 missiles and a radar, two at most at one aircraft).  A solitaire hidden
    gun set aside (no hex) is placed hidden on an objective, the objectives in turn: the
    scenario has no cup of set-aside units to reveal from (ours)."""
    sites: list[Site] = []
    anchors = _anchor_hexes(mission)
    set_aside = 0
    sam_radars = {unit.hex: unit.id for unit in mission.units if unit.kind == "sam_radar"}
    batteries: dict[str, list[GeneratedUnit]] = {}
    for unit in mission.units:
        if unit.side != NVA or unit.kind in ("aircraft", "helicopter", "downed_crew"):
            continue
        if unit.kind == "sam_battery" and unit.hex is not None:
            batteries.setdefault(unit.hex, []).append(unit)
            continue
        place = unit.hex
        if place is None:
            place = anchors[set_aside % len(anchors)]
            set_aside += 1
        sites.append(
            Site(
                id=unit.id,
                kind=_site_kind(unit),
                type=_site_type(unit),
                hex=place,
                facing=unit.facing % 6,
                hidden=unit.hidden,
                side=NVA,
                move=_move_of(unit),
                crossing=_crossing_of(unit),
            )
        )
    for number, (place, launchers) in enumerate(batteries.items(), start=1):
        sites.append(
            Site(
                id=f"nva-sa-2-battery-{number}",
                kind="sam_battery",
                type=launchers[0].type_id,
                hex=place,
                count=min(len(launchers), 6),
                facing=launchers[0].facing % 6,
                hidden=any(launcher.hidden for launcher in launchers),
                radar=sam_radars.get(place),
                side=NVA,
            )
        )
    for crew in mission.units_of("downed_crew"):
        sites.append(
            Site(
                id=crew.id,
                kind="crew",
                hex=crew.hex or "0,0",
                side=US,
                capture=Capture(at_most=mission_tables().sar_capture_at_most),
            )
        )
    return _slave_guns(sites)


def _move_of(unit: GeneratedUnit) -> GroundMove | None:
    """The generated unit's route (the train's track, the SAR infantry's way to the crew)."""
    if not unit.route:
        return None
    return GroundMove(
        route=unit.route,
        hexes_per_turn=max(unit.speed, 1),
        turns=unit.route_turns,
        leaves_mat=unit.leaves_mat,
    )


def _crossing_of(unit: GeneratedUnit) -> Crossing | None:
    """A pontoon's crossing: its banks and turns (River Crossing, I-p.11)."""
    if unit.crossing is None:
        return None
    near, far = unit.crossing
    return Crossing(near=near, far=far, turns=unit.route_turns or mission_tables().special_turns)


def _slave_guns(sites: list[Site]) -> list[Site]:
    """Each medium and heavy gun slaved to the nearest AAA radar (ours: the rules put no
    limit on how far a radar's guns stand from it)."""
    radars = [site for site in sites if site.kind == "aaa_radar"]
    if not radars:
        return sites
    classes = {gun.id: gun.weapon_class for gun in aaa_weapons().values()}
    slaved: list[Site] = []
    for site in sites:
        if site.kind == "aaa" and classes.get(site.type_id) in _SLAVED_CLASSES:
            here = Hex.parse(site.hex)
            nearest = min(radars, key=lambda r: (here.distance_to(Hex.parse(r.hex)), r.id))
            site = site.model_copy(update={"radar": nearest.id})
        slaved.append(site)
    return slaved


def _objective_targets(
    mission: GeneratedMission, sites: list[Site]
) -> tuple[list[str], list[Site]]:
    """Each objective's ground unit to aim at, in the objectives' order, and the sites the
    objectives need that no unit stands for (the Railroad's track hexes)."""
    added: list[Site] = []
    targets: list[str] = []
    attackable = [s for s in sites if s.kind in ("target", "infantry")]
    for objective in mission.objectives:
        here = [s for s in attackable if s.hex == objective.hex]
        radar = [s for s in sites if s.kind == "sam_radar" and s.hex == objective.hex]
        if here:
            targets.append(here[0].id)
        elif objective.kind == "sam-site" and radar:
            targets.append(radar[0].id)
        elif objective.kind == "downed-crew":  # SAR: the infantry closing on the crew
            crew = Hex.parse(objective.hex)
            infantry = sorted(attackable, key=lambda s: (crew.distance_to(Hex.parse(s.hex)), s.id))
            targets += [s.id for s in infantry]
        elif objective.kind == "track":
            added.append(
                Site(id=objective.id, kind="target", type="track", hex=objective.hex, side=NVA)
            )
            targets.append(objective.id)
        else:
            nearest = _nearest(objective, attackable or sites)
            if nearest is not None:
                targets.append(nearest)
    return list(dict.fromkeys(targets)), added


def _nearest(objective: Objective, sites: Sequence[Site]) -> str | None:
    if not sites:
        return None
    here = Hex.parse(objective.hex)
    return min(sites, key=lambda s: (here.distance_to(Hex.parse(s.hex)), s.id)).id


def _recon_target(mission: GeneratedMission, sites: list[Site], targets: list[str]) -> str | None:
    """The Recon mission's chosen objective; the SAR helicopter's is the downed crew."""
    for objective in mission.objectives:
        if "recon aircraft's objective" in objective.note:
            found = [s.id for s in sites if s.hex == objective.hex and s.kind == "target"]
            if found:
                return found[0]
    crew = next((s for s in sites if s.kind == "crew"), None)
    if crew is not None:
        return crew.id
    return targets[0] if targets else None


# -- the briefing --------------------------------------------------------------------------


def item_name(item: str) -> str:
    """A load-out, aircraft, gun, SAM or radar by the name its table gives it."""
    loadouts = points_table().loadouts_by_id()
    if item in loadouts:
        return loadouts[item].name
    cards = control_cards()
    if item in cards:
        return cards[item].name
    if item in _RADAR_TYPE:
        return ground_radars()[_RADAR_TYPE[item]].name
    if item in aaa_weapons():
        return aaa_weapons()[item].name
    if item in sam_types():
        return sam_types()[item].name
    return item


def buy_lines(mission: GeneratedMission, side: str) -> list[str]:
    """``2 × F-105 Ground Support, 198 points each = 396``: one line per purchase."""
    lines = []
    for line in mission.us_buy if side == US else mission.nva_buy:
        cost = "free" if line.free else f"{line.points_each} points each = {line.points}"
        lines.append(f"{line.count} × {item_name(line.item)}, {cost}")
    return lines


def mig_text(mission: GeneratedMission) -> str:
    if mission.mig_deployment is None:
        return "no MiGs bought"
    words = {
        "anywhere": "anywhere on the mat",
        "over_objective": "over the objective",
        "near_objective": "near the objective",
        "airfield": f"on the ground at an airfield (hex {mission.airfield_hex})",
    }
    return f"d10 {mission.mig_deployment_roll}: {words[mission.mig_deployment]}"


def known_text(mission: GeneratedMission) -> str:
    hidden = sum(1 for unit in mission.units if unit.hidden)
    if mission.solitaire:
        return f"solitaire: each AAA gun hidden on a d10 of 9–10 (I-p.14); {hidden} hidden"
    return f"d10 {mission.known_defence_roll}: {mission.known_percent}% in view; {hidden} hidden"


def briefing(mission: GeneratedMission) -> str:
    """The scenario's description: the mission as the players are told it."""
    edges = ", ".join(EDGE_NAMES[edge] for edge in mission.entry_edges)
    seed = "" if mission.seed is None else f", seed {mission.seed}"
    known: dict[str, int] = {}
    for unit in mission.units:
        if unit.side == NVA and unit.kind not in ("aircraft", "target") and not unit.hidden:
            known[unit.type_id] = known.get(unit.type_id, 0) + 1
    defences = ", ".join(f"{count} × {item_name(item)}" for item, count in known.items())
    migs = [u for u in mission.units if u.side == NVA and u.kind == "aircraft"]
    mig_types = ", ".join(sorted({item_name(u.type_id) for u in migs})) or "none"
    lines = [
        f"Intruders mission {mission.mission}, {mission.name}: {mission.threat} threat, "
        f"{mission.players} players{', solitaire' if mission.solitaire else ''}{seed}.",
        f"Objective: {mission.objective}",
        f"Victory: {mission.victory}",
        f"US package ({mission.us_points_spent} of {mission.attacker_points} points): "
        + "; ".join(buy_lines(mission, US))
        + ".",
        f"NVA defences ({mission.nva_points_spent} of {mission.defender_points} points): "
        + "; ".join(buy_lines(mission, NVA))
        + ".",
        f"The US named the {edges} edges and enters by the "
        f"{EDGE_NAMES[mission.entry_edge]} edge; it leaves the same way.",
        f"Known defences: {known_text(mission)}. In view: {defences or 'nothing'}.",
        f"MiGs ({mig_types}): {mig_text(mission)}.",
    ]
    if mission.special:
        lines.append("Special rules: " + " ".join(mission.special))
    return "\n".join(lines)


# -- the scenario --------------------------------------------------------------------------


def _callsigns(units: Sequence[GeneratedUnit]) -> dict[str, str]:
    counts: dict[str, int] = {}
    names: dict[str, str] = {}
    for unit in units:
        word = _CALLSIGN.get(unit.role, unit.role.title() or "Flight")
        counts[word] = counts.get(word, 0) + 1
        names[unit.id] = f"{word} {counts[word]}"
    return names


def _wingmen(units: Sequence[GeneratedUnit]) -> dict[str, str]:
    """Elements of two fly as designated wingmen (§13.0): the generator buys and places
    them in pairs, one after the other."""
    found: dict[str, str] = {}
    by_role: dict[str, list[GeneratedUnit]] = {}
    for unit in units:
        if unit.kind == "aircraft":
            by_role.setdefault(f"{unit.side}:{unit.role}:{unit.type_id}", []).append(unit)
    for group in by_role.values():
        for lead, wing in zip(group[::ELEMENT], group[1::ELEMENT], strict=False):
            found[lead.id] = wing.id
            found[wing.id] = lead.id
    return found


def _turns(aircraft: Sequence[PhantomsAircraft], objectives: Sequence[Objective]) -> int:
    us = [a for a in aircraft if a.side == US]
    if not us or not objectives:
        return MIN_TURNS
    far = max(Hex.parse(a.hex).distance_to(Hex.parse(o.hex)) for a in us for o in objectives)
    slowest = min(a.speed for a in us)
    return min(MAX_TURNS, max(MIN_TURNS, math.ceil(2 * far / slowest) + 2))


def mission_scenario(mission: GeneratedMission, *, year: int = 1968) -> PhantomsScenario:
    """The generated ``mission`` as a playable Phantoms scenario (module doc)."""
    cards = control_cards()
    sites = _ground_sites(mission)
    targets, extra_sites = _objective_targets(mission, sites)
    sites += extra_sites
    sam_radar = next((s.id for s in sites if s.kind == "sam_radar" and not s.hidden), None)
    aaa_radar = next((s.id for s in sites if s.kind == "aaa_radar" and not s.hidden), None)
    first_target = targets[0] if targets else None
    weasel_target = sam_radar or aaa_radar or first_target
    recon_target = _recon_target(mission, sites, targets)
    flying = [u for u in mission.units if u.kind in ("aircraft", "helicopter")]
    flying.sort(key=lambda unit: unit.side != US)  # the players' package first
    callsigns = _callsigns(flying)
    wingmen = _wingmen(flying)
    aircraft: list[PhantomsAircraft] = []
    strike_elements: dict[str, int] = {}
    for unit in flying:
        card = cards[unit.type_id]
        missiles, stores, ecm, jammers, _ = _split_load(unit.stores)
        level = min(max(unit.level, 0), TOP_LEVEL)
        top_speed = unit.speed if unit.role == "sar" else None  # I-p.11: "speed 3"
        speed = min(max(unit.speed, 1), top_speed or _top_speed(card, bool(stores), level))
        strike_target = first_target
        if unit.role == "strike" and targets:
            number = strike_elements.setdefault(unit.id, len(strike_elements))
            strike_target = targets[(number // ELEMENT) % len(targets)]
        ai = _ai_for(unit, stores, strike_target, weasel_target, recon_target, mission.solitaire)
        pilot: Literal["ai", "solitaire"] = "ai"
        if unit.side == NVA and mission.solitaire:
            pilot = "solitaire"
        aircraft.append(
            PhantomsAircraft(
                callsign=callsigns[unit.id],
                id=unit.id,
                type=unit.type_id,
                side=unit.side,
                hex=unit.hex or "0,0",
                facing=unit.facing % 6,
                level=level,
                speed=speed,
                pilot=pilot,
                ai=ai,
                missiles=missiles if unit.side == US and unit.role != "sar" else None,
                stores=stores,
                ecm_pods=min(ecm, 2),
                ir_jammers=min(jammers, 2),
                wingman=wingmen.get(unit.id),
                top_speed=top_speed,
            )
        )
    return PhantomsScenario(
        name=f"Intruders: {mission.name}",
        description=briefing(mission),
        rules="phantoms",
        turns=_turns(aircraft, mission.objectives),
        seed=mission.seed,
        reference=GeoReference(
            lat_deg=REFERENCE_LAT_DEG,
            lon_deg=REFERENCE_LON_DEG,
            time=datetime.fromisoformat(f"{year}-06-15T08:00:00+00:00"),
        ),
        year=year,
        options=PhantomsOptions(vietnam=True, spotting=True),
        aircraft=tuple(aircraft),
        reinforcements=_rescue_replacements(mission, aircraft),
        ground=tuple(sites),
        mat_hexes=(mission.map_width_hexes, mission.map_height_hexes),
        exit_edge=EXIT_EDGES[mission.entry_edge],
        victory=mission.victory,
    )


def _rescue_replacements(
    mission: GeneratedMission, aircraft: Sequence[PhantomsAircraft]
) -> tuple[Reinforcement, ...]:
    """I-p.11: "If it is shot down or damaged another rescue chopper appears at a board
    edge" — one more helicopter, at the middle of the US entry edge (ours: the US side's
    own edge), low, at the mission's speed, facing the crew."""
    found: list[Reinforcement] = []
    crew = next((u for u in mission.units_of("downed_crew")), None)
    for first in (a for a in aircraft if a.ai.role == "recon" and crew is not None):
        if first.top_speed is None or crew is None:
            continue
        edge = Mat(mission.map_width_hexes, mission.map_height_hexes).edge_hexes(mission.entry_edge)
        place = edge[len(edge) // 2]
        number = len(found) + 2
        found.append(
            Reinforcement(
                id=f"rescue-{number}",
                replaces=first.id,
                aircraft=(
                    first.model_copy(
                        update={
                            "id": f"us-sar-{number}",
                            "callsign": f"{_CALLSIGN['sar']} {number}",
                            "hex": str(place),
                            "facing": facing_toward(place, Hex.parse(crew.hex or "0,0")),
                        }
                    ),
                ),
            )
        )
    return tuple(found)


# -- TOML ------------------------------------------------------------------------------------

_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")
_FIRST = ("format_version", "rules", "name", "description", "victory", "year", "turns", "seed")


def _key(name: str) -> str:
    return name if _BARE_KEY.match(name) else json.dumps(name, ensure_ascii=False)


def _text(value: str) -> str:
    """A TOML basic string (JSON's escapes are TOML's), multi-line when it has lines."""
    if "\n" in value and not any(c < " " and c not in "\n" for c in value):
        body = value.replace("\\", "\\\\").replace('"""', '""\\"')
        if body.endswith('"'):
            body = body[:-1] + '\\"'
        return f'"""\n{body}"""'
    return json.dumps(value, ensure_ascii=False)


def _inline(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, datetime):
        return value.isoformat().replace("+00:00", "Z")
    if isinstance(value, Mapping):
        inner = ", ".join(f"{_key(k)} = {_inline(v)}" for k, v in value.items())
        return f"{{ {inner} }}" if inner else "{}"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_inline(item) for item in value) + "]"
    raise TypeError(f"no TOML for {type(value).__name__}")


def _pairs(table: Mapping[str, Any]) -> list[str]:
    return [
        f"{_key(k)} = {_text(v) if isinstance(v, str) else _inline(v)}" for k, v in table.items()
    ]


def write_scenario_toml(scenario: PhantomsScenario) -> str:
    """The scenario as a scenario file: what differs from the defaults, the header first,
    then the options, the ground sites and the aircraft, each a table of its own."""
    data = scenario.model_dump(mode="python", exclude_defaults=True)
    data["format_version"] = scenario.format_version
    head = {key: data.pop(key) for key in _FIRST if key in data}
    tables = {k: v for k, v in data.items() if isinstance(v, Mapping) and k != "reference"}
    arrays = {
        k: v
        for k, v in data.items()
        if isinstance(v, list | tuple) and v and all(isinstance(item, Mapping) for item in v)
    }
    plain = {k: v for k, v in data.items() if k not in tables and k not in arrays}
    lines = _pairs(head) + _pairs(plain)
    for name, table in tables.items():
        lines += ["", f"[{_key(name)}]", *_pairs(table)]
    for name in sorted(arrays, key=lambda n: (n == "aircraft", n)):
        for item in arrays[name]:
            lines += ["", f"[[{_key(name)}]]", *_pairs(item)]
    return "\n".join(lines) + "\n"


# -- the result --------------------------------------------------------------------------------


def special_verdict(mission_id: str, special: Mapping[str, Any]) -> str | None:
    """What the mission's special rules add up to by its victory conditions (I-p.10–11),
    from :meth:`engine.phantoms.ground_war_events.GroundEvents.results`; None for a
    mission without them (docs/rulings.md, "Phantoms: the Intruders missions' special
    rules in play")."""
    if mission_id == "railroad-busting":
        train = next((m for m in special.get("moving", ()) if m["type"] == "train"), None)
        if train is None:
            return None
        cut = len(special.get("cut_ahead", ()))
        if train["state"] == "destroyed":
            return "US total victory: the train is destroyed"
        if cut >= 2:
            return f"US marginal victory: {cut} track hexes ahead of the train destroyed"
        if train["state"] == "escaped":
            return "NVA: the train got away off the mat"
        return f"no US victory: the train is {train['state']} at {train['hex']}"
    if mission_id == "river-crossing":
        bridges = special.get("bridges", ())
        down = sum(1 for bridge in bridges if bridge["damage"] == "destroyed")
        crossed = special.get("crossed", 0)
        across = f"{crossed} unit{'s' if crossed != 1 else ''} crossed"
        if down >= len(bridges) and bridges:
            return f"US total victory: all {down} pontoon bridges destroyed; {across}"
        if down >= 3:
            return f"US tactical victory: {down} of {len(bridges)} bridges destroyed; {across}"
        return f"no US victory: {down} of {len(bridges)} bridges destroyed; {across}"
    if mission_id == "sar":
        crew = next(iter(special.get("crews", ())), None)
        if crew is None:
            return None
        if crew["state"] == "rescued":
            return f"US victory: the downed crew rescued by {crew['by']}"
        if crew["state"] == "lost":
            return (
                f"no US victory: the crew was picked up but {crew['by']} was lost on the way home"
            )
        if crew["state"] == "captured":
            return f"NVA victory: the downed crew captured by {crew['by']}"
        return "no US victory: the crew is still on the ground"
    return None
