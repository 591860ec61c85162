"""Mutated timeline files: each is loaded (and then keeps every rule) or refused in one line
naming the file, quickly; never a traceback or a hang.  A small budget by default, a large
one under ``-m slow``."""

import tempfile
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from models.timeline import Timeline, TimelineFormatError
from models.timeline_checks import timeline_problems
from tests.timeline_files import members, sound_timeline, write_members

SECONDS_PER_CASE = 5.0


def _good_members() -> dict[str, bytes]:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "t.furball.npz"
        sound_timeline().save(path)
        return members(path)


GOOD = _good_members()
NAMES = sorted(GOOD)

edit = st.tuples(
    st.integers(min_value=0, max_value=400),  # where
    st.integers(min_value=0, max_value=8),  # how many bytes to drop there
    st.binary(max_size=8),  # what to put in their place
)
Edits = list[tuple[int, int, bytes]]
Case = tuple[str, Edits]
mutation = st.tuples(st.sampled_from(NAMES), st.lists(edit, min_size=1, max_size=4))


def _mutated(name: str, edits: Edits) -> dict[str, bytes]:
    data = bytearray(GOOD[name])
    for where, drop, put in edits:
        at = min(where, len(data))
        data[at : at + drop] = put
    return {**GOOD, name: bytes(data)}


def _check(name: str, edits: Edits) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = write_members(Path(folder) / "t.furball.npz", _mutated(name, edits))
        started = time.perf_counter()
        try:
            loaded = Timeline.load(path)
        except TimelineFormatError as error:
            message = str(error)
            assert "\n" not in message and message.startswith(f"{path}: ")
        else:
            assert timeline_problems(loaded) == []
        assert time.perf_counter() - started < SECONDS_PER_CASE


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutation)
def test_a_mutated_member_is_loaded_soundly_or_refused(case: Case) -> None:
    _check(*case)


@pytest.mark.slow
@settings(max_examples=5_000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutation)
def test_many_mutated_members(case: Case) -> None:
    _check(*case)
