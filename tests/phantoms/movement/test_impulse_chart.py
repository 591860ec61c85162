"""The derived Impulse Movement Charts (§6.0, §15.0)."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from engine.phantoms.impulse_chart import ImpulseChart, impulse_chart, moves_in_impulse
from models.files import DataFileError

SURVIVING_ROW_TOTALS = {1: 7, 2: 4, 3: 5, 6: 3, 7: 6, 8: 4, 9: 5, 10: 7}
"""X's per impulse as the seed's chart keeps them; impulses 4 and 5 merged into 14."""
FIVE_SINGLES_DOUBLES = {1: (5, 3), 2: (4, 4), 3: (6, 2), 4: (3, 5), 5: (7, 1)}
"""Each five-impulse row's ``x`` and ``xx`` entries as the seed keeps them (§15.0)."""


def test_each_impulse_moves_the_surviving_number_of_speeds() -> None:
    counts = {i: sum(moves_in_impulse(s, i) for s in range(1, 11)) for i in range(1, 11)}
    for impulse, total in SURVIVING_ROW_TOTALS.items():
        assert counts[impulse] == total, impulse
    assert counts[4] + counts[5] == 14
    assert sum(counts.values()) == 55


@pytest.mark.parametrize("speed", range(1, 11))
def test_speed_s_moves_s_times_a_turn(speed: int) -> None:
    assert sum(moves_in_impulse(speed, i) for i in range(1, 11)) == speed
    assert sum(moves_in_impulse(speed, i, five_impulse=True) for i in range(1, 6)) == speed


def _cyclic_gaps(impulses: list[int], length: int) -> list[int]:
    following = impulses[1:] + impulses[:1]
    return [(b - a) % length or length for a, b in zip(impulses, following, strict=True)]


@pytest.mark.parametrize("speed", range(1, 11))
def test_every_speed_moves_evenly_spaced(speed: int) -> None:
    when = [i for i in range(1, 11) if moves_in_impulse(speed, i)]
    gaps = _cyclic_gaps(when, 10)
    assert max(gaps) - min(gaps) <= 1


def test_five_impulse_rows_keep_the_seeds_singles_and_doubles() -> None:
    for impulse, (singles, doubles) in FIVE_SINGLES_DOUBLES.items():
        moves = [moves_in_impulse(s, impulse, five_impulse=True) for s in range(1, 11)]
        assert moves.count(1) == singles and moves.count(2) == doubles, impulse
        # Speeds 5–10 move every impulse; two of speeds 1–4 move in each.
        assert all(m >= 1 for m in moves[4:])
        assert sum(1 for m in moves[:4] if m) == 2


def _balanced(speed: int, length: int) -> list[tuple[int, ...]]:
    """Every evenly spaced pattern of ``speed`` moves in ``length`` impulses."""
    return sorted(
        {
            tuple(
                int((i * speed + phase) // length > ((i - 1) * speed + phase) // length)
                for i in range(1, length + 1)
            )
            for phase in range(length)
        }
    )


def _inversions(columns: tuple[tuple[int, ...], ...]) -> int:
    """Impulse-pairs of speeds in which the slower moves and the faster waits."""
    return sum(
        1
        for i in range(len(columns[0]))
        for slow, fast in itertools.combinations(range(len(columns)), 2)
        if columns[slow][i] and not columns[fast][i]
    )


def _later_first(columns: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    return tuple(x for column in columns for x in column)


def test_the_ten_impulse_chart_is_the_searchs_choice() -> None:
    """All evenly spaced charts meeting the surviving totals, met in the middle; the shipped
    one has the fewest inversions, then the slower speeds moving latest."""

    def merged(rows: list[int]) -> tuple[int, ...]:
        return (*rows[:3], rows[3] + rows[4], *rows[5:])

    target = (7, 4, 5, 14, 3, 6, 4, 5, 7)
    fast: dict[tuple[int, ...], list[tuple[tuple[int, ...], ...]]] = {}
    for combo in itertools.product(*(_balanced(s, 10) for s in range(6, 11))):
        key = merged([sum(c[i] for c in combo) for i in range(10)])
        fast.setdefault(key, []).append(combo)
    fits = []
    for slow in itertools.product(*(_balanced(s, 10) for s in range(1, 6))):
        rows = merged([sum(c[i] for c in slow) for i in range(10)])
        need = tuple(t - r for t, r in zip(target, rows, strict=True))
        fits += [slow + rest for rest in fast.get(need, [])]
    assert len(fits) == 7
    best = min(fits, key=lambda f: (_inversions(f), _later_first(f)))
    shipped = tuple(tuple(moves_in_impulse(s, i) for i in range(1, 11)) for s in range(1, 11))
    assert shipped == best


def test_the_five_impulse_slow_speeds_are_the_searchs_choice() -> None:
    """Speeds 1–4 of the five-impulse chart: two a row, evenly spaced, closest to the
    ten-impulse chart read in pairs of impulses, then latest."""
    paired = [
        tuple(
            int(moves_in_impulse(s, 2 * i - 1) + moves_in_impulse(s, 2 * i) > 0)
            for i in range(1, 6)
        )
        for s in range(1, 5)
    ]
    fits = [
        combo
        for combo in itertools.product(*(_balanced(s, 5) for s in range(1, 5)))
        if all(sum(c[i] for c in combo) == 2 for i in range(5))
    ]

    def distance(combo: tuple[tuple[int, ...], ...]) -> int:
        pairs = zip(combo, paired, strict=True)
        return sum(a != b for c, p in pairs for a, b in zip(c, p, strict=True))

    best = min(fits, key=lambda f: (distance(f), _later_first(f)))
    shipped = tuple(
        tuple(moves_in_impulse(s, i, five_impulse=True) for i in range(1, 6)) for s in range(1, 5)
    )
    assert shipped == best


def test_speed_zero_or_less_reads_as_speed_one() -> None:
    for impulse in range(1, 11):
        assert moves_in_impulse(0, impulse) == moves_in_impulse(1, impulse)
        assert moves_in_impulse(-3, impulse) == moves_in_impulse(1, impulse)


def test_impulse_outside_the_turn_is_refused() -> None:
    with pytest.raises(ValueError, match="impulse 11"):
        moves_in_impulse(5, 11)
    with pytest.raises(ValueError, match="impulse 6"):
        moves_in_impulse(5, 6, five_impulse=True)


def test_a_chart_that_moves_a_speed_wrongly_is_refused_naming_file_and_field(
    tmp_path: Path,
) -> None:
    text = impulse_chart().model_dump()
    text["ten"][0]["speeds"] = [1, 2, 3, 5, 7, 8, 9, 10]  # speed 2 now moves three times
    path = tmp_path / "impulse_chart.toml"
    lines = ["derived = true"]
    for row in text["ten"]:
        lines += ["[[ten]]", f"impulse = {row['impulse']}", f"speeds = {list(row['speeds'])}"]
    for row in text["five"]:
        lines += ["[[five]]", f"impulse = {row['impulse']}", f"moves = {list(row['moves'])}"]
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(DataFileError) as error:
        impulse_chart(path)
    assert "impulse_chart.toml" in str(error.value)
    assert "speed 2 moves 3 times" in str(error.value)
    assert isinstance(impulse_chart(), ImpulseChart)
