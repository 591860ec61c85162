"""A Phantoms campaign played day by day (U-p.13–14, Operation Musketeer): the opening
night raids resolved off the mat, then each day's strikes in the attack-phase order, each
one built as a Phantoms scenario (:mod:`engine.phantoms.campaign_mission`), played by the
AI pilots, and its outcome carried into the ledger — aircraft lost by squadron and pool,
parked aircraft destroyed, airfields put out — until a side wins or the days run out.

The runner does no I/O of its own: it hands each timeline and the ledger, after every
sortie, to the caller's ``save`` functions, and each line of its report to ``say``.  Every
sortie plays from its own derived seed (:func:`engine.campaign.derived_seed`), so a
campaign resumed from its ledger plays on exactly as an unbroken one.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from engine.campaign import (
    CampaignResult,
    Cursor,
    EntityRecord,
    Ledger,
    Outcome,
    Sortie,
    derived_seed,
)
from engine.dice import Dice
from engine.phantoms.campaign_mission import StrikePlan, strike_scenario
from engine.phantoms.campaign_rules import (
    OUT,
    STOOD_DOWN,
    aircraft_at,
    airfield_out,
    ceasefire,
    check_airfields_on_day,
    day_slots,
    defenders_strength,
    dispersal_size,
    interceptors,
    night_raid,
    parked_losses,
    pick_target,
    rolls_of,
    stand_down_broken,
    take_from_field,
    victory,
    weather_scrub,
    worse_damage,
)
from models.phantoms.campaign import PhantomsCampaign, Squadron
from models.timeline import Timeline

CAMPAIGN_DICE = 1
"""The second part of a sortie's seed path for the campaign's own dice (the game's seed
is ``derived_seed(seed, number)``, the campaign's ``derived_seed(seed, number, 1)``)."""
WAVE_WORDS = {1: "dawn", 2: "afternoon"}
TIMELINE_SUFFIX = ".furball.npz"


def timeline_name(day: int, squadron_id: str, wave: int, target: str) -> str:
    """``day1-6sqn-1-abu-sueir.furball.npz``: day, squadron, the day's strike, target."""
    return f"day{day}-{squadron_id.replace('-', '')}-{wave}-{target}{TIMELINE_SUFFIX}"


@dataclass
class CampaignRunner:
    """Plays a campaign on from its ledger's cursor."""

    campaign: PhantomsCampaign
    ledger: Ledger
    say: Callable[[str], None]
    save_ledger: Callable[[Ledger], None]
    save_timeline: Callable[[str, Timeline], None]

    # -- the whole campaign ---------------------------------------------------------------
    def play(self, until_day: int | None = None) -> Ledger:
        """Play on to the end of ``until_day`` (the last day by default), or the end."""
        last = len(self.campaign.days) if until_day is None else until_day
        last = min(last, len(self.campaign.days))
        if self.ledger.finished:
            return self.ledger
        if self.ledger.cursor.day == 0:
            self._opening()
        while not self.ledger.finished and 1 <= self.ledger.cursor.day <= last:
            self._day(self.ledger.cursor.day)
        if not self.ledger.finished and self.ledger.cursor.day > len(self.campaign.days):
            self._finish(ceasefire(self.campaign, self.ledger))
        return self.ledger

    def _finish(self, result: CampaignResult) -> None:
        self.ledger.result = result
        self.ledger.notes.append(f"result: {result.reason}")
        self.save_ledger(self.ledger)

    # -- the opening night ------------------------------------------------------------------
    def _opening(self) -> None:
        raids = self.campaign.night_raids
        if self.ledger.cursor.slot == 0 and raids:
            self.say("the opening night raids (U-p.14), resolved off the mat:")
        for index in range(self.ledger.cursor.slot, len(raids)):
            number = self.ledger.next_sortie_number()
            sortie = night_raid(
                self.campaign, self.ledger, number, derived_seed(self.ledger.seed, number), index
            )
            next_cursor = (
                Cursor(day=0, slot=index + 1) if index + 1 < len(raids) else Cursor(day=1, slot=0)
            )
            self.ledger.record_sortie(sortie, next_cursor)
            self.save_ledger(self.ledger)
            name = self.campaign.target_name(sortie.target)
            self.say(f"  night  {name}: {sortie.outcome.notes[0]}")
        self.ledger.cursor = Cursor(day=1, slot=0)
        result = victory(self.campaign, self.ledger, 0)
        if result is not None:
            self._finish(result)
        else:
            self.save_ledger(self.ledger)

    # -- one day ----------------------------------------------------------------------------
    def _day(self, day: int) -> None:
        campaign, ledger = self.campaign, self.ledger
        info = campaign.days[day - 1]
        if ledger.cursor.slot == 0:
            self.say(f"day {day}, {info.date.isoformat()}: weather {info.weather}")
            note = check_airfields_on_day(campaign, ledger, day)
            if note is not None:
                ledger.notes.append(note)
                self.say(f"  {note}")
                self.save_ledger(ledger)
        slots = day_slots(campaign)
        for slot in range(ledger.cursor.slot, len(slots)):
            wave, squadron = slots[slot]
            next_cursor = Cursor(day=day, slot=slot + 1)
            formation = ledger.formation(squadron.id)
            if formation.status == STOOD_DOWN or formation.strength == 0:
                ledger.cursor = next_cursor
                continue
            self._strike(day, slot, wave, squadron, next_cursor)
            if ledger.finished:
                return
        self._close_day(day)

    def _close_day(self, day: int) -> None:
        campaign, ledger = self.campaign, self.ledger
        now, start = defenders_strength(campaign, ledger)
        notes = [f"{campaign.defenders.name}: {now} of {start} aircraft"]
        record = ledger.close_day(day, notes)
        self.say(f"end of day {day}:")
        for squadron in campaign.attackers.squadrons:
            formation = ledger.formation(squadron.id)
            stood = f" ({formation.status})" if formation.status != "active" else ""
            self.say(
                f"  {squadron.name:<18} {formation.strength:>3} of "
                f"{formation.start_strength}{stood}"
            )
        self.say(f"  {notes[0]}")
        for airfield in campaign.defenders.airfields:
            status = record.statuses[airfield.id]
            self.say(
                f"  {airfield.name:<18} {status:<12} {aircraft_at(ledger, airfield.id):>3} aircraft"
            )
        ledger.cursor = Cursor(day=day + 1, slot=0)
        self.save_ledger(ledger)

    # -- one strike -------------------------------------------------------------------------
    def _strike(
        self, day: int, slot: int, wave: int, squadron: Squadron, next_cursor: Cursor
    ) -> None:
        campaign, ledger = self.campaign, self.ledger
        number = ledger.next_sortie_number()
        seed = derived_seed(ledger.seed, number)
        dice = Dice.seeded(derived_seed(ledger.seed, number, CAMPAIGN_DICE))
        formation = ledger.formation(squadron.id)
        strikers = min(campaign.attackers.flight_size, formation.strength)
        when = WAVE_WORDS.get(wave, f"strike {wave}")
        if weather_scrub(campaign, day, dice, squadron.name):
            sortie = Sortie(
                number=number,
                day=day,
                slot=slot,
                formation=squadron.id,
                target="",
                seed=seed,
                status="scrubbed",
                outcome=Outcome(notes=["scrubbed by storms over the base"]),
                rolls=rolls_of(dice),
            )
            ledger.record_sortie(sortie, next_cursor)
            self.save_ledger(ledger)
            self.say(f"  day {day} {when:<9} {squadron.name:<18} scrubbed: storms over the base")
            return
        struck = {
            s.target
            for s in ledger.sorties
            if s.day == day and s.status == "flown" and _wave(s, campaign) == wave
        }
        phase, target = pick_target(campaign, ledger, day, struck)
        name = campaign.target_name(target)
        up = interceptors(campaign, ledger, day, dice, name)
        airborne_here = sum(2 for _, pool in up.pairs if ledger.formation(pool).base == target)
        parked = 0
        if campaign.airfield(target) is not None:
            parked = dispersal_size(max(0, aircraft_at(ledger, target) - airborne_here))
        cover = next((s for s in campaign.attackers.squadrons if s.role == "cover"), None)
        cover_aircraft = 0
        if cover is not None and ledger.formation(cover.id).status != STOOD_DOWN:
            cover_aircraft = min(campaign.attackers.cover_size, ledger.formation(cover.id).strength)
        plan = StrikePlan(
            day=day,
            wave=wave,
            squadron=squadron,
            strikers=strikers,
            target=target,
            parked=parked,
            cover=cover,
            cover_aircraft=cover_aircraft,
            fighters=up.pairs,
            seed=seed,
            phase=phase,
        )
        built = strike_scenario(campaign, plan)
        from engine.phantoms.game import PhantomsGame

        game = PhantomsGame(built.scenario)
        timeline = game.run()
        file_name = timeline_name(day, squadron.id, wave, target)
        self.save_timeline(file_name, timeline)
        outcome = self._outcome(game, built.formation_of, plan, number)
        taking_part: dict[str, int] = {}
        for formation_id in built.formation_of.values():
            taking_part[formation_id] = taking_part.get(formation_id, 0) + 1
        sortie = Sortie(
            number=number,
            day=day,
            slot=slot,
            formation=squadron.id,
            target=target,
            seed=seed,
            status="flown",
            phase=phase,
            aircraft=taking_part,
            timeline=file_name,
            outcome=outcome,
            rolls=rolls_of(dice),
        )
        newly = stand_down_broken(campaign, ledger)
        for squadron_id in newly:
            note = f"{ledger.formation(squadron_id).name} is at half strength or less: stood down"
            outcome.notes.append(note + " (U-p.14)")
        ledger.record_sortie(sortie, next_cursor)
        result = victory(campaign, ledger, day)
        self.save_ledger(ledger)
        self.say(
            f"  day {day} {when:<9} {squadron.name:<18} {name} (phase {phase}): "
            + "; ".join(outcome.notes)
        )
        if result is not None:
            self._finish(result)

    def _outcome(
        self, game: object, formation_of: dict[str, str], plan: StrikePlan, number: int
    ) -> Outcome:
        """Losses by formation, damage on the ground and what it does to the target."""
        from engine.phantoms.game import PhantomsGame

        assert isinstance(game, PhantomsGame)
        campaign, ledger = self.campaign, self.ledger
        outcome = Outcome()
        lost_words: dict[str, list[str]] = {
            campaign.attackers.side: [],
            campaign.defenders.side: [],
        }
        kills = {e.entities[0]: e.detail for e in game.events if e.kind == "kill" and e.entities}
        for plane in game.planes.values():
            if plane.destroyed or plane.crashed:
                formation_id = formation_of[plane.id]
                ledger.lose(formation_id, 1)
                outcome.losses[formation_id] = outcome.losses.get(formation_id, 0) + 1
                words, how, crew = loss_words(game.callsign(plane), kills.get(plane.id, ""))
                lost_words.setdefault(plane.side, []).append(words)
                record = EntityRecord(
                    id=f"sortie-{number}/{plane.id}",
                    kind="aircraft",
                    side=plane.side,
                    status="lost",
                    formation=formation_id,
                    attributes={"type": game.setups[plane.id].type, "cause": how, "crew": crew},
                    history=[f"day {plan.day}: {words}"],
                )
                ledger.entities.append(record)
                outcome.entities[record.id] = "lost"
        up = sum(2 for _ in plan.fighters)
        outcome.notes.append(f"{plan.strikers} strikers, {up} fighters up")
        for side, words_lost in lost_words.items():
            outcome.notes.append(f"{side.upper()} lost: " + (", ".join(words_lost) or "none"))
        units = getattr(game.ground, "units", {})
        for unit_id, unit in units.items():
            outcome.ground[unit_id] = str(unit.damage)
        airfield = campaign.airfield(plan.target)
        if airfield is None:
            outcome.notes.append(f"{plan.target}: {outcome.ground.get(plan.target, 'none')}")
            return outcome
        record = ledger.entity(airfield.id)
        dispersal = outcome.ground.get("parked-aircraft", "none")
        hangars = outcome.ground.get("hangars", "none")
        if plan.parked > 0:
            destroyed = parked_losses(dispersal, plan.parked)
            for pool, count in take_from_field(ledger, airfield.id, destroyed).items():
                outcome.losses[pool] = outcome.losses.get(pool, 0) + count
            outcome.notes.append(f"parked {destroyed} of {plan.parked} destroyed")
        record.attributes["hangars"] = worse_damage(str(record.attributes["hangars"]), hangars)
        record.attributes["dispersal"] = dispersal
        outcome.notes.append(f"hangars {record.attributes['hangars']}")
        if airfield_out(str(record.attributes["hangars"]), dispersal) and ledger.set_status(
            airfield.id, OUT, f"day {plan.day}: put out by {plan.squadron.name}"
        ):
            outcome.entities[airfield.id] = OUT
            outcome.notes.append(f"{airfield.name} is out of action")
        return outcome


_KILL = re.compile(r"^(?P<name>.*?) destroyed \((?P<how>.*)\)(, crew (?P<crew>\w+))?$")


def loss_words(callsign: str, detail: str) -> tuple[str, str, str]:
    """(``Venom 3 (AAA Bofors 40 mm L/60, crew ejected)``, the cause, the crew's fate) from
    the game's kill event."""
    match = _KILL.match(detail)
    if match is None:
        how = detail.removeprefix(callsign).strip() or "destroyed"
        return f"{callsign} ({how})", how, "unknown"
    crew = match["crew"] or "unknown"
    fate = "" if crew == "unknown" else f", crew {crew}"
    return f"{callsign} ({match['how']}{fate})", match["how"], crew


def _wave(sortie: Sortie, campaign: PhantomsCampaign) -> int:
    """Which of the day's strikes a sortie was, from its slot."""
    per_wave = len([s for s in campaign.attackers.squadrons if s.role == "strike"])
    return sortie.slot // per_wave + 1
