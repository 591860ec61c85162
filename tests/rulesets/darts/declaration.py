"""Darts as a registered rule set (declared as data, its code named by ``module:name``)."""

from __future__ import annotations

from pathlib import Path

from engine.rulesets import Ruleset
from models.hud_spec import GaugeSpec, HudSpec, PanelSpec, PhadSpec, RowSpec
from models.ruleset_spec import ChannelSpec, MapScale, TimeScale

HERE = Path(__file__).resolve().parent

DARTS = Ruleset(
    name="darts",
    title="Darts",
    time=TimeScale(tick_s=1.0, ticks_per_turn=4, turn_word="round", substep_word="step"),
    map=MapScale(
        grid="table", table_unit_ft=50.0, table_unit_name="inch", grid_units=6, mini_scale=3.0
    ),
    channels={
        "darts.speed_in": ChannelSpec(
            meaning="speed, inches flown per round", unit="in", interp="nearest", gauge="inches"
        ),
        "darts.gusts": ChannelSpec(
            meaning="gusts suffered so far", interp="nearest", gauge="gusts"
        ),
    },
    hud=HudSpec(
        gauges=(
            GaugeSpec(key="speed", caption="SPEED kt", channel="speed_kt"),
            GaugeSpec(key="inches", caption="INCHES", channel="darts.speed_in"),
        ),
        panels=(
            PanelSpec(
                key="luck",
                title="LUCK",
                rows=(RowSpec(key="gusts", caption="GUSTS", channel="darts.gusts"),),
            ),
        ),
        phad=PhadSpec(source="derived"),
    ),
    dice=("d6",),
    scenario_model="tests.rulesets.darts.scenario:DartsScenario",
    orders_model="tests.rulesets.darts.scenario:DartsOrder",
    make_game="tests.rulesets.darts.game:DartsGame",
    validate="tests.rulesets.darts.game:problems",
    golden="tests.rulesets.darts.game:playthrough",
    schema_file=HERE / "scenario.schema.json",
    summary_columns=("round", "dart", "x_in", "y_in", "speed_in"),
)
"""Darts: 4 s rounds of four 1 s steps, on a table of 50 ft inches, altitude in feet."""

SCENARIOS = HERE / "scenarios"
GOLDEN = HERE / "golden"
