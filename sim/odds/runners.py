"""Where a sweep's games are played: in this process, in a pool of worker processes on this
machine's cores, or on a Dask cluster the user already runs.

Each runner plays the jobs it is given and hands every result to ``on_result`` as it comes
in, in whatever order the workers finish (the odds file sorts them). On ctrl-c it stops
handing out games, lets the ones being played finish, passes their results on, and raises
:class:`KeyboardInterrupt` again, so the sweep keeps everything that was played.
"""

from __future__ import annotations

import signal
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any

from sim.odds.games import GameJob, GameResult, play_game

OnResult = Callable[[GameResult], None]
Runner = Callable[[Sequence[GameJob], OnResult], None]
IN_FLIGHT_PER_WORKER = 4
"""Games handed to each worker ahead of time: enough to keep it busy, few enough that a
ctrl-c has little to cancel."""


class ClusterError(ValueError):
    """A Dask cluster that cannot be used; the message names the address and why."""


def in_this_process(jobs: Sequence[GameJob], on_result: OnResult) -> None:
    """One game after another, here (``--workers 1``): a ctrl-c loses the game being
    played, which a resumed sweep plays again."""
    for job in jobs:
        on_result(play_game(job))


def _worker_ignores_ctrl_c() -> None:
    """A worker lets the sweep decide what a ctrl-c means: it finishes its game."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def in_processes(workers: int) -> Runner:
    """A pool of ``workers`` processes on this machine."""

    def run(jobs: Sequence[GameJob], on_result: OnResult) -> None:
        pool = ProcessPoolExecutor(max_workers=workers, initializer=_worker_ignores_ctrl_c)
        waiting = iter(jobs)
        running: set[Future[GameResult]] = set()
        try:
            _top_up(pool, waiting, running, workers * IN_FLIGHT_PER_WORKER)
            while running:
                done, _ = wait(running, return_when=FIRST_COMPLETED)
                for future in sorted(done, key=id):
                    running.discard(future)
                    on_result(future.result())
                _top_up(pool, waiting, running, workers * IN_FLIGHT_PER_WORKER)
        except (KeyboardInterrupt, SystemExit):
            for future in running:
                future.cancel()
            pool.shutdown(wait=True, cancel_futures=True)
            for future in running:
                if future.done() and not future.cancelled() and future.exception() is None:
                    on_result(future.result())
            raise
        finally:
            pool.shutdown(wait=True, cancel_futures=True)

    return run


def _top_up(
    pool: ProcessPoolExecutor,
    waiting: Iterator[GameJob],
    running: set[Future[GameResult]],
    in_flight: int,
) -> None:
    while len(running) < in_flight:
        job = next(waiting, None)
        if job is None:
            return
        running.add(pool.submit(play_game, job))


def on_cluster(address: str) -> Runner:
    """A Dask scheduler at ``address`` (``tcp://host:8786``); its workers need furball
    installed (``pip install 'furball[cluster]'``)."""

    def run(jobs: Sequence[GameJob], on_result: OnResult) -> None:
        client = connect(address)
        try:
            _run_on(client, address, jobs, on_result)
        finally:
            client.close()

    return run


def connect(address: str) -> Any:
    """A Dask client of the scheduler at ``address``; :class:`ClusterError` when Dask is not
    installed or nothing answers there."""
    try:
        from distributed import Client
    except ImportError:
        raise ClusterError(
            f"--cluster {address}: Dask is not installed; pip install 'furball[cluster]'"
        ) from None
    try:
        return Client(address, timeout="10s")  # type: ignore[no-untyped-call]
    except (OSError, TimeoutError, ValueError) as error:
        raise ClusterError(
            f"--cluster {address}: no Dask scheduler answers there ({error}); start one with "
            "dask scheduler, or leave --cluster out to use this machine's cores"
        ) from None


def _run_on(client: Any, address: str, jobs: Sequence[GameJob], on_result: OnResult) -> None:
    from distributed import as_completed

    futures = client.map(play_game, list(jobs), pure=False)
    reported: set[int] = set()
    try:
        for future in as_completed(futures):  # type: ignore[no-untyped-call]
            try:
                result = future.result()
            except ImportError as error:
                raise ClusterError(
                    f"--cluster {address}: its workers cannot run furball ({error}); install "
                    "furball where each worker runs"
                ) from None
            reported.add(id(future))
            on_result(result)
    except (KeyboardInterrupt, SystemExit):
        pending = [f for f in futures if not f.done()]
        client.cancel(pending)
        for future in futures:
            if id(future) not in reported and future.status == "finished":
                on_result(future.result())
        raise
