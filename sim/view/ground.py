"""The table: the map under the engagement, its labels and compass, and a horizon.

The map is the rule set's (:class:`models.ruleset_spec.MapScale`, carried by the timeline):
hexes of any size lying flat- or pointy-topped, labelled with their axial coordinates, or an
open table or lawn ruled every few measuring units with a scale bar naming the unit.  A
timeline that does not say draws Birds of Prey's 400 ft flat-topped hexes.  The hex code
below works in *grid feet*, BoP's frame (400 ft flat-topped hexes); another hex map is that
frame scaled and, for pointy tops, turned a quarter turn (:class:`_HexFrame`).

Everything here is static and built once, each part as a single Geom: the map, the coordinate
labels flattened together, a compass rose, and a large ground ring round the map that fades
into haze well beyond it so that low camera angles show a horizon.  The sky is the window's
background colour (:func:`sim.panda.open_base` sets a light blue the haze is matched to).

The hexsides are not line primitives but a repeating texture on the map's one quad, with
each mipmap level drawn for its own resolution (:func:`hex_grid_texture`).  That keeps the
map one Geom of two triangles at any size (a 200 × 200 hex map costs the same as a small
one), draws lines that neither alias nor shimmer at low angles, and is cheap on a software
renderer: on Mesa llvmpipe at 960 × 540 the 2v2 demo's 25,000 hexside lines cost about 8 ms
a frame, the textured quad about 1.5 ms.

Nothing here grows with the map: the quad and its texture are the same for any extent, and
the labels are picked on a lattice straight from the bounds, never from a list of the map's
hexes (a fight spread over thousands of hexes would otherwise cost gigabytes), at most
:data:`MAX_LABELS` of them in a square map and :data:`LABEL_CAP` in any.

The ground is drawn first, in the ``background`` bin, without writing or testing depth: every
later object (minis, stacks, trails) sits above it and simply draws over it, and nothing can
z-fight with the map however far the camera is.

Geometry helpers used by the other layers (:func:`make_geom_node`) live here too.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Literal

import numpy as np
import numpy.typing as npt
from panda3d.core import (
    Geom,
    GeomLines,
    GeomNode,
    GeomTriangles,
    GeomVertexArrayFormat,
    GeomVertexData,
    GeomVertexFormat,
    LineSegs,
    NodePath,
    SamplerState,
    TextNode,
    Texture,
    TransparencyAttrib,
)

from engine.hexmap import HEX_FT, STEP_FT, Hex
from models.ruleset_spec import MapScale
from sim.snapshot import Snapshot
from sim.view.layer import ViewSettings

Rgb = tuple[float, float, float]
Bounds2 = tuple[float, float, float, float]
FloatArray = npt.NDArray[np.float32]

MAP_RGB: Rgb = (0.30, 0.37, 0.33)
"""The map's muted green-grey."""
HEX_LINE_RGB: Rgb = (0.47, 0.55, 0.50)
LABEL_RGB: Rgb = (0.62, 0.70, 0.64)
GROUND_RGB: Rgb = (0.22, 0.27, 0.24)
"""The land beyond the map, darker than the map."""
HAZE_RGB: Rgb = (0.66, 0.76, 0.86)
"""The ground's colour at the horizon (a little lighter and greyer than the sky)."""
GRASS_RGB: Rgb = (0.30, 0.47, 0.21)
"""A lawn's green (a ``grass`` map), the map's colour scaled to it."""
FIELD_TAPE_RGB: Rgb = (0.96, 0.95, 0.86)
"""The tape round a bounded field."""
FIELD_TAPE_PX = 2.5
COMPASS_RGB: Rgb = (0.85, 0.88, 0.84)
NORTH_RGB: Rgb = (0.85, 0.22, 0.18)

HEX_RADIUS_FT = HEX_FT / math.sqrt(3.0)
"""Centre to corner of a flat-topped hex whose centres are HEX_FT apart."""
LABEL_EVERY = 5
"""Label hexes whose q and r are both multiples of this (or of a multiple of it)."""
MAX_LABELS = 160
"""Coordinate labels drawn at most; wide maps label every 10th, 15th … hex instead (text is
costly to draw on a software renderer)."""
LABEL_CAP = 2 * MAX_LABELS
"""Labels drawn at most on a long, narrow map, where the rows and columns do not divide
evenly; the spacing grows until the count is within it."""
COLUMN_FT = HEX_FT * math.sqrt(3.0) / 2.0
"""East-west distance between neighbouring columns of hex centres."""


def label_spacing(hex_count: float) -> int:
    """Label every this many hexes: 5, or a larger multiple of 5 that keeps the count near
    :data:`MAX_LABELS`."""
    factor = max(1, math.ceil(math.sqrt(hex_count / (MAX_LABELS * LABEL_EVERY**2))))
    return LABEL_EVERY * factor


def hex_count(bounds_ft: Bounds2) -> float:
    """About how many hexes have their centre in the rectangle (worked out from its size,
    not by counting, so it costs nothing for any map)."""
    xmin, ymin, xmax, ymax = bounds_ft
    return max(0.0, xmax - xmin) * max(0.0, ymax - ymin) / (COLUMN_FT * HEX_FT)


def _label_columns(bounds_ft: Bounds2, every: int) -> range:
    """The columns q, multiples of ``every``, whose centres lie in the rectangle."""
    xmin, _, xmax, _ = bounds_ft
    first = math.ceil(xmin / COLUMN_FT / every) * every
    last = math.floor(xmax / COLUMN_FT / every) * every
    return range(first, last + 1, every)


def _label_rows(bounds_ft: Bounds2, q: int, every: int) -> range:
    """The rows r, multiples of ``every``, of column ``q`` whose centres lie in the
    rectangle."""
    _, ymin, _, ymax = bounds_ft
    first = math.ceil((ymin / HEX_FT - q / 2.0) / every) * every
    last = math.floor((ymax / HEX_FT - q / 2.0) / every) * every
    return range(first, last + 1, every)


def _label_count(bounds_ft: Bounds2, every: int) -> int:
    """How many hexes :func:`label_hexes` picks at this spacing, without picking them."""
    _, ymin, _, ymax = bounds_ft
    columns = len(_label_columns(bounds_ft, every))
    rows = math.floor((ymax - ymin) / HEX_FT / every) + 1 if ymax >= ymin else 0
    return columns * rows


def label_spacing_for(bounds_ft: Bounds2) -> int:
    """The label spacing of a map: :func:`label_spacing`, widened until the labels number
    at most :data:`LABEL_CAP`."""
    every = label_spacing(hex_count(bounds_ft))
    while _label_count(bounds_ft, every) > LABEL_CAP:
        every *= 2
    return every


def label_hexes(bounds_ft: Bounds2, every: int) -> npt.NDArray[np.int64]:
    """(n, 2) axial ``(q, r)`` of the hexes in the rectangle whose q and r are both
    multiples of ``every``: picked column by column on that lattice, so the cost is the
    number of labels, not of hexes."""
    cells = [
        (q, r) for q in _label_columns(bounds_ft, every) for r in _label_rows(bounds_ft, q, every)
    ]
    if not cells:
        return np.zeros((0, 2), dtype=np.int64)
    return np.asarray(cells, dtype=np.int64)


LABEL_HEIGHT_FT = 130.0
HORIZON_RADIUS_FT = 900_000.0
HORIZON_SEGMENTS = 72
"""Points round each of the horizon's rings."""


# -- geometry helpers (also used by the stacks, trails and markers) ----------------------------


def _format(normals: bool, colours: bool, uvs: bool) -> GeomVertexFormat:
    array = GeomVertexArrayFormat()
    array.addColumn("vertex", 3, Geom.NT_float32, Geom.C_point)
    if normals:
        array.addColumn("normal", 3, Geom.NT_float32, Geom.C_normal)
    if colours:
        array.addColumn("color", 4, Geom.NT_float32, Geom.C_color)
    if uvs:
        array.addColumn("texcoord", 2, Geom.NT_float32, Geom.C_texcoord)
    return GeomVertexFormat.registerFormat(GeomVertexFormat(array))


def make_geom_node(
    name: str,
    vertices: npt.ArrayLike,
    kind: Literal["triangles", "lines"],
    *,
    indices: npt.ArrayLike | None = None,
    normals: npt.ArrayLike | None = None,
    colours: npt.ArrayLike | None = None,
    uvs: npt.ArrayLike | None = None,
    dynamic: bool = False,
) -> GeomNode:
    """One GeomNode holding one Geom built from numpy arrays.

    ``vertices`` is (n, 3); ``colours`` (n, 4) RGBA floats; ``normals`` (n, 3); ``uvs``
    (n, 2).  ``indices`` lists the vertices of each triangle (or line segment); without it
    the vertices are taken in order.  The vertex columns are float32 and interleaved in that
    order (vertex, normal, colour, texcoord), so callers may rewrite them in place.
    """
    xyz = np.asarray(vertices, dtype=np.float32).reshape(-1, 3)
    columns = [xyz]
    for extra, width in ((normals, 3), (colours, 4), (uvs, 2)):
        if extra is not None:
            columns.append(np.asarray(extra, dtype=np.float32).reshape(-1, width))
    packed = np.ascontiguousarray(np.concatenate(columns, axis=1), dtype=np.float32)
    fmt = _format(normals is not None, colours is not None, uvs is not None)
    usage = Geom.UH_dynamic if dynamic else Geom.UH_static
    vdata = GeomVertexData(name, fmt, usage)
    vdata.uncleanSetNumRows(len(xyz))
    if len(xyz):
        np.frombuffer(memoryview(vdata.modifyArray(0)), dtype=np.float32)[:] = packed.ravel()
    prim = GeomTriangles(usage) if kind == "triangles" else GeomLines(usage)
    if indices is None:
        prim.addConsecutiveVertices(0, len(xyz))
    else:
        index = np.ascontiguousarray(np.asarray(indices, dtype=np.uint32).ravel())
        prim.setIndexType(Geom.NT_uint32)
        handle = prim.modifyVertices()
        handle.uncleanSetNumRows(len(index))
        if len(index):
            np.frombuffer(memoryview(handle), dtype=np.uint32)[:] = index
    geom = Geom(vdata)
    geom.addPrimitive(prim)
    node = GeomNode(name)
    node.addGeom(geom)
    return node


def quad_indices(count: int) -> npt.NDArray[np.uint32]:
    """Triangle indices (2·count, 3) for ``count`` quads of four consecutive vertices each,
    as the dynamic band and chart Geoms lay them out."""
    first = np.arange(count, dtype=np.uint32)[:, None] * 4
    triangles = np.concatenate(
        [first + np.array([0, 1, 2], np.uint32), first + np.array([0, 2, 3], np.uint32)], axis=1
    )
    indices: npt.NDArray[np.uint32] = triangles.reshape(-1, 3)
    return indices


def rgba(colour: Rgb, alpha: float = 1.0) -> tuple[float, float, float, float]:
    return (colour[0], colour[1], colour[2], alpha)


def disc_triangles(
    radii: npt.ArrayLike, colours: npt.ArrayLike, segments: int, z: float = 0.0
) -> tuple[FloatArray, FloatArray, npt.NDArray[np.uint32]]:
    """A flat disc (or annulus) made of rings: vertices, RGBA colours and triangle indices.

    ``radii`` rise from the inside out (a first radius of 0 closes the disc); ``colours``
    gives each ring's RGBA.
    """
    radius = np.asarray(radii, dtype=np.float64)
    colour = np.asarray(colours, dtype=np.float32).reshape(-1, 4)
    angles = np.linspace(0.0, 2.0 * math.pi, segments, endpoint=False)
    xs = radius[:, None] * np.cos(angles)[None, :]
    ys = radius[:, None] * np.sin(angles)[None, :]
    vertices = np.stack([xs, ys, np.full_like(xs, z)], axis=-1).reshape(-1, 3)
    colours_out = np.repeat(colour, segments, axis=0)
    tris = []
    for ring in range(len(radius) - 1):
        inner = ring * segments + np.arange(segments)
        outer = inner + segments
        inner_next = ring * segments + (np.arange(segments) + 1) % segments
        outer_next = inner_next + segments
        tris.append(np.stack([inner, outer, outer_next], axis=1))
        tris.append(np.stack([inner, outer_next, inner_next], axis=1))
    indices = np.concatenate(tris).astype(np.uint32).ravel() if tris else np.zeros(0, np.uint32)
    return vertices.astype(np.float32), colours_out, indices


# -- the hex map -------------------------------------------------------------------------------


def map_hexes(bounds_ft: Bounds2) -> npt.NDArray[np.int64]:
    """(n, 2) axial ``(q, r)`` of every hex whose centre lies inside the rectangle (for
    small maps: its size grows with the map's area; the view never calls it)."""
    xmin, ymin, xmax, ymax = bounds_ft
    col_ft = COLUMN_FT
    qs = np.arange(math.floor(xmin / col_ft), math.ceil(xmax / col_ft) + 1)
    qs = qs[(qs * col_ft >= xmin) & (qs * col_ft <= xmax)]
    cells: list[npt.NDArray[np.int64]] = []
    for q in qs:
        r_low = math.ceil(ymin / HEX_FT - q / 2.0)
        r_high = math.floor(ymax / HEX_FT - q / 2.0)
        if r_high >= r_low:
            rs = np.arange(r_low, r_high + 1)
            cells.append(np.stack([np.full_like(rs, q), rs], axis=1))
    if not cells:
        return np.zeros((0, 2), dtype=np.int64)
    return np.concatenate(cells).astype(np.int64)


def hex_centres_ft(hexes: npt.NDArray[np.int64]) -> npt.NDArray[np.float64]:
    """(n, 2) map centres of axial hexes (as :meth:`engine.hexmap.Hex.centre_ft`)."""
    q = hexes[:, 0].astype(np.float64)
    r = hexes[:, 1].astype(np.float64)
    centres: npt.NDArray[np.float64] = np.stack(
        [q * HEX_FT * math.sqrt(3.0) / 2.0, (r + q / 2.0) * HEX_FT], axis=1
    )
    return centres


GRID_PATCH_FT = (3.0 * HEX_RADIUS_FT, HEX_FT)
"""The smallest rectangle of the hex grid that tiles the map: hex 0,0 sits at its corner and
hex 1,0 at its centre."""
GRID_TEXELS = (1024, 512)
LINE_HALF_WIDTH_FT = 8.0
"""Half the width of a hex line where the map is seen close up."""


BOP_MAP = MapScale(
    grid="hex", hex_ft=HEX_FT, hex_top="flat", alt_unit_ft=STEP_FT, alt_unit_name="step"
)
"""The map of a timeline that does not say: Birds of Prey's."""
TABLE_LINE_SHARE = 0.01
"""Half the width of an open table's ruled line, as a share of the square it bounds."""


def _coverage(
    to_edge: npt.NDArray[np.float32], texel: float, half_width: float, cell: float
) -> npt.NDArray[np.float32]:
    """How much of each texel a line covers, from its distance to the nearest line (the
    same units as ``texel``, ``half_width`` and the ``cell`` the lines bound); lines of
    cells only a few texels across blend into an even tint rather than shimmer."""
    half_width = max(half_width, 0.55 * texel)
    coverage = np.clip((half_width - to_edge) / texel + 0.5, 0.0, 1.0)
    cell_texels = cell / texel
    contrast = float(np.clip((cell_texels - 3.0) / 4.0, 0.0, 1.0))
    mean = float(coverage.mean())
    shaded: npt.NDArray[np.float32] = (mean + (coverage - mean) * contrast).astype(np.float32)
    return shaded


def _shade(
    to_edge: npt.NDArray[np.float32], texel: float, half_width: float, cell: float
) -> npt.NDArray[np.uint8]:
    """A grid level's BGRA texels from each texel's distance to the nearest line (the same
    units as ``texel``, ``half_width`` and the ``cell`` the lines bound)."""
    return _tinted(_coverage(to_edge, texel, half_width, cell))


def _tinted(coverage: npt.NDArray[np.float32]) -> npt.NDArray[np.uint8]:
    """BGRA texels of the map's colour with lines where ``coverage`` says."""
    map_rgb = np.asarray(MAP_RGB, dtype=np.float32)
    line_rgb = np.asarray(HEX_LINE_RGB, dtype=np.float32)
    image = map_rgb + (line_rgb - map_rgb) * coverage[..., None]
    height, width = coverage.shape
    bgra8 = np.full((height, width, 4), 255, dtype=np.uint8)
    bgra8[:, :, 2::-1] = np.clip(image * 255.0 + 0.5, 0, 255)
    return bgra8


MINOR_LINE_STRENGTH = 0.4
"""How dark a table's one-unit lines are beside the ruled square's."""


def _square_level(width: int, height: int, minor: int = 1) -> npt.NDArray[np.uint8]:
    """One mipmap level of an open table's ruled texture: one square, lines on its edges,
    and fainter lines every measuring unit inside it when the square is ``minor`` units
    across (in units of the square)."""
    texel = max(1.0 / width, 1.0 / height)
    xs = ((np.arange(width) + 0.5) / width).astype(np.float32)
    ys = ((np.arange(height) + 0.5) / height).astype(np.float32)
    to_x = np.minimum(xs, 1.0 - xs)[None, :]
    to_y = np.minimum(ys, 1.0 - ys)[:, None]
    to_edge = np.minimum(to_x, to_y).astype(np.float32)
    coverage = _coverage(to_edge, texel, TABLE_LINE_SHARE, 1.0)
    if minor > 1:
        step = 1.0 / minor
        fx = np.abs((xs + step / 2) % step - step / 2)[None, :]
        fy = np.abs((ys + step / 2) % step - step / 2)[:, None]
        to_minor = np.minimum(fx, fy).astype(np.float32)
        fine = _coverage(to_minor, texel, 0.6 * TABLE_LINE_SHARE, step)
        coverage = np.maximum(coverage, MINOR_LINE_STRENGTH * fine)
    return _tinted(coverage)


def _grid_level(width: int, height: int) -> npt.NDArray[np.uint8]:
    """One mipmap level of the grid texture: rows bottom first, BGRA (opaque).  Four bytes a
    texel, not three: Mesa's software renderer samples 32-bit texels on its fast path, and
    the map covers most of the screen in every view but the cockpit.

    Each level is drawn for its own texel size instead of being averaged from the level
    above: a line is never thinner than about one texel, so the grid stays a crisp, steady
    pattern of thin lines at any distance instead of fading out or shimmering; once hexes are
    only a few texels across the lines blend into the map colour.
    """
    patch_w, patch_h = GRID_PATCH_FT
    texel = max(patch_w / width, patch_h / height)
    xs = ((np.arange(width) + 0.5) / width * patch_w).astype(np.float32)
    ys = ((np.arange(height) + 0.5) / height * patch_h).astype(np.float32)
    # Distance to the nearest hexside: half a hex minus the hex-norm distance from the
    # centre of the hex the texel lies in (the nearest of the patch's five hex centres).
    # The norm is the largest of |x cos a + y sin a| over the three hexside normals a; each
    # term splits into a column part and a row part, so it is summed by broadcasting (single
    # precision is ample for texels of a few feet in a patch of 1,500).
    inside = np.full((height, width), np.inf, dtype=np.float32)
    norm = np.empty((height, width), dtype=np.float32)
    term = np.empty((height, width), dtype=np.float32)
    normals = [(math.cos(math.radians(a)), math.sin(math.radians(a))) for a in (30, 90, 150)]
    for cx, cy in (
        (0, 0),
        (patch_w, 0),
        (0, patch_h),
        (patch_w, patch_h),
        (patch_w / 2, patch_h / 2),
    ):
        dx, dy = xs - np.float32(cx), ys - np.float32(cy)
        norm.fill(0.0)
        for nx, ny in normals:
            np.add((dx * np.float32(nx))[None, :], (dy * np.float32(ny))[:, None], out=term)
            np.abs(term, out=term)
            np.maximum(norm, term, out=norm)
        np.minimum(inside, norm, out=inside)
    return _shade(HEX_FT / 2.0 - inside, texel, LINE_HALF_WIDTH_FT, HEX_FT)


@cache
def hex_grid_texture() -> Texture:
    """The map's repeating hex-grid texture with hand-drawn mipmaps (built once)."""
    return _grid_texture("hex-grid", GRID_TEXELS, _grid_level)


TABLE_TEXELS = (512, 512)


@cache
def table_grid_texture(minor: int = 1) -> Texture:
    """An open table's repeating ruled texture, one square of the rule (``minor`` units
    across, each unit ruled faintly), with hand-drawn mipmaps (built once for each)."""
    return _grid_texture(
        f"table-grid-{minor}", TABLE_TEXELS, lambda w, h: _square_level(w, h, minor)
    )


def _grid_texture(
    name: str, texels: tuple[int, int], level: Callable[[int, int], npt.NDArray[np.uint8]]
) -> Texture:
    width, height = texels
    texture = Texture(name)
    texture.setup2dTexture(width, height, Texture.T_unsigned_byte, Texture.F_rgba8)
    texture.setRamImage(level(width, height).tobytes())
    texture.setMinfilter(SamplerState.FT_linear_mipmap_linear)
    texture.setMagfilter(SamplerState.FT_linear)
    texture.setWrapU(SamplerState.WM_repeat)
    texture.setWrapV(SamplerState.WM_repeat)
    texture.generateRamMipmapImages()
    for index in range(1, texture.getNumRamMipmapImages()):
        w = texture.getExpectedMipmapXSize(index)
        h = texture.getExpectedMipmapYSize(index)
        data = np.frombuffer(memoryview(texture.modifyRamMipmapImage(index)), dtype=np.uint8)
        data[:] = level(w, h).ravel()
    return texture


@dataclass(frozen=True, slots=True)
class _HexFrame:
    """World feet ↔ grid feet (Birds of Prey's frame of 400 ft flat-topped hexes, in which
    the grid texture and the label lattice are worked out): a hex map of ``hex_ft`` is
    that frame scaled by ``hex_ft / 400``, and a pointy-topped one is also turned a quarter
    turn anticlockwise (its corners, not its sides, then face north)."""

    per_grid_ft: float
    """World feet in one grid foot."""
    pointy: bool

    @classmethod
    def of(cls, scale: MapScale) -> _HexFrame:
        return cls(scale.unit_ft / HEX_FT, scale.hex_top == "pointy")

    def to_grid(self, xy: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
        """(n, 2) world x, y → grid x, y."""
        k = 1.0 / self.per_grid_ft
        if self.pointy:
            return np.stack([xy[:, 1] * k, -xy[:, 0] * k], axis=1)
        return xy * k

    def to_world(self, xy: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
        """(n, 2) grid x, y → world x, y."""
        k = self.per_grid_ft
        if self.pointy:
            return np.stack([-xy[:, 1] * k, xy[:, 0] * k], axis=1)
        return xy * k

    def grid_bounds(self, bounds_ft: Bounds2) -> Bounds2:
        """The grid-feet rectangle covering a world rectangle."""
        xmin, ymin, xmax, ymax = bounds_ft
        corners = self.to_grid(np.array([(xmin, ymin), (xmax, ymax)], dtype=np.float64))
        low, high = corners.min(axis=0), corners.max(axis=0)
        return (float(low[0]), float(low[1]), float(high[0]), float(high[1]))


def plural(word: str, count: int) -> str:
    """``inch`` → ``inches``, ``yardstick`` → ``yardsticks`` (for more than one)."""
    if count == 1 or not word:
        return word
    return word + ("es" if word.endswith(("ch", "sh", "s", "x")) else "s")


SCALE_BAR_UNITS = (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000)
"""Lengths of the scale bar tried, in measuring units (the longest that fits is drawn)."""
SCALE_BAR_SHARE = 0.25
"""The scale bar is at most this share of the map's width."""


def scale_bar_units(map_width_ft: float, unit_ft: float) -> int:
    """How many measuring units the scale bar spans on a map this wide."""
    fitting = [n for n in SCALE_BAR_UNITS if n * unit_ft <= SCALE_BAR_SHARE * map_width_ft]
    return fitting[-1] if fitting else 1


class HexGround:
    """The map sized to the engagement (hexes, or an open table), its labels, compass and
    scale bar, and the horizon.

    ``bounds_ft`` is ``(xmin, ymin, xmax, ymax)`` of the engagement in feet; the map covers
    it with ``margin_hexes`` Birds of Prey hexes (or two of the map's hexes or ruled squares,
    whichever is more) to spare.  ``scale`` is the rule set's map (:data:`BOP_MAP` when
    None).  The map lies at the Tile Base Altitude (z = 0 unless
    ``settings.tile_base_alt_steps`` says otherwise), the level the altitude stacks stand on.
    """

    def __init__(
        self,
        parent: NodePath,
        bounds_ft: Bounds2,
        settings: ViewSettings | None = None,
        margin_hexes: int = 8,
        scale: MapScale | None = None,
        field_ft: Bounds2 | None = None,
    ) -> None:
        self.settings = settings or ViewSettings()
        self.scale = scale or BOP_MAP
        self.hexes = self.scale.grid == "hex"
        """A hex map (else an open table)."""
        self.frame = _HexFrame.of(self.scale)
        self.cell_ft = (
            self.scale.unit_ft if self.hexes else self.scale.unit_ft * self.scale.grid_units
        )
        """Across one hex's flats, or one ruled square's side."""
        self.z_ft = self.settings.tile_base_alt_steps * STEP_FT
        margin = max(margin_hexes * HEX_FT, 2.0 * self.cell_ft)
        if not all(math.isfinite(v) for v in bounds_ft):
            raise ValueError(f"the map's bounds must be finite feet, not {bounds_ft}")
        xmin, ymin, xmax, ymax = bounds_ft
        self.map_bounds_ft: Bounds2 = (xmin - margin, ymin - margin, xmax + margin, ymax + margin)
        if self.hexes:
            self.hex_count = hex_count(self.frame.grid_bounds(self.map_bounds_ft))
        else:
            width, height = xmax - xmin + 2 * margin, ymax - ymin + 2 * margin
            self.hex_count = width * height / self.cell_ft**2
        """About how many hexes (or ruled squares) the map holds (it never lists them)."""
        self.root = parent.attachNewNode("hex-ground")
        self.root.setZ(self.z_ft)
        self.root.setLightOff(1)
        self.root.setShaderOff(1)
        self.root.setDepthWrite(False, 1)
        self.root.setDepthTest(False, 1)
        self.horizon = self._build_horizon()
        self.surface = self._build_surface()
        self.labels = self._build_labels() if self.hexes else self._build_scale_bar()
        self.compass = self._build_compass()
        self.field = self._build_field(field_ft)
        if self.scale.surface == "grass":
            grass = tuple(g / m for g, m in zip(GRASS_RGB, MAP_RGB, strict=True))
            self.surface.setColorScale(*grass, 1.0)
        parts = (self.horizon, self.surface, self.field, self.labels, self.compass)
        for order, part in enumerate(parts):
            part.setBin("background", order)

    # -- parts ---------------------------------------------------------------------------
    def _build_horizon(self) -> NodePath:
        """The ground beyond the map out to the horizon, hazing with distance: rings round
        a hole the map fills, so no pixel of it is drawn under the map (on a software
        renderer a whole screen of hidden ground cost a fifth of the top view's frame)."""
        xmin, ymin, xmax, ymax = self._surface_rect_ft()
        cx, cy = (xmin + xmax) / 2.0, (ymin + ymax) / 2.0
        inner = math.hypot(xmax - xmin, ymax - ymin) / 2.0
        outer = max(HORIZON_RADIUS_FT, 2.0 * inner)  # a map wider than the horizon has one too
        fractions = np.array([0.0, 0.02, 0.05, 0.1, 0.18, 0.3, 0.45, 0.65, 0.85, 1.0])
        radii = inner + fractions * (outer - inner)
        haze = np.clip((radii - inner) / (outer - inner), 0.0, 1.0) ** 0.55
        ground = np.asarray(GROUND_RGB)
        colours = ground[None, :] + (np.asarray(HAZE_RGB) - ground)[None, :] * haze[:, None]
        colours = np.concatenate([colours, np.ones((len(radii), 1))], axis=1)
        vertices, vcolours, indices = disc_triangles(radii, colours, HORIZON_SEGMENTS)
        # The innermost ring moves in from the circle round the map onto the map's edge.
        ring = vertices[:HORIZON_SEGMENTS, :2].astype(np.float64)
        half_w, half_h = (xmax - xmin) / 2.0, (ymax - ymin) / 2.0
        with np.errstate(divide="ignore"):
            to_edge = np.minimum(half_w / np.abs(ring[:, 0]), half_h / np.abs(ring[:, 1]))
        vertices[:HORIZON_SEGMENTS, :2] = ring * to_edge[:, None]
        vertices[:, 0] += cx
        vertices[:, 1] += cy
        vertices[:, 2] -= 1.0
        node = make_geom_node("horizon", vertices, "triangles", indices=indices, colours=vcolours)
        return self.root.attachNewNode(node)

    def _surface_rect_ft(self) -> Bounds2:
        """The map quad's extent: the map's bounds and half a hex to spare."""
        xmin, ymin, xmax, ymax = self.map_bounds_ft
        pad = HEX_RADIUS_FT * self.frame.per_grid_ft if self.hexes else 0.0
        return (xmin - pad, ymin - pad, xmax + pad, ymax + pad)

    def _build_surface(self) -> NodePath:
        """The map: one quad whose texture repeats a patch of the hex grid, aligned with
        :mod:`engine.hexmap` (the texture coordinates are grid feet over the patch size), or
        one square of an open table's rule (world feet over the square's side)."""
        xmin, ymin, xmax, ymax = self._surface_rect_ft()
        xy = np.array([(xmin, ymin), (xmax, ymin), (xmax, ymax), (xmin, ymax)], dtype=np.float64)
        vertices = np.concatenate([xy, np.zeros((4, 1))], axis=1)
        patch = np.array(GRID_PATCH_FT)
        uvs = self.frame.to_grid(xy) / patch if self.hexes else xy / self.cell_ft
        node = make_geom_node(
            "map-surface", vertices, "triangles", indices=[0, 1, 2, 0, 2, 3], uvs=uvs
        )
        surface = self.root.attachNewNode(node)
        surface.setTexture(
            hex_grid_texture() if self.hexes else table_grid_texture(self.scale.grid_units)
        )
        return surface

    def _build_field(self, field_ft: Bounds2 | None) -> NodePath:
        """The tape round a bounded playing area (the timeline's ``field_ft``): a pilot who
        leaves it is off the field.  An empty node when the rules bound none."""
        node = NodePath("field-boundary")
        node.reparentTo(self.root)
        if field_ft is None:
            return node
        xmin, ymin, xmax, ymax = field_ft
        segs = LineSegs("field-tape")
        segs.setColor(*FIELD_TAPE_RGB, 1.0)
        segs.setThickness(FIELD_TAPE_PX)
        segs.moveTo(xmin, ymin, 0.5)
        for x, y in ((xmax, ymin), (xmax, ymax), (xmin, ymax), (xmin, ymin)):
            segs.drawTo(x, y, 0.5)
        node.attachNewNode(segs.create())
        return node

    def _build_labels(self) -> NodePath:
        labels = NodePath("hex-labels")
        grid_bounds = self.frame.grid_bounds(self.map_bounds_ft)
        every = label_spacing_for(grid_bounds)
        chosen = label_hexes(grid_bounds, every)
        height_ft = LABEL_HEIGHT_FT * self.frame.per_grid_ft
        centres = self.frame.to_world(hex_centres_ft(chosen))
        for (q, r), (x, y) in zip(chosen, centres, strict=True):
            _flat_text(
                labels,
                f"hex-{q},{r}",
                str(Hex(int(q), int(r))),
                LABEL_RGB,
                (float(x), float(y) - height_ft * 0.35),
                height_ft,
            )
        labels.flattenStrong()
        labels.setTransparency(TransparencyAttrib.M_alpha)
        labels.reparentTo(self.root)
        return labels

    def _compass_radius_ft(self) -> float:
        xmin, ymin, xmax, ymax = self.map_bounds_ft
        return float(np.clip(0.06 * min(xmax - xmin, ymax - ymin), 600.0, 4000.0))

    def _build_scale_bar(self) -> NodePath:
        """An open table's scale bar east of the compass: a bar of alternate light and dark
        measuring units, named above (``10 inches = 500 ft``)."""
        xmin, ymin, xmax, _ymax = self.map_bounds_ft
        radius = self._compass_radius_ft()
        unit_ft = self.scale.unit_ft
        units = scale_bar_units(xmax - xmin, unit_ft)
        x0, y0 = xmin + radius * 2.8, ymin + radius * 0.9
        thick = radius * 0.12
        # Up to 10 segments: every unit, or every tenth of a long bar.
        segments = min(units, 10)
        step = units * unit_ft / segments
        vertices: list[tuple[float, float, float]] = []
        colours: list[tuple[float, float, float, float]] = []
        indices: list[int] = []
        for i in range(segments):
            a, b = x0 + i * step, x0 + (i + 1) * step
            base = len(vertices)
            vertices += [(a, y0, 0.0), (b, y0, 0.0), (b, y0 + thick, 0.0), (a, y0 + thick, 0.0)]
            colours += [rgba(COMPASS_RGB if i % 2 == 0 else GROUND_RGB)] * 4
            indices += [base, base + 1, base + 2, base, base + 2, base + 3]
        bar = NodePath("scale-bar")
        bar.attachNewNode(
            make_geom_node("bar", vertices, "triangles", indices=indices, colours=colours)
        )
        name = plural(self.scale.table_unit_name or "unit", units)
        _flat_text(
            bar,
            "scale-bar-label",
            f"{units} {name} = {units * unit_ft:,.0f} ft",
            COMPASS_RGB,
            (x0, y0 + thick * 2.0),
            radius * 0.45,
            centred=False,
        )
        bar.setTwoSided(True)
        bar.flattenStrong()
        bar.setTransparency(TransparencyAttrib.M_alpha)
        bar.reparentTo(self.root)
        return bar

    def _build_compass(self) -> NodePath:
        """A compass rose near the map's south-west corner, its arrow to true north."""
        xmin, ymin, _xmax, _ymax = self.map_bounds_ft
        radius = self._compass_radius_ft()
        cx, cy = xmin + radius * 1.4, ymin + radius * 1.4
        ring_v, ring_c, ring_i = disc_triangles([radius * 0.9, radius], [rgba(COMPASS_RGB)] * 2, 64)
        parts_v = [ring_v]
        parts_c = [ring_c]
        parts_i = [ring_i.ravel()]
        count = len(ring_v)
        # Four points of the rose: north long and red, the others short and light.
        for heading, length, colour in (
            (0.0, 1.35, NORTH_RGB),
            (90.0, 0.75, COMPASS_RGB),
            (180.0, 0.75, COMPASS_RGB),
            (270.0, 0.75, COMPASS_RGB),
        ):
            a = math.radians(heading)
            ahead = np.array([math.sin(a), math.cos(a)])
            side = np.array([ahead[1], -ahead[0]])
            tip = ahead * radius * length
            base_l = side * radius * 0.16
            base_r = -side * radius * 0.16
            tri = np.array([[*base_l, 0.0], [*tip, 0.0], [*base_r, 0.0]], dtype=np.float32)
            parts_v.append(tri)
            parts_c.append(np.array([rgba(colour)] * 3, dtype=np.float32))
            parts_i.append(np.arange(count, count + 3, dtype=np.uint32))
            count += 3
        vertices = np.concatenate(parts_v)
        vertices[:, 0] += cx
        vertices[:, 1] += cy
        node = make_geom_node(
            "compass",
            vertices,
            "triangles",
            indices=np.concatenate(parts_i),
            colours=np.concatenate(parts_c),
        )
        compass = NodePath("compass")
        compass.attachNewNode(node)
        _flat_text(compass, "compass-N", "N", NORTH_RGB, (cx, cy + radius * 1.45), radius * 0.5)
        compass.setTwoSided(True)
        compass.flattenStrong()
        compass.setTransparency(TransparencyAttrib.M_alpha)
        compass.reparentTo(self.root)
        return compass

    # -- Layer -----------------------------------------------------------------------------
    def update(self, snapshot: Snapshot) -> None:
        """The ground is static."""
        del snapshot

    def destroy(self) -> None:
        self.root.removeNode()


def _flat_text(
    parent: NodePath,
    name: str,
    words: str,
    rgb: tuple[float, float, float],
    at_ft: tuple[float, float],
    height_ft: float,
    centred: bool = True,
) -> NodePath:
    """``words`` lying on the ground at ``at_ft``, letters ``height_ft`` tall, read from
    the south."""
    text = TextNode(name)
    text.setText(words)
    text.setAlign(TextNode.A_center if centred else TextNode.A_left)
    text.setTextColor(*rgb, 1.0)
    label = parent.attachNewNode(text.generate())
    label.setPos(at_ft[0], at_ft[1], 0.0)
    label.setP(-90.0)
    label.setScale(height_ft)
    return label
