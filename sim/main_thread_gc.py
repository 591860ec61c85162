"""Garbage collection only in the main thread while worker threads run beside Panda3D.

The interpreter collects garbage in whichever thread happens to allocate.  A collection in
a worker thread (the engine playing beside the window, the video encoder) may free Panda3D
objects the main thread dropped, and Panda3D aborts the process when its objects are freed
outside their thread (seen: ``Fatal Python error: Aborted`` while garbage-collecting in the
engine's thread).  So while such a worker runs, automatic collection is off
(:func:`hold_collection` / :func:`release_collection`) and the main thread collects once a
frame by the interpreter's own thresholds (:func:`collect_garbage`).

Collection comes back on only in the main thread: a worker that releases it as it ends
leaves that to the main thread's next :func:`collect_garbage` or :func:`settle_collection`
(the worker still allocates while its thread winds down, and a collection then would be in
its thread).
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_collector_lock = threading.Lock()
_engines_running = 0
_collection_was_on = True
_enable_pending = False
"""The last worker has released collection in its own thread; the main thread turns it on."""


def hold_collection() -> None:
    """Turn automatic collection off while a worker thread runs beside Panda3D (calls
    nest: it comes back on when the last worker has released it)."""
    global _engines_running, _collection_was_on, _enable_pending
    with _collector_lock:
        if _engines_running == 0:
            if _enable_pending:  # released by a worker, not yet turned back on: still off
                _enable_pending = False
            else:
                _collection_was_on = gc.isenabled()
                gc.disable()
        _engines_running += 1


def release_collection() -> None:
    """One worker is done; the last one turns automatic collection back on, if it was on,
    when called in the main thread, and otherwise leaves that to the main thread."""
    global _engines_running, _enable_pending
    with _collector_lock:
        _engines_running -= 1
        if _engines_running == 0 and _collection_was_on:
            if threading.current_thread() is threading.main_thread():
                gc.enable()
            else:
                _enable_pending = True


def settle_collection() -> None:
    """In the main thread: turn automatic collection back on if the last worker released
    it from its own thread."""
    global _enable_pending
    if threading.current_thread() is not threading.main_thread():
        return
    with _collector_lock:
        if _enable_pending and _engines_running == 0:
            _enable_pending = False
            gc.enable()


def collect_garbage() -> None:
    """Collect garbage in the calling thread (the window's, once a frame) as the
    interpreter would have on its own: the youngest generation once it holds more objects
    than its threshold, an older one once enough younger collections have run."""
    settle_collection()
    if gc.isenabled():
        return  # no engine thread: the interpreter collects as usual
    counts, thresholds = gc.get_count(), gc.get_threshold()
    if counts[0] <= thresholds[0]:
        return
    generation = 0
    if counts[1] > thresholds[1]:
        generation = 2 if counts[2] > thresholds[2] else 1
    gc.collect(generation)


@contextmanager
def main_thread_collects() -> Iterator[None]:
    """While the block runs (a worker thread beside it), only :func:`collect_garbage`
    collects."""
    hold_collection()
    try:
        yield
    finally:
        release_collection()
