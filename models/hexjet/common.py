"""The hex jet game's scale: furball's, because the seed (§4.8–§6.6) never states it.

The seed fixes only relations: speeds run on a track with 3 the stall speed and 10 the
first supersonic box (§6.6.1, §6.6.4.2.1); altitude runs 0–15 levels (§6.5) and changes
at most 6 a turn (§6.4); and a turn's new speed may not be less than the levels changed
(§6.6.4.2.1).  furball reads speed as hexes moved in a turn (its completion of the Action
Step) and fixes (docs/rulings.md "H6. The scale"):

* a hex is 1,000 ft across and an altitude level 1,000 ft, so "speed at least the levels
  changed" keeps every climb or dive at 45° or shallower;
* a speed box is 100 ft/s (about 59 kt), so speed 10 is 1,000 ft/s, Mach 0.95 at 15,000 ft
  and Mach 0.90 at sea level: the transonic step the seed calls supersonic;
* so a turn is 10 s: speed boxes are hexes a turn, and six levels a turn is 36,000 ft a
  minute, a fighter's best climb.
"""

from __future__ import annotations

from typing import Final

HEX_FT: Final = 1000.0
LEVEL_FT: Final = 1000.0
FT_S_PER_SPEED: Final = 100.0
TURN_S: Final = HEX_FT / FT_S_PER_SPEED
"""10 s: one speed box is one hex a turn."""
KT_PER_FT_S: Final = 3600.0 / 6076.12
STALL_SPEED: Final = 3
"""§6.6.4.2.1: the least speed (Скорость Сваливания)."""
SUPERSONIC_SPEED: Final = 10
MAX_LEVEL: Final = 15
MAX_LEVEL_CHANGE: Final = 6
