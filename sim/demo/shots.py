"""The auto-director: which camera shows which aircraft at each moment of a vignette.

It reads the timeline's events and geometry once and finds the *moments* worth a cut:

* a missile launch or a gunshot: a chase view of the shooter from a few seconds before;
* a kill: the same view of the aircraft that scored it (chase after a gun kill, orbit after
  a missile's, which happens far from the shooter);
* a merge (a pilot's decision "at the merge", or two enemies passing head-on within a
  nautical mile): the top-down view;
* otherwise the vignette's own camera on its own aircraft.

Where moments overlap the more important wins (kills, then shots, then merges), and no shot
is shorter than ``min_shot_s``, so the picture does not flicker: a short one folds into its
more important neighbour.  Each moment also has a one-line caption, shown from just before
it happens; where captions overlap the newest wins.  The plan is a pure function of the
timeline and the vignette, so the fight and its slow-motion replay cut at the same moments.
No Panda3D here.
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from itertools import pairwise
from typing import Final

import numpy as np

from models.playlist import Vignette
from models.timeline import Event, Timeline
from sim.cameras import CameraMode
from sim.events import shooter_of, target_of

MIN_SHOT_S: Final = 4.0
"""No shot is shorter than this (game seconds; longer still in the slow-motion replay)."""
MERGE_RANGE_FT: Final = 6076.0
"""Enemies passing within a nautical mile of each other..."""
HEAD_ON_DEG: Final = 120.0
"""...on flight paths at least this far apart count as a merge."""
MERGE_GAP_S: Final = 6.0
"""Merge moments (passes and pilots' decisions) this close together are one merge."""


@dataclass(frozen=True, slots=True)
class Framing:
    """How a kind of moment is shown: camera, the shot around it, the caption around it."""

    camera: CameraMode
    priority: int
    lead_s: float
    """The cut comes this long before the moment (game seconds)..."""
    hold_s: float
    """...and the shot holds this long after it."""
    caption_lead_s: float
    caption_hold_s: float


FRAMING: Final[dict[str, Framing]] = {
    "kill": Framing("orbit", 3, 4.0, 3.0, 0.0, 5.0),
    "gunshot": Framing("chase", 2, 4.0, 3.0, 2.0, 3.0),
    "launch": Framing("chase", 2, 4.0, 3.0, 2.0, 3.0),
    "merge": Framing("top", 1, 3.0, 4.0, 1.0, 4.0),
    "dud": Framing("chase", -1, 0.0, 0.0, 0.0, 4.0),
}
"""Per kind of moment; ``dud`` (a missile that fails to leave the rail) gets a caption but no
cut of its own."""


@dataclass(frozen=True, slots=True)
class Moment:
    """Something worth a cut: a launch, a gunshot, a kill or a merge, at game time ``t_s``."""

    t_s: float
    kind: str
    subject: str | None
    """The aircraft to show (the shooter, the scorer, a pilot at the merge)."""
    caption: str
    camera: CameraMode | None = None
    """The camera if not the kind's usual one (a gun kill stays in the chase view)."""

    @property
    def framing(self) -> Framing:
        return FRAMING[self.kind]


@dataclass(frozen=True, slots=True)
class Shot:
    """One camera set-up held from ``start_s`` to ``end_s`` (game time)."""

    start_s: float
    end_s: float
    camera: CameraMode
    subject: str | None
    """The aircraft the camera (and the HUD) follows."""
    kind: str
    """``vignette`` or the kind of moment it shows."""
    priority: int = 0

    @property
    def length_s(self) -> float:
        return self.end_s - self.start_s

    def same_view(self, other: Shot) -> bool:
        """The same picture: joining the two makes no visible cut."""
        return (self.camera, self.subject) == (other.camera, other.subject)


class Plan:
    """A vignette's shots, end to end over game time, and its captions, looked up by time."""

    def __init__(self, shots: Sequence[Shot], moments: Sequence[Moment] = ()) -> None:
        if not shots:
            raise ValueError("a plan needs at least one shot")
        self.shots = tuple(shots)
        self.moments = tuple(sorted(moments, key=lambda m: m.t_s))
        self._starts = [shot.start_s for shot in self.shots]

    def shot_at(self, t_s: float) -> Shot:
        """The shot on screen at game time ``t_s`` (the first or last outside the plan)."""
        index = bisect.bisect_right(self._starts, t_s) - 1
        return self.shots[min(max(index, 0), len(self.shots) - 1)]

    def caption_at(self, t_s: float) -> str:
        """The newest caption showing at ``t_s`` ("" for none); at a tie the weightier."""
        best: tuple[float, int] | None = None
        caption = ""
        for moment in self.moments:
            framing = moment.framing
            begins = moment.t_s - framing.caption_lead_s
            if begins > t_s:
                break
            if t_s < moment.t_s + framing.caption_hold_s:
                key = (begins, framing.priority)
                if best is None or key >= best:
                    best, caption = key, moment.caption
        return caption

    def __len__(self) -> int:
        return len(self.shots)

    def __iter__(self) -> Iterator[Shot]:
        return iter(self.shots)


# -- moments worth a cut ---------------------------------------------------------------------
def event_moments(timeline: Timeline) -> list[Moment]:
    """The launches, gunshots, kills and merge decisions among the timeline's events."""
    names = {info.id: info.callsign for info in timeline.meta.entities}
    aircraft = {info.id for info in timeline.meta.entities if info.kind == "aircraft"}

    def name(entity: str | None) -> str:
        return names.get(entity or "", entity or "?")

    moments: list[Moment] = []
    last_hit: dict[str, Event] = {}
    for event in sorted(timeline.meta.events, key=lambda event: event.t_s):
        t = float(event.t_s)
        if event.kind in ("gunshot", "launch"):
            shooter = shooter_of(event)
            if shooter not in aircraft:
                continue
            target = name(target_of(event))
            weapon = event.data.get("type", "a missile")
            if event.kind == "gunshot":
                moments.append(
                    Moment(t, "gunshot", shooter, f"{name(shooter)} opens fire on {target}")
                )
            elif event.data.get("launched") is False or "fails" in event.detail:
                moments.append(
                    Moment(t, "dud", shooter, f"{name(shooter)}'s {weapon} fails to launch")
                )
            else:
                caption = f"{name(shooter)} launches {weapon} at {target}"
                moments.append(Moment(t, "launch", shooter, caption))
        elif event.kind == "hit":
            target_id = target_of(event)
            if target_id is not None and shooter_of(event) in aircraft:
                last_hit[target_id] = event
        elif event.kind == "kill" and event.entities:
            victim = event.entities[0]
            hit = last_hit.get(victim)
            scorer = shooter_of(hit) if hit is not None else None
            if hit is None or scorer is None:
                moments.append(Moment(t, "kill", victim, f"{name(victim)} goes down"))
                continue
            camera: CameraMode = "chase" if "gun" in hit.data else "orbit"
            caption = f"{name(victim)} is shot down by {name(scorer)}"
            moments.append(Moment(t, "kill", scorer, caption, camera))
        elif event.kind == "pilot" and " at the merge" in event.detail and event.entities:
            pilot = event.entities[0]
            # "Viper 1 turns left at the merge: Fulcrum 1 turns right, one-circle fight"
            mine, _, theirs = event.detail.partition(" at the merge")
            caption = f"The merge: {mine.strip()}"
            if theirs.strip(" :"):
                caption += f"; {theirs.strip(' :')}"
            moments.append(Moment(t, "merge", pilot, caption))
    return moments


@dataclass(frozen=True, slots=True)
class Pass:
    """Two enemies passing head-on: the time of closest approach, the pair, the range."""

    t_s: float
    first: str
    second: str
    range_ft: float


def head_on_passes(
    timeline: Timeline,
    within_ft: float = MERGE_RANGE_FT,
    head_on_deg: float = HEAD_ON_DEG,
) -> list[Pass]:
    """Every pass of two aircraft of opposite sides within ``within_ft`` on flight paths at
    least ``head_on_deg`` apart, at its closest approach, in time order."""
    ch = timeline.channels
    infos = timeline.meta.entities
    t = np.asarray(timeline.t_s, dtype=np.float64)
    if len(t) < 3:
        return []
    xyz = np.stack([np.asarray(ch[a], dtype=np.float64) for a in ("x_ft", "y_ft", "z_ft")], -1)
    xyz = np.nan_to_num(xyz)
    active = (
        np.asarray(ch["active"], dtype=bool)
        if "active" in ch
        else np.ones(xyz.shape[:2], dtype=bool)
    )
    velocity = np.gradient(xyz, t, axis=1)
    speed = np.linalg.norm(velocity, axis=-1)
    planes = [i for i, info in enumerate(infos) if info.kind == "aircraft"]
    cos_limit = math.cos(math.radians(head_on_deg))
    inner = np.arange(1, len(t) - 1)
    found: list[Pass] = []
    for k, a in enumerate(planes):
        for b in planes[k + 1 :]:
            if infos[a].side == infos[b].side:
                continue
            rng = np.where(active[a] & active[b], np.linalg.norm(xyz[a] - xyz[b], axis=-1), np.inf)
            cos = np.sum(velocity[a] * velocity[b], axis=-1) / np.maximum(speed[a] * speed[b], 1e-9)
            closest = inner[
                (rng[inner] <= rng[inner - 1])
                & (rng[inner] < rng[inner + 1])
                & (rng[inner] <= within_ft)
                & (cos[inner] <= cos_limit)
            ]
            found.extend(
                Pass(float(t[i]), infos[a].id, infos[b].id, float(rng[i])) for i in closest
            )
    found.sort(key=lambda p: (p.t_s, p.range_ft))
    return found


def pass_moments(timeline: Timeline) -> list[Moment]:
    """A merge moment for every head-on pass."""
    names = {info.id: info.callsign for info in timeline.meta.entities}
    return [
        Moment(
            p.t_s,
            "merge",
            p.first,
            f"The merge: {names[p.first]} and {names[p.second]} pass head-on",
        )
        for p in head_on_passes(timeline)
    ]


def one_per_merge(moments: Sequence[Moment], subject: str | None = None) -> list[Moment]:
    """Merge moments less than :data:`MERGE_GAP_S` after the first of a group are one merge:
    at the group's first time, with the caption of a pilot's decision if there is one (it
    says who turned which way), preferring one about ``subject``; other moments pass."""
    merges = sorted((m for m in moments if m.kind == "merge"), key=lambda m: m.t_s)
    groups: list[list[Moment]] = []
    for m in merges:
        if groups and m.t_s - groups[-1][0].t_s < MERGE_GAP_S:
            groups[-1].append(m)
        else:
            groups.append([m])
    kept = [m for m in moments if m.kind != "merge"]
    for group in groups:
        decisions = [m for m in group if "pass head-on" not in m.caption]
        mine = [m for m in decisions if m.subject == subject]
        told = (mine or decisions or group)[0]
        kept.append(replace(told, t_s=group[0].t_s))
    return sorted(kept, key=lambda m: m.t_s)


# -- the plan --------------------------------------------------------------------------------
def vignette_subject(timeline: Timeline, vignette: Vignette) -> str | None:
    """The aircraft the vignette follows: its ``select``, else the first aircraft."""
    if vignette.select is not None:
        return vignette.select
    planes = [info.id for info in timeline.meta.entities if info.kind == "aircraft"]
    return planes[0] if planes else None


def plan_shots(timeline: Timeline, vignette: Vignette, min_shot_s: float = MIN_SHOT_S) -> Plan:
    """The vignette's shots from ``from_s`` to ``to_s``: its moments, and its own camera on
    its own aircraft between them."""
    subject = vignette_subject(timeline, vignette)
    start = vignette.from_s
    end = max(start + 1e-6, min(vignette.to_s, float(timeline.t_s[-1])))
    default = Shot(start, end, vignette.camera, subject, "vignette")
    moments = one_per_merge(event_moments(timeline) + pass_moments(timeline), subject)
    shots = []
    for m in moments:
        framing = m.framing
        if framing.priority < 0:
            continue
        # The top view shows everyone: keep the HUD on the vignette's own aircraft there.
        follow = subject if framing.camera == "top" and m.camera is None else m.subject
        shots.append(
            Shot(
                m.t_s - framing.lead_s,
                m.t_s + framing.hold_s,
                m.camera or framing.camera,
                follow,
                m.kind,
                framing.priority,
            )
        )
    return Plan(resolve(shots, default, min_shot_s), moments)


def resolve(moments: Sequence[Shot], default: Shot, min_shot_s: float = MIN_SHOT_S) -> list[Shot]:
    """Lay the moments' shots over the default shot: the more important wins each overlap,
    neighbours showing the same view join, and shots shorter than ``min_shot_s`` fold into
    a neighbour (the more important one; the earlier between equals)."""
    start, end = default.start_s, default.end_s
    inside = [
        replace(m, start_s=max(m.start_s, start), end_s=min(m.end_s, end))
        for m in moments
        if m.end_s > start and m.start_s < end
    ]
    cuts = sorted({start, end, *(m.start_s for m in inside), *(m.end_s for m in inside)})
    pieces: list[Shot] = []
    for a, b in pairwise(cuts):
        covering = [m for m in inside if m.start_s <= a and m.end_s >= b]
        # The more important moment; between equals, the one that began first.
        best = max(covering, key=lambda m: (m.priority, -m.start_s), default=default)
        pieces.append(replace(best, start_s=a, end_s=b))
    pieces = _join(pieces)
    while len(pieces) > 1:
        short = [i for i, p in enumerate(pieces) if p.length_s < min_shot_s - 1e-9]
        if not short:
            break
        # The shortest first, so a flicker folds before a merely short shot does.
        i = min(short, key=lambda k: (pieces[k].length_s, k))
        before = pieces[i - 1] if i > 0 else None
        after = pieces[i + 1] if i + 1 < len(pieces) else None
        if before is not None and (after is None or before.priority >= after.priority):
            keep = before
        else:
            assert after is not None
            keep = after
        pieces[i] = replace(keep, start_s=pieces[i].start_s, end_s=pieces[i].end_s)
        pieces = _join(pieces)
    return pieces


def _join(pieces: Sequence[Shot]) -> list[Shot]:
    """Neighbouring pieces showing the same view become one shot (the weightier's kind)."""
    joined: list[Shot] = []
    for piece in pieces:
        if joined and joined[-1].same_view(piece):
            last = joined[-1]
            weightier = last if last.priority >= piece.priority else piece
            joined[-1] = replace(weightier, start_s=last.start_s, end_s=piece.end_s)
        else:
            joined.append(piece)
    return joined
