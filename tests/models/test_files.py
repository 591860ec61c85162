"""The one way furball reads a TOML file (models/files.py): what is refused before the
models see it, and that each refusal is a DataFileError naming the file."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pytest

from models.files import (
    CARD_LIMITS,
    USER_FILE_LIMITS,
    DataFileError,
    FileLimits,
    read_toml,
)

SMALL = FileLimits(max_bytes=200, max_entries=10, max_depth=3, max_key_parts=3, max_text_chars=20)


def _refusal(path: Path, limits: FileLimits = USER_FILE_LIMITS) -> str:
    with pytest.raises(DataFileError) as caught:
        read_toml(path, limits)
    message = str(caught.value)
    assert message.startswith(str(path)), message
    assert "\n" not in message, message
    return message


def test_a_folder_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "scenario.toml"
    folder.mkdir()
    assert "is a folder" in _refusal(folder)


def test_a_device_behind_a_symlink_is_refused(tmp_path: Path) -> None:
    link = tmp_path / "null.toml"
    link.symlink_to(os.devnull)
    assert "is a device" in _refusal(link)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_named_pipe_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    outcome: list[BaseException | None] = []

    def read() -> None:
        try:
            read_toml(fifo)
        except BaseException as error:
            outcome.append(error)
        else:
            outcome.append(None)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(timeout=5)
    if reader.is_alive():  # release the reader stuck opening the pipe
        os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        pytest.fail("reading a named pipe blocked")
    assert isinstance(outcome[0], DataFileError) and "named pipe" in str(outcome[0])


def test_a_missing_file_and_a_name_too_long_are_refused(tmp_path: Path) -> None:
    assert "No such file" in _refusal(tmp_path / "none.toml")
    assert "too long" in _refusal(tmp_path / ("x" * 300 + ".toml"))


def test_the_size_is_checked_before_reading(tmp_path: Path) -> None:
    path = tmp_path / "big.toml"
    path.write_text("x = 1\n" * 100)
    assert "at most 200 bytes" in _refusal(path, SMALL)
    path.write_text("x = 1\n" * (USER_FILE_LIMITS.max_bytes // 6 + 1))
    assert "at most 2,097,152 bytes" in _refusal(path)


def test_a_long_dotted_key_is_refused_before_parsing(tmp_path: Path) -> None:
    """The TOML parser's time and memory grow with the square of a dotted key's parts:
    100,000 parts took 12 GB.  The text is checked first."""
    path = tmp_path / "dotted.toml"
    path.write_text("a" + ".a" * 10_000 + " = 1\n")
    started = time.perf_counter()
    message = _refusal(path)
    assert time.perf_counter() - started < 1.0
    assert "line 1: a dotted key of more than 16 parts" in message
    path.write_text('x = 1\n[a."b c".d.e]\nf = 2\n')
    assert "line 2: a dotted key of more than 3 parts" in _refusal(path, SMALL)


def test_dotted_keys_within_the_limit_and_dotted_text_pass(tmp_path: Path) -> None:
    path = tmp_path / "fine.toml"
    dotted_text = ".".join(["word"] * 30)
    path.write_text(f'a.b.c = 1\nnote = "see {dotted_text}"\n')
    assert read_toml(path, FileLimits(max_bytes=1000, max_entries=10, max_key_parts=3))["a"] == {
        "b": {"c": 1}
    }


def test_a_scan_of_a_long_word_is_quick(tmp_path: Path) -> None:
    path = tmp_path / "word.toml"
    path.write_text('x = "' + "a" * 1_000_000 + '"\n')
    started = time.perf_counter()
    assert "a text of 1,000,000 characters" in _refusal(path)
    assert time.perf_counter() - started < 2.0


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("x = " + "[" * 5000 + "]" * 5000, "nested too deep"),
        ("x = [[[[1]]]]", "x.0.0.0: nested more than 3 deep"),
        ("x = " + "9" * 5000, "a whole number too long to read"),
        ("x = 100000000000000000000", "x: 100000000000000000000 is too large a whole number"),
        ("x = nan", "x: nan is not a finite number"),
        ("x = [1.0, -inf]", "x.1: -inf is not a finite number"),
        ('x = "' + "y" * 21 + '"', "x: a text of 21 characters"),
        ("x = [" + "1, " * 11 + "]", "more than 10 keys and array items"),
        ("x = ", "TOML syntax"),
    ],
)
def test_what_the_parser_or_the_shape_check_refuses(
    tmp_path: Path, text: str, expected: str
) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(text + "\n")
    assert expected in _refusal(path, SMALL if len(text) < 100 else USER_FILE_LIMITS)


def test_text_that_is_not_utf8_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "latin.toml"
    path.write_bytes(b'name = "caf\xe9"\n')
    assert "not UTF-8" in _refusal(path)


def test_every_shipped_card_and_table_fits_the_card_limits() -> None:
    root = Path(__file__).resolve().parents[2] / "models"
    for folder in ("cards", "missiles", "sensors", "tables"):
        for path in sorted((root / folder).glob("*.toml")):
            assert read_toml(path, CARD_LIMITS), path
