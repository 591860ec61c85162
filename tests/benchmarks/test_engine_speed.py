"""The engine-speed benchmark still runs (slow: ``pytest -m slow``).

The figure itself comes from ``python -m benchmarks.engine_speed``, not from a timed test.
"""

import pytest

from benchmarks.engine_speed import four_v_four, time_furball


@pytest.mark.slow
def test_benchmark_scenario_flies_all_eight_aircraft() -> None:
    assert len(four_v_four(3).aircraft) == 8
    wall, rtf, _ = time_furball(turns=3, runs=1)
    assert wall > 0 and rtf > 0


def test_the_benchmark_times_both_the_full_sop_and_the_flight_engine_alone() -> None:
    assert four_v_four(3).awareness and not four_v_four(3, awareness=False).awareness
    _, rtf_full, _ = time_furball(turns=2, runs=1, awareness=True)
    _, rtf_flight, _ = time_furball(turns=2, runs=1, awareness=False)
    assert rtf_full > 0 and rtf_flight > 0
