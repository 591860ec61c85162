"""The campaign rules of a Phantoms campaign that are played off the mat: the starting
ledger, the opening night raids, which squadron strikes what, how many defenders meet a
raid, the weather, what a strike's damage costs on the ground, when an airfield is out,
and the victory conditions (U-p.13–14; each reading is in docs/rulings.md, "Phantoms: the
Operation Musketeer campaign").

Every die goes through :class:`engine.dice.Dice` with a purpose citing the rule, and is
copied into the ledger's sortie it belongs to.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from engine.campaign import (
    CampaignResult,
    EntityRecord,
    Formation,
    Ledger,
    Outcome,
    RollRecord,
    Sortie,
)
from engine.dice import Dice
from engine.phantoms.dice import d10
from models.phantoms.campaign import Airfield, PhantomsCampaign, Squadron

OPERATIONAL = "operational"
OUT = "out"
"""An airfield's two statuses in the ledger."""
STOOD_DOWN = "stood down"
"""A squadron broken by its losses (U-p.14) flies no more."""
DAMAGE_ORDER = ("none", "light", "heavy", "destroyed")
PHASE_3_CANCELLED = "last_phase_cancelled"
"""The ledger flag set when the landings are cancelled (U-p.14)."""


def pool_id(airfield_id: str, type_id: str) -> str:
    """The formation of one type's aircraft at one airfield: ``abu-sueir/mig-15bis``."""
    return f"{airfield_id}/{type_id}"


def rolls_of(dice: Dice, since: int = 0) -> list[RollRecord]:
    """The dice's rolls from ``since`` on, as the ledger keeps them (a d10 read 1–10)."""
    return [
        RollRecord(
            kind=roll.kind,
            value=10 if roll.kind == "d10" and roll.value == 0 else roll.value,
            purpose=roll.purpose,
        )
        for roll in dice.rolls[since:]
    ]


# -- the start --------------------------------------------------------------------------


def start_ledger(campaign: PhantomsCampaign, campaign_file: str, digest: str, seed: int) -> Ledger:
    """A new ledger: the attackers' squadrons and the defenders' aircraft pools at their
    starting strength, every airfield operational."""
    attackers, defenders = campaign.attackers, campaign.defenders
    formations = [
        Formation(
            id=s.id,
            side=attackers.side,
            name=s.name,
            type=s.type,
            base=s.base,
            start_strength=s.aircraft,
            strength=s.aircraft,
        )
        for s in attackers.squadrons
    ]
    entities = []
    for airfield in defenders.airfields:
        for type_id, count in airfield.aircraft.items():
            formations.append(
                Formation(
                    id=pool_id(airfield.id, type_id),
                    side=defenders.side,
                    name=f"{airfield.name} {type_id}",
                    type=type_id,
                    base=airfield.id,
                    start_strength=count,
                    strength=count,
                )
            )
        entities.append(
            EntityRecord(
                id=airfield.id,
                kind="airfield",
                side=defenders.side,
                status=OPERATIONAL,
                attributes={
                    "name": airfield.name,
                    "hangars": "none",
                    "dispersal": "none",
                    "runway_cut_day": 0,
                },
            )
        )
    return Ledger(
        rules="phantoms",
        campaign=campaign.name,
        campaign_file=campaign_file,
        campaign_digest=digest,
        seed=seed,
        days=len(campaign.days),
        formations=formations,
        entities=entities,
    )


# -- the defenders' aircraft -----------------------------------------------------------


def based(ledger: Ledger, airfield_id: str) -> list[Formation]:
    """The aircraft pools at an airfield, most aircraft first."""
    pools = [f for f in ledger.formations if f.base == airfield_id]
    return sorted(pools, key=lambda f: (-f.strength, f.id))


def aircraft_at(ledger: Ledger, airfield_id: str) -> int:
    return sum(f.strength for f in ledger.formations if f.base == airfield_id)


def dispersal_size(aircraft: int) -> int:
    """The parked aircraft one strike finds in the dispersal it attacks: a quarter of the
    field's aircraft, rounded up, no more than 8 (ours: the EAF dispersed its aircraft;
    the shipped Abu Sueir mission's 8 is the most)."""
    return 0 if aircraft <= 0 else min(8, math.ceil(aircraft / 4))


def parked_losses(damage: str, parked: int) -> int:
    """Parked aircraft destroyed by a strike that leaves the dispersal ``damage``d (ours:
    destroyed, all; heavy, half; light, a quarter; each rounded up)."""
    share = {"none": 0.0, "light": 0.25, "heavy": 0.5, "destroyed": 1.0}[damage]
    return min(parked, math.ceil(parked * share))


def take_from_field(ledger: Ledger, airfield_id: str, count: int) -> dict[str, int]:
    """Aircraft lost on the ground at a field, taken from its largest pool first."""
    taken: dict[str, int] = {}
    for _ in range(count):
        pools = [p for p in based(ledger, airfield_id) if p.strength > 0]
        if not pools:
            break
        ledger.lose(pools[0].id, 1)
        taken[pools[0].id] = taken.get(pools[0].id, 0) + 1
    return taken


def can_launch(ledger: Ledger, airfield_id: str, day: int) -> bool:
    """Fighters take off from an operational airfield whose runway is not cut today."""
    field = ledger.entity(airfield_id)
    return field.status == OPERATIONAL and field.attributes.get("runway_cut_day") != day


@dataclass(frozen=True, slots=True)
class Interceptors:
    """The defenders' pairs up over one raid: (type, the pool each comes from)."""

    pairs: tuple[tuple[str, str], ...]


def interceptors(
    campaign: PhantomsCampaign, ledger: Ledger, day: int, dice: Dice, where: str
) -> Interceptors:
    """How many pairs meet the raid, and from which pools: one d10 (ours: none on 1–4,
    one pair on 5–7, two on 8–10; −2 on the first day, U-p.14's slow first response);
    the first pair MiG-15s, the second Vampires, each from the launching pool with the
    most aircraft of its type, the other type when none is left."""
    rules = campaign.defenders.interception
    roll = d10(dice, f"defending fighters up over {where}, day {day} (U-p.14, ours)")
    modified = roll + (rules.first_day_modifier if day == 1 else 0)
    wanted = 0 if modified <= rules.none_up_to else 1 if modified <= rules.one_pair_up_to else 2
    pairs: list[tuple[str, str]] = []
    spent: dict[str, int] = {}
    for number in range(wanted):
        order = rules.types[number % len(rules.types) :] + rules.types[: number % len(rules.types)]
        pool = _launch_pool(ledger, campaign.defenders.side, day, order, spent)
        if pool is None:
            break
        spent[pool.id] = spent.get(pool.id, 0) + 2
        pairs.append((pool.type, pool.id))
    return Interceptors(tuple(pairs))


def _launch_pool(
    ledger: Ledger, side: str, day: int, types: tuple[str, ...], spent: dict[str, int]
) -> Formation | None:
    for type_id in types:
        pools = [
            f
            for f in ledger.formations
            if f.type == type_id
            and f.side == side
            and f.strength - spent.get(f.id, 0) >= 2
            and can_launch(ledger, f.base, day)
        ]
        if pools:
            return sorted(pools, key=lambda f: (-(f.strength - spent.get(f.id, 0)), f.id))[0]
    return None


# -- the opening night --------------------------------------------------------------------


def night_raid(
    campaign: PhantomsCampaign, ledger: Ledger, number: int, seed: int, raid_index: int
) -> Sortie:
    """One opening night raid, resolved off the mat (U-p.14, ours): each bomber destroys a
    parked aircraft on a d10 of 10; one d10 of 4 or more cuts the runway, so no fighter
    takes off from it on day 1."""
    raid = campaign.night_raids[raid_index]
    rules = campaign.night_raid_rules
    dice = Dice.seeded(seed)
    name = campaign.target_name(raid.target)
    hits = sum(
        d10(
            dice,
            f"night raid on {name}, bomber {n} of {raid.bombers}: parked aircraft hit on "
            f"{rules.parked_hit_on}+ (U-p.14, ours)",
        )
        >= rules.parked_hit_on
        for n in range(1, raid.bombers + 1)
    )
    cut = (
        d10(
            dice,
            f"night raid on {name}: runway cut on {rules.runway_cut_on}+ (U-p.12, U-p.14, ours)",
        )
        >= rules.runway_cut_on
    )
    outcome = Outcome()
    taken = take_from_field(ledger, raid.target, hits)
    for pool, count in taken.items():
        outcome.losses[pool] = count
    field = ledger.entity(raid.target)
    if cut:
        field.attributes["runway_cut_day"] = 1
        field.history.append(f"night raid by {raid.by}: runway cut for day 1")
    destroyed = sum(taken.values())
    outcome.notes.append(
        f"{raid.by}, {raid.bombers} bombers: {destroyed} parked aircraft destroyed, "
        f"runway {'cut for day 1' if cut else 'still usable'}"
    )
    return Sortie(
        number=number,
        day=0,
        slot=raid_index,
        formation=raid.by,
        target=raid.target,
        seed=seed,
        status="resolved",
        aircraft={raid.by: raid.bombers},
        outcome=outcome,
        rolls=rolls_of(dice),
    )


# -- choosing the day's strikes ------------------------------------------------------------


def strike_squadrons(campaign: PhantomsCampaign) -> list[Squadron]:
    return [s for s in campaign.attackers.squadrons if s.role == "strike"]


def day_slots(campaign: PhantomsCampaign) -> list[tuple[int, Squadron]]:
    """The day's order: each strike squadron's first mission in file order, then each
    one's second (U-p.14: at most two a squadron a day; U-p.13's dawn and afternoon
    attacks)."""
    return [
        (wave, squadron)
        for wave in range(1, campaign.strikes_per_squadron_per_day + 1)
        for squadron in strike_squadrons(campaign)
    ]


def operational_airfields(campaign: PhantomsCampaign, ledger: Ledger) -> list[Airfield]:
    return [a for a in campaign.defenders.airfields if ledger.entity(a.id).status == OPERATIONAL]


def current_phase(campaign: PhantomsCampaign, ledger: Ledger, day: int) -> int:
    """The attack phase a strike flies (U-p.13–14, ours): from the check day on, once the
    airfields' check has let the landings go ahead, their close support (the last phase);
    before that the airfields while one still operates or still has aircraft on it; then
    army support."""
    last = len(campaign.phases)
    landings = last == 1 or (
        day >= campaign.victory.airfields_checked_on_day
        and ledger.flags.get(PHASE_3_CANCELLED) is False
    )
    if landings:
        return last
    for phase in campaign.phases[:-1]:
        airfields = [t for t in phase.targets if campaign.airfield(t) is not None]
        if not airfields or any(_standing(campaign, ledger, t) for t in airfields):
            return phase.number
    return max(1, last - 1)


def _standing(campaign: PhantomsCampaign, ledger: Ledger, target_id: str) -> bool:
    """An airfield is worth a strike while it operates or still has aircraft on it (the
    Venoms went for "hangars, repair facilities and aircraft", U-p.12); other objectives
    always stand."""
    if campaign.airfield(target_id) is None:
        return campaign.objective(target_id) is not None
    operating = ledger.entity(target_id).status == OPERATIONAL
    return operating or aircraft_at(ledger, target_id) > 0


def pick_target(
    campaign: PhantomsCampaign, ledger: Ledger, day: int, struck: set[str]
) -> tuple[int, str]:
    """(phase, target) for the next strike: in phase 1 the operational airfield with the
    most aircraft based that no squadron has struck in this wave (``struck``), ties in the
    file's order (ours); in the other phases their first target."""
    phase_number = current_phase(campaign, ledger, day)
    phase = campaign.phases[phase_number - 1]
    standing = [t for t in phase.targets if _standing(campaign, ledger, t)] or list(phase.targets)
    if campaign.airfield(standing[0]) is not None:
        fresh = [t for t in standing if t not in struck] or standing
        best = sorted(fresh, key=lambda t: (-aircraft_at(ledger, t), standing.index(t)))
        return phase_number, best[0]
    return phase_number, standing[0]


def weather_scrub(campaign: PhantomsCampaign, day: int, dice: Dice, who: str) -> bool:
    """Under storms over the base a strike is scrubbed on a d10 of 1–4 (U-p.14, ours)."""
    weather = campaign.days[day - 1].weather
    if weather != "storms-over-base":
        return False
    roll = d10(
        dice,
        f"{who}, day {day}: storms over the base scrub the strike on 1–"
        f"{campaign.attackers.storm_scrub_up_to} (U-p.14, ours)",
    )
    return roll <= campaign.attackers.storm_scrub_up_to


# -- after a strike ---------------------------------------------------------------------


def airfield_out(hangars: str, dispersal: str) -> bool:
    """An airfield is out once its hangars are heavily damaged or destroyed, or damaged
    with its dispersal destroyed (U-p.13: "hangars and parked aircraft destroyed or
    damaged"; ours); it stays out for the rest of the campaign."""
    worse = DAMAGE_ORDER.index
    return worse(hangars) >= worse("heavy") or (
        worse(hangars) >= worse("light") and dispersal == "destroyed"
    )


def worse_damage(a: str, b: str) -> str:
    return a if DAMAGE_ORDER.index(a) >= DAMAGE_ORDER.index(b) else b


def stand_down_broken(campaign: PhantomsCampaign, ledger: Ledger) -> list[str]:
    """Squadrons at or below half their start are broken and stood down (U-p.14: "each
    squadron is individually assessed"); returns the newly stood down."""
    limit = campaign.victory.squadron_broken_at_percent / 100
    newly = []
    for squadron in campaign.attackers.squadrons:
        formation = ledger.formation(squadron.id)
        if formation.status != STOOD_DOWN and formation.share_left() <= limit:
            formation.status = STOOD_DOWN
            newly.append(squadron.id)
    return newly


# -- victory ----------------------------------------------------------------------------


def defenders_strength(campaign: PhantomsCampaign, ledger: Ledger) -> tuple[int, int]:
    return ledger.side_strength(campaign.defenders.side)


def victory(campaign: PhantomsCampaign, ledger: Ledger, day: int) -> CampaignResult | None:
    """The campaign's end, if a side has met its condition (U-p.14): the defenders
    destroyed or below half their starting aircraft (they withdraw), or half the
    attacking squadrons broken, each assessed on its own (ours: the defenders' condition
    is read first when both are met by one sortie, as the strike that broke the last
    squadron also did its damage)."""
    now, start = defenders_strength(campaign, ledger)
    limit = campaign.victory.defender_withdraws_below_percent
    attackers, defenders = campaign.attackers, campaign.defenders
    if now == 0 or now * 100 < start * limit:
        how = "destroyed" if now == 0 else f"down to {now} of {start} aircraft, below {limit}%"
        return CampaignResult(
            winner=attackers.side,
            day=day,
            reason=f"the {defenders.name} is {how} and withdraws (U-p.14)",
        )
    squadrons = attackers.squadrons
    broken = [s for s in squadrons if ledger.formation(s.id).status == STOOD_DOWN]
    if len(broken) * 100 >= len(squadrons) * campaign.victory.broken_squadrons_percent:
        names = ", ".join(s.name for s in broken)
        return CampaignResult(
            winner=defenders.side,
            day=day,
            reason=f"{len(broken)} of {len(squadrons)} {attackers.name} "
            f"squadrons broken at half strength or less ({names}) (U-p.14)",
        )
    return None


def check_airfields_on_day(campaign: PhantomsCampaign, ledger: Ledger, day: int) -> str | None:
    """At the start of the check day, an airfield still operating cancels the last phase
    and the landings (U-p.14); returns the note, once."""
    if day != campaign.victory.airfields_checked_on_day or PHASE_3_CANCELLED in ledger.flags:
        return None
    working = [a.name for a in operational_airfields(campaign, ledger)]
    ledger.flags[PHASE_3_CANCELLED] = bool(working)
    last = campaign.phases[-1]
    if working:
        return (
            f"day {day}: {', '.join(working)} still operational: phase {last.number} "
            f"({last.name}) is cancelled and the invasion with it (U-p.14)"
        )
    return f"day {day}: no airfield operates: phase {last.number} ({last.name}) may go ahead"


def ceasefire(campaign: PhantomsCampaign, ledger: Ledger) -> CampaignResult:
    """After the last day with no side's condition met: no victory (ours)."""
    now, start = defenders_strength(campaign, ledger)
    landings = "cancelled" if ledger.flags.get(PHASE_3_CANCELLED) else "not cancelled"
    return CampaignResult(
        winner=None,
        day=len(campaign.days),
        reason=f"ceasefire after day {len(campaign.days)}: the "
        f"{campaign.defenders.name} keeps {now} of {start} aircraft, no "
        f"side's condition is met; the landings were {landings} (U-p.14)",
    )
