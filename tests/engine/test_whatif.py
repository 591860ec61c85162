"""What-if branches: the parent's own order reproduces it, a changed one departs from it at
its turn, the dice are the parent's where the purpose is the same, and branches chain."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import numpy as np
import pytest

from engine.bop.game import Game
from engine.whatif import (
    Change,
    Flown,
    WhatIfError,
    ai_choice,
    alternatives_at,
    fly,
    lineage_of,
    maneuver_named,
    open_source,
    plot_from_data,
    plot_from_file,
    what_if,
)
from engine.whatif.plots import PULL_ROWS, plot_name
from models.files import DataFileError
from models.orders import BopPlot
from models.scenario import load_scenario
from models.timeline import Timeline
from scenarios import find_scenario

PERCH = "bfm/perch-9000"
STRAIGHT = {"throttle": "mil", "segments": [{"kind": "straight", "ticks": 10}]}
TICKS = 10


def same_arrays(a: Timeline, b: Timeline, upto: int | None = None) -> bool:
    """Every channel equal (NaN equal to NaN), over the first ``upto`` ticks when given."""
    if a.channels.keys() != b.channels.keys():
        return False
    for name, x in a.channels.items():
        y = b.channels[name]
        if upto is not None:
            x, y = x[:, :upto], y[:, :upto]
        if x.shape != y.shape:
            return False
        if not np.array_equal(x, y, equal_nan=x.dtype.kind == "f"):
            return False
    return True


@cache
def parent() -> Flown:
    return fly(open_source(PERCH))


def straight_at(turn: int, aircraft: str = "viper-1") -> Change:
    source = open_source(PERCH)
    return Change(turn, aircraft, plot_from_data(STRAIGHT, source.rules, "test"))


def dice(timeline: Timeline) -> dict[str, str]:
    """Each ``dice`` event's text after its kind and face, by purpose → face."""
    faces: dict[str, str] = {}
    for event in timeline.meta.events:
        if event.kind == "dice":
            head, _, purpose = event.detail.partition(" for ")
            faces[purpose.split(":")[0]] = head
    return faces


def test_the_parent_is_the_scenario_played_with_its_seed() -> None:
    scenario = load_scenario(find_scenario(PERCH))
    played = Game(scenario, seed=scenario.seed).run()
    assert same_arrays(played, parent().timeline)
    assert played.meta.events == parent().timeline.meta.events


def test_the_parents_own_order_reproduces_the_parent_exactly() -> None:
    source = open_source(PERCH)
    branch = what_if(source, 2, "viper-1", ai_choice(source.rules))
    assert same_arrays(branch.timeline, parent().timeline)
    assert branch.timeline.meta.events == parent().timeline.meta.events
    assert branch.flown.fresh == 0 and branch.flown.reused == len(parent().rolls)
    assert "as in the parent" in branch.change.description


def test_a_scripted_plot_given_back_as_a_plot_reproduces_the_parent() -> None:
    source = open_source(PERCH)
    scenario = load_scenario(find_scenario(PERCH))
    bandit = scenario.setup("bandit-1")
    assert bandit is not None and bandit.script is not None
    own = bandit.script.plot_for_turn(3)
    replacement = plot_from_data(own.model_dump(mode="json"), source.rules, "test")
    branch = what_if(source, 3, "bandit-1", replacement)
    assert same_arrays(branch.timeline, parent().timeline)


def test_a_straight_plot_at_turn_3_takes_the_gunshot_away() -> None:
    source = open_source(PERCH)
    branch = what_if(source, 3, "viper-1", plot_from_data(STRAIGHT, source.rules, "test"))
    shots = [e for e in branch.timeline.meta.events if e.kind == "gunshot"]
    assert any(e.t_s == 18.0 for e in parent().timeline.meta.events if e.kind == "gunshot")
    assert not any(e.t_s == 18.0 for e in shots)
    assert same_arrays(branch.timeline, parent().timeline, upto=2 * TICKS + 1)
    viper = branch.timeline.entity_index("viper-1")
    after = slice(2 * TICKS + 1, 3 * TICKS + 1)
    assert not np.array_equal(
        branch.timeline.channels["x_ft"][viper, after],
        parent().timeline.channels["x_ft"][viper, after],
    )


def test_the_bandits_crew_g_rolls_are_the_parents_by_purpose() -> None:
    source = open_source(PERCH)
    branch = what_if(source, 3, "viper-1", plot_from_data(STRAIGHT, source.rules, "test"))
    mine, theirs = dice(branch.timeline), dice(parent().timeline)
    checks = [p for p in theirs if p.startswith("crew G check, pilot, Bandit 1")]
    assert len(checks) >= 3  # before, at and after the changed turn
    for purpose in checks:
        if purpose in mine:
            assert mine[purpose] == theirs[purpose], purpose
    assert "crew G check, pilot, Bandit 1, turn 3" in mine
    assert branch.flown.reused > 0 and branch.flown.fresh > 0


def test_rolls_before_the_changed_turn_are_the_parents() -> None:
    source = open_source(PERCH)
    branch = what_if(source, 3, "viper-1", plot_from_data(STRAIGHT, source.rules, "test"))
    early = [r for r in parent().rolls if r.turn < 3]
    assert [r for r in branch.flown.rolls if r.turn < 3] == early


def test_the_same_branch_twice_is_identical() -> None:
    source = open_source(PERCH)
    first = what_if(source, 3, "viper-1", plot_from_data(STRAIGHT, source.rules, "test"))
    second = what_if(source, 3, "viper-1", plot_from_data(STRAIGHT, source.rules, "test"))
    assert same_arrays(first.timeline, second.timeline)
    assert first.timeline.meta == second.timeline.meta


def test_the_meta_records_the_parent_and_the_change(tmp_path: Path) -> None:
    source = open_source(PERCH)
    branch = what_if(source, 3, "viper-1", plot_from_data(STRAIGHT, source.rules, "test"))
    path = tmp_path / "branch.furball.npz"
    branch.timeline.save(path)
    info = Timeline.load(path).meta.branch
    assert info is not None
    assert (info.source, info.seed) == (PERCH, 1)
    (change,) = info.changes
    assert (change.turn, change.aircraft, change.form) == (3, "viper-1", "plot")
    assert BopPlot.model_validate(change.order) == BopPlot.model_validate(STRAIGHT)
    assert change.description == 'Viper 1 flew "straight" instead of "max G pull" in game-turn 3'


def test_a_branch_of_a_branch_keeps_the_chain(tmp_path: Path) -> None:
    source = open_source(PERCH)
    first = what_if(source, 3, "viper-1", plot_from_data(STRAIGHT, source.rules, "test"))
    path = tmp_path / "first.furball.npz"
    first.timeline.save(path)
    again, changes = lineage_of(Timeline.load(path))
    second = what_if(
        again, 5, "viper-1", maneuver_named("high-yo-yo", again.rules), changes, str(path)
    )
    info = second.timeline.meta.branch
    assert info is not None
    assert [(c.turn, c.form) for c in info.changes] == [(3, "plot"), (5, "maneuver")]
    assert info.changes[-1].parent_file == str(path)
    assert same_arrays(second.timeline, first.timeline, upto=4 * TICKS + 1)
    assert second.flown.rolls[: len([r for r in first.flown.rolls if r.turn < 5])] == [
        r for r in first.flown.rolls if r.turn < 5
    ]


def test_a_branch_at_an_earlier_turn_drops_its_parents_later_change() -> None:
    source = open_source(PERCH)
    first = what_if(source, 3, "viper-1", plot_from_data(STRAIGHT, source.rules, "test"))
    second = what_if(source, 2, "viper-1", ai_choice(source.rules), [straight_at(3)])
    assert [c.turn for c in second.records] == [3, 2]
    assert not same_arrays(second.timeline, first.timeline)  # turn 3 flown by the AI again


def test_the_listed_plots_are_legal_and_named() -> None:
    source = open_source(PERCH)
    found = alternatives_at(source, 3, "viper-1")
    names = [a.name for a in found]
    assert {"straight", "unload", "roll 2 right, 7 G pull"} <= set(names)
    assert len(names) == len(set(names))
    game = fly(source, turns=2).game
    others = game.scripted_orders()
    for alternative in found:
        assert plot_name(alternative.plot) == alternative.name
        assert game.legal({**others, "viper-1": alternative.plot}), alternative.name


def test_each_listed_plot_sits_in_the_roll_by_pull_grid() -> None:
    source = open_source(PERCH)
    found = {a.name: a for a in alternatives_at(source, 3, "viper-1")}
    assert (found["straight"].roll_cells, found["straight"].pull) == (0, "straight")
    assert (found["unload"].roll_cells, found["unload"].pull) == (0, "unload")
    assert (found["roll 2 right, 7 G pull"].roll_cells, found["roll 2 right, 7 G pull"].pull) == (
        2,
        "7 G",
    )
    for alternative in found.values():
        assert alternative.pull in PULL_ROWS
        first = alternative.plot.segments[0]
        if alternative.roll_cells:  # the roll leads the plot, to the side its sign says
            assert first.roll_cells == alternative.roll_cells, alternative.name


def test_a_turn_out_of_range_is_refused() -> None:
    source = open_source(PERCH)
    with pytest.raises(WhatIfError, match=r"--turn 9: the parent played game-turns 1 to 8"):
        what_if(source, 9, "viper-1", ai_choice(source.rules))


def test_an_unknown_aircraft_lists_the_ids() -> None:
    source = open_source(PERCH)
    with pytest.raises(WhatIfError, match=r"--aircraft viper: .* aircraft: viper-1, bandit-1"):
        what_if(source, 2, "viper", ai_choice(source.rules))


def test_an_aircraft_out_of_play_has_no_order_to_change() -> None:
    source = open_source(PERCH)  # the bandit is shot down at 24 s
    with pytest.raises(WhatIfError, match=r"Bandit 1 is not in play at game-turn 6"):
        what_if(source, 6, "bandit-1", plot_from_data(STRAIGHT, source.rules, "test"))


def test_a_bad_plot_file_names_the_file_and_field(tmp_path: Path) -> None:
    bad = tmp_path / "pull.toml"
    bad.write_text(
        'throttle = "mil"\nsegments = [{ kind = "turn", ticks = 10, load_g = 7.2, cells = 1 }]\n'
    )
    source = open_source(PERCH)
    with pytest.raises(DataFileError, match=r"pull.toml: segments.0: .*0.5 G"):
        plot_from_file(bad, source.rules)


def test_an_unknown_maneuver_lists_the_library() -> None:
    source = open_source(PERCH)
    with pytest.raises(WhatIfError, match=r"--maneuver: no maneuver 'loopy'; maneuvers: bfm/"):
        maneuver_named("loopy", source.rules)


def test_a_maneuver_branch_of_perch_6000_departs_at_its_turn() -> None:
    source = open_source("bfm/perch-6000")
    base = fly(source)
    branch = what_if(source, 2, "bandit-1", maneuver_named("break-turn", source.rules))
    assert same_arrays(branch.timeline, base.timeline, upto=TICKS + 1)
    assert not same_arrays(branch.timeline, base.timeline)
    assert branch.change.form == "maneuver" and branch.change.maneuver == "bfm/break-turn"


def test_another_rule_sets_order_given_back_reproduces_its_parent() -> None:
    source = open_source("hexjet/duel")
    base = fly(source)
    written = fly(source, turns=1).game.scripted_orders()
    order = written["fulcrum-1"].model_dump(mode="json")
    branch = what_if(source, 2, "fulcrum-1", plot_from_data(order, source.rules, "test"))
    assert same_arrays(branch.timeline, base.timeline)
    assert branch.timeline.meta.events == base.timeline.meta.events


def test_another_rule_set_has_no_maneuvers_or_ai_or_list() -> None:
    source = open_source("hexjet/duel")
    title = source.rules.title
    with pytest.raises(WhatIfError, match=rf"--maneuver: {title} has no BFM maneuver library"):
        maneuver_named("split-s", source.rules)
    with pytest.raises(WhatIfError, match=rf"--ai: .* cannot fly {title}"):
        ai_choice(source.rules)
    with pytest.raises(WhatIfError, match=rf"--list: .* not available for {title}"):
        alternatives_at(source, 2, "fulcrum-1")
