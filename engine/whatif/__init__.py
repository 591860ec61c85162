"""What-if branches: re-fly a game from a turn with one aircraft's order changed.

``what_if(open_source("bfm/perch-9000"), turn=3, aircraft="viper-1", replacement=...)``
plays turns 1 to N−1 as the source did, turn N with the aircraft's order replaced, then on
with the scenario's pilots; the rules' dice give the parent's rolls again where the branch
rolls for the same purpose (:mod:`engine.whatif.dice`). The branch's timeline meta records its
parent and the change (:class:`models.timeline.BranchInfo`), so a branch is a source too.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.whatif.branch import Branch, fly_lineage, turns_played
from engine.whatif.flight import Change, Flown, fly
from engine.whatif.orders import (
    Replacement,
    WhatIfError,
    ai_choice,
    maneuver_named,
    plot_from_data,
    plot_from_file,
)
from engine.whatif.plots import Alternative
from engine.whatif.source import Source, open_source
from models.timeline import Timeline

__all__ = [
    "Alternative",
    "Branch",
    "Change",
    "Flown",
    "Replacement",
    "Source",
    "WhatIfError",
    "ai_choice",
    "fly",
    "lineage_of",
    "maneuver_named",
    "open_source",
    "plot_from_data",
    "plot_from_file",
    "turns_played",
    "what_if",
]


def what_if(
    source: Source,
    turn: int,
    aircraft: str,
    replacement: Replacement,
    parents: Sequence[Change] = (),
    parent_file: str = "",
) -> Branch:
    """The branch of ``source`` (after the ``parents`` changes of a branch it departs from)
    where ``aircraft`` flies ``replacement`` in ``turn``."""
    change = Change(turn, aircraft, replacement, parent_file)
    return fly_lineage(source, [*parents, change])


def lineage_of(timeline: Timeline) -> tuple[Source, list[Change]]:
    """The source and changes of a branch's timeline, to branch from it again;
    :class:`WhatIfError` for a timeline that is not a branch."""
    info = timeline.meta.branch
    if info is None:
        raise WhatIfError(
            f"SOURCE: this timeline of {timeline.meta.scenario!r} is not a what-if branch and "
            "does not name the file it was played from; give that scenario or game log"
        )
    source = open_source(info.source, info.seed)
    changes: list[Change] = []
    for index, record in enumerate(info.changes):
        where = f"meta.branch.changes.{index}.order"
        if record.form == "plot":
            replacement = plot_from_data(record.order, source.rules, where)
        elif record.form == "maneuver":
            replacement = maneuver_named(record.maneuver, source.rules)
        else:
            replacement = ai_choice(source.rules)
        changes.append(Change(record.turn, record.aircraft, replacement, record.parent_file))
    return source, changes


def alternatives_at(
    source: Source, turn: int, aircraft: str, parents: Sequence[Change] = ()
) -> list[Alternative]:
    """The legal plots the planner finds for ``aircraft`` at the start of ``turn``, named and
    placed in the roll × pull grid (Birds of Prey), for a menu."""
    from engine.whatif.branch import check_change

    if source.rules.name != "bop":
        raise WhatIfError(
            f"--list: listing alternatives is not available for {source.rules.title}; "
            "give an order with --plot"
        )
    from engine.whatif.plots import alternatives

    parent = fly_lineage(source, parents).flown if parents else fly(source)
    check_change(source, parent, Change(turn, aircraft, ai_choice(source.rules)))
    if parents:
        game = fly_lineage(source, parents, turns=turn - 1).flown.game
    else:
        game = fly(source, turns=turn - 1).game
    if not game.aircraft[aircraft].active:
        raise WhatIfError(
            f"--aircraft {aircraft}: {source.callsign(aircraft)} is not in play at turn {turn}"
        )
    return alternatives(game, aircraft)
