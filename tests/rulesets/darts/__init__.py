"""*Darts*: the smallest rule set that proves furball's rule-set boundary, kept in the tests.

Paper darts on an open table, measured in inches of 50 ft.  A round is 4 s of four 1 s
steps; each round a dart turns up to 30° (its order), flies its speed in inches, and rolls a
d6 for a gust: on a 1 it loses an inch of speed for good.  Nothing else: no PHAD of its own
(the HUD derives one), no throttle, one panel.  It registers like any plug-in and is never
imported by furball itself.
"""
