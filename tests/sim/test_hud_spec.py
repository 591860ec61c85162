"""A HUD built from a rule set's declared HUD: a small non-Birds-of-Prey spec shows only its
own instruments, a derived PHAD reads its marks off the attitude, the clock speaks the
rules' words, and the layout keeps any number of panels and gauges readable."""

from __future__ import annotations

import itertools
import math
from dataclasses import replace
from typing import Any

import numpy as np
import pytest
from panda3d.core import NodePath

from engine.phad import cell_of
from models.bop_hud import BOP_HUD
from models.hud_spec import CORE_HUD, GaugeSpec, HudSpec, PanelSpec, PhadSpec, RowSpec
from models.timeline import TimelineMeta
from sim.snapshot import EntityState
from sim.view.hud import Hud, PhadPanel
from sim.view.hud.clock import ClockWords, GameClock, clock_text
from sim.view.hud.derived import derived_marks, rotate
from sim.view.hud.layout import overlap
from sim.view.hud.screen import Screen
from sim.view.hud.values import gauge_text, written
from tests.sim.test_hud import aircraft, fulcrum, selected_snapshot, snapshot

TOY_HUD = HudSpec(
    gauges=(
        GaugeSpec(key="speed", caption="SPEED pts", channel="toy.speed"),
        GaugeSpec(key="bank", caption="BANK", channel="toy.bank", format="text"),
    ),
    panels=(
        PanelSpec(
            key="guns",
            title="GUNS",
            rows=(
                RowSpec(key="ammo", caption="AMMO", channel="toy.ammo"),
                RowSpec(key="target", caption="TARGET", channel="toy.target", format="ids"),
                RowSpec(key="jams", caption="JAMS", channel="toy.jams", warn=True),
            ),
        ),
    ),
    phad=PhadSpec(source="derived"),
)
"""An open-table rule set's HUD: two gauges, no throttle, one panel, a derived PHAD."""
BOP_WORDS = {"SENSORS", "STORES & STATUS", "THROTTLE", "KEAS kt", "MACH", "FUEL FP", "INIT"}


def toy_aircraft(**values: Any) -> EntityState:
    state = aircraft(values={"toy.speed": 7.0, "toy.bank": "UE", "toy.ammo": "12"} | values)
    return replace(state, values={k: v for k, v in state.values.items() if k.startswith("toy.")})


def _parents(base: Any) -> list[NodePath]:
    return [base.aspect2d.attachNewNode(f"corner-{i}") for i in range(5)]


def texts_under(*roots: NodePath) -> set[str]:
    found: set[str] = set()
    for root in roots:
        for path in root.findAllMatches("**/+TextNode"):
            if not path.isHidden():
                found.add(path.node().getText())
    return found


def hud_texts(hud: Hud) -> set[str]:
    return texts_under(*(part.root for part in (*hud.instruments, hud.clock)))


# -- the toy HUD --------------------------------------------------------------------------


def test_a_small_hud_shows_only_its_own_instruments(clean_scene: Any) -> None:
    hud = Hud(*_parents(clean_scene), spec=TOY_HUD)
    own = toy_aircraft(**{"toy.target": ("fulcrum-1",), "toy.jams": "1"})
    hud.update(selected_snapshot(own, others=(fulcrum(1),)))
    assert hud.throttle is None and hud.sensors is None and hud.status is None
    assert [panel.key for panel in hud.panels] == ["guns"]
    assert hud.gauges.text("speed") == "7"
    assert hud.gauges.text("bank") == "UE"
    guns = hud.panels[0]
    assert (guns.text("ammo"), guns.text("target"), guns.text("jams")) == ("12", "Fulcrum 1", "1")
    assert guns.values["jams"].text_node.getTextColor()[2] < 0.5  # amber
    texts = hud_texts(hud)
    assert {"SPEED pts", "BANK", "GUNS", "AMMO", "TARGET", "JAMS", "DERIVED"} <= texts
    assert not texts & BOP_WORDS
    assert hud.phad.derived_caption_shown
    hud.destroy()


def test_the_toy_hud_renders_without_a_throttle(clean_scene: Any) -> None:
    from tests.sim.conftest import grab

    hud = Hud(
        clean_scene.aspect2d,
        clean_scene.a2dTopLeft,
        clean_scene.a2dTopRight,
        clean_scene.a2dBottomLeft,
        clean_scene.a2dBottomRight,
        spec=TOY_HUD,
    )
    hud.update(selected_snapshot(toy_aircraft()))
    assert hud.plan is not None and hud.plan.fits
    assert "throttle" not in hud.plan.boxes
    image = grab(clean_scene)
    assert image.std() > 5  # something is drawn
    assert clean_scene.a2dBottomLeft.find("**/hud-throttle").isEmpty()
    hud.destroy()


def test_a_timeline_without_a_hud_gets_the_core_gauges(clean_scene: Any) -> None:
    hud = Hud(*_parents(clean_scene))
    hud.update(selected_snapshot(aircraft()))
    assert hud.spec is CORE_HUD
    assert list(hud.gauges.values) == ["speed", "alt"]
    assert (hud.gauges.text("speed"), hud.gauges.text("alt")) == ("512", "23,460")
    assert hud.panels == () and hud.throttle is None
    hud.destroy()


def test_birds_of_preys_hud_is_as_before(clean_scene: Any) -> None:
    hud = Hud(*_parents(clean_scene), spec=BOP_HUD)
    hud.update(selected_snapshot(aircraft(weapons=("M61A1 6", "AIM-9B x2"))))
    assert [panel.key for panel in hud.panels] == ["sensors", "status"]
    assert hud.throttle is not None and hud.throttle.lit_detent == "mil"
    gauges = [hud.gauges.text(key) for key in hud.gauges.values]
    assert gauges == ["512", "402", "0.83", "27.5", "23,460", "117", "-1.5", "4.3"]
    assert hud.status is not None and hud.status.text("weapons") == "GUN 6 MSL 2"
    assert not hud.phad.derived_caption_shown
    assert BOP_WORDS - {"INIT"} <= hud_texts(hud)
    hud.destroy()


# -- values ---------------------------------------------------------------------------------


def test_values_are_written_as_declared() -> None:
    assert written(27.0, "compact", 1) == "27" and written(27.5, "compact", 1) == "27.5"
    assert written(23456.0, "thousands") == "23,460"
    assert written("a,b", "ids") == "a, b" and written(("a", "b"), "ids") == "a, b"
    assert written("M61A1 6, AIM-7E-2 x2", "weapons") == "GUN 6 MSL 2"
    assert written("pilot: loc", "crew") == "LOC"
    assert written(None, "number") == "" and written(float("nan"), "number") == ""
    gauge = GaugeSpec(key="x", caption="X", channel="toy.missing")
    assert gauge_text(aircraft(), gauge) == "—"


# -- the derived PHAD -----------------------------------------------------------------------


def about(axis: tuple[float, float, float], degrees: float) -> tuple[float, float, float, float]:
    half = math.radians(degrees) / 2
    return (math.cos(half), *(math.sin(half) * a for a in axis))  # type: ignore[return-value]


def at_rest(quat: tuple[float, float, float, float]) -> EntityState:
    return replace(aircraft(), quat_wxyz=quat, trail_ft=np.zeros((0, 3)))


def test_level_north_has_its_nose_on_the_border_cell_clockwise() -> None:
    # Heading 000 is the border of the 345+00 and 015+00 cells: cell_of takes the clockwise one.
    nose, canopy, wing, velocity, lift = derived_marks(at_rest((1.0, 0.0, 0.0, 0.0)))
    assert nose == "015+00" and velocity == nose
    assert canopy == lift == "All+90"
    assert wing == str(cell_of((1.0, 0.0, 0.0)))


def test_pitched_up_60_and_inverted() -> None:
    nose, canopy, wing, _v, lift = derived_marks(at_rest(about((1.0, 0.0, 0.0), 60.0)))
    assert rotate(about((1.0, 0.0, 0.0), 60.0), (0.0, 1.0, 0.0))[2] == pytest.approx(0.866, 1e-3)
    assert nose == "030+60"  # 60° up on 000, the border of 330 and 030: clockwise
    assert canopy == lift == "180+30"  # the canopy leans back, 30° up on 180
    assert wing == str(cell_of((1.0, 0.0, 0.0)))
    nose, canopy, wing, _v, _lift = derived_marks(at_rest(about((0.0, 1.0, 0.0), 180.0)))
    assert nose == "015+00" and canopy == "All-90"
    assert wing == str(cell_of((-1.0, 0.0, 0.0)))


def test_velocity_comes_from_where_it_has_flown() -> None:
    climbing_east = replace(
        aircraft(),
        position_ft=(1000.0, 0.0, 15_000.0),
        trail_ft=np.array([(0.0, 0.0, 14_000.0), (1000.0, 0.0, 15_000.0)]),
    )
    *_, velocity, _lift = derived_marks(climbing_east)
    assert velocity == str(cell_of((1000.0, 0.0, 1000.0)))


def test_a_derived_phad_draws_its_marks_and_says_so(clean_scene: Any) -> None:
    panel = PhadPanel(clean_scene.aspect2d, spec=PhadSpec())
    panel.set_layout((0.0, 0.0), 0.9)
    own = replace(toy_aircraft(), quat_wxyz=about((1.0, 0.0, 0.0), 60.0))
    # No tracks or spotted channel: nothing boxed, nothing faded.
    panel.update(selected_snapshot(own, others=(fulcrum(1),), bearings={"fulcrum-1": "075+00"}))
    assert panel.derived_caption_shown
    assert panel.legend_text("nose") == "NOSE 030+60"
    assert panel.marks["lift"].node.isHidden()  # Lift is the Canopy
    assert not panel.is_boxed("fulcrum-1") and not panel.is_faded("fulcrum-1")
    assert not panel.bearing_node("fulcrum-1").isHidden()


# -- the clock ------------------------------------------------------------------------------


def test_the_clock_speaks_the_rules_words(clean_scene: Any) -> None:
    at = replace(snapshot(), t_s=38.4)
    assert clock_text(at) == "TURN 7 \u2219 TICK 4/10 \u2219 38.4 s"
    assert clock_text(at, ClockWords("game-turn")) == "GAME-TURN 7 \u2219 TICK 4/10 \u2219 38.4 s"
    assert clock_text(at, ClockWords("round")).startswith("ROUND 7 \u2219 TICK 4/10")
    assert clock_text(at, ClockWords("turn", "impulse")).startswith("TURN 7 \u2219 IMPULSE 4/10")
    clock = GameClock(clean_scene.aspect2d, ClockWords("round", "impulse"))
    clock.update(at)
    assert clock.text.startswith("ROUND 7 \u2219 IMPULSE 4/10")
    clock.destroy()


# -- layout ---------------------------------------------------------------------------------

SHAPES = {
    "landscape": Screen(16 / 9, 1.0, 1080),
    "portrait": Screen(1.0, 16 / 9, 1920),
    "half monitor": Screen(1.0, 1080 / 960, 1080),
}
MANY = HudSpec(
    gauges=tuple(GaugeSpec(key=f"g{i}", caption=f"G{i}", channel=f"toy.g{i}") for i in range(11)),
    panels=tuple(
        PanelSpec(
            key=f"p{i}",
            title=f"PANEL {i}",
            rows=tuple(RowSpec(key=f"r{j}", caption=f"R{j}", channel="toy.r") for j in range(3)),
        )
        for i in range(4)
    ),
    throttle=BOP_HUD.throttle,
)


@pytest.mark.parametrize(
    "spec", [TOY_HUD, BOP_HUD, MANY, CORE_HUD], ids=["toy", "bop", "many", "core"]
)
@pytest.mark.parametrize("shape", list(SHAPES))
@pytest.mark.parametrize("prominent", [False, True], ids=["compact", "cockpit"])
def test_any_hud_is_laid_out_readably(
    clean_scene: Any, spec: HudSpec, shape: str, prominent: bool
) -> None:
    hud = Hud(*_parents(clean_scene), spec=spec, prominent=prominent)
    hud.set_screen(SHAPES[shape])
    plan = hud.plan
    assert plan is not None and plan.fits, (shape, plan)
    boxes = {name: box for name, box in plan.boxes.items()}
    for (a, box_a), (b, box_b) in itertools.combinations(boxes.items(), 2):
        assert not overlap(box_a, box_b), (a, b)
    assert {panel.key for panel in hud.panels} <= set(boxes)
    hud.destroy()


def test_the_clock_takes_a_rule_sets_short_word_for_a_turn_when_it_declares_one() -> None:
    """Birds of Prey's game-turn is TURN on the clock, where the narrow windows have no room
    to spare; a rule set without a short word gets its own (ROUND)."""
    from models.bop_channels import BOP_TIME

    assert BOP_TIME.turn_word == "game-turn" and BOP_TIME.clock_turn_word == "turn"
    meta = TimelineMeta(rules="x", seed=1, scenario="x", tick_s=1.0, entities=())
    assert ClockWords.of(meta.model_copy(update={"clock_turn_word": "turn"})).turn == "turn"
    assert ClockWords.of(meta.model_copy(update={"turn_word": "round"})).turn == "round"
