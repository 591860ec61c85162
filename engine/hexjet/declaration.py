"""The hex jet game as a registered rule set: what it declares, as data (DESIGN §6).

Importing this module loads no rules; the scenario model, game, checks, log replay and
golden writer are named by ``module:name`` and imported when first used.
"""

from __future__ import annotations

from engine.rulesets import Ruleset
from models.hexjet.common import HEX_FT, LEVEL_FT, TURN_S
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

TICKS_PER_TURN = 40
"""Samples drawn in each 10 s turn: a fast aircraft crosses a hex in under a second."""
HEXJET_TIME = TimeScale(
    tick_s=TURN_S / TICKS_PER_TURN,
    ticks_per_turn=TICKS_PER_TURN,
    turn_word="turn",
    substep_word="tick",
)
HEXJET_SCALE = MapScale(
    grid="hex",
    hex_ft=HEX_FT,
    hex_top="flat",
    alt_unit_ft=LEVEL_FT,
    alt_unit_name="level",
    mini_scale=12.0,
    flight_stands=True,
    initiative_channel="hexjet.place",
)
"""furball's scale (H6): 1,000 ft hexes and 1,000 ft levels; the counters ride on stands
whose height shows the level.  A 50 ft jet drawn twelve times life size spans most of a
hex."""


def _channel(meaning: str, unit: str = "", gauge: str = "", interp: str = "nearest") -> ChannelSpec:
    return ChannelSpec(meaning=meaning, unit=unit, gauge=gauge, interp=interp)  # type: ignore[arg-type]


HEXJET_CHANNELS: dict[str, ChannelSpec] = {
    "hexjet.hex": _channel("the hex (axial q,r) the aircraft is in at the end of its move"),
    "hexjet.facing": _channel("facing 0–5, clockwise from the north hexside"),
    "hexjet.level": _channel("the Altitude Track's marker, 0–15 (§6.5)", "level", "level"),
    "hexjet.speed": _channel("the Speed Track's marker (§6.6)", "boxes", "speed"),
    "hexjet.fuel": _channel("the fuel marker's box, 25 full to 1 BINGO (§6.2)", "boxes", "fuel"),
    "hexjet.fuel_track": _channel(
        "the fuel track: B the BINGO box, # boxes left", gauge="fuel_track"
    ),
    "hexjet.bingo": _channel("1 with the fuel marker in the BINGO box"),
    "hexjet.speed_track": _channel(
        "the speed track: : after the stall box, | before supersonic", gauge="speed_track"
    ),
    "hexjet.decision": _channel(
        "this turn's Flight Decision in the notation (MIL RC2)", gauge="decision"
    ),
    "hexjet.matrix_climb": _channel(
        "the Maneuver Matrix's Climb row, the chosen cell bracketed", gauge="m_climb"
    ),
    "hexjet.matrix_level": _channel("the Maneuver Matrix's Level row", gauge="m_level"),
    "hexjet.matrix_dive": _channel("the Maneuver Matrix's Dive row", gauge="m_dive"),
    "hexjet.alt_change": _channel(
        "the Altitude Change Track, 0–6, C climb or D dive (§6.4)", gauge="alt_change"
    ),
    "hexjet.place": _channel("its place on the Precedence Listing this turn (§5.1)", gauge="place"),
    "hexjet.initiative": _channel(
        "its place of the aircraft flying, and its altitude + speed", gauge="init"
    ),
    "hexjet.damage": _channel(
        "damage points against the rating, and its state (H9)", gauge="damage"
    ),
    "hexjet.missiles": _channel("missiles left by type", gauge="missiles"),
    "hexjet.gun": _channel("the gun and its bursts left", gauge="gun"),
}
"""The hex jet game's per-tick channels beyond the core."""

HEXJET_HUD = HudSpec(
    gauges=(
        GaugeSpec(key="speed", caption="SPEED", channel="hexjet.speed"),
        GaugeSpec(key="level", caption="LEVEL", channel="hexjet.level"),
        GaugeSpec(key="fuel", caption="FUEL", channel="hexjet.fuel"),
        GaugeSpec(key="place", caption="MOVES", channel="hexjet.place"),
    ),
    throttle=ThrottleSpec(
        detents=(
            ThrottleDetent(key="idle", text="IDLE", fraction=0.0),
            ThrottleDetent(key="mil", text="MIL", fraction=0.7),
            ThrottleDetent(key="ab", text="AB", fraction=1.0),
        ),
        lamp_channel="hexjet.bingo",
        lamp_caption="BINGO",
        title="THROTTLE",
    ),
    panels=(
        PanelSpec(
            key="tracks",
            title="DISPLAY TRACKS",
            rows=(
                RowSpec(key="decision", caption="DECIDED", channel="hexjet.decision", chars=14),
                RowSpec(key="fuel_track", caption="FUEL", channel="hexjet.fuel_track", chars=28),
                RowSpec(key="speed_track", caption="SPEED", channel="hexjet.speed_track", chars=28),
                RowSpec(key="alt_change", caption="ALT CHG", channel="hexjet.alt_change", chars=24),
            ),
        ),
        PanelSpec(
            key="matrix",
            title="MANEUVER MATRIX",
            rows=(
                RowSpec(key="m_climb", caption="CLIMB", channel="hexjet.matrix_climb", chars=10),
                RowSpec(key="m_level", caption="LEVEL", channel="hexjet.matrix_level", chars=10),
                RowSpec(key="m_dive", caption="DIVE", channel="hexjet.matrix_dive", chars=10),
            ),
        ),
        PanelSpec(
            key="combat",
            title="COMBAT",
            rows=(
                RowSpec(key="init", caption="ORDER", channel="hexjet.initiative", chars=18),
                RowSpec(
                    key="damage", caption="DAMAGE", channel="hexjet.damage", warn=True, chars=18
                ),
                RowSpec(key="missiles", caption="AAM", channel="hexjet.missiles", chars=22),
                RowSpec(key="gun", caption="GUN", channel="hexjet.gun", chars=18),
            ),
        ),
    ),
    phad=PhadSpec(source="derived", spotted_channel=""),
)
"""The cockpit HUD: the display's tracks (throttle with the BINGO lamp, fuel, speed, the
altitude change), the Maneuver Matrix with the chosen cell, the place in the move order,
damage and weapons; a PHAD derived from the attitude (the rules have none)."""

HEXJET = Ruleset(
    name="hexjet",
    title="Hex jet game",
    time=HEXJET_TIME,
    map=HEXJET_SCALE,
    channels=HEXJET_CHANNELS,
    hud=HEXJET_HUD,
    dice=("d6",),
    scenario_model="models.hexjet.scenario:HexjetScenario",
    orders_model="models.hexjet.orders:HexjetDecision",
    make_game="engine.hexjet.game:HexjetGame",
    validate="engine.hexjet.setup:scenario_problems",
    golden="engine.hexjet.golden:playthrough",
    replay_log="engine.hexjet.log_files:replay",
    log_problems="engine.hexjet.log_files:problems",
    read_log="engine.hexjet.log_files:summary",
    log_kind="hexjet.log",
    schema_file=SCHEMA_DIR / "hexjet-scenario.schema.json",
    summary_columns=(
        "turn",
        "aircraft",
        "place",
        "decision",
        "hex",
        "facing",
        "level",
        "speed",
        "fuel",
        "status",
    ),
    quiet_events=frozenset({"hexjet.decision"}),
)
"""The hex jet game: 10 s turns sampled forty times, 1,000 ft hexes and levels (furball's)."""
