"""What the critical hits in an aircraft's Damage box do to its flying ("Damage", critical
hit results; the effect names are those of ``models/tables/damage.toml``).

The Damage box records each critical hit with its effect; :func:`damage_effects` folds them
into the numbers the flight engine and the game loop read: the safe load, each engine's
output and afterburner, extra form drag, extra Departure Points, lost speedbrake or guns,
fuel leaks, roll rates and the crew's wounds (docs/rulings.md).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.bop.damage import DamageState
from engine.bop.effects import KILLING_WOUNDS
from engine.performance.stores_drag import CD0_PER_DRAG_POINT

SAFE_LOAD_LOSS_G = {"safe_load_minus_1": 1.0, "safe_load_minus_2": 2.0}
"""Structure results: G taken off the safe load."""
FORM_DRAG_CD0_PER_STEP = CD0_PER_DRAG_POINT
"""C_D0 added by each "form drag increased by 1" result: one Form Drag point, the same point
the stores add (our reading: docs/rulings.md)."""
ENGINE_OUTPUT_FACTOR = {"engine_output_minus_quarter": 0.75, "engine_out": 0.0}
"""Engine results: this engine's output is multiplied by the factor (repeats compound)."""
FUEL_LEAK_FP = {"fuel_leak": 1, "fuel_leak_major": 3}
"""Fuel results: Fuel Points lost each Administrative phase."""
CONTROL_DP = {"departure_plus_2": 2}
"""Controls results: Departure Points added to every departure check."""
ROLL_RATE_FACTOR = {"roll_rates_halved": 0.5}
"""Controls results: every roll rate is multiplied by the factor (repeats compound)."""
ROLL_RATE_LOSS = {"roll_rates_minus_1": 1.0}
"""Hydraulics results: cells per FP taken off every roll rate (repeats add)."""


@dataclass(frozen=True, slots=True)
class EngineState:
    """One engine after its critical hits."""

    output_factor: float = 1.0
    afterburner: bool = True

    @property
    def running(self) -> bool:
        return self.output_factor > 0


@dataclass(frozen=True, slots=True)
class DamageEffects:
    """The flying consequences of an aircraft's critical hits."""

    safe_load_loss_g: float = 0.0
    form_drag_cd0: float = 0.0
    engines: tuple[EngineState, ...] = ()
    extra_departure_points: int = 0
    speedbrake_works: bool = True
    guns_work: bool = True
    fuel_leak_fp_per_turn: int = 0
    crew_wounds: tuple[int, ...] = ()
    """Wounds from Cockpit hits per crew seat, pilot first (a kill counts as two)."""
    roll_rate_factor: float = 1.0
    roll_rate_loss: float = 0.0

    @property
    def engine_damaged(self) -> bool:
        return any(e != EngineState() for e in self.engines)


def damage_effects(damage: DamageState | None, engines: int, crew: int) -> DamageEffects:
    """Fold the Damage box's critical hits into flying effects.

    Cockpit wounds and kills strike the crew in seat order, pilot first, then round again
    (docs/rulings.md).
    """
    engine_states = [EngineState() for _ in range(engines)]
    if damage is None:
        return DamageEffects(engines=tuple(engine_states), crew_wounds=(0,) * crew)
    safe_load_loss = 0.0
    form_steps = 0
    extra_dp = 0
    speedbrake = guns = True
    leak = 0
    wounds = [0] * crew
    cockpit_hits = 0
    roll_factor, roll_loss = 1.0, 0.0
    for hit in damage.criticals:
        effect = hit.effect
        safe_load_loss += SAFE_LOAD_LOSS_G.get(effect, 0.0)
        form_steps += effect == "form_drag_plus_1"
        extra_dp += CONTROL_DP.get(effect, 0)
        leak += FUEL_LEAK_FP.get(effect, 0)
        speedbrake = speedbrake and effect != "no_speedbrake"
        guns = guns and effect != "guns_out"
        roll_factor *= ROLL_RATE_FACTOR.get(effect, 1.0)
        roll_loss += ROLL_RATE_LOSS.get(effect, 0.0)
        if hit.system == "Engine" and engines:
            index = min(max((hit.engine or 1) - 1, 0), engines - 1)
            old = engine_states[index]
            engine_states[index] = EngineState(
                old.output_factor * ENGINE_OUTPUT_FACTOR.get(effect, 1.0),
                old.afterburner and effect != "no_afterburner",
            )
        if effect in ("crew_wounded", "crew_killed") and crew:
            seat = cockpit_hits % crew
            cockpit_hits += 1
            gained = KILLING_WOUNDS if effect == "crew_killed" else 1
            wounds[seat] = min(KILLING_WOUNDS, wounds[seat] + gained)
    return DamageEffects(
        safe_load_loss_g=safe_load_loss,
        form_drag_cd0=FORM_DRAG_CD0_PER_STEP * form_steps,
        engines=tuple(engine_states),
        extra_departure_points=extra_dp,
        speedbrake_works=speedbrake,
        guns_work=guns,
        fuel_leak_fp_per_turn=leak,
        crew_wounds=tuple(wounds),
        roll_rate_factor=roll_factor,
        roll_rate_loss=roll_loss,
    )
