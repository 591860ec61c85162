"""A streaming writer of Tacview ACMI 2.2 text: each line goes straight to the file.

Nothing is kept but the stream, so memory does not grow with the length of a recording.
``open_acmi(path)`` picks the container from the name: ``*.txt.acmi`` is the text itself,
``*.zip.acmi`` a zip holding it deflated as ``acmi.txt``, the way Tacview saves one.
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import TextIO

TEXT_SUFFIX = ".txt.acmi"
ZIP_SUFFIX = ".zip.acmi"
ZIP_MEMBER = "acmi.txt"
"""The name of the text inside a ``.zip.acmi``."""
GLOBAL_ID = 0
"""Object 0 holds the recording's global properties and its events."""


class AcmiPathError(ValueError):
    """An output name that is not an ACMI file name."""


def escape(text: str) -> str:
    """A text property value as ACMI writes it: commas and line ends behind a backslash."""
    if "," in text or "\n" in text or "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
        text = text.replace(",", "\\,").replace("\n", "\\\n")
    return text


def object_id(number: int) -> str:
    """An object id as ACMI writes it: hexadecimal, no prefix, no leading zeros."""
    return f"{number:x}"


def frame_time(t_s: float) -> str:
    """Seconds after the reference time, to the hundredth, without trailing zeros."""
    text = f"{t_s:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text


class AcmiWriter:
    """Writes ACMI lines to a text stream as they are asked for."""

    def __init__(self, stream: TextIO) -> None:
        self._write = stream.write

    def header(self, properties: Iterable[tuple[str, str]]) -> None:
        """The two mandatory lines, then the global object's properties, one a line."""
        self._write("FileType=text/acmi/tacview\nFileVersion=2.2\n")
        for name, value in properties:
            self._write(f"0,{name}={escape(value)}\n")

    def frame(self, t_s: float) -> None:
        """Start the time frame ``t_s`` seconds after the reference time."""
        self._write(f"#{frame_time(t_s)}\n")

    def update(self, number: int, properties: Sequence[tuple[str, str]]) -> None:
        """Set properties of object ``number``; a property not given keeps its value."""
        fields = ",".join(f"{name}={escape(value)}" for name, value in properties)
        self._write(f"{number:x},{fields}\n")

    def remove(self, number: int) -> None:
        """Take object ``number`` off the battlefield."""
        self._write(f"-{number:x}\n")

    def event(self, kind: str, numbers: Sequence[int], text: str) -> None:
        """A global event: ``Message``, ``Bookmark``, ``Destroyed``, ``Timeout`` …, naming
        objects ``numbers``.  For ``Timeout`` the text is its ``Key:Value|…`` parameters."""
        ids = "".join(f"{number:x}|" for number in numbers)
        self._write(f"0,Event={kind}|{ids}{escape(text)}\n")


def check_path(path: Path) -> None:
    """Raise :class:`AcmiPathError` unless ``path`` ends in ``.txt.acmi`` or ``.zip.acmi``."""
    if not path.name.lower().endswith((TEXT_SUFFIX, ZIP_SUFFIX)):
        raise AcmiPathError(
            f"{path}: name the output NAME{ZIP_SUFFIX} (compressed, what Tacview saves) "
            f"or NAME{TEXT_SUFFIX} (plain text)"
        )


@contextmanager
def open_acmi(path: Path) -> Iterator[AcmiWriter]:
    """An :class:`AcmiWriter` on a new ``.txt.acmi`` or ``.zip.acmi`` file.  The file is
    removed again if writing fails."""
    check_path(path)
    try:
        with _text_stream(path) as stream:
            yield AcmiWriter(stream)
    except BaseException:
        with suppress(OSError):
            path.unlink(missing_ok=True)
        raise


@contextmanager
def _text_stream(path: Path) -> Iterator[TextIO]:
    if path.name.lower().endswith(TEXT_SUFFIX):
        with path.open("w", encoding="utf-8", newline="\n") as text:
            yield text
        return
    with zipfile.ZipFile(path, "w") as archive:
        info = zipfile.ZipInfo(ZIP_MEMBER, date_time=(1980, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        info.external_attr = 0o644 << 16
        with (
            archive.open(info, "w") as member,
            io.TextIOWrapper(member, encoding="utf-8", newline="\n") as text,
        ):
            yield text
