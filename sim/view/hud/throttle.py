"""The throttle quadrant: the rule set's detents (Birds of Prey's Idle / Mil / AB), the
lever, an engine-output bar and a lamp (BoP's speedbrakes), as a
:class:`models.hud_spec.ThrottleSpec` declares.

Drawn in aspect2d units with its origin at the bottom-left corner of its backing
(``WIDTH`` × ``HEIGHT``).  The lever sits at the ``throttle`` channel's fraction (0 at the
bottom, 1 at the top); the detent named by the rule set's throttle label lights up and the
lever takes its colour.  Without an output channel the bar is not drawn, without a lamp
channel the lamp is not.  Lamps and the lever are white geometry tinted with ``setColor``, the
engine bar is one quad scaled: nothing is rebuilt while playing.
"""

from __future__ import annotations

import math

from panda3d.core import NodePath

from models.hud_spec import ThrottleDetent, ThrottleSpec
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
from sim.view.hud.values import number_of

WIDTH, HEIGHT = 0.50, 0.70
TRACK_X0, TRACK_X1 = 0.075, 0.115
TRACK_Y0, TRACK_Y1 = 0.19, 0.48
LAMP_X0, LAMP_X1 = 0.165, 0.195
BAR_X0, BAR_X1 = 0.40, 0.45
SPEEDBRAKE_LAMP = (0.03, 0.045, 0.075, 0.085)
"""x0, y0, x1, y1 of the speedbrake lamp."""

DETENT_COLOURS: dict[str, RGBA] = {
    "idle": (0.86, 0.88, 0.92, 1.0),
    "mil": (0.30, 0.92, 0.38, 1.0),
    "ab": (1.0, 0.46, 0.06, 1.0),
}
"""Lit colours of the detents by key; any other detent lights in a colour of
:data:`DETENT_RAMP` by its place on the travel."""
DETENT_RAMP: tuple[RGBA, ...] = (
    (0.86, 0.88, 0.92, 1.0),
    (0.30, 0.92, 0.38, 1.0),
    (1.0, 0.82, 0.2, 1.0),
    (1.0, 0.46, 0.06, 1.0),
)
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


def detent_for(label: str, throttle: float, detents: tuple[ThrottleDetent, ...]) -> str | None:
    """The detent to light: the one the rule set's label names (its key or text, or a
    common spelling of idle, military and afterburner), else the nearest detent within a
    tenth of the throttle travel."""
    word = label.strip().lower()
    keys = {d.key.lower(): d.key for d in detents} | {d.text.lower(): d.key for d in detents}
    key = keys.get(word) or keys.get(_LABEL_ALIASES.get(word, ""))
    if key is not None:
        return key
    if not math.isfinite(throttle):
        return None
    for detent in detents:
        if abs(throttle - detent.fraction) <= 0.1:
            return detent.key
    return None


def detent_colour(detent: ThrottleDetent) -> RGBA:
    """A lit detent's colour: its own for idle, military and afterburner, else by its place
    on the travel."""
    own = DETENT_COLOURS.get(detent.key)
    if own is not None:
        return own
    return DETENT_RAMP[min(int(detent.fraction * len(DETENT_RAMP)), len(DETENT_RAMP) - 1)]


def throttle_y(fraction: float) -> float:
    fraction = min(max(fraction, 0.0), 1.0)
    return TRACK_Y0 + (TRACK_Y1 - TRACK_Y0) * fraction


LABEL_SPACING = 0.056
"""Least distance between the baselines of two detents' labels (a line of small text)."""


def spread_labels(ys: list[float], spacing: float = LABEL_SPACING) -> list[float]:
    """Heights for the detents' labels: each beside its detent, but detents closer than
    ``spacing`` (Over the Lines' brake and closed) have theirs moved apart about their
    middle, so that they never overlap."""
    order = sorted(range(len(ys)), key=lambda i: ys[i])
    wanted = [ys[i] for i in order]
    placed = list(wanted)
    for k in range(1, len(placed)):
        placed[k] = max(placed[k], placed[k - 1] + spacing)
    # Each run of labels pushed up goes back down by half its push, centring it on its
    # detents, as far as the label below it leaves room.
    k = 0
    while k < len(placed):
        end = k
        while end + 1 < len(placed) and placed[end + 1] - wanted[end + 1] > 1e-9:
            end += 1
        if end > k:
            room = placed[k] - placed[k - 1] - spacing if k > 0 else math.inf
            back = min(max(placed[j] - wanted[j] for j in range(k, end + 1)) / 2, room)
            for j in range(k, end + 1):
                placed[j] -= back
        k = end + 1
    heights = [0.0] * len(ys)
    for k, i in enumerate(order):
        heights[i] = placed[k]
    return heights


class ThrottleQuadrant:
    """The selected aircraft's throttle, with the engine output and lamp its spec names."""

    def __init__(self, parent: NodePath, spec: ThrottleSpec) -> None:
        self.spec = spec
        self.detents = spec.detents
        self._colours = {d.key: detent_colour(d) for d in spec.detents}
        self.root = make_root(parent, "hud-throttle")
        backing(self.root, "backing", 0.0, 0.0, WIDTH, HEIGHT)
        Label(
            self.root,
            "title",
            spec.title,
            pos=(0.025, HEIGHT - 0.065),
            colour=CAPTION,
        )
        static = Shapes()
        static.rect(TRACK_X0, TRACK_Y0 - 0.02, TRACK_X1, TRACK_Y1 + 0.02, (0.08, 0.09, 0.1, 1))
        static.rect(TRACK_X0 + 0.012, TRACK_Y0, TRACK_X1 - 0.012, TRACK_Y1, (0, 0, 0, 1))
        for detent in spec.detents:
            y = throttle_y(detent.fraction)
            static.rect(TRACK_X0 - 0.03, y - 0.004, LAMP_X0 - 0.01, y + 0.004, CAPTION)
        if spec.output_channel:
            static.rect(BAR_X0 - 0.006, TRACK_Y0 - 0.006, BAR_X1 + 0.006, TRACK_Y1 + 0.006, CAPTION)
            static.rect(BAR_X0, TRACK_Y0, BAR_X1, TRACK_Y1, (0.05, 0.06, 0.08, 1))
        static.attach(self.root, "static")

        self.lamps: dict[str, NodePath] = {}
        self.detent_labels: dict[str, Label] = {}
        label_ys = spread_labels([throttle_y(d.fraction) for d in spec.detents])
        for detent, label_y in zip(spec.detents, label_ys, strict=True):
            name, text = detent.key, detent.text
            y = throttle_y(detent.fraction)
            self.lamps[name] = _white_rect(
                self.root, f"lamp-{name}", LAMP_X0, y - 0.02, LAMP_X1, y + 0.02
            )
            self.lamps[name].setColor(*LAMP_OFF)
            self.detent_labels[name] = Label(
                self.root, f"detent-{name}", text, pos=(LAMP_X1 + 0.015, label_y - 0.017)
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
        engine_caption = Label(
            self.root,
            "engine-caption",
            spec.output_caption,
            pos=((BAR_X0 + BAR_X1) / 2, TRACK_Y1 + 0.028),
            colour=CAPTION,
            align="center",
        )
        if not spec.output_channel:
            for node in (self.engine_fill, self.engine_text.node, engine_caption.node):
                node.hide()

        x0, y0, x1, y1 = SPEEDBRAKE_LAMP
        self.speedbrake_lamp = _white_rect(self.root, "speedbrake-lamp", x0, y0, x1, y1)
        self.speedbrake_lamp.setColor(*LAMP_OFF)
        self.speedbrake_text = Label(
            self.root, "speedbrake", spec.lamp_caption, pos=(x1 + 0.02, y0 + 0.005)
        )
        if not spec.lamp_channel:
            self.speedbrake_lamp.hide()
            self.speedbrake_text.node.hide()
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
        fraction = {d.key: d.fraction for d in self.detents}[detent]
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
        detent = detent_for(state.throttle_label, state.throttle, self.detents)
        if detent != self._detent:
            if self._detent in self.lamps:
                self.lamps[self._detent].setColor(*LAMP_OFF)
                self.detent_labels[self._detent].set_colour(WHITE)
            self._detent = detent
            colour = self._colours.get(detent or "", WHITE)
            if detent is not None:
                self.lamps[detent].setColor(*colour)
                self.detent_labels[detent].set_colour(colour)
            self.lever_fill.setColor(*colour)
        throttle = state.throttle if math.isfinite(state.throttle) else 0.0
        lever_y = throttle_y(throttle)
        if lever_y != self._lever_y:
            self._lever_y = lever_y
            self.lever.setPos(0, 0, lever_y)
        spec = self.spec
        if spec.output_channel:
            output = number_of(state.value(spec.output_channel))
            engine = min(max(output or 0.0, 0.0), 1.0)
            if engine != self._engine:
                self._engine = engine
                self.engine_fill.setSz(max(engine * (TRACK_Y1 - TRACK_Y0), 1e-4))
                self.engine_text.set(f"{round(engine * 100):d}%")
        if spec.lamp_channel:
            lit = bool(number_of(state.value(spec.lamp_channel)))
            if lit != self._speedbrake:
                self._speedbrake = lit
                self.speedbrake_lamp.setColor(*(AMBER if lit else LAMP_OFF))
                self.speedbrake_text.set_colour(AMBER if lit else WHITE)
                caption = spec.lamp_caption
                self.speedbrake_text.set(f"{caption} OUT" if lit else caption)

    def destroy(self) -> None:
        self.root.removeNode()


def _white_rect(
    parent: NodePath, name: str, x0: float, y0: float, x1: float, y1: float
) -> NodePath:
    shapes = Shapes()
    shapes.rect(x0, y0, x1, y1, WHITE)
    return shapes.attach(parent, name)
