"""``furball``: entry point and shared plumbing of the command line.

Every subcommand prints a readable answer, or JSON with ``--json``.  Bad input is reported
in one line naming what is wrong and what would be valid, with exit status 2 — never a
traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, NoReturn

from sim.cli import (
    acmi_cmd,
    bearing_cmd,
    campaign_cmd,
    debrief_cmds,
    demo_cmd,
    list_cmd,
    mission_cmd,
    odds_cmd,
    perf_cmd,
    phad_cmd,
    replay_cmds,
    report_cmd,
    scenario_cmds,
    whatif_cmd,
)
from sim.cli.partial import PartlyBad
from sim.version import furball_version

EXIT_USAGE = 2
EXIT_INTERRUPTED = 130
"""As a shell reports a program stopped by ctrl-c (128 + SIGINT)."""
EXIT_TERMINATED = 128 + signal.SIGTERM
EXAMPLES = """\
examples:
  furball list                                  the shipped scenarios and game logs
  furball run historical/missile-fight          play one and print the per-turn table
  furball play demo/2v2-merge                   watch it in 3D
  furball render bfm/loop --mp4 loop.mp4        or render it to a video
  furball export-acmi demo/2v2-bvr -o bvr.zip.acmi
                                                or open it in Tacview
  furball mission --seed 5 --threat medium      roll an Intruders mission and play it
  furball perf F-16C --alt-ft 15000 --speed-kt 450 --load-g 6
  furball COMMAND --help                        each command's options and examples
"""


class UsageError(Exception):
    """Input the user can fix; the message is shown as is."""


class _Parser(argparse.ArgumentParser):
    """An argparse parser whose errors are one line, not usage plus a message."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"{self.prog}: {message} (see {self.prog} --help)\n")


Handler = Callable[[argparse.Namespace], tuple[str, dict[str, Any]]]


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="furball",
        description=(
            "Tabletop air combat, replayed: play Birds of Prey scenarios into timelines, "
            "inspect them, and use the PHAD, bearing and performance player aids."
        ),
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"furball {furball_version()}")
    commands = parser.add_subparsers(
        dest="command",
        required=True,
        parser_class=_Parser,
        metavar=(
            "{list,play,render,demo,run,validate,inspect,whatif,mission,campaign,export-acmi,"
            "report,chart,shots,odds,perf,phad,bearing}"
        ),
    )
    list_cmd.register(commands)
    replay_cmds.register(commands)
    demo_cmd.register(commands)
    scenario_cmds.register(commands)
    whatif_cmd.register(commands)
    mission_cmd.register(commands)
    campaign_cmd.register(commands)
    acmi_cmd.register(commands)
    report_cmd.register(commands)
    debrief_cmds.register(commands)
    odds_cmd.register(commands)
    perf_cmd.register(commands)
    phad_cmd.register(commands)
    bearing_cmd.register(commands)
    return parser


@contextmanager
def _termination_as_exit() -> Iterator[None]:
    """While a command runs, a SIGTERM unwinds it like ctrl-c does (so a file being written
    is removed, not left half-written) instead of killing the process where it stands."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum: int, frame: Any) -> None:
        raise SystemExit(EXIT_TERMINATED)

    previous = signal.signal(signal.SIGTERM, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    handler: Handler = args.handler
    where = " ".join(filter(None, ["furball", args.command, getattr(args, "action", None)]))
    problem = None
    try:
        with _termination_as_exit():
            text, data = handler(args)
    except PartlyBad as partly:
        text, data, problem = partly.text, partly.data, str(partly)
    except (UsageError, ValueError) as error:
        print(f"{where}: {error}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt as stop:
        said = f": {stop}" if str(stop) else ""  # e.g. what a stopped sweep kept
        print(f"{where}: interrupted{said}", file=sys.stderr)
        return EXIT_INTERRUPTED
    try:
        print(json.dumps(data, indent=2) if getattr(args, "json", False) else text)
        sys.stdout.flush()
    except BrokenPipeError:  # the reader (e.g. `head`) stopped early: not an error
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    if problem is not None:
        print(f"{where}: {problem}", file=sys.stderr)
        return EXIT_USAGE
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
