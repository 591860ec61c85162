"""The throttle quadrant: Idle / Mil / AB detents, the lever, engine output and speedbrake.

Drawn in aspect2d units with its origin at the bottom-left corner of its backing
(``WIDTH`` × ``HEIGHT``).  The lever sits at the throttle fraction (idle 0, military 0.5,
afterburner 1); the detent named by the rule set's throttle label lights up and the lever
takes its colour.  Lamps and the lever are white geometry tinted with ``setColor``, the
engine bar is one quad scaled: nothing is rebuilt while playing.
"""

from __future__ import annotations

from panda3d.core import NodePath

from sim.hud_captions import THROTTLE_CAPTIONS
from sim.snapshot import Snapshot
from sim.view.hud.panels import (
    AMBER,
    CAPTION,
    RGBA,
    WHITE,
    Label,
    Point,
    Shapes,
    backing,
    make_root,
    selected_state,
)

WIDTH, HEIGHT = 0.50, 0.70
TRACK_X0, TRACK_X1 = 0.075, 0.115
TRACK_Y0, TRACK_Y1 = 0.19, 0.48
LAMP_X0, LAMP_X1 = 0.165, 0.195
BAR_X0, BAR_X1 = 0.40, 0.45
SPEEDBRAKE_LAMP = (0.03, 0.045, 0.075, 0.085)
"""x0, y0, x1, y1 of the speedbrake lamp."""

DETENTS: tuple[tuple[str, str, float], ...] = (
    ("idle", "IDLE", 0.0),
    ("mil", "MIL", 0.5),
    ("ab", "AB", 1.0),
)
"""(key, text, throttle fraction) of each detent."""
DETENT_COLOURS: dict[str, RGBA] = {
    "idle": (0.86, 0.88, 0.92, 1.0),
    "mil": (0.30, 0.92, 0.38, 1.0),
    "ab": (1.0, 0.46, 0.06, 1.0),
}
LAMP_OFF: RGBA = (0.20, 0.22, 0.26, 1.0)
ENGINE_FILL: RGBA = (0.35, 0.80, 1.0, 1.0)

_LABEL_ALIASES = {
    "idle": "idle",
    "mil": "mil",
    "military": "mil",
    "ab": "ab",
    "afterburner": "ab",
    "max": "ab",
}


def detent_for(label: str, throttle: float) -> str | None:
    """The detent to light: the rule set's label when it names one, else the nearest detent
    within a tenth of the throttle travel."""
    key = _LABEL_ALIASES.get(label.strip().lower())
    if key is not None:
        return key
    for name, _text, fraction in DETENTS:
        if abs(throttle - fraction) <= 0.1:
            return name
    return None


def throttle_y(fraction: float) -> float:
    fraction = min(max(fraction, 0.0), 1.0)
    return TRACK_Y0 + (TRACK_Y1 - TRACK_Y0) * fraction


class ThrottleQuadrant:
    """The selected aircraft's throttle, engine output and speedbrake."""

    def __init__(self, parent: NodePath) -> None:
        self.root = make_root(parent, "hud-throttle")
        backing(self.root, "backing", 0.0, 0.0, WIDTH, HEIGHT)
        Label(
            self.root,
            "title",
            THROTTLE_CAPTIONS["throttle"],
            pos=(0.025, HEIGHT - 0.065),
            colour=CAPTION,
        )
        static = Shapes()
        static.rect(TRACK_X0, TRACK_Y0 - 0.02, TRACK_X1, TRACK_Y1 + 0.02, (0.08, 0.09, 0.1, 1))
        static.rect(TRACK_X0 + 0.012, TRACK_Y0, TRACK_X1 - 0.012, TRACK_Y1, (0, 0, 0, 1))
        for _name, _text, fraction in DETENTS:
            y = throttle_y(fraction)
            static.rect(TRACK_X0 - 0.03, y - 0.004, LAMP_X0 - 0.01, y + 0.004, CAPTION)
        static.rect(BAR_X0 - 0.006, TRACK_Y0 - 0.006, BAR_X1 + 0.006, TRACK_Y1 + 0.006, CAPTION)
        static.rect(BAR_X0, TRACK_Y0, BAR_X1, TRACK_Y1, (0.05, 0.06, 0.08, 1))
        static.attach(self.root, "static")

        self.lamps: dict[str, NodePath] = {}
        self.detent_labels: dict[str, Label] = {}
        for name, text, fraction in DETENTS:
            y = throttle_y(fraction)
            self.lamps[name] = _white_rect(
                self.root, f"lamp-{name}", LAMP_X0, y - 0.02, LAMP_X1, y + 0.02
            )
            self.lamps[name].setColor(*LAMP_OFF)
            self.detent_labels[name] = Label(
                self.root, f"detent-{name}", text, pos=(LAMP_X1 + 0.015, y - 0.017)
            )

        self.lever = self.root.attachNewNode("lever")
        outline = Shapes()
        outline.rect(TRACK_X0 - 0.05, -0.026, TRACK_X1 + 0.05, 0.026, (0.0, 0.0, 0.0, 1.0))
        outline.attach(self.lever, "outline")
        self.lever_fill = _white_rect(
            self.lever, "fill", TRACK_X0 - 0.042, -0.018, TRACK_X1 + 0.042, 0.018
        )

        self.engine_fill = _white_rect(self.root, "engine-fill", 0.0, 0.0, BAR_X1 - BAR_X0, 1.0)
        self.engine_fill.setPos(BAR_X0, 0, TRACK_Y0)
        self.engine_fill.setColor(*ENGINE_FILL)
        self.engine_text = Label(
            self.root,
            "engine",
            "0%",
            pos=((BAR_X0 + BAR_X1) / 2, TRACK_Y0 - 0.062),
            align="center",
        )
        Label(
            self.root,
            "engine-caption",
            THROTTLE_CAPTIONS["engine_output"],
            pos=((BAR_X0 + BAR_X1) / 2, TRACK_Y1 + 0.028),
            colour=CAPTION,
            align="center",
        )

        x0, y0, x1, y1 = SPEEDBRAKE_LAMP
        self.speedbrake_lamp = _white_rect(self.root, "speedbrake-lamp", x0, y0, x1, y1)
        self.speedbrake_lamp.setColor(*LAMP_OFF)
        self.speedbrake_text = Label(
            self.root, "speedbrake", THROTTLE_CAPTIONS["speedbrake"], pos=(x1 + 0.02, y0 + 0.005)
        )
        self._detent: str | None = "unset"
        self._lever_y: float | None = None
        self._engine: float | None = None
        self._speedbrake: bool | None = None

    # -- queries -----------------------------------------------------------------------
    @property
    def lit_detent(self) -> str | None:
        return None if self._detent == "unset" else self._detent

    def lamp_position(self, detent: str) -> Point:
        """Local (x, y) of the centre of a detent's lamp."""
        fraction = {name: f for name, _t, f in DETENTS}[detent]
        return ((LAMP_X0 + LAMP_X1) / 2, throttle_y(fraction))

    def lever_position(self) -> Point:
        """Local (x, y) of the middle of the lever's grip (left of the track)."""
        return (TRACK_X0 - 0.03, float(self.lever.getZ()))

    @property
    def speedbrake_lamp_position(self) -> Point:
        x0, y0, x1, y1 = SPEEDBRAKE_LAMP
        return ((x0 + x1) / 2, (y0 + y1) / 2)

    # -- updating ----------------------------------------------------------------------
    def update(self, snapshot: Snapshot) -> None:
        state = selected_state(snapshot)
        if state is None:
            return
        detent = detent_for(state.throttle_label, state.throttle)
        if detent != self._detent:
            if self._detent in self.lamps:
                self.lamps[self._detent].setColor(*LAMP_OFF)
                self.detent_labels[self._detent].set_colour(WHITE)
            self._detent = detent
            colour = DETENT_COLOURS.get(detent or "", WHITE)
            if detent is not None:
                self.lamps[detent].setColor(*colour)
                self.detent_labels[detent].set_colour(colour)
            self.lever_fill.setColor(*colour)
        lever_y = throttle_y(state.throttle)
        if lever_y != self._lever_y:
            self._lever_y = lever_y
            self.lever.setPos(0, 0, lever_y)
        engine = min(max(state.engine_output, 0.0), 1.0)
        if engine != self._engine:
            self._engine = engine
            self.engine_fill.setSz(max(engine * (TRACK_Y1 - TRACK_Y0), 1e-4))
            self.engine_text.set(f"{round(engine * 100):d}%")
        if state.speedbrake != self._speedbrake:
            self._speedbrake = state.speedbrake
            self.speedbrake_lamp.setColor(*(AMBER if state.speedbrake else LAMP_OFF))
            self.speedbrake_text.set_colour(AMBER if state.speedbrake else WHITE)
            brake = THROTTLE_CAPTIONS["speedbrake"]
            self.speedbrake_text.set(f"{brake} OUT" if state.speedbrake else brake)

    def destroy(self) -> None:
        self.root.removeNode()


def _white_rect(
    parent: NodePath, name: str, x0: float, y0: float, x1: float, y1: float
) -> NodePath:
    shapes = Shapes()
    shapes.rect(x0, y0, x1, y1, WHITE)
    return shapes.attach(parent, name)
