"""Instructor overlays: the BFM picture between the selected aircraft and its target.

The target is the nearest enemy aircraft unless one has been picked (``t`` steps through
the enemies, nearest first).  Eight overlays, each toggled on its own and off by default:

* **sight line** (``s``): the line of sight from the selected aircraft to its target, and a
  big label on a dark card beside its middle (``AA 35° ATA 10° HCA 40°``, then ``3,200 ft
  Vc +120 kt``), set off to the side of the line far enough to leave both minis in view;
* **3/9 line and lift** (``9``): the line through the target square to its flight path in
  its wing plane, and the selected aircraft's lift vector with a translucent disc in its
  plane of motion (the plane holding its velocity and lift);
* **turn circles** (``c``): a full circle for each of the two aircraft, at the radius of a
  level turn at its present load and airspeed, in its plane of motion toward its lift;
* **gun cone** (``g``): a 2° cone from 500 to 3,000 ft along the selected aircraft's nose,
  green while the target is inside it;
* **missile envelope** (``m``): where a launch of the selected aircraft's best missile now
  would reach the target, drawn in the plane of its Nose and the level line across it
  (:mod:`sim.missile_envelope`), green and ``IN RANGE`` on the label while the target is
  inside it;
* **control zone** (``z``): the wedges behind the target on both sides of its tail (20–50°
  of aspect, 2,500–4,500 ft), green while the selected aircraft is in them with its heading
  within 30° of the target's;
* **energy** (``e``): the strip chart of both aircraft's ``E_s`` and ``P_s``
  (:mod:`sim.view.energy_chart`);
* **time ticks** (``p``): matching time marks on both pursuit trails, joined, with the time
  at each game-turn (:mod:`sim.view.time_ticks`).

The label on the sight line also carries the control-zone and missile lines when those are
on, and stands alone (beside the middle of the sight line) when the sight line is off.

``f`` freezes and annotates: pauses playback and turns all eight on; pressed again it puts
the toggles back as they were.  Geometry comes from :mod:`sim.bfm`.  The lines, circles,
disc and cone are unit shapes built once and placed each frame by one transform each (the
three straight lines are one small dynamic Geom rewritten in place); the envelope, wedges,
marks and chart are dynamic Geoms of fixed size rewritten in place.  Nothing is computed
while every overlay is off.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt
from panda3d.core import LMatrix4f, NodePath, Point3, Quat, TextNode, Vec3

from models import bop_channels as bop
from models.missile import MissileCard
from sim import bfm
from sim import missile_envelope as msl
from sim.energy import EnergyHistory
from sim.snapshot import EntityState, Snapshot
from sim.view.energy_chart import PANEL as CHART_PANEL
from sim.view.energy_chart import EnergyChart
from sim.view.ground import disc_triangles, make_geom_node
from sim.view.hud.hud import CHART_DOCK_TAG
from sim.view.layer import (
    ScreenBox,
    ViewSettings,
    line_overlay_root,
    screen_point,
    side_colour,
)
from sim.view.time_ticks import TimeTicks
from sim.view.zones import ControlZoneView, MissileEnvelopeView

FLOATS_PER_VERTEX = 7
"""x, y, z, r, g, b, a (float32), as :func:`sim.view.ground.make_geom_node` packs them."""
LINE_SEGMENTS = 5
"""The sight line, the 3/9 line and the lift arrow's shaft and two barbs."""
THREE_NINE_PER_SCALE_FT = 60.0
"""Half the 3/9 line's length per unit of mini scale (1,200 ft each side at 20)."""
LIFT_PER_SCALE_FT = 55.0
"""The lift arrow's length per unit of mini scale (1,100 ft at 20)."""
DISC_PER_SCALE_FT = 75.0
"""The plane-of-motion disc's radius per unit of mini scale (1,500 ft at 20)."""
CIRCLE_SEGMENTS = 96
CONE_SEGMENTS = 24
LABEL_SCALE = 0.062
"""Label letter height in aspect2d units: about 33 px at 1080p, readable from 3 m."""
LABEL_SHRINK = (1.0, 0.85, 0.72)
"""Shares of that size tried in turn where the screen has no clear place for the label."""
LABEL_MARGIN = 0.05
"""The label is kept this far inside the screen edges."""
LABEL_FALLBACK = (0.0, 0.78)
"""Where the label sits (aspect2d x, z) when the sight line's middle is off screen: top
centre, under the clock."""
LABEL_UNDER_CHART = 0.14
"""With the energy chart on, the label's first line stays this far below the chart."""
CHART_MIN_SCALE = 0.6
"""The energy chart shrinks no smaller than this to clear the cockpit's event ticker."""
LABEL_CLEARANCE = 0.06
"""The least gap (aspect2d units) between the label's card and the sight line."""
LABEL_STEP = 0.04
LABEL_MAX_OFFSET = 1.6
"""The label moves out from the line in these steps, up to this far, to clear the minis."""
LABEL_PARK_COLUMNS, LABEL_PARK_ROWS = 17, 15
"""The grid of places tried when nowhere beside the line is clear."""
MINI_CENTRE_COVERED = 0.01
"""What a card over a mini's centre counts as covering, at the least."""
MINI_RADIUS_PER_SCALE_FT = 32.0
"""A box mini's half-diagonal per unit of mini scale (a fighter's box: about 640 ft at 20)."""
THICKNESS_PX = 3.0
SIGHT_COLOUR = (1.0, 0.92, 0.35, 0.95)
THREE_NINE_COLOUR = (1.0, 0.55, 0.15, 0.95)
LIFT_COLOUR = (0.45, 1.0, 1.0, 0.95)
DISC_COLOUR = (0.45, 0.95, 1.0, 0.16)
CONE_COLOUR = (1.0, 0.85, 0.35, 0.9)
CONE_HOT_COLOUR = (0.2, 1.0, 0.3, 1.0)
CARD_COLOUR = (0.02, 0.03, 0.05, 0.86)
CARD_HOT_COLOUR = (0.0, 0.28, 0.06, 0.9)
LIGHTEN = 0.35
"""Turn circles take their side colour mixed this far toward white."""

OVERLAYS = (
    "sight",
    "three_nine",
    "circles",
    "gun",
    "missile",
    "control_zone",
    "energy",
    "time_ticks",
)
"""The overlays' names, as :meth:`InstructorOverlays.toggle` takes them."""

Segments = npt.NDArray[np.float64]


@dataclass(frozen=True, slots=True)
class Annotation:
    """What the overlays show at one moment (also what the tests read)."""

    own: str
    target: str
    geometry: bfm.BfmGeometry
    in_gun_cone: bool
    in_control_zone: bool = False
    envelope: msl.MissileEnvelope | None = None
    """The missile envelope drawn (None when that overlay is off or no missile is left)."""

    @property
    def in_range(self) -> bool:
        """The target is inside the drawn missile envelope."""
        return self.envelope is not None and self.envelope.in_range

    def text(
        self,
        own_callsign: str,
        target_callsign: str,
        shown: dict[str, bool] | None = None,
    ) -> str:
        """The label: who on whom, then a line per overlay that is on (``shown``; by
        default only the sight line's)."""
        on = shown if shown is not None else {"sight": True}
        lines = [f"{own_callsign} on {target_callsign}"]
        if on.get("sight"):
            lines.extend(self.geometry.label_lines())
            if self.in_gun_cone:
                lines.append("IN GUN WEZ")
        if on.get("control_zone") and self.in_control_zone:
            lines.append("IN CONTROL ZONE")
        if on.get("missile"):
            lines.append(self.envelope.label() if self.envelope else "no missiles")
        return "\n".join(lines)

    def hot(self, shown: dict[str, bool]) -> bool:
        """Whether anything shown is on target (the label's card turns green)."""
        return bool(
            (shown.get("sight") and self.in_gun_cone)
            or (shown.get("control_zone") and self.in_control_zone)
            or (shown.get("missile") and self.in_range)
        )


def frame_matrix(
    origin: npt.ArrayLike, x_axis: npt.ArrayLike, y_axis: npt.ArrayLike, scale: float
) -> LMatrix4f:
    """A transform taking the unit shapes' x-y plane to the plane through ``origin`` spanned
    by two unit axes, scaled by ``scale`` (Panda3D's row-vector convention)."""
    x_unit = np.asarray(x_axis, dtype=np.float64)
    y_unit = np.asarray(y_axis, dtype=np.float64)
    x, y, z = x_unit * scale, y_unit * scale, np.cross(x_unit, y_unit) * scale
    o = np.asarray(origin, dtype=np.float64)
    return LMatrix4f(*x, 0.0, *y, 0.0, *z, 0.0, *o, 1.0)


def straight_lines(
    own: EntityState, target: EntityState, mini_scale: float
) -> tuple[Segments, Segments]:
    """The sight line (own to target), the target's 3/9 line and the selected aircraft's
    lift arrow (shaft and two barbs), as (5, 2, 3) segment ends."""
    a = np.asarray(own.position_ft, dtype=np.float64)
    b = np.asarray(target.position_ft, dtype=np.float64)
    across = bfm.three_nine_axis(target) * THREE_NINE_PER_SCALE_FT * mini_scale
    velocity, _lift = bfm.plane_of_motion(own)
    _forward, _right, up = bfm.body_axes(own.quat_wxyz)
    length = LIFT_PER_SCALE_FT * mini_scale
    tip = a + up * length
    barb = 0.18 * length
    side = velocity if velocity.any() else np.array([1.0, 0.0, 0.0])
    sight = np.stack([a, b])
    nine = np.stack([b - across, b + across])
    shaft = np.stack([a, tip])
    barbs = [np.stack([tip, tip - up * barb + s * side * barb * 0.6]) for s in (1.0, -1.0)]
    return np.stack([sight, nine]), np.stack([shaft, *barbs])


class InstructorOverlays:
    """The instructor overlays for the selected aircraft and its target.

    ``parent`` is the 3D scene node; ``label_parent`` the 2D node the label card, the time
    labels and the energy chart go on (``aspect2d``) and ``camera`` the camera node whose
    lens places the label over the middle of the sight line (without one the label stays
    at :data:`LABEL_FALLBACK`, and the time ticks go unlabelled).  ``energy`` is the
    timeline's energy history; without it there is no energy chart.
    """

    def __init__(
        self,
        parent: NodePath,
        label_parent: NodePath,
        settings: ViewSettings | None = None,
        camera: NodePath | None = None,
        energy: EnergyHistory | None = None,
    ) -> None:
        self.settings = settings or ViewSettings()
        s = self.settings
        self.shown: dict[str, bool] = {
            "sight": s.show_sight_line,
            "three_nine": s.show_three_nine,
            "circles": s.show_turn_circles,
            "gun": s.show_gun_cone,
            "missile": s.show_missile_envelope,
            "control_zone": s.show_control_zone,
            "energy": s.show_energy,
            "time_ticks": s.show_time_ticks,
        }
        self.picked: str | None = s.instructor_target
        """The target picked with ``t`` (None: the nearest enemy)."""
        self.camera = camera
        self.label_parent = label_parent
        self.keep_clear: Callable[[], Sequence[ScreenBox]] | None = None
        """The HUD's panels in ``label_parent`` units, which the label avoids where it can."""
        self.annotation: Annotation | None = None
        """What is drawn now (None when no overlay is on or there is no target)."""
        self._frozen: tuple[dict[str, bool], bool] | None = None
        self._drawn_once = False
        """Whether the last update drew anything (else everything is hidden already)."""
        self._enemies: tuple[str, ...] = ()
        self.root = line_overlay_root(parent, "instructor")
        self.root.setBin("transparent", 2)
        self.root.setTwoSided(True)
        self.root.setRenderModeThickness(THICKNESS_PX)
        self.lines = self.root.attachNewNode(
            make_geom_node(
                "instructor-lines",
                np.zeros((LINE_SEGMENTS * 2, 3)),
                "lines",
                colours=np.zeros((LINE_SEGMENTS * 2, 4)),
                dynamic=True,
            )
        )
        unit_circle = self._unit_circle()
        self.circles = [unit_circle.copyTo(self.root) for _ in range(2)]
        self.disc = self._unit_disc()
        self.cone = self._unit_cone()
        self.envelope = MissileEnvelopeView(self.root, msl.RAYS)
        self.control_zone = ControlZoneView(self.root)
        self.time_ticks = TimeTicks(parent, label_parent, self.settings, camera)
        self.chart = EnergyChart(label_parent, energy) if energy is not None else None
        self._cards: dict[str, tuple[MissileCard, ...]] = {}
        self.label_node = TextNode("instructor-label")
        self._style_label()
        self.label = label_parent.attachNewNode(self.label_node)
        self.label_scale = LABEL_SCALE
        """The label's letter height now (smaller where the screen is crowded)."""
        self.label_clear = True
        """Whether the label's last place covers neither mini nor any panel."""
        self.label_beside = False
        """Whether that place is beside the sight line (not parked)."""
        self._off_panels = True
        self._parking: dict[tuple[object, ...], list[tuple[float, float, float, float]]] = {}
        self.label.setScale(LABEL_SCALE)
        self.label.setBin("fixed", 20)
        self.label.setDepthTest(False)
        self._hide_all()

    def screen_parts(self) -> dict[str, NodePath]:
        """The 2D parts this layer puts on screen, by name (for layout checks)."""
        parts = {"instructor-label": self.label}
        if self.chart is not None:
            parts["energy-chart"] = self.chart.root
        return parts

    # -- building the unit shapes --------------------------------------------------------
    def _unit_circle(self) -> NodePath:
        angles = np.linspace(0.0, 2.0 * math.pi, CIRCLE_SEGMENTS, endpoint=False)
        points = np.stack([np.cos(angles), np.sin(angles), np.zeros_like(angles)], axis=1)
        index = np.arange(CIRCLE_SEGMENTS)
        pairs = np.stack([index, (index + 1) % CIRCLE_SEGMENTS], axis=1)
        node = make_geom_node(
            "turn-circle", points, "lines", indices=pairs, colours=np.ones((len(points), 4))
        )
        path = NodePath(node)
        path.setRenderModeThickness(2.0)
        return path

    def _unit_disc(self) -> NodePath:
        vertices, colours, indices = disc_triangles(
            [0.0, 1.0], np.array([DISC_COLOUR, DISC_COLOUR]), 64
        )
        disc = self.root.attachNewNode("plane-of-motion")
        disc.attachNewNode(
            make_geom_node("disc", vertices, "triangles", indices=indices, colours=colours)
        )
        rim = self._unit_circle().copyTo(disc)
        rim.setColor(*DISC_COLOUR[:3], 0.6)
        return disc

    def _unit_cone(self) -> NodePath:
        """The gun cone along +y (the nose), rims at the zone's two ranges."""
        half = math.tan(math.radians(bfm.GUN_HALF_ANGLE_DEG))
        angles = np.linspace(0.0, 2.0 * math.pi, CONE_SEGMENTS, endpoint=False)
        rims = []
        for range_ft in (bfm.GUN_MIN_FT, bfm.GUN_MAX_FT):
            r = range_ft * half
            rims.append(
                np.stack(
                    [r * np.cos(angles), np.full_like(angles, range_ft), r * np.sin(angles)], 1
                )
            )
        points = np.concatenate(rims)
        index = np.arange(CONE_SEGMENTS)
        pairs = [
            np.stack(
                [index + k * CONE_SEGMENTS, (index + 1) % CONE_SEGMENTS + k * CONE_SEGMENTS], 1
            )
            for k in (0, 1)
        ]
        generators = np.stack([index[::3], index[::3] + CONE_SEGMENTS], axis=1)
        node = make_geom_node(
            "gun-cone",
            points,
            "lines",
            indices=np.concatenate([*pairs, generators]),
            colours=np.ones((len(points), 4)),
        )
        cone = self.root.attachNewNode(node)
        cone.setRenderModeThickness(2.0)
        return cone

    def _style_label(self) -> None:
        from sim.view.hud.panels import hud_font

        text = self.label_node
        text.setFont(hud_font())
        text.setAlign(TextNode.ACenter)
        text.setTextColor(1.0, 1.0, 1.0, 1.0)
        text.setCardColor(*CARD_COLOUR)
        text.setCardAsMargin(0.5, 0.5, 0.3, 0.25)
        text.setCardDecal(True)

    # -- toggles ---------------------------------------------------------------------------
    @property
    def any_shown(self) -> bool:
        return any(self.shown.values())

    def toggle(self, overlay: str) -> bool:
        """Show or hide one overlay (one of :data:`OVERLAYS`); returns whether it is shown."""
        self.shown[overlay] = not self.shown[overlay]
        self._frozen = None
        return self.shown[overlay]

    def freeze_and_annotate(self, playback: Any) -> bool:
        """Pause and show every overlay; pressed again, put the overlays back as they were
        and resume if playback was running.  Returns whether the overlays are frozen on."""
        if self._frozen is not None:
            shown, was_playing = self._frozen
            self.shown = dict(shown)
            self._frozen = None
            if was_playing:
                playback.play()
            return False
        self._frozen = (dict(self.shown), bool(playback.playing))
        playback.pause()
        self.shown = dict.fromkeys(OVERLAYS, True)
        return True

    def cycle_target(self) -> str | None:
        """Pick the next enemy (by range, as last updated) as the target; returns it.  The
        padlock camera follows the same pick, so this works with every overlay off too."""
        enemies = self._enemies
        if not enemies:
            return self.picked
        current = bfm.chosen_target(enemies, self.picked)
        place = enemies.index(current) if current in enemies else -1
        self.picked = enemies[(place + 1) % len(enemies)]
        return self.picked

    # -- Layer -----------------------------------------------------------------------------
    def _hide_all(self) -> None:
        for path in (self.lines, *self.circles, self.disc, self.cone, self.label):
            path.hide()
        for view in (self.envelope, self.control_zone, self.time_ticks, self.chart):
            if view is not None:
                view.hide()

    def target_of(self, snapshot: Snapshot, own: EntityState) -> EntityState | None:
        """The picked target while it is an active enemy, else the nearest enemy."""
        self._enemies = bfm.enemies_by_range(snapshot.entities, own)
        chosen = bfm.chosen_target(self._enemies, self.picked)
        return None if chosen is None else snapshot.entity(chosen)

    def update(self, snapshot: Snapshot) -> None:
        own = snapshot.selected_state
        target = None
        if own is not None and own.active and own.kind == "aircraft":
            # Kept up to date with every overlay off, for ``t`` to step the padlock's target.
            self._enemies = bfm.enemies_by_range(snapshot.entities, own)
            if self.any_shown:
                target = self.target_of(snapshot, own)
        else:
            self._enemies = ()
        if own is None or target is None:
            if self._drawn_once:
                self._hide_all()
            self.annotation = None
            self._drawn_once = False
            return
        self._drawn_once = True
        hot = bfm.in_gun_cone(own, target)
        geometry = bfm.geometry(own, target)
        turn_s = snapshot.tick_s * snapshot.ticks_per_turn
        envelope = self.missile_envelope(own, target, turn_s) if self.shown["missile"] else None
        self.annotation = Annotation(
            own.id, target.id, geometry, hot, bfm.in_control_zone(geometry), envelope
        )
        scale = self.settings.mini_scale
        self._draw_lines(own, target, scale, hot)
        self._draw_circles(own, target)
        self._draw_disc(own, scale)
        self._draw_cone(own, hot)
        self.envelope.draw(envelope)
        if self.shown["control_zone"]:
            self.control_zone.draw(target, self.annotation.in_control_zone)
        else:
            self.control_zone.hide()
        if self.shown["time_ticks"]:
            self.time_ticks.draw(own, target, snapshot.t_s, turn_s)
        else:
            self.time_ticks.hide()
        if self.chart is not None:
            if self.shown["energy"]:
                self.chart.draw(own, target, snapshot.t_s, turn_s)
            else:
                self.chart.hide()
        self._draw_label(own, target)

    def missile_envelope(
        self, own: EntityState, target: EntityState, turn_s: float
    ) -> msl.MissileEnvelope | None:
        """The envelope of the selected aircraft's best missile against the target (see
        :func:`sim.missile_envelope.best_envelope`); None with no missile left."""
        weapons = own.text(bop.WEAPONS)  # none in rules without it: no envelope
        cards = self._cards.get(weapons)
        if cards is None:
            cards = msl.known_cards(msl.missiles_carried(weapons))
            self._cards[weapons] = cards
        if not cards:
            return None
        nose, right, _up = bfm.body_axes(own.quat_wxyz)
        target_fps = bfm.path_velocity_fps(target)
        return msl.best_envelope(
            [
                msl.envelope(
                    card,
                    own.position_ft,
                    nose,
                    right,
                    own.speed_kt,
                    target.position_ft,
                    target_fps,
                    turn_s,
                )
                for card in cards
            ]
        )

    def _draw_lines(self, own: EntityState, target: EntityState, scale: float, hot: bool) -> None:
        show_sight, show_nine = self.shown["sight"], self.shown["three_nine"]
        if not (show_sight or show_nine):
            self.lines.hide()
            return
        first, lift = straight_lines(own, target, scale)
        segments = np.concatenate([first, lift])
        colours = np.zeros((LINE_SEGMENTS, 4))
        if show_sight:
            colours[0] = CONE_HOT_COLOUR if hot else SIGHT_COLOUR
        if show_nine:
            colours[1] = THREE_NINE_COLOUR
            colours[2:] = LIFT_COLOUR
        array = self.lines.node().modifyGeom(0).modifyVertexData().modifyArray(0)
        view = np.frombuffer(memoryview(array), dtype=np.float32).reshape(-1, FLOATS_PER_VERTEX)
        view[:, 0:3] = segments.reshape(-1, 3)
        view[:, 3:7] = np.repeat(colours, 2, axis=0)
        self.lines.show()

    def _draw_circles(self, own: EntityState, target: EntityState) -> None:
        for path, state in zip(self.circles, (own, target), strict=True):
            circle = bfm.turn_circle(state) if self.shown["circles"] else None
            if circle is None:
                path.hide()
                continue
            tangent = np.cross(circle.normal, circle.radial)
            path.setMat(frame_matrix(circle.centre_ft, circle.radial, tangent, circle.radius_ft))
            r, g, b = side_colour(state.side)
            path.setColor(r + (1 - r) * LIGHTEN, g + (1 - g) * LIGHTEN, b + (1 - b) * LIGHTEN, 0.9)
            path.show()

    def _draw_disc(self, own: EntityState, scale: float) -> None:
        if not self.shown["three_nine"]:
            self.disc.hide()
            return
        velocity, lift = bfm.plane_of_motion(own)
        if not lift.any():
            self.disc.hide()
            return
        self.disc.setMat(frame_matrix(own.position_ft, velocity, lift, DISC_PER_SCALE_FT * scale))
        self.disc.show()

    def _draw_cone(self, own: EntityState, hot: bool) -> None:
        if not self.shown["gun"]:
            self.cone.hide()
            return
        self.cone.setPos(*own.position_ft)
        self.cone.setQuat(Quat(*own.quat_wxyz))
        self.cone.setColor(*(CONE_HOT_COLOUR if hot else CONE_COLOUR))
        self.cone.show()

    def _draw_label(self, own: EntityState, target: EntityState) -> None:
        labelled = self.shown["sight"] or self.shown["missile"] or self.shown["control_zone"]
        if not labelled or self.annotation is None:
            self.label.hide()
            return
        self.label_node.setText(self.annotation.text(own.callsign, target.callsign, self.shown))
        hot = self.annotation.hot(self.shown)
        self.label_node.setCardColor(*(CARD_HOT_COLOUR if hot else CARD_COLOUR))
        # Beside the sight line and clear of everything, full size if it can be, smaller on
        # a crowded screen; else in the clear elsewhere, the largest that is.
        tried = []
        for share in LABEL_SHRINK:
            self.label_scale = LABEL_SCALE * share
            place = self.label_position(own.position_ft, target.position_ft)
            tried.append((share, place, self.label_clear, self.label_beside, self._off_panels))
            if self.label_clear and self.label_beside:
                break
        share, place, clear, _beside, _off = next(
            (t for t in tried if t[2] and t[3]),
            next((t for t in tried if t[2]), next((t for t in tried if t[4]), tried[0])),
        )
        self.label_scale = LABEL_SCALE * share
        self.label_clear = clear
        self.label.setScale(self.label_scale)
        self.label.setPos(*place)
        self.label.show()

    def dock_chart_right(self, docked: bool, clear_of_x: float | None = None) -> None:
        """Put the energy chart where the HUD's layout left room for it (the place its node
        carries as the ``furball-hud-dock`` tag: x, z and scale), or, with no HUD, at the
        screen's right edge (``docked``), shrunk if need be to start right of
        ``clear_of_x``, or back at the top centre."""
        if self.chart is None:
            return
        root = self.chart.root
        x, z, scale = 0.0, 0.0, 1.0
        placed = root.getPythonTag(CHART_DOCK_TAG) if root.hasPythonTag(CHART_DOCK_TAG) else None
        if placed is not None:
            x, z, scale, plot_width = placed
            self.chart.set_plot_width(plot_width)
        elif docked:
            render2d = self.label_parent.getParent()
            right = self.label_parent.getRelativePoint(render2d, Point3(1, 0, 1)).x
            left, _, chart_right, top = CHART_PANEL
            if clear_of_x is not None:
                room = right - LABEL_MARGIN - (clear_of_x + LABEL_MARGIN)
                scale = min(1.0, max(CHART_MIN_SCALE, room / (chart_right - left)))
            # Scaled about aspect2d's origin, then moved to keep its top right corner.
            x = right - LABEL_MARGIN - scale * chart_right
            z = top * (1.0 - scale)
        if abs(root.getX() - x) > 1e-6 or abs(root.getZ() - z) > 1e-6:
            root.setPos(x, 0.0, z)
        if abs(root.getScale().x - scale) > 1e-6:
            root.setScale(scale)

    def chart_box(self) -> ScreenBox | None:
        """The energy chart's rectangle in ``label_parent`` units while it is shown."""
        if self.chart is None or not self.shown["energy"]:
            return None
        left, bottom, right, top = self.chart.panel
        root = self.chart.root
        low = self.label_parent.getRelativePoint(root, Point3(left, 0, bottom))
        high = self.label_parent.getRelativePoint(root, Point3(right, 0, top))
        return (low.x, high.x, low.z, high.z)

    def _on_screen(self, point_ft: npt.ArrayLike) -> tuple[float, float] | None:
        """A scene point's place in ``label_parent`` (x, z), or None when out of view."""
        if self.camera is None:
            return None
        x, y, z = (float(c) for c in np.asarray(point_ft, dtype=float))
        at = screen_point(self.camera, self.root, self.label_parent, (x, y, z))
        return None if at is None else (at.x, at.z)

    def _mini_on_screen(self, point_ft: npt.ArrayLike) -> tuple[float, float, float] | None:
        """Where a mini appears (x, z) and its radius on screen, or None out of view."""
        centre = self._on_screen(point_ft)
        if centre is None or self.camera is None:
            return None
        across = self.root.getRelativeVector(self.camera, Vec3(1, 0, 0))
        across.normalize()  # the top view's camera is scaled (ORTHO_UNIT_FT)
        radius_ft = MINI_RADIUS_PER_SCALE_FT * self.settings.mini_scale
        edge = self._on_screen(np.asarray(point_ft, dtype=float) + radius_ft * np.array(across))
        if edge is None:
            return (*centre, 0.0)
        return (*centre, math.hypot(edge[0] - centre[0], edge[1] - centre[1]))

    def label_position(
        self, own_ft: npt.ArrayLike, target_ft: npt.ArrayLike
    ) -> tuple[float, float, float]:
        """Where the label goes in ``label_parent``: beside the middle of the sight line on
        screen, on whichever side clears both minis and the HUD's panels nearest the line.
        Where no place beside the line is clear (or the line's middle is out of view, as in
        the cockpit) it parks in the clear place nearest :data:`LABEL_FALLBACK`. Always
        inside the screen, above the event log and below the clock and energy chart."""
        ceiling = math.inf
        chart = self.chart_box()
        if chart is not None and chart[2] > 0.0:  # a chart in the top half: stay under it
            ceiling = chart[2] - LABEL_UNDER_CHART
        fallback = (LABEL_FALLBACK[0], min(LABEL_FALLBACK[1], ceiling))
        if self.camera is None:
            self.label_clear, self.label_beside, self._off_panels = True, False, True
            return (fallback[0], 0.0, fallback[1])
        own = np.asarray(own_ft, dtype=float)
        target = np.asarray(target_ft, dtype=float)
        render2d = self.label_parent.getParent()
        low = self.label_parent.getRelativePoint(render2d, Point3(-1, 0, -1))
        high = self.label_parent.getRelativePoint(render2d, Point3(1, 0, 1))
        card = _card_box(self.label_node, self.label_scale)
        x_range = (low.x - card[0] + LABEL_MARGIN, high.x - card[1] - LABEL_MARGIN)
        # The HUD's panels, the ticker's and scrub bar's room among them, are avoided as
        # rectangles (``keep_clear``), so the label may go anywhere on screen.
        z_range = (low.z - card[2] + LABEL_MARGIN, high.z - card[3] - LABEL_MARGIN)
        z_range = (z_range[0], max(min(z_range[1], ceiling), z_range[0]))

        def clamped(x: float, z: float) -> tuple[float, float]:
            return min(max(x, x_range[0]), x_range[1]), min(max(z, z_range[0]), z_range[1])

        minis = [m for m in (self._mini_on_screen(own), self._mini_on_screen(target)) if m]
        panels = list(self.keep_clear()) if self.keep_clear is not None else []
        if chart is not None:
            panels.append(chart)
        middle = self._on_screen((own + target) / 2)
        # Candidates as (cost, x, z): beside the line first (cost = offset), then over its
        # middle, then parking places (cost 10 + distance from the fallback place).
        candidates: list[tuple[float, float, float]] = []
        if middle is not None:
            candidates += _beside(middle, minis, card)
            candidates.append((5.0, *middle))
        park = fallback
        # The parking places clear of the panels (and the least covered, should none be)
        # depend only on the panels and the card: found once for them.
        key = (tuple(panels), card, x_range, z_range, park)
        parking = self._parking.get(key)
        if parking is None:
            parking = _parking_places(panels, card, park, x_range, z_range)
            if len(self._parking) > 16:
                self._parking.clear()
            self._parking[key] = parking
        best: tuple[float, float, float, float, float] | None = None
        for cost, wanted_x, wanted_z in sorted(candidates):
            x, z = clamped(wanted_x, wanted_z)
            if math.hypot(x - wanted_x, z - wanted_z) > LABEL_STEP:
                continue  # the screen's edge would push it back over the line
            box = (x + card[0], x + card[1], z + card[2], z + card[3])
            covered = max((_covers(box, m) for m in minis), default=0.0)
            area = sum(_overlap_area(box, panel) for panel in panels)
            # (panel area covered, minis covered by, cost): the least is best; where no
            # place is clear of both, the label had rather cover a mini than a panel.
            score = (area, max(covered, 0.0), cost, x, z)
            if best is None or score < best:
                best = score
            if score[0] == 0.0 and area == 0.0:
                break  # clear of everything, and the cheapest such place
        if best is None or best[0] > 0.0 or best[1] > 0.0:
            for area, cost, x, z in parking:
                box = (x + card[0], x + card[1], z + card[2], z + card[3])
                covered = max((_covers(box, m) for m in minis), default=0.0)
                score = (area, max(covered, 0.0), cost, x, z)
                if best is None or score < best:
                    best = score
                if score[0] == 0.0 and area == 0.0:
                    break
        assert best is not None
        self.label_clear = best[0] == 0.0 and best[1] == 0.0
        self._off_panels = best[0] == 0.0
        self.label_beside = best[2] < 10.0
        return (best[3], 0.0, best[4])

    def destroy(self) -> None:
        for view in (self.envelope, self.control_zone, self.time_ticks, self.chart):
            if view is not None:
                view.destroy()
        self.root.removeNode()
        self.label.removeNode()
        self.annotation = None


def _beside(
    middle: tuple[float, float],
    minis: Sequence[tuple[float, float, float]],
    card: ScreenBox,
) -> list[tuple[float, float, float]]:
    """Label origins (cost, x, z) on both sides of the sight line through ``middle``, the
    card's centre stepping out along the line's normal on screen from just clear of it;
    the cost is the offset. None (an empty list) when the line's two ends are not both on
    screen."""
    if len(minis) < 2:
        return []
    (ax, az, _), (bx, bz, _) = minis
    length = math.hypot(bx - ax, bz - az)
    if length < 1e-6:
        return []
    normal = (-(bz - az) / length, (bx - ax) / length)
    # The card's reach along the normal, from its centre to its far edge.
    reach = abs(normal[0]) * (card[1] - card[0]) / 2 + abs(normal[1]) * (card[3] - card[2]) / 2
    centre = ((card[0] + card[1]) / 2, (card[2] + card[3]) / 2)
    found = []
    for side in (1.0, -1.0):
        offset = reach + LABEL_CLEARANCE
        while offset <= LABEL_MAX_OFFSET:
            x = middle[0] + side * normal[0] * offset - centre[0]
            z = middle[1] + side * normal[1] * offset - centre[1]
            found.append((offset, x, z))
            offset += LABEL_STEP
    return found


def _parking_places(
    panels: Sequence[ScreenBox],
    card: ScreenBox,
    park: tuple[float, float],
    x_range: tuple[float, float],
    z_range: tuple[float, float],
) -> list[tuple[float, float, float, float]]:
    """Parking places for the label's origin as (panel area covered, cost, x, z), the
    least covered and then the cheapest first: a grid over the screen and the places just
    clear of the panels' edges (in x and z from any two panels: the clear room between
    panels may be barely larger than the card), each at most once."""
    gap = 0.01
    width, height = card[1] - card[0], card[3] - card[2]
    xs = [x_range[0] + (x_range[1] - x_range[0]) * i / (LABEL_PARK_COLUMNS - 1)
          for i in range(LABEL_PARK_COLUMNS)]  # fmt: skip
    zs = [z_range[0] + (z_range[1] - z_range[0]) * j / (LABEL_PARK_ROWS - 1)
          for j in range(LABEL_PARK_ROWS)]  # fmt: skip
    for left, right, bottom, top in panels:
        xs += [right + gap - card[0], left - gap - width - card[0]]
        zs += [top + gap - card[2], bottom - gap - height - card[2]]
    xs = [x for x in xs if x_range[0] - 1e-9 <= x <= x_range[1] + 1e-9]
    zs = [z for z in zs if z_range[0] - 1e-9 <= z <= z_range[1] + 1e-9]
    places = [(0.0, 10.0, *park)] if x_range[0] <= park[0] <= x_range[1] else []
    for x in sorted(set(xs)):
        for z in sorted(set(zs)):
            places.append((0.0, 10.0 + math.hypot(x - park[0], z - park[1]), x, z))
    found = []
    for _area, cost, x, z in places:
        box = (x + card[0], x + card[1], z + card[2], z + card[3])
        found.append((sum(_overlap_area(box, panel) for panel in panels), cost, x, z))
    found.sort()
    clear = [place for place in found if place[0] == 0.0]
    return clear or found[:24]


def _card_box(text: TextNode, scale: float = LABEL_SCALE) -> ScreenBox:
    """The label card's left, right, bottom and top edges relative to the label's origin,
    in ``label_parent`` units (the text's frame scaled, plus the card's margins)."""
    left, right, bottom, top = text.getCardActual()
    return (left * scale, right * scale, bottom * scale, top * scale)


def _overlap_area(a: ScreenBox, b: ScreenBox) -> float:
    """The area two rectangles (left, right, bottom, top) share."""
    width = min(a[1], b[1]) - max(a[0], b[0])
    height = min(a[3], b[3]) - max(a[2], b[2])
    return width * height if width > 0 and height > 0 else 0.0


def _covers(box: ScreenBox, mini: tuple[float, float, float]) -> float:
    """How far the card reaches into a mini's disc (x, z, radius); 0 when clear. A card over
    the mini's centre always covers it, even where its radius could not be measured."""
    gap = _box_gap(box, mini[0], mini[1])
    return max(mini[2] - gap, MINI_CENTRE_COVERED if gap == 0.0 else 0.0)


def _box_gap(box: ScreenBox, x: float, z: float) -> float:
    """How far the point (x, z) lies outside the box (left, right, bottom, top); 0 inside."""
    dx = max(box[0] - x, 0.0, x - box[1])
    dz = max(box[2] - z, 0.0, z - box[3])
    return math.hypot(dx, dz)
