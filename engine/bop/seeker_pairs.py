"""Matched IR/RH missile pairs: which of the two an aircraft fires next ("Select Weapon",
SoP 02) and which may follow the first at one target in the Combat phase (SoP 07: the
missile-pairs paragraph, "Pair Launches", "Follow-on Missile Launch", The Odd Couple).

Sub-variants and seeker twins are fired one type until it is spent, then the other. Cards
noting ``alternates_seekers`` (many Soviet pairs) are fired by turns instead, IR first: the
selection passes to the twin after every missile fired. Everything here reads only the
cards and the rounds left, so the game and the procedure tests share it.
"""

from __future__ import annotations

from collections.abc import Mapping

from models.missile import IR_SEEKERS, MissileCard, missile_card

ODD_COUPLE = "odd_couple"
"""The advanced rule that lets an IR twin follow its radar twin (The Odd Couple)."""


def _left(left: Mapping[str, int], type_id: str | None) -> int:
    return left.get(type_id, 0) if type_id is not None else 0


def twin_of(type_id: str) -> str | None:
    """The other-seeker twin the card names, or None."""
    return missile_card(type_id).matched_pair_type_id


def alternating(type_id: str, left: Mapping[str, int]) -> str | None:
    """The twin ``type_id`` alternates with while both have rounds left, else None (the
    MDC note, "Select Weapon")."""
    twin = twin_of(type_id)
    if not missile_card(type_id).alternates_seekers or twin is None:
        return None
    return twin if _left(left, type_id) > 0 and _left(left, twin) > 0 else None


def opening_member(type_id: str, left: Mapping[str, int]) -> str:
    """The member an alternating pair starts with when it is selected: the IR one ("first
    firing an IR missile"); ``type_id`` itself when it does not alternate."""
    twin = alternating(type_id, left)
    if twin is None:
        return type_id
    return type_id if missile_card(type_id).seeker in IR_SEEKERS else twin


def live_member(type_id: str, left: Mapping[str, int], selected: str | None) -> str:
    """What selecting ``type_id`` puts up: for an alternating pair already selected, the
    member its turn-about has reached; chosen afresh, the IR one; otherwise ``type_id``."""
    twin = alternating(type_id, left)
    if twin is None:
        return type_id
    if selected in (type_id, twin):
        assert selected is not None
        return selected
    return opening_member(type_id, left)


def selection_after_firing(fired: str, left: Mapping[str, int]) -> str:
    """The selection once a ``fired`` missile has gone (``left`` already counts it): the
    twin of an alternating pair; a spent type's twin, selected by itself ("Select Weapon"
    sub-variants); else ``fired`` (a spent one passes on at the next Declarations)."""
    twin = twin_of(fired)
    if twin is not None and _left(left, twin) > 0:
        alternates = missile_card(fired).alternates_seekers and _left(left, fired) > 0
        if alternates or _left(left, fired) <= 0:
            return twin
    return fired


def second_missile(
    first: MissileCard, left: Mapping[str, int], odd_couple: bool
) -> tuple[MissileCard | None, str]:
    """The missile that may follow ``first`` at its target this Combat phase (a follow-on
    or the second of a pair), or None and why not.

    It is what the selection passes to after ``first`` is fired: the same type, or its
    matched twin (the missile-pairs paragraph). An IR twin after a radar first is The Odd
    Couple, played only when the scenario switches it on."""
    after = selection_after_firing(first.type_id, left)
    if _left(left, after) <= 0:
        return None, f"no {first.type_id} left for a second missile"
    if after != first.type_id and after != first.matched_pair_type_id:
        return None, f"no {first.type_id} left for a second missile (the {after} is not its pair)"
    second = missile_card(after)
    mixed = after != first.type_id
    if mixed and first.seeker not in IR_SEEKERS and second.seeker in IR_SEEKERS and not odd_couple:
        return None, (
            f"The Odd Couple: an IR {after} may not follow the radar {first.type_id} "
            "(an optional rule the scenario leaves out)"
        )
    return second, ""
