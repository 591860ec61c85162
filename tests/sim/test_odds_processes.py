"""furball odds as a user runs it: a real ctrl-c to the command and its worker processes, and
(slow) a sweep on a local Dask cluster that must equal the process pool's bit for bit."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

DUEL = "historical/guns-duel"
FURBALL = [sys.executable, "-m", "sim.cli.main"]
ROOT = Path(__file__).resolve().parents[2]


def odds(*argv: str, cwd: Path) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [*FURBALL, "odds", DUEL, *argv],
        cwd=cwd,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own process group, as a terminal's foreground job
    )


def test_ctrl_c_stops_the_sweep_keeping_its_games_and_the_same_command_resumes(
    tmp_path: Path,
) -> None:
    argv = ("--seeds", "300", "--workers", "2", "-o", "duel.odds.json")
    sweep = odds(*argv, cwd=tmp_path)
    saved = tmp_path / "duel.odds.json"
    deadline = time.monotonic() + 60
    while not saved.exists() and time.monotonic() < deadline and sweep.poll() is None:
        time.sleep(0.2)
    assert saved.exists(), sweep.communicate()[1]
    os.killpg(sweep.pid, signal.SIGINT)  # what ctrl-c sends: the command and its workers
    _, err = sweep.communicate(timeout=60)
    assert sweep.returncode == 130, err
    assert "games kept in duel.odds.json; the same command again carries on" in err
    assert "Traceback" not in err
    kept = json.loads(saved.read_text())
    assert 0 < len(kept["games"]) < 300 and kept["complete"] is False
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".furball-partial-")]
    again = odds(
        "--seeds",
        str(len(kept["games"]) + 2),
        "--workers",
        "2",
        "-o",
        "duel.odds.json",
        cwd=tmp_path,
    )
    out, err = again.communicate(timeout=120)
    assert again.returncode == 0, err
    assert f"{len(kept['games'])} of them from the file" in out
    resumed = json.loads(saved.read_text())
    assert resumed["complete"] and resumed["run"]["games_this_run"] == 2


@pytest.mark.slow
def test_a_dask_cluster_gives_the_process_pool_s_odds(tmp_path: Path) -> None:
    distributed = pytest.importorskip("distributed")
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    )
    try:
        on_dask = odds(
            "--seeds",
            "12",
            "--cluster",
            cluster.scheduler_address,
            "-o",
            "dask.odds.json",
            cwd=tmp_path,
        )
        out, err = on_dask.communicate(timeout=300)
        assert on_dask.returncode == 0, err
        assert "the Dask cluster at tcp://" in out
    finally:
        cluster.close()
    pooled = odds("--seeds", "12", "--workers", "2", "-o", "pool.odds.json", cwd=tmp_path)
    _, err = pooled.communicate(timeout=300)
    assert pooled.returncode == 0, err
    dask = json.loads((tmp_path / "dask.odds.json").read_text())
    pool = json.loads((tmp_path / "pool.odds.json").read_text())
    assert dask["games"] == pool["games"]
    assert dask["results"] == pool["results"]


def test_no_scheduler_at_the_address_is_said_plainly(tmp_path: Path) -> None:
    pytest.importorskip("distributed")
    sweep = odds(
        "--seeds", "1", "--cluster", "tcp://127.0.0.1:9", "-o", "x.odds.json", cwd=tmp_path
    )
    _, err = sweep.communicate(timeout=120)
    assert sweep.returncode == 2
    assert "--cluster tcp://127.0.0.1:9: no Dask scheduler answers there" in err
    assert "Traceback" not in err
