"""What-if branches: a game re-flown from a turn with one aircraft's order changed.

A branch is its source (scenario or game log, with the seed it played) and a lineage of
changes, one per generation: a branch of a branch adds one. Each generation is flown in
turn, reusing the previous generation's rolls by purpose, so a branch of a branch departs
from its parent exactly as its parent played. A change at turn N keeps the earlier
generations' changes before N (and those at N for other aircraft) and drops the rest: from
N on, the scenario's pilots fly as they respond.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from engine.whatif.dice import fresh_seed
from engine.whatif.flight import Change, Flown, fly
from engine.whatif.orders import WhatIfError
from engine.whatif.source import Source
from models.timeline import BranchInfo, OrderChange, Timeline


@dataclass
class Branch:
    """A flown branch: its timeline (meta carrying :class:`BranchInfo`), its parent's
    flight, and how many of its rolls were the parent's."""

    flown: Flown
    parent: Flown
    records: tuple[OrderChange, ...]

    @property
    def timeline(self) -> Timeline:
        return self.flown.timeline

    @property
    def change(self) -> OrderChange:
        return self.records[-1]


def turns_played(timeline: Timeline) -> int:
    """The turns a timeline holds."""
    return max(0, timeline.ticks - 1) // timeline.meta.ticks_per_turn


def standing(changes: Sequence[Change], new: Change) -> list[Change]:
    """The changes that still stand when ``new`` is made, then ``new``."""
    kept = [
        c
        for c in changes
        if c.turn < new.turn or (c.turn == new.turn and c.aircraft != new.aircraft)
    ]
    return [*kept, new]


def _spec(change: Change) -> dict[str, object]:
    return {"turn": change.turn, "aircraft": change.aircraft, **change.replacement.spec()}


def check_change(source: Source, parent: Flown, change: Change) -> None:
    """A change the parent allows: an aircraft of the scenario, a turn the parent played."""
    ids = source.aircraft_ids()
    if change.aircraft not in ids:
        raise WhatIfError(
            f"--aircraft {change.aircraft}: no such aircraft in {source.name}; aircraft: "
            + ", ".join(ids)
        )
    played = turns_played(parent.timeline)
    if not 1 <= change.turn <= played:
        word = parent.timeline.meta.turn_word
        raise WhatIfError(
            f"--turn {change.turn}: the parent played {word}s 1 to {played}; "
            f"a branch departs at one of them"
        )


def fly_lineage(source: Source, lineage: Sequence[Change], turns: int | None = None) -> Branch:
    """Fly every generation of ``lineage`` from ``source`` (the last with ``turns`` when
    given: the game at the start of turn ``turns + 1``)."""
    if not lineage:
        raise ValueError("a branch needs a change")
    parent = fly(source)
    changes: list[Change] = []
    records: list[OrderChange] = []
    flown = parent
    for generation, change in enumerate(lineage, start=1):
        check_change(source, flown, change)
        parent = flown
        changes = standing(changes, change)
        seed = fresh_seed(source.seed, [_spec(c) for c in lineage[:generation]])
        last = generation == len(lineage)
        flown = fly(source, changes, parent.rolls, seed, turns if last else None)
        if last and turns is not None:
            break
        records.append(_record(source, flown, change))
    branch = Branch(flown, parent, tuple(records))
    if records:
        info = BranchInfo(
            source=source.name,
            seed=source.seed,
            changes=branch.records,
            fresh_seed=fresh_seed(source.seed, [_spec(c) for c in lineage]),
        )
        meta = flown.timeline.meta.model_copy(update={"branch": info})
        flown.timeline = replace(flown.timeline, meta=meta)
    return branch


def _record(source: Source, flown: Flown, change: Change) -> OrderChange:
    pair = flown.orders.get((change.turn, change.aircraft))
    if not pair:
        word = flown.timeline.meta.turn_word
        raise WhatIfError(
            f"--aircraft {change.aircraft}: {source.callsign(change.aircraft)} is not in play "
            f"at {word} {change.turn}, so it has no order to change"
        )
    replaced, order = pair
    return OrderChange(
        turn=change.turn,
        aircraft=change.aircraft,
        form=change.replacement.form,
        maneuver=change.replacement.maneuver,
        order=order.model_dump(mode="json"),
        replaced={} if replaced is None else replaced.model_dump(mode="json"),
        description=describe(source, change, replaced, order),
        parent_file=change.parent_file,
    )


def describe(source: Source, change: Change, replaced: object, order: object) -> str:
    """One line: who flew what instead of what, and when."""
    who = source.callsign(change.aircraft)
    how = {
        "plot": "",
        "maneuver": f" ({change.replacement.maneuver})",
        "ai": " (the AI's choice)",
    }[change.replacement.form]
    word = source.rules.time.turn_word
    if source.rules.name == "bop":
        from engine.whatif.plots import plot_name

        new, old = f'"{plot_name(order)}"', f'"{plot_name(replaced)}"'  # type: ignore[arg-type]
    else:
        new, old = "the order given", "its pilot's order"
    if order == replaced:
        return f"{who} flew {new}{how} in {word} {change.turn}, as in the parent"
    return f"{who} flew {new}{how} instead of {old} in {word} {change.turn}"
