"""``furball run``, ``furball validate`` and ``furball inspect``: scenarios and timelines."""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine import Game
from engine.errors import ScenarioError
from engine.rulesets import load_scenario, log_ruleset, ruleset, ruleset_for_table
from models.files import DataFileError, read_toml
from models.scenario_common import ScenarioCommon
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
    run.add_argument(
        "--tables",
        type=Path,
        metavar="FOLDER",
        help="play with your own printed play-aid tables: each file in FOLDER, named as a "
        "shipped one (pips.toml, guns.toml, ...), replaces that table",
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


CAMPAIGN_KINDS = ("phantoms.campaign", "fc.campaign")
"""The ``kind`` of each rule set's campaign file."""


def is_campaign(path: Path) -> bool:
    """A campaign file (``kind = "phantoms.campaign"``, ``"fc.campaign"``) rather than a
    scenario."""
    return read_toml(path).get("kind") in CAMPAIGN_KINDS


def is_log(path: Path) -> bool:
    """A game log rather than a scenario: its ``kind`` names a rule set's log."""
    return log_ruleset(read_toml(path)) is not None


def log_summary(path: Path) -> tuple[str, int, ScenarioCommon]:
    """A game log's title, the turns it records, and the scenario it names."""
    found = log_ruleset(read_toml(path))
    if found is None:
        raise ValueError(f"{path}: not a game log")
    return found.log_summary(path)


def play_source(
    text: str,
    seed: int | None = None,
    turns: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    tables: Path | None = None,
) -> tuple[Path, str, Timeline]:
    """Play a scenario's scripts or a game log's orders, of any rule set: (file, title,
    timeline).  ``progress(played, turns)`` is told after every turn.  A run too long for
    its memory budget is refused before it starts, or as soon as it grows too large
    (:mod:`sim.run_budget`).  ``tables``: a folder of the player's own play-aid tables."""
    path = find_scenario(text)
    logged = log_ruleset(read_toml(path))
    if logged is not None:
        if tables is not None:
            raise ValueError(f"--tables: {path} is a game log; it replays with the shipped tables")
        _, logged_turns, scenario = logged.log_summary(path)
        check_run(len(scenario.aircraft), logged_turns, ticks_per_turn(scenario), str(path))
        title, timeline = logged.play_log(path, seed, progress)
        return path, title, timeline
    scenario = load_scenario(path)
    try:
        game = Game(scenario, seed=seed, tables=tables)
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


def ticks_per_turn(scenario: ScenarioCommon) -> int:
    """Ticks in one of the scenario's turns (its rule set's)."""
    return ruleset(scenario.rules).ticks_per_turn


def entities_in_play(game: Any) -> int:
    """Aircraft and the missiles launched so far: the timeline's rows."""
    return len(getattr(game, "aircraft", ())) + len(getattr(game, "missiles", ()))


def playing_progress(text: str) -> Progress:
    """The progress report of playing a scenario or log, shown when it runs long."""
    name = Path(text).name.removesuffix(".toml")
    return Progress(0, f"playing {name}", unit="turns", min_total=1, after_s=LONG_WORK_S)


def _run(args: argparse.Namespace) -> tuple[str, dict[str, Any]]:
    started = time.perf_counter()
    source = find_scenario(args.scenario)
    default = Path(source.name.removesuffix(".toml") + TIMELINE_SUFFIX)
    output = OutputFile.check(
        args.output or default, TIMELINE_SUFFIXES, option="-o", reads=[source]
    )
    progress = playing_progress(args.scenario)
    _, title, timeline = play_source(str(source), args.seed, args.turns, progress, args.tables)
    with output.writing() as partial:
        timeline.save(partial)
    wall_s = time.perf_counter() - started
    turns = max(0, timeline.ticks - 1) // timeline.meta.ticks_per_turn
    lines = [f"{title}: {turns} {timeline.meta.turn_word}s, seed {timeline.meta.seed}"]
    lines.extend(_turn_table_lines(timeline))
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


def _turn_table_lines(timeline: Timeline) -> list[str]:
    """The per-turn table a run prints: the columns the rule set names for it (all the
    rows hold when it names none), each as wide as its widest entry."""
    rows = timeline.meta.turn_table
    if not rows:
        return []
    declared = ruleset(timeline.meta.rules).summary_columns
    columns = [c for c in declared if c in rows[0]] or list(rows[0])
    cells = [[_cell(row.get(c, "")) for c in columns] for row in rows]
    widths = [max(len(c), *(len(r[i]) for r in cells)) for i, c in enumerate(columns)]
    aligned = [
        " ".join(v.rjust(w) if _numeric(v) else v.ljust(w) for v, w in zip(r, widths, strict=True))
        for r in [columns, *cells]
    ]
    return [line.rstrip() for line in aligned]


def _cell(value: Any) -> str:
    return f"{value:.1f}" if isinstance(value, float) else str(value)


def _numeric(text: str) -> bool:
    return text.replace(".", "", 1).lstrip("-").isdigit()


def scenario_problems(path: Path) -> list[str]:
    """Every problem in a scenario file at once, whatever its rule set: the format's
    checks, the rules' set-up checks, then each aircraft's first illegal scripted order."""
    try:
        raw = read_toml(path)
        found = ruleset_for_table(path, raw)
    except DataFileError as error:
        return error.problems
    return found.problems(raw)


def log_file_problems(path: Path) -> list[str]:
    """Every problem in a game-log file, by its rule set's checks."""
    try:
        found = log_ruleset(read_toml(path))
    except DataFileError as error:
        return error.problems
    return [] if found is None else found.problems_in_log(path)


def _validate(args: argparse.Namespace) -> tuple[str, dict[str, Any]]:
    path = find_scenario(args.scenario)
    if is_campaign(path):
        from sim.cli.campaign_cmd import check_campaign

        check_campaign(path)  # raises DataFileError naming every problem
        return f"{path}: ok", {"file": str(path), "ok": True, "problems": []}
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
