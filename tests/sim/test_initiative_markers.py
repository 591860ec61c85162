"""Initiative counters beside the map, in the order the aircraft move (hex jet game §5.2)."""

from __future__ import annotations

from pathlib import Path

from panda3d.core import NodePath

from engine.hexjet.game import HexjetGame
from engine.rulesets import load_scenario
from scenarios import find_scenario
from sim.playback import Playback
from sim.view.initiative_markers import InitiativeMarkers, short_callsign


def test_counters_carry_a_short_callsign() -> None:
    assert short_callsign("Flanker 2") == "Flan 2"
    assert short_callsign("Eagle") == "Eagl"


def test_counters_lie_west_to_east_in_precedence_order() -> None:
    timeline = HexjetGame(load_scenario(Path(str(find_scenario("hexjet/pairs"))))).run(turns=2)
    markers = InitiativeMarkers(NodePath("scene"), timeline)
    snapshot = Playback(timeline).snapshot_at(15.0)
    markers.update(snapshot)
    places = {s.id: int(s.values["hexjet.place"]) for s in snapshot.entities}
    by_x = sorted(markers.counters, key=lambda pid: markers.counters[pid][0].getX())
    assert by_x == sorted(places, key=lambda pid: places[pid])
    first_text = markers.counters[by_x[0]][1].getText()
    assert first_text.startswith("1\n")


def test_a_timeline_without_an_initiative_channel_lays_none() -> None:
    timeline = HexjetGame(load_scenario(Path(str(find_scenario("hexjet/duel"))))).run(turns=1)
    scale = timeline.meta.scale
    assert scale is not None
    plain = timeline.meta.model_copy(
        update={"scale": scale.model_copy(update={"initiative_channel": ""})}
    )
    markers = InitiativeMarkers(
        NodePath("scene"), type(timeline)(plain, timeline.t_s, timeline.channels)
    )
    markers.update(Playback(timeline).snapshot_at(5.0))
    assert markers.counters == {}
