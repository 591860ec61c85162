"""A game of Over the Lines as a whole: the shipped scenarios played through the rule-set
registry, the timeline they write, the Sequence of Play's phases in their order, illegal
orders, and game logs replayed (§Sequence of Play, §Phase 1–4, §Movement Order)."""

from __future__ import annotations

import functools
import math
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import engine.otl.game as game_module
from engine.dice import FACES, RollKind
from engine.errors import IllegalOrder
from engine.otl.ai import OtlAi
from engine.otl.declaration import OVER_THE_LINES
from engine.otl.game import OtlGame
from engine.otl.log_files import problems, replay
from engine.otl.ticks import speed_kt
from engine.rulesets import Game, load_scenario
from models.files import read_toml
from models.otl.chits import chit_mix
from models.otl.orders import OtlRound
from models.otl.scenario import OtlScenario
from models.timeline import Timeline
from scenarios import find_scenario, shipped

FT_PER_IN = 50.0
TICKS = OVER_THE_LINES.ticks_per_turn
SHIPPED = sorted(
    f"otl/{Path(str(f)).name.removesuffix('.toml')}"
    for f in shipped()
    if Path(str(f)).parent.name == "otl"
)


@functools.cache
def played(name: str, seed: int | None = None) -> Timeline:
    """A shipped scenario played to its end (or until the fight is over), once per test run."""
    game = Game(load_scenario(Path(str(find_scenario(name)))), seed=seed)
    timeline: Timeline = game.run()
    return timeline


def scenario_table(name: str = "otl/camel-vs-albatros") -> dict[str, Any]:
    return read_toml(Path(str(find_scenario(name))))


def duel(camel: dict[str, Any], albatros: dict[str, Any], **header: Any) -> OtlScenario:
    """The Camel and the Albatros of the shipped duel, with their set-ups changed."""
    raw = scenario_table()
    raw.update(header)
    raw["aircraft"][0].update(camel)
    raw["aircraft"][1].update(albatros)
    return OtlScenario.model_validate(raw)


def rows_by_round(timeline: Timeline) -> dict[tuple[int, str], dict[str, Any]]:
    return {(row["round"], row["plane"]): row for row in timeline.meta.turn_table}


def rounds_played(timeline: Timeline) -> int:
    return (len(timeline.t_s) - 1) // TICKS


def test_every_shipped_scenario_is_found() -> None:
    assert "otl/camel-vs-albatros" in SHIPPED and len(SHIPPED) >= 4


# --- the same seed, the same game ---------------------------------------------------------


@pytest.mark.parametrize("name", ["otl/camel-vs-albatros", "otl/two-seater-2v2"])
def test_the_same_seed_plays_the_same_game(name: str) -> None:
    scenario = load_scenario(Path(str(find_scenario(name))))
    first = Game(scenario, seed=7).run(turns=12)
    again = Game(scenario, seed=7).run(turns=12)
    assert first.meta.seed == again.meta.seed == 7
    assert first.meta.turn_table == again.meta.turn_table
    assert first.meta.events == again.meta.events
    assert sorted(first.channels) == sorted(again.channels)
    for name_ in first.channels:
        np.testing.assert_array_equal(first.channels[name_], again.channels[name_])


def test_a_game_without_a_seed_records_the_one_it_chose() -> None:
    raw = scenario_table()
    raw.pop("seed", None)
    scenario = OtlScenario.model_validate(raw)
    game = OtlGame(scenario)
    first = game.run(turns=2)
    again = OtlGame(scenario, seed=first.meta.seed).run(turns=2)
    assert first.meta.turn_table == again.meta.turn_table
    assert first.meta.events == again.meta.events


# --- the timeline: paths, channels, events --------------------------------------------------


@pytest.mark.parametrize("name", SHIPPED)
def test_every_path_is_continuous_and_above_the_ground(name: str) -> None:
    """Each tick a plane flies a tenth of its MP: no more than that many inches (50 ft each)
    across the table and 100 ft (a Vertical Dive's MP) up or down per MP; a plane that did
    not fly this round stays put; and nothing is ever below the ground."""
    timeline = played(name)
    rows = rows_by_round(timeline)
    x, y, z = (timeline.channels[c] for c in ("x_ft", "y_ft", "z_ft"))
    assert float(z.min()) >= 0.0
    for i, entity in enumerate(timeline.meta.entities):
        if entity.kind != "aircraft":
            continue
        pid = entity.id
        for number in range(1, rounds_played(timeline) + 1):
            row = rows.get((number, pid))
            mp_per_tick = row["speed"] / TICKS if row is not None else 0.0
            for k in range((number - 1) * TICKS, number * TICKS):
                across = math.hypot(x[i, k + 1] - x[i, k], y[i, k + 1] - y[i, k])
                up_down = abs(z[i, k + 1] - z[i, k])
                where = f"{pid}, round {number}, tick {k + 1}"
                assert across <= mp_per_tick * FT_PER_IN + 1e-6, (where, across, row)
                assert up_down <= mp_per_tick * 100.0 + 1e-6, (where, up_down, row)


@pytest.mark.parametrize("name", SHIPPED)
def test_the_core_channels_agree_with_the_turn_table(name: str) -> None:
    timeline = played(name)
    rows = rows_by_round(timeline)
    channels = timeline.channels
    quats = channels["quat_wxyz"]
    np.testing.assert_allclose(np.linalg.norm(quats, axis=-1), 1.0, atol=1e-9)
    assert channels["active"].dtype == bool
    for channel in ("x_ft", "y_ft", "z_ft", "speed_kt"):
        assert np.isfinite(channels[channel]).all(), channel
    for i, pid in enumerate(timeline.entity_ids):
        for number in range(1, rounds_played(timeline) + 1):
            row = rows.get((number, pid))
            if row is None:  # out of the fight, or a balloon or ground unit
                continue
            end = number * TICKS
            assert abs(channels["x_ft"][i, end] - row["x_in"] * FT_PER_IN) <= 2.5 + 1e-6
            assert abs(channels["y_ft"][i, end] - row["y_in"] * FT_PER_IN) <= 2.5 + 1e-6
            assert abs(channels["z_ft"][i, end] - row["alt_ft"]) <= 0.5 + 1e-6
            during = slice((number - 1) * TICKS + 1, end + 1)
            np.testing.assert_allclose(channels["speed_kt"][i, during], speed_kt(row["speed"]))
            # Flying at the round's start: in the replay until its last tick at least.
            assert channels["active"][i, (number - 1) * TICKS : end].all(), (pid, number)


OUT_OF_THE_FIGHT = ("DESTROYED", "CRASHED", "LANDED", "HOME", "BAILED OUT")


def check_out_of_the_fight_leaves_the_replay(timeline: Timeline) -> int:
    """Every plane whose round ended out of the fight is inactive from that round's last
    tick on and has no later rows; the number of such planes."""
    out = [row for row in timeline.meta.turn_table if row["status"] in OUT_OF_THE_FIGHT]
    ids = list(timeline.entity_ids)
    for row in out:
        i = ids.index(row["plane"])
        end = row["round"] * TICKS
        assert not timeline.channels["active"][i, end:].any(), row
        assert not any(r["plane"] == row["plane"] and r["round"] > row["round"]
                       for r in timeline.meta.turn_table)  # fmt: skip
    return len(out)


@pytest.mark.parametrize("name", SHIPPED)
def test_a_plane_out_of_the_fight_leaves_the_replay(name: str) -> None:
    check_out_of_the_fight_leaves_the_replay(played(name))


def test_at_least_one_shipped_scenario_sees_a_plane_go_down() -> None:
    assert sum(check_out_of_the_fight_leaves_the_replay(played(name)) for name in SHIPPED)


@pytest.mark.parametrize("name", SHIPPED)
def test_the_dice_are_those_the_rule_set_declares(name: str) -> None:
    timeline = played(name)
    dice = [e for e in timeline.meta.events if e.kind == "dice"]
    assert dice
    for event in dice:
        kind = event.data["kind"]
        assert kind in OVER_THE_LINES.dice, event
        low, high = FACES[kind]
        assert low <= int(event.data["value"]) <= high, event
        assert event.detail.startswith(f"{kind} {event.data['value']}: "), event


@pytest.mark.parametrize("name", SHIPPED)
def test_events_name_timeline_entities(name: str) -> None:
    timeline = played(name)
    ids = set(timeline.entity_ids)
    duration = float(timeline.t_s[-1])
    for event in timeline.meta.events:
        assert set(event.entities) <= ids, event
        assert 0.0 <= event.t_s <= duration + 1e-9, event


# --- illegal orders -------------------------------------------------------------------------


def test_an_illegal_scripted_move_names_the_round_the_plane_and_the_rule() -> None:
    """The Camel rolls right at the start, then tries to roll back after 1 MP: its Roll Rate
    to the left is 1 step per 4 MP."""
    scenario = duel({"pilot": "script", "script": [{"moves": "11"}, {"moves": "R AA1:1 L 10"}]}, {})
    game = Game(scenario)
    game.play_turn(game.scripted_orders())
    with pytest.raises(IllegalOrder) as caught:
        game.play_turn(game.scripted_orders())
    text = str(caught.value)
    assert "\n" not in text
    assert "round 2" in text and "Camel 1" in text, text
    assert caught.value.rule.startswith("§"), caught.value.rule
    assert f"({caught.value.rule})" in text


def test_an_illegal_target_names_the_round_the_plane_and_the_rule() -> None:
    """70 in apart head-on: beyond the Camel's 24 in Front Targeting Range."""
    scenario = duel({"pilot": "script", "script": [{"target": "albatros-1"}]}, {})
    with pytest.raises(IllegalOrder) as caught:
        Game(scenario).run(turns=1)
    text = str(caught.value)
    assert text.startswith("Camel 1, round 1: "), text
    assert "beyond the Targeting Range for its front arc" in text
    assert text.endswith("(§Phase 1: Targeting)"), text


def out_of_lane_fire() -> IllegalOrder:
    """Round 1 of the duel, the Camel firing at the Albatros 70 in away and 6 in off its
    line of flight."""
    scenario = duel({"pilot": "script", "script": [{"fire": {"vickers": "albatros-1"}}]}, {})
    game = Game(scenario)
    with pytest.raises(IllegalOrder) as caught:
        game.play_turn(game.scripted_orders())
    return caught.value


def test_an_illegal_fire_order_names_the_round_the_plane_and_the_rule() -> None:
    text = str(out_of_lane_fire())
    assert text.startswith("Camel 1, round 1: fire.vickers: Albatros 1: "), text
    assert "outside the 2 in lane ahead" in text
    assert text.endswith("(§Gun Arcs)"), text


def test_an_illegal_fire_order_cites_its_rule_once() -> None:
    assert str(out_of_lane_fire()).count("§") == 1


def test_an_order_for_a_plane_not_in_the_scenario_is_refused() -> None:
    game = Game(duel({}, {}))
    with pytest.raises(IllegalOrder, match="no plane 'spad-9'"):
        game.play_turn({"spad-9": OtlRound()})


# --- the phases in the seed's order ---------------------------------------------------------


def test_targets_are_fixed_before_anyone_moves_and_gunfire_follows_every_move(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Phase 1 for every plane, then Phase 2 for every plane, then Phase 3 at the planes'
    places after all the moves."""
    happened: list[tuple[str, int, str]] = []
    fire_saw: dict[int, dict[str, tuple[float, float, float]]] = {}
    real_target = OtlAi.choose_target
    real_move = game_module.plan_move  # type: ignore[attr-defined]
    real_fire = game_module.resolve_gunfire  # type: ignore[attr-defined]
    game = Game(load_scenario(Path(str(find_scenario("otl/circus-4v4")))))
    assert isinstance(game, OtlGame)

    def choose_target(self: OtlAi, game_: OtlGame, plane: Any) -> str | None:
        happened.append(("target", game_.turn, plane.id))
        return real_target(self, game_, plane)

    def plan_move(plane: Any, order: Any, ctx: Any) -> Any:
        happened.append(("move", ctx.round, plane.id))
        # Every target this round is already chosen and stays so.
        targets[ctx.round] = targets.get(ctx.round) or {
            pid: p.target for pid, p in game.planes.items()
        }
        assert targets[ctx.round] == {pid: p.target for pid, p in game.planes.items()}
        return real_move(plane, order, ctx)

    def resolve_gunfire(planes: Any, *args: Any, **kwargs: Any) -> Any:
        happened.append(("fire", game.turn, ""))
        assert {pid for pid, p in planes.items() if p.flying} <= game.moved_this_round
        fire_saw[game.turn] = {
            pid: (p.x_in, p.y_in, p.alt_ft) for pid, p in planes.items() if p.flying
        }
        return real_fire(planes, *args, **kwargs)

    targets: dict[int, dict[str, str | None]] = {}
    monkeypatch.setattr(OtlAi, "choose_target", choose_target)
    monkeypatch.setattr(game_module, "plan_move", plan_move)
    monkeypatch.setattr(game_module, "resolve_gunfire", resolve_gunfire)
    timeline = game.run(turns=10)
    rows = rows_by_round(timeline)
    for number in range(1, 11):
        steps = [(what, pid) for what, at, pid in happened if at == number]
        kinds = [what for what, _ in steps]
        assert "move" in kinds and "fire" in kinds
        last_target = max((n for n, k in enumerate(kinds) if k == "target"), default=-1)
        assert last_target < kinds.index("move") < kinds.index("fire"), kinds
        assert kinds.count("fire") == 1 and kinds[-1] == "fire"
        for pid, (x, y, alt) in fire_saw[number].items():
            row = rows[(number, pid)]
            assert abs(row["x_in"] - x) <= 0.05 + 1e-9 and abs(row["y_in"] - y) <= 0.05 + 1e-9
            assert abs(row["alt_ft"] - alt) <= 0.5 + 1e-9
            assert row["target"] == (targets[number][pid] or "-")


def close_duel(**changes: Any) -> OtlScenario:
    """The Camel and the Albatros 24 in apart head-on at one height, each focused on the
    other and firing its gun at it in round 1 after a straight move that leaves them 3 in
    apart nose to nose."""
    return duel(
        {"x_in": -12.0, "y_in": 0.0, "alt_ft": 7500, "pilot": "script",
         "script": [{"target": "albatros-1", "moves": "11", "fire": {"vickers": "albatros-1"}}]},
        {"x_in": 12.0, "y_in": 0.0, "alt_ft": 7500, "pilot": "script",
         "script": [{"target": "camel-1", "moves": "10", "fire": {"spandau": "camel-1"}}]},
        **changes,
    )  # fmt: skip


def test_a_plane_destroyed_in_damage_resolution_has_fired_this_round() -> None:
    """Fire is simultaneous (§Phase 3: Firing): the Albatros, blown up by the first chit it
    draws in Phase 4, still fired on the Camel this round, and its hits count."""
    game = Game(close_duel())
    assert isinstance(game, OtlGame)
    explodes = next(
        n
        for n in range(1, chit_mix().size + 1)
        if chit_mix().by_number(n).key == "gas_tank_explodes"
    )
    # The two gunfire rolls (2d6 each, 6s: no jam), then the Albatros's first chit (it
    # resolves first, by id); the seed rolls the rest.
    six: tuple[RollKind, int] = ("d6", 6)
    table: list[tuple[RollKind, int]] = [six, six, six, six, ("chit", explodes)]
    game.dice.recorded.extend(table)
    record = game.play_turn(game.scripted_orders())
    kinds = [(e.kind, e.entities) for e in record.events]
    assert ("otl.destroyed", ("albatros-1",)) in kinds
    fired = [e for e in record.events if e.kind == "otl.fire"]
    assert {e.entities for e in fired} == {("camel-1", "albatros-1"), ("albatros-1", "camel-1")}
    albatros_shot = next(e for e in fired if e.entities[0] == "albatros-1")
    chits_on_camel = [
        e for e in record.events if e.kind == "otl.chit" and e.entities == ("camel-1",)
    ]
    assert int(albatros_shot.data["hits"]) == len(chits_on_camel) > 0
    assert game.planes["albatros-1"].status == "destroyed"
    assert [m.id for m in record.movers] == ["albatros-1", "camel-1"]
    game.play_turn({})
    timeline = game.writer.timeline()
    assert check_out_of_the_fight_leaves_the_replay(timeline) == 1
    albatros = list(timeline.entity_ids).index("albatros-1")
    active = timeline.channels["active"][albatros]
    assert active[:TICKS].all() and not active[TICKS:].any()


def test_a_focused_untargeted_plane_moves_right_after_its_target_and_sees_its_move(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The Camel (AI) focuses on the Albatros ahead of it, which focuses on no one: the
    Albatros is class 1 and moves first, the Camel class 3 right after it, and the AI plans
    the Camel's move knowing where the Albatros went."""
    scenario = duel(
        {"x_in": -12.0, "y_in": 0.0, "alt_ft": 7500},
        {"x_in": 0.0, "y_in": 0.0, "alt_ft": 7500, "heading_deg": 90, "pilot": "script",
         "script": [{"moves": "R C1:3 L 7"}]},
    )  # fmt: skip
    game = Game(scenario)
    assert isinstance(game, OtlGame)
    seen_moved: list[set[str]] = []
    real = OtlAi.choose_move

    def choose_move(self: OtlAi, game_: OtlGame, plane: Any, *args: Any) -> Any:
        if plane.id == "camel-1":
            seen_moved.append(set(game_.moved_this_round))
        return real(self, game_, plane, *args)

    monkeypatch.setattr(OtlAi, "choose_move", choose_move)
    record = game.play_turn(game.scripted_orders())
    assert [(m.id, m.label) for m in record.movers] == [
        ("albatros-1", "1 (1st)"),
        ("camel-1", "3 (2nd)"),
    ]
    assert seen_moved == [{"albatros-1"}]
    rows = rows_by_round(game.writer.timeline())
    assert rows[(1, "camel-1")]["class"] == "3 (2nd)"
    assert rows[(1, "camel-1")]["target"] == "albatros-1"


@pytest.mark.parametrize("name", SHIPPED)
def test_in_play_every_hunter_moves_after_its_target_unless_both_are_class_two(
    name: str,
) -> None:
    timeline = played(name)
    rows = rows_by_round(timeline)
    for (number, _pid), row in rows.items():
        if not row["class"].startswith("3"):
            continue
        target = rows.get((number, row["target"]))
        assert target is not None, row
        place = int(row["class"].split("(")[1].rstrip("stndrh)"))
        target_place = int(target["class"].split("(")[1].rstrip("stndrh)"))
        assert target_place < place, (row, target)


# --- game logs ------------------------------------------------------------------------------

LOG = """\
title = "Camel and Albatros: the opening rounds"
kind = "otl.log"
scenario = "otl/camel-vs-albatros"

[[round]]
number = 1
note = "The Camel rolls over to inverted on its widest template."
dice = []
[round.orders.camel-1]
moves = "R G1:2 R G1:2 R G1:2 R 5"
[round.orders.albatros-1]
moves = "10"

[[round]]
number = 2
note = "A whole round inverted: the engine check."
dice = [{{ kind = "d6", value = {inverted} }}]
[round.orders.camel-1]
moves = "{camel_round_2}"
[round.orders.albatros-1]
moves = "11"

[[round]]
number = 3
note = "Stalled: the spin roll and another inverted round."
dice = [{round_3_dice}]
[round.orders.camel-1]
moves = "L G1:1"
[round.orders.albatros-1]
moves = "11"
"""


def write_log(
    folder: Path, inverted: int = 2, camel_round_2: str = "7", round_3: tuple[int, ...] = (2, 3, 4)
) -> Path:
    """The log: round 3's dice are the two of the Enter Spin roll, then (engine running)
    the inverted engine check."""
    path = folder / "opening.toml"
    dice = ", ".join(f'{{ kind = "d6", value = {v} }}' for v in round_3)
    text = LOG.format(inverted=inverted, camel_round_2=camel_round_2, round_3_dice=dice)
    path.write_text(text, "utf-8")
    return path


def test_a_game_log_replays_with_the_tables_dice(tmp_path: Path) -> None:
    path = write_log(tmp_path)
    assert problems(path) == []
    title, timeline = replay(path, None, None)
    assert title == "Camel and Albatros: the opening rounds"
    rows = rows_by_round(timeline)
    assert rows[(1, "camel-1")]["moves"] == "R G1:2 R G1:2 R G1:2 R 5"
    assert rows[(1, "camel-1")]["bank"] == "I"
    assert rows[(2, "albatros-1")]["moves"] == "11"
    assert rounds_played(timeline) == 3
    table_dice = [e.detail.split(":")[0] for e in timeline.meta.events if e.kind == "dice"]
    assert table_dice == ["d6 2", "d6 2", "d6 3", "d6 4"]
    # Replaying again gives the same game; the log's positions are re-derived each time.
    _, again = replay(path, None, None)
    assert again.meta.turn_table == timeline.meta.turn_table


def test_the_tables_dice_decide_what_they_decide(tmp_path: Path) -> None:
    """A 6 on the inverted engine check stops the engine (§Inverted Movement), so round 3
    has no engine check to roll."""
    _, timeline = replay(write_log(tmp_path, inverted=6, round_3=(2, 3)), None, None)
    engine = timeline.channels["otl.engine"][list(timeline.entity_ids).index("camel-1")]
    assert engine[2 * TICKS] != "ON"
    assert engine[1 * TICKS] == "ON"


def test_an_illegal_move_in_a_log_is_one_line_naming_the_file_round_and_plane(
    tmp_path: Path,
) -> None:
    path = write_log(tmp_path, camel_round_2="12")
    found = problems(path)
    assert len(found) == 1, found
    assert "\n" not in found[0]
    assert found[0].startswith("Camel 1, round 2: "), found
    assert "(§" in found[0]
    with pytest.raises(ValueError) as caught:
        replay(path, None, None)
    text = str(caught.value)
    assert "\n" not in text
    assert text.startswith(f"{path}: Camel 1, round 2: "), text


def test_dice_a_log_gives_that_the_rules_never_roll_are_a_problem(tmp_path: Path) -> None:
    path = tmp_path / "extra.toml"
    extra = 'dice = [{ kind = "d6", value = 1 }]'
    path.write_text(write_log(tmp_path).read_text("utf-8").replace("dice = []", extra), "utf-8")
    found = problems(path)
    assert found and any("round" in p for p in found), found


def balloon_mission_with_a_hunter(hunter_id: str) -> OtlScenario:
    """The balloon attack's first Nieuport alone, with an Albatros 8 in behind it, on its
    tail and after it from the start."""
    raw = scenario_table("otl/balloon-attack")
    nieuport = raw["aircraft"][0]
    albatros = next(a for a in raw["aircraft"] if a.get("id") == "albatros-1")
    albatros.update(
        id=hunter_id,
        x_in=nieuport["x_in"] - 8.0,
        y_in=nieuport["y_in"],
        alt_ft=nieuport["alt_ft"],
        heading_deg=nieuport["heading_deg"],
        ai={"target": nieuport["id"]},
    )
    raw["aircraft"] = [nieuport, albatros]
    return OtlScenario.model_validate(raw)


def test_phase_1_choices_do_not_depend_on_the_planes_ids() -> None:
    """§Phase 1: all players place their markers in the Targeting Phase; nobody's choice
    depends on which plane's id sorts first.  On a balloon mission the Nieuport focuses
    only on a plane that is after it, so it must see the same thing whatever the hunting
    Albatros is called."""
    chosen = []
    for hunter_id in ("albatros-1", "zz-albatros"):
        game = Game(balloon_mission_with_a_hunter(hunter_id))
        assert isinstance(game, OtlGame)
        game.play_turn({})
        chosen.append(game.planes["nieuport-1"].target is None)
    assert chosen[0] == chosen[1]
