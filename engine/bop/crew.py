"""The crew at work: Activity Point Recovery (SoP 01) and the tasks the game-turn pays for.

Each crew seat keeps an :class:`~engine.bop.activity.ActivityLedger`.  The phases call the
``pay_*`` functions here when a task comes up in the Sequence of Play, so the AP run out in
SoP order the way the rulebook's "task starvation" intends: AP strained in the Flight Phase
are not there for a Fix or a Tally later in the turn.  What to spend follows the turn's
:class:`~models.orders.CrewOrders`, or the crew's standing doctrine where they are silent
(docs/rulings.md, "Crew doctrine").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.bop.activity import ActivityLedger, CrewQualityName, Task, TaskRefused
from engine.bop.effects import MAX_STRAIN_AP, CrewState
from engine.hexmap import STEP_FT
from models.aircraft import AircraftCard
from models.orders import CrewOrders
from models.sensors import UnknownSensorFit, sensor_fit

if TYPE_CHECKING:
    from engine.bop.aircraft_state import AircraftState

STRAIN_FROM_G = 5.0
"""Doctrine: the crew strain as hard as their training allows in game-turns pulling this
much or more (docs/rulings.md)."""
CREW_NAMES = ("pilot", "back seat", "crew 3", "crew 4")


def crew_ledgers(
    callsign: str, quality: CrewQualityName, card: AircraftCard
) -> list[ActivityLedger]:
    """One ledger per seat, pilot first ("Activity Points"), with the cockpit type and HOTAS
    of the type's sensor fit (Regular with HOTAS when it has none)."""
    strain = MAX_STRAIN_AP[card.crew_equipment.g_training]
    try:
        fit = sensor_fit(card.type_id)
        cockpit, hotas = fit.cockpit, fit.hotas
    except UnknownSensorFit:
        cockpit, hotas = "regular", True
    return [
        ActivityLedger(
            f"{callsign} {name}",
            quality,
            pilot=seat == 0,
            cockpit=cockpit,
            hotas=hotas,
            max_strain_ap=strain,
        )
        for seat, name in enumerate(CREW_NAMES[: card.crew])
    ]


def recover(ledgers: list[ActivityLedger], crew: list[CrewState], turn: int) -> None:
    """Activity Point Recovery (SoP 01): every conscious crew member's AP back to full."""
    for ledger, member in zip(ledgers, crew, strict=True):
        ledger.recover(member, turn)


def _pay(
    ledger: ActivityLedger, task: Task, ap: int | None = None, target: str | None = None
) -> int:
    """Pay ``task`` if the crew member can; the AP paid, 0 when refused or unaffordable."""
    try:
        if not ledger.can_spend(task, target, ap):
            return 0
        return ledger.spend(task, target, ap).ap
    except TaskRefused:
        return 0


def pay_strain(state: AircraftState, orders: CrewOrders, greatest_positive_g: float) -> list[int]:
    """The Strain task for each seat before the turn's first crew G check (SoP 04): the AP
    each crew member strains with (0 for one who cannot or may not)."""
    wanted = orders.strain_ap
    if wanted is None:
        wanted = 2 if greatest_positive_g >= STRAIN_FROM_G else 0
    strained = []
    for ledger in state.ledgers:
        ap = min(wanted, ledger.max_strain_ap, ledger.remaining_ap)
        while ap > 0 and not ledger.can_spend("strain", ap=ap):
            ap -= 1
        strained.append(_pay(ledger, "strain", ap) if ap > 0 else 0)
    return strained


def pay_control(state: AircraftState, orders: CrewOrders, departure_points: int) -> int:
    """The Control task before a departure check (SoP 06): the AP the pilot puts into it."""
    pilot = state.flyer_ledger
    if state.uncontrolled or pilot is None or departure_points <= 0:
        return 0
    wanted = 2 if orders.control_ap is None else orders.control_ap
    ap = min(wanted, pilot.remaining_ap)
    while ap > 0 and not pilot.can_spend("control", ap=ap):
        ap -= 1
    return _pay(pilot, "control", ap) if ap > 0 else 0


def pay_spin_recovery(state: AircraftState) -> bool:
    """The Spin Recovery task (SoP 05) takes all the pilot's remaining AP; False when the
    pilot cannot attempt it."""
    pilot = state.flyer_ledger
    if pilot is None or not pilot.able:
        return False
    try:
        pilot.spend("spin_recovery")
    except TaskRefused:
        return False
    return True


def pay_missile_defense(state: AircraftState, missile: str) -> bool:
    """The Missile Defense task (SoP 07), 1 AP from the pilot, against one missile."""
    pilot = state.flyer_ledger
    if pilot is None or not state.orders_crew.missile_defense:
        return False
    return _pay(pilot, "missile_defense", target=missile) > 0


def pay_damage_control(state: AircraftState, seat: int) -> bool:
    """The Damage Control task (SoP 11), 4 AP from one crew member."""
    if seat >= len(state.ledgers) or not state.orders_crew.damage_control:
        return False
    return _pay(state.ledgers[seat], "damage_control") > 0


def pay_take_control(state: AircraftState) -> int | None:
    """Non-pilot flight: the crew member permitted to fly who is not flying pays 4 AP to take
    control; the seat that paid, or None.  By doctrine only when the one flying is
    unconscious or killed (so the aircraft is uncontrolled for at least this game-turn);
    ``take_control = true`` in the crew orders hands the controls from the pilot to the back
    seat even while the pilot flies, and once the back seat has them asks nothing more (an
    order held over from plot to plot does not pass the controls to and fro); ``false``
    forbids it."""
    wanted = state.orders_crew.take_control
    if wanted is False or state.taking_control_seat is not None:
        return None
    if state.flyer_conscious and (wanted is None or state.flyer_seat != 0):
        return None
    for seat, ledger in enumerate(state.ledgers):
        if seat == state.flyer_seat or not state.may_fly(seat):
            continue
        if _pay(ledger, "take_control") > 0:
            state.taking_control_seat = seat
            return seat
    return None


def hand_over_control(state: AircraftState) -> int | None:
    """The game-turn after paying, the new crew member flies ("Non-pilot flight"): the seat
    now flying, or None when nobody took control or the one who paid is no longer
    conscious.  The pilot's tasks go with the controls."""
    seat, state.taking_control_seat = state.taking_control_seat, None
    if seat is None or not state.crew[seat].conscious:
        return None
    state.flyer_seat = seat
    for index, ledger in enumerate(state.ledgers):
        ledger.pilot = index == seat
    state.uncontrolled = False
    return seat


EJECT_SPINNING_BELOW_FT = 10_000.0
"""Doctrine: a crew still spinning this close to the ground abandons the aircraft (the
out-of-control ejection altitude of fast-jet crews' boldface procedures; docs/rulings.md)."""


def why_eject(state: AircraftState, ground_alt_steps: int) -> str | None:
    """Why the crew abandon the aircraft in this Administrative phase (SoP 11, "Ejection"),
    or None: the crew orders' ``eject``, else doctrine: spinning below
    :data:`EJECT_SPINNING_BELOW_FT` above the ground, or nobody aboard left alive who is
    permitted to fly it.  Only a crew with someone conscious can eject."""
    if not any(member.conscious for member in state.crew):
        return None
    wanted = state.orders_crew.eject
    if wanted is not None:
        return "ordered" if wanted else None
    height_ft = (state.alt_steps - ground_alt_steps) * STEP_FT
    if state.spin is not None and height_ft < EJECT_SPINNING_BELOW_FT:
        return f"still spinning at {height_ft:,.0f} ft above the ground"
    fliers = [seat for seat, member in enumerate(state.crew) if state.may_fly(seat)]
    if all(state.crew[seat].killed for seat in fliers):
        return "nobody aboard can fly it"
    return None


def activity_text(ledgers: list[ActivityLedger]) -> str:
    """AP left by seat, short: ``3`` for a single seat, ``3 5`` for two (``-`` for a crew
    member who cannot act)."""
    return " ".join(str(ledger.remaining_ap) if ledger.able else "-" for ledger in ledgers)
