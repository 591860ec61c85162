"""The variations of a sweep as scenario files, so that any one game of it plays again with
every furball command: ``furball play perch.odds-v2.toml --seed 17``.

A sweep without ``--vary`` needs none: its games are the scenario's own, seed by seed.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import tomli_w

from sim.odds.odds_file import ODDS_SUFFIX, SweepSetup
from sim.output_file import OutputFile


def variation_path(output: Path, number: int) -> Path:
    """``perch.odds.json`` → ``perch.odds-v1.toml`` for the first variation."""
    stem = output.name.removesuffix(ODDS_SUFFIX).removesuffix(".json")
    return output.with_name(f"{stem}.odds-v{number + 1}.toml")


def write_variation_scenarios(setup: SweepSetup, output: Path) -> list[Path]:
    """One scenario file per variation beside the odds file (none without --vary)."""
    if all(not v.changes for v in setup.variations):
        return []
    written = []
    for number, variation in enumerate(setup.variations):
        table = variation.apply(setup.table, "--vary")
        text = (
            f"# {setup.scenario} with {variation.label}: variation {number + 1} of the sweep "
            f"in {output.name} (written by furball odds)\n" + tomli_w.dumps(table)
        )
        if tomllib.loads(text) != table:  # the file must play what the sweep played
            raise ValueError(f"{variation.label}: cannot be written back as TOML exactly")
        path = variation_path(output, number)
        target = OutputFile.check(path, (".toml",), option="-o", reads=[Path(setup.source)])
        with target.writing() as partial:
            partial.write_text(text)
        written.append(path)
    return written


def replay_command(setup: SweepSetup, number: int, files: list[Path]) -> str:
    """The command that plays this variation's first game again."""
    source = str(files[number]) if files else setup.scenario
    return f"furball play {source} --seed {setup.first_seed}"
