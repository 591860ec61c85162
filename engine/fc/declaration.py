"""Fighter Command as a registered rule set: what it declares, as data (DESIGN §6).

Importing this module loads no rules; the scenario model, game, checks, log replay and
golden writer are named by ``module:name`` and imported when first used.
"""

from __future__ import annotations

from engine.rulesets import Ruleset
from models.fc.common import BAND_WORLD_FT, TICK_S, TICKS_PER_TURN, WORLD_FT_PER_LAWN_FT
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

FC_TIME = TimeScale(
    tick_s=TICK_S, ticks_per_turn=TICKS_PER_TURN, turn_word="turn", substep_word="tick"
)
"""1.25 s turns (docs/rulings.md "A turn is 1.25 s"), sampled ten times a turn."""
FC_SCALE = MapScale(
    grid="table",
    table_unit_ft=WORLD_FT_PER_LAWN_FT,
    table_unit_name="lawn ft",
    grid_units=3,
    alt_unit_ft=BAND_WORLD_FT,
    alt_unit_name="band",
    mini_scale=6.0,
    surface="grass",
    flight_stands=True,
    stand_wire=True,
)
"""A lawn at 1/72, 72 ft to the lawn foot, ruled every yardstick (3 ft); height in 72 ft
bands.  The 1/72 models are life size at the lawn's scale; the replay draws them six times
life size so a fight across a 60 ft lawn reads on a screen.  They stand on bent wires."""


def _channel(meaning: str, unit: str = "", gauge: str = "", interp: str = "nearest") -> ChannelSpec:
    return ChannelSpec(meaning=meaning, unit=unit, gauge=gauge, interp=interp)  # type: ignore[arg-type]


FC_CHANNELS: dict[str, ChannelSpec] = {
    "fc.box": _channel("the box pinned for this turn, in the plot notation", gauge="box"),
    "fc.last_box": _channel("last turn's pin: what an attacker sees before it moves", gauge="last"),
    "fc.band": _channel("altitude band (72 ft each, 0 the ground)", "bands", "band"),
    "fc.speed": _channel("speed this turn, in yardsticks", "yardsticks", "speed"),
    "fc.control": _channel(
        "ok, OUT OF CONTROL, BLACKOUT n, STALL, OVERDIVE +n, FALLING, HOME, LOST", gauge="control"
    ),
    "fc.control_lamp": _channel("1 while the pilot does not have his aircraft in hand"),
    "fc.damage": _channel("damage by section against its hits", gauge="damage"),
    "fc.guns": _channel("each gun set: bursts left, J jammed, X destroyed", gauge="guns"),
    "fc.skill": _channel(
        "the pilot's classification, his skill test number and kills", gauge="skill"
    ),
    "fc.hits": _channel("damage skill tests taken, of three, and the sections", gauge="hits"),
    "fc.role": _channel(
        "place in the flight: Flight Leader, Wingman, section leader", gauge="role"
    ),
}
"""Fighter Command's per-tick channels beyond the core (held for the whole turn)."""

FC_HUD = HudSpec(
    gauges=(
        GaugeSpec(key="speed", caption="SPEED yd", channel="fc.speed"),
        GaugeSpec(key="band", caption="BAND", channel="fc.band"),
        GaugeSpec(key="alt", caption="ALT ft", channel="z_ft", format="thousands"),
        GaugeSpec(key="tas", caption="TAS kt", channel="speed_kt"),
    ),
    throttle=ThrottleSpec(
        detents=(
            ThrottleDetent(key="s1", text="1", fraction=0.2),
            ThrottleDetent(key="s2", text="2", fraction=0.4),
            ThrottleDetent(key="s3", text="3", fraction=0.6),
            ThrottleDetent(key="s4", text="4", fraction=0.8),
            ThrottleDetent(key="s5", text="5", fraction=1.0),
        ),
        lamp_channel="fc.control_lamp",
        lamp_caption="CONTROL",
        title="SPEED PIN",
        output_caption="YD",
    ),
    panels=(
        PanelSpec(
            key="sheet",
            title="CONTROL SHEET",
            rows=(
                RowSpec(key="box", caption="PIN", channel="fc.box", chars=18),
                RowSpec(key="last", caption="LAST", channel="fc.last_box", chars=18),
                RowSpec(key="control", caption="STATE", channel="fc.control", warn=True),
            ),
        ),
        PanelSpec(
            key="damage",
            title="DAMAGE",
            rows=(
                RowSpec(key="damage", caption="HITS", channel="fc.damage", chars=24),
                RowSpec(key="tests", caption="TESTS", channel="fc.hits", warn=True, chars=18),
            ),
        ),
        PanelSpec(
            key="guns",
            title="GUNS",
            rows=(RowSpec(key="guns", caption="AMMO", channel="fc.guns", chars=24),),
        ),
        PanelSpec(
            key="pilot",
            title="PILOT",
            rows=(
                RowSpec(key="skill", caption="SKILL", channel="fc.skill", chars=18),
                RowSpec(key="role", caption="ROLE", channel="fc.role", chars=18),
            ),
        ),
    ),
    phad=PhadSpec(source="derived", spotted_channel=""),
)
"""The cockpit HUD: the speed pin and band, this turn's and last turn's box, control,
damage by section, ammo, skill and role; a PHAD derived from the attitude (the rules have
none)."""

FIGHTER_COMMAND = Ruleset(
    name="fc",
    title="Fighter Command",
    time=FC_TIME,
    map=FC_SCALE,
    channels=FC_CHANNELS,
    hud=FC_HUD,
    dice=("d6",),
    scenario_model="models.fc.scenario:FcScenario",
    orders_model="models.fc.orders:FcPlot",
    make_game="engine.fc.game:FcGame",
    validate="engine.fc.setup:scenario_problems",
    golden="engine.fc.golden:playthrough",
    replay_log="engine.fc.log_files:replay",
    log_problems="engine.fc.log_files:problems",
    read_log="engine.fc.log_files:summary",
    log_kind="fc.log",
    schema_file=SCHEMA_DIR / "fc-scenario.schema.json",
    summary_columns=(
        "turn",
        "plane",
        "x_ft",
        "y_ft",
        "band",
        "heading",
        "plot",
        "yd",
        "status",
    ),
    quiet_events=frozenset({"fc.plot"}),
)
"""Fighter Command: 1.25 s turns of ten ticks, a lawn of 72 ft feet, height in bands."""
