"""What a rule set's cockpit HUD shows, declared as data (DESIGN §6).

The HUD has one set of instruments; a rule set chooses which gauges, which throttle
detents, which titled panels of rows and where its PHAD marks come from.  Every value is
named by a timeline channel (see :class:`models.ruleset_spec.ChannelSpec`), so the HUD
never needs the rule set's code, and a timeline that carries its :class:`HudSpec` shows the
same HUD without the rule set installed.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class _Spec(BaseModel):
    model_config = ConfigDict(
        frozen=True, extra="forbid", use_attribute_docstrings=True, allow_inf_nan=False
    )


ValueFormat = Literal["number", "compact", "text", "ids", "thousands", "weapons", "crew"]
"""How a value is written: ``number`` by the gauge's ``decimals``; ``compact`` the same
without trailing zeros (``27`` and ``27.5`` fuel points); ``thousands`` rounded to tens with
a thousands separator (altitude in feet); ``text`` as it is; ``ids`` as the callsigns of
the entity ids it lists.  Two are Birds of Prey's own texts, counted or shortened:
``weapons`` (``M61A1 6, AIM-7E-2 x2`` → ``GUN 6 MSL 2``) and ``crew`` (``pilot: loc`` →
``LOC``)."""


class GaugeSpec(_Spec):
    """One tile of the gauge cluster: a caption over a value."""

    key: str
    caption: str
    channel: str
    """The timeline channel it shows (``speed_kt``, ``bop.fuel_fp``)."""
    format: ValueFormat = "number"
    decimals: int = Field(default=0, ge=0, le=3)
    turn_mean: bool = False
    """Show the mean over the turn flown so far rather than the value now."""


class RowSpec(_Spec):
    """One row of a titled panel: a caption and a value."""

    key: str
    caption: str
    channel: str
    format: ValueFormat = "text"
    chars: int = Field(default=15, ge=3)
    """The value is cut to this many characters (with an ellipsis)."""
    empty: str = ""
    """Shown when the value is empty; an em dash when this is empty too."""
    warn: bool = False
    """The value turns amber when it says anything (but ``ok``): a lock, a warning, damage."""


class InitiativeRowSpec(_Spec):
    """Birds of Prey's last status row, ``INIT 5.37   B/b   AP 4 6`` (SoP 08): the crew's
    Initiative, the flight class for the next game-turn (no caption) and the Activity
    Points each crew member has left (amber when all are spent)."""

    initiative_channel: str
    class_channel: str
    activity_channel: str
    initiative_caption: str = "INIT"
    activity_caption: str = "AP"


class PanelSpec(_Spec):
    """A titled panel of rows (SENSORS, STORES & STATUS, …)."""

    key: str
    title: str
    rows: tuple[RowSpec, ...]
    initiative: InitiativeRowSpec | None = None
    """A row of Birds of Prey's Initiative, flight class and Activity Points under the rest."""


class ThrottleDetent(_Spec):
    """A stop on the throttle quadrant."""

    key: str
    """The rules' throttle label this stop stands for (matched without regard to case)."""
    text: str
    """What the quadrant prints beside the stop."""
    fraction: float = Field(ge=0.0, le=1.0)
    """Where the stop sits, 0 at the bottom, 1 at the top (the ``throttle`` channel)."""


class ThrottleSpec(_Spec):
    """The throttle quadrant: its stops, and the channels of its engine bar and lamp."""

    detents: tuple[ThrottleDetent, ...]
    output_channel: str = ""
    """A 0–1 channel drawn as the engine-output bar; empty for none."""
    lamp_channel: str = ""
    """A 0/1 channel lighting the lamp (speedbrakes); empty for none."""
    lamp_caption: str = ""
    title: str = "THROTTLE"
    output_caption: str = "ENG"
    """The engine-output bar's caption."""


class PhadSpec(_Spec):
    """Where the PHAD's marks come from."""

    source: Literal["rules", "derived"] = "derived"
    """``rules``: the rule set's own PHAD cells, from ``marks``; ``derived``: computed from
    the attitude each frame and marked as derived."""
    marks: dict[str, str] = Field(default_factory=dict)
    """Mark name (``nose``, ``canopy``, ``wing``, ``velocity``, ``lift``) → channel holding
    its cell text, for ``source = "rules"``."""
    tracks_channel: str = ""
    """An ``ids`` channel of what the aircraft's sensors track (boxed on the PHAD)."""
    spotted_channel: str = ""
    """An ``ids`` channel of what its crew have spotted (the rest fade)."""


class HudSpec(_Spec):
    """Everything the cockpit HUD shows for one rule set."""

    gauges: tuple[GaugeSpec, ...]
    throttle: ThrottleSpec | None = None
    """None hides the quadrant (the rules have no throttle)."""
    panels: tuple[PanelSpec, ...] = ()
    phad: PhadSpec = Field(default_factory=PhadSpec)


CORE_HUD = HudSpec(
    gauges=(
        GaugeSpec(key="speed", caption="SPEED kt", channel="speed_kt"),
        GaugeSpec(key="alt", caption="ALT ft", channel="z_ft", format="thousands"),
    )
)
"""The HUD of a timeline that declares none: true airspeed and altitude, derived PHAD."""
