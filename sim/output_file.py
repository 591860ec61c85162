"""Output files: checked before the work starts, then written whole or not at all.

Every command that writes a file (a timeline, a PNG, a video, a Tacview recording) names it
through :meth:`OutputFile.check` before it plays, renders or reads anything large, so a name
that cannot work is refused at once: its folder must exist and be writable, the name must not
be a folder, a special file or a read-only file, it must end in a suffix the format needs, and
it must not be a file the command reads (``furball run fight.toml -o fight.toml`` would
replace the scenario with its own timeline).

:meth:`OutputFile.writing` then hands the writer a temporary file beside the output, with the
same suffix (the encoders pick the format from it), and moves it onto the output only once
the writer has finished: a write that fails or is interrupted leaves no half-written file,
and whatever was saved under the name before is kept.
"""

from __future__ import annotations

import os
import secrets
import stat
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path

PARTIAL_PREFIX = ".furball-partial-"
"""Temporary files being written start with this (hidden, and named apart from any output)."""
NAME_MAX_BYTES = 255
"""The longest file name most file systems take, when the folder does not say."""


class OutputError(ValueError):
    """An output file that cannot be written as asked; the message names it."""


def _name_max(folder: Path) -> int:
    try:
        return int(os.pathconf(folder, "PC_NAME_MAX"))
    except (OSError, ValueError, AttributeError):
        return NAME_MAX_BYTES


def _same_file(a: Path, b: Path) -> bool:
    try:
        if os.path.samefile(a, b):
            return True
    except OSError:
        pass
    try:
        return a.resolve() == b.resolve()
    except (OSError, RuntimeError):
        return False


@dataclass(frozen=True, slots=True)
class OutputFile:
    """A checked output: where it goes, the suffix it was given, and how the user named it."""

    path: Path
    suffix: str
    """The ending the format needs, as the user wrote it (``.png``, ``.zip.acmi``)."""
    option: str = ""
    """The flag that named the file (``--png``), for messages."""

    @classmethod
    def check(
        cls,
        path: Path,
        suffixes: Sequence[str],
        *,
        option: str = "",
        reads: Iterable[Path] = (),
    ) -> OutputFile:
        """The output at ``path``, or :class:`OutputError` saying what is wrong with it.

        ``suffixes`` are the endings the format accepts (the first one is suggested);
        ``reads`` the files the command reads, which it must never overwrite."""
        name = f"{option} {path}" if option else str(path)
        try:
            return cls._check(path, suffixes, option, list(reads), name)
        except OSError as error:  # a name the file system cannot even look up
            raise OutputError(f"{name}: cannot write there ({error.strerror or error})") from None

    @classmethod
    def _check(
        cls, path: Path, suffixes: Sequence[str], option: str, reads: list[Path], name: str
    ) -> OutputFile:
        example = f"NAME{suffixes[0]}"
        if not path.name:
            raise OutputError(f"{name}: give a file name, e.g. {example}")
        folder = path.parent
        longest = _name_max(folder)
        if len(os.fsencode(path.name)) > longest:
            raise OutputError(f"{name}: the file name is longer than {longest} bytes")
        for read in reads:
            if _same_file(path, read):
                raise OutputError(
                    f"{name}: that is {read}, which this command reads; writing there would "
                    f"destroy it, so name the output {example}"
                )
        if path.is_dir():
            raise OutputError(f"{name}: is a folder; name a file in it, e.g. {path / example}")
        lowered = path.name.lower()
        suffix = next((s for s in suffixes if lowered.endswith(s.lower())), None)
        if suffix is None or len(path.name) <= len(suffix):
            ends = " or ".join(suffixes)
            raise OutputError(f"{name}: the file name must end in {ends}, e.g. {example}")
        if not folder.is_dir():
            what = "is not a folder" if folder.exists() else "does not exist"
            raise OutputError(f"{name}: the folder {folder} {what}")
        if not os.access(folder, os.W_OK | os.X_OK):
            raise OutputError(f"{name}: cannot write into the folder {folder} (permission denied)")
        if path.exists():
            mode = path.stat().st_mode
            if not stat.S_ISREG(mode):
                raise OutputError(
                    f"{name}: is not a regular file (a device, FIFO or socket); furball writes "
                    "only regular files"
                )
            if not os.access(path, os.W_OK):
                raise OutputError(f"{name}: the file is read-only; furball will not replace it")
        return cls(path, path.name[len(path.name) - len(suffix) :], option)

    @property
    def label(self) -> str:
        return f"{self.option} {self.path}" if self.option else str(self.path)

    @contextmanager
    def writing(self) -> Iterator[Path]:
        """A temporary file beside the output to write; on leaving the block it replaces the
        output, or is removed when the block raised (the output is then left as it was).
        An :class:`OSError` of the write becomes an :class:`OutputError` naming the file."""
        folder = self.path.parent
        temp = folder / f"{PARTIAL_PREFIX}{secrets.token_hex(6)}{self.suffix}"
        try:  # created inside the try, so even a signal right after it removes it again
            os.close(os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666))
            yield temp
            _flush_to_disk(temp)
            os.replace(temp, self.path)
        except OSError as error:
            _remove(temp)
            raise OutputError(f"{self.label}: cannot write ({error.strerror or error})") from None
        except BaseException:
            _remove(temp)
            raise


def _flush_to_disk(path: Path) -> None:
    """Make the written bytes durable before the rename makes them the output."""
    descriptor = os.open(path, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


def _remove(path: Path) -> None:
    with suppress(OSError):
        path.unlink(missing_ok=True)
