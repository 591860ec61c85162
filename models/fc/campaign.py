"""A Fighter Command campaign file (``kind = "fc.campaign"``): a roster of pilots and the
games they fly, in order, each pilot's record carried from game to game (§Pilot Skill:
"keep track of each pilot's kills … as a campaign record").

Each game names a shipped scenario (or a file beside the campaign) and seats the roster's
pilots in its aircraft.  A pilot's classification comes from his kills by the campaign
method (Recruit 0–1, Veteran 2–4, Ace 5 or more); a pilot shot down and killed, or lost,
is replaced in his seat by a new Recruit (docs/rulings.md "The campaign record").  The
file is TOML, parsed and never executed.
"""

from __future__ import annotations

from typing import Literal, Self

from pydantic import Field, model_validator

from models.base import DataModel, FieldProblems
from models.files import FILE_NAME_CHARS, FILE_NAME_TEXT, LARGEST_WHOLE_NUMBER

FC_CAMPAIGN_SUFFIX = ".campaign.toml"
MAX_GAMES = 30
MAX_PILOTS = 40


class CampaignPilot(DataModel):
    """One pilot of the roster, with the kills he starts the campaign with."""

    id: str = Field(pattern=r"^[a-z0-9_\-]+$", max_length=40)
    name: str = Field(min_length=1, max_length=60)
    side: str = Field(pattern=r"^[a-z0-9_\-]+$", max_length=40)
    kills: int = Field(default=0, ge=0, le=200)


class CampaignGame(DataModel):
    """One game: the scenario and which pilot flies which aircraft."""

    scenario: str = Field(min_length=1, max_length=FILE_NAME_CHARS, pattern=FILE_NAME_TEXT)
    title: str = Field(min_length=1, max_length=80)
    seats: dict[str, str] = Field(min_length=1)
    """Aircraft id in the scenario → pilot id in the roster."""


class FcCampaign(DataModel):
    """A Fighter Command campaign."""

    format_version: Literal[1] = 1
    kind: Literal["fc.campaign"] = "fc.campaign"
    name: str = Field(min_length=1, max_length=80)
    description: str = ""
    seed: int | None = Field(default=None, ge=0, le=LARGEST_WHOLE_NUMBER)
    pilots: tuple[CampaignPilot, ...] = Field(min_length=2, max_length=MAX_PILOTS)
    games: tuple[CampaignGame, ...] = Field(min_length=1, max_length=MAX_GAMES)

    @model_validator(mode="after")
    def _seats_name_pilots(self) -> Self:
        problems: list[tuple[str, str]] = []
        ids = [p.id for p in self.pilots]
        if len(set(ids)) != len(ids):
            problems.append(("pilots", "two pilots share an id"))
        known = set(ids)
        for index, game in enumerate(self.games):
            seated = list(game.seats.values())
            for aircraft, pilot in game.seats.items():
                if pilot not in known:
                    problems.append(
                        (f"games[{index}].seats.{aircraft}", f"no pilot {pilot!r} in the roster")
                    )
            if len(set(seated)) != len(seated):
                problems.append((f"games[{index}].seats", "a pilot is seated in two aircraft"))
        if problems:
            raise FieldProblems(problems)
        return self

    def pilot(self, pilot_id: str) -> CampaignPilot:
        return next(p for p in self.pilots if p.id == pilot_id)
