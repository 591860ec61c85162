"""``furball run``, ``furball validate`` and ``furball inspect``: scenarios and timelines."""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from engine import Game
from engine.bop.errors import IllegalOrder
from engine.bop.game import TICKS_PER_TURN, ScenarioError, setup_problems
from engine.bop.game import Game as BopGame
from engine.bop.gamelog import LogError, log_problems, play_log
from engine.rulesets import RULESETS
from models.files import DataFileError, describe_validation_error, read_toml
from models.gamelog import LOG_KIND, GameLog, load_log
from models.scenario import Scenario, load_scenario
from models.timeline import TIMELINE_SUFFIX, Timeline
from scenarios import find_scenario
from sim.cli.arguments import SEED, TIME_S, TURNS
from sim.output_file import OutputFile
from sim.progress import LONG_WORK_S, Progress
from sim.run_budget import MAX_RUN_BYTES, check_run, size_text, turn_guard
from sim.state_report import state_report

TIMELINE_SUFFIXES = (TIMELINE_SUFFIX, ".npz")
"""What a timeline's file name ends in (furball reads any ``.npz`` as a timeline)."""
RUN_EXAMPLES = """\
examples:
  furball run bfm/sustained-turn -o turn.furball.npz
                                      play a shipped scenario, print the per-turn table
  furball run my-fight.toml --seed 7 --turns 20
                                      your own file; seed and length overridable
  furball run logs/mig-alley          replay a game log, a table game turn by turn
  furball run demo/2v2-merge --json   one JSON summary for tools
"""
VALIDATE_EXAMPLES = """\
examples:
  furball validate my-fight.toml      every problem at once, each with its field path
  furball validate my-game.log.toml   a game log: its format, then every illegal order
"""
INSPECT_EXAMPLES = """\
examples:
  furball inspect turn.furball.npz             entities and events
  furball inspect turn.furball.npz --at 12.6   and every entity's state at 12.6 s, every
                                               channel under the HUD's captions
"""


def register(commands: Any) -> None:
    run = commands.add_parser(
        "run",
        help="play a scenario and write its timeline",
        description="Play a scenario's scripted orders and write the timeline (.furball.npz).",
        epilog=RUN_EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    run.add_argument("scenario", help="scenario file, or a shipped one such as bfm/loop")
    run.add_argument(
        "--seed",
        type=SEED,
        help=f"random seed, {SEED.limits} (default: the scenario's, or a new one)",
    )
    run.add_argument(
        "--turns",
        type=TURNS,
        help=f"game-turns to play, {TURNS.limits} (default: the scenario's); a run whose "
        f"timeline would take more than {size_text(MAX_RUN_BYTES)} of memory is refused",
    )
    run.add_argument(
        "-o",
        "--output",
        type=Path,
        help=f"timeline file, NAME{TIMELINE_SUFFIX} (default: the scenario's name)",
    )
    run.add_argument("--json", action="store_true", help="print one JSON summary instead")
    run.set_defaults(handler=_run)

    validate = commands.add_parser(
        "validate",
        help="check a scenario and report every problem at once",
        epilog=VALIDATE_EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    validate.add_argument("scenario", help="scenario file, or a shipped one such as bfm/loop")
    validate.add_argument("--json", action="store_true", help="print JSON")
    validate.set_defaults(handler=_validate)

    inspect = commands.add_parser(
        "inspect",
        help="what a timeline holds",
        epilog=INSPECT_EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    inspect.add_argument("timeline", type=Path, help=f"a {TIMELINE_SUFFIX} file")
    inspect.add_argument(
        "--at", type=TIME_S, metavar="T_S", help=f"also every entity's state then ({TIME_S.limits})"
    )
    inspect.add_argument("--json", action="store_true", help="print JSON")
    inspect.set_defaults(handler=_inspect)


def _scenario(text: str) -> tuple[Path, Scenario]:
    path = find_scenario(text)
    return path, load_scenario(path)


def is_log(path: Path) -> bool:
    """A game log rather than a scenario: its ``kind`` says so."""
    return read_toml(path).get("kind") == LOG_KIND


def log_and_scenario(path: Path) -> tuple[GameLog, Scenario]:
    """A game log and the scenario it names: a file beside the log, or a shipped one."""
    log = load_log(path)
    beside = path.parent / log.scenario
    scenario_path = beside if beside.is_file() else find_scenario(log.scenario)
    return log, load_scenario(scenario_path)


def play_source(
    text: str,
    seed: int | None = None,
    turns: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> tuple[Path, str, Timeline]:
    """Play a scenario's scripts or a game log's orders: (file, title, timeline).
    ``progress(played, turns)`` is told after every game-turn.  A run too long for its
    memory budget is refused before it starts, or as soon as it grows too large
    (:mod:`sim.run_budget`)."""
    path = find_scenario(text)
    if is_log(path):
        log, scenario = log_and_scenario(path)
        check_run(len(scenario.aircraft), len(log.turn), ticks_per_turn(scenario), str(path))
        try:
            return path, log.title, play_log(log, scenario, seed, progress)
        except (LogError, ScenarioError) as error:  # an order the rules refuse: name the file
            raise ValueError(f"{path}: {error}") from None
    scenario = load_scenario(path)
    try:
        game = Game(scenario, seed=seed)
    except ScenarioError as error:  # the rules' set-up checks: name the file too
        raise ValueError(f"{path}: {error}") from None
    ticks = ticks_per_turn(scenario)
    check_run(len(scenario.aircraft), scenario.turns if turns is None else turns, ticks, str(path))
    guard = turn_guard(lambda: entities_in_play(game), ticks, str(path))

    def after_turn(played: int, count: int) -> None:
        guard(played, count)
        if progress is not None:
            progress(played, count)

    return path, scenario.name, game.run(turns, progress=after_turn)


def ticks_per_turn(scenario: Scenario) -> int:
    """Ticks in one of the scenario's game-turns (its rule set's)."""
    ruleset = RULESETS.get(scenario.rules)
    return TICKS_PER_TURN if ruleset is None else ruleset.ticks_per_turn


def entities_in_play(game: Any) -> int:
    """Aircraft and the missiles launched so far: the timeline's rows."""
    return len(getattr(game, "aircraft", ())) + len(getattr(game, "missiles", ()))


def playing_progress(text: str) -> Progress:
    """The progress report of playing a scenario or log, shown when it runs long."""
    name = Path(text).name.removesuffix(".toml")
    return Progress(0, f"playing {name}", unit="game-turns", min_total=1, after_s=LONG_WORK_S)


def _run(args: argparse.Namespace) -> tuple[str, dict[str, Any]]:
    started = time.perf_counter()
    source = find_scenario(args.scenario)
    default = Path(source.name.removesuffix(".toml") + TIMELINE_SUFFIX)
    output = OutputFile.check(
        args.output or default, TIMELINE_SUFFIXES, option="-o", reads=[source]
    )
    progress = playing_progress(args.scenario)
    _, title, timeline = play_source(str(source), args.seed, args.turns, progress)
    with output.writing() as partial:
        timeline.save(partial)
    wall_s = time.perf_counter() - started
    turns = max((row["turn"] for row in timeline.meta.turn_table), default=0)
    lines = [
        f"{title}: {turns} game-turns, seed {timeline.meta.seed}",
        f"{'turn':>4}  {'aircraft':<12} {'speed':>5} {'alt':>5} {'avg G':>5} {'max G':>5}  nose",
    ]
    for row in timeline.meta.turn_table:
        lines.append(
            f"{row['turn']:>4}  {row['aircraft']:<12} {row['speed_kt']:>5} {row['alt_steps']:>5} "
            f"{row['avg_load_g']:>5.1f} {row['max_load_g']:>5.1f}  {row['nose']}"
        )
    for event in timeline.meta.events:
        lines.append(f"t={event.t_s:6.1f}s  {event.kind}: {event.detail}")
    lines.append(f"wrote {output.path} ({timeline.ticks} ticks, {wall_s:.2f} s)")
    data = {
        "scenario": title,
        "seed": timeline.meta.seed,
        "turns": turns,
        "entities": list(timeline.entity_ids),
        "ticks": timeline.ticks,
        "output": str(output.path),
        "wall_s": round(wall_s, 3),
    }
    return "\n".join(lines), data


def scenario_problems(path: Path) -> list[str]:
    """Every problem in a scenario file at once: the format's checks and the rules' checks
    of each aircraft's setup, then (when those pass) each aircraft's first illegal scripted
    order, found by playing the scenario."""
    try:
        raw = read_toml(path)
    except DataFileError as error:
        return error.problems
    problems: list[str] = []
    scenario: Scenario | None = None
    try:
        scenario = Scenario.model_validate(raw)
    except ValidationError as error:
        problems.extend(describe_validation_error(error, raw))
    entries = raw.get("aircraft")
    if isinstance(entries, list):
        for i, entry in enumerate(entries):
            if isinstance(entry, dict):
                problems.extend(p for p in setup_problems(i, entry) if p not in problems)
    if problems or scenario is None:
        return problems
    return _illegal_scripted_orders(scenario)


def log_file_problems(path: Path) -> list[str]:
    """Every problem in a game log file: its format, the scenario it names, then (when those
    pass) every illegal order and unused roll, found by playing it."""
    try:
        raw = read_toml(path)
        log = GameLog.model_validate(raw)
    except DataFileError as error:
        return error.problems
    except ValidationError as error:
        return describe_validation_error(error, raw)
    try:
        _, scenario = log_and_scenario(path)
    except (DataFileError, ValueError) as error:
        return [f"scenario: {error}"]
    return log_problems(log, scenario)


def _illegal_scripted_orders(scenario: Scenario) -> list[str]:
    """Each aircraft's first illegal scripted order, with its field path."""
    problems: list[str] = []
    game = BopGame(scenario, seed=scenario.seed or 0)
    index_of = {s.entity_id: i for i, s in enumerate(scenario.aircraft)}
    callsigns = {s.callsign: s.entity_id for s in scenario.aircraft}
    for _ in range(scenario.turns):
        orders = game.scripted_orders()
        if not orders:
            break
        try:
            game.play_turn(orders)
        except IllegalOrder as error:
            entity = callsigns[error.aircraft]
            i = index_of[entity]
            script = scenario.aircraft[i].script
            if script is None:  # a maneuver pilot wrote it
                where = f"aircraft.{i}.pilot"
            else:
                plot_index = script.plots.index(script.plot_for_turn(error.turn or 1))
                where = f"aircraft.{i}.script.plots.{plot_index}"
            if error.segment is not None:
                where += f".segments.{error.segment}"
            problems.append(f"{where}: turn {error.turn}: {error.problem} ({error.rule})")
            game.aircraft[entity].active = False
    return problems


def _validate(args: argparse.Namespace) -> tuple[str, dict[str, Any]]:
    path = find_scenario(args.scenario)
    problems = log_file_problems(path) if is_log(path) else scenario_problems(path)
    if problems:
        raise DataFileError(path, problems)
    return f"{path}: ok", {"file": str(path), "ok": True, "problems": []}


def _inspect(args: argparse.Namespace) -> tuple[str, dict[str, Any]]:
    timeline = Timeline.load(args.timeline)
    meta = timeline.meta
    entities = [e.model_dump() for e in meta.entities]
    events = [e.model_dump() for e in meta.events]
    data: dict[str, Any] = {
        "format_version": meta.format_version,
        "seed": meta.seed,
        "rules": meta.rules,
        "scenario": meta.scenario,
        "duration_s": float(timeline.t_s[-1]),
        "entities": entities,
        "events": events,
    }
    lines = [
        f"{args.timeline}: {meta.scenario} ({meta.rules}), seed {meta.seed}, "
        f"{timeline.ticks} ticks over {float(timeline.t_s[-1]):.1f} s",
        "entities:",
        *(f"  {e['id']:<12} {e['callsign']:<12} {e['type_id']:<10} {e['side']}" for e in entities),
        f"events: {len(events)}",
        *(f"  t={e['t_s']:6.1f}s {e['kind']}: {e['detail']}" for e in events),
    ]
    if args.at is not None:
        duration = float(timeline.t_s[-1])
        if not 0.0 <= args.at <= duration:  # NaN fails too
            raise ValueError(f"--at {args.at}: the timeline runs from 0 to {duration:g} s")
        state_lines, data["state"] = state_report(timeline, args.at)
        lines.append(f"state at t={args.at:.2f} s:")
        lines.extend(state_lines)
    return "\n".join(lines), data
