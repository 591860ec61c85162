"""Birds of Prey as a registered rule set: what it declares, as data (DESIGN §6).

Importing this module loads no rules: the scenario model, game, set-up checks, log replay
and golden writer are named by ``module:name`` and imported when first used.
"""

from __future__ import annotations

from engine.rulesets import Ruleset
from models.bop_channels import BOP_CHANNELS, BOP_SCALE, BOP_TIME
from models.bop_hud import BOP_HUD
from models.scenario_common import SCHEMA_DIR

BIRDS_OF_PREY = Ruleset(
    name="bop",
    title="Birds of Prey",
    time=BOP_TIME,
    map=BOP_SCALE,
    channels=BOP_CHANNELS,
    hud=BOP_HUD,
    dice=("d10", "percentile"),
    scenario_model="models.scenario:Scenario",
    orders_model="models.orders:BopPlot",
    make_game="engine.bop.game:Game",
    validate="engine.bop.scenario_check:scenario_problems",
    golden="engine.bop.golden:playthrough",
    replay_log="engine.bop.log_files:replay",
    log_problems="engine.bop.log_files:problems",
    read_log="engine.bop.log_files:summary",
    log_kind="bop.log",
    load_tables="models.bop_tables:load_bop_tables",
    schema_file=SCHEMA_DIR / "scenario.schema.json",
    summary_columns=(
        "turn",
        "aircraft",
        "speed_kt",
        "alt_steps",
        "avg_load_g",
        "max_load_g",
        "nose",
    ),
    quiet_events=frozenset(),
)
"""Birds of Prey: 6 s game-turns of ten 0.6 s ticks (Movement), 400 ft hexes and 200 ft
altitude steps."""
