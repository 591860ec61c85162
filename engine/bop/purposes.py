"""The purpose recorded with each die roll: ``"departure check, Red 1, turn 7"``.

Every roll the engine makes carries its purpose, the text a game log and the ``dice`` events
show (DESIGN: "Dice are explicit"). The builders here write that text in one shape:
*what*, *who* (and *on whom*), *game-turn*.
"""

from __future__ import annotations


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
