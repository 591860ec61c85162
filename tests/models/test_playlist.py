"""Demo playlists (models/playlist.py): the shipped loop is sound, bad files name the field."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.rulesets import load_scenario, ruleset
from models.files import DataFileError
from models.playlist import Vignette, load_playlist
from scenarios import find_scenario, shipped, shipped_playlists

GOLDEN = Path(__file__).parents[1] / "golden"
KEY_EVENTS = (
    "launch", "gunshot", "hit", "kill", "pilot", "miss",
    "otl.fire", "otl.balloon", "otl.broken", "otl.destroyed",
)  # fmt: skip


def _playlists() -> list[Path]:
    return [Path(str(f)) for f in shipped_playlists()]


def test_a_playlist_ships_and_is_not_taken_for_a_scenario() -> None:
    assert _playlists(), "no shipped playlist"
    assert not any(f.name.endswith(".playlist.toml") for f in shipped())


@pytest.mark.parametrize("path", _playlists(), ids=lambda p: p.name)
def test_every_vignette_shows_a_real_scenario_and_a_real_key_moment(path: Path) -> None:
    """Each scenario resolves, the fight fits its length, the camera follows one of its
    aircraft, and the replayed key moment holds a shot, hit, kill or pilot decision in the
    scenario's golden playthrough."""
    for vignette in load_playlist(path).vignettes:
        scenario_path = find_scenario(vignette.scenario)
        scenario = load_scenario(scenario_path)
        assert vignette.to_s <= scenario.turns * ruleset(scenario.rules).time.turn_s, (
            vignette.scenario
        )
        ids = {a.entity_id for a in scenario.aircraft}
        assert vignette.select is None or vignette.select in ids, (vignette.select, ids)
        golden = GOLDEN / f"{vignette.scenario.replace('/', '__')}.txt"
        times = [
            float(m.group(1))
            for m in re.finditer(r"^event ([0-9.]+) ([\w.]+)", golden.read_text(), re.M)
            if m.group(2) in KEY_EVENTS
        ]
        assert any(vignette.replay_from_s <= t <= vignette.replay_to_s for t in times), (
            f"{vignette.scenario}: nothing happens in {vignette.replay_from_s}-"
            f"{vignette.replay_to_s} s"
        )


def test_a_vignette_lasts_one_to_two_minutes() -> None:
    """Title 6 s + fight 40 s + key moment 10 s at half speed (20 s) = 66 s."""
    vignette = Vignette(
        scenario="x", title="t", briefing="b", to_s=40, replay_from_s=10, replay_to_s=20
    )
    assert vignette.duration_s == 66.0
    with pytest.raises(ValueError, match="lasts 26 s"):
        Vignette(scenario="x", title="t", briefing="b", to_s=10, replay_from_s=0, replay_to_s=5)


def test_a_bad_playlist_names_the_file_and_the_field(tmp_path: Path) -> None:
    bad = tmp_path / "bad.playlist.toml"
    bad.write_text(
        'title = "x"\n[[vignettes]]\nscenario = "bfm/loop"\ntitle = "t"\nbriefing = "b"\n'
        'to_s = 30\nreplay_from_s = 40\nreplay_to_s = 50\ncamera = "blimp"\n',
        encoding="utf-8",
    )
    with pytest.raises(DataFileError) as caught:
        load_playlist(bad)
    text = str(caught.value)
    assert "bad.playlist.toml" in text and "vignettes" in text and "camera" in text
