"""``furball whatif``: re-fly a game from a turn with one aircraft's order changed."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from engine.whatif import (
    Branch,
    Change,
    Source,
    WhatIfError,
    ai_choice,
    alternatives_at,
    lineage_of,
    maneuver_named,
    open_source,
    plot_from_file,
    what_if,
)
from engine.whatif.compare import EndState, bandit_of, end_state
from models.timeline import TIMELINE_SUFFIX, Timeline
from sim.cli.arguments import SEED, TURNS
from sim.cli.replay_cmds import is_timeline, source_path
from sim.cli.scenario_cmds import TIMELINE_SUFFIXES
from sim.output_file import OutputFile

EXAMPLES = """\
examples:
  furball whatif bfm/perch-9000 --turn 3 --aircraft viper-1 --list
                                the legal plots the planner finds for Viper 1 in turn 3
  furball whatif bfm/perch-9000 --turn 3 --aircraft viper-1 --plot straight.toml -o b.furball.npz
                                Viper 1 flies the plot in straight.toml in turn 3 instead
  furball whatif bfm/perch-6000 --turn 2 --aircraft bandit-1 --maneuver break-turn -o b.furball.npz
  furball whatif b.furball.npz --turn 4 --aircraft viper-1 --ai -o bb.furball.npz
                                a branch of a branch: the AI's choice in turn 4

A plot file holds one order in the rule set's own schema, e.g. for Birds of Prey:
  throttle = "mil"
  segments = [{ kind = "straight", ticks = 10 }]
"""


def register(commands: Any) -> None:
    whatif = commands.add_parser(
        "whatif",
        help="re-fly a game from a turn with one aircraft's order changed",
        description=(
            "Play a scenario (with its seed), a game log or a what-if branch again: the turns\n"
            "before --turn as it played them, --turn with --aircraft's order replaced, then on\n"
            "with the scenario's pilots. Rolls made for the same purpose reuse the parent's."
        ),
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    whatif.add_argument(
        "source",
        help=f"a scenario (file or shipped name), a game log, or a branch {TIMELINE_SUFFIX}",
    )
    whatif.add_argument("--turn", type=TURNS, required=True, help="the turn whose order changes")
    whatif.add_argument("--aircraft", required=True, help="the id of the aircraft (viper-1)")
    form = whatif.add_mutually_exclusive_group(required=True)
    form.add_argument("--plot", type=Path, metavar="FILE.toml", help="fly this order instead")
    form.add_argument("--maneuver", metavar="NAME", help="fly this BFM maneuver (bfm/split-s)")
    form.add_argument("--ai", action="store_true", help="fly the AI pilot's choice")
    form.add_argument("--list", action="store_true", help="list the legal named plots instead")
    whatif.add_argument("-o", "--output", type=Path, help=f"the branch's NAME{TIMELINE_SUFFIX}")
    whatif.add_argument(
        "--seed", type=SEED, help=f"the parent's seed when SOURCE is a scenario ({SEED.limits})"
    )
    whatif.add_argument("--json", action="store_true", help="print a JSON summary")
    whatif.set_defaults(handler=_whatif)


def _parent(args: argparse.Namespace) -> tuple[Source, list[Change], str]:
    """The source, the changes of the branch it is (none for a scenario or log), and the
    parent timeline file when one was given."""
    if not is_timeline(args.source):
        return open_source(args.source, args.seed), [], ""
    if args.seed is not None:
        raise WhatIfError(f"--seed: {args.source} is a branch; it plays with its own seed")
    source, changes = lineage_of(Timeline.load(Path(args.source)))
    return source, changes, str(args.source)


def _whatif(args: argparse.Namespace) -> tuple[str, dict[str, Any]]:
    if args.list:
        if args.output is not None:
            raise WhatIfError("-o: --list writes no file")
        source, changes, _ = _parent(args)
        found = alternatives_at(source, args.turn, args.aircraft, changes)
        who = source.callsign(args.aircraft)
        lines = [f"{who}, turn {args.turn}: {len(found)} legal plots"]
        lines.extend(f"  {a.name}" for a in found)
        data = {
            "aircraft": args.aircraft,
            "turn": args.turn,
            "plots": [{"name": a.name, "order": a.plot.model_dump(mode="json")} for a in found],
        }
        return "\n".join(lines), data
    if args.output is None:
        raise WhatIfError("-o: give the branch's timeline file, NAME" + TIMELINE_SUFFIX)
    reads = [Path(args.source) if is_timeline(args.source) else source_path(args.source)]
    if args.plot is not None:
        reads.append(args.plot)
    output = OutputFile.check(args.output, TIMELINE_SUFFIXES, option="-o", reads=reads)
    source, changes, parent_file = _parent(args)
    if args.plot is not None:
        replacement = plot_from_file(args.plot, source.rules)
    elif args.maneuver is not None:
        replacement = maneuver_named(args.maneuver, source.rules)
    else:
        replacement = ai_choice(source.rules)
    branch = what_if(source, args.turn, args.aircraft, replacement, changes, parent_file)
    with output.writing() as partial:
        branch.timeline.save(partial)
    lines, data = summary(branch, args.aircraft)
    lines.append(f"wrote {output.path}")
    data["output"] = str(output.path)
    return "\n".join(lines), data


def summary(branch: Branch, aircraft: str) -> tuple[list[str], dict[str, Any]]:
    """What changed, then the parent and the branch side by side at the end."""
    parent, flown = branch.parent.timeline, branch.timeline
    tick = (branch.change.turn - 1) * parent.meta.ticks_per_turn
    bandit = bandit_of(parent, aircraft, tick)
    before, after = end_state(parent, aircraft, bandit), end_state(flown, aircraft, bandit)
    lines = [
        branch.change.description,
        f"dice: {branch.flown.reused} of the parent's rolls reused, {branch.flown.fresh} fresh",
        f"{'at the end':<24}{'parent':>10}{'branch':>10}",
    ]
    rows = [
        ("shots", before.shots, after.shots),
        ("hits", before.hits, after.hits),
        ("kills", before.kills, after.kills),
        (f"range to {bandit or 'bandit'} ft", before.range_ft, after.range_ft),
        ("energy height ft", before.energy_height_ft, after.energy_height_ft),
    ]
    lines.extend(f"{name:<24}{_cell(a):>10}{_cell(b):>10}" for name, a, b in rows)
    data = {
        "change": branch.change.model_dump(mode="json"),
        "bandit": bandit,
        "parent": _state(before),
        "branch": _state(after),
        "reused_rolls": branch.flown.reused,
        "fresh_rolls": branch.flown.fresh,
    }
    return lines, data


def _cell(value: float | int | None) -> str:
    if value is None:
        return "-"
    return f"{value:,.0f}" if isinstance(value, float) else str(value)


def _state(state: EndState) -> dict[str, Any]:
    return {
        "shots": state.shots,
        "hits": state.hits,
        "kills": state.kills,
        "range_ft": None if state.range_ft is None else round(state.range_ft, 1),
        "energy_height_ft": round(state.energy_height_ft, 1),
    }
