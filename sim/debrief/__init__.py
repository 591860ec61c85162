"""The instructor's debrief read off a timeline: per-tick series of an aircraft against
its opponent (:mod:`sim.debrief.series`), their charts (:mod:`sim.debrief.charts`) and
the shot log (:mod:`sim.debrief.shot_log`).  No Panda3D here."""
