"""Playback controls drawn over the scene: the scrub bar and the key help overlay.

The scrub bar runs along the bottom of the screen with a tick for every game-turn, a mark for
every event and the playback position; clicking it seeks (the app turns a click into
``Playback.seek_fraction``).  ``h`` toggles the help overlay listing the key and mouse
bindings.
"""

from __future__ import annotations

from typing import Any

from sim.snapshot import Snapshot

BAR_LEFT, BAR_RIGHT, BAR_Z = -0.95, 0.95, 0.06
"""Bar extent in the bottom-centre anchor's units (aspect2d, scaled by the window aspect)."""
BAR_CLEAR_OF_RIGHT = 16 / 9 - BAR_RIGHT
"""The bar ends at least this far left of the screen's right edge (the compact HUD's PHAD
sits there), as it does at 16:9, shrinking on narrower screens..."""
BAR_MIN_SCALE = 0.5
"""...to no less than this share of its width (4:3 needs 0.53)."""

HELP_TEXT_SCALE = 0.045
"""Letter height of the help text, aspect2d units (24 px at 1080p)."""

HELP_COLUMN_GAP = 1.2
"""Space between the key column and the description column, in letter heights."""

HELP_LINES: tuple[tuple[str, str], ...] = (
    ("space", "play / pause"),
    ("left / right", "step one tick back / forward"),
    ("[ / ]", "step one game-turn back / forward"),
    ("up / down", "faster / slower (0.1x to 16x)"),
    ("home", "back to the start"),
    ("l", "loop on / off"),
    ("tab", "select the next aircraft"),
    ("1 2 3 4 5", "camera: orbit, chase, cockpit, top-down, table"),
    ("a", "awareness lines: who has spotted whom"),
    ("r", "radar scan arc (top-down and table cameras)"),
    ("s", "instructor: sight line with AA / ATA / HCA / range / Vc"),
    ("9", "instructor: target's 3/9 line, own lift and plane of motion"),
    ("c", "instructor: turn circles at the present load"),
    ("g", "instructor: gun cone (green on target)"),
    ("m", "instructor: missile launch envelope (green in range)"),
    ("z", "instructor: target's control zone (green when in it)"),
    ("e", "instructor: energy strip chart, Es and Ps of the pair"),
    ("p", "instructor: time ticks on both trails, joined"),
    ("t", "instructor: next target (nearest enemy first)"),
    ("f", "freeze and annotate: pause, all instructor overlays on"),
    ("mouse drag", "orbit the camera"),
    ("mouse wheel", "zoom the orbit camera"),
    ("click the bar", "jump to that time"),
    ("h", "show / hide this help"),
    ("esc", "quit"),
)
DEMO_QUIT_LINES: tuple[tuple[str, str], ...] = (
    ("esc", "back to the demo loop"),
    ("ctrl-q", "quit the demo"),
)
"""In the convention demo esc hands the screen back to the loop instead of quitting."""


def _quad(
    parent: Any,
    name: str,
    left: float,
    right: float,
    bottom: float,
    top: float,
    colour: tuple[float, float, float, float],
) -> Any:
    from panda3d.core import CardMaker

    maker = CardMaker(name)
    maker.setFrame(left, right, bottom, top)
    node = parent.attachNewNode(maker.generate())
    node.setColor(*colour)
    if colour[3] < 1:
        node.setTransparency(True)
    return node


class ScrubBar:
    """A time bar with game-turn ticks, event marks and the playback position."""

    def __init__(
        self, parent: Any, duration_s: float, turn_s: float, event_times_s: tuple[float, ...]
    ) -> None:
        from panda3d.core import TextNode

        self.root = parent.attachNewNode("furball-scrub-bar")
        self.duration_s = max(duration_s, 1e-6)
        marks = self.root.attachNewNode("static")
        _quad(
            marks,
            "track",
            BAR_LEFT,
            BAR_RIGHT,
            BAR_Z - 0.012,
            BAR_Z + 0.012,
            (0.05, 0.06, 0.08, 0.75),
        )
        turns = int(self.duration_s / turn_s + 1e-6)
        for turn in range(turns + 1):
            x = self.x_at(turn * turn_s)
            _quad(
                marks,
                "turn-tick",
                x - 0.0015,
                x + 0.0015,
                BAR_Z - 0.022,
                BAR_Z + 0.022,
                (0.85, 0.85, 0.85, 1),
            )
        for t_s in sorted(set(event_times_s)):
            x = self.x_at(t_s)
            _quad(
                marks,
                "event-mark",
                x - 0.004,
                x + 0.004,
                BAR_Z + 0.014,
                BAR_Z + 0.034,
                (1.0, 0.72, 0.1, 1),
            )
        marks.flattenStrong()  # one node for the track, ticks and marks: they never move
        self.played = _quad(
            self.root, "played", 0, 1, BAR_Z - 0.006, BAR_Z + 0.006, (0.35, 0.75, 1.0, 1)
        )
        self.head = _quad(
            self.root, "head", -0.008, 0.008, BAR_Z - 0.03, BAR_Z + 0.03, (1, 1, 1, 1)
        )
        self.label = TextNode("furball-speed")
        self.label.setAlign(TextNode.ARight)
        self.label.setTextColor(1, 1, 1, 1)
        self.label.setShadow(0.05, 0.05)
        self.label_node = self.root.attachNewNode(self.label)
        self.label_node.setScale(0.032)
        self.label_node.setPos(BAR_RIGHT, 0, BAR_Z + 0.04)
        self._shown: tuple[int, bool, float] | None = None
        self.width_scale = 1.0

    def fit(self, aspect: float) -> None:
        """Shrink the bar's width on a screen narrower than 16:9 so it ends clear of the
        PHAD at the bottom right (the label keeps its own proportions)."""
        scale = min(1.0, max(BAR_MIN_SCALE, (aspect - BAR_CLEAR_OF_RIGHT) / BAR_RIGHT))
        if abs(scale - self.width_scale) > 1e-4:
            self.width_scale = scale
            self.root.setSx(scale)
            self.label_node.setSx(0.032 / scale)

    def x_at(self, t_s: float) -> float:
        """Bar x for a time."""
        u = min(max(t_s / self.duration_s, 0.0), 1.0)
        return BAR_LEFT + (BAR_RIGHT - BAR_LEFT) * u

    def fraction_at(self, x: float) -> float:
        """The time fraction under a bar x (for clicks)."""
        return min(max((x - BAR_LEFT) / (BAR_RIGHT - BAR_LEFT), 0.0), 1.0)

    def update(self, snapshot: Snapshot) -> None:
        x = self.x_at(snapshot.t_s)
        self.head.setX(x)
        self.played.setSx(max(x - BAR_LEFT, 1e-4))
        self.played.setX(BAR_LEFT)
        key = (int(snapshot.t_s * 10), snapshot.playing, snapshot.speed)
        if key != self._shown:
            self._shown = key
            state = "playing" if snapshot.playing else "paused"
            self.label.setText(f"{state} {snapshot.speed:g}x   h: help")

    def destroy(self) -> None:
        self.root.removeNode()


class HelpOverlay:
    """The key and mouse bindings, shown with ``h``."""

    def __init__(self, parent: Any) -> None:
        self.root = parent.attachNewNode("furball-help")
        # Over the HUD (its panels sort at 10 in the fixed bin), whatever the node order.
        self.root.setBin("fixed", 30)
        self.root.setDepthTest(False)
        self.root.setDepthWrite(False)
        self.lines = HELP_LINES
        self._content: Any = None
        self.columns: tuple[Any, Any] | None = None
        """The key column's and the description column's text nodes."""
        self._build()
        self.root.hide()

    def set_demo(self, demo: bool) -> None:
        """List the demo's esc and ctrl-q instead of the replay's esc (quit)."""
        lines = HELP_LINES[:-1] + DEMO_QUIT_LINES if demo else HELP_LINES
        if lines != self.lines:
            self.lines = lines
            self._build()

    def _build(self) -> None:
        from panda3d.core import TextNode

        if self._content is not None:
            self._content.removeNode()
        self._content = self.root.attachNewNode("content")
        font = TextNode.getDefaultFont()

        def column(name: str, text: str) -> Any:
            node = TextNode(name)
            node.setFont(font)
            node.setTextColor(1, 1, 1, 1)
            node.setText(text)
            return node

        # The keys and what they do are two text nodes, the second starting where the
        # widest key ends: the font is proportional, so padding with spaces cannot align.
        title = column("furball-help-title", "KEYS AND MOUSE")
        keys = column("furball-help-keys", "\n".join(key for key, _what in self.lines))
        whats = column("furball-help-descriptions", "\n".join(what for _key, what in self.lines))
        keys.setTextColor(0.66, 0.78, 0.90, 1)
        self.columns = (keys, whats)
        scale, margin = HELP_TEXT_SCALE, 0.05
        gap = HELP_COLUMN_GAP * scale
        key_width = (keys.getRight() - keys.getLeft()) * scale
        what_width = (whats.getRight() - whats.getLeft()) * scale
        width = max(key_width + gap + what_width, (title.getRight() - title.getLeft()) * scale)
        line = font.getLineHeight() * scale
        title_top = title.getTop() * scale
        rows_top = -2 * line  # the title, then an empty line
        bottom = rows_top + keys.getBottom() * scale
        height = title_top - bottom
        left = -width / 2
        z = height / 2 - title_top  # centred on the screen
        _quad(
            self._content,
            "backing",
            left - margin,
            left + width + margin,
            z + bottom - margin,
            z + title_top + margin,
            (0.03, 0.04, 0.06, 0.88),
        )
        for text, x, row_z in (
            (title, left - title.getLeft() * scale, z),
            (keys, left - keys.getLeft() * scale, z + rows_top),
            (whats, left + key_width + gap - whats.getLeft() * scale, z + rows_top),
        ):
            node = self._content.attachNewNode(text)
            node.setScale(scale)
            node.setPos(x, 0, row_z)
        self._fit()

    def _fit(self) -> None:
        """Scale the overlay for the screen: its text no smaller than
        :data:`~sim.view.hud.screen.MIN_TEXT_PX` where there is room, and always inside
        the screen (it is centred on it)."""
        from sim.view.hud.screen import current_screen

        screen = current_screen()
        if screen is None or self._content is None:
            return
        self.root.setScale(1.0)
        bounds = self._content.getTightBounds(self.root)
        if not bounds:
            return
        low, high = bounds
        width, height = high.x - low.x, high.z - low.z
        room = min(
            2 * (screen.half_width - 0.03) / max(width, 1e-6),
            2 * (screen.half_height - 0.03) / max(height, 1e-6),
        )
        self.root.setScale(min(max(1.0, screen.scale_for_text(HELP_TEXT_SCALE)), room))

    @property
    def visible(self) -> bool:
        return not self.root.isHidden()

    def toggle(self) -> None:
        if self.visible:
            self.root.hide()
        else:
            self._fit()  # the window may have changed shape since
            self.root.show()

    def destroy(self) -> None:
        self.root.removeNode()
