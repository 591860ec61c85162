"""Committed JSON Schemas match the models (regenerate with ``python -m models.schemas``)."""

import pytest

from models.schemas import SCHEMA_DIR, SCHEMAS, schema_text


@pytest.mark.parametrize("name", sorted(SCHEMAS))
def test_committed_schema_is_current(name: str) -> None:
    path = SCHEMA_DIR / f"{name}.schema.json"
    assert path.is_file(), f"{path.name} is missing: run python -m models.schemas"
    assert path.read_text(encoding="utf-8") == schema_text(SCHEMAS[name]), (
        f"{path.name} is stale: run python -m models.schemas and commit the result"
    )


def test_schema_descriptions_come_from_attribute_docstrings() -> None:
    schema = SCHEMAS["aircraft_card"].model_json_schema()
    weights = schema["$defs"]["Weights"]["properties"]
    assert "Fuel Points of 100 lb" in weights["internal_fuel_fp"]["description"]
