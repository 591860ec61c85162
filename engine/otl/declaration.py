"""Over the Lines as a registered rule set: what it declares, as data (DESIGN §6).

Importing this module loads no rules; the scenario model, game, checks, log replay and
golden writer are named by ``module:name`` and imported when first used.
"""

from __future__ import annotations

from engine.rulesets import Ruleset
from models.hud_spec import (
    GaugeSpec,
    HudSpec,
    PanelSpec,
    PhadSpec,
    RowSpec,
    ThrottleDetent,
    ThrottleSpec,
)
from models.ruleset_spec import ChannelSpec, MapScale, TimeScale
from models.scenario_common import SCHEMA_DIR

OTL_TIME = TimeScale(tick_s=0.34, ticks_per_turn=10, turn_word="round", substep_word="tick")
"""3.4 s rounds (§Game Scale), sampled ten times a round."""
OTL_SCALE = MapScale(
    grid="table",
    table_unit_ft=50.0,
    table_unit_name="inch",
    grid_units=6,
    mini_scale=5.0,
    flight_stands=True,
)
"""An open table of 50 ft inches with a 6-inch grid, altitude in feet (§Game Scale); the
minis stand on flight stands.  A 1/300 miniature on the table is about twice life size at
50 ft to the inch; the replay draws them five times life size so they read on a screen."""


def _channel(meaning: str, unit: str = "", gauge: str = "", interp: str = "nearest") -> ChannelSpec:
    return ChannelSpec(meaning=meaning, unit=unit, gauge=gauge, interp=interp)  # type: ignore[arg-type]


OTL_CHANNELS: dict[str, ChannelSpec] = {
    "otl.bank": _channel("bank: UE, UR, PR, IR, I, IL, PL, UL", gauge="bank"),
    "otl.pitch": _channel("pitch: VD, D, L, C, VC", gauge="pitch"),
    "otl.speed": _channel("speed this round, in speed points of 10 mph", "points", "speed"),
    "otl.speed_next": _channel("next round's speed so far, in speed points", "points", "next"),
    "otl.power": _channel("power applied this round (−1 braking)", "points", "power"),
    "otl.power_avail": _channel(
        "power the chart gives at this altitude and speed", "points", "avail"
    ),
    "otl.engine": _channel("engine: ON, OFF, DEAD, RESTART", gauge="engine"),
    "otl.engine_off": _channel("1 while the engine is not running", gauge=""),
    "otl.condition": _channel(
        "flight: ok, STALL, SPIN, BROKEN, OVERSPEED, overdive", gauge="condition"
    ),
    "otl.target": _channel("the enemy this plane focuses on", gauge="target", interp="ids"),
    "otl.targeted_by": _channel("the enemies focused on this plane", gauge="by", interp="ids"),
    "otl.move_class": _channel("movement class this round, 1–4, and its place", gauge="class"),
    "otl.guns": _channel("each gun: ammo boxes left, jams (J jammed, X stuck)", gauge="guns"),
    "otl.wing": _channel("wing damage against Wing Strength", gauge="wing"),
    "otl.fuselage": _channel("fuselage damage against Fuselage Strength", gauge="fuselage"),
    "otl.crits": _channel("critical hits in effect", gauge="crits"),
    "otl.crew": _channel("pilot and observer: wounds, blackout", gauge="crew"),
}
"""Over the Lines' per-tick channels beyond the core (all held for the whole round but the
path's)."""

OTL_HUD = HudSpec(
    gauges=(
        GaugeSpec(key="speed", caption="SPEED", channel="otl.speed"),
        GaugeSpec(key="next", caption="NEXT", channel="otl.speed_next"),
        GaugeSpec(key="power", caption="POWER", channel="otl.power"),
        GaugeSpec(key="avail", caption="AVAIL", channel="otl.power_avail"),
        GaugeSpec(key="alt", caption="ALT ft", channel="z_ft", format="thousands"),
    ),
    throttle=ThrottleSpec(
        detents=(
            ThrottleDetent(key="brake", text="BRAKE", fraction=0.0),
            ThrottleDetent(key="closed", text="CLOSED", fraction=0.15),
            ThrottleDetent(key="full", text="FULL", fraction=1.0),
        ),
        lamp_channel="otl.engine_off",
        lamp_caption="ENGINE",
        title="POWER",
    ),
    panels=(
        PanelSpec(
            key="flight",
            title="FLIGHT",
            rows=(
                RowSpec(key="bank", caption="BANK", channel="otl.bank"),
                RowSpec(key="pitch", caption="PITCH", channel="otl.pitch"),
                RowSpec(key="engine", caption="ENGINE", channel="otl.engine"),
                RowSpec(key="condition", caption="STATE", channel="otl.condition", warn=True),
            ),
        ),
        PanelSpec(
            key="guns",
            title="GUNS",
            rows=(RowSpec(key="guns", caption="AMMO", channel="otl.guns", chars=22),),
        ),
        PanelSpec(
            key="damage",
            title="DAMAGE & CREW",
            rows=(
                RowSpec(key="wing", caption="WING", channel="otl.wing"),
                RowSpec(key="fuselage", caption="FUSE", channel="otl.fuselage"),
                RowSpec(key="crits", caption="CRITS", channel="otl.crits", warn=True, chars=22),
                RowSpec(key="crew", caption="CREW", channel="otl.crew", warn=True),
            ),
        ),
        PanelSpec(
            key="targeting",
            title="TARGETING",
            rows=(
                RowSpec(key="target", caption="TARGET", channel="otl.target", format="ids"),
                RowSpec(key="by", caption="BY", channel="otl.targeted_by", format="ids"),
                RowSpec(key="class", caption="MOVES", channel="otl.move_class"),
            ),
        ),
    ),
    phad=PhadSpec(source="derived", spotted_channel=""),
)
"""The cockpit HUD: speed now and next, power applied and available, altitude; bank,
pitch, engine, guns, damage, crew and targeting; a PHAD derived from the attitude (the rules
have none)."""

OVER_THE_LINES = Ruleset(
    name="otl",
    title="Over the Lines",
    time=OTL_TIME,
    map=OTL_SCALE,
    channels=OTL_CHANNELS,
    hud=OTL_HUD,
    dice=("d6", "percentile", "chit"),
    scenario_model="models.otl.scenario:OtlScenario",
    orders_model="models.otl.orders:OtlRound",
    make_game="engine.otl.game:OtlGame",
    validate="engine.otl.setup:scenario_problems",
    golden="engine.otl.golden:playthrough",
    replay_log="engine.otl.log_files:replay",
    log_problems="engine.otl.log_files:problems",
    read_log="engine.otl.log_files:summary",
    log_kind="otl.log",
    schema_file=SCHEMA_DIR / "otl-scenario.schema.json",
    summary_columns=(
        "round",
        "plane",
        "x_in",
        "y_in",
        "alt_ft",
        "heading",
        "bank",
        "pitch",
        "speed",
        "next",
        "moves",
    ),
    quiet_events=frozenset({"otl.order"}),
)
"""Over the Lines: 3.4 s rounds of ten 0.34 s ticks, a table of 50 ft inches, feet aloft."""
