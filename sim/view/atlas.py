"""Printed faces for the box minis: one texture atlas per aircraft.

The game's box miniatures are fold-up cardstock boxes printed with the aircraft seen from
above, below, ahead, behind and both sides, on the owning side's colour.  :func:`make_atlas`
paints the same six faces into one texture: the top and bottom planforms (a generic fighter
silhouette, the bottom darker), the nose (intake and wing line) and tail (nozzle and fin),
and both side profiles with the callsign in large letters.

Every face is drawn in coordinates normalised to the face, so one layout serves every type:
the box's proportions (length × span × height from the card) stretch the drawing.  Shapes are
rasterised with numpy (2× supersampled), text comes from Panda3D's built-in font through
``PNMTextMaker``.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Literal

import numpy as np
import numpy.typing as npt
from panda3d.core import (
    PNMImage,
    PNMTextMaker,
    SamplerState,
    TextNode,
    Texture,
)

from models.aircraft import AircraftCard, UnknownAircraftType, card

ATLAS_W, ATLAS_H = 1024, 512
"""Atlas size in texels (powers of two)."""

UVRect = tuple[float, float, float, float]
"""``(u0, v0, u1, v1)``: the lower-left and upper-right texture coordinates of a face."""

_PixelBox = tuple[int, int, int, int]

FACE_PIXELS: dict[str, _PixelBox] = {
    # name: (x0, y0, x1, y1) in atlas pixels, y down from the top row.
    "right": (512, 0, 1024, 160),
    "left": (512, 160, 1024, 320),
    "top": (0, 0, 256, 384),
    "bottom": (256, 0, 512, 384),
    "nose": (0, 384, 256, 512),
    "tail": (256, 384, 512, 512),
}
"""Where each face sits in the atlas.  Region aspect ratios are close to a fighter's box: the
sides about 3.2 : 1 (length : height), the planforms 2 : 3 (span : length), the nose and tail
2 : 1 (span : height)."""

Rgb = tuple[float, float, float]
ImageF = npt.NDArray[np.float32]

PLANFORM_GREY: Rgb = (0.82, 0.84, 0.86)
OUTLINE: Rgb = (0.08, 0.08, 0.10)
SUPERSAMPLE = 2

DEFAULT_ASPECT_RATIO = 3.3
"""Wing aspect ratio (span² / area) assumed when a card gives no span: typical of fighters
(F-16 3.2, MiG-29 3.4)."""
LENGTH_PER_SPAN = 1.5
"""Length over span assumed when a card gives no length (F-16 1.58, MiG-29 1.52)."""
HEIGHT_PER_LENGTH = 0.3
"""Height over length assumed when a card gives no height (F-16 0.34, MiG-29 0.27)."""


def face_uvs() -> dict[str, UVRect]:
    """Texture coordinates of each face of the atlas."""
    return {name: _uv_rect(box) for name, box in FACE_PIXELS.items()}


def _uv_rect(box: _PixelBox) -> UVRect:
    x0, y0, x1, y1 = box
    return (x0 / ATLAS_W, 1.0 - y1 / ATLAS_H, x1 / ATLAS_W, 1.0 - y0 / ATLAS_H)


def box_dimensions_ft(card: AircraftCard) -> tuple[float, float, float]:
    """``(length, span, height)`` of the aircraft in feet, from the card when it gives them,
    otherwise derived from the wing area with a fighter's usual proportions."""
    span = card.span_ft or math.sqrt(DEFAULT_ASPECT_RATIO * card.wing_area_ft2)
    length = card.length_ft or span * LENGTH_PER_SPAN
    height = card.height_ft or length * HEIGHT_PER_LENGTH
    return (length, span, height)


DEFAULT_BOX_FT = (55.0, 35.0, 16.0)
"""``(length, span, height)`` of a type with no card: a fighter's usual size (an F-16 is
49 × 33 × 16 ft, a MiG-29 57 × 37 × 16 ft).  A rule set whose types have no Birds of Prey
card gets these boxes until it gives its own sizes."""


def box_for_type(type_id: str) -> tuple[float, float, float]:
    """``(length, span, height)`` in feet of a type's box mini: from its card when it has
    one, else :data:`DEFAULT_BOX_FT`."""
    try:
        found = card(type_id)
    except UnknownAircraftType:
        return DEFAULT_BOX_FT
    return box_dimensions_ft(found)


# -- shapes in face coordinates ---------------------------------------------------------------
# A face's drawing uses (s, t) in [0, 1]: s to the right of the image, t up.

_PLANFORM_HALF: tuple[tuple[float, float], ...] = (
    # Right half of a generic swept-wing fighter seen from above, nose at t = 1; s is the
    # distance from the centreline as a fraction of the half span.
    (0.0, 0.97),
    (0.06, 0.88),
    (0.11, 0.78),
    (0.15, 0.65),
    (0.16, 0.59),
    (0.90, 0.32),
    (0.90, 0.25),
    (0.16, 0.29),
    (0.15, 0.21),
    (0.56, 0.09),
    (0.56, 0.04),
    (0.13, 0.06),
    (0.09, 0.03),
)


_STRAIGHT_HALF: tuple[tuple[float, float], ...] = (
    # Right half of a WWI biplane seen from above (the upper wing hides the lower): a
    # blunt nose, a straight wing of even chord, a slim fuselage and a broad tailplane.
    (0.0, 0.99),
    (0.10, 0.97),
    (0.11, 0.86),
    (0.98, 0.86),
    (1.0, 0.83),
    (1.0, 0.65),
    (0.98, 0.62),
    (0.10, 0.62),
    (0.07, 0.18),
    (0.42, 0.16),
    (0.44, 0.12),
    (0.42, 0.03),
    (0.05, 0.02),
)
Planform = Literal["swept", "straight"]
"""The silhouette printed on a box's top: a swept-wing jet, or a straight-winged WWI type."""


def _planform(kind: Planform = "swept") -> list[tuple[float, float]]:
    half = _PLANFORM_HALF if kind == "swept" else _STRAIGHT_HALF
    right = [(0.5 + 0.5 * s, t) for s, t in half]
    left = [(0.5 - 0.5 * s, t) for s, t in reversed(half) if s > 0.0]
    return right + left


_PROFILE: tuple[tuple[float, float], ...] = (
    # Side view with the nose at s = 1 (the right-hand side of the aircraft).
    (0.02, 0.26),
    (0.02, 0.48),
    (0.06, 0.50),
    (0.09, 0.96),
    (0.17, 0.96),
    (0.30, 0.52),
    (0.60, 0.52),
    (0.68, 0.60),
    (0.78, 0.62),
    (0.86, 0.52),
    (0.995, 0.40),
    (0.86, 0.30),
    (0.60, 0.22),
    (0.20, 0.22),
)

_CANOPY: tuple[tuple[float, float], ...] = (
    (0.63, 0.53),
    (0.69, 0.59),
    (0.77, 0.605),
    (0.84, 0.53),
)


def _polygon_mask(
    points: list[tuple[float, float]] | tuple[tuple[float, float], ...], width: int, height: int
) -> ImageF:
    """Coverage (0–1) of a polygon given in face coordinates, ``height`` rows top first."""
    ss = SUPERSAMPLE
    cols = (np.arange(width * ss, dtype=np.float32) + 0.5) / (width * ss)
    rows = 1.0 - (np.arange(height * ss, dtype=np.float32) + 0.5) / (height * ss)
    px = cols[None, :]
    py = rows[:, None]
    inside = np.zeros((height * ss, width * ss), dtype=bool)
    pts = list(points)
    for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1], strict=True):
        if y1 == y2:
            continue
        crosses = (y1 > py) != (y2 > py)
        x_at = x1 + (py - y1) * (x2 - x1) / (y2 - y1)
        inside ^= crosses & (px < x_at)
    return _downsampled(inside, height, width)


def _downsampled(inside: npt.NDArray[np.bool_], height: int, width: int) -> ImageF:
    """Average each SUPERSAMPLE × SUPERSAMPLE block: coverage with smooth edges."""
    ss = SUPERSAMPLE
    blocks = inside.reshape(height, ss, width, ss).astype(np.float32)
    coverage: ImageF = blocks.mean(axis=(1, 3), dtype=np.float32)
    return coverage


def _ellipse_mask(cs: float, ct: float, rs: float, rt: float, width: int, height: int) -> ImageF:
    ss = SUPERSAMPLE
    cols = (np.arange(width * ss, dtype=np.float32) + 0.5) / (width * ss)
    rows = 1.0 - (np.arange(height * ss, dtype=np.float32) + 0.5) / (height * ss)
    inside = ((cols[None, :] - cs) / rs) ** 2 + ((rows[:, None] - ct) / rt) ** 2 <= 1.0
    return _downsampled(inside, height, width)


def _rect_mask(s0: float, t0: float, s1: float, t1: float, width: int, height: int) -> ImageF:
    return _polygon_mask(((s0, t0), (s1, t0), (s1, t1), (s0, t1)), width, height)


def _grow(mask: ImageF, pixels: int) -> ImageF:
    """The mask dilated by a few pixels (a square max filter, done as rows then columns)."""
    h, w = mask.shape
    rows = mask.copy()
    padded = np.pad(mask, ((0, 0), (pixels, pixels)))
    for dx in range(2 * pixels + 1):
        np.maximum(rows, padded[:, dx : dx + w], out=rows)
    grown = rows.copy()
    padded = np.pad(rows, ((pixels, pixels), (0, 0)))
    for dy in range(2 * pixels + 1):
        np.maximum(grown, padded[dy : dy + h], out=grown)
    return grown


def _outline(mask: ImageF, pixels: int) -> ImageF:
    edge: ImageF = np.clip(_grow(mask, pixels) - mask, 0.0, 1.0)
    return edge


@lru_cache(maxsize=2)
def _face_masks(planform: Planform = "swept") -> dict[str, ImageF]:
    """Every shape mask of the atlas (the same for every type of a planform: they are
    normalised)."""
    masks: dict[str, ImageF] = {}
    w, h = _size("top")
    plan = _polygon_mask(_planform(planform), w, h)
    masks["planform"] = plan
    masks["planform_edge"] = _outline(plan, 2)
    w, h = _size("right")
    side = _polygon_mask(_PROFILE, w, h)
    masks["profile"] = side
    masks["profile_edge"] = _outline(side, 2)
    masks["canopy"] = _polygon_mask(_CANOPY, w, h)
    w, h = _size("nose")
    masks["wing_line"] = _rect_mask(0.03, 0.40, 0.97, 0.46, w, h)
    masks["fin_line"] = _rect_mask(0.485, 0.45, 0.515, 0.96, w, h)
    masks["intake"] = _ellipse_mask(0.5, 0.40, 0.09, 0.18, w, h)
    masks["intake_edge"] = _outline(masks["intake"], 2)
    masks["nozzle"] = _ellipse_mask(0.5, 0.40, 0.10, 0.20, w, h)
    masks["nozzle_core"] = _ellipse_mask(0.5, 0.40, 0.06, 0.12, w, h)
    return masks


def _size(face: str) -> tuple[int, int]:
    x0, y0, x1, y1 = FACE_PIXELS[face]
    return (x1 - x0, y1 - y0)


def _paint(region: ImageF, mask: ImageF, colour: Rgb) -> None:
    """Blend a colour into an (h, w, 3) region through a coverage mask."""
    alpha = mask[:, :, None]
    region *= 1.0 - alpha
    region += alpha * np.asarray(colour, dtype=np.float32)


def _text_mask(text: str, width: int, height: int, pixel_size: float, baseline: float) -> ImageF:
    """Coverage of ``text`` centred across a width, its baseline ``baseline`` rows down."""
    maker = PNMTextMaker(TextNode.getDefaultFont())
    maker.setScaleFactor(1.0)
    maker.setPixelSize(pixel_size)
    text_width = maker.calcWidth(text)
    if text_width > width * 0.94:  # long callsigns: shrink to fit
        maker.setPixelSize(pixel_size * width * 0.94 / text_width)
    maker.setAlign(TextNode.A_center)
    maker.setFg((1, 1, 1, 1))
    image = PNMImage(width, height, 1)
    image.fill(0)
    maker.generateInto(text, image, width // 2, int(baseline))
    texture = Texture("text-mask")
    texture.load(image)
    data = np.frombuffer(texture.getRamImageAs("G"), np.uint8).reshape(height, width)
    coverage: ImageF = data[::-1].astype(np.float32) / 255.0
    return coverage


def _scaled(colour: Rgb, factor: float) -> Rgb:
    return (colour[0] * factor, colour[1] * factor, colour[2] * factor)


def _mixed(colour: Rgb, other: Rgb, amount: float) -> Rgb:
    return (
        colour[0] + (other[0] - colour[0]) * amount,
        colour[1] + (other[1] - colour[1]) * amount,
        colour[2] + (other[2] - colour[2]) * amount,
    )


def paint_atlas(card: AircraftCard, side_colour: Rgb, callsign: str) -> ImageF:
    """The atlas as an (ATLAS_H, ATLAS_W, 3) float image, top row first."""
    # The drawing is normalised: the box's proportions stretch it (:func:`box_for_type`).
    image = _printed_box(side_colour).copy()
    for (y0, y1, x0, x1), painted in _callsign_patches(side_colour, callsign):
        image[y0:y1, x0:x1] = painted
    return image


def _callsign_patches(
    side_colour: Rgb, callsign: str, planform: Planform = "swept"
) -> list[tuple[tuple[int, int, int, int], ImageF]]:
    """The callsign in large letters on both sides, reading left to right on each: the
    rectangles of the atlas it covers, ``(y0, y1, x0, x1)`` top row first, each with its
    painted pixels.  Only these differ between two aircraft of one side."""
    w, h = _size("right")
    letters = _grow(_text_mask(callsign, w, h, h * 0.62, h * 0.66), 1)
    letter_edge = _outline(letters, 3)
    rows = np.nonzero(letter_edge.max(axis=1) > 0)[0]
    cols = np.nonzero(letter_edge.max(axis=0) > 0)[0]
    if len(rows) == 0:
        return []
    r0, r1, c0, c1 = int(rows[0]), int(rows[-1]) + 1, int(cols[0]), int(cols[-1]) + 1
    printed = _printed_box(side_colour, planform)
    patches = []
    for face in ("right", "left"):
        x0, y0, _x1, _y1 = FACE_PIXELS[face]
        box = (y0 + r0, y0 + r1, x0 + c0, x0 + c1)
        area = printed[box[0] : box[1], box[2] : box[3]].copy()
        _paint(area, letter_edge[r0:r1, c0:c1], OUTLINE)
        _paint(area, letters[r0:r1, c0:c1], (1.0, 1.0, 1.0))
        patches.append((box, area))
    return patches


def _texture_bytes(image: ImageF) -> npt.NDArray[np.uint8]:
    """A float RGB image (top row first) as Panda3D's texture layout: 8-bit BGR, bottom row
    first."""
    rgb8 = np.clip(image * 255.0 + 0.5, 0, 255).astype(np.uint8)
    return np.ascontiguousarray(rgb8[::-1, :, ::-1])


@lru_cache(maxsize=8)
def _printed_box_bytes(side_colour: Rgb, planform: Planform = "swept") -> npt.NDArray[np.uint8]:
    """:func:`_printed_box` in the texture's layout (converted once per side colour)."""
    data = _texture_bytes(_printed_box(side_colour, planform))
    data.flags.writeable = False
    return data


@lru_cache(maxsize=8)
def _printed_box(side_colour: Rgb, planform: Planform = "swept") -> ImageF:
    """Every face of the atlas but the callsigns, for one side colour."""
    masks = _face_masks(planform)
    image = np.empty((ATLAS_H, ATLAS_W, 3), dtype=np.float32)
    image[:] = np.asarray(side_colour, dtype=np.float32)

    def region(face: str) -> ImageF:
        x0, y0, x1, y1 = FACE_PIXELS[face]
        return image[y0:y1, x0:x1]

    # Top: the light aircraft on the side colour; bottom: all darker.
    top = region("top")
    _paint(top, masks["planform"], _mixed(PLANFORM_GREY, side_colour, 0.12))
    _paint(top, masks["planform_edge"], OUTLINE)
    bottom = region("bottom")
    bottom[:] = np.asarray(_scaled(side_colour, 0.55), dtype=np.float32)
    _paint(bottom, masks["planform"], _scaled(PLANFORM_GREY, 0.55))
    _paint(bottom, masks["planform_edge"], OUTLINE)

    # Sides: the profile and canopy, nose to the right on the right side, to the left on the
    # left side.
    body = _mixed(PLANFORM_GREY, side_colour, 0.25)
    for face, flip in (("right", slice(None)), ("left", slice(None, None, -1))):
        side = region(face)
        _paint(side, masks["profile"][:, flip], body)
        _paint(side, masks["profile_edge"][:, flip], OUTLINE)
        _paint(side, masks["canopy"][:, flip], (0.18, 0.22, 0.30))

    # Nose: intake, wing and fin lines; tail: wing and fin lines round a dark nozzle.
    nose = region("nose")
    nose[:] = np.asarray(_scaled(side_colour, 0.85), dtype=np.float32)
    _paint(nose, masks["wing_line"], PLANFORM_GREY)
    _paint(nose, masks["fin_line"], PLANFORM_GREY)
    _paint(nose, masks["intake_edge"], OUTLINE)
    _paint(nose, masks["intake"], (0.95, 0.95, 0.95))
    tail = region("tail")
    tail[:] = np.asarray(_scaled(side_colour, 0.7), dtype=np.float32)
    _paint(tail, masks["wing_line"], _scaled(PLANFORM_GREY, 0.8))
    _paint(tail, masks["fin_line"], _scaled(PLANFORM_GREY, 0.8))
    _paint(tail, masks["nozzle"], (0.12, 0.12, 0.12))
    _paint(tail, masks["nozzle_core"], (0.95, 0.55, 0.15))

    # A thin dark border round every face, like the fold lines of a printed box.
    for face in FACE_PIXELS:
        face_region = region(face)
        face_region[:2] = OUTLINE
        face_region[-2:] = OUTLINE
        face_region[:, :2] = OUTLINE
        face_region[:, -2:] = OUTLINE
    image.flags.writeable = False
    return image


def make_atlas(
    side_colour: Rgb, callsign: str, planform: Planform = "swept"
) -> tuple[Texture, dict[str, UVRect]]:
    """The six printed faces of one aircraft's box mini as a Panda3D ``Texture`` (mipmapped),
    and the UV rectangle of each face (``top``, ``bottom``, ``nose``, ``tail``, ``left``,
    ``right``)."""
    # The drawing is normalised: the box's proportions stretch it (:func:`box_for_type`).
    # The side's printed box, converted once, with only the callsign's rectangles repainted
    # (the same pixels as :func:`paint_atlas`, at a fraction of the cost per aircraft).
    data = _printed_box_bytes(side_colour, planform).copy()
    for (y0, y1, x0, x1), painted in _callsign_patches(side_colour, callsign, planform):
        data[ATLAS_H - y1 : ATLAS_H - y0, x0:x1] = _texture_bytes(painted)
    texture = Texture(f"atlas-{callsign}")
    texture.setup2dTexture(ATLAS_W, ATLAS_H, Texture.T_unsigned_byte, Texture.F_rgb8)
    texture.setRamImage(data.tobytes())
    texture.setMinfilter(SamplerState.FT_linear_mipmap_linear)
    texture.setMagfilter(SamplerState.FT_linear)
    # No anisotropic filtering: Mesa's llvmpipe (software GL, 22.x) spins for minutes, or
    # for good, sampling a face seen exactly edge-on with it, and the top-down camera sees
    # every level aircraft's sides edge-on (the replay froze there between 11.8 and 15.9 s
    # of the 2v2 merge).  Trilinear mipmapping alone keeps the tiny faces clean.
    texture.setAnisotropicDegree(1)
    texture.setWrapU(SamplerState.WM_clamp)
    texture.setWrapV(SamplerState.WM_clamp)
    return texture, face_uvs()
