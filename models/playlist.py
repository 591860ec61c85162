"""A demo playlist: the vignettes a convention table loops through (``*.playlist.toml``).

Each vignette names a shipped scenario (or a scenario file) and how to show it: a title
card with one briefing line, the fight from ``from_s`` to ``to_s`` of its replay, then the
key moment again from ``replay_from_s`` to ``replay_to_s``, with a camera and the aircraft
it follows. A vignette lasts 60-120 s in all, so a crowd sees a whole story before the loop
moves on. The file is parsed, never executed; :func:`load_playlist` reports every problem
with its field path.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal, Self

from pydantic import Field, model_validator

from models.base import DataModel
from models.files import FILE_NAME_CHARS, FILE_NAME_TEXT, PLAYLIST_LIMITS, load_model

MIN_VIGNETTE_S = 60.0
MAX_VIGNETTE_S = 120.0
MAX_REPLAY_S = 3000.0
"""The latest game time a vignette may show (50 minutes of play)."""
MAX_VIGNETTES = 100
Camera = Literal["orbit", "chase", "cockpit", "top", "table", "padlock"]


class Vignette(DataModel):
    """One scenario as the demo loop shows it."""

    scenario: str = Field(min_length=1, max_length=FILE_NAME_CHARS, pattern=FILE_NAME_TEXT)
    """A shipped scenario (``historical/guns-duel``) or a scenario file."""
    title: str = Field(min_length=1, max_length=60)
    """The title card's heading: large enough to read from across the room."""
    briefing: str = Field(min_length=1, max_length=140)
    """One line under the title: what to watch for."""
    title_s: float = Field(default=6.0, ge=2.0, le=20.0)
    """How long the title card shows."""
    from_s: float = Field(default=0.0, ge=0.0, le=MAX_REPLAY_S)
    to_s: float = Field(gt=0.0, le=MAX_REPLAY_S)
    """The part of the replay the fight shows (seconds of game time)."""
    replay_from_s: float = Field(ge=0.0, le=MAX_REPLAY_S)
    replay_to_s: float = Field(gt=0.0, le=MAX_REPLAY_S)
    """The key moment, shown again after the fight (a shot, a hit, a kill, a merge)."""
    replay_speed: float = Field(default=0.5, gt=0.0, le=2.0)
    """Playback speed of the key moment (slow motion below 1)."""
    camera: Camera = "chase"
    select: str | None = Field(default=None, min_length=1, max_length=32)
    """Id of the aircraft the camera follows (the first aircraft by default)."""
    instructor: bool = False
    """Show the instructor overlays (line of sight, turn circles, 3/9 line...) throughout."""

    @model_validator(mode="after")
    def _times(self) -> Self:
        if self.to_s <= self.from_s:
            raise ValueError(f"to_s {self.to_s} must come after from_s {self.from_s}")
        if not self.from_s <= self.replay_from_s < self.replay_to_s <= self.to_s:
            raise ValueError(
                f"the key moment {self.replay_from_s}-{self.replay_to_s} s must lie inside "
                f"the fight {self.from_s}-{self.to_s} s"
            )
        total = self.duration_s
        if not MIN_VIGNETTE_S <= total <= MAX_VIGNETTE_S:
            raise ValueError(
                f"the vignette lasts {total:.0f} s (title, fight and key moment); a demo "
                f"vignette lasts {MIN_VIGNETTE_S:.0f}-{MAX_VIGNETTE_S:.0f} s"
            )
        return self

    @property
    def duration_s(self) -> float:
        """Title card, the fight at normal speed and the key moment at its replay speed."""
        replay = (self.replay_to_s - self.replay_from_s) / self.replay_speed
        return self.title_s + (self.to_s - self.from_s) + replay


class Playlist(DataModel):
    """A named loop of vignettes."""

    format_version: Literal[1] = 1
    title: str = Field(min_length=1, max_length=200)
    vignettes: tuple[Vignette, ...] = Field(min_length=1, max_length=MAX_VIGNETTES)


def load_playlist(path: Path) -> Playlist:
    """Read a playlist file; :class:`~models.files.DataFileError` lists every problem."""
    return load_model(Playlist, path, PLAYLIST_LIMITS)
