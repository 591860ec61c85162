"""Offscreen frame pacing (sim.pacing): at most one frame waits in the GL driver."""

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from sim.pacing import (
    GL_SYNC_FLUSH_COMMANDS_BIT,
    GL_SYNC_GPU_COMMANDS_COMPLETE,
    GL_TIMEOUT_EXPIRED,
    PACER_TASK,
    FramePacer,
)

ROOT = Path(__file__).resolve().parents[2]


class FakeGl:
    """Records the sync calls; fences are numbered from 1 (0 when ``broken``)."""

    def __init__(self, broken: bool = False, wait_status: int = 0x911A) -> None:
        self.calls: list[tuple[Any, ...]] = []
        self.next_fence = 1
        self.broken = broken
        self.wait_status = wait_status

    def glFenceSync(self, condition: int, flags: int) -> int:
        self.calls.append(("fence", condition, flags))
        if self.broken:
            return 0
        self.next_fence += 1
        return self.next_fence - 1

    def glClientWaitSync(self, sync: int, flags: int, timeout_ns: int) -> int:
        self.calls.append(("wait", sync, flags))
        return self.wait_status

    def glDeleteSync(self, sync: int) -> None:
        self.calls.append(("delete", sync))


def test_each_frame_waits_for_the_one_before_it_not_for_itself() -> None:
    gl = FakeGl()
    pacer = FramePacer(gl)
    pacer.frame_done()
    assert gl.calls == [("fence", GL_SYNC_GPU_COMMANDS_COMPLETE, 0)]  # nothing to wait for yet
    pacer.frame_done()
    assert gl.calls[1:] == [
        ("fence", GL_SYNC_GPU_COMMANDS_COMPLETE, 0),
        ("wait", 1, GL_SYNC_FLUSH_COMMANDS_BIT),
        ("delete", 1),
    ]
    pacer.frame_done()
    assert gl.calls[-2:] == [("wait", 2, GL_SYNC_FLUSH_COMMANDS_BIT), ("delete", 2)]
    assert pacer.frames_fenced == 3 and pacer.timeouts == 0
    pacer.close()
    assert gl.calls[-1] == ("delete", 3)


def test_a_context_without_fences_is_never_waited_on() -> None:
    gl = FakeGl(broken=True)
    pacer = FramePacer(gl)
    for _ in range(3):
        pacer.frame_done()
    assert [c[0] for c in gl.calls] == ["fence"] * 3
    assert pacer.frames_fenced == 0


def test_a_driver_that_takes_too_long_is_counted_and_let_go() -> None:
    gl = FakeGl(wait_status=GL_TIMEOUT_EXPIRED)
    pacer = FramePacer(gl)
    pacer.frame_done()
    pacer.frame_done()
    assert pacer.timeouts == 1
    assert ("delete", 1) in gl.calls


def test_the_offscreen_base_fences_every_frame_the_task_manager_renders(
    panda_base: Any,
) -> None:
    pacer = getattr(panda_base, "frame_pacer", None)
    assert pacer is not None, "open_base(offscreen=True) on OpenGL sets up a pacer"
    assert panda_base.taskMgr.getTasksNamed(PACER_TASK)
    before = pacer.frames_fenced
    for _ in range(3):
        panda_base.taskMgr.step()
    assert pacer.frames_fenced == before + 3  # real fences: the GL context is current
    assert pacer.timeouts == 0


@pytest.mark.skipif(not Path("/proc/self/statm").exists(), reason="reads /proc (Linux)")
def test_pacing_keeps_the_driver_from_hoarding_queued_frames() -> None:
    """A load llvmpipe's render threads cannot keep up with: unpaced, the driver keeps every
    frame it queues (about 100 MB over 150 frames here); paced, memory stays flat."""
    env = {**os.environ, "LP_NUM_THREADS": "2"}
    done = subprocess.run(
        [sys.executable, "-m", "benchmarks.frame_pacing", "--runs", "1", "--json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        check=False,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["pacer_running"]
    if report["unpaced_growth_mb"] < 40:
        pytest.skip(
            f"this GL driver does not queue frames unpaced (+{report['unpaced_growth_mb']} MB)"
        )
    assert report["paced_growth_mb"] < 10, report
