"""Reading a timeline file (``.furball.npz``), strictly and within fixed limits.

The one way furball reads a timeline.  Step by step, each before anything is allocated
for the next:

1. the path must be a regular file (a FIFO, a device or a folder is refused without
   waiting on it) of at most :data:`MAX_FILE_BYTES`;
2. the zip's directory is read first: at most :data:`MAX_MEMBERS` members, each
   ``meta.json``, ``t_s.npy`` or ``ch_NAME.npy``, stored or deflated, not encrypted, and
   declaring no more than :data:`MAX_META_BYTES` (the metadata) or
   :data:`MAX_MEMBER_BYTES` (an array) uncompressed, :data:`MAX_TOTAL_BYTES` in all;
3. ``meta.json`` is parsed into :class:`~models.timeline.TimelineMeta`, strictly (no
   numbers for text, no booleans for numbers, no NaN);
4. each array's ``.npy`` header is read on its own: its type must be the channel's
   (plain booleans, integers, floats or text; never Python objects, so nothing is ever
   unpickled), its shape must match the entities and ticks, and shape × item size must
   be exactly what the member holds, all before the data is read;
5. every value is checked (:mod:`models.timeline_checks`).

A file of format 1 (Birds of Prey's, before channels were declared and namespaced) is read
the same way and handed on as format 2 (:mod:`models.timeline_v1`).

Any problem raises :class:`~models.timeline.TimelineFormatError`: one line naming the
file, the member (and the field path inside ``meta.json``) and what would be valid.
"""

from __future__ import annotations

import math
import os
import re
import stat
import struct
import warnings
import zipfile
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any, Final

import numpy as np
import numpy.typing as npt
from pydantic import BaseModel, ConfigDict, ValidationError

from models.files import describe_validation_error
from models.timeline import TIMELINE_FORMAT_VERSION, Timeline, TimelineFormatError, TimelineMeta
from models.timeline_checks import (
    channel_header_problem,
    channel_problem,
    event_problems,
    member_name,
    meta_problems,
    missing_channels_problem,
    spec_problems,
    t_s_header_problem,
    t_s_problem,
)
from models.timeline_v1 import (
    READABLE_VERSIONS,
    V1_RULES,
    v1_channel_name,
    v1_meta,
    v1_missing_problem,
    v1_upgrade,
)

MIB: Final = 1 << 20
MAX_FILE_BYTES: Final = 256 * MIB
"""Largest timeline file (a thousand game-turns of a dozen aircraft take a few tens of MB)."""
MAX_MEMBER_BYTES: Final = 512 * MIB
"""Largest array in a timeline file, uncompressed."""
MAX_TOTAL_BYTES: Final = 2048 * MIB
"""Most bytes all of a timeline file's members hold, uncompressed."""
MAX_META_BYTES: Final = 64 * MIB
"""Largest ``meta.json``, uncompressed."""
MAX_MEMBERS: Final = 1_000
"""Most members in a timeline file (the core channels and a rule set's own)."""
MAX_NPY_HEADER_BYTES: Final = 10_000
"""Longest ``.npy`` header (numpy's own limit for reading without trusting the file)."""

META_MEMBER: Final = "meta.json"
TIMES_MEMBER: Final = "t_s.npy"
_CHANNEL_MEMBER = re.compile(r"ch_(.+)\.npy")
_EOCD = b"PK\x05\x06"
_EOCD_FORMAT = "<4s4H2LH"
_EOCD_SIZE = struct.calcsize(_EOCD_FORMAT)
_MAX_COMMENT = 0xFFFF
_COMPRESSIONS = {zipfile.ZIP_STORED: "stored", zipfile.ZIP_DEFLATED: "deflated"}


class _Version(BaseModel):
    """Only the format version, read before the rest of the metadata."""

    model_config = ConfigDict(extra="ignore")
    format_version: Any = None


class _Refused(Exception):
    """The problems found while reading; they become a :class:`TimelineFormatError`."""

    def __init__(self, *problems: str) -> None:
        super().__init__(*problems)
        self.problems = list(problems)


def read_timeline(path: Path) -> Timeline:
    """Read and check the timeline file at ``path``."""
    try:
        with _open_regular(path) as file:
            size = os.fstat(file.fileno()).st_size
            _check_directory_record(file, size)
            with _open_zip(file) as archive:
                members = _members(archive)
                meta = _read_meta(archive, members[META_MEMBER])
                return _read_arrays(archive, members, meta)
    except _Refused as refusal:
        raise TimelineFormatError(path, refusal.problems) from None


# -- the file ----------------------------------------------------------------------------
@contextmanager
def _open_regular(path: Path) -> Iterator[IO[bytes]]:
    """The file opened for reading, refused unless it is a regular file of a size we read.

    It is opened without blocking (a FIFO with no writer would otherwise wait forever) and
    checked on the open descriptor, so a symlink is judged by what it points to."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as error:
        raise _Refused(f"cannot read the file ({error.strerror or error})") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise _Refused(f"not a regular file ({_file_kind(info.st_mode)}); give a timeline file")
        if info.st_size > MAX_FILE_BYTES:
            raise _Refused(
                f"{info.st_size:,} bytes; a timeline file is at most {MAX_FILE_BYTES:,} bytes"
            )
        file = os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise
    with file:
        yield file


def _file_kind(mode: int) -> str:
    kinds = (
        (stat.S_ISDIR, "a folder"),
        (stat.S_ISFIFO, "a FIFO"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
        (stat.S_ISSOCK, "a socket"),
    )
    return next((name for test, name in kinds if test(mode)), "a special file")


def _check_directory_record(file: IO[bytes], size: int) -> None:
    """Refuse a zip whose directory lists more members, or takes more bytes, than a
    timeline's could, before :mod:`zipfile` reads it all into memory."""
    tail_bytes = min(size, _EOCD_SIZE + _MAX_COMMENT)
    file.seek(size - tail_bytes)
    tail = file.read(tail_bytes)
    at = tail.rfind(_EOCD)
    if at < 0 or len(tail) - at < _EOCD_SIZE:
        raise _Refused("not a furball timeline (not a zip file)")
    _, disk, _, _, entries, directory_bytes, _, _ = struct.unpack(
        _EOCD_FORMAT, tail[at : at + _EOCD_SIZE]
    )
    if disk != 0 or entries == 0xFFFF or directory_bytes == 0xFFFFFFFF:
        raise _Refused("not a furball timeline (a split or ZIP64 archive)")
    if entries > MAX_MEMBERS:
        raise _Refused(f"{entries} members; a timeline file has at most {MAX_MEMBERS}")
    if directory_bytes > MAX_MEMBERS * 1024:
        raise _Refused(f"a zip directory of {directory_bytes:,} bytes is not a timeline's")
    file.seek(0)


# -- the zip's directory -----------------------------------------------------------------
_ZIP_DAMAGE = (zipfile.BadZipFile, zlib.error, EOFError, NotImplementedError, OSError)
"""What :mod:`zipfile` raises for a damaged or unusual archive (an unknown version, an
offset pointing outside the file, ...)."""


@contextmanager
def _open_zip(file: IO[bytes]) -> Iterator[zipfile.ZipFile]:
    try:
        archive = zipfile.ZipFile(file)
    except (*_ZIP_DAMAGE, UnicodeDecodeError) as error:
        raise _Refused(f"not a furball timeline (not a sound zip file: {error})") from None
    with archive:
        yield archive


def _members(archive: zipfile.ZipFile) -> dict[str, zipfile.ZipInfo]:
    """The members by name, each checked against the format from the directory alone."""
    members: dict[str, zipfile.ZipInfo] = {}
    total = 0
    for info in archive.infolist():
        name = info.filename
        shown = name if len(name) <= 60 else name[:59] + "…"
        if name != META_MEMBER and name != TIMES_MEMBER and not _CHANNEL_MEMBER.fullmatch(name):
            raise _Refused(
                f"member {shown!r} is not part of the format; a timeline holds "
                f"{META_MEMBER}, {TIMES_MEMBER} and one ch_NAME.npy per channel"
            )
        if name in members:
            raise _Refused(f"{shown}: twice in the zip; each member appears once")
        if info.flag_bits & 0x1:
            raise _Refused(f"{shown}: encrypted; timeline members are not")
        if info.compress_type not in _COMPRESSIONS:
            raise _Refused(
                f"{shown}: compression method {info.compress_type}; members are stored or deflated"
            )
        limit = MAX_META_BYTES if name == META_MEMBER else MAX_MEMBER_BYTES
        if info.file_size > limit:
            raise _Refused(
                f"{shown}: {info.file_size:,} bytes uncompressed; a member holds at most {limit:,}"
            )
        total += info.file_size
        members[name] = info
    if total > MAX_TOTAL_BYTES:
        raise _Refused(
            f"{total:,} bytes uncompressed in all; a timeline holds at most {MAX_TOTAL_BYTES:,}"
        )
    for required in (META_MEMBER, TIMES_MEMBER):
        if required not in members:
            raise _Refused(f"not a furball timeline (no {required})")
    return members


@contextmanager
def _damage_as_refusal(member: str) -> Iterator[None]:
    """A member whose compressed data is damaged or cut short is refused by name."""
    try:
        yield
    except _ZIP_DAMAGE as error:
        raise _Refused(f"{member}: damaged ({error})") from None


# -- the metadata ------------------------------------------------------------------------
def _read_meta(archive: zipfile.ZipFile, info: zipfile.ZipInfo) -> TimelineMeta:
    with _damage_as_refusal(META_MEMBER), archive.open(info) as member:
        raw = member.read(MAX_META_BYTES + 1)
    if len(raw) > MAX_META_BYTES:
        raise _Refused(f"{META_MEMBER}: larger than {MAX_META_BYTES:,} bytes")
    try:
        version = _Version.model_validate_json(raw).format_version
    except ValidationError as error:
        syntax = [e["msg"] for e in error.errors() if e["type"] == "json_invalid"]
        if syntax:
            raise _Refused(f"{META_MEMBER}: not JSON ({syntax[0]})") from None
        raise _Refused(f"{META_MEMBER}: not a JSON object of timeline metadata") from None
    if version is None:
        raise _Refused(
            f"{META_MEMBER}: format_version: missing; this furball reads timeline format "
            f"{TIMELINE_FORMAT_VERSION}"
        )
    if version not in READABLE_VERSIONS or isinstance(version, bool):
        raise _Refused(
            f"timeline format {version}, this furball reads {TIMELINE_FORMAT_VERSION} "
            f"(and format 1, read as {TIMELINE_FORMAT_VERSION}); re-run the scenario"
        )
    try:
        meta = TimelineMeta.model_validate_json(raw, strict=True)
    except ValidationError as error:
        problems = describe_validation_error(error)
        raise _Refused(*(f"{META_MEMBER}: {p}" for p in problems)) from None
    problems = meta_problems(meta)
    if meta.format_version == 1 and meta.rules != V1_RULES:
        problems.append(
            f"{META_MEMBER}: rules: {meta.rules!r} in a timeline of format 1, which only "
            f"{V1_RULES!r} wrote; re-run the scenario"
        )
    if problems:
        raise _Refused(*problems)
    return meta


# -- the arrays --------------------------------------------------------------------------
def _read_arrays(
    archive: zipfile.ZipFile, members: dict[str, zipfile.ZipInfo], meta: TimelineMeta
) -> Timeline:
    channel_names = {
        match[1]: name for name in members if (match := _CHANNEL_MEMBER.fullmatch(name)) is not None
    }
    v1 = meta.format_version == 1
    if v1:
        missing = v1_missing_problem(list(channel_names))
        channel_names = {v1_channel_name(name): member for name, member in channel_names.items()}
        meta = v1_meta(meta, list(channel_names))
    else:
        missing = missing_channels_problem(list(channel_names))
    if missing is not None:
        raise _Refused(missing)
    if not v1:
        spec_found = spec_problems(meta, list(channel_names))
        if spec_found:
            raise _Refused(*spec_found)
    t_s = _read_npy(archive, members[TIMES_MEMBER], _t_s_header_check)
    found = t_s_problem(t_s, meta.tick_s)
    if found is not None:
        raise _Refused(found)
    entities, ticks = len(meta.entities), int(t_s.shape[0])
    problems: list[str] = []
    channels: dict[str, npt.NDArray[Any]] = {}
    leading: dict[str, tuple[int, ...]] = {}
    """Each channel's entity and tick counts, as its header gives them."""
    for channel, member in sorted(channel_names.items()):

        def header_check(
            shape: tuple[int, ...], dtype: np.dtype[Any], channel: str = channel
        ) -> str | None:
            leading[channel] = tuple(shape[:2])
            return channel_header_problem(
                channel,
                shape,
                dtype,
                entities,
                ticks,
                meta.channels.get(channel),
                members[channel_names[channel]].filename,
            )

        try:
            array = _read_npy(archive, members[member], header_check)
        except _Refused as refusal:
            problems.extend(refusal.problems)
            continue
        found = channel_problem(channel, array, meta, member)
        if found is not None:
            problems.append(found)
        channels[channel] = array
    problems = _shared_shape(problems, leading, entities, ticks)
    problems.extend(event_problems(meta, float(t_s[-1])))
    if problems:
        raise _Refused(*problems)
    if v1:
        meta, channels = v1_upgrade(meta, channels)
    return Timeline(meta=meta, t_s=t_s, channels=channels)


def _shared_shape(
    problems: list[str], leading: dict[str, tuple[int, ...]], entities: int, ticks: int
) -> list[str]:
    """When every channel holds the same numbers of entities and ticks and they are not
    the metadata's and ``t_s``'s, those are what disagree: one line says so, in place of
    one line per channel."""
    shapes = set(leading.values())
    if len(leading) < 2 or len(shapes) != 1:
        return problems
    (shape,) = shapes
    if len(shape) != 2 or shape == (entities, ticks):
        return problems
    shape_lines = {f"{member_name(channel)}: shape " for channel in leading}
    kept = [p for p in problems if not any(p.startswith(line) for line in shape_lines)]
    rows, columns = shape
    return [
        f"every channel holds {rows} entities by {columns} ticks, but meta.json lists "
        f"{entities} entities and t_s.npy {ticks} ticks; they agree in a timeline",
        *kept,
    ]


def _t_s_header_check(shape: tuple[int, ...], dtype: np.dtype[Any]) -> str | None:
    return t_s_header_problem(shape, dtype)


def _read_npy(archive: zipfile.ZipFile, info: zipfile.ZipInfo, check: Any) -> npt.NDArray[Any]:
    """One ``.npy`` member: its header parsed and checked (``check(shape, dtype)`` returns
    a problem or None) before exactly the bytes it declares are read."""
    name = info.filename
    with _damage_as_refusal(name), archive.open(info) as member:
        shape, fortran_order, dtype = _npy_header(name, member)
        problem = check(shape, dtype)
        if problem is not None:
            raise _Refused(problem)
        count = math.prod(shape)
        data_bytes = count * dtype.itemsize
        header_bytes = member.tell()
        if header_bytes + data_bytes != info.file_size:
            raise _Refused(
                f"{name}: its header declares {shape} × {dtype.itemsize} bytes = "
                f"{data_bytes:,} bytes of data, but the member holds "
                f"{info.file_size - header_bytes:,}"
            )
        data = member.read(data_bytes)
    if len(data) != data_bytes:
        raise _Refused(f"{name}: cut short ({len(data):,} of {data_bytes:,} bytes)")
    array = np.frombuffer(data, dtype=dtype, count=count)
    return array.reshape(shape, order="F" if fortran_order else "C")


def _npy_header(name: str, member: IO[bytes]) -> tuple[tuple[int, ...], bool, np.dtype[Any]]:
    """(shape, Fortran order, dtype) from a ``.npy`` header, refusing anything but plain
    arrays of booleans, numbers or text."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error")  # a header numpy has to mend is not ours
            version = np.lib.format.read_magic(member)
            if version == (1, 0):
                header = np.lib.format.read_array_header_1_0(member, MAX_NPY_HEADER_BYTES)
            elif version == (2, 0):
                header = np.lib.format.read_array_header_2_0(member, MAX_NPY_HEADER_BYTES)
            else:
                raise _Refused(f"{name}: .npy format {version}; furball reads 1.0 and 2.0")
    except (_Refused, *_ZIP_DAMAGE):
        raise
    except Exception as error:  # numpy's header parser fails in many ways on junk
        first = str(error).splitlines()[0] if str(error) else type(error).__name__
        raise _Refused(f"{name}: not a .npy array ({first[:120]})") from None
    shape, fortran_order, dtype = header
    if any(n < 0 for n in shape):
        raise _Refused(f"{name}: shape {shape} has a negative length")
    if dtype.hasobject or dtype.fields is not None or dtype.subdtype is not None:
        raise _Refused(
            f"{name}: holds Python objects or records ({dtype.str}); timeline arrays hold "
            "booleans, integers, floats or text, and are never unpickled"
        )
    if dtype.itemsize == 0:
        raise _Refused(f"{name}: items of no size ({dtype.str})")
    return tuple(shape), bool(fortran_order), dtype
