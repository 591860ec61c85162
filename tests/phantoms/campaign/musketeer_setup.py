"""The shipped Musketeer campaign and fresh ledgers for it, shared by the tests here."""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path

from engine.campaign import Ledger
from engine.phantoms.campaign import CampaignRunner
from engine.phantoms.campaign_rules import start_ledger
from models.files import load_model
from models.phantoms.campaign import PhantomsCampaign
from models.timeline import Timeline

MUSKETEER = (
    Path(__file__).parents[3] / "scenarios" / "phantoms" / "campaigns" / "musketeer.campaign.toml"
)


@cache
def musketeer() -> PhantomsCampaign:
    return load_model(PhantomsCampaign, MUSKETEER)


def fresh_ledger(seed: int = 1956) -> Ledger:
    digest = hashlib.sha256(MUSKETEER.read_bytes()).hexdigest()
    return start_ledger(musketeer(), "musketeer", digest, seed)


@cache
def full_campaign() -> tuple[str, tuple[str, ...]]:
    """The whole shipped campaign at its own seed, played once for the tests here: the
    ledger's text and everything ``furball campaign`` prints."""
    from engine.campaign.store import ledger_text
    from sim.cli.campaign_cmd import briefing_lines, result_lines

    ledger = fresh_ledger()
    lines = briefing_lines(musketeer(), ledger)
    quiet_runner(ledger, lines).play()
    lines += result_lines(musketeer(), ledger)
    return ledger_text(ledger), tuple(lines)


def quiet_runner(
    ledger: Ledger, lines: list[str] | None = None, timelines: dict[str, Timeline] | None = None
) -> CampaignRunner:
    """A runner that keeps its lines and timelines in memory instead of writing files."""
    said = lines if lines is not None else []
    kept = timelines if timelines is not None else {}

    def keep(name: str, timeline: Timeline) -> None:
        kept[name] = timeline

    return CampaignRunner(musketeer(), ledger, said.append, lambda _ledger: None, keep)
