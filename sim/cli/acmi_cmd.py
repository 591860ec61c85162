"""``furball export-acmi``: a scenario, game log or timeline as a Tacview recording."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from models.timeline import TIMELINE_SUFFIX
from sim.acmi.writer import TEXT_SUFFIX, ZIP_SUFFIX
from sim.cli.arguments import SEED, TURNS, source_stem
from sim.output_file import OutputFile

EXAMPLES = """\
examples:
  furball export-acmi historical/missile-fight -o fight.zip.acmi
                                play the shipped scenario and write it for Tacview
  furball export-acmi turn.furball.npz -o turn.txt.acmi
                                a saved timeline, as plain ACMI text
  furball export-acmi logs/mig-alley
                                a game log, written to mig-alley.zip.acmi
  furball export-acmi my-fight.toml --seed 7 --turns 30 -o fight.zip.acmi

Open the file in Tacview (File > Open, or drop it on the window). The map lies on the
globe at the scenario's reference point (default: over the Ionian Sea).
"""


def register(commands: Any) -> None:
    export = commands.add_parser(
        "export-acmi",
        help="write a Tacview recording (.zip.acmi or .txt.acmi)",
        description=(
            "Write a Tacview ACMI 2.2 recording of a scenario or game log (played first) or\n"
            "of a saved timeline: one frame per tick, aircraft and missiles with their\n"
            "telemetry, a bookmark every game-turn, launches, the shot log and kills."
        ),
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    export.add_argument(
        "source", help=f"a scenario (file or shipped name), a game log, or a {TIMELINE_SUFFIX}"
    )
    export.add_argument(
        "-o",
        "--output",
        type=Path,
        help=f"NAME{ZIP_SUFFIX} (compressed) or NAME.txt.acmi (default: SOURCE{ZIP_SUFFIX})",
    )
    export.add_argument("--seed", type=SEED, help=f"seed when playing a scenario ({SEED.limits})")
    export.add_argument(
        "--turns", type=TURNS, help=f"game-turns when playing a scenario ({TURNS.limits})"
    )
    export.add_argument("--json", action="store_true", help="print a JSON summary")
    export.set_defaults(handler=_export)


def default_output(source: str) -> Path:
    """``bfm/loop`` → ``loop.zip.acmi``; ``turn.furball.npz`` → ``turn.zip.acmi``."""
    return Path(source_stem(source) + ZIP_SUFFIX)


def _export(args: argparse.Namespace) -> tuple[str, dict[str, Any]]:
    from sim.acmi import export_acmi
    from sim.cli.replay_cmds import load_source, source_path
    from sim.progress import LONG_WORK_S, Progress

    checked = OutputFile.check(
        args.output or default_output(args.source),
        (ZIP_SUFFIX, TEXT_SUFFIX),
        option="-o",
        reads=[source_path(args.source)],
    )
    output = checked.path
    timeline = load_source(args.source, args.seed, args.turns)
    progress = Progress(
        timeline.ticks, f"writing {output.name}", unit="ticks", min_total=1, after_s=LONG_WORK_S
    )
    with checked.writing() as partial:
        written = export_acmi(timeline, partial, progress)
    reference = timeline.meta.reference
    data = {
        "output": str(output),
        "frames": written.frames,
        "objects": written.objects,
        "duration_s": written.duration_s,
        "bytes": written.bytes,
        "reference": {
            "lat_deg": reference.lat_deg,
            "lon_deg": reference.lon_deg,
            "time": reference.time.strftime("%Y-%m-%dT%H:%M:%SZ"),
        },
    }
    text = (
        f"wrote {output} ({written.frames} frames over {written.duration_s:.1f} s, "
        f"{written.objects} objects, {written.bytes / 1000:.1f} kB); open it in Tacview"
    )
    return text, data
