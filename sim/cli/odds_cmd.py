"""``furball odds``: a scenario played over many seeds (and variations), and what tends to
happen, with 95 % intervals."""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import Any

from sim.cli.arguments import SEED, Bounded, source_stem
from sim.odds.odds_file import ODDS_SUFFIX

SEEDS = Bounded(1, 100_000, "games", whole=True)
WORKERS = Bounded(1, 256, "processes", whole=True)
EXAMPLES = """\
examples:
  furball odds bfm/perch-3000 --seeds 500
                        how often the attacker gets a shot from the 3,000 ft perch
  furball odds bfm/perch-3000 --seeds 200 --vary aircraft.0.speed_kt=450,500,540
                        the same at three entry speeds, one table each
  furball odds historical/guns-duel --seeds 1000 --cluster tcp://10.0.0.5:8786
                        the games sent to a Dask scheduler (pip install 'furball[cluster]')

Every game is recorded in the odds file (default SCENARIO.odds.json) as it finishes; ctrl-c
keeps them, and the same command again carries on from them. Each table ends with the
command that plays one of its games again.
"""


def register(commands: Any) -> None:
    odds = commands.add_parser(
        "odds",
        help="play a scenario over many seeds and report what tends to happen",
        description=(
            "Play a scenario once per seed (and per variation), then report per variation "
            "how often each outcome happened, with 95 %% confidence intervals."
        ),
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    odds.add_argument("scenario", help="scenario file, or a shipped one such as bfm/perch-3000")
    odds.add_argument(
        "--seeds", type=SEEDS, default=100, help=f"games per variation, {SEEDS.limits} (100)"
    )
    odds.add_argument(
        "--first-seed", type=SEED, default=1, help="the first seed; the rest follow it (1)"
    )
    odds.add_argument(
        "--vary",
        action="append",
        default=[],
        metavar="PATH=V1,V2,...",
        help="a scenario field and the values to sweep it over, e.g. aircraft.0.speed_kt="
        "400,450,500; several --vary play every combination",
    )
    odds.add_argument(
        "--workers",
        type=WORKERS,
        help=f"processes on this machine, {WORKERS.limits} (default: one per core)",
    )
    odds.add_argument(
        "--cluster",
        metavar="tcp://HOST:PORT",
        help="send the games to this Dask scheduler instead (pip install 'furball[cluster]')",
    )
    odds.add_argument(
        "-o",
        "--output",
        type=Path,
        help=f"odds file, NAME{ODDS_SUFFIX} (default: SCENARIO{ODDS_SUFFIX})",
    )
    odds.add_argument("--png", type=Path, help="also draw the odds as a chart, NAME.png")
    odds.add_argument("--json", action="store_true", help="print the odds file's totals as JSON")
    odds.set_defaults(handler=_odds)


def default_workers() -> int:
    """One process per core this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def _setup(args: argparse.Namespace) -> Any:
    from engine.rulesets import log_ruleset, scenario_from_table
    from models.files import read_toml
    from scenarios import find_scenario
    from sim.odds.odds_file import SweepSetup
    from sim.odds.variations import variations

    path = find_scenario(args.scenario)
    table = read_toml(path)
    if log_ruleset(table) is not None:
        raise ValueError(
            f"{path}: is a game log, whose dice were rolled at the table; sweep the scenario "
            "it names instead"
        )
    if table.get("kind") in ("phantoms.campaign", "fc.campaign"):
        raise ValueError(f"{path}: is a campaign; sweep one of its missions' scenarios instead")
    changes = variations(args.vary)
    scenario = None
    for variation in changes:  # every variation is checked before a game is played
        changed = variation.apply(table, "--vary")
        try:
            scenario = scenario_from_table(path, changed)
        except ValueError as error:
            if not variation.changes:
                raise
            raise ValueError(f"--vary {variation.label}: {error}") from None
    assert scenario is not None
    return SweepSetup(
        scenario=args.scenario,
        source=str(path),
        table=table,
        name=scenario.name,
        rules=scenario.rules,
        variations=tuple(changes),
        first_seed=args.first_seed,
        seeds=args.seeds,
    )


def _odds(args: argparse.Namespace) -> tuple[str, dict[str, Any]]:
    from sim.odds.charts import ODDS_PNG_SUFFIXES, odds_png
    from sim.odds.report_text import result_lines
    from sim.odds.runners import in_processes, in_this_process, on_cluster
    from sim.odds.scenario_files import replay_command, write_variation_scenarios
    from sim.odds.sweep import run_sweep
    from sim.output_file import OutputFile
    from sim.progress import Progress

    if args.cluster is not None and args.workers is not None:
        raise ValueError("--workers is for this machine's cores; a --cluster has its own workers")
    setup = _setup(args)
    default = Path(source_stem(args.scenario) + ODDS_SUFFIX)
    reads = [Path(setup.source)]
    output = OutputFile.check(
        args.output or default, (ODDS_SUFFIX, ".json"), option="-o", reads=reads
    )
    png = None
    if args.png is not None:
        png = OutputFile.check(args.png, ODDS_PNG_SUFFIXES, option="--png", reads=reads)
    if args.cluster is not None:
        runner, where = on_cluster(args.cluster), f"the Dask cluster at {args.cluster}"
    else:
        workers = args.workers or default_workers()
        if workers == 1:
            runner, where = in_this_process, "this process"
        else:
            runner, where = in_processes(workers), f"{workers} processes"
    files = write_variation_scenarios(setup, output.path)
    label = f"odds of {source_stem(args.scenario)}"
    progress = Progress(0, label, unit="games", min_total=1, eta=True)
    final = run_sweep(setup, output, runner, where, progress)
    run = final["run"]
    cost = run["engine_cpu_ms_per_game"]
    cost_text = f", the engine {cost:.0f} ms of CPU a game" if cost is not None else ""
    resumed = f", {run['games_resumed']} of them from the file" if run["games_resumed"] else ""
    seeds = f"seeds {setup.first_seed}–{setup.first_seed + setup.seeds - 1}"
    lines = [
        f"{setup.name}: {len(final['games'])} games, {seeds}{resumed}; played on {where} in "
        f"{run['wall_s']:.1f} s{cost_text}",
        "",
    ]
    for number, result in enumerate(final["results"]):
        lines.extend(result_lines(result, replay_command(setup, number, files)))
        lines.append("")
    lines.append(f"wrote {output.path}")
    if files:
        lines.append(f"wrote the variations as scenarios: {', '.join(str(f) for f in files)}")
    if png is not None:
        odds_png(final, png)
        lines.append(f"wrote {png.path}")
    shown = ("scenario", "scenario_name", "rules", "seeds", "results", "run")
    data = {key: final[key] for key in shown}
    data["output"] = str(output.path)
    return "\n".join(lines), data
