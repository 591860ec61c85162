"""The attacker asks the gun rules (engine/bop/ai/gun_setup.py), reads every contact at one
moment (contacts.py, reading.py) and stays in the bandit's turn plane (scoring.py)."""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path

from engine.bop.ai import gun_setup
from engine.bop.ai.candidates import own_end
from engine.bop.ai.contacts import contact_from, sighting_of
from engine.bop.ai.reading import angles_deg, threatens
from engine.bop.ai.scoring import Bandit, off_plane_ft
from engine.bop.game import Game
from engine.bop.maneuvers.search import try_plot
from models.orders import BopPlot, StraightSegment, TurnSegment
from models.scenario import load_scenario

BFM = Path(__file__).parents[3] / "scenarios" / "bfm"


def _game(name: str, seed: int = 1) -> Game:
    return Game(load_scenario(BFM / f"{name}.toml"), seed)


def _gunshot_turns(name: str, seeds: range) -> list[int | None]:
    """The game-turn of each run's first Pipper On roll (None: no gunshot)."""
    turns: list[int | None] = []
    for seed in seeds:
        events = Game(load_scenario(BFM / f"{name}.toml"), seed).run().meta.events
        shots = [e.t_s for e in events if e.kind == "gunshot" or "pipper" in e.detail]
        turns.append(math.ceil(shots[0] / 6.0) if shots else None)
    return turns


def test_previewing_the_games_own_state_is_the_ordinary_preview() -> None:
    game = _game("perch-6000")
    plot = BopPlot(
        throttle="mil",
        segments=[
            StraightSegment(ticks=2, roll_cells=1),
            TurnSegment(ticks=8, load_g=5.0, cells=1),
        ],
    )
    state = game.aircraft["viper-1"]
    assert game.preview_state(state, plot, game.turn + 1) == game.preview("viper-1", plot)


def test_an_imagined_aircraft_flies_on_from_where_the_plot_left_it() -> None:
    """Two straight game-turns previewed one after the other end where the game, playing
    them, puts the aircraft."""
    game = _game("perch-6000")
    me = game.aircraft["viper-1"]
    straight = BopPlot(throttle="mil", segments=[StraightSegment(ticks=10)])
    first = try_plot(game, "viper-1", straight)
    assert first is not None
    speed_kt = own_end(game, me, first, "mil", False, me.attitude.velocity.unit_vector()).speed_kt
    ghost = gun_setup.imagined(me, first, speed_kt)
    _, end_hex, end_alt_steps = game.preview_state(ghost, straight, game.turn + 2)
    orders = {entity: straight for entity in game.aircraft}
    game.play_turn(orders)
    assert game.aircraft["viper-1"].speed_kt == speed_kt
    game.play_turn(orders)
    after = game.aircraft["viper-1"]
    assert (end_hex, end_alt_steps) == (after.hex, after.alt_steps)


def test_the_shot_check_opens_the_shot_gun_combat_opened() -> None:
    """perch-3000, seed 1: the attacker's burst in the first game-turn. Fed the placements
    before and after that move, the check says a shot was open; fed the start placements as
    the end ones too (the bandit off the Nose), it says none was."""
    game = _game("perch-3000")
    viper, bandit = game.aircraft["viper-1"], game.aircraft["bandit-1"]
    before = viper.placement(), bandit.placement()
    result = game.play_turn()
    assert any(e.kind in ("gunshot", "miss") for e in result.events)
    after = game.aircraft["viper-1"].placement(), game.aircraft["bandit-1"].placement()
    assert gun_setup.shot_open(before[0], before[1], after[0], after[1], gun_range_fp=7)
    assert not gun_setup.shot_open(before[0], before[1], after[0], after[1], gun_range_fp=0)


def test_a_contact_seen_after_it_moved_is_read_where_it_started_the_game_turn() -> None:
    """Seen at the end of a move made earlier in the order of flight, the bandit is taken
    back a game-turn along its path for angles and posture: flying straight, 6 s of its
    Velocity; one seen at the start of the game-turn is left alone."""
    game = _game("perch-6000")
    state = game.aircraft["bandit-1"]
    moved = contact_from(state, sighting_of(state, game.turn + 1), None, True, moved=True)
    moved = replace(moved, rate_dps=0.0)
    back = moved.at_turn_start(game.turn)
    assert back.seen.turn == game.turn
    for axis in range(3):
        expected = moved.position_ft[axis] - 6.0 * moved.velocity_ft_s[axis]
        assert math.isclose(back.position_ft[axis], expected, abs_tol=1e-6)
    still = contact_from(state, sighting_of(state, game.turn), None, True)
    assert still.at_turn_start(game.turn) is still


def test_an_enemy_at_ones_six_pulling_its_nose_round_is_a_threat() -> None:
    """defensive-perch: the attacker sits at the defender's six. Pointing 100° off the
    defender it is still a threat (it is pulling its Nose on); in front of the defender and
    pointing away, it is not."""
    game = _game("defensive-perch")
    me, attacker = game.aircraft["bandit-1"], game.aircraft["viper-1"]
    contact = contact_from(attacker, sighting_of(attacker, game.turn), None, True)
    assert threatens(me, contact)
    speed_ft_s = math.dist((0, 0, 0), contact.velocity_ft_s)
    mine = angles_deg(me, contact)[0]
    assert mine > 120.0
    # the attacker's Velocity turned until it points 100° off the defender, level
    los = [m - c for m, c in zip(me.position_ft(), contact.position_ft, strict=True)]
    bearing = math.atan2(los[0], los[1])
    for turned_deg, expected in ((100.0, True), (150.0, False)):
        heading = bearing + math.radians(turned_deg)
        velocity = (speed_ft_s * math.sin(heading), speed_ft_s * math.cos(heading), 0.0)
        turned = replace(contact, seen=replace(contact.seen, velocity_ft_s=velocity))
        assert round(angles_deg(me, turned)[1]) == round(turned_deg)
        assert threatens(me, turned) is expected


def test_the_attacker_is_judged_by_how_far_it_is_out_of_the_bandits_turn_plane() -> None:
    turning = Bandit((0.0, 0.0, 15_000.0), (900.0, 0.0, 0.0), (4_000.0, 3_000.0, 15_000.0))
    assert math.isclose(off_plane_ft((1_000.0, -3_000.0, 16_400.0), turning), 1_400.0)
    assert math.isclose(off_plane_ft((1_000.0, -3_000.0, 15_000.0), turning), 0.0)
    straight = Bandit((0.0, 0.0, 15_000.0), (900.0, 0.0, 0.0), (5_400.0, 0.0, 15_000.0))
    assert off_plane_ft((1_000.0, -3_000.0, 16_400.0), straight) == 0.0


def test_from_the_9000_ft_perch_the_attacker_shoots_in_the_third_game_turn() -> None:
    """It burns in, eases off inside the bandit's circle and pulls for the shot the rules
    open in game-turn 3 (in 20 of seeds 1-20; three checked here)."""
    assert _gunshot_turns("perch-9000", range(1, 4)) == [3, 3, 3]


def test_the_ai_defender_is_not_hit_from_the_defensive_perch() -> None:
    """Sixteen game-turns against the AI attacker, seeds 1-4 (0 of 20 hit in the
    benchmark)."""
    setup = load_scenario(BFM / "defensive-perch.toml").model_copy(update={"turns": 16})
    for seed in range(1, 5):
        events = Game(setup, seed).run().meta.events
        assert not [e.detail for e in events if e.kind == "hit" and "Bandit 1" in e.detail]
