"""What the optional rules report: one small event per thing that happened."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

KINDS = (
    "otl.archie",
    "otl.ground_fire",
    "otl.balloon",
    "otl.bomb",
    "otl.photo",
    "otl.parachute",
    "otl.landing",
    "otl.home",
    "otl.spotted",
)
"""The kinds an optional rule reports, namespaced under the rule set."""


@dataclass(frozen=True)
class OptionalEvent:
    """One thing an optional rule did: its kind, who it touched, a line a player reads, and
    the numbers behind it (``otl.archie`` carries the burst's ``x_ft``, ``y_ft``, ``z_ft``)."""

    kind: str
    entities: tuple[str, ...]
    detail: str
    data: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"{self.kind!r} is not an optional rule's event kind: {KINDS}")
