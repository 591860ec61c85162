"""The AI pilot's reading of known AAA (Intruders I-p.2): the expected hits along a
maneuver, inside a gun's reach and band only, and the guns a pilot knows of."""

from __future__ import annotations

import pytest

from engine.hexmap import Hex
from engine.phantoms.ai_maneuver import Flak, flak_exposure
from engine.phantoms.forecast import Forecast
from engine.phantoms.game import PhantomsGame
from models.phantoms.scenario import PhantomsScenario

BOFORS = Flak(
    hex=Hex(0, 0), range_hexes=3, lowest_level=0, highest_level=3, optimum_level=1, flak=4
)


def flown(level: int, *hexes: tuple[int, int]) -> Forecast:
    path = tuple(Hex(q, r) for q, r in hexes)
    return Forecast(path[-1], 0, level, 4, len(path), path)


def test_each_hex_in_reach_counts_the_chance_of_a_hit() -> None:
    # flak 4 at its optimum against defence 3: d10 + 4 beats d10 + 3 in 55 of 100 rolls.
    assert flak_exposure(flown(1, (0, 1), (0, 2)), [BOFORS], 3) == pytest.approx(1.10)
    # a level off the optimum costs the gun 2.
    assert flak_exposure(flown(2, (0, 1)), [BOFORS], 3) == pytest.approx(0.36)


def test_out_of_reach_or_above_the_band_is_safe() -> None:
    assert flak_exposure(flown(4, (0, 1)), [BOFORS], 3) == 0.0
    assert flak_exposure(flown(1, (0, 4)), [BOFORS], 3) == 0.0
    # level 0 is engaged only within 1 hex, level 1 within 2 (I-p.2 rule 6)
    assert flak_exposure(flown(0, (0, 2)), [BOFORS], 3) == 0.0
    assert flak_exposure(flown(1, (0, 3)), [BOFORS], 3) == 0.0


def test_a_pilot_knows_the_guns_that_are_not_hidden() -> None:
    raw: dict[str, object] = {
        "name": "flak", "rules": "phantoms", "year": 1956, "turns": 2, "seed": 1,
        "aircraft": [
            {"callsign": "Venom 1", "type": "venom-fb4", "side": "raf", "hex": "-6,0",
             "facing": 1, "level": 2, "speed": 4},
        ],
        "ground": [
            {"id": "seen", "kind": "aaa", "type": "bofors-40", "hex": "0,0", "side": "eaf"},
            {"id": "unseen", "kind": "aaa", "type": "bofors-40", "hex": "0,2", "side": "eaf",
             "hidden": True},
        ],
    }  # fmt: skip
    game = PhantomsGame(PhantomsScenario.model_validate(raw))
    known = game.known_flak(game.planes["venom-1"])
    assert [gun.hex for gun in known] == [Hex(0, 0)]
    assert known[0].flak == 4 and known[0].highest_level == 3
