"""The screen the HUD is laid out on: aspect2d's extent and the window's size in pixels.

Panda3D keeps aspect2d's shorter side at -1 .. 1: on a landscape window the height spans
-1 .. 1 and the width ±aspect; on a portrait window the width spans -1 .. 1 and the height
±1/aspect (``base.a2dTop``).  So one aspect2d unit is half the window's shorter side in
pixels, and a layout must read both half extents, never assume the height is 2.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from panda3d.core import NodePath

MIN_TEXT_PX = 14.0
"""The HUD and the playback controls draw their smallest text at least this many pixels a
line (its letter height, the text scale) where the screen has room for it..."""
LEAST_TEXT_PX = 12.0
"""...and never smaller than this where the panels can fit at all (a window a few hundred
pixels high may be too small for any arrangement at this size)."""
DEFAULT_PIXELS_HIGH = 1080
"""Assumed when no window can be asked (the HUD built without a ShowBase)."""


@dataclass(frozen=True, slots=True)
class Screen:
    """aspect2d's half width and half height, and the window's height in pixels."""

    half_width: float
    half_height: float
    pixels_high: int

    @property
    def px_per_unit(self) -> float:
        """Pixels per aspect2d unit (the same across and up)."""
        return self.pixels_high / (2.0 * self.half_height)

    @property
    def pixels_wide(self) -> int:
        return round(self.px_per_unit * 2.0 * self.half_width)

    @property
    def aspect(self) -> float:
        return self.half_width / self.half_height

    def scale_for_text(self, text_scale: float, least_px: float = MIN_TEXT_PX) -> float:
        """The factor that makes text of ``text_scale`` aspect2d units ``least_px`` pixels."""
        return least_px / (text_scale * self.px_per_unit)

    @staticmethod
    def of_pixels(width: int, height: int) -> Screen:
        """The screen of a window ``width`` × ``height`` pixels, as Panda3D lays aspect2d."""
        if width >= height:
            return Screen(width / height, 1.0, height)
        return Screen(1.0, height / width, height)


def _base() -> Any:
    from direct.showbase import ShowBaseGlobal

    return getattr(ShowBaseGlobal, "base", None)


def window_pixels() -> tuple[int, int] | None:
    """The ShowBase window's (or offscreen buffer's) size in pixels, or None."""
    base = _base()
    win = getattr(base, "win", None) if base is not None else None
    if win is None:
        return None
    return (int(win.getXSize()), int(win.getYSize()))


def screen_from(top_right: NodePath, centre: NodePath) -> Screen:
    """The screen as the top-right corner anchor sees it (its position in ``centre``'s
    units is aspect2d's half extent) and the window's pixel height."""
    corner = top_right.getPos(centre)
    half_w = float(corner.x) if corner.x > 0 else 16 / 9
    half_h = float(corner.z) if corner.z > 0 else 1.0
    pixels = window_pixels()
    high = pixels[1] if pixels is not None else DEFAULT_PIXELS_HIGH
    return Screen(half_w, half_h, high)


def current_screen() -> Screen | None:
    """The ShowBase's screen (aspect2d's extent and its window's pixels), or None."""
    base = _base()
    pixels = window_pixels()
    if base is None or pixels is None:
        return None
    return Screen(float(base.a2dRight), float(base.a2dTop), pixels[1])
