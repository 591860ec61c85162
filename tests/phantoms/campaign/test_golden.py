"""The golden campaign: everything ``furball campaign`` prints for the shipped Musketeer
campaign at its own seed, the whole four days (about 4 s).  After a deliberate change,
regenerate it with ``FURBALL_UPDATE_GOLDEN=1 pytest tests/phantoms/campaign/test_golden.py``
and read the diff."""

from __future__ import annotations

import json
import os
from pathlib import Path

from engine.campaign import Ledger
from tests.phantoms.campaign.musketeer_setup import full_campaign

GOLDEN = Path(__file__).parents[2] / "golden" / "phantoms-campaign__musketeer.txt"


def campaign_text() -> str:
    """What the command prints, then each sortie's seed and the campaign's own dice."""
    text, printed = full_campaign()
    ledger = Ledger.model_validate(json.loads(text))
    lines = list(printed)
    for sortie in ledger.sorties:
        rolls = " ".join(str(roll.value) for roll in sortie.rolls)
        lines.append(
            f"sortie {sortie.number} day {sortie.day} {sortie.formation} "
            f"{sortie.target or '-'} {sortie.status} seed {sortie.seed} rolls [{rolls}]"
        )
    return "\n".join(lines) + "\n"


def test_the_musketeer_campaign_plays_its_golden_summary() -> None:
    text = campaign_text()
    if os.environ.get("FURBALL_UPDATE_GOLDEN") == "1":
        GOLDEN.write_text(text, encoding="utf-8")
    assert GOLDEN.is_file(), f"{GOLDEN.name} missing: run with FURBALL_UPDATE_GOLDEN=1"
    assert text == GOLDEN.read_text(encoding="utf-8")
