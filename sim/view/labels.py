"""Labels beside every aircraft and missile, drawn in screen space at a fixed pixel size.

Each frame every active entity's position is projected through the camera's lens onto
``overlay`` (aspect2d), so a label reads the same a mile or fifty miles away.  An aircraft's
label is its callsign in its side's colour, or on demand (``cycle``) the callsign over its
type, altitude in feet and speed in knots; a missile's is its type and the callsign of the
aircraft it was launched at; an aircraft shot down keeps a grey ``shot down`` label where it
fell.  Labels do not overlap each other, other entities' marks or the HUD panels: in
priority order (the selected aircraft, its target, then by distance from the camera) each
takes the first free place of eight around its mark, a crowded one drops to its short form
(the callsign), and one with no free place at all is hidden.  TextNodes are made once per
entity and their text is set only when it changes.

:class:`ScreenSpace` holds what the screen-space layers share: projection onto the overlay
and the size of a pixel there.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from panda3d.core import NodePath, Point3, TextNode

from models import bop_channels as bop
from sim.snapshot import EntityState, Snapshot
from sim.view.hud.panels import drawable
from sim.view.layer import ScreenBox, side_colour

LabelMode = Literal["callsign", "full", "off"]
LABEL_MODES: tuple[LabelMode, ...] = ("callsign", "full", "off")
LABEL_PX = 17.0
"""Height of a label's text line in pixels."""
GAP_PX = 9.0
"""Space between an entity's mark and its label."""
MARK_CLEAR_PX = 5.0
"""Labels keep this far (pixels) from the centre of every entity's mark."""
SHOT_DOWN_RGB = (0.72, 0.72, 0.72)
KEEP_CLEAR_PAD = 0.01
"""Labels keep this far (aspect2d units) from a HUD panel's edge."""


def label_rgb(side: str) -> tuple[float, float, float]:
    """The side colour lifted towards white, to read over the dark ground and sky."""
    r, g, b = side_colour(side)
    return (0.45 + 0.55 * r, 0.45 + 0.55 * g, 0.45 + 0.55 * b)


def overlaps(a: ScreenBox, b: ScreenBox) -> bool:
    """Whether two rectangles (left, right, bottom, top) share any area."""
    return a[0] < b[1] and b[0] < a[1] and a[2] < b[3] and b[2] < a[3]


class ScreenSpace:
    """Projection of scene points onto a 2D overlay through a camera, and pixel size there.

    ``height_px`` gives the window's height in pixels."""

    def __init__(
        self,
        camera: NodePath,
        scene: NodePath,
        overlay: NodePath,
        height_px: Callable[[], int],
    ) -> None:
        self.camera = camera
        self.scene = scene
        self.overlay = overlay
        self.height_px = height_px

    @property
    def pixel(self) -> float:
        """One pixel in overlay units: the overlay's height over the window's (aspect2d is
        two units tall on a landscape window, more on a portrait one)."""
        _left, _right, bottom, top = self.extent()
        return (top - bottom) / max(int(self.height_px()), 1)

    def project(self, point: tuple[float, float, float]) -> tuple[float, float] | None:
        """Where ``point`` shows on the overlay, or None behind the camera or off the film."""
        from panda3d.core import Point2

        lens = self.camera.node().getLens()
        local = self.camera.getRelativePoint(self.scene, Point3(*point))
        film = Point2()
        if not lens.project(local, film):
            return None
        render2d = self.overlay.getParent()
        at = self.overlay.getRelativePoint(render2d, Point3(film.x, 0.0, film.y))
        return (at.x, at.z)

    def camera_local(self, point: tuple[float, float, float]) -> Point3:
        """``point`` in the camera's frame: x right, y ahead, z up."""
        return self.camera.getRelativePoint(self.scene, Point3(*point))

    def extent(self) -> ScreenBox:
        """The overlay's visible rectangle (left, right, bottom, top)."""
        render2d = self.overlay.getParent()
        low = self.overlay.getRelativePoint(render2d, Point3(-1, 0, -1))
        high = self.overlay.getRelativePoint(render2d, Point3(1, 0, 1))
        return (low.x, high.x, low.z, high.z)


def make_text(
    parent: NodePath, name: str, align: int = TextNode.ALeft
) -> tuple[TextNode, NodePath]:
    """A screen label's TextNode: the HUD font, a dark shadow, drawn over the scene."""
    from sim.view.hud.panels import hud_font

    node = TextNode(name)
    node.setFont(hud_font())
    node.setAlign(align)
    node.setShadow(0.06, 0.06)
    node.setShadowColor(0.0, 0.0, 0.0, 0.85)
    path = parent.attachNewNode(node)
    path.setBin("fixed", 6)
    path.setDepthTest(False)
    path.setDepthWrite(False)
    return node, path


@dataclass
class _Label:
    long: TextNode
    long_path: NodePath
    short: TextNode
    short_path: NodePath
    texts: tuple[str, str] = ("", "")
    colour: tuple[float, float, float] = (1.0, 1.0, 1.0)
    frames: tuple[tuple[float, float, float, float, float], ...] = ()
    """Each form's text frame (left, right, bottom, top) and line height, in text units:
    measured once when the text changes."""
    shown: NodePath | None = None
    """The form on screen now, None when hidden."""


def _set(node: TextNode, text: str) -> None:
    text = drawable(text)
    if node.getText() != text:
        node.setText(text)


def aircraft_text(state: EntityState, mode: LabelMode) -> tuple[str, str]:
    """(long, short) label text of an aircraft."""
    if not state.active:
        text = f"{state.callsign} - shot down"
        return text, text
    if mode == "full":
        long = f"{state.callsign}\n{state.type_id}  {state.alt_ft:,.0f} ft  {state.speed_kt:.0f} kt"
        return long, state.callsign
    return state.callsign, state.callsign


def missile_text(state: EntityState, target: str | None) -> tuple[str, str]:
    """(long, short) label text of a missile: type and the callsign of its target."""
    if target:
        return f"{state.type_id} > {target}", state.type_id
    return state.type_id, state.type_id


def is_shot_down(state: EntityState) -> bool:
    return (
        state.kind == "aircraft"
        and not state.active
        and state.text(bop.DAMAGE).startswith("destroyed")
    )


class EntityLabels:
    """A fixed-size screen label beside every aircraft and missile (see the module doc).

    ``missile_targets`` maps a missile's id to its target's id (from the launch events);
    ``keep_clear`` gives rectangles (overlay units) labels must stay off, the HUD panels."""

    def __init__(
        self,
        screen: ScreenSpace,
        missile_targets: Mapping[str, str] | None = None,
        mode: LabelMode = "callsign",
    ) -> None:
        self.screen = screen
        self.root = screen.overlay.attachNewNode("entity-labels")
        self.missile_targets = dict(missile_targets or {})
        self.mode: LabelMode = mode
        self.keep_clear: Callable[[], Sequence[ScreenBox]] | None = None
        self.skip: str | None = None
        """An entity not to label (the selected aircraft in the chase, cockpit and
        padlock cameras, whose mini fills the screen and whose name the HUD already shows)."""
        self.mark_px: dict[str, float] = {}
        """Entities drawn with a larger mark (a target box): their half width in pixels, so
        the label goes beside the mark rather than over it."""
        self.also_taken: Sequence[ScreenBox] = ()
        """Rectangles other screen layers took this frame (a target box's range)."""
        self.labels: dict[str, _Label] = {}
        self.placed: dict[str, ScreenBox] = {}
        """Each shown label's rectangle this frame, by entity id (for tests and layout)."""
        if mode == "off":
            self.root.hide()

    def cycle(self) -> LabelMode:
        """Callsign, then callsign with type, altitude and speed, then none."""
        self.mode = LABEL_MODES[(LABEL_MODES.index(self.mode) + 1) % len(LABEL_MODES)]
        if self.mode == "off":
            self.root.hide()
        else:
            self.root.show()
        return self.mode

    def _label(self, entity_id: str) -> _Label:
        label = self.labels.get(entity_id)
        if label is None:
            long, long_path = make_text(self.root, f"label-{entity_id}")
            short, short_path = make_text(self.root, f"label-short-{entity_id}")
            long_path.hide()
            short_path.hide()
            label = _Label(long, long_path, short, short_path)
            self.labels[entity_id] = label
        return label

    def _order(self, snapshot: Snapshot) -> list[EntityState]:
        """Entities to label, most important first: the selected aircraft, its targets,
        the other aircraft (and balloons) nearest the camera first, then missiles; ground
        units carry their own labels on the table (:mod:`sim.view.ground_units`)."""
        selected = snapshot.selected_state
        wanted = (
            set(selected.ids(bop.TRACKS)) | set(selected.ids(bop.IR_LOCK))
            if selected is not None
            else set()
        )
        camera = self.screen.camera.getPos(self.screen.scene)

        def rank(state: EntityState) -> tuple[int, float]:
            x, y, z = state.position_ft
            distance = (x - camera.x) ** 2 + (y - camera.y) ** 2 + (z - camera.z) ** 2
            if state.id == snapshot.selected:
                return (0, 0.0)
            if state.kind == "missile":
                return (3, distance)
            return (1 if state.id in wanted else 2, distance)

        shown = [
            s for s in snapshot.entities if (s.active or is_shot_down(s)) and s.kind != "ground"
        ]
        return sorted(shown, key=rank)

    def update(self, snapshot: Snapshot) -> None:
        self.placed = {}
        if self.mode == "off":
            return
        callsigns = {s.id: s.callsign for s in snapshot.entities}
        pixel = self.screen.pixel
        scale = LABEL_PX * pixel
        gap = GAP_PX * pixel
        taken: list[ScreenBox] = list(self.also_taken)
        if self.keep_clear is not None:
            pad = KEEP_CLEAR_PAD
            taken += [(b[0] - pad, b[1] + pad, b[2] - pad, b[3] + pad) for b in self.keep_clear()]
        extent = self.screen.extent()
        seen: set[str] = set()
        order = self._order(snapshot)
        project = self.screen.project
        marks = [project(s.position_ft) if s.id != self.skip else None for s in order]
        # Labels stay off every other entity's mark too (its own sits a gap away).
        half = MARK_CLEAR_PX * pixel
        taken += [(m[0] - half, m[0] + half, m[1] - half, m[1] + half) for m in marks if m]
        for state, at in zip(order, marks, strict=True):
            seen.add(state.id)
            label = self._label(state.id)
            if at is None:
                self._hide(label)
                continue
            if state.kind == "missile":
                tracks = state.ids(bop.TRACKS)
                target = self.missile_targets.get(state.id) or (tracks[0] if tracks else None)
                texts = missile_text(state, callsigns.get(target) if target else None)
                colour = label_rgb(state.side)
            else:
                texts = aircraft_text(state, self.mode)
                colour = SHOT_DOWN_RGB if not state.active else label_rgb(state.side)
            if texts != label.texts:
                _set(label.long, texts[0])
                _set(label.short, texts[1])
                label.texts = texts
                label.frames = tuple(
                    (*node.getFrameActual(), node.getLineHeight())
                    for node in (label.long, label.short)
                )
            if colour != label.colour:
                label.long.setTextColor(*colour, 1.0)
                label.short.setTextColor(*colour, 1.0)
                label.colour = colour
            mark = self.mark_px.get(state.id)
            box = self._place(
                label, at, scale, gap if mark is None else mark * pixel + gap / 2, taken, extent
            )
            if box is None:
                continue
            taken.append(box)
            self.placed[state.id] = box
        for entity_id, label in self.labels.items():
            if entity_id not in seen:
                self._hide(label)

    def _place(
        self,
        label: _Label,
        at: tuple[float, float],
        scale: float,
        gap: float,
        taken: Sequence[ScreenBox],
        extent: ScreenBox,
    ) -> ScreenBox | None:
        """Put the label at the first free place beside ``at``: its long form, then its
        short one; hide it where neither fits. Returns its rectangle when shown."""
        x, z = at
        forms = [(label.frames[0], label.long_path, label.short_path)]
        if label.texts[1] != label.texts[0]:
            forms.append((label.frames[1], label.short_path, label.long_path))
        for (left, right, bottom, top, line), path, other in forms:
            width, height = (right - left) * scale, (top - bottom) * scale
            first_line = line * scale
            # The label's first line is centred on the mark's height, to its right first.
            beside = z + first_line * 0.5 - height
            places = (
                (x + gap, beside),  # right
                (x - gap - width, beside),  # left
                (x - width / 2, z + gap),  # above
                (x - width / 2, z - gap - height),  # below
                (x + gap, beside + height + gap / 3),  # up and to the right
                (x + gap, beside - height - gap / 3),  # down and to the right
                (x - gap - width, beside + height + gap / 3),
                (x - gap - width, beside - height - gap / 3),
            )
            for px, pz in places:
                box = (px, px + width, pz, pz + height)
                if box[0] < extent[0] or box[1] > extent[1]:
                    continue
                if box[2] < extent[2] or box[3] > extent[3]:
                    continue
                if any(overlaps(box, other_box) for other_box in taken):
                    continue
                # The text's origin is at its frame's left edge, its top at ``top``.
                path.setPosHprScale(
                    px - left * scale, 0.0, pz + height - top * scale, 0, 0, 0, scale, scale, scale
                )
                if label.shown is not path:
                    path.show()
                    other.hide()
                    label.shown = path
                return box
        self._hide(label)
        return None

    @staticmethod
    def _hide(label: _Label) -> None:
        if label.shown is not None:
            label.long_path.hide()
            label.short_path.hide()
            label.shown = None

    def destroy(self) -> None:
        self.root.removeNode()
        self.labels.clear()
        self.placed = {}
