"""A Fighter Command campaign played game by game, each pilot's record carried in the
shared campaign ledger (:mod:`engine.campaign`) from one game to the next (§Pilot Skill).

Every pilot of the roster is a ledger entity (``kind = "pilot"``) with his kills, his
classification by the campaign method and the games he flew; each side is a formation of
its pilots.  Each game is one ledger sortie: the scenario is played with each seat's
pilot (his kills, his classification), its timeline saved beside the ledger, and then his
kills this game are added and his fate written down: a pilot whose aircraft crashed is
killed, one who left the field by a foreign edge is missing, and a new Recruit takes the
seat of either from the next game on (docs/rulings.md "The campaign record").  The ledger
is written after every game, so ``--resume`` carries on where a campaign stopped.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from engine.campaign import (
    CampaignResult,
    Cursor,
    EntityRecord,
    Formation,
    Ledger,
    Outcome,
    Sortie,
    derived_seed,
)
from engine.fc.control import skill_for_kills
from engine.fc.game import FcGame
from engine.rulesets import load_scenario
from models.fc.campaign import CampaignGame, FcCampaign
from models.fc.scenario import FcScenario
from models.timeline import Timeline
from scenarios import ScenarioNotFound, find_scenario, shipped

RULES = "fc"
ACTIVE, KILLED, MISSING = "active", "killed", "missing"


def start_ledger(campaign: FcCampaign, campaign_file: str, digest: str, seed: int) -> Ledger:
    """A new ledger: every pilot active with his starting kills, a formation per side."""
    sides = sorted({p.side for p in campaign.pilots})
    formations = [
        Formation(
            id=side,
            side=side,
            name=f"{side} pilots",
            start_strength=sum(1 for p in campaign.pilots if p.side == side),
            strength=sum(1 for p in campaign.pilots if p.side == side),
        )
        for side in sides
    ]
    entities = [_pilot_record(p.id, p.name, p.side, p.kills) for p in campaign.pilots]
    return Ledger(
        rules=RULES,
        campaign=campaign.name,
        campaign_file=campaign_file,
        campaign_digest=digest,
        seed=seed,
        days=len(campaign.games),
        cursor=Cursor(day=0, slot=0),
        formations=formations,
        entities=entities,
    )


def _pilot_record(pid: str, name: str, side: str, kills: int) -> EntityRecord:
    return EntityRecord(
        id=pid,
        kind="pilot",
        side=side,
        status=ACTIVE,
        formation=side,
        attributes={
            "name": name,
            "kills": kills,
            "start_kills": kills,
            "classification": skill_for_kills(kills),
            "games": 0,
        },
    )


def seat_holder(ledger: Ledger, pilot_id: str) -> EntityRecord:
    """Who flies ``pilot_id``'s seat now: he, or the replacement who took it."""
    record = ledger.entity(pilot_id)
    while record.status != ACTIVE and "replaced_by" in record.attributes:
        record = ledger.entity(str(record.attributes["replaced_by"]))
    return record


def _replace(ledger: Ledger, record: EntityRecord) -> EntityRecord:
    seat = str(record.attributes.get("seat", record.id))
    count = sum(1 for e in ledger.entities if e.attributes.get("seat") == seat) + 1
    new_id = f"{seat}-r{count}"
    first = ledger.entity(seat).attributes["name"]
    name = f"Recruit {count} in {first}'s seat"
    fresh = _pilot_record(new_id, name, record.side, 0)
    fresh.attributes["seat"] = seat
    fresh.history.append(f"joins to take {record.attributes['name']}'s seat")
    ledger.entities.append(fresh)
    record.attributes["replaced_by"] = new_id
    return fresh


def seated_scenario(scenario: FcScenario, ledger: Ledger, game: CampaignGame) -> FcScenario:
    """The scenario with each seat's pilot: his kills and his classification."""
    aircraft = []
    for setup in scenario.aircraft:
        pilot_id = game.seats.get(setup.entity_id)
        if pilot_id is None:
            aircraft.append(setup)
            continue
        holder = seat_holder(ledger, pilot_id)
        kills = int(holder.attributes["kills"])
        aircraft.append(setup.model_copy(update={"kills": kills, "skill": skill_for_kills(kills)}))
    return scenario.model_copy(update={"aircraft": tuple(aircraft)})


class FcCampaignRunner:
    """Plays the campaign's games from the ledger's cursor, saving after each."""

    def __init__(
        self,
        campaign: FcCampaign,
        ledger: Ledger,
        folder: Path,
        say: Callable[[str], None],
        save_ledger: Callable[[Ledger], None],
        save_timeline: Callable[[str, Timeline], None],
    ) -> None:
        self.campaign, self.ledger, self.folder = campaign, ledger, folder
        self.say, self.save_ledger, self.save_timeline = say, save_ledger, save_timeline

    def play(self, up_to: int | None = None) -> None:
        last = len(self.campaign.games) if up_to is None else up_to
        while self.ledger.cursor.day < last:
            number = self.ledger.cursor.day + 1
            self.play_game(number, self.campaign.games[number - 1])
            self.ledger.cursor = Cursor(day=number, slot=0)
            if number == len(self.campaign.games):
                self.ledger.result = result(self.ledger)
            self.save_ledger(self.ledger)

    def play_game(self, number: int, game: CampaignGame) -> None:
        ledger = self.ledger
        scenario = load_scenario(find_scenario(str(self._scenario_path(game.scenario))))
        if not isinstance(scenario, FcScenario):
            raise ValueError(f"game {number}: {game.scenario} is not a Fighter Command scenario")
        seed = derived_seed(ledger.seed, number)
        played = FcGame(seated_scenario(scenario, ledger, game), seed)
        timeline = played.run()
        name = f"game{number}-{Path(game.scenario).name.removesuffix('.toml')}.furball.npz"
        self.save_timeline(name, timeline)
        outcome = Outcome()
        for aircraft_id, pilot_id in sorted(game.seats.items()):
            sortie = played.sorties.get(aircraft_id)
            if sortie is None:
                continue
            holder = seat_holder(ledger, pilot_id)
            line = self._record(holder, sortie.kills_this_game, sortie.status, number, game.title)
            outcome.notes.append(line)
            if holder.status != ACTIVE:
                outcome.entities[holder.id] = holder.status
                outcome.losses[holder.side] = outcome.losses.get(holder.side, 0) + 1
        ledger.sorties.append(
            Sortie(
                number=number,
                day=number,
                slot=0,
                formation="+".join(sorted({e.side for e in ledger.entities})),
                target=game.title,
                seed=seed,
                status="flown",
                timeline=name,
                outcome=outcome,
                aircraft={
                    side: sum(1 for p in game.seats.values() if ledger.entity(p).side == side)
                    for side in sorted({ledger.entity(p).side for p in game.seats.values()})
                },
            )
        )
        self.say(f"game {number}: {game.title} (seed {seed}) -> {name}")
        for line in outcome.notes:
            self.say(f"  {line}")

    def _scenario_path(self, scenario: str) -> Path | str:
        beside = self.folder / scenario
        return beside if beside.is_file() else scenario

    def _record(
        self, holder: EntityRecord, kills: int, status: str, number: int, title: str
    ) -> str:
        attributes = holder.attributes
        attributes["kills"] = int(attributes["kills"]) + kills
        attributes["games"] = int(attributes["games"]) + 1
        before = str(attributes["classification"])
        attributes["classification"] = skill_for_kills(int(attributes["kills"]))
        fate = {"crashed": KILLED, "falling": KILLED, "lost": MISSING}.get(status, ACTIVE)
        words = f"{attributes['name']}: {kills} kill(s), {attributes['kills']} in all"
        if attributes["classification"] != before:
            words += f", now {str(attributes['classification']).title()}"
        if fate != ACTIVE:
            holder.status = fate
            words += f"; {fate}"
            replacement = _replace(self.ledger, holder)
            words += f" ({replacement.attributes['name']} takes the seat)"
        holder.history.append(f"game {number}, {title}: {words}")
        return words


def result(ledger: Ledger) -> CampaignResult:
    """The side whose pilots scored the most kills in the campaign wins."""
    kills: dict[str, int] = {}
    for record in ledger.entities:
        scored = int(record.attributes["kills"]) - int(record.attributes["start_kills"])
        kills[record.side] = kills.get(record.side, 0) + scored
    ranked = sorted(kills.items(), key=lambda item: -item[1])
    if len(ranked) > 1 and ranked[0][1] == ranked[1][1]:
        return CampaignResult(winner=None, reason=f"kills even at {ranked[0][1]}", day=ledger.days)
    score = ", ".join(f"{side} {count}" for side, count in ranked)
    return CampaignResult(winner=ranked[0][0], reason=f"most kills ({score})", day=ledger.days)


def campaign_problems(campaign: FcCampaign, folder: Path) -> list[str]:
    """What is wrong between the campaign and its scenarios: a scenario not found or not
    Fighter Command's, a seat naming no aircraft, a pilot in an enemy's aircraft."""
    problems: list[str] = []
    for index, game in enumerate(campaign.games):
        where = f"games[{index}]"
        beside = folder / game.scenario
        try:
            scenario = load_scenario(
                find_scenario(str(beside if beside.is_file() else game.scenario))
            )
        except ScenarioNotFound:
            ours = ", ".join(
                f"fc/{f.name.removesuffix('.toml')}"
                for f in shipped()
                if Path(str(f)).parent.name == "fc"
            )
            problems.append(
                f"{where}.scenario: no file {game.scenario!r} beside the campaign and no shipped "
                f"scenario by that name (Fighter Command's: {ours})"
            )
            continue
        except (ValueError, OSError) as error:
            problems.append(f"{where}.scenario: {error}")
            continue
        if not isinstance(scenario, FcScenario):
            problems.append(f"{where}.scenario: {game.scenario} is not a Fighter Command scenario")
            continue
        sides = {a.entity_id: a.side for a in scenario.aircraft}
        for aircraft, pilot_id in game.seats.items():
            if aircraft not in sides:
                problems.append(
                    f"{where}.seats.{aircraft}: no aircraft {aircraft!r} in {game.scenario} "
                    f"(it has {', '.join(sorted(sides))})"
                )
            elif campaign.pilot(pilot_id).side != sides[aircraft]:
                problems.append(
                    f"{where}.seats.{aircraft}: {pilot_id} flies for "
                    f"{campaign.pilot(pilot_id).side}, "
                    f"the aircraft for {sides[aircraft]}"
                )
    return problems
