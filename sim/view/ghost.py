"""The ghost: a second timeline of the same scenario drawn over the replay, see-through.

Its aircraft are the same box minis as the replay's (:class:`sim.view.minis.BoxMinis`, the
same shapes, faces and side colours) at :data:`GHOST_ALPHA` opacity, with dashed trails
(:class:`sim.view.dashed_trails.DashedTrails`).  It follows the replay's clock: each update
samples the ghost's timeline at the replay snapshot's time, so scrubbing, stepping and
speed apply to both; a ghost shorter than the replay stops at its end, its minis holding
their last places.  Entities are matched by id: the ghost's snapshot selects the replay's
selected aircraft when the ghost has it (for the "what changed" panel), though only the
replay's own mini wears the selection outline.

The ghost's minis do not write depth, so the replay's minis show through them wherever
they are drawn.
"""

from __future__ import annotations

from dataclasses import replace

from panda3d.core import NodePath, TransparencyAttrib

from models.timeline import Timeline
from sim.bfm import HISTORY_S
from sim.playback import Playback
from sim.snapshot import Snapshot
from sim.view.dashed_trails import DashedTrails
from sim.view.layer import ViewSettings
from sim.view.minis import BoxMinis

GHOST_ALPHA = 0.35
"""How opaque a ghost's minis are."""
GHOST_TRAIL_ALPHA = 0.8
"""How opaque a ghost's trail dashes are at their newest (the dashes set them apart)."""
GHOST_TRAIL_THICKNESS = 2.0
"""Dashes a little thicker than the replay's trails, as the missiles' smoke is."""
GHOST_BIN_SORT = 5
"""Drawn in the transparent bin after the replay's trails (sort 0)."""


class GhostLayer:
    """The ghost timeline's aircraft and trails, under ``parent``."""

    def __init__(
        self, parent: NodePath, ghost: Timeline, settings: ViewSettings | None = None
    ) -> None:
        self.settings = settings or ViewSettings()
        self.timeline = ghost
        self.playback = Playback(
            ghost, trail_seconds=max(self.settings.trail_seconds, HISTORY_S), selected=None
        )
        self.playback.select(None)
        self.root = parent.attachNewNode("ghost")
        self.minis_root = self.root.attachNewNode("ghost-minis")
        self.minis_root.setTransparency(TransparencyAttrib.M_alpha)
        self.minis_root.setAlphaScale(GHOST_ALPHA)
        self.minis_root.setDepthWrite(False)
        self.minis_root.setBin("transparent", GHOST_BIN_SORT)
        self.minis = BoxMinis(self.minis_root, ghost, self.settings)
        self.trails = DashedTrails(
            self.root, self.settings, alpha=GHOST_TRAIL_ALPHA, name="ghost-trails"
        )
        self.trails.root.setRenderModeThickness(GHOST_TRAIL_THICKNESS)
        self.snapshot: Snapshot | None = None
        """The ghost as last drawn."""

    @property
    def end_s(self) -> float:
        return self.playback.duration_s

    def snapshot_at(self, t_s: float, selected: str | None = None) -> Snapshot:
        """The ghost at a replay time (at its end once it has ended), with ``selected``
        selected when the ghost has that aircraft."""
        ids = self.timeline.entity_ids
        self.playback.select(selected if selected in ids else None)
        return self.playback.snapshot_at(min(t_s, self.end_s))

    def update(self, snapshot: Snapshot) -> None:
        """Draw the ghost at the replay ``snapshot``'s time."""
        ghost = self.snapshot_at(snapshot.t_s, snapshot.selected)
        self.snapshot = ghost
        # No selection outline in the ghost: the outline marks the replay's own aircraft.
        self.minis.update(replace(ghost, selected=None))
        self.trails.update(ghost)

    def destroy(self) -> None:
        self.minis.destroy()
        self.trails.destroy()
        self.root.removeNode()
        self.snapshot = None
