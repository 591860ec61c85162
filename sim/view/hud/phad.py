"""The PHAD panel: the Pitch, Heading and Attitude Display drawn like the control card.

Geometry (panel-local units: one unit is the distance between neighbouring hex centres,
``x`` east/right, ``y`` north/up, 000 at the top and headings clockwise):

* the ±90 cell is the centre hex;
* the six ±60 cells are the hexes around it, centred on 030, 090, … 330;
* the twelve ±30 cells are the next ring of hexes: corners on 030, 090, … and edges on 000,
  060, …;
* the twelve 00 cells are ring segments between the hexes and an outer circle, 30° wide and
  centred on 015, 045, … 345 (not hexagons, as on the card).

Each hex serves both the positive and the negative cell of its ring, so the marks say which:
a mark (or a bearing) in a positive or 00 cell is circled, one in a negative cell is not
(rulebook, "PHAD" and "Aircraft Attitude").  Marks of the selected aircraft use the
rulebook's symbols in fixed colours: Nose ``+``, Canopy ``^``, Wing ``–``, and, only when they
part from Nose and Canopy, Velocity (a diamond) and Lift (a triangle).  Bearings to the other
entities are their short labels written in the bearing cells in their side colour.  The
bearing of an aircraft the selected aircraft's radar tracks is boxed in bright green, and
the bearing of an aircraft its crew have not spotted (Visual Sighting) is faded.

Where the marks come from is the rule set's :class:`models.hud_spec.PhadSpec`: the rules'
own cells from the channels it names (Birds of Prey), or cells derived from the attitude
every frame (:mod:`sim.view.hud.derived`), which the legend then heads with a DERIVED
caption so that nobody takes them for the rules' marks.  The track box and the fading
follow the channels the spec names for them, and are not drawn when it names none.

The grid is one Geom built once; marks and bearing labels are nodes built once and moved.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from panda3d.core import NodePath, TextFont, TextNode

from engine.phad import Cell, InvalidCell
from models.hud_spec import PhadSpec
from sim.hud_captions import MARK_CAPTIONS
from sim.snapshot import EntityState, Snapshot
from sim.view.hud.derived import derived_marks
from sim.view.hud.names import short_labels
from sim.view.hud.panels import (
    BACKING,
    RGBA,
    TEXT_SMALL,
    WHITE,
    Label,
    Point,
    Shapes,
    hud_font,
    make_root,
    selected_state,
)
from sim.view.hud.values import ids_of, text_of
from sim.view.layer import side_colour

SQRT3 = math.sqrt(3.0)
HEX_RADIUS = 1.0 / SQRT3
"""Centre-to-corner of a hex (the hexes are pointy-top: corners at 000, 060, …)."""
OUTER_RADIUS = 3.4
"""Outer edge of the 00 ring."""
OUTER_ANCHOR_RADIUS = 2.86
"""Where a lone item sits in a 00 segment (the segment is deepest a little off its middle)."""
COMPASS_RADIUS = OUTER_RADIUS + 0.55
PANEL_RADIUS = COMPASS_RADIUS + 0.55
"""Radius of the dark backing disc: everything the panel draws is inside it."""

RING_TINTS: dict[int, RGBA] = {
    90: (0.80, 0.86, 0.94, 1.0),
    60: (0.88, 0.92, 0.97, 1.0),
    30: (0.98, 0.88, 0.38, 1.0),
    0: (0.91, 0.91, 0.87, 1.0),
}
"""Cell tints by |pitch|: pale blues at the top, the card's yellow ±30 ring, a light 00 ring."""
GRID_LINE: RGBA = (0.13, 0.14, 0.18, 1.0)
HALO: RGBA = (1.0, 1.0, 1.0, 0.92)

MARKS: tuple[str, ...] = ("nose", "canopy", "wing", "velocity", "lift")
MARK_COLOURS: dict[str, RGBA] = {
    "nose": (0.02, 0.02, 0.04, 1.0),
    "canopy": (0.0, 0.55, 0.16, 1.0),
    "wing": (0.70, 0.0, 0.70, 1.0),
    "velocity": (0.0, 0.45, 0.62, 1.0),
    "lift": (0.85, 0.36, 0.0, 1.0),
}
"""Fixed mark colours, chosen apart from each other, the side colours and the ring tints."""
MARK_NAMES: dict[str, str] = MARK_CAPTIONS

GLYPH = 0.25
"""Half-size of a mark symbol at full scale (a lone item in a cell)."""
STROKE = 0.10
HALO_EXTRA = 0.07
CIRCLE_INNER, CIRCLE_OUTER = 0.365, 0.445
"""The ring drawn around a circled item at full scale: it just fits inside a hex."""
ITEM_TEXT = 0.5
"""Bearing label text scale at full item scale (shrunk to fit inside the circle)."""
ITEM_TEXT_WIDTH = 0.62
TRACK_BOX_HALF = 0.5
"""Half the side of the box round a tracked target's bearing (it encloses the circle)."""
TRACK_BOX: RGBA = (0.2, 1.0, 0.3, 1.0)
"""The track box: a bright HUD green, apart from the ring tints, sides and mark colours."""
TRACK_BOX_EDGE: RGBA = (0.02, 0.03, 0.05, 0.9)
"""The dark outline under the track box, so it reads on the pale cells too."""
UNSPOTTED_SCALE: tuple[float, float, float, float] = (0.75, 0.75, 0.75, 0.4)
"""Colour scale of the bearing of an aircraft the crew have not spotted: faded."""
DERIVED_CAPTION = "DERIVED"
"""Heads the legend when the marks are read off the attitude, not the rules' own."""
DERIVED_RGBA: RGBA = (1.0, 0.72, 0.15, 1.0)


# -- geometry ------------------------------------------------------------------------------


def heading_point(heading_deg: float, radius: float) -> Point:
    """Panel-local point at a heading (clockwise from north, up) and distance from the centre."""
    angle = math.radians(heading_deg)
    return (radius * math.sin(angle), radius * math.cos(angle))


def hex_corners(centre: Point, radius: float = HEX_RADIUS) -> list[Point]:
    return [
        (centre[0] + p[0], centre[1] + p[1])
        for p in (heading_point(60.0 * k, radius) for k in range(6))
    ]


def _hex_centres() -> dict[tuple[int, int | None], Point]:
    """Centre of each hex, keyed by (|pitch| ring, heading) (heading None for the centre)."""
    centres: dict[tuple[int, int | None], Point] = {(90, None): (0.0, 0.0)}
    for heading in range(30, 360, 60):
        centres[(60, heading)] = heading_point(heading, 1.0)
    for heading in range(0, 360, 30):
        radius = 2.0 if heading % 60 == 30 else SQRT3
        centres[(30, heading)] = heading_point(heading, radius)
    return centres


HEX_CENTRES = _hex_centres()


def _boundary_segments() -> list[tuple[Point, Point]]:
    """The outline of the 19 hexes: the edges that belong to one hex only."""
    counts: dict[tuple[tuple[float, float], tuple[float, float]], int] = {}
    edges: dict[tuple[tuple[float, float], tuple[float, float]], tuple[Point, Point]] = {}
    for centre in HEX_CENTRES.values():
        corners = hex_corners(centre)
        for i in range(6):
            a, b = corners[i], corners[(i + 1) % 6]
            key_a = (round(a[0], 6), round(a[1], 6))
            key_b = (round(b[0], 6), round(b[1], 6))
            key = (min(key_a, key_b), max(key_a, key_b))
            counts[key] = counts.get(key, 0) + 1
            edges[key] = (a, b)
    return [edges[key] for key, n in counts.items() if n == 1]


BOUNDARY = _boundary_segments()


def boundary_radius(heading_deg: float) -> float:
    """Distance from the centre to the outline of the hexes along a heading."""
    ux, uy = heading_point(heading_deg, 1.0)
    best = 0.0
    for (ax, ay), (bx, by) in BOUNDARY:
        ex, ey = bx - ax, by - ay
        denom = ux * ey - uy * ex
        if abs(denom) < 1e-12:
            continue
        t = (ax * ey - ay * ex) / denom
        s = (ax * uy - ay * ux) / denom
        if -1e-9 <= s <= 1 + 1e-9 and t > best:
            best = t
    return best


def _boundary_vertex_headings() -> list[float]:
    headings = set()
    for a, b in BOUNDARY:
        for x, y in (a, b):
            headings.add(round(math.degrees(math.atan2(x, y)) % 360.0, 6))
    return sorted(headings)


BOUNDARY_HEADINGS = _boundary_vertex_headings()


def outer_wedge(heading_deg: int) -> tuple[list[Point], list[Point]]:
    """Inner and outer edges of the 00 cell on a heading, at matching headings."""
    start = heading_deg - 15.0
    samples = {start + 2.5 * i for i in range(13)}
    for vertex in BOUNDARY_HEADINGS:
        offset = (vertex - start) % 360.0
        if 0 < offset < 30:
            samples.add(start + offset)
    ordered = sorted(samples)
    inner = [heading_point(h, boundary_radius(h)) for h in ordered]
    outer = [heading_point(h, OUTER_RADIUS) for h in ordered]
    return inner, outer


@dataclass(frozen=True, slots=True)
class CellPlace:
    """Where a cell is drawn: the hex (or 00 segment) it shares and the item anchor there."""

    slot: tuple[int, int | None]
    """(|pitch| ring, heading): the + and − cells of a ring share a slot."""
    anchor: Point
    positive: bool
    """At or above the horizon (00 included): items here are circled."""
    outer: bool
    heading_deg: int | None


@lru_cache(maxsize=256)
def cell_place(cell_text: str) -> CellPlace | None:
    """Where a cell's marks go, or None for text that names no cell (or is empty)."""
    try:
        cell = Cell.parse(cell_text)
    except (InvalidCell, TypeError):
        return None
    ring = abs(cell.pitch_deg)
    slot = (ring, cell.heading_deg)
    if ring == 0:
        assert cell.heading_deg is not None
        anchor = heading_point(cell.heading_deg, OUTER_ANCHOR_RADIUS)
    else:
        anchor = HEX_CENTRES[slot]
    return CellPlace(slot, anchor, cell.is_positive, ring == 0, cell.heading_deg)


Slot = tuple[float, float, float]
"""(dx, dy, scale) of one item in a shared cell."""


def hex_slots(count: int) -> list[Slot]:
    """Places for ``count`` items in a hex (at most 7): their circles neither overlap each
    other nor cross the hex's edges."""
    if count <= 1:
        return [(0.0, 0.0, 1.0)]
    if count == 2:
        return [(-0.23, 0.0, 0.5), (0.23, 0.0, 0.5)]
    if count == 3:
        return [
            (0.26 * math.cos(math.radians(a)), 0.26 * math.sin(math.radians(a)), 0.5)
            for a in (90, 210, 330)
        ]
    if count == 4:
        return [(-0.2, 0.2, 0.44), (0.2, 0.2, 0.44), (-0.2, -0.2, 0.44), (0.2, -0.2, 0.44)]
    ring = [
        (0.3 * math.cos(math.radians(a)), 0.3 * math.sin(math.radians(a)), 0.33)
        for a in (90, 30, 330, 270, 210, 150)
    ]
    return [*ring[: min(count, 7) - 1], (0.0, 0.0, 0.33)]


OUTER_LAYOUTS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.0, OUTER_ANCHOR_RADIUS),),
    2: ((-7.5, 3.0), (7.5, 3.0)),
    3: ((-10.0, 3.12), (0.0, 3.12), (10.0, 3.12)),
    4: ((-10.0, 3.1), (0.0, 3.1), (10.0, 3.1), (0.0, 2.51)),
    5: ((-10.5, 3.13), (0.0, 3.13), (10.5, 3.13), (-5.5, 2.72), (5.5, 2.72)),
    6: ((-7.0, 3.16), (0.0, 3.16), (7.0, 3.16), (-7.5, 2.78), (0.0, 2.78), (7.5, 2.78)),
}
"""(heading offset, radius) of the items in a 00 segment, by count: an outer row, then an
inner one, found by searching for the largest circles that fit the segment's shape."""
OUTER_SCALES = {1: 1.0, 2: 0.84, 3: 0.58, 4: 0.58, 5: 0.52, 6: 0.39}


def outer_slots(count: int, heading_deg: float) -> list[Slot]:
    """Places for ``count`` items (at most 6) in the 00 segment on ``heading_deg``."""
    count = min(max(count, 1), 6)
    ax, ay = heading_point(heading_deg, OUTER_ANCHOR_RADIUS)
    scale = OUTER_SCALES[count]
    slots: list[Slot] = []
    for offset, radius in OUTER_LAYOUTS[count]:
        x, y = heading_point(heading_deg + offset, radius)
        slots.append((x - ax, y - ay, scale))
    return slots


HEX_CAPACITY, OUTER_CAPACITY = 7, 6


CHIP_TEXT = 0.4
"""Letter height of a bearing written in a chip (a lone bearing's is 0.5): several
bearings sharing a cell are written apart from it at this size rather than shrunk into it."""
CHIP_CELL = (0.6, 0.52)
"""Room for one label in a chip, across and up (disc units)."""
CHIP_COLUMNS = 3
CHIP_PAD = 0.08
CHIP_FILL: RGBA = (0.97, 0.97, 0.94, 0.94)
CHIP_DISTANCES = (0.0, 0.45, 0.8, 1.15, 1.5, 1.85, 2.2, 2.6, 3.0)
CHIP_CLEARANCE = 0.03


def _grown(box: tuple[float, float, float, float], by: float) -> tuple[float, float, float, float]:
    """x0, y0, x1, y1 of a (left, right, bottom, top) box grown by ``by`` all round."""
    return (box[0] - by, box[2] - by, box[1] + by, box[3] + by)


def _box_circle_gap(box: tuple[float, float, float, float], x: float, y: float) -> float:
    dx = max(box[0] - x, 0.0, x - box[1])
    dy = max(box[2] - y, 0.0, y - box[3])
    return math.hypot(dx, dy)


def _chip_centre(
    anchor: Point,
    half: tuple[float, float],
    circles: list[tuple[float, float, float]],
    taken: list[tuple[float, float, float, float]],
) -> Point:
    """The nearest place to ``anchor`` for a chip of half size ``half`` that stays inside
    the cells (the 00 ring's outer circle) clear of every item's circle and of the chips
    placed already; the anchor itself when there is none."""
    ax, ay = anchor
    outward = math.degrees(math.atan2(ax, ay)) if (ax or ay) else 0.0
    best: tuple[float, Point] | None = None
    for distance in CHIP_DISTANCES:
        for step in range(12):
            # Towards the centre first (there is more room there), then round either side.
            turn = 180.0 + (step + 1) // 2 * 30.0 * (1 if step % 2 else -1)
            hx, hy = heading_point(outward + turn, distance)
            cx, cy = ax + hx, ay + hy
            box = (cx - half[0], cx + half[0], cy - half[1], cy + half[1])
            corners = ((box[0], box[2]), (box[0], box[3]), (box[1], box[2]), (box[1], box[3]))
            if any(math.hypot(x, y) > OUTER_RADIUS - CHIP_CLEARANCE for x, y in corners):
                continue
            if any(_box_circle_gap(box, x, y) < r + CHIP_CLEARANCE for x, y, r in circles):
                continue
            if any(
                min(box[1], t[1]) > max(box[0], t[0]) - CHIP_CLEARANCE
                and min(box[3], t[3]) > max(box[2], t[2]) - CHIP_CLEARANCE
                for t in taken
            ):
                continue
            if best is None or distance < best[0]:
                best = (distance, (cx, cy))
            break
        if best is not None:
            return best[1]
    return anchor


# -- symbols -------------------------------------------------------------------------------


def glyph_strokes(mark: str, size: float = GLYPH) -> list[tuple[list[Point], bool]]:
    """The mark's symbol as strokes: (points, closed)."""
    g = size
    if mark == "nose":
        return [([(-g, 0.0), (g, 0.0)], False), ([(0.0, -g), (0.0, g)], False)]
    if mark == "canopy":
        return [([(-g, -0.55 * g), (0.0, 0.75 * g), (g, -0.55 * g)], False)]
    if mark == "wing":
        return [([(-1.1 * g, 0.0), (1.1 * g, 0.0)], False)]
    if mark == "velocity":
        return [([(0.0, g), (g, 0.0), (0.0, -g), (-g, 0.0)], True)]
    if mark == "lift":
        return [([(-g, -0.7 * g), (g, -0.7 * g), (0.0, g)], True)]
    raise ValueError(f"unknown PHAD mark {mark!r}; marks are {', '.join(MARKS)}")


def draw_glyph(shapes: Shapes, mark: str, colour: RGBA, size: float = GLYPH) -> None:
    """A mark's symbol with a light halo so it reads on any cell tint."""
    width = STROKE * size / GLYPH
    halo = HALO_EXTRA * size / GLYPH
    for points, closed in glyph_strokes(mark, size):
        shapes.stroke(_extend(points, closed, halo / 2), width + halo, HALO, closed)
    for points, closed in glyph_strokes(mark, size):
        shapes.stroke(points, width, colour, closed)


def _extend(points: list[Point], closed: bool, amount: float) -> list[Point]:
    """An open stroke lengthened at both ends (so the halo covers the stroke's caps)."""
    if closed or len(points) < 2:
        return points

    def push(end: Point, towards: Point) -> Point:
        dx, dy = end[0] - towards[0], end[1] - towards[1]
        length = math.hypot(dx, dy) or 1.0
        return (end[0] + dx / length * amount, end[1] + dy / length * amount)

    return [push(points[0], points[1]), *points[1:-1], push(points[-1], points[-2])]


def track_box_shapes() -> Shapes:
    """The box drawn round a tracked target's bearing: bright green on a dark outline."""
    h = TRACK_BOX_HALF
    square = [(-h, -h), (h, -h), (h, h), (-h, h)]
    shapes = Shapes()
    shapes.stroke(square, 0.17, TRACK_BOX_EDGE, closed=True)
    shapes.stroke(square, 0.09, TRACK_BOX, closed=True)
    return shapes


def circle_shapes(colour: RGBA) -> Shapes:
    shapes = Shapes()
    shapes.annulus(
        (0.0, 0.0), CIRCLE_INNER - HALO_EXTRA / 2, CIRCLE_OUTER + HALO_EXTRA / 2, HALO, 40
    )
    shapes.annulus((0.0, 0.0), CIRCLE_INNER, CIRCLE_OUTER, colour, 40)
    return shapes


# -- the legend ----------------------------------------------------------------------------

LEGEND_ARRANGEMENTS = ("left", "above", "column-above")
LEGEND_STEP = 1.3 * TEXT_SMALL
"""From one legend row to the next."""
LEGEND_GAP = 0.03
"""Between the two rows of an ``"above"`` legend's pairs."""


@lru_cache(maxsize=1)
def legend_text_width() -> float:
    """Room for the longest legend row, "CANOPY 000+00", right of its symbol."""
    probe = TextNode("probe")
    probe.setFont(hud_font())
    return TEXT_SMALL * (0.75 + float(probe.calcWidth("CANOPY 000+00")) + 0.3)


def legend_row_width() -> float:
    """A legend row's width, symbol to the end of its backing."""
    return legend_text_width() + 0.75 * TEXT_SMALL


def legend_places(arrangement: str, radius: float, count: int) -> list[Point]:
    """Row origins (the symbol's centre) of ``count`` legend rows round a disc of
    ``radius`` centred on the origin (the panel's own units)."""
    ts = TEXT_SMALL
    width = legend_row_width()
    if arrangement == "left":
        top = radius - 0.6 * ts
        lowest = top - (len(MARKS) - 1) * LEGEND_STEP
        right = -math.sqrt(max(radius**2 - lowest**2, 0.0)) - 0.02
        return [(right - width + 0.75 * ts, top - i * LEGEND_STEP) for i in range(count)]
    if arrangement == "column-above":
        bottom = radius + 0.7 * ts
        return [
            (radius - width + 0.75 * ts, bottom + (count - 1 - i) * LEGEND_STEP)
            for i in range(count)
        ]
    per_row = 2
    places: list[Point] = []
    for i in range(count):
        row, col = divmod(i, per_row)
        in_row = min(per_row, count - row * per_row)
        left = -(in_row * width + (in_row - 1) * LEGEND_GAP) / 2
        x = left + col * (width + LEGEND_GAP) + 0.75 * ts
        places.append((x, radius + 0.7 * ts + row * LEGEND_STEP))
    return places


def panel_extent(arrangement: str, radius: float) -> tuple[float, float, float, float]:
    """The panel's rectangle (left, right, bottom, top) round its centre with every legend
    row shown: the backing disc and the legend together (its own units)."""
    ts = TEXT_SMALL
    left, right, bottom, top = -radius, radius, -radius, radius
    for x, z in legend_places(arrangement, radius, len(MARKS)):
        left = min(left, x - 0.75 * ts)
        right = max(right, x - 0.75 * ts + legend_row_width())
        bottom = min(bottom, z - 0.62 * ts)
        top = max(top, z + 0.62 * ts)
    return (left, right, bottom, top)


# -- the panel -----------------------------------------------------------------------------


class _Item:
    """A mark or a bearing label: one node moved between cells, its circle shown or hidden."""

    __slots__ = ("circle", "circled", "node", "placed")

    def __init__(self, node: NodePath, circle: NodePath) -> None:
        self.node = node
        self.circle = circle
        self.circled = True
        self.placed: tuple[float, float, float] | None = None

    def place(self, x: float, y: float, scale: float, circled: bool) -> None:
        if self.placed != (x, y, scale):
            self.placed = (x, y, scale)
            self.node.setPos(x, 0, y)
            self.node.setScale(scale)
        if circled != self.circled:
            self.circled = circled
            if circled:
                self.circle.show()
            else:
                self.circle.hide()
        self.node.show()

    def hide(self) -> None:
        self.node.hide()


class PhadPanel:
    """The selected aircraft's PHAD: cells, heading labels, attitude marks and bearings.

    ``root`` sits at the panel's centre in its parent's units (:meth:`set_layout`).  Under
    it, ``disc`` is scaled so that its local coordinates are the panel-local units of the
    module docstring (:meth:`cell_position` answers in them), and ``legend`` holds rows
    naming the marks and their cells, in the parent's units so its text keeps the HUD's
    text size.
    """

    def __init__(
        self, parent: NodePath, radius: float = 0.42, *, spec: PhadSpec | None = None
    ) -> None:
        self.spec = spec or PhadSpec()
        self.derived = self.spec.source == "derived"
        """The marks are read off the attitude (and the legend says so)."""
        self.root = make_root(parent, "hud-phad")
        self.disc = self.root.attachNewNode("disc")
        self._grid = self._build_grid()
        self._compass = self._build_compass()
        self._chips_root = self.disc.attachNewNode("chips")
        self._chips = self._chips_root.attachNewNode("none")
        self.chip_boxes: dict[str, tuple[float, float, float, float]] = {}
        """Per entity whose bearing shares a cell, the chip it is written in (disc units:
        left, right, bottom, top)."""
        self._items_root = self.disc.attachNewNode("items")
        self.marks: dict[str, _Item] = {}
        for mark in MARKS:
            self.marks[mark] = self._build_mark(mark)
        self.bearing_items: dict[str, _Item] = {}
        self.bearing_text: dict[str, TextNode] = {}
        self._bearing_text_np: dict[str, NodePath] = {}
        self._bearing_faces: dict[str, tuple[NodePath, NodePath]] = {}
        """Per entity, the circle and the label: what fades (the track box never does)."""
        self.track_boxes: dict[str, NodePath] = {}
        self._track_box_shapes = track_box_shapes()
        self._overflow: list[Label] = []
        self.legend = self.root.attachNewNode("legend")
        self._legend_rows = self._build_legend()
        self._legend_arrangement = "left"
        self._legend_shown: tuple[str, ...] | None = None
        self._radius = radius
        self._scale = 1.0
        self._shown: tuple[object, ...] | None = None
        self._labels_for: tuple[tuple[str, str], ...] = ()
        self._labels: dict[str, str] = {}
        self.set_layout((0.0, 0.0), radius)

    # -- building (once) ---------------------------------------------------------------
    def _build_grid(self) -> NodePath:
        shapes = Shapes()
        shapes.disc((0.0, 0.0), PANEL_RADIUS, BACKING, 72)
        shapes.disc((0.0, 0.0), OUTER_RADIUS + 0.06, GRID_LINE, 72)
        for heading in range(15, 360, 30):
            inner, outer = outer_wedge(heading)
            for i in range(len(inner) - 1):
                shapes.quad(inner[i], outer[i], outer[i + 1], inner[i + 1], RING_TINTS[0])
        for (ring, _heading), centre in HEX_CENTRES.items():
            shapes.polygon(hex_corners(centre), RING_TINTS[ring])
        for centre in HEX_CENTRES.values():
            shapes.stroke(hex_corners(centre), 0.045, GRID_LINE, closed=True)
        for heading in range(0, 360, 30):
            shapes.stroke(
                [
                    heading_point(heading, boundary_radius(heading)),
                    heading_point(heading, OUTER_RADIUS),
                ],
                0.045,
                GRID_LINE,
            )
        shapes.stroke(
            [heading_point(2.5 * i, OUTER_RADIUS) for i in range(144)], 0.06, GRID_LINE, True
        )
        # north pointer above the 000 label
        tip = COMPASS_RADIUS + 0.42
        shapes.polygon([(-0.16, tip - 0.2), (0.16, tip - 0.2), (0.0, tip + 0.05)], WHITE)
        return shapes.attach(self.disc, "grid")

    def _build_compass(self) -> NodePath:
        compass = self.disc.attachNewNode("compass")
        scale = 0.5
        for heading in range(0, 360, 30):
            x, y = heading_point(heading, COMPASS_RADIUS)
            Label(
                compass,
                f"heading-{heading:03d}",
                f"{heading:03d}",
                scale=scale,
                pos=(x, y - 0.34 * scale),
                align="center",
            )
        compass.flattenStrong()  # static text: a couple of Geoms instead of 12 text nodes
        return compass

    def _build_mark(self, mark: str) -> _Item:
        node = self._items_root.attachNewNode(f"mark-{mark}")
        circle = circle_shapes(MARK_COLOURS[mark]).attach(node, "circle")
        shapes = Shapes()
        draw_glyph(shapes, mark, MARK_COLOURS[mark])
        shapes.attach(node, "glyph")
        node.hide()
        return _Item(node, circle)

    def _bearing_item(self, entity_id: str, colour: RGBA) -> _Item:
        item = self.bearing_items.get(entity_id)
        if item is not None:
            return item
        node = self._items_root.attachNewNode(f"bearing-{entity_id}")
        circle = circle_shapes(colour).attach(node, "circle")
        text = TextNode(f"bearing-text-{entity_id}")
        text.setFont(_outlined_font())
        text.setAlign(TextNode.ACenter)
        text.setTextColor(*colour)
        text_np = node.attachNewNode(text)
        text_np.setScale(ITEM_TEXT)
        text_np.setZ(-0.34 * ITEM_TEXT)
        box = node.attachNewNode(self._track_box_shapes.node("track-box"))
        box.hide()
        item = _Item(node, circle)
        node.hide()
        self.bearing_items[entity_id] = item
        self.bearing_text[entity_id] = text
        self._bearing_text_np[entity_id] = text_np
        self._bearing_faces[entity_id] = (circle, text_np)
        self.track_boxes[entity_id] = box
        return item

    # -- layout ------------------------------------------------------------------------
    def set_layout(
        self, centre: Point, radius: float, legend: str = "left", scale: float = 1.0
    ) -> None:
        """Place the panel: its centre in the parent's units, the backing disc's radius, and
        the legend ``"left"`` of the disc (a column at its upper left), ``"above"`` it (rows
        of two, centred) or in a ``"column-above"`` it, flush with its right edge.  The
        legend's text is drawn at ``scale`` times the HUD's text size (the HUD's scale)."""
        if legend not in LEGEND_ARRANGEMENTS:
            raise ValueError(
                f"legend goes 'left', 'above' or 'column-above' the PHAD, not {legend!r}"
            )
        self.root.setPos(centre[0], 0, centre[1])
        self.root.setScale(scale)
        self._scale = scale
        self.disc.setScale(radius / scale / PANEL_RADIUS)
        self._radius = radius
        self._legend_arrangement = legend
        self._legend_shown = None
        self._arrange_legend()

    @property
    def radius(self) -> float:
        return float(self._radius)

    def _build_legend(self) -> dict[str, tuple[NodePath, Label]]:
        """One row per mark: its symbol on a light disc, then "NOSE 030+30" (HUD text size)."""
        ts = TEXT_SMALL
        width = self._legend_width()
        rows: dict[str, tuple[NodePath, Label]] = {}
        for mark in MARKS:
            row = self.legend.attachNewNode(f"legend-{mark}")
            shapes = Shapes()
            shapes.rounded_rect(-0.75 * ts, -0.62 * ts, width, 0.62 * ts, 0.2 * ts, BACKING)
            shapes.disc((0.0, 0.0), 0.55 * ts, (0.93, 0.93, 0.90, 1.0), 24)
            draw_glyph(shapes, mark, MARK_COLOURS[mark], size=0.36 * ts)
            shapes.attach(row, "symbol")
            label = Label(row, f"legend-text-{mark}", MARK_NAMES[mark], pos=(0.75 * ts, -0.34 * ts))
            row.hide()
            rows[mark] = (row, label)
        # The caption row: amber text on the rows' backing, no symbol.
        row = self.legend.attachNewNode("legend-derived")
        shapes = Shapes()
        shapes.rounded_rect(-0.75 * ts, -0.62 * ts, width, 0.62 * ts, 0.2 * ts, BACKING)
        shapes.attach(row, "backing")
        label = Label(
            row, "legend-text-derived", DERIVED_CAPTION, pos=(-0.45 * ts, -0.34 * ts),
            colour=DERIVED_RGBA,
        )  # fmt: skip
        row.hide()
        self._derived_row = (row, label)
        return rows

    @staticmethod
    def _legend_width() -> float:
        """Room for the longest row, "CANOPY 000+00", right of the symbol."""
        return legend_text_width()

    def _arrange_legend(self) -> None:
        shown = tuple(mark for mark in MARKS if not self._legend_rows[mark][0].isHidden())
        if shown == self._legend_shown:
            return
        self._legend_shown = shown
        rows = [self._legend_rows[mark][0] for mark in shown]
        derived_row = self._derived_row[0]
        if self.derived and shown:
            rows.insert(0, derived_row)
            derived_row.show()
        else:
            derived_row.hide()
        # A derived Lift is the Canopy, so never drawn: the caption takes its row.
        rows = rows[: len(MARKS)]
        places = legend_places(self._legend_arrangement, self._radius / self._scale, len(rows))
        for row, (x, z) in zip(rows, places, strict=True):
            row.setPos(x, 0, z)

    # -- queries -----------------------------------------------------------------------
    def cell_position(self, cell_text: str) -> Point:
        """Panel-local (x, y) where a lone mark in the cell is drawn."""
        place = cell_place(cell_text)
        if place is None:
            raise InvalidCell(f"{cell_text!r} is not a PHAD cell")
        return place.anchor

    def mark_node(self, mark: str) -> NodePath:
        return self.marks[mark].node

    def bearing_node(self, entity_id: str) -> NodePath:
        return self.bearing_items[entity_id].node

    def legend_text(self, mark: str) -> str:
        return self._legend_rows[mark][1].text

    @property
    def derived_caption_shown(self) -> bool:
        """The legend is headed DERIVED (the marks are read off the attitude)."""
        return not self._derived_row[0].isHidden()

    def marks_of(self, state: EntityState) -> tuple[str, ...]:
        """Nose, Canopy, Wing, Velocity and Lift cells of ``state``, from the rules'
        channels or derived from its attitude, as the spec says."""
        if self.derived:
            return derived_marks(state)
        marks = self.spec.marks
        return tuple(text_of(state.value(marks[mark])) if mark in marks else "" for mark in MARKS)

    def tracks_of(self, state: EntityState) -> tuple[str, ...]:
        """What the state's sensors track (boxed), by the spec's tracks channel."""
        channel = self.spec.tracks_channel
        return ids_of(state.value(channel)) if channel else ()

    def spotted_of(self, state: EntityState) -> tuple[str, ...] | None:
        """What its crew have spotted, by the spec's spotted channel; None when not known
        (no such channel, or the timeline has none)."""
        channel = self.spec.spotted_channel
        value = state.value(channel) if channel else None
        return None if value is None else ids_of(value)

    def is_boxed(self, entity_id: str) -> bool:
        """The bearing of ``entity_id`` is shown boxed as a radar track."""
        box = self.track_boxes.get(entity_id)
        return box is not None and not box.isHidden()

    def is_faded(self, entity_id: str) -> bool:
        """The bearing of ``entity_id`` is faded (an aircraft the crew have not spotted)."""
        face = self._bearing_faces.get(entity_id)
        return face is not None and face[1].hasColorScale()

    # -- updating ----------------------------------------------------------------------
    def update(self, snapshot: Snapshot) -> None:
        state = selected_state(snapshot)
        if state is None:
            return
        marks = self.marks_of(state)
        tracks, spotted = self.tracks_of(state), self.spotted_of(state)
        key = (marks, snapshot.bearings, state.id, tracks, spotted)
        if key == self._shown:
            return
        self._shown = (marks, dict(snapshot.bearings), state.id, tracks, spotted)
        self._relayout(snapshot, state, marks, tracks, spotted)

    def _relayout(
        self,
        snapshot: Snapshot,
        state: EntityState,
        marks: tuple[str, ...],
        tracks: tuple[str, ...],
        spotted_ids: tuple[str, ...] | None,
    ) -> None:
        nose, canopy = marks[0], marks[1]
        visible = {
            "nose": nose,
            "canopy": canopy,
            "wing": marks[2],
            "velocity": marks[3] if marks[3] and marks[3] != nose else "",
            "lift": marks[4] if marks[4] and marks[4] != canopy else "",
        }
        groups: dict[tuple[int, int | None], list[tuple[_Item, CellPlace]]] = {}
        for mark in MARKS:
            place = cell_place(visible[mark])
            row, legend_label = self._legend_rows[mark]
            if place is None:
                self.marks[mark].hide()
                row.hide()
                continue
            groups.setdefault(place.slot, []).append((self.marks[mark], place))
            legend_label.set(f"{MARK_NAMES[mark]} {visible[mark]}")
            row.show()
        labels = self._entity_labels(snapshot)
        sides = {e.id: e.side for e in snapshot.entities}
        kinds = {e.id: e.kind for e in snapshot.entities}
        tracked = set(tracks)
        # Fading needs to know what the crew have seen: an aircraft's own spotted list, when
        # the timeline has one (missiles and older timelines say nothing).
        knows = spotted_ids is not None and state.kind == "aircraft"
        spotted = set(spotted_ids or ())
        used: set[str] = set()
        for entity_id in sorted(snapshot.bearings):
            if entity_id == state.id or entity_id not in sides:
                continue
            place = cell_place(snapshot.bearings[entity_id])
            if place is None:
                continue
            item = self._bearing_item(entity_id, (*side_colour(sides[entity_id]), 1.0))
            text = self.bearing_text[entity_id]
            short = labels.get(entity_id, entity_id[:3])
            if text.getText() != short:
                text.setText(short)
                width = text.getWidth() * ITEM_TEXT
                fit = min(1.0, ITEM_TEXT_WIDTH / width) if width else 1.0
                text_np = self._bearing_text_np[entity_id]
                text_np.setScale(ITEM_TEXT * fit)
                text_np.setZ(-0.34 * ITEM_TEXT * fit)
            box = self.track_boxes[entity_id]
            if entity_id in tracked:
                box.show()
            else:
                box.hide()
            unseen = knows and kinds[entity_id] == "aircraft" and entity_id not in spotted
            for part in self._bearing_faces[entity_id]:
                if unseen:
                    part.setColorScale(*UNSPOTTED_SCALE)
                else:
                    part.clearColorScale()
            groups.setdefault(place.slot, []).append((item, place))
            used.add(entity_id)
        for entity_id, item in self.bearing_items.items():
            if entity_id not in used:
                item.hide()
        mark_items = set(self.marks.values())
        circles: list[tuple[float, float, float]] = []
        """Every item drawn in a cell: x, y and its circle's radius."""
        chips: list[tuple[list[_Item], CellPlace]] = []
        overflow_used = 0
        for entries in groups.values():
            bearings = [(item, place) for item, place in entries if item not in mark_items]
            shared = bool(bearings) and len(entries) > 1
            # Bearings that share a cell are written apart from it (:meth:`_place_chips`) at
            # a size that reads; the marks keep the cell.
            laid = [entry for entry in entries if entry[0] in mark_items] if shared else entries
            if shared:
                chips.append(([item for item, _place in bearings], bearings[0][1]))
            if not laid:
                continue
            outer = laid[0][1].outer
            capacity = OUTER_CAPACITY if outer else HEX_CAPACITY
            ax, ay = laid[0][1].anchor
            heading = laid[0][1].heading_deg or 0
            count = len(laid)
            slots = outer_slots(count, heading) if outer else hex_slots(count)
            shown = laid if count <= capacity else laid[: capacity - 1]
            for (item, place), (dx, dy, scale) in zip(shown, slots, strict=False):
                item.place(ax + dx, ay + dy, scale, place.positive)
                circles.append((ax + dx, ay + dy, scale * CIRCLE_OUTER))
            for item, _place in laid[len(shown) :]:
                item.hide()
            if count > capacity:
                dx, dy, scale = slots[capacity - 1]
                label = self._overflow_label(overflow_used)
                overflow_used += 1
                label.set(f"+{count - len(shown)}")
                label.node.setPos(ax + dx, 0, ay + dy - 0.34 * ITEM_TEXT * scale)
                label.node.setScale(ITEM_TEXT * scale)
                label.node.show()
        for label in self._overflow[overflow_used:]:
            label.node.hide()
        self._place_chips(chips, circles)
        self._arrange_legend()

    def _place_chips(
        self, chips: list[tuple[list[_Item], CellPlace]], circles: list[tuple[float, float, float]]
    ) -> None:
        """Write the bearings that share a cell as a chip of labels at :data:`CHIP_TEXT`
        (each still boxed when tracked and faded when unseen), on a light card outlined
        for a positive cell, placed in the nearest room clear of every mark and lone item
        and of the other chips, inside the cells; a leader joins a chip set off from its
        cell to the cell's dot."""
        self.chip_boxes = {}
        shapes = Shapes()
        taken: list[tuple[float, float, float, float]] = []
        for items, place in chips:
            cols = min(len(items), CHIP_COLUMNS)
            rows = -(-len(items) // cols)
            half_w = cols * CHIP_CELL[0] / 2 + CHIP_PAD
            half_h = rows * CHIP_CELL[1] / 2 + CHIP_PAD
            ax, ay = place.anchor
            cx, cy = _chip_centre((ax, ay), (half_w, half_h), circles, taken)
            box = (cx - half_w, cx + half_w, cy - half_h, cy + half_h)
            taken.append(box)
            scale = CHIP_TEXT / ITEM_TEXT
            for i, item in enumerate(items):
                row, col = divmod(i, cols)
                in_row = min(cols, len(items) - row * cols)
                x = cx + (col - (in_row - 1) / 2) * CHIP_CELL[0]
                y = cy + ((rows - 1) / 2 - row) * CHIP_CELL[1]
                item.place(x, y, scale, False)
            for entity_id, item in self.bearing_items.items():
                if item in items:
                    self.chip_boxes[entity_id] = box
            inside = box[0] <= ax <= box[1] and box[2] <= ay <= box[3]
            if not inside:
                near = (min(max(ax, box[0]), box[1]), min(max(ay, box[2]), box[3]))
                shapes.stroke([(ax, ay), near], 0.09, HALO)
                shapes.stroke([(ax, ay), near], 0.045, GRID_LINE)
                shapes.disc((ax, ay), 0.11, GRID_LINE, 16)
            if place.positive:
                shapes.rounded_rect(*_grown(box, 0.05), 0.18, GRID_LINE)
            shapes.rounded_rect(*_grown(box, 0.0), 0.15, CHIP_FILL)
        self._chips.removeNode()
        self._chips = shapes.attach(self._chips_root, "chips")

    def _overflow_label(self, index: int) -> Label:
        while len(self._overflow) <= index:
            self._overflow.append(
                Label(self._items_root, "overflow", "", colour=(0.1, 0.1, 0.1, 1), align="center")
            )
        return self._overflow[index]

    def _entity_labels(self, snapshot: Snapshot) -> dict[str, str]:
        key = tuple((e.id, e.callsign) for e in snapshot.entities)
        if key != self._labels_for:
            self._labels_for = key
            self._labels = short_labels(snapshot.entities)
        return self._labels

    def destroy(self) -> None:
        self.root.removeNode()


_OUTLINED: list[TextFont] = []


def _outlined_font() -> TextFont:
    """The HUD font with a light outline, for bearing labels written on the tinted cells."""
    if not _OUTLINED:
        font = hud_font().makeCopy()
        font.setOutline((1, 1, 1, 1), 0.12, 0.25)
        _OUTLINED.append(font)
    return _OUTLINED[0]
