"""Birds of Prey's cockpit HUD, declared as data (the instruments of DESIGN §5).

The gauges, the throttle quadrant's detents (idle, military, afterburner: SoP 02), the
SENSORS and STORES & STATUS panels and the rulebook's own PHAD marks, each naming the
timeline channel it shows.
"""

from __future__ import annotations

from models.hud_spec import (
    GaugeSpec,
    HudSpec,
    InitiativeRowSpec,
    PanelSpec,
    PhadSpec,
    RowSpec,
    ThrottleDetent,
    ThrottleSpec,
)

BOP_HUD = HudSpec(
    gauges=(
        GaugeSpec(key="speed", caption="SPEED kt", channel="speed_kt"),
        GaugeSpec(key="keas", caption="KEAS kt", channel="bop.keas_kt"),
        GaugeSpec(key="mach", caption="MACH", channel="bop.mach", decimals=2),
        GaugeSpec(
            key="fuel", caption="FUEL FP", channel="bop.fuel_fp", format="compact", decimals=1
        ),
        GaugeSpec(key="alt", caption="ALT ft", channel="z_ft", format="thousands"),
        GaugeSpec(key="steps", caption="ALT steps", channel="bop.alt_steps"),
        GaugeSpec(key="load", caption="LOAD G", channel="bop.load_g", decimals=1),
        GaugeSpec(
            key="avg_load",
            caption="AVG LOAD G",
            channel="bop.load_g",
            decimals=1,
            turn_mean=True,
        ),
    ),
    throttle=ThrottleSpec(
        detents=(
            ThrottleDetent(key="idle", text="IDLE", fraction=0.0),
            ThrottleDetent(key="mil", text="MIL", fraction=0.5),
            ThrottleDetent(key="ab", text="AB", fraction=1.0),
        ),
        output_channel="bop.engine_output",
        lamp_channel="bop.speedbrake",
        lamp_caption="SPD BRK",
    ),
    panels=(
        PanelSpec(
            key="sensors",
            title="SENSORS",
            rows=(
                RowSpec(key="radar", caption="RADAR", channel="bop.radar_mode", empty="off"),
                RowSpec(key="tracks", caption="TRACKS", channel="bop.tracks", format="ids"),
                RowSpec(
                    key="ir", caption="IR LOCK", channel="bop.ir_lock", format="ids", warn=True
                ),
                RowSpec(key="rwr", caption="RWR", channel="bop.rwr", format="ids", warn=True),
            ),
        ),
        PanelSpec(
            key="status",
            title="STORES & STATUS",
            rows=(
                RowSpec(
                    key="weapons",
                    caption="WEAPONS",
                    channel="bop.weapons",
                    format="weapons",
                    chars=11,
                ),
                RowSpec(
                    key="crew",
                    caption="CREW",
                    channel="bop.crew_state",
                    format="crew",
                    chars=14,
                    warn=True,
                ),
                RowSpec(key="damage", caption="DAMAGE", channel="bop.damage", chars=11, warn=True),
            ),
            initiative=InitiativeRowSpec(
                initiative_channel="bop.initiative",
                class_channel="bop.flight_class",
                activity_channel="bop.activity",
            ),
        ),
    ),
    phad=PhadSpec(
        source="rules",
        marks={
            "nose": "bop.nose",
            "canopy": "bop.canopy",
            "wing": "bop.wing",
            "velocity": "bop.velocity",
            "lift": "bop.lift",
        },
        tracks_channel="bop.tracks",
        spotted_channel="bop.spotted",
    ),
)
"""What the HUD shows for a Birds of Prey timeline."""
