"""``furball mission``: roll an Intruders air-to-ground mission (I-p.8–11, I-p.14), brief
it, play it as a Phantoms scenario and save the timeline.

The generator's every die roll is printed with its purpose, and the seed that made it; the
same seed gives the same mission and the same game.  ``--write`` keeps the scenario as a
file to edit and ``furball run`` again.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any

import numpy as np

from engine.dice import Roll
from engine.phantoms.intruders.mission_generator import (
    EDGE_NAMES,
    GeneratedMission,
    generate_mission,
    threat_for_players,
)
from engine.phantoms.mission_scenario import (
    buy_lines,
    known_text,
    mig_text,
    mission_scenario,
    special_verdict,
    write_scenario_toml,
)
from engine.phantoms.setup import setup_problems
from models.phantoms.mission import THREATS
from models.phantoms.scenario import PhantomsScenario
from models.timeline import TIMELINE_SUFFIX
from sim.cli.arguments import SEED, Bounded
from sim.cli.scenario_cmds import TIMELINE_SUFFIXES
from sim.cli.scenario_cmds import _turn_table_lines as turn_table_lines
from sim.output_file import OutputFile
from sim.progress import LONG_WORK_S, Progress
from sim.run_budget import check_run

MISSION = Bounded(1, 10, whole=True)
"""The Mission Table's d10 (I-p.9)."""
PLAYERS = Bounded(1, 12, "players", whole=True)
YEAR = Bounded(1945, 2030, whole=True)
"""The scenario model's years (C/M by era, §14.0, and launch numbers read it)."""
DEFAULT_YEAR = 1968
SCENARIO_SUFFIXES = (".toml",)
EXAMPLES = """\
examples:
  furball mission                         a mission for four players (Medium threat)
  furball mission --seed 5 --threat medium --out raid.furball.npz
                                          the same mission every time, saved as raid
  furball mission --mission 3 --solitaire solitaire SAM Suppression (Low threat)
  furball mission --seed 5 --write raid.toml
                                          and keep the scenario to edit and run again
  furball play intruders-river-crossing.furball.npz
                                          watch the mission in 3D
"""


def register(commands: Any) -> None:
    mission = commands.add_parser(
        "mission",
        help="roll an Intruders mission, play it and save the timeline",
        description=(
            "Roll an Intruders air-to-ground mission (Phantoms, Vietnam), print its briefing "
            "and every die roll, play it and write the timeline (.furball.npz)."
        ),
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    mission.add_argument(
        "--threat",
        choices=THREATS,
        help="threat level (default: the one the number of players suits; low in solitaire)",
    )
    mission.add_argument(
        "--mission",
        type=MISSION,
        metavar="N",
        help=f"the Mission Table's mission, {MISSION.limits} (default: rolled)",
    )
    mission.add_argument(
        "--players", type=PLAYERS, default=4, metavar="N", help=f"{PLAYERS.limits} (default 4)"
    )
    mission.add_argument(
        "--seed", type=SEED, help=f"random seed, {SEED.limits} (default: a new one, printed)"
    )
    mission.add_argument(
        "--solitaire",
        action="store_true",
        help="Intruders' solitaire rules: hidden AAA by the d10, MiGs flown by the tables",
    )
    mission.add_argument(
        "--year",
        type=YEAR,
        default=DEFAULT_YEAR,
        help=f"the year of the fight, {YEAR.limits} (default {DEFAULT_YEAR})",
    )
    mission.add_argument(
        "--write", type=Path, metavar="FILE.toml", help="also write the scenario file"
    )
    mission.add_argument(
        "--out",
        type=Path,
        metavar=f"FILE{TIMELINE_SUFFIX}",
        help=f"timeline file (default: intruders-MISSION{TIMELINE_SUFFIX} here)",
    )
    mission.add_argument("--json", action="store_true", help="print one JSON summary instead")
    mission.set_defaults(handler=_mission)


def new_seed() -> int:
    entropy = np.random.SeedSequence().entropy
    assert isinstance(entropy, int)
    return entropy % (2**63)


def roll_text(roll: Roll) -> str:
    """``d10  6  Mission Table (Intruders I-p.9)``: a d10 face 0 reads 10 (§2.0)."""
    value = roll.value
    if roll.kind == "d10" and value is not None:
        value = 10 if value == 0 else value
    return f"{roll.kind:<4} {value!s:>3}  {roll.purpose}"


def mission_lines(mission: GeneratedMission) -> list[str]:
    """The briefing ``furball mission`` prints before it plays."""
    edges = ", ".join(EDGE_NAMES[edge] for edge in mission.entry_edges)
    seed = "" if mission.seed is None else f", seed {mission.seed}"
    lines = [
        f"Intruders mission {mission.mission}: {mission.name} "
        f"({mission.threat} threat, {mission.players} players"
        f"{', solitaire' if mission.solitaire else ''}{seed})",
        f"  objective: {mission.objective}",
        f"  victory:   {mission.victory}",
        f"US buys {mission.us_points_spent} of {mission.attacker_points} points:",
        *(f"  {line}" for line in buy_lines(mission, "us")),
        f"NVA buys {mission.nva_points_spent} of {mission.defender_points} points:",
        *(f"  {line}" for line in buy_lines(mission, "nva")),
        f"entry edge: {EDGE_NAMES[mission.entry_edge]} (named: {edges})",
        f"known defences: {known_text(mission)}",
        f"MiG deployment: {mig_text(mission)}",
    ]
    lines += [f"special: {rule}" for rule in mission.special]
    lines.append(f"die rolls ({len(mission.rolls)}):")
    lines += [f"  {roll_text(roll)}" for roll in mission.rolls]
    return lines


def _results(game: Any, scenario: PhantomsScenario, mission_id: str) -> dict[str, Any]:
    """Who was lost, who left, which ground units were damaged, and what the mission's
    special rules came to (the train, the crossings, the downed crew), at the game's end."""
    lost, left = [], []
    for plane in game.planes.values():
        if plane.destroyed or plane.crashed:
            lost.append({"id": plane.id, "side": plane.side, "cause": plane.cause or "destroyed"})
        elif plane.broke_off:
            left.append({"id": plane.id, "side": plane.side, "cause": plane.cause or "left"})
    units = getattr(game.ground, "units", {})
    ground = []
    for site in scenario.ground:
        damage = getattr(units.get(site.id), "damage", "none")
        if damage != "none":
            ground.append({"id": site.id, "kind": site.kind, "type": site.type_id,
                           "damage": str(damage)})  # fmt: skip
    special = game.ground.events.results()
    return {
        "lost": lost,
        "left": left,
        "ground": ground,
        "special": special,
        "verdict": special_verdict(mission_id, special),
    }


def _result_lines(results: dict[str, Any]) -> list[str]:
    lines = ["result:"]
    for word, key in (("lost", "lost"), ("left the fight", "left")):
        entries = results[key]
        if entries:
            lines += [f"  {word}: {e['id']} ({e['side']}): {e['cause']}" for e in entries]
        else:
            lines.append(f"  {word}: none")
    if results["ground"]:
        lines += [f"  damaged: {g['id']} ({g['type']}): {g['damage']}" for g in results["ground"]]
    else:
        lines.append("  damaged on the ground: none")
    special = results.get("special", {})
    for unit in special.get("moving", ()):
        lines.append(
            f"  moving: {unit['id']} ({unit['type']}): {unit['state']} at {unit['hex']}, "
            f"{unit['hexes_moved']} hexes moved"
        )
    for bridge in special.get("bridges", ()):
        carried = ", ".join(bridge["carried"]) or "none"
        state = "intact" if bridge["damage"] == "none" else bridge["damage"]
        lines.append(f"  bridge: {bridge['id']} ({state}) carried: {carried}")
    if "crossed" in special:
        lines.append(f"  crossed the river: {special['crossed']} units")
    for crew in special.get("crews", ()):
        by = f" by {crew['by']}" if crew["by"] else ""
        lines.append(f"  downed crew: {crew['id']}: {crew['state']}{by}")
    if results.get("verdict"):
        lines.append(f"  verdict: {results['verdict']}")
    return lines


def _outputs(
    args: argparse.Namespace, mission: GeneratedMission
) -> tuple[OutputFile, OutputFile | None]:
    default = Path(f"intruders-{mission.mission_id}{TIMELINE_SUFFIX}")
    out = OutputFile.check(args.out or default, TIMELINE_SUFFIXES, option="--out")
    write = None
    if args.write is not None:  # its suffix keeps it apart from the timeline
        write = OutputFile.check(args.write, SCENARIO_SUFFIXES, option="--write")
    return out, write


def _mission(args: argparse.Namespace) -> tuple[str, dict[str, Any]]:
    started = time.perf_counter()
    if args.solitaire and args.threat not in (None, "low"):
        raise ValueError(
            f"--threat {args.threat}: solitaire play uses the Low threat level (Intruders "
            "I-p.14); give --threat low or leave it out"
        )
    seed = new_seed() if args.seed is None else args.seed
    try:
        mission = generate_mission(
            seed, args.threat, args.players, args.mission, solitaire=args.solitaire
        )
    except ValueError as error:
        where = f"--mission {args.mission}" if args.mission is not None else f"--seed {seed}"
        raise ValueError(f"{where}: {error}") from None
    out, write = _outputs(args, mission)
    scenario = mission_scenario(mission, year=args.year)
    problems = setup_problems(scenario)
    if problems:  # a generator bug, not the user's: say what it was
        raise ValueError(f"seed {seed}: the mission cannot be set up: {'; '.join(problems)}")
    lines = mission_lines(mission)
    if write is not None:
        with write.writing() as partial:
            partial.write_text(write_scenario_toml(scenario), encoding="utf-8")
        lines.append(f"wrote {write.path} (the scenario)")

    from engine.phantoms.declaration import PHANTOMS
    from engine.phantoms.game import PhantomsGame

    check_run(len(scenario.aircraft), scenario.turns, PHANTOMS.ticks_per_turn, scenario.name)
    progress = Progress(0, f"playing {scenario.name}", unit="turns", min_total=1,
                        after_s=LONG_WORK_S)  # fmt: skip
    game = PhantomsGame(scenario)
    timeline = game.run(progress=progress)
    with out.writing() as partial:
        timeline.save(partial)
    results = _results(game, scenario, mission.mission_id)
    turns = max(0, timeline.ticks - 1) // timeline.meta.ticks_per_turn
    wall_s = time.perf_counter() - started
    lines.append(f"{scenario.name}: {turns} turns, seed {timeline.meta.seed}")
    lines += turn_table_lines(timeline)
    lines += _result_lines(results)
    lines.append(f"wrote {out.path} ({timeline.ticks} ticks, {wall_s:.2f} s)")
    data = {
        "seed": seed,
        "mission": mission.mission,
        "mission_id": mission.mission_id,
        "name": mission.name,
        "threat": mission.threat,
        "players": mission.players,
        "solitaire": mission.solitaire,
        "threat_suits_players": threat_for_players(mission.players),
        "us_buy": [
            {"item": b.item, "count": b.count, "points": b.points, "free": b.free}
            for b in mission.us_buy
        ],
        "us_points": mission.us_points_spent,
        "nva_buy": [
            {"item": b.item, "count": b.count, "points": b.points} for b in mission.nva_buy
        ],
        "nva_points": mission.nva_points_spent,
        "entry_edge": EDGE_NAMES[mission.entry_edge],
        "known_percent": mission.known_percent,
        "mig_deployment": mission.mig_deployment,
        "rolls": [{"kind": r.kind, "value": r.value, "purpose": r.purpose} for r in mission.rolls],
        "scenario_file": None if write is None else str(write.path),
        "turns": turns,
        "results": results,
        "output": str(out.path),
        "ticks": timeline.ticks,
        "wall_s": round(wall_s, 3),
    }
    return "\n".join(lines), data
