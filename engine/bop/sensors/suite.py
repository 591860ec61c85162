"""One aircraft's sensors between game-turns: the fit and what each sensor holds."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.bop.sensors.common import Awareness
from engine.bop.sensors.infrared import IrmSeekers
from engine.bop.sensors.integration import WarningLevel
from engine.bop.sensors.radar import RadarState
from models.sensors import SensorFit, UnknownSensorFit, sensor_fit


@dataclass
class SensorSuite:
    """The sensors of one aircraft and their awareness (SoP 10); targets by callsign."""

    fit: SensorFit | None
    radar: RadarState | None = None
    """None for a type without a radar."""
    seekers: IrmSeekers = field(default_factory=IrmSeekers)
    ir_lock: Awareness | None = None
    """The active IR missile seeker's acquisition (its ``sensor`` is the missile type)."""
    irst: Awareness | None = None
    rwr: tuple[tuple[str, WarningLevel], ...] = ()
    """Enemy radars the RWR warned of in the last Sensor phase, with the warning level."""

    @classmethod
    def for_type(cls, type_id: str) -> SensorSuite:
        """The shipped fit of ``type_id`` with its radar on in Search, or its first listed
        mode when it has no Search (no fit when the type has no sensor fit file)."""
        try:
            fit = sensor_fit(type_id)
        except UnknownSensorFit:
            return cls(None)
        if fit.radar is None:
            return cls(fit)
        modes = [m.mode for m in fit.radar.modes]
        return cls(fit, RadarState("Srch" if "Srch" in modes else modes[0]))

    def clear(self) -> None:
        """Every sensor loses what it held (a spinning crew, "Spinning")."""
        if self.radar is not None:
            self.radar = RadarState(self.radar.mode)
        self.ir_lock = None
        self.irst = None

    def tracks(self) -> tuple[str, ...]:
        """Targets the radar or IRST tracks."""
        held = [a.target for a in self.radar.tracks] if self.radar is not None else []
        if self.irst is not None and self.irst.target not in held:
            held.append(self.irst.target)
        return tuple(held)

    def warned_by(self, emitter: str) -> bool:
        return any(who == emitter for who, _ in self.rwr)
