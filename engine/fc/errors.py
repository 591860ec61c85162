"""The refusal Fighter Command raises for a plot its rules do not allow."""

from __future__ import annotations

from engine.errors import IllegalOrder


class IllegalPlot(IllegalOrder):
    """A plot the control sheet or the plotting rules refuse; names the rule by heading
    (§Plot for the Turn, §Flight Instructions) and the aircraft."""
