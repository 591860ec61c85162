"""``furball demo``: the convention attract loop, full screen or recorded offscreen."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from models.playlist import Playlist, load_playlist
from scenarios import find_playlist
from sim.cli.arguments import FPS, FRAME_LIMITS, IDLE_S, MINUTES, frame_size
from sim.demo.director import DEFAULT_IDLE_S
from sim.output_file import OutputFile

DEFAULT_PLAYLIST = "demo/convention"
RECORD_SIZE = (1280, 720)
RECORD_FPS = 30

EXAMPLES = """\
examples:
  furball demo                                  the shipped loop, full screen
  furball demo my-club.playlist.toml --idle-s 45
  furball demo --offscreen --minutes 3 --mp4 demo.mp4
  furball demo demo/convention --offscreen --minutes 1 --mp4 small.mp4 --size 640x360 --fps 15

keys: any key or click hands the replay to the viewer (h lists the keys); after the idle
timeout, or on esc, the loop takes the screen back at the next vignette; ctrl-q quits.
"""


def register(commands: Any) -> None:
    demo = commands.add_parser(
        "demo",
        help="the convention attract loop over a playlist of vignettes",
        description=(
            "Loop a playlist of 60-120 s vignettes full screen: a title card with one line "
            "of briefing, the fight with a camera that cuts to merges, shots and kills, and "
            "the key moment again in slow motion. Any key or click hands the replay to the "
            "viewer; the loop resumes after the idle timeout. Offscreen it records an MP4."
        ),
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    demo.add_argument(
        "playlist",
        nargs="?",
        default=DEFAULT_PLAYLIST,
        help=f"a .playlist.toml file or a shipped playlist (default {DEFAULT_PLAYLIST})",
    )
    demo.add_argument(
        "--offscreen", action="store_true", help="render without a window (with --mp4)"
    )
    demo.add_argument(
        "--mp4",
        type=Path,
        metavar="OUT",
        help="record the loop offscreen into this MP4 (NAME.mp4)",
    )
    demo.add_argument(
        "--minutes",
        type=MINUTES,
        metavar="M",
        help=f"how much of the loop to record, {MINUTES.limits} (default: one pass through "
        "the playlist)",
    )
    demo.add_argument(
        "--idle-s",
        type=IDLE_S,
        default=DEFAULT_IDLE_S,
        metavar="S",
        help=f"seconds without a key or click before the loop resumes, {IDLE_S.limits} "
        f"({DEFAULT_IDLE_S:g})",
    )
    demo.add_argument(
        "--size",
        type=frame_size,
        metavar="WxH",
        help=f"window size (default: the screen's) or video size (1280x720), {FRAME_LIMITS}",
    )
    demo.add_argument(
        "--fps",
        type=FPS,
        default=RECORD_FPS,
        help=f"video frames per second, {FPS.limits} (30)",
    )
    demo.add_argument(
        "--windowed", action="store_true", help="a window rather than full screen (for testing)"
    )
    demo.add_argument("--json", action="store_true", help="print a JSON summary")
    demo.set_defaults(handler=_demo)


def _playlist(text: str) -> tuple[Path, Playlist]:
    path = find_playlist(text)
    return path, load_playlist(path)


def _progress(index: int, count: int, scenario: str) -> None:
    print(f"preparing vignette {index + 1}/{count}: {scenario}", file=sys.stderr, flush=True)


def _demo(args: argparse.Namespace) -> tuple[str, dict[str, Any]]:
    from sim.panda import display_available

    offscreen = args.offscreen or args.mp4 is not None
    if offscreen and args.mp4 is None:
        raise ValueError("--offscreen records the loop: add --mp4 OUT")
    if not offscreen and args.minutes is not None:
        raise ValueError("--minutes is how much to record: add --mp4 OUT")
    playlist_path = find_playlist(args.playlist)
    if offscreen:
        from sim.cli.replay_cmds import check_video_output

        size: tuple[int, int] = args.size or RECORD_SIZE
        output = check_video_output(args.mp4, "--mp4", size, [playlist_path])
        path, playlist = _playlist(args.playlist)
        return _record(args, path, playlist, size, output)
    path, playlist = _playlist(args.playlist)
    if not display_available():
        raise ValueError(
            f"no display here; record the loop instead: furball demo {args.playlist} "
            "--offscreen --mp4 demo.mp4"
        )
    return _window(args, path, playlist, args.size)


def _record(
    args: argparse.Namespace,
    path: Path,
    playlist: Playlist,
    size: tuple[int, int],
    output: OutputFile,
) -> tuple[str, dict[str, Any]]:
    from sim.demo.director import DemoDirector
    from sim.demo.loop import DemoLoop, load_reels, record
    from sim.panda import open_base
    from sim.progress import Progress

    reels = load_reels(playlist, path.parent, _progress)
    director = DemoDirector(playlist.vignettes, idle_s=args.idle_s)
    seconds = director.loop_length_s() if args.minutes is None else args.minutes * 60.0
    base = open_base(size[0], size[1], offscreen=True)
    base.graphicsEngine.renderFrame()  # warm-up frame
    loop = DemoLoop(base, playlist.title, reels, director)
    out = output.path
    progress = Progress(max(1, round(seconds * args.fps)), f"recording {out.name}")
    try:
        with output.writing() as partial:
            frames = record(base, loop, partial, seconds, args.fps, size, progress)
    finally:
        loop.destroy()
    started = director.vignettes_started
    data = {
        "output": str(out),
        "playlist": str(path),
        "frames": frames,
        "fps": args.fps,
        "size": list(size),
        "minutes": seconds / 60.0,
        "vignettes_shown": started,
        "loops": director.loops,
    }
    text = (
        f"wrote {out} ({frames} frames, {size[0]}x{size[1]} at {args.fps} fps, "
        f"{seconds / 60.0:.1f} min: {started} vignette{'s' * (started != 1)} of "
        f"{len(playlist.vignettes)})"
    )
    return text, data


def _window(
    args: argparse.Namespace, path: Path, playlist: Playlist, size: tuple[int, int] | None
) -> tuple[str, dict[str, Any]]:
    from sim.demo.app import DemoApp, go_full_screen
    from sim.demo.director import DemoDirector
    from sim.demo.loop import DemoLoop, load_reels
    from sim.panda import open_base

    reels = load_reels(playlist, path.parent, _progress)
    director = DemoDirector(playlist.vignettes, idle_s=args.idle_s)
    width, height = size or RECORD_SIZE
    base = open_base(width, height, offscreen=False, title="furball demo")
    if not args.windowed:
        go_full_screen(base, size)
    app = DemoApp(base, DemoLoop(base, playlist.title, reels, director))
    try:
        base.run()
    finally:
        app.destroy()
    data = {"window": True, "vignettes_shown": director.vignettes_started}
    return f"demo closed after {director.vignettes_started} vignettes", data
