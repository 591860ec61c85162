"""The convention demo: an attract loop over a playlist of vignettes (``furball demo``).

:mod:`sim.demo.director` is the loop's clock (title card, fight, key moment, next vignette;
a viewer takes over on any input and the loop resumes after an idle timeout) and
:mod:`sim.demo.shots` the auto-director that picks the camera from the timeline's events.
Both are pure and run without Panda3D; :mod:`sim.demo.overlay` draws the title card and
labels and :mod:`sim.demo.loop` puts them on screen or into a video.
"""
