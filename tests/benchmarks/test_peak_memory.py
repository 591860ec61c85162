"""The peak-memory benchmark measures what it says (the cases themselves: ``-m slow``).

The figures come from ``python -m benchmarks.peak_memory``, not from a timed test.
"""

import sys
from pathlib import Path

import pytest

from benchmarks.peak_memory import (
    FAR_HEX,
    child_peak_rss_bytes,
    far_flung,
    largest_shipped,
    measure,
)
from models.scenario import load_scenario


def test_a_childs_peak_is_its_own_high_water_mark() -> None:
    small = child_peak_rss_bytes([sys.executable, "-c", "pass"])
    large = child_peak_rss_bytes(
        [sys.executable, "-c", "b = bytearray(200_000_000); b[::4096] = b'x' * len(b[::4096])"]
    )
    assert 1_000_000 < small < 50_000_000 and 200_000_000 < large < 400_000_000
    with pytest.raises(RuntimeError, match="failed"):
        child_peak_rss_bytes([sys.executable, "-c", "raise SystemExit(3)"])


def test_the_cases_use_the_largest_shipped_scenario_and_a_far_flung_copy(tmp_path: Path) -> None:
    scenario = largest_shipped()
    assert len(load_scenario(scenario).aircraft) >= 8
    moved = load_scenario(far_flung(scenario, tmp_path))
    assert str(moved.aircraft[0].hex) == FAR_HEX
    assert moved.aircraft[1:] == load_scenario(scenario).aircraft[1:]


@pytest.mark.slow
def test_every_case_runs(capsys: pytest.CaptureFixture[str]) -> None:
    medians = measure(runs=1, turns=3)
    assert len(medians) == 4 and all(peak > 50e6 for peak in medians.values())
