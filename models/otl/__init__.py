"""Over the Lines' data: plane charts, templates, the chit mix, scenarios and orders.

The seed's procedures are complete but its numbers (Plane Charts, the turn and slip
templates, the Clock Template, the damage-chit mix) are not in it; the ones here are
furball's reconstruction, each file naming its sources (``docs/rulings.md``, OtL section).
"""
