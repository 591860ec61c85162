"""Rule sets register here; ``Game(scenario)`` builds the one the scenario names.

A rule set is a plug-in that declares what it is as data (DESIGN §6): its name and title,
its time scale and words for a turn and a tick, its map and altitude unit, its per-tick
channels, its HUD, the dice it rolls, and where its code lives — the scenario model, the
game, the set-up checks, the game-log replay and the golden-playthrough writer — as
``"module:name"`` strings imported only when first used.  So ``import engine.phad`` or
``furball list`` never loads a rule set's engine.

The rule sets shipped with furball are registered when this module is imported; another
package adds its own with :func:`register`, or through the ``furball.rulesets`` entry-point
group (each entry point names a :class:`Ruleset`), read the first time the registry is asked.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import metadata
from pathlib import Path
from typing import Any, Protocol

from models.files import DataFileError, read_toml
from models.hud_spec import HudSpec
from models.ruleset_spec import ChannelSpec, MapScale, TimeScale
from models.scenario_common import ScenarioCommon, scenario_rules
from models.timeline import Timeline

ENTRY_POINT_GROUP = "furball.rulesets"
"""Installed packages name their :class:`Ruleset` objects in this entry-point group."""

BUILTIN = (
    "engine.bop.declaration:BIRDS_OF_PREY",
    "engine.fc.declaration:FIGHTER_COMMAND",
    "engine.hexjet.declaration:HEXJET",
    "engine.otl.declaration:OVER_THE_LINES",
    "engine.phantoms.declaration:PHANTOMS",
)
"""The rule sets furball ships, registered on import."""


class RulesGame(Protocol):
    """What every rule set's game offers (Birds of Prey's is :class:`engine.bop.game.Game`)."""

    seed: int
    turn: int

    def scripted_orders(self) -> Any: ...

    def legal(self, orders: Any) -> bool: ...

    def play_turn(self, orders: Any) -> Any: ...

    def run(
        self,
        turns: int | None = None,
        orders: Any = None,
        progress: Callable[[int, int], None] | None = None,
    ) -> Timeline: ...


LogReplay = Callable[[Path, int | None, Callable[[int, int], None] | None], tuple[str, Timeline]]
"""Plays a game-log file: (path, seed, progress) → (title, timeline)."""
LogReading = Callable[[Path], tuple[str, int, ScenarioCommon]]
"""Reads a game-log file: path → (title, turns it records, the scenario it names)."""


@dataclass(frozen=True, slots=True)
class Ruleset:
    """A registered rule system and everything it declares."""

    name: str
    """The scenario's ``rules`` value (``bop``); its channels are namespaced ``name.``."""
    title: str
    time: TimeScale
    map: MapScale
    channels: Mapping[str, ChannelSpec]
    """Its own per-tick channels beyond the common core, each named ``<name>.<channel>``."""
    hud: HudSpec
    dice: tuple[str, ...]
    """The kinds of roll its games record (``d10``, ``percentile``, ``d6``)."""
    scenario_model: str
    """``module:name`` of its scenario model (a :class:`ScenarioCommon`)."""
    orders_model: str
    """``module:name`` of its orders model, tagged ``kind = "<name>.<order>"``."""
    make_game: str
    """``module:name`` of a callable (scenario, seed) → :class:`RulesGame`."""
    validate: str
    """``module:name`` of a callable (raw TOML table) → every problem, as ``field: text``."""
    golden: str
    """``module:name`` of a callable (scenario, timeline) → the golden playthrough text."""
    replay_log: str = ""
    """``module:name`` of a :data:`LogReplay`; empty when the rule set has no game logs."""
    log_problems: str = ""
    """``module:name`` of a callable (log path) → every problem in the log file."""
    read_log: str = ""
    """``module:name`` of a :data:`LogReading`."""
    log_kind: str = ""
    """The ``kind`` a game-log file of this rule set writes at its top (``bop.log``)."""
    load_tables: str = ""
    """``module:name`` of a callable (folder) → the play-aid tables a player's printed ones
    in that folder make, handed to the game as ``tables``; empty when it has none."""
    schema_file: Path | None = None
    """Its scenario model's committed JSON Schema (checked for staleness by the tests)."""
    summary_columns: tuple[str, ...] = ()
    """The turn table's columns ``furball run`` prints, in order (every column when empty)."""
    quiet_events: frozenset[str] = field(default_factory=frozenset)
    """Its bookkeeping event kinds the replay's ticker leaves out."""

    @property
    def tick_s(self) -> float:
        return self.time.tick_s

    @property
    def ticks_per_turn(self) -> int:
        return self.time.ticks_per_turn

    def scenario_type(self) -> type[ScenarioCommon]:
        model = _imported(self.scenario_model)
        if not (isinstance(model, type) and issubclass(model, ScenarioCommon)):
            raise TypeError(f"{self.name}: {self.scenario_model} is not a scenario model")
        return model

    def orders_type(self) -> type[Any]:
        """Its orders model (a pydantic model tagged by ``kind``)."""
        model: type[Any] = _imported(self.orders_model)
        return model

    def game(
        self, scenario: ScenarioCommon, seed: int | None = None, tables: Path | None = None
    ) -> RulesGame:
        """A new game of ``scenario``; with ``tables``, playing with the player's own
        play-aid tables in that folder (:class:`DataFileError` for a bad one)."""
        make: Callable[..., RulesGame] = _imported(self.make_game)
        if tables is None:
            return make(scenario, seed)
        if not self.load_tables:
            raise ValueError(f"{self.title} has no play-aid tables a folder could replace")
        return make(scenario, seed, tables=_imported(self.load_tables)(tables))

    def problems(self, raw: dict[str, Any]) -> list[str]:
        """Every problem of a scenario file's table: its format, then the rules' checks."""
        check: Callable[[dict[str, Any]], list[str]] = _imported(self.validate)
        return check(raw)

    def playthrough(self, scenario: ScenarioCommon, timeline: Timeline) -> str:
        write: Callable[[ScenarioCommon, Timeline], str] = _imported(self.golden)
        return write(scenario, timeline)

    def play_log(
        self, path: Path, seed: int | None, progress: Callable[[int, int], None] | None
    ) -> tuple[str, Timeline]:
        replay: LogReplay = _imported(self.replay_log)
        return replay(path, seed, progress)

    def log_summary(self, path: Path) -> tuple[str, int, ScenarioCommon]:
        """A game log's title, the turns it records and the scenario it names."""
        read: LogReading = _imported(self.read_log)
        return read(path)

    def problems_in_log(self, path: Path) -> list[str]:
        check: Callable[[Path], list[str]] = _imported(self.log_problems)
        return check(path)

    def channel_specs(self) -> dict[str, ChannelSpec]:
        """Its own channels, checked to be namespaced under its name."""
        stray = [name for name in self.channels if not name.startswith(f"{self.name}.")]
        if stray:
            raise ValueError(f"{self.name}: channels outside its namespace: {', '.join(stray)}")
        return dict(self.channels)


def _imported(target: str) -> Any:
    module, _, name = target.partition(":")
    return getattr(importlib.import_module(module), name)


RULESETS: dict[str, Ruleset] = {}
"""Every registered rule set by name (the shipped ones; see :func:`rulesets` for all)."""


def register(ruleset: Ruleset) -> None:
    """Add a rule set to the registry (its ``name`` is the scenario's ``rules`` value)."""
    if ruleset.name in RULESETS and RULESETS[ruleset.name] is not ruleset:
        raise ValueError(f"a rule set named {ruleset.name!r} is registered already")
    RULESETS[ruleset.name] = ruleset


def unregister(name: str) -> None:
    """Take a rule set out of the registry (tests that register their own)."""
    RULESETS.pop(name, None)


@cache
def _load_entry_points() -> None:
    for entry in metadata.entry_points(group=ENTRY_POINT_GROUP):
        ruleset = entry.load()
        if isinstance(ruleset, Ruleset) and ruleset.name not in RULESETS:
            register(ruleset)


def rulesets() -> Mapping[str, Ruleset]:
    """Every rule set: the shipped ones, those registered in code and installed plug-ins."""
    _load_entry_points()
    return RULESETS


def ruleset(name: str) -> Ruleset:
    """The rule set called ``name``; ``KeyError`` with the registered names when none is."""
    found = rulesets().get(name)
    if found is None:
        known = ", ".join(sorted(RULESETS))
        raise KeyError(f"no rule set {name!r}; registered: {known}")
    return found


for _target in BUILTIN:
    register(_imported(_target))


def load_scenario(path: Path) -> ScenarioCommon:
    """Read a scenario file of any registered rule set: its ``rules`` (Birds of Prey when
    absent) picks the model; :class:`DataFileError` lists every problem."""
    raw = read_toml(path)
    return scenario_from_table(path, raw)


def scenario_from_table(path: Path, raw: dict[str, Any]) -> ScenarioCommon:
    """A scenario file's table validated by its rule set's model."""
    from models.files import validated  # the strict reader's error wording

    return validated(ruleset_for_table(path, raw).scenario_type(), raw, path)


def ruleset_for_table(path: Path, raw: dict[str, Any]) -> Ruleset:
    """The rule set a scenario file's table names; :class:`DataFileError` when none is
    registered under that name."""
    rules = scenario_rules(raw)
    found = rulesets().get(rules) if isinstance(rules, str) else None
    if found is None:
        known = ", ".join(sorted(RULESETS))
        raise DataFileError(path, [f"rules: no rule set {rules!r}; registered: {known}"])
    return found


def log_ruleset(raw: dict[str, Any]) -> Ruleset | None:
    """The rule set whose game logs carry the ``kind`` this file's table names, or None for
    a file that is not a game log."""
    kind = raw.get("kind")
    if not isinstance(kind, str) or not kind:
        return None
    return next((r for r in rulesets().values() if r.log_kind == kind), None)


def Game(
    scenario: ScenarioCommon, seed: int | None = None, tables: Path | None = None
) -> RulesGame:
    """A new game of the scenario's rule system, seeded (a seed is chosen and recorded when
    neither ``seed`` nor the scenario gives one), with the play-aid tables of the folder
    ``tables`` over the shipped ones when given."""
    try:
        found = ruleset(scenario.rules)
    except KeyError as error:
        raise ValueError(str(error.args[0])) from None
    return found.game(scenario, seed, tables)
