"""HUD building blocks and the two text panels (sensors; weapons, crew, damage, initiative).

The building blocks are shared by every HUD element:

* :class:`Shapes` collects flat-coloured triangles and turns them into one Geom.  Thick
  strokes are drawn as quads (line widths above one pixel are not portable).
* :class:`Label` is a text node that only regenerates its text when the value changes.
* :func:`hud_font` is the default font at a higher resolution, so big digits stay sharp at
  1080p.

Coordinates are 2D ``(x, y)``: ``x`` to the right and ``y`` up, written into Panda's X and Z
(aspect2d's screen plane).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from panda3d.core import (
    DynamicTextFont,
    DynamicTextGlyph,
    Geom,
    GeomNode,
    GeomTriangles,
    GeomVertexData,
    GeomVertexFormat,
    GeomVertexWriter,
    NodePath,
    TextFont,
    TextNode,
    TransparencyAttrib,
)

from sim.hud_captions import INITIATIVE_CAPTIONS, SENSOR_ROWS, STATUS_ROWS
from sim.snapshot import EntityState, Snapshot
from sim.view.hud.names import names_that_fit, short_labels

RGBA = tuple[float, float, float, float]
Point = tuple[float, float]

WHITE: RGBA = (1.0, 1.0, 1.0, 1.0)
CAPTION: RGBA = (0.66, 0.78, 0.90, 1.0)
"""Small captions above or beside values: a light steel blue, readable on the backing."""
AMBER: RGBA = (1.0, 0.72, 0.15, 1.0)
"""Warnings (RWR, IR lock, damage)."""
BACKING: RGBA = (0.02, 0.03, 0.05, 0.62)
"""The dark translucent panel behind HUD text, so it reads over sky and map alike."""
EDGE: RGBA = (0.55, 0.62, 0.70, 0.55)

TEXT_SMALL = 0.05
"""Smallest text scale in aspect2d units: 18 px per line at 720p, 27 px at 1080p."""
TEXT_VALUE = 0.062
TEXT_BIG = 0.095
NONE_TEXT = "—"
"""Shown for a field with nothing in it yet."""

_FONT: list[TextFont] = []


def hud_font() -> TextFont:
    """The default font at 72 pixels per unit (the default, 40, blurs the big digits)."""
    if not _FONT:
        font = TextNode.getDefaultFont().makeCopy()
        font.setPixelsPerUnit(72)
        font.setPageSize(512, 512)
        _FONT.append(font)
    return _FONT[0]


def selected_state(snapshot: Snapshot) -> EntityState | None:
    """The selected entity's state, or None when nothing (or something unknown) is selected."""
    if snapshot.selected is None:
        return None
    for state in snapshot.entities:
        if state.id == snapshot.selected:
            return state
    return None


def make_root(parent: NodePath, name: str) -> NodePath:
    """A HUD element's root: alpha blending on, drawn in scene-graph order over the 3D view."""
    root = parent.attachNewNode(name)
    root.setTransparency(TransparencyAttrib.MAlpha)
    root.setBin("fixed", 10)
    root.setDepthTest(False)
    root.setDepthWrite(False)
    return root


class Shapes:
    """Flat-coloured triangles gathered into one Geom (built once, never per frame)."""

    def __init__(self) -> None:
        self._data = GeomVertexData("hud-shapes", GeomVertexFormat.getV3c4(), Geom.UHStatic)
        self._vertex = GeomVertexWriter(self._data, "vertex")
        self._colour = GeomVertexWriter(self._data, "color")
        self._triangles = GeomTriangles(Geom.UHStatic)
        self._count = 0

    def _add(self, point: Point, colour: RGBA) -> int:
        self._vertex.addData3(point[0], 0.0, point[1])
        self._colour.addData4(*colour)
        self._count += 1
        return self._count - 1

    def polygon(self, points: Sequence[Point], colour: RGBA) -> None:
        """A convex polygon (a fan from its first point)."""
        first = self._add(points[0], colour)
        previous = self._add(points[1], colour)
        for point in points[2:]:
            current = self._add(point, colour)
            self._triangles.addVertices(first, previous, current)
            previous = current

    def quad(self, a: Point, b: Point, c: Point, d: Point, colour: RGBA) -> None:
        self.polygon((a, b, c, d), colour)

    def rect(self, x0: float, y0: float, x1: float, y1: float, colour: RGBA) -> None:
        self.polygon(((x0, y0), (x1, y0), (x1, y1), (x0, y1)), colour)

    def rounded_rect(
        self, x0: float, y0: float, x1: float, y1: float, radius: float, colour: RGBA
    ) -> None:
        radius = min(radius, (x1 - x0) / 2, (y1 - y0) / 2)
        corners = (
            (x1 - radius, y1 - radius, 0),
            (x0 + radius, y1 - radius, 90),
            (x0 + radius, y0 + radius, 180),
            (x1 - radius, y0 + radius, 270),
        )
        points: list[Point] = []
        for cx, cy, start in corners:
            for step in range(5):
                angle = math.radians(start + step * 22.5)
                points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
        self.polygon(points, colour)

    def disc(self, centre: Point, radius: float, colour: RGBA, segments: int = 28) -> None:
        self.polygon(_circle(centre, radius, segments), colour)

    def annulus(
        self, centre: Point, inner: float, outer: float, colour: RGBA, segments: int = 36
    ) -> None:
        inside = _circle(centre, inner, segments)
        outside = _circle(centre, outer, segments)
        for i in range(segments):
            j = (i + 1) % segments
            self.quad(inside[i], outside[i], outside[j], inside[j], colour)

    def stroke(
        self, points: Sequence[Point], width: float, colour: RGBA, closed: bool = False
    ) -> None:
        """A thick polyline with mitred joins (as quads)."""
        count = len(points)
        if count < 2:
            return
        half = width / 2
        left: list[Point] = []
        right: list[Point] = []
        for i in range(count):
            prev_i = (i - 1) % count if closed or i > 0 else i
            next_i = (i + 1) % count if closed or i < count - 1 else i
            n_in = _normal(points[prev_i], points[i]) if prev_i != i else None
            n_out = _normal(points[i], points[next_i]) if next_i != i else None
            nx, ny = _miter(n_in, n_out)
            left.append((points[i][0] + nx * half, points[i][1] + ny * half))
            right.append((points[i][0] - nx * half, points[i][1] - ny * half))
        segments = count if closed else count - 1
        for i in range(segments):
            j = (i + 1) % count
            self.quad(right[i], right[j], left[j], left[i], colour)

    def node(self, name: str) -> GeomNode:
        geom = Geom(self._data)
        geom.addPrimitive(self._triangles)
        node = GeomNode(name)
        node.addGeom(geom)
        return node

    def attach(self, parent: NodePath, name: str) -> NodePath:
        return parent.attachNewNode(self.node(name))


def _circle(centre: Point, radius: float, segments: int) -> list[Point]:
    return [
        (
            centre[0] + radius * math.cos(2 * math.pi * i / segments),
            centre[1] + radius * math.sin(2 * math.pi * i / segments),
        )
        for i in range(segments)
    ]


def _normal(a: Point, b: Point) -> Point:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    return (-dy / length, dx / length)


def _miter(n_in: Point | None, n_out: Point | None) -> Point:
    if n_in is None or n_out is None:
        only = n_in or n_out
        assert only is not None
        return only
    mx, my = n_in[0] + n_out[0], n_in[1] + n_out[1]
    length = math.hypot(mx, my)
    if length < 1e-6:
        return n_in
    mx, my = mx / length, my / length
    cos_half = max(mx * n_in[0] + my * n_in[1], 0.25)  # cap very sharp mitres
    return (mx / cos_half, my / cos_half)


class Label:
    """A text node whose text and colour are only touched when they change."""

    __slots__ = ("_colour", "_text", "node", "text_node")

    def __init__(
        self,
        parent: NodePath,
        name: str,
        text: str = "",
        *,
        scale: float = TEXT_SMALL,
        pos: Point = (0.0, 0.0),
        colour: RGBA = WHITE,
        align: str = "left",
        shadow: bool = True,
    ) -> None:
        self.text_node = TextNode(name)
        self.text_node.setFont(hud_font())
        self.text_node.setAlign(
            {"left": TextNode.ALeft, "right": TextNode.ARight, "center": TextNode.ACenter}[align]
        )
        self.text_node.setTextColor(*colour)
        if shadow:
            self.text_node.setShadow(0.06, 0.06)
            self.text_node.setShadowColor(0, 0, 0, 0.85)
        self.text_node.setText(drawable(text))
        self._text = text
        self._colour = colour
        self.node = parent.attachNewNode(self.text_node)
        self.node.setScale(scale)
        self.node.setPos(pos[0], 0, pos[1])

    @property
    def text(self) -> str:
        return self._text

    def set(self, text: str) -> None:
        if text != self._text:
            self._text = text
            self.text_node.setText(drawable(text))

    def set_colour(self, colour: RGBA) -> None:
        if colour != self._colour:
            self._colour = colour
            self.text_node.setTextColor(*colour)


FALLBACK_TEXT = {"→": "->", "−": "-", "–": "-", "—": "-", "×": "x", "Δ": "d", "·": "-"}
"""ASCII stand-ins for characters the HUD font may lack."""


def drawable(text: str, font: TextFont | None = None) -> str:
    """``text`` with every character the font cannot draw replaced by an ASCII stand-in
    (or ``?``): the font would otherwise draw an empty box."""
    font = font or hud_font()
    if text.isascii() or not isinstance(font, DynamicTextFont):
        return text
    return "".join(
        c
        if c.isascii() or isinstance(font.getGlyph(ord(c)), DynamicTextGlyph)
        else FALLBACK_TEXT.get(c, "?")
        for c in text
    )


def backing(
    parent: NodePath,
    name: str,
    x0: float,
    y0: float,
    x1: float,
    y1: float,
    colour: RGBA = BACKING,
    radius: float = 0.025,
) -> NodePath:
    """A dark translucent rounded panel."""
    shapes = Shapes()
    shapes.rounded_rect(x0, y0, x1, y1, radius, colour)
    return shapes.attach(parent, name)


def join_or_none(items: Iterable[str]) -> str:
    text = ", ".join(item for item in items if item)
    return text or NONE_TEXT


def clip(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters with an ellipsis."""
    return text if len(text) <= limit else text[: max(limit - 1, 1)].rstrip() + "…"


# -- the panels --------------------------------------------------------------------------

PANEL_WIDTH = 0.62
ROW_STEP = 0.066
VALUE_CHARS = 15
STATUS_CHARS = 11
"""The status rows' captions are long, so their values are shorter."""
INIT_CHARS = 5
"""Initiative (``-12.3``), flight class (``B/b``) and AP (``4 6``) share one row."""
VALUE_GAP = 0.03
"""Least space between a row's caption and its value."""


def weapons_summary(items: Iterable[str]) -> str:
    """``("M61A1 6", "AIM-7E-2 x2", "AIM-9B x2")`` → ``GUN 6 MSL 4``: what is left, counted."""
    gun = missiles = 0
    for item in items:
        name, _, count = item.strip().rpartition(" ")
        if not name:
            continue
        if count.startswith("x") and count[1:].isdigit():
            missiles += int(count[1:])
        elif count.isdigit():
            gun += int(count)
    if not gun and not missiles:
        return join_or_none(items)
    return " ".join(
        part
        for part in (f"GUN {gun}" if gun else "", f"MSL {missiles}" if missiles else "")
        if part
    )


CREW_STATE_WORDS = {
    "grey_out": "grey",
    "black_out": "black",
    "loc": "LOC",
    "killed": "KIA",
    "wounded": "WIA",
}
"""Short words for the crew states the engine writes (``pilot: wounded grey_out``)."""
CREW_SEAT_LETTERS = {"pilot": "P", "back seat": "R"}
"""Seat letters for two-seaters: P the pilot, R the rear seat."""
CREW_CHARS = 14
"""The crew row's caption is short, so its value may be longer than the other rows'."""


def crew_summary(text: str) -> str:
    """``pilot: loc`` → ``LOC``; ``back seat: grey_out`` → ``R grey``;
    ``pilot: loc, back seat: killed`` → ``P LOC R KIA``: the worst news, short."""
    if not text or text == "ok":
        return text or ""
    items = [item.partition(": ") for item in text.split(", ")]
    seat_named = len(items) > 1 or items[0][0] != "pilot"
    parts = []
    for seat, _, states in items:
        words = " ".join(CREW_STATE_WORDS.get(word, word) for word in states.split())
        parts.append(f"{CREW_SEAT_LETTERS.get(seat, seat)} {words}" if seat_named else words)
    return " ".join(parts)


class _RowsPanel:
    """A titled panel of caption / value rows, right-aligned values."""

    TITLE = ""
    ROWS: tuple[tuple[str, str], ...] = ()
    """(key, caption) per row."""
    EXTRA_ROWS = 0
    """Rows a subclass lays out itself, below ``ROWS``."""

    def __init__(self, parent: NodePath) -> None:
        self.root = make_root(parent, f"hud-{self.TITLE.lower()}")
        height = 0.075 + ROW_STEP * (len(self.ROWS) + self.EXTRA_ROWS) + 0.02
        self.height = height
        backing(self.root, "backing", 0.0, -height, PANEL_WIDTH, 0.0)
        Label(self.root, "title", self.TITLE, pos=(0.025, -0.058), colour=CAPTION)
        self.values: dict[str, Label] = {}
        for i, (key, caption) in enumerate(self.ROWS):
            y = -0.058 - ROW_STEP * (i + 1)
            Label(self.root, f"caption-{key}", caption, pos=(0.045, y), colour=CAPTION)
            self.values[key] = Label(
                self.root, f"value-{key}", NONE_TEXT, pos=(PANEL_WIDTH - 0.025, y), align="right"
            )
        self._shown: tuple[object, ...] | None = None

    def text(self, key: str) -> str:
        """What a row shows now (for tests and debugging)."""
        return self.values[key].text

    def row_y(self, index: int) -> float:
        """The baseline of row ``index`` (0 the first row under the title)."""
        return -0.058 - ROW_STEP * (index + 1)

    def value_room(self, key: str) -> float:
        """How wide a row's value may be, right of its caption, in panel units."""
        caption = dict(self.ROWS)[key]
        used = float(self.values[key].text_node.calcWidth(caption)) * TEXT_SMALL
        return PANEL_WIDTH - 0.025 - (0.045 + used + VALUE_GAP)

    def destroy(self) -> None:
        self.root.removeNode()


class SensorsPanel(_RowsPanel):
    """Radar mode, tracks, IR/IRST lock and RWR warnings of the selected aircraft.

    The aircraft the sensors name are shown by callsign, or by their PHAD labels when the
    callsigns do not fit the row (:func:`~sim.view.hud.names.names_that_fit`).
    """

    TITLE = "SENSORS"
    ROWS = SENSOR_ROWS

    def __init__(self, parent: NodePath) -> None:
        super().__init__(parent)
        self._room = {key: self.value_room(key) for key, _caption in self.ROWS}

    def _names(self, key: str, ids: tuple[str, ...], snapshot: Snapshot) -> str:
        if not ids:
            return NONE_TEXT
        callsigns = {e.id: e.callsign for e in snapshot.entities}
        label = self.values[key].text_node
        room = self._room[key]

        def fits(text: str) -> bool:
            return float(label.calcWidth(drawable(text))) * TEXT_SMALL <= room

        return names_that_fit(ids, callsigns, short_labels(snapshot.entities), fits)

    def update(self, snapshot: Snapshot) -> None:
        state = selected_state(snapshot)
        if state is None:
            return
        key = (state.radar_mode, state.tracks, state.ir_lock, state.rwr)
        if key == self._shown:
            return
        self._shown = key
        self.values["radar"].set(clip(state.radar_mode or "off", VALUE_CHARS))
        self.values["tracks"].set(self._names("tracks", state.tracks, snapshot))
        ir_lock = (state.ir_lock,) if state.ir_lock else ()
        self.values["ir"].set(self._names("ir", ir_lock, snapshot))
        self.values["ir"].set_colour(AMBER if state.ir_lock else WHITE)
        self.values["rwr"].set(self._names("rwr", state.rwr, snapshot))
        self.values["rwr"].set_colour(AMBER if state.rwr else WHITE)


INIT_VALUE_X, CLASS_X, AP_CAPTION_X = 0.155, 0.34, 0.43
"""The initiative row's columns: ``INIT 5.37   B/b   AP 4 6`` (value left, class centred,
AP caption left; the AP value is right-aligned like every other row's value)."""


class StatusPanel(_RowsPanel):
    """Weapons remaining, crew state and damage of the selected aircraft, and a row with
    its crew's Initiative, its flight class for the next game-turn and the Activity Points
    each crew member has left (``INIT 5.37   B/b   AP 4 6``; "Initiative", SoP 08)."""

    TITLE = "STORES & STATUS"
    ROWS = STATUS_ROWS
    EXTRA_ROWS = 1

    def __init__(self, parent: NodePath) -> None:
        super().__init__(parent)
        y = self.row_y(len(self.ROWS))
        Label(
            self.root,
            "caption-initiative",
            INITIATIVE_CAPTIONS["initiative"],
            pos=(0.045, y),
            colour=CAPTION,
        )
        Label(
            self.root,
            "caption-activity",
            INITIATIVE_CAPTIONS["activity"],
            pos=(AP_CAPTION_X, y),
            colour=CAPTION,
        )
        self.values["initiative"] = Label(
            self.root, "value-initiative", NONE_TEXT, pos=(INIT_VALUE_X, y)
        )
        self.values["flight_class"] = Label(
            self.root, "value-flight-class", NONE_TEXT, pos=(CLASS_X, y), align="center"
        )
        self.values["activity"] = Label(
            self.root, "value-activity", NONE_TEXT, pos=(PANEL_WIDTH - 0.025, y), align="right"
        )

    def update(self, snapshot: Snapshot) -> None:
        state = selected_state(snapshot)
        if state is None:
            return
        key = (
            state.weapons,
            state.crew_state,
            state.damage,
            state.initiative,
            state.flight_class,
            state.activity,
        )
        if key == self._shown:
            return
        self._shown = key
        self.values["initiative"].set(clip(state.initiative or NONE_TEXT, INIT_CHARS))
        self.values["flight_class"].set(clip(state.flight_class or NONE_TEXT, INIT_CHARS))
        self.values["activity"].set(clip(state.activity or NONE_TEXT, INIT_CHARS))
        spent = state.activity != "" and all(ap in ("0", "-") for ap in state.activity.split())
        self.values["activity"].set_colour(AMBER if spent else WHITE)
        self.values["weapons"].set(clip(weapons_summary(state.weapons), STATUS_CHARS))
        self.values["crew"].set(clip(crew_summary(state.crew_state) or NONE_TEXT, CREW_CHARS))
        self.values["crew"].set_colour(AMBER if state.crew_state not in ("", "ok") else WHITE)
        self.values["damage"].set(clip(state.damage or NONE_TEXT, STATUS_CHARS))
        self.values["damage"].set_colour(AMBER if state.damage else WHITE)
