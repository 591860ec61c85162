"""Garbage collection only in the main thread while worker threads run beside Panda3D.

The interpreter collects garbage in whichever thread happens to allocate.  A collection in
a worker thread (the engine playing beside the window, the video encoder) may free Panda3D
objects the main thread dropped, and Panda3D aborts the process when its objects are freed
outside their thread (seen: ``Fatal Python error: Aborted`` while garbage-collecting in the
engine's thread).  So while such a worker runs, automatic collection is off
(:func:`hold_collection` / :func:`release_collection`) and the main thread collects once a
frame by the interpreter's own thresholds (:func:`collect_garbage`).
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_collector_lock = threading.Lock()
_engines_running = 0
_collection_was_on = True


def hold_collection() -> None:
    """Turn automatic collection off while a worker thread runs beside Panda3D (calls
    nest: it comes back on when the last worker has released it)."""
    global _engines_running, _collection_was_on
    with _collector_lock:
        if _engines_running == 0:
            _collection_was_on = gc.isenabled()
            gc.disable()
        _engines_running += 1


def release_collection() -> None:
    global _engines_running
    with _collector_lock:
        _engines_running -= 1
        if _engines_running == 0 and _collection_was_on:
            gc.enable()


def collect_garbage() -> None:
    """Collect garbage in the calling thread (the window's, once a frame) as the
    interpreter would have on its own: the youngest generation once it holds more objects
    than its threshold, an older one once enough younger collections have run."""
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
