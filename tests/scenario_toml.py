"""Scenario files as text, for tests that write their own: an aircraft's ``[[aircraft]]``
block with the fields the test does not care about filled in."""

from collections.abc import Sequence

STRAIGHT = '{ segments = [ { kind = "straight", ticks = 10 } ] }'
"""One game-turn's plot: straight ahead for all ten ticks."""
TURN_9G = '{ segments = [ { kind = "turn", load_g = 9.0, cells = 1, ticks = 10 } ] }'
"""One game-turn's plot: a one-cell turn at 9 G, above an F-16C's aero load limit at 250 kt."""


def aircraft_toml(
    callsign: str,
    *,
    side: str = "blue",
    at_hex: str = "0,0",
    type_id: str = "F-16C",
    alt_steps: int = 50,
    wing: str = "105+00",
    speed_kt: int = 450,
    plots: Sequence[str] = (STRAIGHT,),
) -> str:
    """One aircraft, nose ``015+00`` and canopy up, flying the scripted ``plots`` (a TOML
    inline table per game-turn)."""
    return f"""
[[aircraft]]
callsign = "{callsign}"
type = "{type_id}"
side = "{side}"
hex = "{at_hex}"
alt_steps = {alt_steps}
attitude = {{ nose = "015+00", canopy = "All+90", wing = "{wing}" }}
speed_kt = {speed_kt}
script = {{ plots = [ {", ".join(plots)} ] }}
"""
