"""Phantoms as a registered rule set: what it declares, as data (DESIGN §6).

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
from models.phantoms.common import HEX_FT, LEVEL_FT
from models.ruleset_spec import ChannelSpec, MapScale, TimeScale
from models.scenario_common import SCHEMA_DIR

TICKS_PER_IMPULSE = 10
"""Samples drawn in each 2.5 s impulse: the replay moves smoothly between the rules' hexes."""
PHANTOMS_TIME = TimeScale(tick_s=0.25, ticks_per_turn=100, turn_word="turn", substep_word="tick")
"""25 s game turns of ten 2.5 s impulses (furball's scale, docs/rulings.md), sampled ten
times an impulse."""
PHANTOMS_SCALE = MapScale(
    grid="hex",
    hex_ft=HEX_FT,
    hex_top="flat",
    alt_unit_ft=LEVEL_FT,
    alt_unit_name="level",
    mini_scale=60.0,
    flight_stands=True,
)
"""The hex mat: 5,000 ft hexes and 5,000 ft altitude levels; the minis ride on flight stands
(the brass tubes of the table).  A 60 ft jet drawn 60 times life size spans most of a hex,
as a counter or a 1/600 mini does on the mat."""


def _channel(meaning: str, unit: str = "", gauge: str = "", interp: str = "nearest") -> ChannelSpec:
    return ChannelSpec(meaning=meaning, unit=unit, gauge=gauge, interp=interp)  # type: ignore[arg-type]


PHANTOMS_CHANNELS: dict[str, ChannelSpec] = {
    "phantoms.hex_q": _channel("the rule hex's q (axial), as the rules have it this tick"),
    "phantoms.hex_r": _channel("the rule hex's r (axial)"),
    "phantoms.facing": _channel("facing 0–5, clockwise from the north hexside"),
    "phantoms.level": _channel("altitude level (5,000 ft each)", "level", "level"),
    "phantoms.speed": _channel("current speed in points (a hex a turn each)", "points", "speed"),
    "phantoms.speed_set": _channel("the speed set in this turn's Set Phase", "points", "set"),
    "phantoms.impulse": _channel("the impulse of the turn, 1–10", gauge="impulse"),
    "phantoms.maneuver": _channel("the maneuver marker out and hexes to go", gauge="maneuver"),
    "phantoms.ab_left": _channel("afterburner uses left", gauge="ab"),
    "phantoms.ab_lit": _channel("1 in an impulse the afterburner was used", gauge=""),
    "phantoms.state": _channel("OOC, loaded, tailing, broke off", gauge="state"),
    "phantoms.damage": _channel("damage track: hits against the card's maximum", gauge="damage"),
    "phantoms.crits": _channel("critical hits in effect", gauge="crits"),
    "phantoms.missiles": _channel("air-to-air missiles left by type", gauge="missiles"),
    "phantoms.gun": _channel("gun bursts left", gauge="gun"),
    "phantoms.stores": _channel("air-to-ground stores left", gauge="stores"),
    "phantoms.locks": _channel("aircraft its radar holds locked", gauge="lock", interp="ids"),
    "phantoms.locked_by": _channel("radars locked on it", gauge="by", interp="ids"),
    "phantoms.spotted": _channel("enemies it has spotted", gauge="", interp="ids"),
    "phantoms.inbound": _channel("missiles in flight at it, impulses to impact", gauge="inbound"),
    "phantoms.rwr": _channel("radars painting it: SAM and AAA radars and fighters", gauge="rwr"),
    "phantoms.initiative": _channel("the side holding the Initiative marker", gauge="init"),
}
"""Phantoms' per-tick channels beyond the core."""

PHANTOMS_HUD = HudSpec(
    gauges=(
        GaugeSpec(key="speed", caption="SPEED", channel="phantoms.speed"),
        GaugeSpec(key="set", caption="SET", channel="phantoms.speed_set"),
        GaugeSpec(key="level", caption="LEVEL", channel="phantoms.level"),
        GaugeSpec(key="ab", caption="AB LEFT", channel="phantoms.ab_left"),
        GaugeSpec(key="impulse", caption="IMPULSE", channel="phantoms.impulse"),
    ),
    throttle=ThrottleSpec(
        detents=(
            ThrottleDetent(key="idle", text="IDLE", fraction=0.0),
            ThrottleDetent(key="mil", text="MIL", fraction=0.7),
            ThrottleDetent(key="ab", text="AB", fraction=1.0),
        ),
        lamp_channel="phantoms.ab_lit",
        lamp_caption="AB",
        title="THROTTLE",
    ),
    panels=(
        PanelSpec(
            key="flight",
            title="FLIGHT",
            rows=(
                RowSpec(key="maneuver", caption="MARKER", channel="phantoms.maneuver"),
                RowSpec(key="state", caption="STATE", channel="phantoms.state", warn=True),
                RowSpec(key="init", caption="INIT", channel="phantoms.initiative"),
            ),
        ),
        PanelSpec(
            key="weapons",
            title="WEAPONS",
            rows=(
                RowSpec(key="missiles", caption="AAM", channel="phantoms.missiles", chars=22),
                RowSpec(key="gun", caption="GUN", channel="phantoms.gun"),
                RowSpec(key="stores", caption="STORES", channel="phantoms.stores", chars=22),
            ),
        ),
        PanelSpec(
            key="sensors",
            title="SENSORS",
            rows=(
                RowSpec(key="lock", caption="LOCK", channel="phantoms.locks", format="ids"),
                RowSpec(
                    key="by",
                    caption="LOCKED BY",
                    channel="phantoms.locked_by",
                    format="ids",
                    warn=True,
                ),
                RowSpec(
                    key="inbound",
                    caption="INBOUND",
                    channel="phantoms.inbound",
                    warn=True,
                    chars=22,
                ),
                RowSpec(key="rwr", caption="RWR", channel="phantoms.rwr", warn=True, chars=22),
            ),
        ),
        PanelSpec(
            key="damage",
            title="DAMAGE",
            rows=(
                RowSpec(key="damage", caption="TRACK", channel="phantoms.damage"),
                RowSpec(
                    key="crits", caption="CRITS", channel="phantoms.crits", warn=True, chars=22
                ),
            ),
        ),
    ),
    phad=PhadSpec(
        source="derived", tracks_channel="phantoms.locks", spotted_channel="phantoms.spotted"
    ),
)
"""The cockpit HUD: speed now and set, level, afterburner uses, the impulse; the marker out,
control state and Initiative; missiles, gun and stores; locks, inbound missiles and the RWR;
the damage track and criticals; a PHAD derived from the attitude (the rules have none)."""

PHANTOMS = Ruleset(
    name="phantoms",
    title="Phantoms",
    time=PHANTOMS_TIME,
    map=PHANTOMS_SCALE,
    channels=PHANTOMS_CHANNELS,
    hud=PHANTOMS_HUD,
    dice=("d10", "d6"),
    scenario_model="models.phantoms.scenario:PhantomsScenario",
    orders_model="models.phantoms.orders:PhantomsTurn",
    make_game="engine.phantoms.game:PhantomsGame",
    validate="engine.phantoms.setup:scenario_problems",
    golden="engine.phantoms.golden:playthrough",
    replay_log="engine.phantoms.log_files:replay",
    log_problems="engine.phantoms.log_files:problems",
    read_log="engine.phantoms.log_files:summary",
    log_kind="phantoms.log",
    schema_file=SCHEMA_DIR / "phantoms-scenario.schema.json",
    summary_columns=(
        "turn",
        "aircraft",
        "hex",
        "facing",
        "level",
        "speed",
        "marker",
        "damage",
        "status",
    ),
    quiet_events=frozenset({"phantoms.order"}),
)
"""Phantoms: 25 s turns of ten impulses sampled ten times each, 5,000 ft hexes and levels."""
