"""HUD building blocks and the titled row panels a rule set declares (SENSORS, STORES &
STATUS, …: :class:`models.hud_spec.PanelSpec`).

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
from collections.abc import Callable, Sequence

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

from models.bop_hud import BOP_HUD
from models.hud_spec import PanelSpec, RowSpec
from sim.snapshot import EntityState, Snapshot
from sim.view.hud.names import names_that_fit, short_labels
from sim.view.hud.values import (
    CREW_SEAT_LETTERS,
    CREW_STATE_WORDS,
    NONE_TEXT,
    crew_summary,
    ids_of,
    join_or_none,
    warns,
    weapons_summary,
    written,
)

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


def clip(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters with an ellipsis."""
    return text if len(text) <= limit else text[: max(limit - 1, 1)].rstrip() + "…"


ITEM_SEPARATOR = " · "
"""What a row's value lists its items with (``SA-2 FAN SONG 9h · MIG-21 12h``)."""


def fitted(text: str, limit: int, fits: Callable[[str], bool]) -> str:
    """``text`` as a row shows it in at most ``limit`` characters and a width that
    ``fits``: whole, else as many of its leading items as fit and a count of the rest
    (``SA-2 FAN SONG 9h +1``), else cut shorter and shorter with an ellipsis.  Capitals are
    wider than the letters a panel's width is reckoned for, so a count of characters alone
    can run a value into its caption."""
    if len(text) <= limit and fits(text):
        return text
    items = text.split(ITEM_SEPARATOR)
    for kept in range(len(items) - 1, 0, -1):
        shown = f"{ITEM_SEPARATOR.join(items[:kept])} +{len(items) - kept}"
        if len(shown) <= limit and fits(shown):
            return shown
    for chars in range(min(limit, len(text)), 1, -1):
        shown = clip(text, chars) if chars < len(text) else text
        if fits(shown):
            return shown
    return clip(text, 2)


# -- the panels --------------------------------------------------------------------------

PANEL_WIDTH = 0.62
ROW_STEP = 0.066
INIT_CHARS = 5
"""Initiative (``-12.3``), flight class (``B/b``) and AP (``4 6``) share one row."""
VALUE_GAP = 0.03
"""Least space between a row's caption and its value."""
TEXT_INTO_GAP = 0.02
"""How far a text value may run into :data:`VALUE_GAP` before it is cut (a value of its
row's ``chars`` in capitals and digits may, and did before values were measured)."""
INIT_VALUE_X, CLASS_X, AP_CAPTION_X = 0.155, 0.34, 0.43
"""The initiative row's columns: ``INIT 5.37   B/b   AP 4 6`` (value left, class centred,
AP caption left; the AP value is right-aligned like every other row's value)."""

__all__ = [
    "CREW_SEAT_LETTERS",
    "CREW_STATE_WORDS",
    "NONE_TEXT",
    "crew_summary",
    "join_or_none",
    "weapons_summary",
]


DESIGN_CHARS = RowSpec.model_fields["chars"].default
"""The row length :data:`PANEL_WIDTH` is made for."""
TYPICAL_TEXT = "aeinost 0123"
"""Letters whose mean width a row's value is reckoned at, for the panel's width."""


def panel_width(spec: PanelSpec) -> float:
    """A panel's backing width: :data:`PANEL_WIDTH`, made for rows of the default 15
    characters, or wider where a longer row's caption and a value of its ``chars``
    characters (of the mean width of :data:`TYPICAL_TEXT`'s) need more room (Over the
    Lines' gun and critical-hit rows)."""
    label = TextNode("measure")
    label.setFont(hud_font())
    digit = float(label.calcWidth(TYPICAL_TEXT)) * TEXT_SMALL / len(TYPICAL_TEXT)
    wanted = [
        0.045 + float(label.calcWidth(row.caption)) * TEXT_SMALL + VALUE_GAP
        + row.chars * digit + 0.025
        for row in spec.rows
        if row.chars > DESIGN_CHARS
    ]  # fmt: skip
    return max([PANEL_WIDTH, *wanted])


def panel_height(spec: PanelSpec) -> float:
    """A panel's backing height: its title and every row."""
    rows = len(spec.rows) + (spec.initiative is not None)
    return 0.075 + ROW_STEP * rows + 0.02


class RowsPanel:
    """A titled panel of caption / value rows with right-aligned values, as a
    :class:`~models.hud_spec.PanelSpec` declares.

    A row of entity ids (``format = "ids"``) shows their callsigns, or their PHAD labels
    when the callsigns do not fit the row (:func:`~sim.view.hud.names.names_that_fit`); a
    warning row turns amber while it says anything; Birds of Prey's Initiative row, when
    declared, comes last.
    """

    def __init__(self, parent: NodePath, spec: PanelSpec) -> None:
        self.spec = spec
        self.key = spec.key
        self.root = make_root(parent, f"hud-{spec.key}")
        height = panel_height(spec)
        self.height = height
        self.width = width = panel_width(spec)
        backing(self.root, "backing", 0.0, -height, width, 0.0)
        Label(self.root, "title", spec.title, pos=(0.025, -0.058), colour=CAPTION)
        self.values: dict[str, Label] = {}
        for i, row in enumerate(spec.rows):
            y = self.row_y(i)
            Label(self.root, f"caption-{row.key}", row.caption, pos=(0.045, y), colour=CAPTION)
            self.values[row.key] = Label(
                self.root,
                f"value-{row.key}",
                NONE_TEXT,
                pos=(width - 0.025, y),
                align="right",
            )
        if spec.initiative is not None:
            self._build_initiative_row()
        self._room = {row.key: self.value_room(row.key) for row in spec.rows}
        self._shown: tuple[object, ...] | None = None

    def _build_initiative_row(self) -> None:
        row = self.spec.initiative
        assert row is not None
        y = self.row_y(len(self.spec.rows))
        Label(
            self.root, "caption-initiative", row.initiative_caption, pos=(0.045, y), colour=CAPTION
        )
        Label(
            self.root,
            "caption-activity",
            row.activity_caption,
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
            self.root, "value-activity", NONE_TEXT, pos=(self.width - 0.025, y), align="right"
        )

    def text(self, key: str) -> str:
        """What a row shows now (for tests and debugging)."""
        return self.values[key].text

    def row_y(self, index: int) -> float:
        """The baseline of row ``index`` (0 the first row under the title)."""
        return -0.058 - ROW_STEP * (index + 1)

    def value_room(self, key: str) -> float:
        """How wide a row's value may be, right of its caption, in panel units."""
        caption = next(row.caption for row in self.spec.rows if row.key == key)
        used = float(self.values[key].text_node.calcWidth(caption)) * TEXT_SMALL
        return self.width - 0.025 - (0.045 + used + VALUE_GAP)

    def _fits(self, key: str, slack: float = 0.0) -> Callable[[str], bool]:
        """Whether a text fits a row's value room, widened by ``slack``."""
        label = self.values[key].text_node
        room = self._room[key] + slack

        def fits(text: str) -> bool:
            return float(label.calcWidth(drawable(text))) * TEXT_SMALL <= room

        return fits

    def _names(self, key: str, ids: tuple[str, ...], snapshot: Snapshot) -> str:
        if not ids:
            return NONE_TEXT
        callsigns = {e.id: e.callsign for e in snapshot.entities}
        return names_that_fit(ids, callsigns, short_labels(snapshot.entities), self._fits(key))

    def update(self, snapshot: Snapshot) -> None:
        state = selected_state(snapshot)
        if state is None:
            return
        spec = self.spec
        channels = [row.channel for row in spec.rows]
        if spec.initiative is not None:
            init = spec.initiative
            channels += [init.initiative_channel, init.class_channel, init.activity_channel]
        key = (state.id, tuple(state.value(channel) for channel in channels))
        if key == self._shown:
            return
        self._shown = key
        for row in spec.rows:
            self._show_row(row, state, snapshot)
        if spec.initiative is not None:
            self._show_initiative(state)

    def _show_row(self, row: RowSpec, state: EntityState, snapshot: Snapshot) -> None:
        value = state.value(row.channel)
        label = self.values[row.key]
        if row.format == "ids":
            ids = ids_of(value)
            text = self._names(row.key, ids, snapshot) if ids else row.empty or NONE_TEXT
            said = bool(ids)
        else:
            shown = written(value, row.format)
            said = warns(shown)
            fits = self._fits(row.key, TEXT_INTO_GAP)
            text = fitted(shown or row.empty or NONE_TEXT, row.chars, fits)
        label.set(text)
        if row.warn:
            label.set_colour(AMBER if said else WHITE)

    def _show_initiative(self, state: EntityState) -> None:
        row = self.spec.initiative
        assert row is not None
        activity = written(state.value(row.activity_channel), "text")
        for key, text in (
            ("initiative", written(state.value(row.initiative_channel), "text")),
            ("flight_class", written(state.value(row.class_channel), "text")),
            ("activity", activity),
        ):
            self.values[key].set(clip(text or NONE_TEXT, INIT_CHARS))
        spent = activity != "" and all(ap in ("0", "-") for ap in activity.split())
        self.values["activity"].set_colour(AMBER if spent else WHITE)

    def destroy(self) -> None:
        self.root.removeNode()


def _bop_panel(key: str) -> PanelSpec:
    return next(panel for panel in BOP_HUD.panels if panel.key == key)


class SensorsPanel(RowsPanel):
    """Birds of Prey's SENSORS panel: radar mode, tracks, IR/IRST lock and RWR warnings."""

    def __init__(self, parent: NodePath) -> None:
        super().__init__(parent, _bop_panel("sensors"))


class StatusPanel(RowsPanel):
    """Birds of Prey's STORES & STATUS panel: weapons remaining, crew state and damage, and
    a row with its crew's Initiative, its flight class for the next game-turn and the
    Activity Points each crew member has left (``INIT 5.37   B/b   AP 4 6``; SoP 08)."""

    def __init__(self, parent: NodePath) -> None:
        super().__init__(parent, _bop_panel("status"))
