"""Combat in the game loop (SoP 07): the glue between the game's state and the gun and
missile procedures.

:class:`CombatPlay` answers what the combat rules ask of the game — whether a pilot can
engage or defend (Guns Engagement, Guns Defense), whether a target saw a launch and defends
(Missile Defense, warning calls), what the sensors hold for a launch, a missile's guidance and
seeker in flight — and resolves gun combat after movement.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import numpy.typing as npt

from engine.bop.activity import TaskRefused, receive_message
from engine.bop.aircraft_state import AircraftState
from engine.bop.awareness import Awareness
from engine.bop.combat import Combatant, GunSubPhase, Placement, gun_combat
from engine.bop.crew import pay_missile_defense
from engine.bop.decoys import countermeasure_columns, decoy_kind, release_against
from engine.bop.launch_play import LaunchAids
from engine.bop.missile_play import MissileTrack, pilot_quality, readable
from engine.bop.seeker_pairs import selection_after_firing
from engine.bop.sensor_phase import seeker_in_flight, slaved_acquisition, snapshot_acquisition
from engine.bop.sensors.radar import guides_rhm
from engine.bop.turn import TurnContext
from engine.bop.weapon_select import WEAPON_RULE
from engine.dice import Dice
from models.missile import MissileCard
from models.orders import BopPlot
from models.timeline import Event


class CombatPlay:
    """What the combat rules read of the game's aircraft, spots and dice."""

    def __init__(
        self, aircraft: dict[str, AircraftState], awareness: Awareness, dice: Dice
    ) -> None:
        self.aircraft = aircraft
        self.awareness = awareness
        self.dice = dice

    def gun_combat(
        self,
        ctx: TurnContext,
        orders: dict[str, BopPlot],
        before: dict[str, Placement],
        start_speeds: dict[str, int],
        samples: dict[str, dict[str, npt.NDArray[Any]]],
        sub_phase: GunSubPhase = "normal_and_tracking",
    ) -> list[Event]:
        """One gun sub-phase after movement (SoP 07: Initial Shots, or normal and tracking
        shots); the last tick shows what it left. Whether a normal or tracking shot was
        fired (no Initial Shot next turn) is settled in the second sub-phase."""
        combatants = {
            entity: Combatant(
                entity,
                state.callsign,
                state.card,
                before[entity],
                state.placement(),
                state.damage,
                state.shots_left,
                speed_kt=start_speeds.get(entity, state.speed_kt),
                shot_last_turn=state.gun_shot_last_turn,
                pilot_quality=pilot_quality(state.crew_quality),
            )
            for entity, state in self.aircraft.items()
            if state.active and state.damage is not None and entity in before
        }
        events = gun_combat(
            combatants, orders, ctx, self.engage, self.guns_defense, sub_phase=sub_phase
        )
        for entity, fighter in combatants.items():
            state = self.aircraft[entity]
            state.damage = fighter.damage
            if sub_phase == "normal_and_tracking":
                state.gun_shot_last_turn = fighter.fired_normal_or_tracking
            if not fighter.active:
                state.active = False
            if entity in samples:
                samples[entity]["weapons"][-1] = state.weapons_text()
                samples[entity]["damage"][-1] = state.damage_text()
        return events

    def sees_launch(
        self, target: str, launcher: str, notes: list[Event] | None = None, t_s: float = 0.0
    ) -> bool:
        """The target's crew know of the launch ("Missile Defense"): they have the launcher
        spotted, their RWR warns of its radar, or a wingman who sees the launcher makes a
        warning call on the radio that the pilot hears (Communications Receipt)."""
        watcher, shooter = self.aircraft[target], self.aircraft[launcher]
        if self.awareness.has_spotted(
            watcher.callsign, shooter.callsign
        ) or watcher.sensors.warned_by(shooter.callsign):
            return True
        return self.warning_call(watcher, shooter, notes if notes is not None else [], t_s)

    def warning_call(
        self, watcher: AircraftState, shooter: AircraftState, notes: list[Event], t_s: float
    ) -> bool:
        """The first wingman with a working radio who has the launcher spotted makes the
        warning call (a Defensive Systems cockpit action); True when the pilot hears it."""
        if not watcher.ledgers or not watcher.has_radio:
            return False
        for friend in self.aircraft.values():
            if (
                friend is watcher
                or friend.side != watcher.side
                or not friend.active
                or not friend.ledgers
                or not friend.has_radio
                or not self.awareness.has_spotted(friend.callsign, shooter.callsign)
            ):
                continue
            try:
                friend.ledgers[friend.flyer_seat].cockpit_action("warning_call")
            except TaskRefused:
                continue
            about = f"{shooter.callsign}'s launch"
            heard = receive_message(watcher.ledgers[watcher.flyer_seat], self.dice, about)
            notes.append(
                Event(
                    t_s=t_s,
                    kind="warning_call",
                    entities=(friend.id, watcher.id),
                    detail=f"{friend.callsign} warns {watcher.callsign} of {about}"
                    + ("" if heard.received else f"; {watcher.callsign} does not hear it"),
                    data={"received": heard.received},
                )
            )
            if heard.record is not None:
                notes.append(heard.record.event(t_s, (watcher.id,)))
            return heard.received
        return False

    def holds(self, launcher: str, target: str, card: MissileCard) -> tuple[bool, bool]:
        """(radar track, seeker lock) the launcher holds on the target for ``card``: an RH
        missile needs the radar in STT on it, an AH missile a track in any mode, an IR
        missile its own seeker's lock (SoP 07, SoP 10). An RH launch from Boresight shifts
        the radar to STT."""
        suite = self.aircraft[launcher].sensors
        callsign = self.aircraft[target].callsign
        radar = suite.radar
        track = False
        if radar is not None:
            track = (
                guides_rhm(radar, callsign)
                if card.seeker == "sarh"
                else radar.tracks_target(callsign)
            )
        lock = suite.ir_lock is not None and (suite.ir_lock.sensor, suite.ir_lock.target) == (
            card.type_id,
            callsign,
        )
        return track, lock

    def launch_aids(self, ctx: TurnContext, notes: list[Event]) -> LaunchAids:
        """What the launch rules read of the sensors, the spots and the cards this turn; the
        seeker rolls they make leave their records in ``notes``."""
        aircraft = self.aircraft

        def slaved(launcher: str, target: str, card: MissileCard) -> bool:
            shooter, aimed = aircraft[launcher], aircraft[target]
            return slaved_acquisition(shooter, aircraft, aimed, card, ctx, notes)

        def snapshot(launcher: str, target: str, card: MissileCard) -> str:
            shooter, aimed = aircraft[launcher], aircraft[target]
            return snapshot_acquisition(shooter, aircraft, aimed, card, ctx, notes)

        return LaunchAids(
            holds=self.holds,
            sees_launch=partial(self.sees_launch, notes=notes, t_s=ctx.end_s),
            slaved=slaved,
            snapshot=snapshot,
            pair_capable=lambda launcher: aircraft[launcher].card.pair_launch,
            weapon_launch=self.weapon_launch,
            fired=partial(self.fired, t_s=ctx.end_s),
        )

    def fired(self, launcher: str, card: MissileCard, t_s: float = 0.0) -> Event | None:
        """A ``card`` missile has gone: the selection passes on as Select Weapon says, to
        the twin of a pair that alternates seekers (IR, then radar, then IR) or of a type
        now spent; the event that says so, or None when it stays."""
        state = self.aircraft[launcher]
        if state.selected_weapon != card.type_id:
            return None
        after = selection_after_firing(card.type_id, state.missiles_left)
        if after == card.type_id:
            return None
        state.selected_weapon = after
        spent = state.missiles_left.get(card.type_id, 0) <= 0
        why = f"the {card.type_id} is spent" if spent else "the pair alternates seekers"
        return Event(
            t_s=t_s,
            kind="weapon_select",
            entities=(state.id,),
            detail=f"{state.callsign} automatically selects the {after}: {why} ({WEAPON_RULE})",
            data={"weapon": after},
        )

    def weapon_launch(self, launcher: str, card: MissileCard) -> str:
        """Only the weapon selected in SoP 02 may be fired ("Select Weapon"); then the
        pilot's Weapon Launch cockpit action (Offensive Systems). Returns why not, or ""."""
        state = self.aircraft[launcher]
        if state.selected_weapon != card.type_id:
            selected = state.selected_weapon or "nothing"
            return f"{WEAPON_RULE}: the {card.type_id} is not selected ({selected} is)"
        pilot = state.flyer_ledger
        if pilot is None:
            return ""
        try:
            pilot.cockpit_action("launch")
        except TaskRefused as refused:
            return f"Weapon Launch: {refused.problem}"
        return ""

    def seeker(self, ctx: TurnContext, track: MissileTrack) -> tuple[bool, list[Event]]:
        """A self-guided missile's seeker maintenance in flight (SoP 10 for missiles), at
        the end of the game-turn's movement."""
        target = self.aircraft[track.state.target]
        roll = seeker_in_flight(track.state, track.card, target, ctx.dice, ctx.turn)
        if roll.record is None:
            return roll.success, []
        event = roll.record.event(ctx.end_s, (track.state.id,))
        # The roll names the missile by id and type; the event by its name.
        names = {f"{track.state.id} {track.card.type_id}": track.label, track.state.id: track.label}
        return roll.success, [event.model_copy(update={"detail": readable(event.detail, names)})]

    def guided(self, track: MissileTrack) -> bool:
        """An RH missile in flight is guided while its launcher flies with its radar in STT
        on the target ("Missile Flight")."""
        launcher = self.aircraft.get(track.state.launcher)
        target = self.aircraft.get(track.state.target)
        if launcher is None or target is None or not launcher.active:
            return False
        radar = launcher.sensors.radar
        return radar is not None and guides_rhm(radar, target.callsign)

    def missile_defense(
        self, track: MissileTrack, notes: list[Event], t_s: float
    ) -> tuple[bool, int]:
        """Missile Defense (SoP 07): a target that saw the launch defends, paying 1 AP, and
        puts its decoys out against the missile; gives (defending, decoy columns)."""
        target = self.aircraft[track.state.target]
        defending = track.target_aware and pay_missile_defense(target, track.state.id)
        if not defending:
            return False, countermeasure_columns(target.decoys_released[decoy_kind(track.card)])
        columns, released = release_against(target, track.card, t_s)
        notes.extend(released)
        return True, columns

    def engage(self, shooter_id: str, target_id: str) -> str:
        """The Guns Engagement task (SoP 07): the pilot must have the target spotted and pay
        2 AP; returns why not, or ""."""
        shooter, target = self.aircraft[shooter_id], self.aircraft[target_id]
        if not self.awareness.pilot_has_spotted(shooter, target.callsign):
            return "its pilot has not spotted the target (Guns Engagement)"
        if not shooter.ledgers:
            return ""
        try:
            shooter.ledgers[shooter.flyer_seat].spend("guns_engagement", target.callsign)
        except TaskRefused as refused:
            return refused.problem
        return ""

    def guns_defense(self, target_id: str, shooter_id: str) -> int:
        """Guns Defense (SoP 07) by doctrine: a pilot who sees the engaging aircraft spends
        2 AP on it, or 1 when that is all it can; returns the AP spent."""
        target, shooter = self.aircraft[target_id], self.aircraft[shooter_id]
        if not target.ledgers or not self.awareness.pilot_has_spotted(target, shooter.callsign):
            return 0
        pilot = target.ledgers[target.flyer_seat]
        for ap in (2, 1):
            if pilot.can_spend("guns_defense", shooter.callsign, ap):
                pilot.spend("guns_defense", shooter.callsign, ap)
                return ap
        return 0
