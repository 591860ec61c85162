"""Phantoms (with its Intruders supplement and 2008 Update) as data: control cards,
missiles, ground units, scenarios and orders.

The seed prints the procedures but none of the Aircraft Control Cards, missile ranges or
ground-weapon tables; the ones shipped here are furball's reconstruction, each naming its
sources (``docs/rulings.md``, Phantoms part).
"""
