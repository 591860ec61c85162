"""Over the Lines (WWI): the rules engine, played in the game's own units.

Space is an open table measured in inches (1 in = 50 ft), altitude is kept in feet, time
in 3.4 s rounds of four phases: Targeting, Movement, Gunfire, Damage Resolution
(§Sequence of Play).  Every reading of a rule the seed leaves open is in docs/rulings.md.
"""
