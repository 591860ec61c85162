"""Playback controls drawn over the scene: the scrub bar and the key help overlay.

The scrub bar runs along the bottom of the screen with a tick for every game-turn, a mark for
every event and the playback position; clicking it seeks (the app turns a click into
``Playback.seek_fraction``).  ``h`` toggles the help overlay listing the key and mouse
bindings.
"""

from __future__ import annotations

import math
from typing import Any

from sim.events import EVENT_MARK_KIND as EVENT_MARK_KIND
from sim.events import MARK_KINDS as MARK_KINDS
from sim.events import mark_kind as mark_kind
from sim.snapshot import Snapshot
from sim.view.toggleable import Toggleable

BAR_LEFT, BAR_RIGHT, BAR_Z = -0.95, 0.95, 0.06
"""The bar's ends at its design width and the track's height, in the bar's own units (the
bar's root sits on the bottom-centre anchor, scaled by :func:`bar_layout`). A click within
:data:`BAR_CLICK_HALF` of ``BAR_Z`` seeks (``ReplayApp._press``)."""
BAR_CLICK_HALF = 0.04
BAR_MARGIN = 0.015
"""Between the screen's bottom edge and the bar's time labels, in aspect2d units."""
BAR_SIDE_MARGIN = 0.035
"""Between the screen's side edges and the bar's ends, in aspect2d units."""
BAR_HEIGHT = 0.175
"""The bar's height in its own units, time labels to legend."""
BAR_TEXT = 0.036
"""Letter height of the bar's labels (bar units): 19 px at 1080p, more on small windows."""
BAR_MAX_SCALE = 1.6
TIME_LABEL_Z, TURN_LABEL_Z, LEGEND_Z = 0.008, 0.09, 0.136
"""Baselines of the time labels (under the track), the game-turn labels (over it) and the
legend and status row (over those)."""
WIDEST_STATUS = "playing 16x   h: help"
"""The widest the status text at the bar's right end usually is."""
LEGEND_GAP = 0.05
"""Between the legend's end and the status text (bar units)."""
LEGEND_LEAST_SCALE = 0.6
"""The legend shrinks to make room for the status text, to no less than this."""
TIME_STEPS_S = (1, 2, 5, 10, 15, 20, 30, 60, 120, 300, 600, 1200)
TIME_LABELS_MOST = 8
"""Time labels every :data:`TIME_STEPS_S` step giving at most this many over the replay."""
MAX_TURN_TICKS = 400
"""Most game-turn ticks on the bar; a longer replay gets one every few turns."""

MARK_BINS = 480
"""Event marks are gathered into this many places along the bar (a mark is wider)."""


_MARK_RANK = {key: rank for rank, (key, _text, _colour) in enumerate(MARK_KINDS)}


def time_step_s(duration_s: float) -> int:
    """The time labels' step for a replay this long: the smallest step in
    :data:`TIME_STEPS_S` (or multiple of its longest) giving no more than
    :data:`TIME_LABELS_MOST` steps."""
    for step in TIME_STEPS_S:
        if duration_s / step <= TIME_LABELS_MOST:
            return step
    longest = TIME_STEPS_S[-1]  # hours long: a multiple of the longest step
    return longest * max(1, math.ceil(duration_s / longest / TIME_LABELS_MOST))


def time_label(t_s: float) -> str:
    """``40 s``; ``2:30`` from two minutes on."""
    whole = round(t_s)
    return f"{whole} s" if whole < 120 else f"{whole // 60}:{whole % 60:02d}"


def bar_layout(screen: Any) -> tuple[float, float, float]:
    """The bar's scale (its text no smaller than ``MIN_TEXT_PX`` where there is room), its
    half length and its top, in aspect2d units, on a :class:`~sim.view.hud.screen.Screen`.
    It runs along the whole bottom edge; the HUD's panels stay above its top."""
    scale = min(BAR_MAX_SCALE, max(1.0, screen.scale_for_text(BAR_TEXT)))
    half_length = screen.half_width - BAR_SIDE_MARGIN
    top = -screen.half_height + BAR_MARGIN + BAR_HEIGHT * scale
    return scale, half_length, top


HELP_TEXT_SCALE = 0.045
"""Letter height of the help text, aspect2d units (24 px at 1080p)."""

HELP_COLUMN_GAP = 1.2
"""Space between the key column and the description column, in letter heights."""

HELP_LINES: tuple[tuple[str, str], ...] = (
    ("space", "play / pause"),
    ("left / right", "step one tick back / forward"),
    ("[ / ]", "step one turn back / forward"),
    ("up / down", "faster / slower (0.1x to 16x)"),
    ("home", "back to the start"),
    ("l", "loop on / off"),
    ("tab", "select the next aircraft"),
    ("i", "aircraft list: altitude, speed, heading, state (click selects)"),
    ("j", "event list in full (click jumps there)"),
    ("o", "shot log: every gunshot and launch (click jumps there, camera on it)"),
    (", / .", "previous / next event"),
    ("1 2 3 4 5 6", "camera: orbit, chase, cockpit, top-down, table, padlock"),
    ("a", "awareness lines: who has spotted whom"),
    ("v", "one side's picture: only what it had spotted or tracked / next side / all"),
    ("r", "radar scan arc (top-down and table cameras)"),
    ("s", "instructor: sight line with AA / ATA / HCA / range / Vc"),
    ("9", "instructor: target's 3/9 line, own lift and plane of motion"),
    ("c", "instructor: turn circles at the present load"),
    ("g", "instructor: gun cone (green on target)"),
    ("m", "instructor: missile launch envelope (green in range)"),
    ("z", "instructor: target's control zone (green when in it)"),
    ("e", "instructor: energy strip chart, Es and Ps of the pair"),
    ("p", "instructor: time ticks on both trails, joined"),
    ("t", "instructor and padlock: next target (nearest enemy first)"),
    ("f", "freeze and annotate: pause, all instructor overlays on"),
    ("mouse drag", "orbit the camera"),
    ("mouse wheel", "zoom the orbit camera"),
    ("click the bar", "jump to that time"),
    ("n", "labels: callsign / with type, altitude, speed / off"),
    ("d", "drop lines to the ground on / off"),
    ("k", "altitude-tile colour legend on / off"),
    ("b", "range and bearing: pick the aircraft under the mouse (or the next)"),
    ("x", "clear the range and bearing pair"),
    ("w", "what changed: this replay against its ghost (with --ghost)"),
    ("y", "what if: fly the selected aircraft another order this game-turn (menu)"),
    ("u", "charts of the selected aircraft and its target: next page / off"),
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
    """A time bar along the bottom: the playback position, a tick and a number for every
    game-turn, time labels, event marks coloured by kind with their legend, and the
    playback state ("playing 1x   h: help").

    ``event_times_s`` are the events' times, or the events themselves (then their marks
    are coloured by kind from the start). Marks known only by time are coloured once the
    playback has passed them (the snapshot's recent events say their kinds); the marks are
    those of the snapshot's ``event_times_s`` (the events worth a viewer's notice) once an
    update has brought them.
    """

    def __init__(
        self,
        parent: Any,
        duration_s: float,
        turn_s: float,
        event_times_s: tuple[Any, ...],
    ) -> None:
        from sim.view.hud.panels import CAPTION, Label

        self.root = parent.attachNewNode("furball-scrub-bar")
        self.root.setDepthTest(False)
        self.root.setDepthWrite(False)
        self.root.setBin("fixed", 8)
        self.duration_s = max(duration_s, 1e-6)
        self.turn_s = turn_s
        self.pending = False
        """The replay is still growing (the engine plays on): at its end the label says so."""
        self.scale = 1.0
        """The bar's size (text and heights) over its design size."""
        self.half_length = BAR_RIGHT
        """Half the track's length in the bar's units."""
        self._bins: dict[int, str] = {}
        self._times: tuple[float, ...] | None = None
        for item in event_times_s:
            if isinstance(item, (int, float)):
                self._add_mark(float(item), "other")
            else:
                self._add_mark(float(item.t_s), mark_kind(item.kind))
        self._recent: tuple[Any, ...] = ()
        self._static: Any = None
        self._marks: Any = None
        self._labels: Any = None
        self.time_labels: list[Any] = []
        self.turn_labels: list[Any] = []
        self.played = _quad(
            self.root, "played", 0, 1, BAR_Z - 0.006, BAR_Z + 0.006, (0.35, 0.75, 1.0, 1)
        )
        self.head = _quad(
            self.root, "head", -0.008, 0.008, BAR_Z - 0.03, BAR_Z + 0.03, (1, 1, 1, 1)
        )
        for node in (self.played, self.head):
            node.setBin("fixed", 9)  # over the marks
        self.legend = self.root.attachNewNode("legend")
        x = 0.0
        for _key, text, colour in MARK_KINDS:
            _quad(self.legend, "swatch", x, x + 0.028, 0.0, 0.028, colour)
            label = Label(self.legend, "legend-text", text, scale=BAR_TEXT, pos=(x + 0.04, 0.0))
            label.set_colour(CAPTION)
            x += 0.04 + float(label.text_node.getWidth()) * BAR_TEXT + 0.04
        self.legend_width = x
        """The legend's width at full size (bar units)."""
        self.label_node_label = Label(self.root, "furball-speed", "", scale=BAR_TEXT, align="right")
        self.label = self.label_node_label.text_node
        self.label_node = self.label_node_label.node
        self._shown: tuple[int, bool, float, bool, str | None] | None = None
        self.width_scale = 1.0
        self._fitted: tuple[float, float, int] | None = None
        self._build(BAR_RIGHT)

    def set_duration(
        self, duration_s: float, event_times_s: tuple[Any, ...], pending: bool = False
    ) -> None:
        """Lay the bar out again for a replay of this length and these events (times or
        events): a replay still growing while the engine plays (``pending``) gets longer."""
        self.duration_s = max(duration_s, 1e-6)
        self.pending = pending
        self._shown = None
        self._times = None
        self._bins = {}
        for item in event_times_s:
            if isinstance(item, (int, float)):
                self._add_mark(float(item), "other")
            else:
                self._add_mark(float(item.t_s), mark_kind(item.kind))
        self._build(self.half_length)

    # -- marks ---------------------------------------------------------------------------
    def _bin(self, t_s: float) -> int:
        u = min(max(t_s / self.duration_s, 0.0), 1.0)
        return round(u * MARK_BINS)

    def _add_mark(self, t_s: float, kind: str) -> bool:
        """Mark ``t_s`` as ``kind`` unless a more telling kind marks its place already;
        whether the mark changed."""
        where = self._bin(t_s)
        old = self._bins.get(where)
        if old is not None and _MARK_RANK[old] >= _MARK_RANK[kind]:
            return False
        self._bins[where] = kind
        return True

    def mark_kinds(self) -> dict[float, str]:
        """Every mark's place (as a time, to the bar's resolution) and kind."""
        return {b / MARK_BINS * self.duration_s: kind for b, kind in sorted(self._bins.items())}

    def _build_marks(self) -> None:
        from sim.view.hud.panels import Shapes

        if self._marks is not None:
            self._marks.removeNode()
        colours = {key: colour for key, _text, colour in MARK_KINDS}
        shapes = Shapes()
        half = max(0.005, self.half_length / MARK_BINS)
        for where, kind in sorted(self._bins.items(), key=lambda item: _MARK_RANK[item[1]]):
            x = self.x_at(where / MARK_BINS * self.duration_s)
            shapes.rect(x - half, BAR_Z - 0.012, x + half, BAR_Z + 0.03, colours[kind])
        self._marks = shapes.attach(self.root, "event-marks")

    # -- the parts that depend on the bar's length ---------------------------------------
    def _build(self, half_length: float) -> None:
        """Track, turn ticks and labels, time labels and marks for a track this long."""
        from sim.view.hud.panels import CAPTION, Label

        self.half_length = half_length
        for node in (self._static, self._labels):
            if node is not None:
                node.removeNode()
        static = self.root.attachNewNode("static")
        left, right = -half_length, half_length
        _quad(static, "track", left, right, BAR_Z - 0.012, BAR_Z + 0.012, (0.05, 0.06, 0.08, 0.8))
        labels = self.root.attachNewNode("labels")
        ratio = self.duration_s / self.turn_s if self.turn_s > 0 else 0.0
        turns = int(ratio + 1e-6) if math.isfinite(ratio) else 0
        # A long replay of short turns gets a tick every ``stride`` turns, never more than
        # MAX_TURN_TICKS of them.
        stride = max(1, math.ceil(turns / MAX_TURN_TICKS))
        # Game-turn numbers over the middle of their turns, every turn while they fit.
        turn_width = 2 * half_length * self.turn_s / self.duration_s if turns else 1.0
        every = 1
        while every * turn_width < BAR_TEXT * 2.4 and every < turns:
            every = {1: 2, 2: 5}.get(every, every * 2)
        self.turn_labels = []
        ticked = range(0, turns + 1, stride)
        labelled = range(every - 1, turns, every)
        for turn in sorted({*ticked, *labelled, 0}):
            if turn % stride == 0:
                x = self.x_at(turn * self.turn_s)
                _quad(
                    static,
                    "turn-tick",
                    x - 0.002,
                    x + 0.002,
                    BAR_Z - 0.026,
                    BAR_Z + 0.026,
                    (0.9, 0.9, 0.9, 1),
                )
            if (turn < turns and (turn + 1) % every == 0) or (turn == 0 and every > 1):
                middle = self.x_at((turn + 0.5) * self.turn_s)
                number = Label(
                    labels,
                    "turn-label",
                    f"T{turn + 1}",
                    scale=BAR_TEXT,
                    pos=(middle, TURN_LABEL_Z),
                    align="center",
                )
                number.set_colour(CAPTION)
                self.turn_labels.append(number)
        step = time_step_s(self.duration_s)
        self.time_labels = []
        t = 0.0
        while t <= self.duration_s + 1e-6:
            x = self.x_at(t)
            _quad(
                static,
                "time-tick",
                x - 0.0015,
                x + 0.0015,
                BAR_Z - 0.02,
                BAR_Z - 0.012,
                (0.8, 0.85, 0.9, 1),
            )
            align = "left" if t == 0 else "center"
            label = Label(labels, "time-label", time_label(t), scale=BAR_TEXT, align=align)
            if align == "center":  # the last label keeps inside the bar's end
                half = float(label.text_node.getWidth()) * BAR_TEXT / 2 + 0.005
                x = min(x, right - half)
            label.node.setPos(x, 0, TIME_LABEL_Z)
            self.time_labels.append(label)
            t += step
        static.flattenStrong()  # one node for the track and ticks: they never move
        self._static, self._labels = static, labels
        self.legend.setPos(left, 0, LEGEND_Z)
        self.label_node.setPos(right, 0, LEGEND_Z)
        self.legend.setScale(self.legend_scale(right - left))
        self._build_marks()

    def legend_scale(self, span: float) -> float:
        """How large the legend can be drawn beside the status text on a bar ``span`` long
        (bar units): full size where there is room, smaller on a narrow window (a portrait
        screen) rather than under the status text, never under :data:`LEGEND_LEAST_SCALE`."""
        shown = self.label.getText()
        self.label.setText(WIDEST_STATUS)
        status = float(self.label.getWidth()) * BAR_TEXT
        self.label.setText(shown)
        room = span - status - LEGEND_GAP
        if self.legend_width <= 0 or room >= self.legend_width:
            return 1.0
        return max(room / self.legend_width, LEGEND_LEAST_SCALE)

    def fit(
        self, aspect: float, half_height: float | None = None, pixels_high: int | None = None
    ) -> None:
        """Fit the bar to the screen: along its whole bottom edge (``aspect`` is aspect2d's
        half width; the half height is read off the bar's parent, the bottom-centre anchor,
        and the pixel height off the window unless given), scaled so its labels read."""
        from sim.view.hud.screen import Screen, window_pixels

        if half_height is None:
            z = float(self.root.getParent().getZ())
            half_height = -z if z < 0 else 1.0
        if pixels_high is None:
            pixels = window_pixels()
            pixels_high = pixels[1] if pixels is not None else 1080
        screen = Screen(aspect, half_height, pixels_high)
        key = (round(aspect, 4), round(half_height, 4), pixels_high)
        if key == self._fitted:
            return
        self._fitted = key
        scale, half_length, _top = bar_layout(screen)
        self.scale = scale
        self.width_scale = half_length / BAR_RIGHT
        self.root.setScale(scale)
        self.root.setZ(BAR_MARGIN)
        self._build(half_length / scale)
        self._shown = None

    def x_at(self, t_s: float) -> float:
        """Bar x for a time."""
        u = min(max(t_s / self.duration_s, 0.0), 1.0)
        return -self.half_length + 2 * self.half_length * u

    def fraction_at(self, x: float) -> float:
        """The time fraction under a bar x (for clicks)."""
        return min(max((x + self.half_length) / (2 * self.half_length), 0.0), 1.0)

    def update(self, snapshot: Snapshot) -> None:
        times = snapshot.event_times_s
        if times and times is not self._times and times != self._times:
            # The snapshot's marks are the notable events: keep the kinds known of those.
            self._times = times
            known = self._bins
            self._bins = {}
            for t_s in times:
                self._add_mark(t_s, known.get(self._bin(t_s), "other"))
            self._build_marks()
        recent = snapshot.recent_events
        if recent and recent is not self._recent:
            self._recent = recent
            changed = False
            for event in recent:
                if self._times is None or self._bin(event.t_s) in self._bins:
                    changed |= self._add_mark(event.t_s, mark_kind(event.kind))
            if changed:
                self._build_marks()
        x = self.x_at(snapshot.t_s)
        self.head.setX(x)
        self.played.setSx(max(x + self.half_length, 1e-4))
        self.played.setX(-self.half_length)
        waiting = self.pending and snapshot.t_s >= self.duration_s - 1e-6
        key = (int(snapshot.t_s * 10), snapshot.playing, snapshot.speed, waiting, snapshot.side)
        if key != self._shown:
            self._shown = key
            state = "playing" if snapshot.playing else "paused"
            if waiting and snapshot.playing:
                state = "playing the engine…"
            picture = f"{snapshot.side}'s picture   " if snapshot.side else ""
            self.label_node_label.set(f"{picture}{state} {snapshot.speed:g}x   h: help")

    def destroy(self) -> None:
        self.root.removeNode()


class HelpOverlay(Toggleable):
    """The key and mouse bindings, shown with ``h``."""

    def __init__(self, parent: Any) -> None:
        self.root = parent.attachNewNode("furball-help")
        # Over the HUD (its panels sort at 10 in the fixed bin), whatever the node order.
        self.root.setBin("fixed", 30)
        self.root.setDepthTest(False)
        self.root.setDepthWrite(False)
        self.lines = HELP_LINES
        self._unbound: frozenset[str] = frozenset()
        self._content: Any = None
        self.columns: tuple[Any, Any] | None = None
        """The key column's and the description column's text nodes."""
        self._build()
        self.set_shown(False)

    def set_demo(self, demo: bool) -> None:
        """List the demo's esc and ctrl-q instead of the replay's esc (quit)."""
        lines = HELP_LINES[:-1] + DEMO_QUIT_LINES if demo else HELP_LINES
        lines = tuple(line for line in lines if line[0] not in self._unbound)
        if lines != self.lines:
            self.lines = lines
            self._build()

    def set_unbound(self, keys: frozenset[str]) -> None:
        """Leave out the keys this replay does not bind (``k`` on rules without altitude
        tiles)."""
        self._unbound = keys
        lines = tuple(line for line in self.lines if line[0] not in keys)
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

    def _on_change(self, shown: bool) -> None:
        if shown:
            self._fit()  # the window may have changed shape since

    def destroy(self) -> None:
        self.root.removeNode()
