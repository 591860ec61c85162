"""The hex jet game's golden playthrough: the turn table, then every event (dice included)."""

from __future__ import annotations

from engine.hexjet.declaration import HEXJET
from models.scenario_common import ScenarioCommon
from models.timeline import Timeline


def playthrough(scenario: ScenarioCommon, timeline: Timeline) -> str:
    """The golden text of a played scenario."""
    columns = (*HEXJET.summary_columns, "damage")
    lines = [f"# {scenario.name} (seed {timeline.meta.seed})", " | ".join(columns)]
    lines.extend(
        " | ".join(str(row.get(c, "")) for c in columns) for row in timeline.meta.turn_table
    )
    lines.extend(
        f"event {e.t_s:.3f} {e.kind} {','.join(e.entities)} {e.detail}".rstrip()
        for e in timeline.meta.events
    )
    return "\n".join(lines) + "\n"
