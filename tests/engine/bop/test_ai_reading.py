"""How the AI pilot reads a bandit's motion from what it sees (engine/bop/ai/contacts.py,
reading.py) and how hard it lets itself pull (g_risk.py)."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from engine.bop.ai.candidates import tails_for
from engine.bop.ai.contacts import FIRST_BANK_FACTORS, Contact, Sighting, contact_from, guesses
from engine.bop.ai.g_risk import TOLERABLE_LOC_CHANCE, loc_chance, tolerable_load_g
from engine.bop.ai.params import AiState
from engine.bop.ai.pilot import in_a_crowd
from engine.bop.ai.reading import known_contacts
from engine.bop.game import Game
from models.scenario import load_scenario

BFM = Path(__file__).parents[3] / "scenarios" / "bfm"
RIGHT_TURN_AXIS = (0.0, 0.0, -1.0)
"""Right-handed about the downward vertical: north turns to east (a right turn)."""


def _perch(name: str = "perch-3000") -> Game:
    return Game(load_scenario(BFM / f"{name}.toml"), 1)


def _heading_deg(velocity: tuple[float, float, float]) -> float:
    return math.degrees(math.atan2(velocity[0], velocity[1])) % 360.0


def test_a_bandit_seen_once_banked_is_expected_to_turn_toward_its_canopy() -> None:
    """perch-3000: the bandit flies 015 with its Canopy toward 105 (90° of right bank).  Seen
    for the first time, no earlier sighting shows a turn, but the bank does: every guess turns
    right about the vertical, at half and at the whole of its sustained rate."""
    game = _perch()
    contacts, _ = known_contacts(game, game.aircraft["viper-1"], AiState())
    (bandit,) = contacts
    assert bandit.first_sighting and bandit.seen.bank_rate_dps > 0.0
    tried = guesses(bandit)
    for guess in tried:
        assert guess.axis == pytest.approx(RIGHT_TURN_AXIS, abs=1e-9)
    rates = [g.rate_dps for g in tried]
    assert rates == pytest.approx([f * bandit.seen.bank_rate_dps for f in FIRST_BANK_FACTORS])
    _, velocity = tried[len(tried) // 2].predict(6.0)
    turned = _heading_deg(velocity) - 15.0
    assert turned == pytest.approx(6.0 * bandit.seen.bank_rate_dps, abs=0.5)


def test_a_bandit_seen_once_wings_level_is_expected_to_fly_straight() -> None:
    seen = Sighting(0, (0.0, 0.0, 15_000.0), (0.0, 900.0, 0.0))
    state = _perch().aircraft["bandit-1"]
    contact = contact_from(state, seen, None, True)
    assert contact.first_sighting
    assert [g.rate_dps for g in guesses(contact)] == [0.0]


def test_a_second_sighting_reads_the_turn_from_the_velocity_and_not_the_bank() -> None:
    """North, then 060 a game-turn later: 60° in 6 s is 10°/s to the right, and the guesses
    bracket that rate (0.6, 1 and 1.4 times) whatever the bank now shows."""
    before = Sighting(0, (0.0, 0.0, 15_000.0), (0.0, 900.0, 0.0))
    heading = math.radians(60.0)
    now = Sighting(
        1,
        (3_000.0, 3_000.0, 15_000.0),
        (900.0 * math.sin(heading), 900.0 * math.cos(heading), 0.0),
        bank_axis=(0.0, 0.0, 1.0),
        bank_rate_dps=12.0,
    )
    contact: Contact = contact_from(_perch().aircraft["bandit-1"], now, before, True)
    assert not contact.first_sighting
    assert contact.rate_dps == pytest.approx(10.0)
    assert contact.axis == pytest.approx(RIGHT_TURN_AXIS, abs=1e-9)
    assert [g.rate_dps for g in guesses(contact)] == pytest.approx([6.0, 10.0, 14.0])


def test_the_pilot_pulls_no_harder_than_his_tolerance_allows() -> None:
    """The hardest tolerable pull knocks the pilot out at most ``TOLERABLE_LOC_CHANCE`` of
    the time, half a G more would do so more often, and the chance only grows with load."""
    state = _perch().aircraft["viper-1"]
    tolerable = tolerable_load_g(state, 9.0)
    assert 5.0 <= tolerable < 9.0
    assert loc_chance(state, tolerable) <= TOLERABLE_LOC_CHANCE
    assert loc_chance(state, tolerable + 0.5) > TOLERABLE_LOC_CHANCE
    chances = [loc_chance(state, load) for load in (3.0, 5.0, 7.0, 9.0)]
    assert chances == sorted(chances) and chances[0] == 0.0
    assert tolerable_load_g(state, 4.0) == 4.0


def test_a_pilot_below_the_aircraft_limit_also_tries_his_own_hardest_pull() -> None:
    goal = (0.0, 1.0, 0.0)
    assert len(tails_for(goal, 9.0, tolerable_g=8.0)) == len(tails_for(goal, 9.0)) + 1
    assert len(tails_for(goal, 9.0, tolerable_g=9.0)) == len(tails_for(goal, 9.0))


def test_only_a_one_against_one_is_not_a_crowd() -> None:
    """A perch is one against one; in the modern furball each pilot flies with friends."""
    perch = _perch()
    viper = perch.aircraft["viper-1"]
    contacts, sightings = known_contacts(perch, viper, AiState())
    assert not in_a_crowd(perch, viper, contacts[0], AiState(sightings=sightings))
    furball = Game(load_scenario(BFM.parent / "historical" / "modern-furball.toml"), 1)
    eagle = furball.aircraft["eagle-1"]
    contacts, sightings = known_contacts(furball, eagle, AiState())
    if contacts:
        assert in_a_crowd(furball, eagle, contacts[0], AiState(sightings=sightings))
