"""The progress report of long work."""

import io

from sim.progress import Progress


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_into_a_file_a_line_every_tenth() -> None:
    stream = io.StringIO()
    progress = Progress(100, "writing x.zip.acmi", stream, unit="ticks")
    for done in range(1, 101):
        progress(done)
    lines = stream.getvalue().splitlines()
    assert len(lines) == 11  # the start, then every tenth
    assert lines[-1].startswith("writing x.zip.acmi: 100/100 ticks (100%)")


def test_on_a_terminal_one_redrawn_line_with_a_bar() -> None:
    stream = Terminal()
    progress = Progress(40, "rendering", stream)
    progress(20)
    progress(40)
    text = stream.getvalue()
    assert text.count("\r") == 2 and text.endswith("\n")
    assert "[############            ] rendering: 20/40 frames" in text


def test_short_work_stays_quiet() -> None:
    few, early = io.StringIO(), io.StringIO()
    small = Progress(10, "x", few)
    small(10)
    quick = Progress(100, "x", early, min_total=1, after_s=60.0)
    quick(50)
    quick(100)
    assert few.getvalue() == early.getvalue() == ""


def test_a_total_learnt_on_the_way() -> None:
    stream = io.StringIO()
    progress = Progress(0, "playing loop", stream, unit="game-turns", min_total=1)
    progress(1, 6)
    progress(6, 6)
    assert stream.getvalue().splitlines()[-1].startswith("playing loop: 6/6 game-turns")
