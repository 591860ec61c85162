"""Hidden damage (§Hidden Damage): what another side may read of a plane's damage.

With the rule on, a plane's chit draws are kept from every other side: they learn how many
chits were drawn, never which, and Wing and Fuselage checks stay secret.  Damage with an
effect anyone can see is announced: an explosion, smoke, fire, and a spin (which may come
from damage, or be the possum trick).  The owner's side, and a viewer of no side (the
replay's all-seeing view), read everything.

A damage event says what it holds in its data: ``chits`` (the keys drawn, or their number),
``effects`` (words for what happened to the plane), ``check`` (a Wing or Fuselage check,
with ``passed``).  Events with none of these are not damage and are shown as they are.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from models.otl.scenario import OtlOptions

OBVIOUS_EFFECTS = ("explosion", "fire", "smoke", "spin")
"""What everyone sees, in the order it is told."""
OBVIOUS_CHITS = {
    "gas_tank_explodes": "explosion",
    "engine_fire": "fire",
    "gas_tank_fire": "fire",
    "engine_smoking": "smoke",
}
"""Chits whose effect shows from outside the plane."""
EFFECT_WORDS = {"spins": "spin", "broken": "spin", "exploded": "explosion", "explodes": "explosion"}
"""Other words events use for the obvious effects."""


def _obvious(data: Mapping[str, Any]) -> list[str]:
    seen: set[str] = set()
    chits = data.get("chits", ())
    if not isinstance(chits, int):
        seen.update(OBVIOUS_CHITS[key] for key in chits if key in OBVIOUS_CHITS)
    for effect in data.get("effects", ()):
        word = EFFECT_WORDS.get(effect, effect)
        if word in OBVIOUS_EFFECTS:
            seen.add(word)
    if "check" in data and not data.get("passed", True):
        seen.add("spin")  # a failed check is an irrecoverable spin
    return [effect for effect in OBVIOUS_EFFECTS if effect in seen]


def visible_detail(
    detail: str,
    data: Mapping[str, Any],
    owner_side: str,
    viewer_side: str | None,
    options: OtlOptions,
) -> str:
    """The line ``viewer_side`` reads for a damage event of a plane of ``owner_side``:
    the full ``detail``, or with hidden damage the chit count and obvious effects only
    (empty when nothing shows)."""
    if not options.hidden_damage or viewer_side is None or viewer_side == owner_side:
        return detail
    if not {"chits", "effects", "check"} & set(data):
        return detail
    shown = _obvious(data)
    parts = []
    if "chits" in data:
        chits = data["chits"]
        count = chits if isinstance(chits, int) else len(chits)
        parts.append(f"{count} chit{'' if count == 1 else 's'} drawn")
    if shown:
        parts.append(", ".join(shown))
    return ": ".join(parts)
