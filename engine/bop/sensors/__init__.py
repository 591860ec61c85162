"""Sensors (SoP 10): IR seekers, IRST, radar by mode, integration and RWRs.

Pure procedures over explicit inputs (a :class:`Contact` per target: slant range in FP,
bearing cell, [AoN, AoC], AoT, altitude), rolling through :class:`~engine.dice.Dice` and
returning :class:`SensorRoll` results with timeline records.  The play-aid numbers are
rebuilt in ``models/tables/sensors.toml``; each type's sensors are in
``models/sensors/<type>.toml``.

* :mod:`.common` — contacts, awareness, arcs, range columns;
* :mod:`.infrared` — IRM and IRST acquisition and maintenance, seeker modes, false locks;
* :mod:`.radar_rolls` — mode arcs, Track modifiers (ECM/ECCM, lookdown), radar rolls;
* :mod:`.radar` — a radar through the Sensor phase, mode switches, closest target;
* :mod:`.integration` — handoffs, RWR warnings, EO sensor, GCI datalink.
"""

from engine.bop.sensors.common import (
    Awareness,
    AwarenessKind,
    Contact,
    IllegalSensorAction,
    SensorRoll,
    in_arc,
    in_fov,
    range_value,
    stabilised_usable,
)
from engine.bop.sensors.infrared import (
    IrmSeekers,
    cued_seeker_acquisition,
    dump_seeker,
    irm_acquisition,
    irm_maintenance,
    irst_acquisition,
    irst_maintenance,
    keep_one,
    set_seeker_mode,
    slaved_irm_acquisition,
)
from engine.bop.sensors.integration import (
    Emission,
    eo_identify,
    gci_initial_cues,
    handoff_ap,
    handoff_procedure,
    radar_handoff,
    rhm_eccm,
    rwr_warnings,
)
from engine.bop.sensors.radar import (
    RadarPhase,
    RadarState,
    after_rhm_launch,
    clear_radar,
    guides_rhm,
    radar_sensor_phase,
    select_closest,
    supports_ahm_launch,
    switch_mode,
    tws_switch,
)
from engine.bop.sensors.radar_rolls import (
    TrackModifiers,
    ecm_modifier,
    lookdown_rating,
    missile_radar_maintenance,
    mode_arc,
    radar_acquisition,
    radar_in_arc,
    radar_maintenance,
    track_conversion,
    track_modifiers,
)

__all__ = [
    "Awareness",
    "AwarenessKind",
    "Contact",
    "Emission",
    "IllegalSensorAction",
    "IrmSeekers",
    "RadarPhase",
    "RadarState",
    "SensorRoll",
    "TrackModifiers",
    "after_rhm_launch",
    "clear_radar",
    "cued_seeker_acquisition",
    "dump_seeker",
    "ecm_modifier",
    "eo_identify",
    "gci_initial_cues",
    "guides_rhm",
    "handoff_ap",
    "handoff_procedure",
    "in_arc",
    "in_fov",
    "irm_acquisition",
    "irm_maintenance",
    "irst_acquisition",
    "irst_maintenance",
    "keep_one",
    "lookdown_rating",
    "missile_radar_maintenance",
    "mode_arc",
    "radar_acquisition",
    "radar_handoff",
    "radar_in_arc",
    "radar_maintenance",
    "radar_sensor_phase",
    "range_value",
    "rhm_eccm",
    "rwr_warnings",
    "select_closest",
    "set_seeker_mode",
    "slaved_irm_acquisition",
    "stabilised_usable",
    "supports_ahm_launch",
    "switch_mode",
    "track_conversion",
    "track_modifiers",
    "tws_switch",
]
