"""Tacview ACMI 2.2 export: a timeline as a flight recording Tacview opens.

* :mod:`sim.acmi.geodesy`: the flat map on the globe (tangent plane at the reference point).
* :mod:`sim.acmi.telemetry`: channels as Tacview's quantities (attitude, AOA, IAS, …).
* :mod:`sim.acmi.radar`: radar channels as locks, ranges and antenna angles.
* :mod:`sim.acmi.status`: the damage and crew channels as Health, Disabled and Label.
* :mod:`sim.acmi.ephemeral`: gun bursts, decoys, parachutists and explosions.
* :mod:`sim.acmi.debrief`: the recording's Debriefing text.
* :mod:`sim.acmi.writer`: a streaming writer of ACMI text, plain or zipped.
* :mod:`sim.acmi.export`: what a timeline becomes: objects, properties and events.
"""

from sim.acmi.export import AcmiExport, export_acmi
from sim.acmi.writer import AcmiPathError, AcmiWriter, open_acmi

__all__ = ["AcmiExport", "AcmiPathError", "AcmiWriter", "export_acmi", "open_acmi"]
