"""JSON Schemas of furball's file formats, committed under ``models/schema/``.

Regenerate after changing a model::

    python -m models.schemas

The test suite fails when a committed schema differs from the models.
"""

from __future__ import annotations

import json
from pathlib import Path

from pydantic import BaseModel

from models.aircraft import AircraftCard
from models.fc.campaign import FcCampaign
from models.fc.gamelog import FcGameLog
from models.fc.scenario import FcScenario
from models.fc.sheet import ControlSheet as FcControlSheet
from models.hexjet.display import AircraftDisplay as HexjetDisplay
from models.hexjet.gamelog import HexjetGameLog
from models.hexjet.scenario import HexjetScenario
from models.missile import MissileCard
from models.otl.chart import PlaneChart
from models.otl.gamelog import OtlGameLog
from models.otl.scenario import OtlScenario
from models.phantoms.campaign import PhantomsCampaign
from models.phantoms.card import ControlCard
from models.phantoms.gamelog import PhantomsGameLog
from models.phantoms.scenario import PhantomsScenario
from models.scenario import Scenario
from models.scenario_common import SCHEMA_DIR
from models.timeline import TimelineMeta

SCHEMAS: dict[str, type[BaseModel]] = {
    "aircraft_card": AircraftCard,
    "fc-campaign": FcCampaign,
    "fc-control-sheet": FcControlSheet,
    "fc-game-log": FcGameLog,
    "fc-scenario": FcScenario,
    "hexjet-display": HexjetDisplay,
    "hexjet-game-log": HexjetGameLog,
    "hexjet-scenario": HexjetScenario,
    "missile_card": MissileCard,
    "otl-game-log": OtlGameLog,
    "otl-plane-chart": PlaneChart,
    "otl-scenario": OtlScenario,
    "phantoms-campaign": PhantomsCampaign,
    "phantoms-control-card": ControlCard,
    "phantoms-game-log": PhantomsGameLog,
    "phantoms-scenario": PhantomsScenario,
    "scenario": Scenario,
    "timeline_meta": TimelineMeta,
}
"""File-format name → model; each is written to ``schema/<name>.schema.json``."""


def schema_text(model: type[BaseModel]) -> str:
    """The model's JSON Schema as stable, indented text."""
    return json.dumps(model.model_json_schema(), indent=2, sort_keys=True) + "\n"


def write_all() -> list[Path]:
    """Write every schema file; returns the paths written."""
    SCHEMA_DIR.mkdir(exist_ok=True)
    written = []
    for name, model in SCHEMAS.items():
        path = SCHEMA_DIR / f"{name}.schema.json"
        path.write_text(schema_text(model), encoding="utf-8")
        written.append(path)
    return written


if __name__ == "__main__":  # pragma: no cover
    for path in write_all():
        print(path.name)
