"""The purpose recorded with each die roll: ``"departure check, Red 1, turn 7"``.

Every roll the engine makes carries its purpose, the text a game log and the ``dice`` events
show (DESIGN: "Dice are explicit"). Each roll's text is written here and nowhere else, by a
builder named after the roll, grouped by the rule that makes it, in one shape: *what*,
*who* (and *on whom*), *game-turn*. A game log's recorded rolls and the golden playthroughs
print these texts, so changing one changes every log that shows it.
"""

from __future__ import annotations

# -- the shapes ----------------------------------------------------------------------------


def purpose(what: str, who: str, turn: int, *, on: str | None = None) -> str:
    """``"<what>, <who>, turn <n>"``, or ``"<what>, <who> on <target>, turn <n>"``."""
    aimed = f"{who} on {on}" if on is not None else who
    return f"{what}, {aimed}, turn {turn}"


def crew_purpose(what: str, member: str, who: str, turn: int) -> str:
    """A roll for one crew member: ``"crew G check, pilot, Red 1, turn 3"``."""
    return f"{what}, {member}, {who}, turn {turn}"


def pair_purpose(what: str, who: str, other: str, turn: int) -> str:
    """A roll between two aircraft: ``"collision avoidance, Red 1 with Blue 1, turn 4"``."""
    return f"{what}, {who} with {other}, turn {turn}"


# -- Set Throttle (SoP 02) and "Compressor Stall" -------------------------------------------


def compressor_stall(who: str, turn: int) -> str:
    """The Compressor Stall Pips roll for an advancing throttle ("Compressor Stall")."""
    return purpose("compressor stall", who, turn)


def stalled_engine(who: str, turn: int) -> str:
    """Which engine of a multi-engine type stalls ("Compressor Stall")."""
    return purpose("stalled engine", who, turn)


def compressor_stall_restart(engine: str, turn: int) -> str:
    """A stalled engine's restart roll at the end of the game-turn ("Compressor Stall");
    ``engine`` names it: ``"Red 1 engine 2"``."""
    return purpose("compressor stall restart", engine, turn)


# -- Flight Effects (SoP 04) -----------------------------------------------------------------


def overspeed_check(who: str, turn: int) -> str:
    """The Overspeed check ("Overspeed", SoP 04)."""
    return purpose("overspeed check", who, turn)


def structure_check(who: str, turn: int) -> str:
    """The Structure G check ("Structural Limits", SoP 04)."""
    return purpose("structure G check", who, turn)


def structure_criticals(who: str, turn: int) -> str:
    """The critical hits a failed Structure G check adds ("Structural Limits", SoP 04)."""
    return purpose("structure criticals", who, turn)


def crew_g_check(member: str, who: str, turn: int) -> str:
    """A crew member's G check ("Crew G Effects", SoP 04)."""
    return crew_purpose("crew G check", member, who, turn)


def loc_value(member: str, who: str, turn: int) -> str:
    """A crew member's Loss of Consciousness value ("G-LOC", SoP 04)."""
    return crew_purpose("LOC value", member, who, turn)


def crew_fatigue(member: str, who: str, turn: int) -> str:
    """A crew member's Fatigue check ("Fatigue", SoP 04)."""
    return crew_purpose("crew fatigue", member, who, turn)


def g_onset(member: str, who: str, turn: int) -> str:
    """A crew member's G Onset check at the end of plotting ("G Onset", SoP 03)."""
    return crew_purpose("G onset", member, who, turn)


def loc_intercom(member: str, who: str, turn: int) -> str:
    """A crewmate's help over the intercom for an unconscious member ("G-LOC Recovery")."""
    return crew_purpose("LOC intercom", member, who, turn)


# -- Departure and spins (SoP 05-06) ---------------------------------------------------------


def departure_check(who: str, turn: int) -> str:
    """The Departure check ("Departure", SoP 06)."""
    return purpose("departure check", who, turn)


def max_lift_departure(who: str, turn: int) -> str:
    """The d10 of a departure past Max-Lift ("Of Max Aero Load")."""
    return purpose("Max-Lift departure", who, turn)


def spin_check(who: str, turn: int) -> str:
    """Whether a departure spins or is a High-Speed Departure ("Departure", SoP 06)."""
    return purpose("spin check", who, turn)


def spin_recovery(who: str, turn: int) -> str:
    """A spinning aircraft's recovery roll ("Spin Recovery", SoP 05)."""
    return purpose("spin recovery", who, turn)


def spin_gyrations(who: str, turn: int) -> str:
    """A spinning aircraft's gyrations ("Spinning", SoP 03)."""
    return purpose("spin gyrations", who, turn)


def uncontrolled_play(who: str, turn: int) -> str:
    """Where in its wedge an uncontrolled aircraft ends its move ("Using Play When
    Uncontrolled", SoP 03)."""
    return purpose("uncontrolled play", who, turn)


# -- Combat: guns (SoP 07) -------------------------------------------------------------------


def gun_attack(who: str, target: str, turn: int) -> str:
    """One gun attack, which its rolls name: ``"gun attack, Red 1 on Blue 1, turn 4"``
    ("Gun Combat", SoP 07). ``target`` may be empty (an attack with no named target)."""
    return purpose("gun attack", who, turn, on=target or "target")


def pipper_on(attack: str) -> str:
    """The Pipper On roll of ``attack`` (a :func:`gun_attack`) ("Gun Combat", SoP 07)."""
    return f"pipper on, {attack}"


def gun_damage(attack: str, gun: str, shot_type: str) -> str:
    """The Damage Pips of one gun's shot in ``attack`` ("Gun Combat", SoP 07)."""
    return f"{attack} ({gun}, {shot_type} shot)"


def gun_criticals(attack: str, gun: str) -> str:
    """The critical hits of one gun's shot in ``attack`` ("Gun Combat", SoP 07)."""
    return f"critical hits, {attack} ({gun})"


# -- Combat: missiles (SoP 07) ---------------------------------------------------------------


def missile_launch(launcher: str, type_id: str, turn: int) -> str:
    """The launch (reliability) roll ("Missile Launch", SoP 07)."""
    return purpose("missile launch", f"{launcher} {type_id}", turn)


def _missile(missile: str, type_id: str, target: str, turn: int) -> str:
    return f"{missile} {type_id} on {target}, turn {turn}"


def missile_attack(missile: str, type_id: str, target: str, turn: int) -> str:
    """The missile's Attack Pips ("Missile Attack", SoP 07)."""
    return f"missile attack, {_missile(missile, type_id, target, turn)}"


def missile_defense(missile: str, type_id: str, target: str, turn: int) -> str:
    """The target's Defense Pips against the missile ("Missile Attack", SoP 07)."""
    return f"missile defense, {_missile(missile, type_id, target, turn)}"


def missile_warhead(missile: str, type_id: str, target: str, turn: int) -> str:
    """The damage of a missile hit ("Missile Attack", SoP 07)."""
    return f"missile warhead, {_missile(missile, type_id, target, turn)}"


def missile_direct_hit(missile: str, type_id: str, target: str, turn: int) -> str:
    """Whether a missile hit is a direct hit ("Missile Attack", SoP 07)."""
    return f"missile direct hit, {_missile(missile, type_id, target, turn)}"


# -- Damage (SoP 07, SoP 11) -----------------------------------------------------------------


def damage_to(who: str, source: str | None, turn: int) -> str:
    """Damage to ``who`` (by ``source``), which its critical-hit rolls name ("Damage")."""
    by = f", by {source}" if source else ""
    return f"{who}{by}, turn {turn}"


def critical_of(number: int, criticals: int, damage: str) -> str:
    """The ``number``-th of ``criticals`` critical hits of ``damage`` (a :func:`damage_to`)
    ("Critical Hits")."""
    return f"{number} of {criticals} on {damage}"


def critical_hit_system(hit: str) -> str:
    """Which system a critical hit strikes ("Critical Hits")."""
    return f"critical hit system, {hit}"


def critical_hit_engine(hit: str) -> str:
    """Which engine a critical hit on the engines strikes ("Critical Hits")."""
    return f"critical hit engine, {hit}"


def critical_hit_result(system: str, hit: str) -> str:
    """What a critical hit does to ``system`` ("Critical Hits")."""
    return f"critical hit result ({system}), {hit}"


def progressive_damage(system: str, who: str, turn: int) -> str:
    """A damaged system's Progressive Damage roll ("Progressive Damage", SoP 11)."""
    return purpose(f"progressive damage ({system})", who, turn)


def progressive_critical(who: str, turn: int) -> str:
    """The critical hit Progressive Damage adds, which its rolls name ("Progressive
    Damage", SoP 11)."""
    return purpose("progressive", who, turn)


# -- Collisions, Ejection, after the battle ---------------------------------------------------


def collision_avoidance(who: str, other: str, turn: int) -> str:
    """Each party's avoidance roll ("Collisions")."""
    return pair_purpose("collision avoidance", who, other, turn)


def collision_damage(who: str, other: str, turn: int) -> str:
    """The damage a collision does to ``who`` ("Collisions")."""
    return pair_purpose("collision damage", who, other, turn)


def ejection(crew: str, turn: int) -> str:
    """A crew member's ejection roll ("Ejection", SoP 11)."""
    return purpose("ejection", crew, turn)


def post_battle_fate(crew: str) -> str:
    """A crew member's fate after the battle ("Post-Battle Fate"); no game-turn."""
    return f"post-battle fate, {crew}"


# -- Order of Flight Determination (SoP 08) --------------------------------------------------


def initiative(callsign: str, turn: int) -> str:
    """An aircraft's Initiative roll (SoP 08)."""
    return purpose("initiative", callsign, turn)


def initiative_rolloff(number: int, callsign: str, turn: int) -> str:
    """The ``number``-th roll-off of an Initiative tie (SoP 08)."""
    return purpose(f"initiative roll-off {number}", callsign, turn)


def fix_attempt(fixer: str, target: str, turn: int) -> str:
    """A pilot's Fix attempt (SoP 08)."""
    return purpose("fix attempt", fixer, turn, on=target)


# -- Visual Sighting (SoP 09) and communications ---------------------------------------------


def search(name: str, observer: str, target: str, turn: int) -> str:
    """A search for ``target`` by its rule's ``name``, "Visual Search" or "Quick Search"
    (SoP 09)."""
    return f"{name.lower()}, {observer} for {target}, turn {turn}"


def tally(observer: str, target: str, turn: int, cue: str | None = None) -> str:
    """The roll to keep a spot, or to gain one by a ``cue`` such as a radio call or a HUD
    contact ("Tally", SoP 09)."""
    return purpose("tally" if cue is None else f"tally by {cue}", observer, turn, on=target)


def communications_receipt(who: str, about: str, turn: int | None) -> str:
    """Whether a busy crew member hears a radio message ("Communications Receipt"); the
    game-turn is the one its Activity Points are kept for."""
    return f"communications receipt, {who} about {about}, turn {turn}"


# -- Sensors (SoP 10) ------------------------------------------------------------------------


def closest_target(who: str, turn: int) -> str:
    """Which of equally close contacts a radar takes ("Radar", SoP 10)."""
    return purpose("closest target", f"{who} radar", turn)


def lookdown(who: str, target: str, turn: int) -> str:
    """The Lookdown modifier of a radar attempt on a low target ("Lookdown", SoP 10)."""
    return purpose("lookdown", f"{who} radar", turn, on=target)


def radar_acquisition(who: str, target: str, turn: int) -> str:
    """A radar's Acquisition Pips roll ("Radar Acquisition", SoP 10)."""
    return purpose("radar acquisition", who, turn, on=target)


def radar_roll(procedure: str, who: str, target: str, turn: int) -> str:
    """A radar's d10 roll by ``procedure`` ("Radar Maintenance (STT)", "Track Conversion
    (Srch)", "Missile Seeker Maintenance"; SoP 10)."""
    return purpose(procedure, who, turn, on=target)


def irm_acquisition(who: str, type_id: str, target: str, turn: int) -> str:
    """An IR missile seeker's acquisition ("IRM Acquisition", SoP 10)."""
    return purpose("IRM acquisition", f"{who} {type_id}", turn, on=target)


def infrared_roll(procedure: str, who: str, sensor: str, target: str, turn: int) -> str:
    """An IR sensor's d10 roll by ``procedure`` (an IRM's or IRST's maintenance, a slaved or
    cued acquisition; SoP 10); ``sensor`` is the missile type or "IRST"."""
    return purpose(procedure, f"{who} {sensor}", turn, on=target)


def irst_acquisition(who: str, target: str, turn: int) -> str:
    """An IRST's acquisition ("IRST", SoP 10)."""
    return purpose("IRST acquisition", who, turn, on=target)


def rwr_warning(who: str, emitter: str, turn: int) -> str:
    """Whether a busy crew notices the RWR's warning of ``emitter`` ("RWR", SoP 10)."""
    return f"RWR warning, {who} from {emitter}, turn {turn}"
