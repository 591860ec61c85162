"""The campaign ledger: everything a campaign has done so far, as one record a file holds.

It knows no rule system.  A rule system's campaign runner fills it:

- :class:`Formation`: a squadron, a flight, a pool of aircraft at an airfield — anything
  with a starting and a current strength, on a side;
- :class:`EntityRecord`: one thing whose state the campaign carries from game to game,
  with a status word and attributes (an airfield "operational" or "out"; in a campaign
  that follows people, a pilot with a classification, an aircraft damaged, repaired or
  lost);
- :class:`Sortie`: one game of the campaign — its day, formation, target and seed, the
  timeline it wrote and its :class:`Outcome` (losses by formation, results on the ground,
  what happened to entities);
- :class:`DayRecord`: what stood at the end of each day;
- the :class:`Cursor`: the next thing to play, so that ``resume`` carries on there.

Every die rolled off the mat is kept as a :class:`RollRecord` with its purpose.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

LEDGER_FORMAT: Literal[1] = 1
Value = str | int | float | bool
"""An attribute's value."""


class LedgerModel(BaseModel):
    """A part of the ledger: closed to unknown keys, strict about types, and changed in
    place as the campaign goes on (the file is written whole after each change)."""

    model_config = ConfigDict(extra="forbid", strict=True, allow_inf_nan=False)


class RollRecord(LedgerModel):
    """A die rolled for the campaign off the mat, as :class:`engine.dice.Roll` records it."""

    kind: str
    value: int | None
    purpose: str


class Formation(LedgerModel):
    """A unit with a strength: a squadron, or a pool of aircraft."""

    id: str
    side: str
    name: str
    type: str = ""
    """What it is made of (an aircraft type, a unit type)."""
    base: str = ""
    start_strength: int = Field(ge=0)
    strength: int = Field(ge=0)
    status: str = "active"
    """``active`` or a rule system's word (``stood down``, ``broken``)."""

    @property
    def losses(self) -> int:
        return self.start_strength - self.strength

    def share_left(self) -> float:
        """Its strength as a share of its start (1.0 for an empty formation)."""
        return 1.0 if self.start_strength == 0 else self.strength / self.start_strength


class EntityRecord(LedgerModel):
    """One thing the campaign follows by name."""

    id: str
    kind: str
    """``airfield``, ``pilot``, ``aircraft``…"""
    side: str
    status: str
    formation: str | None = None
    attributes: dict[str, Value] = Field(default_factory=dict)
    history: list[str] = Field(default_factory=list)
    """What happened to it, one line an event, oldest first."""


class Outcome(LedgerModel):
    """What one sortie did."""

    losses: dict[str, int] = Field(default_factory=dict)
    """Aircraft lost by formation id."""
    ground: dict[str, str] = Field(default_factory=dict)
    """Each ground unit's damage at the end, by its id in the game."""
    entities: dict[str, str] = Field(default_factory=dict)
    """Entities whose status changed: id → new status."""
    notes: list[str] = Field(default_factory=list)
    """Plain words: who was lost and how, what burned on the ground."""


class Sortie(LedgerModel):
    """One game (or one mission resolved off the mat) of the campaign."""

    number: int = Field(ge=1)
    day: int = Field(ge=0)
    """0 for what happens before the first day (an opening raid)."""
    slot: int = Field(ge=0)
    """Its place in the day's order."""
    formation: str
    target: str
    seed: int = Field(ge=0)
    status: Literal["flown", "resolved", "scrubbed"]
    """``flown`` on the mat, ``resolved`` off it by dice, ``scrubbed`` before take-off."""
    phase: int | None = None
    aircraft: dict[str, int] = Field(default_factory=dict)
    """Aircraft taking part by formation id."""
    timeline: str | None = None
    """The timeline file it wrote, beside the ledger."""
    outcome: Outcome = Field(default_factory=Outcome)
    rolls: list[RollRecord] = Field(default_factory=list)
    """The campaign's own dice for it (the game's are in its timeline)."""


class DayRecord(LedgerModel):
    """What stood at the end of a day."""

    day: int = Field(ge=1)
    strengths: dict[str, int]
    """Each formation's strength."""
    statuses: dict[str, str]
    """Each entity's status."""
    notes: list[str] = Field(default_factory=list)


class Cursor(LedgerModel):
    """The next thing to play: ``slot`` of ``day`` (day 0 is the opening, before day 1)."""

    day: int = Field(ge=0)
    slot: int = Field(ge=0)


class CampaignResult(LedgerModel):
    """How the campaign ended, once it has."""

    winner: str | None
    """The winning side's id, or None (no side met its conditions)."""
    reason: str
    day: int


class Ledger(LedgerModel):
    """A campaign's whole record."""

    format_version: Literal[1] = LEDGER_FORMAT
    kind: Literal["campaign.ledger"] = "campaign.ledger"
    rules: str
    """The rule system (``phantoms``)."""
    campaign: str
    """The campaign's name."""
    campaign_file: str
    """The campaign file it plays, as it was named (a shipped name or a path)."""
    campaign_digest: str
    """A digest of that file's text, to refuse resuming against a changed campaign."""
    seed: int = Field(ge=0)
    days: int = Field(ge=1)
    cursor: Cursor = Field(default_factory=lambda: Cursor(day=0, slot=0))
    formations: list[Formation] = Field(default_factory=list)
    entities: list[EntityRecord] = Field(default_factory=list)
    sorties: list[Sortie] = Field(default_factory=list)
    day_records: list[DayRecord] = Field(default_factory=list)
    flags: dict[str, Value] = Field(default_factory=dict)
    """A rule system's campaign-wide state (``phase_3_cancelled = true``)."""
    notes: list[str] = Field(default_factory=list)
    """Campaign-wide events in plain words, oldest first."""
    result: CampaignResult | None = None

    # -- looking things up ---------------------------------------------------------------
    def formation(self, formation_id: str) -> Formation:
        for found in self.formations:
            if found.id == formation_id:
                return found
        raise KeyError(f"no formation {formation_id!r} in the ledger")

    def entity(self, entity_id: str) -> EntityRecord:
        for found in self.entities:
            if found.id == entity_id:
                return found
        raise KeyError(f"no entity {entity_id!r} in the ledger")

    def side_formations(self, side: str) -> list[Formation]:
        return [f for f in self.formations if f.side == side]

    def side_strength(self, side: str) -> tuple[int, int]:
        """(strength now, strength at the start) summed over a side's formations."""
        formations = self.side_formations(side)
        return sum(f.strength for f in formations), sum(f.start_strength for f in formations)

    @property
    def finished(self) -> bool:
        return self.result is not None

    def next_sortie_number(self) -> int:
        return len(self.sorties) + 1

    # -- changing it ---------------------------------------------------------------------
    def lose(self, formation_id: str, count: int) -> int:
        """Take ``count`` from a formation's strength (no lower than 0); returns how many
        it actually lost."""
        formation = self.formation(formation_id)
        taken = max(0, min(count, formation.strength))
        formation.strength -= taken
        return taken

    def set_status(self, entity_id: str, status: str, why: str) -> bool:
        """Change an entity's status, noting why in its history; False if unchanged."""
        entity = self.entity(entity_id)
        if entity.status == status:
            return False
        entity.status = status
        entity.history.append(why)
        return True

    def record_sortie(self, sortie: Sortie, next_cursor: Cursor) -> None:
        """Add a sortie and move the cursor past it (the caller saves the ledger)."""
        self.sorties.append(sortie)
        self.cursor = next_cursor

    def close_day(self, day: int, notes: list[str]) -> DayRecord:
        record = DayRecord(
            day=day,
            strengths={f.id: f.strength for f in self.formations},
            statuses={e.id: e.status for e in self.entities},
            notes=notes,
        )
        self.day_records = [r for r in self.day_records if r.day != day] + [record]
        return record
