"""Activity Points (SoP 01) and what the Aircrew Tasks and Cockpit Actions cost.

Every conscious crew member gets a budget of Activity Points (AP) at the start of the
game-turn from their Crew Quality; the tasks they perform through the turn are paid from it
and nothing carries over.  The costs a printed Aircrew Tasks play aid would list are kept in
``models/tables/activity.toml``.

* :func:`activity_points`: AP by Crew Quality ("Activity Point Recovery (SoP 01)").
* :func:`crew_quality`: the rulebook's CQ for a scenario's ``green|average|veteran|ace``.
* :func:`cockpit_actions_cost`: AP for a game-turn's cockpit actions by cockpit type.
* :func:`combat_task_conflicts`: Guns Engagement, Guns Defense and Missile Defense exclude
  one another.
* :func:`receive_message`: the Communications Receipt task.
* :class:`ActivityLedger`: one crew member's AP through a game-turn; it prices every task
  with the surcharges (sighting doubled under a guns task or after an EO identification,
  the Hands Off Switch Action, wounds) and refuses with :class:`TaskRefused` or
  :class:`NotEnoughActivityPoints`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from engine.bop import purposes
from engine.bop.effects import CrewState, EffectRecord
from engine.bop.errors import IllegalOrder
from engine.bop.missile_play import PILOT_QUALITY
from engine.dice import Dice
from models.bop_tables import tables_in_play
from models.bop_tables.activity import ACTIVITY_PATH as ACTIVITY_PATH
from models.bop_tables.activity import ActivityTables as ActivityTables
from models.bop_tables.activity import CockpitAction as CockpitAction
from models.bop_tables.activity import CockpitActionClass, CockpitTable, CockpitType, TaskCost
from models.bop_tables.activity import Task as Task
from models.bop_tables.activity import load_activity_tables as load_activity_tables

RULE = "Activity Points, SoP 01"

CrewQualityName = Literal["green", "average", "veteran", "ace"]
MESSAGE_RECEIVED_AT_LEAST = 3
"""A busy or spent crew member hears a message on a d10 of 3 or more (Communications
Receipt)."""
COMBAT_TASKS: frozenset[Task] = frozenset({"guns_engagement", "guns_defense", "missile_defense"})
"""Each of these forbids the other two in the same game-turn ("Guns Engagement",
"Guns Defense", "Missile Defense": Restrictions)."""
WOUNDED_BARS: dict[Task, str] = {
    "strain": "a wounded crew member cannot strain",
    "guns_engagement": "a wounded crew member may not engage a target",
    "fix": "a wounded crew member may not fix a target",
}
"""Tasks a wound forbids ("Wounded")."""


# --------------------------------------------------------------------------------------
# The play-aid tables
# --------------------------------------------------------------------------------------


def activity_tables() -> ActivityTables:
    """The activity tables in force when a procedure is given none: the shipped ones."""
    return tables_in_play().activity


# --------------------------------------------------------------------------------------
# Crew Quality and Activity Points
# --------------------------------------------------------------------------------------


def crew_quality(quality: CrewQualityName | int) -> int:
    """The rulebook's Crew Quality (−2..+3) for a scenario's crew quality name.

    The names map as Pilot Quality does for missiles and departures
    (:data:`engine.bop.missile_play.PILOT_QUALITY`), so one crew has one quality everywhere.
    """
    if isinstance(quality, int):
        if not -2 <= quality <= 3:
            raise ValueError(f"Crew Quality runs from -2 to +3, not {quality}")
        return quality
    if quality not in PILOT_QUALITY:
        raise ValueError(f"crew quality is one of {', '.join(PILOT_QUALITY)}, not {quality!r}")
    return PILOT_QUALITY[quality]


def activity_points(quality: CrewQualityName | int, tables: ActivityTables | None = None) -> int:
    """Full AP for a crew member of this quality ("Activity Point Recovery (SoP 01)")."""
    cq = crew_quality(quality)
    rows = (tables or activity_tables()).activity_points
    return next(row.ap for row in rows if row.crew_quality == cq)


# --------------------------------------------------------------------------------------
# Cockpit actions and the combat tasks
# --------------------------------------------------------------------------------------


def _grouped_cost(actions: Sequence[CockpitAction], cockpit: CockpitType, t: CockpitTable) -> int:
    if t.types[cockpit].grouping == "each":
        return len(actions)
    most_used: dict[CockpitActionClass, int] = {}
    for action, count in Counter(actions).items():
        cls = t.actions[action].action_class
        most_used[cls] = max(most_used.get(cls, 0), count)
    return sum(most_used.values())


def cockpit_actions_cost(
    actions: Sequence[CockpitAction], cockpit: CockpitType, tables: ActivityTables | None = None
) -> int:
    """AP for all the cockpit actions one crew member performed this game-turn ("Cockpit
    Actions").  Basic cockpits pay for each; the others pay, per class, the count of the
    class's most-used action; Improved and Advanced leave out one action (the one that saves
    the most).  The Hands Off Switch Action is a separate task, not counted here."""
    t = (tables or activity_tables()).cockpit
    if not actions:
        return 0
    units = _grouped_cost(actions, cockpit, t)
    if t.types[cockpit].free_actions:
        units = min(
            _grouped_cost([*actions[:i], *actions[i + 1 :]], cockpit, t)
            for i in range(len(actions))
        )
    return units * t.ap_per_action


def needs_hands_off(
    action: CockpitAction, hotas: bool, tables: ActivityTables | None = None
) -> bool:
    """Does this cockpit action need the Hands Off Switch Action ("Cockpit Actions",
    "Manual Swing-Wing")?"""
    info = (tables or activity_tables()).cockpit.actions[action]
    return info.even_with_hotas or (info.switch and not hotas)


def combat_task_conflicts(task: Task, used: Iterable[Task]) -> frozenset[Task]:
    """The tasks already used this game-turn that forbid ``task``: Guns Engagement, Guns
    Defense and Missile Defense each exclude the other two (their Restrictions)."""
    if task not in COMBAT_TASKS:
        return frozenset()
    return frozenset(u for u in used if u in COMBAT_TASKS and u != task)


# --------------------------------------------------------------------------------------
# Refusals
# --------------------------------------------------------------------------------------


class TaskRefused(IllegalOrder):
    """A crew member may not perform this task now; the message names the task and why."""

    def __init__(
        self,
        task: str,
        problem: str,
        *,
        rule: str,
        who: str,
        turn: int | None,
        cost_ap: int | None = None,
        remaining_ap: int = 0,
    ) -> None:
        super().__init__(rule, problem, aircraft=who, turn=turn)
        self.task = task
        self.cost_ap = cost_ap
        self.remaining_ap = remaining_ap


class NotEnoughActivityPoints(TaskRefused):
    """The task costs more AP than the crew member has left."""


def task_label(task: str) -> str:
    """``visual_search`` → ``Visual Search``."""
    return task.replace("_", " ").title()


# --------------------------------------------------------------------------------------
# The ledger
# --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Spend:
    """One payment from a crew member's AP."""

    task: str
    """A :data:`Task`, or ``cockpit action: <action>``."""
    target: str | None
    ap: int
    remaining_ap: int
    record: EffectRecord


@dataclass(slots=True)
class _TurnUse:
    """What a crew member has done this game-turn that changes later prices."""

    tasks: list[Task] = field(default_factory=list)
    engaged: str | None = None
    defending: str | None = None
    guns_defense_ap: int = 0
    padlocked: str | None = None
    fix_attempted: bool = False
    hands_off: bool = False
    handoff_paid: bool = False
    eo_identified: bool = False
    """The EO sensor identified an aircraft: every other sighting task costs double."""
    cockpit_actions: list[CockpitAction] = field(default_factory=list)
    free_by_guns_task: set[Task] = field(default_factory=set)
    """Tasks already taken free against the subject of Guns Engagement / Guns Defense."""


@dataclass(slots=True)
class ActivityLedger:
    """One crew member's Activity Points through a game-turn.

    Call :meth:`recover` in SoP 01, then :meth:`spend` and :meth:`cockpit_action` as the crew
    member acts; :meth:`price` tells what a task would cost without paying.  ``who`` names the
    crew member for messages and records, e.g. ``Viper 1 pilot``.
    """

    who: str
    quality: CrewQualityName | int
    pilot: bool = True
    """Flies the aircraft (the pilot-only tasks need this)."""
    cockpit: CockpitType = "regular"
    hotas: bool = True
    max_strain_ap: int = 2
    """From G-training: none 0, early 1, modern 2 (:data:`engine.bop.effects.MAX_STRAIN_AP`)."""
    tables: ActivityTables | None = None
    remaining_ap: int = 0
    turn: int | None = None
    wounded: bool = False
    able: bool = False
    """Conscious and alive; False until :meth:`recover`."""
    spends: list[Spend] = field(default_factory=list)
    _use: _TurnUse = field(default_factory=_TurnUse)

    def __post_init__(self) -> None:
        crew_quality(self.quality)
        if not 0 <= self.max_strain_ap <= max(self._tables.tasks["strain"].ap):
            raise ValueError(f"max_strain_ap runs from 0 to 2, not {self.max_strain_ap}")

    @property
    def _tables(self) -> ActivityTables:
        return self.tables or activity_tables()

    @property
    def tasks_used(self) -> tuple[Task, ...]:
        return tuple(self._use.tasks)

    @property
    def engaged(self) -> str | None:
        """The subject of this game-turn's Guns Engagement."""
        return self._use.engaged

    @property
    def defending_against(self) -> str | None:
        """The engaging aircraft of this game-turn's Guns Defense."""
        return self._use.defending

    def recover(self, state: CrewState | None, turn: int) -> int:
        """Activity Point Recovery (SoP 01): a conscious crew member's AP reset to the full
        value for their Crew Quality; unconscious and killed crew get none.  A wounded crew
        member recovers in full but pays more for every task ("Wounded")."""
        state = state or CrewState()
        self.turn = turn
        self.able = state.conscious
        self.wounded = state.wounds > 0 and not state.killed
        self.remaining_ap = activity_points(self.quality, self.tables) if self.able else 0
        self.spends = []
        self._use = _TurnUse()
        return self.remaining_ap

    def _refuse(self, task: str, problem: str, rule: str) -> TaskRefused:
        return TaskRefused(
            task, problem, rule=rule, who=self.who, turn=self.turn, remaining_ap=self.remaining_ap
        )

    # -- pricing --------------------------------------------------------------------------

    def price(self, task: Task, target: str | None = None, ap: int | None = None) -> int:
        """What ``task`` (against ``target``) would cost now, with every surcharge; raises
        :class:`TaskRefused` if the crew member may not perform it.  ``ap`` chooses the amount
        for tasks with a choice (Strain, Guns Defense, Control, Radar Operation)."""
        cost, _ = self._price(task, target, ap)
        return cost

    def can_spend(self, task: Task, target: str | None = None, ap: int | None = None) -> bool:
        try:
            return self.price(task, target, ap) <= self.remaining_ap
        except TaskRefused:
            return False

    def _price(self, task: Task, target: str | None, ap: int | None) -> tuple[int, str]:
        t = self._tables
        cost_row = t.tasks[task]
        label = task_label(task)
        use = self._use
        if not self.able:
            raise self._refuse(
                task,
                f"{label}: an unconscious or killed crew member may not act",
                "LOC (Unconscious) or Killed",
            )
        if cost_row.crew == "pilot" and not self.pilot:
            raise self._refuse(task, f"{label}: only the pilot may perform it", "Aircrew Tasks")
        if self.wounded and task in WOUNDED_BARS:
            raise self._refuse(task, WOUNDED_BARS[task], "Wounded")
        conflicts = combat_task_conflicts(task, use.tasks)
        if conflicts:
            names = " or ".join(task_label(c) for c in sorted(conflicts))
            raise self._refuse(task, f"{label}: not with {names} this game-turn", label)
        self._check_target_rules(task, target, label)
        base = self._base_cost(task, cost_row, ap, label)
        note = ""
        if self._free_by_guns_task(task, target):
            return 0, "free with the guns task"
        subject = use.engaged or use.defending
        if cost_row.sighting and subject is not None and target != subject:
            base *= t.surcharges.sighting_multiplier
            note = "doubled: guns task against another aircraft"
        elif cost_row.sighting and use.eo_identified:
            base *= t.surcharges.sighting_multiplier
            note = "doubled: EO identification this game-turn"
        extra = 0
        if cost_row.visual and use.hands_off:
            extra += t.surcharges.hands_off_visual
            note = ", ".join(n for n in (note, "Hands Off Switch Action") if n)
        cost = base + extra
        if task == "sensor_handoff" and not self.hotas and not use.hands_off:
            cost += self._hands_off_cost()
            note = ", ".join(n for n in (note, "with the Hands Off Switch Action") if n)
        if self.wounded and base + extra > 0 and not cost_row.all_remaining:
            cost += t.surcharges.wounded
            note = ", ".join(n for n in (note, "wounded") if n)
        return cost, note

    def _hands_off_cost(self) -> int:
        t = self._tables
        return t.tasks["hands_off_switch"].ap[0] + (t.surcharges.wounded if self.wounded else 0)

    def _base_cost(self, task: Task, cost_row: TaskCost, ap: int | None, label: str) -> int:
        if cost_row.all_remaining:
            return self.remaining_ap
        if cost_row.by_cockpit:
            kind = self._tables.cockpit.types[self.cockpit]
            if kind.handoff_once_per_turn and self._use.handoff_paid:
                return 0
            return kind.handoff_ap
        choices = cost_row.ap
        if len(choices) == 1:
            if ap is not None and ap != choices[0]:
                raise self._refuse(task, f"{label} costs {choices[0]} AP, not {ap}", label)
            return choices[0]
        if ap is None or ap not in choices:
            listed = " or ".join(str(c) for c in choices)
            raise self._refuse(task, f"{label} takes {listed} AP; say which (got {ap})", label)
        if task == "strain" and ap > self.max_strain_ap:
            raise self._refuse(
                task,
                f"Strain: G-training allows at most {self.max_strain_ap} AP, not {ap}",
                "G-Training",
            )
        return ap

    def _check_target_rules(self, task: Task, target: str | None, label: str) -> None:
        use = self._use
        if task in ("guns_engagement", "guns_defense", "padlock", "fix") and target is None:
            raise self._refuse(task, f"{label}: name the target aircraft", label)
        if task == "guns_engagement" and use.engaged is not None:
            raise self._refuse(
                task, f"Guns Engagement: already engaging {use.engaged}", "Guns Engagement"
            )
        if task == "guns_defense" and use.defending is not None:
            raise self._refuse(
                task,
                f"Guns Defense affects a single engaging aircraft; already {use.defending}",
                "Guns Defense",
            )
        if task == "padlock":
            if use.padlocked is not None:
                raise self._refuse(
                    task, f"Padlock: only one a game-turn (already {use.padlocked})", "Padlock"
                )
            self._subject_only(task, target, "Padlock")
        if task == "fix":
            if use.fix_attempted:
                raise self._refuse(task, "Fix: only one attempt a game-turn", "Making Fix Attempts")
            self._subject_only(task, target, "Fixes in Gun Combat")
        if task == "hands_off_switch" and self.hotas:
            raise self._refuse(
                task,
                "Hands Off Switch Action: only a cockpit without HOTAS needs it",
                "Hands Off Switch Action",
            )

    def _subject_only(self, task: Task, target: str | None, rule: str) -> None:
        use = self._use
        if use.engaged is not None and target != use.engaged:
            raise self._refuse(
                task,
                f"{task_label(task)}: while engaging {use.engaged}, only against it",
                rule,
            )
        if use.defending is not None and target != use.defending:
            raise self._refuse(
                task,
                f"{task_label(task)}: while in Guns Defense against {use.defending}, only "
                "against it",
                rule,
            )

    def _free_by_guns_task(self, task: Task, target: str | None) -> bool:
        """Guns Engagement includes a Padlock of its target, or a Fix attempt and a Tally of
        it; Guns Defense includes a Tally (1 AP) or a Tally or Padlock (2 AP) of the engaging
        aircraft.  Each free task once."""
        use = self._use
        free = use.free_by_guns_task
        if target is None or task in free:
            return False
        if use.engaged == target:
            if task == "padlock":
                return not free & {"fix", "tally"}
            if task in ("fix", "tally"):
                return "padlock" not in free
        if use.defending == target:
            allowed = {"tally"} if use.guns_defense_ap == 1 else {"tally", "padlock"}
            return task in allowed and not free
        return False

    # -- paying ---------------------------------------------------------------------------

    def spend(self, task: Task, target: str | None = None, ap: int | None = None) -> Spend:
        """Pay for ``task``: raises :class:`NotEnoughActivityPoints` (naming the task, its cost
        and what is left) or :class:`TaskRefused`; nothing changes when it raises."""
        cost, note = self._price(task, target, ap)
        if cost > self.remaining_ap:
            raise NotEnoughActivityPoints(
                task,
                f"{task_label(task)} costs {cost} AP"
                + (f" ({note})" if note else "")
                + f", {self.remaining_ap} left",
                rule=RULE,
                who=self.who,
                turn=self.turn,
                cost_ap=cost,
                remaining_ap=self.remaining_ap,
            )
        use = self._use
        if self._free_by_guns_task(task, target):
            use.free_by_guns_task.add(task)
        if task == "sensor_handoff":
            use.handoff_paid = True
            if not self.hotas and not use.hands_off:
                use.hands_off = True
                use.tasks.append("hands_off_switch")
        use.tasks.append(task)
        if task == "guns_engagement":
            use.engaged = target
        elif task == "guns_defense":
            use.defending = target
            use.guns_defense_ap = ap or 0
        elif task == "padlock":
            use.padlocked = target
        elif task == "fix":
            use.fix_attempted = True
        elif task == "hands_off_switch":
            use.hands_off = True
        elif task == "eo_identification":
            use.eo_identified = True
        return self._pay(task, target, cost, note)

    def cockpit_action(self, action: CockpitAction) -> Spend:
        """Perform a cockpit action ("Cockpit Actions"): pays what it adds to the game-turn's
        cockpit cost, plus the Hands Off Switch Action the first time a switch action needs it.
        Free actions still need a conscious crew member."""
        label = f"cockpit action: {action}"
        if not self.able:
            raise self._refuse(
                label,
                f"{task_label(action)}: an unconscious or killed crew member may not act",
                "LOC (Unconscious) or Killed",
            )
        use = self._use
        before = cockpit_actions_cost(use.cockpit_actions, self.cockpit, self.tables)
        after = cockpit_actions_cost([*use.cockpit_actions, action], self.cockpit, self.tables)
        cost = after - before
        notes = []
        if cost and self.wounded:
            cost += self._tables.surcharges.wounded
            notes.append("wounded")
        switch = needs_hands_off(action, self.hotas, self.tables) and not use.hands_off
        if switch:
            cost += self._hands_off_cost()
            notes.append("with the Hands Off Switch Action")
        note = ", ".join(notes)
        if cost > self.remaining_ap:
            raise NotEnoughActivityPoints(
                label,
                f"{task_label(action)} costs {cost} AP"
                + (f" ({note})" if note else "")
                + f", {self.remaining_ap} left",
                rule=RULE,
                who=self.who,
                turn=self.turn,
                cost_ap=cost,
                remaining_ap=self.remaining_ap,
            )
        use.cockpit_actions.append(action)
        if switch:
            use.hands_off = True
            use.tasks.append("hands_off_switch")
        return self._pay(label, None, cost, note)

    def _pay(self, task: str, target: str | None, cost: int, note: str) -> Spend:
        self.remaining_ap -= cost
        on = f" on {target}" if target else ""
        record = EffectRecord(
            "activity",
            f"{self.who} spends {cost} AP on {task_label(task)}{on}"
            + (f" ({note})" if note else "")
            + f", {self.remaining_ap} left",
            {"task": task, "target": target or "", "ap": cost, "remaining_ap": self.remaining_ap},
        )
        spend = Spend(task, target, cost, self.remaining_ap, record)
        self.spends.append(spend)
        return spend


@dataclass(frozen=True, slots=True)
class MessageReceipt:
    received: bool
    roll: int | None = None
    """The d10, when the crew member was busy or out of AP; None when no roll was needed."""
    record: EffectRecord | None = None


def receive_message(ledger: ActivityLedger, dice: Dice, about: str) -> MessageReceipt:
    """Communications Receipt (0 AP): a crew member using Guns Engagement, Guns Defense or
    Missile Defense, or with no AP left, hears the message only on a d10 of 3 or more; an
    unconscious or killed crew member hears nothing ("LOC (Unconscious) or Killed").

    The radio requirements (working radios on both ends) are the caller's to check.
    """
    if not ledger.able:
        return MessageReceipt(False)
    busy = bool(COMBAT_TASKS & set(ledger.tasks_used))
    if not busy and ledger.remaining_ap > 0:
        return MessageReceipt(True)
    roll = dice.d10(purposes.communications_receipt(ledger.who, about, ledger.turn))
    received = roll >= MESSAGE_RECEIVED_AT_LEAST
    why = "busy with a combat task" if busy else "no AP left"
    record = EffectRecord(
        "communications_receipt",
        f"{ledger.who} ({why}) {'hears' if received else 'misses'} the message about {about}: "
        f"d10 {roll}",
        {"roll": roll, "received": received},
    )
    return MessageReceipt(received, roll, record)
