"""Phantoms: modern air combat on a hex mat, in turns of ten impulses (rules §1–§15),
with the Intruders supplement's ground war and the 2008 Update's naval targets."""
