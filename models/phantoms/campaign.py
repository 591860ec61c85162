"""A Phantoms campaign file (``kind = "phantoms.campaign"``): the days, the attack phases,
each side's order of battle, the opening night raids and the victory conditions of a
campaign of several days, such as the 2008 Update's Operation Musketeer (U-p.10–14).

The file is data, parsed and checked here and never executed.  Every figure the seed does
not print is marked in an ``origins`` table as ``"ours"`` (with its reasoning in the
campaign's rulings), ``"restored-5"`` (a digit 5 the seed's text lost) or ``"seed"``.
"""

from __future__ import annotations

import datetime
from typing import Literal, Self

from pydantic import Field, model_validator

from models.base import DataModel, FieldProblems
from models.phantoms.common import Quality

CAMPAIGN_SUFFIX = ".campaign.toml"
"""How a campaign file's name ends."""
Origin = Literal["seed", "restored-5", "ours"]
_ID = r"^[a-z0-9][a-z0-9_\-]*$"
Weather = Literal["fine", "storms-over-base"]
"""``storms-over-base``: severe storms over the attackers' home airfields (U-p.14: Cyprus on
4 November); the target area stays clear."""


class CampaignDay(DataModel):
    """One campaign day."""

    day: int = Field(ge=1, le=30)
    date: datetime.date
    weather: Weather = "fine"
    note: str = ""


class AttackPhase(DataModel):
    """One of the campaign's attack phases, in the order the file lists them (U-p.13)."""

    number: int = Field(ge=1, le=9)
    name: str = Field(min_length=1, max_length=80)
    targets: tuple[str, ...] = Field(min_length=1)
    """Airfield or target ids, in the order the squadrons take them."""


class Squadron(DataModel):
    """An attacking squadron: its aircraft, strength and job."""

    id: str = Field(pattern=_ID)
    name: str = Field(min_length=1, max_length=80)
    type: str = Field(pattern=_ID)
    """Its Control Card id (``venom-fb4``)."""
    aircraft: int = Field(ge=1, le=60)
    """Aircraft on strength at the start (U-p.11)."""
    base: str = Field(min_length=1, max_length=80)
    role: Literal["strike", "cover"] = "strike"
    """``strike``: flies the day's missions; ``cover``: lends a pair to each strike."""
    stores: dict[str, int] = Field(default_factory=dict)
    """A striker's load against parked aircraft and soft targets."""
    bomb_stores: dict[str, int] = Field(default_factory=dict)
    """A striker's load against hangars (the striker keeps ``stores`` when left empty)."""
    quality: Quality = "experienced"
    origins: dict[str, Origin] = Field(default_factory=dict)


class Airfield(DataModel):
    """A defending airfield: the serviceable aircraft based there and its defences."""

    id: str = Field(pattern=_ID)
    name: str = Field(min_length=1, max_length=80)
    aircraft: dict[str, int] = Field(default_factory=dict)
    """Serviceable aircraft by Control Card id, at the start."""
    bofors: int = Field(default=4, ge=0, le=12)
    """40 mm Bofors guns, in two sites either side of the field."""
    small_arms: bool = True
    hangars: str = Field(default="small-building", pattern=_ID)
    """The Ground Target table line its hangars and repair shops are struck as (I-p.7)."""
    origins: dict[str, Origin] = Field(default_factory=dict)


class GroundObjective(DataModel):
    """A target of the later phases that is not an airfield (an army camp, a beach)."""

    id: str = Field(pattern=_ID)
    name: str = Field(min_length=1, max_length=80)
    type: str = Field(pattern=_ID)
    """Its Ground Target table line (Intruders I-p.7): ``vehicle``, ``gun-open``…"""
    count: int = Field(default=8, ge=1, le=40)
    bofors: int = Field(default=4, ge=0, le=12)
    small_arms: bool = True
    origins: dict[str, Origin] = Field(default_factory=dict)


class NightRaid(DataModel):
    """An opening night raid on an airfield, resolved off the mat."""

    target: str = Field(pattern=_ID)
    bombers: int = Field(ge=1, le=40)
    by: str = Field(min_length=1, max_length=80)
    """Who flew it (``No. 10 Squadron, Canberra B.2``)."""
    origins: dict[str, Origin] = Field(default_factory=dict)


class NightRaidRules(DataModel):
    """How a night raid is resolved with the d10 (ours)."""

    parked_hit_on: int = Field(default=10, ge=1, le=10)
    """Each bomber destroys one parked aircraft on a d10 of this or more."""
    runway_cut_on: int = Field(default=4, ge=1, le=10)
    """The raid cuts the runway on one d10 of this or more: no fighter takes off from it on
    the first day."""


class Interception(DataModel):
    """How many defending fighters meet a raid: one d10 a raid (ours)."""

    none_up_to: int = Field(default=4, ge=0, le=10)
    one_pair_up_to: int = Field(default=7, ge=0, le=10)
    """A d10 up to ``none_up_to``: no fighters; up to this: one pair; more: two pairs."""
    first_day_modifier: int = Field(default=-2, ge=-10, le=10)
    """Added on the first day (U-p.14: the EAF's slow response to the first raids)."""
    types: tuple[str, ...] = Field(default=("mig-15bis", "vampire-fb5"), min_length=1)
    """Which type flies the first pair, then the second."""


class Defenders(DataModel):
    """The defending air force."""

    side: str = Field(default="eaf", pattern=_ID)
    name: str = Field(min_length=1, max_length=80)
    experienced_percent: int = Field(default=50, ge=0, le=100)
    """Crews rated Experienced; the rest Average (U-p.13)."""
    airfields: tuple[Airfield, ...] = Field(min_length=1)
    objectives: tuple[GroundObjective, ...] = ()
    interception: Interception = Field(default_factory=Interception)


class Attackers(DataModel):
    """The attacking air force."""

    side: str = Field(default="raf", pattern=_ID)
    name: str = Field(min_length=1, max_length=80)
    squadrons: tuple[Squadron, ...] = Field(min_length=1)
    radar_countermeasures: int = Field(default=0, ge=0, le=12)
    """Every raid's radar-only C/M factor (U-p.14: 1)."""
    strike_profile: Literal["level", "dive", "low", "toss", "standoff"] = "dive"
    """The strikers' attack profile (Intruders I-p.4)."""
    flight_size: int = Field(default=4, ge=1, le=8)
    """Strikers a squadron sends on one strike."""
    cover_size: int = Field(default=2, ge=0, le=4)
    storm_scrub_up_to: int = Field(default=4, ge=0, le=10)
    """Under storms over the base, a strike is scrubbed on a d10 up to this (ours)."""


class Victory(DataModel):
    """The campaign's victory conditions (U-p.14)."""

    defender_withdraws_below_percent: int = Field(default=50, ge=1, le=100)
    """The defenders withdraw once their aircraft fall below this share of the start."""
    squadron_broken_at_percent: int = Field(default=50, ge=1, le=100)
    """A squadron at or below this share of its start is broken and stood down."""
    broken_squadrons_percent: int = Field(default=50, ge=1, le=100)
    """The defenders win once this share of the strike and cover squadrons is broken."""
    airfields_checked_on_day: int = Field(default=3, ge=1, le=30)
    """If a defending airfield still operates at the start of this day, the last phase is
    cancelled (the landings with it)."""


class PhantomsCampaign(DataModel):
    """A campaign of Phantoms missions over several days."""

    format_version: Literal[1] = 1
    kind: Literal["phantoms.campaign"]
    rules: Literal["phantoms"]
    name: str = Field(min_length=1, max_length=200)
    description: str = ""
    seed: int | None = Field(default=None, ge=0, le=2**63 - 1)
    year: int = Field(default=1956, ge=1945, le=2030)
    mission_turns: int = Field(default=10, ge=4, le=40)
    strikes_per_squadron_per_day: int = Field(default=2, ge=1, le=6)
    """U-p.14: at most two strike missions a squadron a day."""
    days: tuple[CampaignDay, ...] = Field(min_length=1, max_length=30)
    phases: tuple[AttackPhase, ...] = Field(min_length=1)
    attackers: Attackers
    defenders: Defenders
    night_raids: tuple[NightRaid, ...] = ()
    night_raid_rules: NightRaidRules = Field(default_factory=NightRaidRules)
    victory: Victory = Field(default_factory=Victory)
    reference_lat_deg: float = Field(default=30.5, ge=-90, le=90)
    reference_lon_deg: float = Field(default=32.3, ge=-180, le=180)

    @model_validator(mode="after")
    def _consistent(self) -> Self:
        from models.phantoms.card import control_cards
        from models.phantoms.ground import ground_targets, weapons

        cards = control_cards()
        problems: list[tuple[str, str]] = []
        for number, day in enumerate(self.days):
            if day.day != number + 1:
                problems.append(
                    (
                        f"days.{number}.day",
                        f"the campaign days run 1, 2, 3… (U-p.14); this is day {number + 1}, "
                        f"not {day.day}",
                    )
                )
        airfields = {a.id for a in self.defenders.airfields}
        objectives = {o.id for o in self.defenders.objectives}
        if airfields & objectives:
            problems.append(("defenders.objectives", "an objective shares an airfield's id"))
        for number, phase in enumerate(self.phases):
            if phase.number != number + 1:
                problems.append(
                    (
                        f"phases.{number}.number",
                        "the attack phases are numbered "
                        "1, 2, 3… in the order they are listed (U-p.13)",
                    )
                )
            for place, target in enumerate(phase.targets):
                if target not in airfields | objectives:
                    problems.append(
                        (
                            f"phases.{number}.targets.{place}",
                            f"{target!r} is no airfield or objective of the defenders (U-p.13)",
                        )
                    )
        for number, squadron in enumerate(self.attackers.squadrons):
            where = f"attackers.squadrons.{number}"
            if squadron.type not in cards:
                problems.append(
                    (
                        f"{where}.type",
                        f"{squadron.type!r} is no Control Card (models/phantoms/data/cards)",
                    )
                )
            for field in ("stores", "bomb_stores"):
                for store in getattr(squadron, field):
                    if store not in weapons():
                        problems.append(
                            (
                                f"{where}.{field}.{store}",
                                "no such air-to-ground weapon (Intruders I-p.4)",
                            )
                        )
        ids = [s.id for s in self.attackers.squadrons]
        if len(set(ids)) != len(ids):
            problems.append(("attackers.squadrons", "two squadrons share an id"))
        if not any(s.role == "strike" for s in self.attackers.squadrons):
            problems.append(
                ("attackers.squadrons", "no squadron has the strike role (U-p.14: strike missions)")
            )
        for number, airfield in enumerate(self.defenders.airfields):
            for type_id in airfield.aircraft:
                if type_id not in cards:
                    problems.append(
                        (f"defenders.airfields.{number}.aircraft.{type_id}", "no such Control Card")
                    )
        for number, airfield in enumerate(self.defenders.airfields):
            if airfield.hangars not in ground_targets():
                problems.append(
                    (
                        f"defenders.airfields.{number}.hangars",
                        f"{airfield.hangars!r} is no Ground Target table line (I-p.7)",
                    )
                )
        for number, objective in enumerate(self.defenders.objectives):
            if objective.type not in ground_targets():
                problems.append(
                    (
                        f"defenders.objectives.{number}.type",
                        f"{objective.type!r} is no Ground Target table line (I-p.7)",
                    )
                )
        for number, type_id in enumerate(self.defenders.interception.types):
            if type_id not in cards:
                problems.append((f"defenders.interception.types.{number}", "no such Control Card"))
        for number, raid in enumerate(self.night_raids):
            if raid.target not in airfields:
                problems.append(
                    (
                        f"night_raids.{number}.target",
                        f"{raid.target!r} is no airfield of the defenders (U-p.14)",
                    )
                )
        interception = self.defenders.interception
        if interception.one_pair_up_to < interception.none_up_to:
            problems.append(
                ("defenders.interception.one_pair_up_to", "must be at least none_up_to")
            )
        if self.victory.airfields_checked_on_day > len(self.days):
            problems.append(
                (
                    "victory.airfields_checked_on_day",
                    f"the campaign has {len(self.days)} days (U-p.14)",
                )
            )
        if problems:
            raise FieldProblems(problems)
        return self

    def airfield(self, target_id: str) -> Airfield | None:
        return next((a for a in self.defenders.airfields if a.id == target_id), None)

    def objective(self, target_id: str) -> GroundObjective | None:
        return next((o for o in self.defenders.objectives if o.id == target_id), None)

    def target_name(self, target_id: str) -> str:
        found = self.airfield(target_id) or self.objective(target_id)
        return found.name if found is not None else target_id
