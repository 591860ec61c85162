"""``furball chart`` and ``furball shots``: an aircraft's debrief chart as a PNG, and the
fight's shot log."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from models.timeline import TIMELINE_SUFFIX, Timeline
from sim.cli.arguments import SEED, TURNS, frame_size, source_stem
from sim.output_file import OutputFile

PNG_SUFFIX = ".png"
CHART_EXAMPLES = """\
examples:
  furball chart bfm/perch-9000 --seed 1 --aircraft viper-1 -o perch.png
                                play the drill and chart Viper 1 against its target
  furball chart fight.furball.npz --aircraft eagle-1 --against fulcrum-2 -o eagle.png
  furball chart demo/2v2-merge --aircraft viper-1 -o merge.png --size 1280x960

The panels share the time axis: the shots, hits and kills between the two, then altitude,
true airspeed, load, E_s, P_s and fuel of both (the charted aircraft solid, the other
dashed, in their side colours), then the range, ATA and AA between them.  Without
--against the other is the enemy it shot at most, else the one its radar held longest,
else the nearest.
"""
SHOTS_EXAMPLES = """\
examples:
  furball shots bfm/perch-9000 --seed 1         the gunshot that hits at 18 s, and the kill
  furball shots historical/modern-furball --seed 18 --json
  furball shots fight.furball.npz

Each record gives the time, the game-turn, shooter and target, the range and the AA/ATA
between them at that tick, the table the rules read, the dice rolled and the outcome.
"""


def _source(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "source", help=f"a scenario (file or shipped name), a game log, or a {TIMELINE_SUFFIX}"
    )
    parser.add_argument("--seed", type=SEED, help=f"seed when playing a scenario ({SEED.limits})")
    parser.add_argument(
        "--turns", type=TURNS, help=f"game-turns when playing a scenario ({TURNS.limits})"
    )
    parser.add_argument("--json", action="store_true", help="print JSON")


def register(commands: Any) -> None:
    chart = commands.add_parser(
        "chart",
        help="chart an aircraft against its opponent over the fight (.png)",
        description="Draw an aircraft's altitude, speed, load, energy, fuel and its geometry "
        "against a second aircraft over time, as one PNG.",
        epilog=CHART_EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    _source(chart)
    chart.add_argument("--aircraft", required=True, metavar="ID", help="the aircraft to chart")
    chart.add_argument(
        "--against", metavar="ID", help="the second aircraft (default: its opponent)"
    )
    chart.add_argument(
        "-o", "--output", type=Path, help=f"NAME{PNG_SUFFIX} (default: SOURCE-ID{PNG_SUFFIX})"
    )
    chart.add_argument(
        "--size", type=frame_size, metavar="WxH", help="the picture's size (default 1920x1440)"
    )
    chart.set_defaults(handler=_chart)

    shots = commands.add_parser(
        "shots",
        help="list every shot, its dice and its outcome",
        description="List every gunshot, gun attack that fired nothing, missile launch, "
        "missile result and kill, with range, angles, table and dice.",
        epilog=SHOTS_EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    _source(shots)
    shots.set_defaults(handler=_shots)


def default_output(source: str, aircraft: str) -> Path:
    """``bfm/loop``, ``viper-1`` → ``loop-viper-1.png``."""
    return Path(f"{source_stem(source)}-{aircraft}{PNG_SUFFIX}")


def _load(source: str, seed: int | None, turns: int | None) -> Timeline:
    from sim.cli.replay_cmds import load_source, source_path

    path = source_path(source)
    if not path.is_file():
        raise ValueError(f"{path}: no such file")
    return load_source(source, seed, turns)


def _chart(args: argparse.Namespace) -> tuple[str, dict[str, Any]]:
    from sim.cli.replay_cmds import source_path
    from sim.debrief.charts import CHART_SIZE_PX, chart_png
    from sim.debrief.series import check_aircraft, default_opponent

    checked = OutputFile.check(
        args.output or default_output(args.source, args.aircraft),
        (PNG_SUFFIX,),
        option="-o",
        reads=[source_path(args.source)],
    )
    timeline = _load(args.source, args.seed, args.turns)
    check_aircraft(timeline, args.aircraft)
    if args.against is not None:
        check_aircraft(timeline, args.against, "--against")
    against = args.against or default_opponent(timeline, args.aircraft)
    size = args.size or CHART_SIZE_PX
    png = chart_png(timeline, args.aircraft, against, size)
    with checked.writing() as partial:
        partial.write_bytes(png)
    data: dict[str, Any] = {
        "output": str(checked.path),
        "aircraft": args.aircraft,
        "against": against,
        "size": list(size),
        "bytes": len(png),
    }
    versus = f" against {against}" if against else ""
    text = f"wrote {checked.path} ({args.aircraft}{versus}, {size[0]}x{size[1]}, "
    text += f"{len(png) / 1000:.0f} kB)"
    return text, data


def _shots(args: argparse.Namespace) -> tuple[str, dict[str, Any]]:
    from sim.debrief.shot_log import record_lines, shot_log

    timeline = _load(args.source, args.seed, args.turns)
    records = shot_log(timeline)
    names = {e.id: e.callsign for e in timeline.meta.entities}
    meta = timeline.meta
    head = f"{meta.scenario}, seed {meta.seed}: {len(records)} shot log records"
    lines = [head, *record_lines(records, names)] if records else [f"{head}: no shot fired"]
    data = {
        "scenario": meta.scenario,
        "rules": meta.rules,
        "seed": meta.seed,
        "shots": [r.as_dict() for r in records],
    }
    return "\n".join(lines), data
