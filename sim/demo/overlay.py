"""What the demo draws over the replay: the title card, the vignette banner with its progress
bar, the auto-director's caption, the attract line and the viewer's note.

Sized to be read across a room: on a 1080p screen the title's letters are about 110 px
tall (an em), the briefing and captions 50 px, the smallest line 35 px, each on a dark
backing so it reads over sky and map alike.  Everything hangs from aspect2d (two units tall,
whatever the window) and only the text, visibility and the progress fill change per frame;
:meth:`DemoOverlay.set_vignette` rebuilds the texts and the bar once per vignette.
"""

from __future__ import annotations

from collections.abc import Sequence

from panda3d.core import CardMaker, NodePath, TextFont, TextNode

from models.playlist import Vignette
from sim.demo.director import Cue, Segment
from sim.view.hud.panels import AMBER, CAPTION, WHITE, Shapes, drawable, make_root
from sim.view.layer import ScreenBox, shown_box

BULLET = " \u2219 "
"""A separator the default font can draw."""
DIM = (0.01, 0.015, 0.03, 0.78)
"""The title card's veil over the frozen scene."""
BACKING = (0.02, 0.03, 0.05, 0.72)

TITLE_SCALE = 0.2
"""The title card's heading (an em is 108 px at 1080p)."""
BRIEFING_SCALE = 0.095
KICKER_SCALE = 0.068
BANNER_SCALE = 0.085
PHASE_SCALE = 0.068
CAPTION_SCALE = 0.09
ATTRACT_SCALE = 0.065
"""The smallest demo text: 35 px an em at 1080p."""

BANNER_HALF_WIDTH = 0.95
"""The banner fits between the HUD's top-left and top-right panels (aspect2d units)."""
BANNER_TOP = 0.84
BANNER_HEIGHT = 0.2
ATTRACT_Z = -0.92
VIEWER_NOTE_Z = 0.74
ATTRACT_TEXT = f"furball{BULLET}press any key or click to fly this replay yourself"
RESUME_WARNING_S = 10.0
"""In the viewer's last seconds before the loop resumes, say so."""

PHASE_COLOURS = {
    "title": (0.55, 0.62, 0.70, 0.9),
    "fight": (0.35, 0.75, 1.0, 1.0),
    "replay": (1.0, 0.72, 0.15, 1.0),
}

_FONT: list[TextFont] = []


def demo_font() -> TextFont:
    """The default font rendered at 160 pixels per unit, so the big title stays sharp."""
    if not _FONT:
        font = TextNode.getDefaultFont().makeCopy()
        font.setPixelsPerUnit(160)
        font.setPageSize(1024, 1024)
        _FONT.append(font)
    return _FONT[0]


def phase_label(cue: Cue) -> str:
    """What the banner says of the phase on screen."""
    return phase_label_of(cue.phase, cue.speed)


def phase_label_of(phase: str, speed: float) -> str:
    if phase == "replay":
        return f"KEY MOMENT{BULLET}{speed:g}x" if speed != 1 else "KEY MOMENT AGAIN"
    return "THE FIGHT" if phase == "fight" else "COMING UP"


class _Text:
    """A text node on a dark card, changed only when its text does."""

    def __init__(
        self,
        parent: NodePath,
        name: str,
        scale: float,
        colour: tuple[float, float, float, float] = WHITE,
        align: int = TextNode.ACenter,
        card: bool = True,
    ) -> None:
        self.text_node = TextNode(name)
        self.text_node.setFont(demo_font())
        self.text_node.setAlign(align)
        self.text_node.setTextColor(*colour)
        self.text_node.setShadow(0.05, 0.05)
        self.text_node.setShadowColor(0, 0, 0, 0.9)
        if card:
            self.text_node.setCardColor(*BACKING)
            self.text_node.setCardAsMargin(0.4, 0.4, 0.25, 0.15)
            self.text_node.setCardDecal(True)
        self.node = parent.attachNewNode(self.text_node)
        self.node.setScale(scale)
        self.scale = scale
        self._key: tuple[str, float | None, int] | None = None

    def set(self, text: str, width: float | None = None, max_lines: int = 1) -> None:
        """Show ``text``, wrapped to ``width`` aspect2d units (and shrunk if it needs more
        than ``max_lines`` lines)."""
        key = (text, width, max_lines)
        if key == self._key:
            return
        self._key = key
        node = self.text_node
        node.setText(drawable(text))
        if width is None:
            return
        scale = self.scale
        for _ in range(8):
            node.setWordwrap(width / scale)
            if node.getNumRows() <= max_lines:
                break
            scale *= 0.9
        self.node.setScale(scale)
        rows = node.getNumRows()
        if rows > 1:
            # Balance the lines: the narrowest wrap that still needs no more rows, so a
            # last line is not one orphaned word.
            low, high = width / scale / rows, width / scale
            for _ in range(12):
                middle = (low + high) / 2
                node.setWordwrap(middle)
                if node.getNumRows() > rows:
                    low = middle
                else:
                    high = middle
            node.setWordwrap(high)

    @property
    def width(self) -> float:
        """Width of the text in aspect2d units."""
        return float(self.text_node.getWidth() * self.node.getScale()[0])

    @property
    def rows(self) -> int:
        return int(self.text_node.getNumRows())


def _card(parent: NodePath, name: str, frame: Sequence[float], colour: Sequence[float]) -> NodePath:
    maker = CardMaker(name)
    maker.setFrame(*frame)
    node = parent.attachNewNode(maker.generate())
    node.setColor(*colour)
    return node


class TitleCard:
    """The vignette's title, the line that says what to watch for, and where in the loop."""

    def __init__(self, parent: NodePath) -> None:
        self.root = make_root(parent, "demo-title-card")
        self.root.setBin("fixed", 40)
        _card(self.root, "veil", (-8.0, 8.0, -1.0, 1.0), DIM)
        self.kicker = _Text(self.root, "kicker", KICKER_SCALE, CAPTION, card=False)
        self.title = _Text(self.root, "title", TITLE_SCALE, WHITE, card=False)
        self.rule_root = self.root.attachNewNode("rule")
        self.briefing = _Text(self.root, "briefing", BRIEFING_SCALE, WHITE, card=False)
        self.dots_root = self.root.attachNewNode("dots")

    def set(
        self, playlist_title: str, index: int, count: int, vignette: Vignette, aspect: float
    ) -> None:
        width = min(2 * aspect - 0.4, 3.3)
        self.kicker.set(f"{playlist_title}{BULLET}{index + 1} of {count}".upper(), width)
        self.title.set(vignette.title, width, max_lines=1)
        self.briefing.set(vignette.briefing, width * 0.92, max_lines=3)
        self.kicker.node.setZ(0.46)
        self.title.node.setZ(0.14)
        # The briefing's first line sits under the rule; further lines go down from there.
        self.briefing.node.setZ(-0.17)
        for child in self.rule_root.getChildren():
            child.removeNode()
        rule = Shapes()
        half = max(self.title.width / 2, 0.4)
        rule.rect(-half, 0.0, half, 0.014, AMBER)
        rule.attach(self.rule_root, "rule")
        self.rule_root.setZ(0.03)
        for child in self.dots_root.getChildren():
            child.removeNode()
        dots = Shapes()
        spacing = 0.075
        for i in range(count):
            x = (i - (count - 1) / 2) * spacing
            colour = AMBER if i == index else (0.55, 0.62, 0.70, 0.7)
            dots.disc((x, 0.0), 0.022 if i == index else 0.015, colour)
        dots.attach(self.dots_root, "dots")
        self.dots_root.setZ(0.6)

    def destroy(self) -> None:
        self.root.removeNode()


class Banner:
    """Top centre during the fight: vignette number and title, the phase, a progress bar in
    three parts (title card, fight, key moment)."""

    def __init__(self, parent: NodePath) -> None:
        self.root = make_root(parent, "demo-banner")
        self.root.setBin("fixed", 35)
        self.root.setZ(BANNER_TOP)
        self.static = self.root.attachNewNode("static")
        self.title = _Text(self.root, "title", BANNER_SCALE, WHITE, TextNode.ALeft, card=False)
        self.phase = _Text(self.root, "phase", PHASE_SCALE, AMBER, TextNode.ARight, card=False)
        self.fill = _card(self.root, "fill", (0.0, 1.0, -0.165, -0.145), (1, 1, 1, 0.95))
        self.half = BANNER_HALF_WIDTH
        self.height = BANNER_HEIGHT
        self._bar_from = 0.0
        self._bar_width = 1.0

    def set(
        self,
        index: int,
        count: int,
        vignette: Vignette,
        segments: Sequence[Segment],
        aspect: float,
    ) -> None:
        """Lay the banner out for a vignette, as wide as the HUD's top panels leave room."""
        half = self.half = banner_half_width(aspect)
        self._bar_from, self._bar_width = -half + 0.05, 2 * half - 0.1
        title = f"{index + 1}/{count}   {vignette.title}"
        # One row (title left, phase right) when the title fits beside the longest phase
        # label at its own size; otherwise the phase goes on a row of its own.
        labels = [phase_label_of(s.phase, s.speed) for s in segments]
        phase_width = max(self.phase.text_node.calcWidth(label) for label in labels) * PHASE_SCALE
        title_width = self.title.text_node.calcWidth(drawable(title)) * BANNER_SCALE
        one_row = title_width + phase_width + 0.08 <= self._bar_width
        height = self.height = BANNER_HEIGHT if one_row else BANNER_HEIGHT + PHASE_SCALE * 1.2
        bar_top = -height + 0.055
        for child in self.static.getChildren():
            child.removeNode()
        shapes = Shapes()
        shapes.rounded_rect(-half, -height, half, 0.0, 0.03, BACKING)
        total = sum(s.length_s for s in segments)
        x = self._bar_from
        for segment in segments:
            width = self._bar_width * segment.length_s / total
            r, g, b, _ = PHASE_COLOURS[segment.phase]
            shapes.rect(x, bar_top - 0.02, x + width - 0.012, bar_top, (r, g, b, 0.35))
            x += width
        shapes.attach(self.static, "banner")
        self.fill.setPos(self._bar_from, 0, bar_top + 0.145)
        self.title.node.setPos(-half + 0.05, 0, -0.09)
        if one_row:
            self.phase.node.setPos(half - 0.05, 0, -0.09)
            self.title.set(title, self._bar_width - phase_width - 0.08, max_lines=1)
        else:
            self.phase.node.setPos(half - 0.05, 0, -0.09 - PHASE_SCALE * 1.2)
            self.title.set(title, self._bar_width, max_lines=1)

    def update(self, cue: Cue) -> None:
        self.phase.set(phase_label(cue))
        r, g, b, _ = PHASE_COLOURS[cue.phase]
        self.fill.setColor(r, g, b, 1.0)
        self.fill.setSx(max(self._bar_width * cue.vignette_fraction, 1e-4))

    def destroy(self) -> None:
        self.root.removeNode()


def banner_half_width(aspect: float) -> float:
    """Half the banner's width: between the HUD's top-left and top-right panels (which hang
    from the screen's corners, about 0.75 units wide), at most :data:`BANNER_HALF_WIDTH`."""
    return min(BANNER_HALF_WIDTH, max(0.5, aspect - 0.8))


class DemoOverlay:
    """The demo's 2D layer: title card, banner, caption, attract line and viewer note."""

    def __init__(self, aspect2d: NodePath, playlist_title: str, count: int) -> None:
        self.root = make_root(aspect2d, "furball-demo-overlay")
        self.playlist_title = playlist_title
        self.count = count
        self.title_card = TitleCard(self.root)
        self.banner = Banner(self.root)
        self.caption = _Text(self.root, "caption", CAPTION_SCALE, WHITE)
        self.caption.node.setBin("fixed", 36)
        self.attract = _Text(self.root, "attract", ATTRACT_SCALE, CAPTION)
        self.attract.set(ATTRACT_TEXT)
        self.attract.node.setZ(ATTRACT_Z)
        self.attract.node.setBin("fixed", 45)
        self.viewer_note = _Text(self.root, "viewer", ATTRACT_SCALE, WHITE)
        self.viewer_note.node.setZ(VIEWER_NOTE_Z)
        self._vignette: tuple[int, Vignette] | None = None
        self._segments: tuple[Segment, ...] = ()
        self._aspect = 0.0
        self._boxes: tuple[tuple[object, ...], list[ScreenBox]] | None = None

    def set_vignette(
        self, index: int, vignette: Vignette, segments: Sequence[Segment], aspect: float
    ) -> None:
        self._vignette = (index, vignette)
        self._aspect = aspect
        self._segments = tuple(segments)
        self._layout(aspect)

    def _layout(self, aspect: float) -> None:
        assert self._vignette is not None
        index, vignette = self._vignette
        self._aspect = aspect
        self.title_card.set(self.playlist_title, index, self.count, vignette, aspect)
        self.banner.set(index, self.count, vignette, self._segments, aspect)
        # Between the throttle (bottom left) and the PHAD (bottom right).
        self.attract.set(ATTRACT_TEXT, max(2 * aspect - 1.75, 1.0), max_lines=2)
        rows = self.attract.rows
        self.attract.node.setZ(ATTRACT_Z + (rows - 1) * self.attract.node.getScale()[2] * 1.2)
        # The caption hangs under the banner, however tall the banner is.
        self.caption.node.setZ(BANNER_TOP - self.banner.height - 0.04 - CAPTION_SCALE * 0.9)

    @property
    def leaves_ticker_room(self) -> bool:
        """Whether the attract line fits on one row, clear of the HUD's event ticker (on a
        narrow screen it takes two, and the loop hides the ticker)."""
        return self.attract.rows <= 1

    def update(self, cue: Cue, caption: str, aspect: float) -> None:
        """Show what the cue calls for; ``caption`` is the auto-director's line ("" none)."""
        if self._vignette is not None and abs(aspect - self._aspect) > 1e-3:
            self._layout(aspect)
        attract = cue.mode == "attract"
        title = attract and cue.phase == "title"
        fight = attract and not title
        _shown(self.title_card.root, title)
        _shown(self.banner.root, fight)
        _shown(self.attract.node, attract)
        if fight:
            self.banner.update(cue)
        self.caption.set(caption, 2 * self.banner.half - 0.1, max_lines=2)
        _shown(self.caption.node, fight and bool(caption))
        _shown(self.viewer_note.node, not attract)
        if not attract:
            self.viewer_note.set(viewer_text(cue.resume_in_s))

    def panel_boxes(self, relative_to: NodePath) -> list[ScreenBox]:
        """The banner, caption and attract line now shown, as rectangles (left, right,
        bottom, top) in ``relative_to``'s units: where the instructor label should not go.
        Measured again only when what is shown, the caption or the screen's shape change."""
        parts = (self.banner.root, self.caption.node, self.attract.node)
        key = (
            tuple(not part.isHidden() for part in parts),
            self.caption.text_node.getText(),
            self._vignette[0] if self._vignette is not None else -1,  # its banner's rows
            round(self._aspect, 4),
        )
        if self._boxes is not None and self._boxes[0] == key:
            return self._boxes[1]
        boxes = [box for part in parts if (box := shown_box(part, relative_to))]
        self._boxes = (key, boxes)
        return boxes

    def destroy(self) -> None:
        self.title_card.destroy()
        self.banner.destroy()
        self.root.removeNode()


def viewer_text(resume_in_s: float) -> str:
    """The note while a viewer has the controls; a countdown before the loop resumes."""
    if resume_in_s <= RESUME_WARNING_S:
        return f"The demo resumes in {max(1, round(resume_in_s))} s{BULLET}press any key to stay"
    return f"You have the controls{BULLET}h for help{BULLET}esc returns to the demo"


def _shown(node: NodePath, shown: bool) -> None:
    if shown and node.isHidden():
        node.show()
    elif not shown and not node.isHidden():
        node.hide()
