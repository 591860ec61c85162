"""Over the Lines' optional rules (§Advanced and Optional Rules), one small module per rule.

Each rule is switched on by a field of :class:`models.otl.scenario.OtlOptions`; the modules
take plane and ground-unit states and plain numbers, roll through the game's
:class:`engine.dice.Dice`, and report what happened as :class:`~.events.OptionalEvent`.
Readings of ambiguous rules are written down in the project's rulings.
"""
