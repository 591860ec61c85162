"""A campaign's ledger, shared by every rule system that plays campaigns of several games:
the rosters, the days, the sorties flown and their outcomes, written after every sortie so
an interrupted campaign loses nothing (:mod:`engine.campaign.ledger`,
:mod:`engine.campaign.store`, :mod:`engine.campaign.seeds`)."""

from engine.campaign.ledger import (
    CampaignResult,
    Cursor,
    DayRecord,
    EntityRecord,
    Formation,
    Ledger,
    Outcome,
    RollRecord,
    Sortie,
)
from engine.campaign.seeds import campaign_seed, derived_seed
from engine.campaign.store import LEDGER_SUFFIX, load_ledger, save_ledger

__all__ = [
    "LEDGER_SUFFIX",
    "CampaignResult",
    "Cursor",
    "DayRecord",
    "EntityRecord",
    "Formation",
    "Ledger",
    "Outcome",
    "RollRecord",
    "Sortie",
    "campaign_seed",
    "derived_seed",
    "load_ledger",
    "save_ledger",
]
