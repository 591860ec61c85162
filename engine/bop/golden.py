"""Birds of Prey's golden playthrough: the per-turn state a shipped scenario must replay to
(STYLE 7), one line per aircraft per game-turn, then every event."""

from __future__ import annotations

from models.scenario_common import ScenarioCommon
from models.timeline import Timeline

COLUMNS = (
    "turn", "aircraft", "speed_kt", "alt_steps", "hex", "avg_load_g", "max_load_g",
    "nose", "canopy", "wing", "tp_carry",
    "engine_dspeed", "form_dspeed", "turn_dspeed", "gravity_dspeed",
    "fuel_fp", "dry_carry", "ab_carry",
)  # fmt: skip
"""The turn table's columns the playthrough records, in order."""


def playthrough(scenario: ScenarioCommon, timeline: Timeline) -> str:
    """The golden text of a played scenario."""
    lines = [f"# {scenario.name} (seed {timeline.meta.seed})", " ".join(COLUMNS)]
    lines.extend(" ".join(str(row[c]) for c in COLUMNS) for row in timeline.meta.turn_table)
    lines.extend(f"event {e.t_s:.1f} {e.kind} {e.detail}" for e in timeline.meta.events)
    return "\n".join(lines) + "\n"
