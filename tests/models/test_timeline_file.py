"""Reading timeline files strictly: special files, size limits, the zip's directory, the
``.npy`` headers and the metadata, each refused in one line naming the file and member."""

import io
import json
import os
import struct
import threading
import zipfile
from pathlib import Path

import numpy as np
import pytest

import models.timeline_file as timeline_file
from models.timeline import Timeline, TimelineFormatError
from tests.timeline_files import (
    added,
    members,
    npy,
    replaced,
    saved,
    sound_timeline,
    write_members,
)


def refusal(path: Path) -> str:
    """The one-line message loading ``path`` is refused with."""
    with pytest.raises(TimelineFormatError) as caught:
        Timeline.load(path)
    message = str(caught.value)
    assert "\n" not in message
    assert message.startswith(f"{path}: ")
    return message


def load_within(path: Path, seconds: float = 10.0) -> BaseException | Timeline:
    """Load ``path`` on a thread; fail the test when it has not returned in time."""
    outcome: list[BaseException | Timeline] = []

    def attempt() -> None:
        try:
            outcome.append(Timeline.load(path))
        except BaseException as error:  # handed back to the test
            outcome.append(error)

    worker = threading.Thread(target=attempt, daemon=True)
    worker.start()
    worker.join(seconds)
    if worker.is_alive() and path.is_fifo():  # let a reader blocked on the FIFO go
        fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK)
        os.close(fd)
        worker.join(seconds)
    assert outcome, f"loading {path} did not return within {seconds} s"
    return outcome[0]


def test_a_sound_timeline_loads_and_its_arrays_cannot_be_changed(tmp_path: Path) -> None:
    original = sound_timeline()
    loaded = Timeline.load(saved(tmp_path, original))
    assert loaded.meta == original.meta
    assert set(loaded.channels) == set(original.channels)
    for name, array in original.channels.items():
        assert np.array_equal(loaded.channels[name], array)
    with pytest.raises(ValueError):
        loaded.channels["x_ft"][0, 0] = 1.0


# -- special files -------------------------------------------------------------------------
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    fifo = tmp_path / "t.furball.npz"
    os.mkfifo(fifo)
    outcome = load_within(fifo)
    assert isinstance(outcome, TimelineFormatError)
    assert "not a regular file (a FIFO)" in str(outcome)


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_a_device_and_a_symlink_to_one_are_refused(tmp_path: Path) -> None:
    link = tmp_path / "zero.furball.npz"
    link.symlink_to("/dev/zero")
    for path in (Path("/dev/zero"), link):
        outcome = load_within(path)
        assert isinstance(outcome, TimelineFormatError)
        assert "not a regular file (a character device)" in str(outcome)


def test_a_folder_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "t.furball.npz"
    folder.mkdir()
    message = refusal(folder)
    assert "not a regular file (a folder)" in message or "cannot read" in message


def test_a_missing_file_or_a_name_too_long(tmp_path: Path) -> None:
    assert "cannot read the file (No such file" in refusal(tmp_path / "missing.npz")
    assert "cannot read the file" in refusal(tmp_path / ("x" * 300 + ".npz"))


# -- sizes ---------------------------------------------------------------------------------
def test_a_file_over_the_size_limit_is_refused_before_reading(tmp_path: Path) -> None:
    path = tmp_path / "big.furball.npz"
    with path.open("wb") as file:
        file.truncate(timeline_file.MAX_FILE_BYTES + 1)  # sparse: no disk used
    assert f"a timeline file is at most {timeline_file.MAX_FILE_BYTES:,} bytes" in refusal(path)


def declare_size(path: Path, member: str, size: int) -> None:
    """Make the zip's directory (and local header) say ``member`` holds ``size`` bytes."""
    data = bytearray(path.read_bytes())
    name = member.encode()
    # (signature, offset of the uncompressed size, of the name's length, of the name)
    for signature, size_at, length_at, name_at in (
        (b"PK\x01\x02", 24, 28, 46),
        (b"PK\x03\x04", 22, 26, 30),
    ):
        at = data.find(signature)
        while at >= 0:
            (length,) = struct.unpack_from("<H", data, at + length_at)
            if length == len(name) and data[at + name_at : at + name_at + length] == name:
                struct.pack_into("<L", data, at + size_at, size)
            at = data.find(signature, at + 4)
    path.write_bytes(bytes(data))


def test_a_member_declaring_more_than_the_limit_is_refused_unread(tmp_path: Path) -> None:
    path = saved(tmp_path)
    declare_size(path, "ch_x_ft.npy", 2**31)
    message = refusal(path)
    assert "ch_x_ft.npy: 2,147,483,648 bytes uncompressed" in message
    assert f"at most {timeline_file.MAX_MEMBER_BYTES:,}" in message


def test_a_zip_bomb_is_refused_by_its_declared_size(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = saved(tmp_path)
    zeros = np.zeros(1 << 20)  # 8 MiB of zeros deflate to a few kB
    replaced(path, {"ch_spare.npy": npy(zeros)})
    assert path.stat().st_size < 100_000
    monkeypatch.setattr(timeline_file, "MAX_MEMBER_BYTES", 1 << 20)
    assert "ch_spare.npy: 8,388,736 bytes uncompressed" in refusal(path)


def test_all_members_together_have_a_limit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = saved(tmp_path)
    monkeypatch.setattr(timeline_file, "MAX_TOTAL_BYTES", 10_000)
    assert "uncompressed in all; a timeline holds at most 10,000" in refusal(path)


def test_the_metadata_has_its_own_limit(tmp_path: Path) -> None:
    path = saved(tmp_path)
    declare_size(path, "meta.json", timeline_file.MAX_META_BYTES + 1)
    assert "meta.json: 67,108,865 bytes uncompressed" in refusal(path)


def test_too_many_members_are_refused_before_the_directory_is_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = saved(tmp_path)
    monkeypatch.setattr(timeline_file, "MAX_MEMBERS", 10)
    assert "members; a timeline file has at most 10" in refusal(path)


# -- the zip's directory -------------------------------------------------------------------
def test_a_member_not_of_the_format_is_named(tmp_path: Path) -> None:
    path = replaced(saved(tmp_path), {"notes.txt": b"hello"})
    assert "member 'notes.txt' is not part of the format" in refusal(path)


def test_a_member_twice_is_refused(tmp_path: Path) -> None:
    path = saved(tmp_path)
    with (
        pytest.warns(UserWarning, match="Duplicate name"),
        zipfile.ZipFile(path, "a") as archive,
    ):
        archive.writestr("ch_x_ft.npy", npy(np.zeros((2, 6))))
    assert "ch_x_ft.npy: twice in the zip" in refusal(path)


def test_an_encrypted_or_oddly_compressed_member_is_refused(tmp_path: Path) -> None:
    path = saved(tmp_path)
    data = bytearray(path.read_bytes())
    at = data.find(b"PK\x01\x02")
    struct.pack_into("<H", data, at + 8, struct.unpack_from("<H", data, at + 8)[0] | 1)
    path.write_bytes(bytes(data))
    assert "encrypted" in refusal(path)

    contents = members(saved(tmp_path))
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_BZIP2) as archive:
        for name, member in contents.items():
            archive.writestr(name, member)
    assert "compression method 12; members are stored or deflated" in refusal(path)


def test_damaged_compressed_data_names_the_member(tmp_path: Path) -> None:
    path = saved(tmp_path)
    with zipfile.ZipFile(path) as archive:
        info = archive.getinfo("ch_y_ft.npy")
    data = bytearray(path.read_bytes())
    start = info.header_offset + 30 + len(info.filename) + len(info.extra)
    for i in range(start + 2, start + min(info.compress_size, 40)):
        data[i] ^= 0x5A
    path.write_bytes(bytes(data))
    assert "ch_y_ft.npy: damaged" in refusal(path)


def test_not_a_zip_and_a_zip_without_a_timeline(tmp_path: Path) -> None:
    path = tmp_path / "x.furball.npz"
    path.write_text("hello")
    assert "not a furball timeline" in refusal(path)
    write_members(path, {"t_s.npy": npy(np.arange(3) * 0.6)})
    assert "not a furball timeline (no meta.json)" in refusal(path)


# -- .npy headers --------------------------------------------------------------------------
def npy_with_header(header: dict[str, object], data: bytes = b"\0" * 64) -> bytes:
    """A ``.npy`` member whose header says anything, followed by ``data``."""
    buffer = bytearray()

    class Sink:
        def write(self, chunk: bytes) -> None:
            buffer.extend(chunk)

    np.lib.format.write_array_header_1_0(Sink(), header)
    return bytes(buffer) + data


def test_an_array_claiming_two_to_the_forty_elements_is_refused_unallocated(
    tmp_path: Path,
) -> None:
    huge = npy_with_header({"descr": "<f8", "fortran_order": False, "shape": (2**40,)})
    message = refusal(replaced(saved(tmp_path), {"t_s.npy": huge}))
    assert "t_s.npy: its header declares (1099511627776,) × 8 bytes" in message
    message = refusal(replaced(saved(tmp_path), {"ch_x_ft.npy": huge}))
    assert "ch_x_ft.npy: shape (1099511627776,); expected (2, 6)" in message


def test_the_header_must_match_the_bytes_held(tmp_path: Path) -> None:
    short = npy_with_header({"descr": "<f8", "fortran_order": False, "shape": (2, 6)}, b"\0" * 8)
    assert "the member holds 8" in refusal(replaced(saved(tmp_path), {"ch_x_ft.npy": short}))
    negative = npy_with_header({"descr": "<f8", "fortran_order": False, "shape": (-1, 6)})
    assert "negative length" in refusal(replaced(saved(tmp_path), {"ch_x_ft.npy": negative}))


@pytest.mark.parametrize(
    ("descr", "said"),
    [
        ("|O", "Python objects"),
        ([("a", "<f8"), ("b", "<i4")], "records"),
        ("<c16", "complex128"),
        ("|S6", "bytes"),
        ("<M8[s]", "datetime64"),
    ],
)
def test_arrays_other_than_booleans_numbers_and_text_are_refused(
    tmp_path: Path, descr: object, said: str
) -> None:
    member = npy_with_header({"descr": descr, "fortran_order": False, "shape": (2, 6)})
    message = refusal(replaced(saved(tmp_path), {"ch_x_ft.npy": member}))
    assert message.count("ch_x_ft.npy") == 1 and said in message


class _Touch:
    """Unpickling this creates a file: proof that a pickle ran."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def __reduce__(self) -> tuple[object, tuple[Path]]:
        return (Path.touch, (self.path,))


def test_a_pickled_object_array_never_runs(tmp_path: Path) -> None:
    ran = tmp_path / "ran"
    payload = np.full((2, 6), 0.0, dtype=object)
    payload[0, 0] = _Touch(ran)
    buffer = io.BytesIO()
    np.lib.format.write_array(buffer, payload, allow_pickle=True)
    message = refusal(replaced(saved(tmp_path), {"ch_x_ft.npy": buffer.getvalue()}))
    assert "ch_x_ft.npy: holds Python objects" in message and not ran.exists()


def test_a_header_that_is_not_npy(tmp_path: Path) -> None:
    message = refusal(replaced(saved(tmp_path), {"ch_x_ft.npy": b"\x93NUMPY\x03\x00" + b"\0" * 9}))
    assert "ch_x_ft.npy: .npy format (3, 0)" in message
    message = refusal(replaced(saved(tmp_path), {"ch_x_ft.npy": b"PK not numpy at all"}))
    assert "ch_x_ft.npy: not a .npy array" in message
    silly = npy_with_header({"descr": "<f8", "fortran_order": False, "shape": (2, 6)})
    silly = silly.replace(b"'shape': (2, 6)", b"'shape': [2, 6]")
    assert "not a .npy array" in refusal(replaced(saved(tmp_path), {"ch_x_ft.npy": silly}))


def test_a_fortran_ordered_array_reads_as_written(tmp_path: Path) -> None:
    x = np.asfortranarray(np.arange(12.0).reshape(2, 6))
    buffer = io.BytesIO()
    np.lib.format.write_array(buffer, x, allow_pickle=False)
    loaded = Timeline.load(replaced(saved(tmp_path), {"ch_x_ft.npy": buffer.getvalue()}))
    assert np.array_equal(loaded.channels["x_ft"], x)


# -- the metadata --------------------------------------------------------------------------
def with_meta(tmp_path: Path, change: object) -> Path:
    """A sound timeline whose ``meta.json`` is changed by ``change(meta)`` (a function of
    the parsed JSON) or replaced by ``change`` (bytes)."""
    path = saved(tmp_path)
    if isinstance(change, bytes):
        return replaced(path, {"meta.json": change})
    meta = json.loads(members(path)["meta.json"])
    assert callable(change)
    change(meta)
    return replaced(path, {"meta.json": json.dumps(meta).encode()})


def test_metadata_that_is_not_json_or_not_an_object(tmp_path: Path) -> None:
    assert "meta.json: not JSON (" in refusal(with_meta(tmp_path, b"{'rules': bop"))
    assert "meta.json: not JSON (" in refusal(with_meta(tmp_path, b"[" * 100_000))
    assert "meta.json: not JSON (" in refusal(with_meta(tmp_path, b"\xff\xfe"))
    assert "meta.json: not a JSON object" in refusal(with_meta(tmp_path, b"[1, 2]"))


def test_metadata_problems_name_their_field_paths(tmp_path: Path) -> None:
    def broken(meta: dict[str, object]) -> None:
        meta.pop("rules")
        meta["seed"] = True
        meta["scenario"] = 5
        meta["colour"] = "red"

    message = refusal(with_meta(tmp_path, broken))
    assert "meta.json: rules: is missing" in message
    assert "meta.json: seed: should be an integer (a whole number) (got true)" in message
    assert "meta.json: scenario: should be a string in quotes (got 5)" in message
    assert "meta.json: colour: unknown key" in message


@pytest.mark.parametrize(
    ("tick_s", "said"),
    [(0, "tick_s: should be greater than 0"), (-0.6, "greater than 0"), ("0.6", "number")],
)
def test_the_tick_length_is_a_positive_number(tmp_path: Path, tick_s: object, said: str) -> None:
    def change(meta: dict[str, object]) -> None:
        meta["tick_s"] = tick_s

    assert said in refusal(with_meta(tmp_path, change))


def test_no_nan_or_infinity_in_the_metadata(tmp_path: Path) -> None:
    text = members(saved(tmp_path))["meta.json"].decode()
    for token in ("NaN", "Infinity", "1e999"):
        path = with_meta(tmp_path, text.replace('"tick_s": 0.6', f'"tick_s": {token}').encode())
        assert "meta.json: tick_s: should be a finite number" in refusal(path)


def test_another_format_version_is_refused_with_advice(tmp_path: Path) -> None:
    def change(meta: dict[str, object]) -> None:
        meta["format_version"] = "one"

    assert "timeline format one, this furball reads 2 (and format 1, read as 2); re-run" in refusal(
        with_meta(tmp_path, change)
    )

    def unversioned(meta: dict[str, object]) -> None:
        del meta["format_version"]

    assert "meta.json: format_version: missing; this furball reads timeline format 2" in refusal(
        with_meta(tmp_path, unversioned)
    )


def test_entities_must_exist_be_unique_and_be_named_not_pathed(tmp_path: Path) -> None:
    def none(meta: dict[str, list[object]]) -> None:
        meta["entities"] = []
        meta["events"] = []

    assert "entities: empty; a timeline holds at least one entity" in refusal(
        with_meta(tmp_path, none)
    )

    def twice(meta: dict[str, list[dict[str, str]]]) -> None:
        meta["entities"][1]["id"] = "viper-1"

    assert "entities.1.id: 'viper-1' twice" in refusal(with_meta(tmp_path, twice))

    def odd(meta: dict[str, list[dict[str, str]]]) -> None:
        meta["entities"][0]["id"] = "viper 1,x"
        meta["entities"][1]["type_id"] = "../../etc/passwd"

    message = refusal(with_meta(tmp_path, odd))
    assert "entities.0.id: 'viper 1,x' is not an id" in message
    assert "entities.1.type_id: '../../etc/passwd' is not a type id" in message


def test_events_name_known_entities_at_times_inside_the_timeline(tmp_path: Path) -> None:
    def change(meta: dict[str, list[dict[str, object]]]) -> None:
        meta["events"][0]["entities"] = ["ghost-1"]
        meta["events"][1]["t_s"] = 99.0

    message = refusal(with_meta(tmp_path, change))
    assert "meta.json: events.0.entities.0: 'ghost-1' is not an entity" in message
    assert "viper-1, fulcrum-1" in message
    assert "meta.json: events.1.t_s: 99 s is outside the timeline (0 to 3 s)" in message


def test_a_timeline_of_the_maximum_members_still_loads(tmp_path: Path) -> None:
    path = saved(tmp_path)
    extra = {f"bop.extra_{i}": np.zeros((2, 6), dtype=np.int8) for i in range(50)}
    assert Timeline.load(added(path, extra)).channels["bop.extra_49"].dtype == np.int8
