"""The odds file (``odds.json``): a sweep's set-up, every game played, and the totals.

It is written as the sweep goes (whole each time, through a temporary file, so a crash
leaves the last good one), and read back to resume: the games it holds are not played
again. A file holding a sweep of another set-up, or one that is not an odds file, is never
overwritten.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from models.files import read_bytes
from sim.odds.variations import Variation
from sim.output_file import OutputFile

KIND = "furball.odds"
ODDS_SUFFIX = ".odds.json"
FORMAT_VERSION = 1
ODDS_MAX_BYTES = 256 * 1024 * 1024
"""The largest odds file read back."""


class OddsFileError(ValueError):
    """An odds file that cannot be resumed from; the message names it and why."""


def table_digest(table: dict[str, Any]) -> str:
    """A fingerprint of a scenario's table, to know a resumed sweep plays the same set-up."""
    text = json.dumps(table, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@dataclass(frozen=True, slots=True)
class SweepSetup:
    """What a sweep plays: the scenario (as named, and its table), the variations, and the
    seeds ``first_seed`` … ``first_seed + seeds - 1``."""

    scenario: str
    source: str
    table: dict[str, Any]
    name: str
    rules: str
    variations: tuple[Variation, ...]
    first_seed: int
    seeds: int

    @classmethod
    def of(
        cls,
        scenario: str,
        seeds: int,
        variations: tuple[Variation, ...] = (Variation(),),
        first_seed: int = 1,
    ) -> SweepSetup:
        """The sweep of a scenario file or shipped name, read and validated here."""
        from engine.rulesets import load_scenario
        from models.files import read_toml
        from scenarios import find_scenario

        path = find_scenario(scenario)
        loaded = load_scenario(path)
        return cls(
            scenario=scenario,
            source=str(path),
            table=read_toml(path),
            name=loaded.name,
            rules=loaded.rules,
            variations=variations,
            first_seed=first_seed,
            seeds=seeds,
        )

    @property
    def digest(self) -> str:
        return table_digest(self.table)

    def seed_list(self) -> range:
        return range(self.first_seed, self.first_seed + self.seeds)

    def header(self) -> dict[str, Any]:
        return {
            "kind": KIND,
            "format_version": FORMAT_VERSION,
            "scenario": self.scenario,
            "scenario_name": self.name,
            "rules": self.rules,
            "setup_digest": self.digest,
            "seeds": {"first": self.first_seed, "count": self.seeds},
            "variations": [v.as_dict() for v in self.variations],
        }


def read_odds(path: Path) -> dict[str, Any]:
    """An odds file's content, checked to be one (its kind, format and results);
    :class:`OddsFileError` naming the file and what is wrong."""
    try:
        data = json.loads(read_bytes(path, ODDS_MAX_BYTES))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, ValueError) as error:
        raise OddsFileError(f"{path}: not an odds file furball can read ({error})") from None
    if not isinstance(data, dict) or data.get("kind") != KIND:
        raise OddsFileError(f"{path}: not an odds file (no kind = {KIND!r})")
    if data.get("format_version") != FORMAT_VERSION:
        raise OddsFileError(
            f"{path}: format_version {data.get('format_version')!r}; this furball reads "
            f"{FORMAT_VERSION}"
        )
    results = data.get("results")
    if not isinstance(results, list) or not all(
        isinstance(r, dict) and isinstance(r.get("rows"), list) for r in results
    ):
        raise OddsFileError(f"{path}: results: not a list of variations with rows")
    return data


def read_finished(path: Path, setup: SweepSetup) -> dict[tuple[int, int], dict[str, Any]]:
    """The games an existing odds file holds for this set-up, by (variation, seed); empty
    when there is no file. :class:`OddsFileError` when the file is not an odds file or
    holds another set-up (so it is not overwritten)."""
    if not path.exists():
        return {}
    try:
        data = json.loads(read_bytes(path, ODDS_MAX_BYTES))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, ValueError) as error:
        raise OddsFileError(
            f"{path}: exists and is not an odds file furball can read ({error}); name "
            "another -o, or move it away"
        ) from None
    if not isinstance(data, dict) or data.get("kind") != KIND:
        raise OddsFileError(
            f"{path}: exists and is not an odds file (no kind = {KIND!r}); name another -o"
        )
    if data.get("format_version") != FORMAT_VERSION:
        raise OddsFileError(
            f"{path}: format_version {data.get('format_version')!r}; this furball reads "
            f"{FORMAT_VERSION}: name another -o"
        )
    header = setup.header()
    for key, what in (("setup_digest", "scenario"), ("variations", "--vary values")):
        if data.get(key) != header[key]:
            raise OddsFileError(
                f"{path}: holds a sweep of another set-up (its {what} differ from this "
                f"command's: {key}); name another -o to keep it, or delete it to start over"
            )
    wanted = set(setup.seed_list())
    finished: dict[tuple[int, int], dict[str, Any]] = {}
    games = data.get("games")
    if not isinstance(games, list):
        raise OddsFileError(f"{path}: games: not a list; name another -o")
    for number, game in enumerate(games):
        if not (
            isinstance(game, dict)
            and isinstance(game.get("variation"), int)
            and isinstance(game.get("seed"), int)
            and ("outcome" in game or "error" in game)
        ):
            raise OddsFileError(f"{path}: games.{number}: not a game record; name another -o")
        if game["seed"] in wanted and 0 <= game["variation"] < len(setup.variations):
            finished[(game["variation"], game["seed"])] = game
    return finished


def write_odds(output: OutputFile, content: dict[str, Any]) -> None:
    """Write the whole file through a temporary one beside it."""
    with output.writing() as partial:
        partial.write_text(json.dumps(content, indent=1, sort_keys=False) + "\n")
