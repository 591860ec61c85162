"""A game plays with the play-aid tables handed to it: a player's printed tables in a folder
replace the shipped ones for that game only (``furball run --tables FOLDER``)."""

from pathlib import Path

import pytest

from engine import Game
from engine.bop.game import Game as BopGame
from models.bop_tables import load_bop_tables, shipped_bop_tables, tables_in_play
from models.scenario import load_scenario
from scenarios import find_scenario
from tests.sim.cli_helpers import run

GUNS_DUEL = find_scenario("historical/guns-duel")


def no_pips_folder(tmp_path: Path) -> Path:
    """A player's Pips Table on which every roll reads 0 pips."""
    columns = "\n".join(f'"{n}" = [99]' for n in range(1, 25))
    (tmp_path / "pips.toml").write_text(f"format_version = 1\n\n[columns]\n{columns}\n")
    return tmp_path


def hits(game: object) -> list[str]:
    timeline = game.run(3)  # type: ignore[attr-defined]
    return [e.detail for e in timeline.meta.events if e.kind == "hit"]


def test_a_game_plays_with_its_own_tables_and_leaves_the_shipped_ones_alone(
    tmp_path: Path,
) -> None:
    scenario = load_scenario(GUNS_DUEL)
    mine = load_bop_tables(no_pips_folder(tmp_path))
    shipped_hits = hits(BopGame(scenario, seed=5))
    assert any("damage points" in h and not h.endswith(": 0 damage points") for h in shipped_hits)
    own = BopGame(scenario, seed=5, tables=mine)
    assert own.tables is mine
    own_hits = hits(own)
    assert own_hits != shipped_hits
    assert tables_in_play() is shipped_bop_tables()  # nothing leaks out of the game


def test_the_registry_hands_a_folder_of_tables_to_the_game(tmp_path: Path) -> None:
    game = Game(load_scenario(GUNS_DUEL), seed=5, tables=no_pips_folder(tmp_path))
    assert isinstance(game, BopGame)
    assert game.tables.pips.read(12, 98) == 0


def test_run_takes_a_folder_of_tables_and_refuses_a_bad_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out.furball.npz"
    (tmp_path / "mine").mkdir()
    folder = no_pips_folder(tmp_path / "mine")
    code, _, err = run(capsys, f"run historical/guns-duel --tables {folder} -o {out}")
    assert code == 0, err
    (tmp_path / "bad").mkdir()
    (tmp_path / "bad" / "pip.toml").write_text("format_version = 1\n")
    code, _, err = run(capsys, f"run historical/guns-duel --tables {tmp_path / 'bad'} -o {out}")
    assert code != 0 and "pip.toml" in err and "pips.toml" in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
