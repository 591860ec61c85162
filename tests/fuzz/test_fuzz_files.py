"""The fuzz suite: every input format mutated from the shipped files, through the CLI.

For each shipped scenario, game log and playlist, and for a timeline furball wrote,
Hypothesis draws mutations (:mod:`tests.fuzz.mutations`) and furball reads the result the
way a user would (``furball validate``, ``furball inspect``, the playlist loader).  Every
case must end in a clean answer: exit status 0, or 2 with a one-line message that names the
file; never a traceback, never longer than ``CASE_DEADLINE_S``.  A mutation that breaks a
rule every model states (a boolean or a word where a number goes, a number where a list
goes, an unknown key) must be refused.

The default suite runs a few cases of each (``FUZZ_EXAMPLES``, 15); ``-m slow`` runs the
same tests with many more (``FUZZ_SLOW_EXAMPLES``, 400).
"""

from __future__ import annotations

import io
import os
import tomllib
import zipfile
from contextlib import redirect_stderr, redirect_stdout
from datetime import timedelta
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sim.cli.main import main
from tests.fuzz.mutations import Mutation, mutated, mutations, to_toml

FUZZ_EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "15"))
FUZZ_SLOW_EXAMPLES = int(os.environ.get("FUZZ_SLOW_EXAMPLES", "400"))
CASE_DEADLINE_S = 20.0
"""No case may take longer (validating a scenario takes well under a second)."""

SCENARIOS_DIR = Path(__file__).resolve().parents[2] / "scenarios"
SCENARIO_FILES = sorted(
    p for p in SCENARIOS_DIR.rglob("*.toml") if not p.name.endswith((".log.toml", ".playlist.toml"))
)
LOG_FILES = sorted(SCENARIOS_DIR.rglob("*.log.toml"))
PLAYLIST_FILES = sorted(SCENARIOS_DIR.rglob("*.playlist.toml"))


def _settings(examples: int) -> Any:
    return settings(
        max_examples=examples,
        deadline=timedelta(seconds=CASE_DEADLINE_S),
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
        derandomize=True,  # the default suite is the same every run
        database=None,
    )


def run_cli(*argv: str) -> tuple[int, str]:
    """furball's exit status and what it wrote to stderr; a traceback fails the test."""
    err, out = io.StringIO(), io.StringIO()
    with redirect_stderr(err), redirect_stdout(out):
        try:
            status = main(list(argv))
        except SystemExit as stop:  # argparse's refusals
            status = int(stop.code or 0)
    return status, err.getvalue()


def check_answer(status: int, stderr: str, path: Path, mutation: object) -> None:
    assert status in (0, 2), f"{mutation}: exit {status}: {stderr[-500:]}"
    assert "Traceback" not in stderr, f"{mutation}: {stderr[-2000:]}"
    if status == 2:
        assert path.name in stderr, f"{mutation}: the message names no file: {stderr!r}"


def _toml_case(source: Path, mutation: Mutation, folder: Path) -> Path:
    document = tomllib.loads(source.read_text())
    target = folder / source.name
    target.write_text(to_toml(mutated(document, mutation)))
    return target


@st.composite
def toml_cases(draw: st.DrawFn, files: list[Path]) -> tuple[Path, Mutation]:
    source = draw(st.sampled_from(files))
    return source, draw(mutations(tomllib.loads(source.read_text())))


def _validate_case(case: tuple[Path, Mutation], folder: Path) -> None:
    source, mutation = case
    path = _toml_case(source, mutation, folder)
    status, stderr = run_cli("validate", str(path))
    check_answer(status, stderr, path, f"{source.name}: {mutation}")
    if mutation.must_refuse:
        assert status == 2, f"{source.name}: {mutation} was accepted"


def test_the_toml_writer_round_trips_every_shipped_file() -> None:
    for source in [*SCENARIO_FILES, *LOG_FILES, *PLAYLIST_FILES]:
        document = tomllib.loads(source.read_text())
        assert tomllib.loads(to_toml(document)) == document, source


def test_every_shipped_file_validates_as_written_back(tmp_path: Path) -> None:
    """The mutations start from files furball accepts (through the same writer)."""
    for source in [*SCENARIO_FILES, *LOG_FILES]:
        path = tmp_path / source.name
        path.write_text(to_toml(tomllib.loads(source.read_text())))
        status, stderr = run_cli("validate", str(path))
        assert status == 0, stderr


def _validate_test(files: list[Path], examples: int) -> Any:
    """A fuzz test of ``furball validate`` over mutations of ``files``."""

    @_settings(examples)
    @given(case=toml_cases(files))
    def check(tmp_path: Path, case: tuple[Path, Mutation]) -> None:
        _validate_case(case, tmp_path)

    return check


def _playlist_test(examples: int) -> Any:
    @_settings(examples)
    @given(case=toml_cases(PLAYLIST_FILES))
    def check(tmp_path: Path, case: tuple[Path, Mutation]) -> None:
        from models.playlist import load_playlist

        source, mutation = case
        path = _toml_case(source, mutation, tmp_path)
        try:
            load_playlist(path)
        except ValueError as error:  # the CLI's user errors are ValueErrors
            assert path.name in str(error), f"{mutation}: {error}"
            assert "\n" not in str(error).strip() or str(error).count("\n") < 20
        else:
            assert not mutation.must_refuse, f"{mutation} was accepted"

    return check


test_mutated_scenarios_get_a_clean_answer = _validate_test(SCENARIO_FILES, FUZZ_EXAMPLES)
test_mutated_game_logs_get_a_clean_answer = _validate_test(LOG_FILES, FUZZ_EXAMPLES)
test_mutated_playlists_get_a_clean_answer = _playlist_test(FUZZ_EXAMPLES)
test_many_mutated_scenarios = pytest.mark.slow(_validate_test(SCENARIO_FILES, FUZZ_SLOW_EXAMPLES))
test_many_mutated_game_logs = pytest.mark.slow(_validate_test(LOG_FILES, FUZZ_SLOW_EXAMPLES))
test_many_mutated_playlists = pytest.mark.slow(_playlist_test(FUZZ_SLOW_EXAMPLES))


# -- timelines --------------------------------------------------------------------------------


class Members(dict[str, bytes]):
    """A timeline's members by name, shown by their names alone (Hypothesis prints the
    arguments of every failing case)."""

    def __repr__(self) -> str:
        return f"Members({sorted(self)})"


@pytest.fixture(scope="module")
def timeline_members(tmp_path_factory: pytest.TempPathFactory) -> Members:
    """The members of a short timeline furball wrote (a game of two turns)."""
    from engine import Game
    from models.scenario import load_scenario
    from scenarios import find_scenario

    timeline = Game(load_scenario(find_scenario("historical/missile-fight"))).run(turns=2)
    path = tmp_path_factory.mktemp("fuzz-timeline") / "good.furball.npz"
    timeline.save(path)
    with zipfile.ZipFile(path) as archive:
        return Members({name: archive.read(name) for name in archive.namelist()})


def _npy(array: np.ndarray) -> bytes:
    buffer = io.BytesIO()
    np.save(buffer, array, allow_pickle=False)
    return buffer.getvalue()


def _array_of(data: bytes) -> np.ndarray:
    return np.load(io.BytesIO(data), allow_pickle=False)


TIMELINE_MUTATIONS = (
    "drop_member",
    "truncate_member",
    "garbage_member",
    "nan_values",
    "reverse",
    "wrong_dtype",
    "complex_dtype",
    "wrong_shape",
    "huge_values",
    "empty",
    "truncate_file",
)


TIMELINE_CASES = st.tuples(
    st.sampled_from(TIMELINE_MUTATIONS),
    st.integers(min_value=0, max_value=10_000),  # which member, by its place in the list
    st.integers(min_value=0, max_value=10_000),  # where in it, or how much
)
"""A mutation of a timeline: its kind, its member and a number; the draws never depend on
the timeline (Hypothesis replays them exactly)."""


def _mutated_timeline(members: dict[str, bytes], case: tuple[str, str, int]) -> bytes:
    kind, name, number = case
    changed = dict(members)
    data = members[name]
    if kind == "drop_member":
        del changed[name]
    elif kind == "truncate_member":
        changed[name] = data[: number % max(len(data), 1)]
    elif kind == "garbage_member":
        changed[name] = bytes((number * 7 + i) % 256 for i in range(64))
    elif name.endswith(".npy") and kind != "truncate_file":
        array = _array_of(data)
        if kind == "nan_values" and array.dtype.kind == "f" and array.size:
            array = array.copy()
            array.flat[number % array.size] = np.nan
        elif kind == "reverse" and array.ndim:
            array = array[::-1].copy()
        elif kind == "wrong_dtype":
            array = array.astype("U8") if array.dtype.kind != "U" else np.zeros(array.shape)
        elif kind == "complex_dtype" and array.dtype.kind in "fi":
            array = array.astype(np.complex128)
        elif kind == "wrong_shape" and array.size:
            array = array.reshape(-1)[: max(1, array.size - 1 - number % array.size)]
        elif kind == "huge_values" and array.dtype.kind in "fi" and array.size:
            array = array.astype(np.float64)
            array.flat[number % array.size] = 1e300
        elif kind == "empty":
            array = np.zeros((0, *array.shape[1:]), dtype=array.dtype)
        changed[name] = _npy(array)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for member, member_data in changed.items():
            archive.writestr(member, member_data)
    whole = buffer.getvalue()
    if kind == "truncate_file":
        return whole[: number % len(whole)]
    return whole


def _timeline_test(examples: int) -> Any:
    @_settings(examples)
    @given(drawn=TIMELINE_CASES)
    def check(tmp_path: Path, timeline_members: Members, drawn: tuple[str, int, int]) -> None:
        names = sorted(timeline_members)
        case = (drawn[0], names[drawn[1] % len(names)], drawn[2])
        path = tmp_path / "fuzzed.furball.npz"
        path.write_bytes(_mutated_timeline(timeline_members, case))
        for argv in (("inspect", str(path)), ("inspect", "--at", "1.0", str(path))):
            status, stderr = run_cli(*argv)
            check_answer(status, stderr, path, case)
        kind, name, _ = case
        numeric = name.endswith(".npy") and _array_of(timeline_members[name]).dtype.kind in "fi"
        if kind in ("garbage_member", "truncate_file") or (kind == "complex_dtype" and numeric):
            assert status == 2, f"{case} was accepted"

    return check


test_mutated_timelines_get_a_clean_answer = _timeline_test(FUZZ_EXAMPLES)
test_many_mutated_timelines = pytest.mark.slow(_timeline_test(FUZZ_SLOW_EXAMPLES))
