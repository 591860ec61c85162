"""``furball report``: a fight's debrief sheet, one self-contained HTML page for a class."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from models.timeline import TIMELINE_SUFFIX
from sim.cli.arguments import SEED, TURNS, frame_size, source_stem
from sim.output_file import OutputFile

HTML_SUFFIX = ".html"
EXAMPLES = """\
examples:
  furball report bfm/perch-9000 -o debrief.html
                                play the shipped drill and write its debrief sheet
  furball report turn.furball.npz -o turn.html --no-frames
                                a saved timeline, without the rendered key frames

The page holds the briefing, the order of battle, the key events, the shot log, the
charts and a key frame at each shot and kill, all inside the one file: open it in any
browser, mail it, or put it on a memory stick.
"""


def register(commands: Any) -> None:
    report = commands.add_parser(
        "report",
        help="write a debrief sheet (one self-contained .html page)",
        description="Write a fight's debrief sheet as one HTML page that needs no server.",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    report.add_argument(
        "source", help=f"a scenario (file or shipped name), a game log, or a {TIMELINE_SUFFIX}"
    )
    report.add_argument(
        "-o", "--output", type=Path, help=f"NAME{HTML_SUFFIX} (default: SOURCE{HTML_SUFFIX})"
    )
    report.add_argument("--seed", type=SEED, help=f"seed when playing a scenario ({SEED.limits})")
    report.add_argument(
        "--turns", type=TURNS, help=f"game-turns when playing a scenario ({TURNS.limits})"
    )
    report.add_argument(
        "--frame-size", type=frame_size, metavar="WxH", help="key frames' size (default 960x540)"
    )
    report.add_argument(
        "--no-frames", action="store_true", help="leave out the key frames (no 3-D rendering)"
    )
    report.add_argument(
        "--odds",
        type=Path,
        metavar="NAME.odds.json",
        help="add the odds of a sweep of the same scenario (furball odds) to the sheet",
    )
    report.add_argument("--json", action="store_true", help="print a JSON summary")
    report.set_defaults(handler=_report)


def default_output(source: str) -> Path:
    """``bfm/loop`` → ``loop.html``; ``turn.furball.npz`` → ``turn.html``."""
    return Path(source_stem(source) + HTML_SUFFIX)


def _report(args: argparse.Namespace) -> tuple[str, dict[str, Any]]:
    from sim.cli.replay_cmds import load_source, source_path
    from sim.odds.odds_file import read_odds
    from sim.report.build import build_sheet
    from sim.report.frames import FRAME_SIZE
    from sim.report.odds_section import odds_section
    from sim.report.page import render_page

    checked = OutputFile.check(
        args.output or default_output(args.source),
        (HTML_SUFFIX,),
        option="-o",
        reads=[source_path(args.source)],
    )
    odds = None if args.odds is None else read_odds(args.odds)  # told before anything plays
    timeline = load_source(args.source, args.seed, args.turns)
    if odds is not None and odds["scenario_name"] != timeline.meta.scenario:
        raise ValueError(
            f"--odds {args.odds}: a sweep of {odds['scenario_name']!r}; this fight is "
            f"{timeline.meta.scenario!r}"
        )
    sheet = build_sheet(
        timeline, frames=not args.no_frames, frame_size=args.frame_size or FRAME_SIZE
    )
    if odds is not None:
        sheet.odds_html = odds_section(odds)
    page = render_page(sheet)
    with checked.writing() as partial:
        partial.write_text(page, encoding="utf-8")
    size_bytes = len(page.encode("utf-8"))
    data: dict[str, Any] = {
        "output": str(checked.path),
        "frames": len(sheet.frames),
        "charts": len(sheet.charts),
        "shots": len(sheet.shots),
        "odds": odds is not None,
        "bytes": size_bytes,
    }
    text = (
        f"wrote {checked.path} ({len(sheet.shots)} shots, {len(sheet.charts)} charts, "
        f"{len(sheet.frames)} key frames, {size_bytes / 1000:.0f} kB); open it in a browser"
    )
    return text, data
