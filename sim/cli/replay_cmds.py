"""``furball play`` and ``furball render``: the 3D replay on screen or to files."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from models.timeline import TIMELINE_SUFFIX, Timeline
from sim.cameras import CAMERA_MODES
from sim.cli.arguments import (
    FPS,
    FRAME_LIMITS,
    MINI_SCALE,
    SEED,
    TIME_S,
    TRAIL_S,
    frame_size,
)
from sim.output_file import OutputFile

DEFAULT_SIZE = (1280, 720)
GIF_SIZE = (640, 360)
OUTPUT_SUFFIXES = {
    "--png": (".png",),
    "--mp4": (".mp4",),
    "--gif": (".gif",),
    "--or-mp4": (".mp4",),
}
TIME_SLACK_S = 1e-6
"""A time given as the replay's length, written to fewer digits, still counts as its end."""
PLAY_EXAMPLES = """\
examples:
  furball play demo/2v2-merge                  run the shipped scenario, then replay it
  furball play turn.furball.npz --loop         a saved timeline, looping for a demo
  furball play bfm/loop --camera chase --or-mp4 loop.mp4
                                               a video instead when there is no display
  furball play demo/2v2-bvr --select eagle-2 --awareness --radar-arcs
  furball play bfm/perch-9000 --seed 1 --ghost bfm/perch-9000 --ghost-seed 24
                                               seed 24 flown over seed 1 as a ghost (key w)
"""
RENDER_EXAMPLES = """\
examples:
  furball render demo/2v2-merge --png merge.png --at 22.5 --camera chase
  furball render demo/2v2-merge --mp4 merge.mp4 --from 10 --to 40 --size 1920x1080
  furball render bfm/loop --gif loop.gif       640x360 at 10 fps
  furball render bfm/pursuit-curves --png drill.png --at 13 --select lead-1 --instructor
  furball render table.furball.npz --ghost ai.furball.npz --png both.png --at 30
"""


def register(commands: Any) -> None:
    play = commands.add_parser(
        "play",
        help="replay a scenario or timeline in a window",
        description=(
            "Replay in a window (running the scenario first when given one). Without a display "
            "it says so; with --or-mp4 it renders a video instead."
        ),
        epilog=PLAY_EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    _source(play)
    play.add_argument(
        "--or-mp4",
        type=Path,
        metavar="OUT",
        help="without a display, render this MP4 (NAME.mp4) instead of stopping",
    )
    play.add_argument("--loop", action="store_true", help="loop the replay (convention demo)")
    play.add_argument(
        "--no-stream",
        action="store_true",
        help="play the whole game before the window opens (by default the replay starts "
        "while the engine plays on)",
    )
    play.set_defaults(handler=_play)

    render = commands.add_parser(
        "render",
        help="render a PNG, MP4 or GIF offscreen",
        description="Render offscreen with the same scene code as the window.",
        epilog=RENDER_EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    _source(render)
    outputs = render.add_mutually_exclusive_group(required=True)
    outputs.add_argument("--png", type=Path, metavar="OUT", help="one frame, at --at (NAME.png)")
    outputs.add_argument(
        "--mp4", type=Path, metavar="OUT", help="a video from --from to --to (NAME.mp4)"
    )
    outputs.add_argument("--gif", type=Path, metavar="OUT", help="an animated GIF (NAME.gif)")
    render.add_argument(
        "--at",
        type=TIME_S,
        default=None,
        metavar="T_S",
        help="time of the PNG, within the replay (default: its middle)",
    )
    render.add_argument(
        "--from",
        dest="t_from",
        type=TIME_S,
        default=None,
        metavar="T_S",
        help="start time of a video, within the replay (default: 0)",
    )
    render.add_argument(
        "--to",
        dest="t_to",
        type=TIME_S,
        default=None,
        metavar="T_S",
        help="end time of a video, within the replay (default: its end)",
    )
    render.add_argument(
        "--fps",
        type=FPS,
        default=None,
        help=f"frames per second of a video, {FPS.limits} (default 30; GIF 10)",
    )
    render.set_defaults(handler=_render)


def _source(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("source", help=f"a scenario (file or shipped name) or a {TIMELINE_SUFFIX}")
    parser.add_argument("--camera", choices=CAMERA_MODES, default="orbit")
    parser.add_argument("--select", metavar="ID", help="the aircraft the HUD and camera follow")
    parser.add_argument(
        "--size",
        type=frame_size,
        default=None,
        metavar="WxH",
        help=f"frame size, {FRAME_LIMITS}; even for MP4 (default 1280x720; GIF 640x360)",
    )
    parser.add_argument("--seed", type=SEED, help=f"seed when running a scenario ({SEED.limits})")
    parser.add_argument(
        "--trail-s",
        type=TRAIL_S,
        default=24.0,
        metavar="S",
        help=f"seconds of trail behind each aircraft, {TRAIL_S.limits} (24; 0 for none)",
    )
    parser.add_argument(
        "--mini-scale",
        type=MINI_SCALE,
        metavar="X",
        help=f"box minis drawn X times life size so they read at map scale, "
        f"{MINI_SCALE.limits} (default: the rule set's, 20 for Birds of Prey)",
    )
    parser.add_argument("--no-hud", action="store_true", help="hide the cockpit HUD")
    parser.add_argument("--no-stacks", action="store_true", help="hide the altitude stacks")
    parser.add_argument(
        "--awareness",
        action="store_true",
        help="draw lines between aircraft whose crews have spotted each other (key a)",
    )
    parser.add_argument(
        "--side",
        metavar="SIDE",
        help="show the fight as SIDE knew it: only what its crews spotted or tracked, the "
        "rest where last known, fading (key v cycles the sides)",
    )
    parser.add_argument(
        "--shot-log",
        action="store_true",
        help="show the shot log: every gunshot, launch and kill, a click jumps there (key o)",
    )
    parser.add_argument(
        "--charts",
        type=int,
        choices=(1, 2, 3),
        metavar="PAGE",
        help="show a page of charts of the selected aircraft and its target: 1 altitude, "
        "speed, load; 2 energy, excess power, fuel; 3 range, ATA, AA (key u)",
    )
    parser.add_argument(
        "--radar-arcs",
        action="store_true",
        help="draw the selected aircraft's radar scan arc on the top and table cameras (key r)",
    )
    instructor = parser.add_argument_group("instructor overlays (selected aircraft vs target)")
    instructor.add_argument(
        "--instructor", action="store_true", help="all eight overlays below (key f freezes)"
    )
    instructor.add_argument(
        "--sight-line", action="store_true", help="labelled line of sight to the target (key s)"
    )
    instructor.add_argument(
        "--three-nine",
        action="store_true",
        help="target's 3/9 line, own lift vector and plane of motion (key 9)",
    )
    instructor.add_argument(
        "--turn-circles", action="store_true", help="both aircraft's turn circles (key c)"
    )
    instructor.add_argument(
        "--gun-cone", action="store_true", help="2 deg gun cone, 500-3,000 ft (key g)"
    )
    instructor.add_argument(
        "--missile-envelope",
        action="store_true",
        help="launch envelope of the best missile left, green in range (key m)",
    )
    instructor.add_argument(
        "--control-zone",
        action="store_true",
        help="control-zone wedges behind the target: 20-50 deg AA, 2,500-4,500 ft (key z)",
    )
    instructor.add_argument(
        "--energy", action="store_true", help="Es and Ps strip chart of the pair (key e)"
    )
    instructor.add_argument(
        "--time-ticks",
        action="store_true",
        help="matching time marks on both trails, joined, every 3 s (key p)",
    )
    instructor.add_argument(
        "--target",
        metavar="ID",
        help="target of the overlays and the padlock camera (default: the nearest enemy; key t)",
    )
    ghost = parser.add_argument_group("ghost (another timeline of the same scenario)")
    ghost.add_argument(
        "--ghost",
        metavar="SOURCE",
        help=f"draw a scenario (file or shipped name) or a {TIMELINE_SUFFIX} of the same "
        "scenario, rule set and tick length over the replay, see-through, with a "
        '"what changed" panel (key w)',
    )
    ghost.add_argument(
        "--ghost-seed",
        type=SEED,
        metavar="S",
        help=f"seed when the ghost is a scenario ({SEED.limits}; default: the scenario's)",
    )
    ghost.add_argument(
        "--no-ghost-panel",
        action="store_true",
        help='start with the "what changed" panel hidden (key w shows it)',
    )
    parser.add_argument("--json", action="store_true", help="print a JSON summary")


def parse_size(text: str | None, default: tuple[int, int] = DEFAULT_SIZE) -> tuple[int, int]:
    """``1280x720`` → (1280, 720), within :data:`sim.cli.arguments.FRAME_LIMITS`."""
    if text is None:
        return default
    try:
        return frame_size(text)
    except argparse.ArgumentTypeError as error:
        raise ValueError(f"--size {error}") from None


def is_timeline(text: str) -> bool:
    """A saved timeline rather than a scenario or game log: the name says so."""
    return Path(text).suffix == ".npz" or text.endswith(TIMELINE_SUFFIX)


def source_path(text: str) -> Path:
    """The file a source names: a timeline as given, a scenario or game log as found."""
    if is_timeline(text):
        return Path(text)
    from scenarios import find_scenario

    return find_scenario(text)


def load_source(text: str, seed: int | None = None, turns: int | None = None) -> Timeline:
    """A timeline file as is, or a scenario's scripts or a game log played through the
    engine (with a progress report when that runs long)."""
    if is_timeline(text):
        return Timeline.load(Path(text))
    from sim.cli.scenario_cmds import play_source, playing_progress

    return play_source(text, seed, turns, playing_progress(text))[2]


def check_video_output(
    path: Path, option: str, size: tuple[int, int], reads: list[Path]
) -> OutputFile:
    """A video or PNG output checked before anything is played or rendered."""
    from sim.export import video_size_problem

    output = OutputFile.check(path, OUTPUT_SUFFIXES[option], option=option, reads=reads)
    problem = video_size_problem(output.suffix, *size)
    if problem is not None:
        raise ValueError(f"--size {size[0]}x{size[1]}: {problem}")
    return output


def within_replay(option: str, t_s: float, duration_s: float) -> float:
    """``t_s`` when the replay reaches it (its end, when given to fewer digits)."""
    if t_s > duration_s + TIME_SLACK_S:
        raise ValueError(f"{option} {t_s:g}: the replay runs from 0 to {duration_s:.1f} s")
    return min(t_s, duration_s)


def _check_select(timeline: Timeline, entity: str | None) -> None:
    if entity is not None and entity not in timeline.entity_ids:
        known = ", ".join(timeline.entity_ids)
        raise ValueError(f"--select {entity!r}: no such aircraft; choose one of {known}")


def instructor_settings(args: argparse.Namespace) -> dict[str, Any]:
    """The instructor overlays' ViewSettings fields from the flags."""
    every = args.instructor
    return {
        "show_sight_line": every or args.sight_line,
        "show_three_nine": every or args.three_nine,
        "show_turn_circles": every or args.turn_circles,
        "show_gun_cone": every or args.gun_cone,
        "show_missile_envelope": every or args.missile_envelope,
        "show_control_zone": every or args.control_zone,
        "show_energy": every or args.energy,
        "show_time_ticks": every or args.time_ticks,
        "instructor_target": args.target,
    }


def _settings(args: argparse.Namespace) -> Any:
    """The view settings the flags ask for (their ranges are checked as they are parsed)."""
    from sim.view.layer import ViewSettings

    return ViewSettings(
        mini_scale=20.0 if args.mini_scale is None else args.mini_scale,
        mini_scale_from_map=args.mini_scale is None,
        trail_seconds=args.trail_s,
        show_trails=args.trail_s > 0,
        show_hud=not args.no_hud,
        show_stacks=not args.no_stacks,
        show_awareness=args.awareness,
        show_radar_arcs=args.radar_arcs,
        **instructor_settings(args),
    )


def check_ghost_flags(args: argparse.Namespace) -> None:
    """The ghost's flags make sense together, before anything is played."""
    if args.ghost is None:
        flag = "--ghost-seed" if args.ghost_seed is not None else None
        flag = "--no-ghost-panel" if args.no_ghost_panel else flag
        if flag is not None:
            raise ValueError(f"{flag} is for --ghost; give --ghost SOURCE too")
    elif args.ghost_seed is not None and is_timeline(args.ghost):
        raise ValueError(
            f"--ghost-seed: {args.ghost} is a saved timeline, played with its own seed; "
            "give a scenario to --ghost to fly it with another seed"
        )


def ghost_label(text: str, ghost: Timeline, this: Timeline | None = None) -> str:
    """What the ghost is, for the panel's title: a what-if branch's change when the ghost's
    timeline records one; "this branch's parent" when the replay is the branch and the
    ghost has none (the change itself is too long for the title; ``furball whatif``
    prints it); else the ghost's file name, or its scenario and seed."""
    from sim.ghost_compare import branch_change

    change = branch_change(ghost.meta)
    if change:
        return change
    name = (
        f"{Path(text).name} (seed {ghost.meta.seed})"
        if is_timeline(text)
        else f"{text} seed {ghost.meta.seed}"
    )
    own = branch_change(this.meta) if this is not None else ""
    return "this branch's parent" if own else name


def load_ghost(args: argparse.Namespace, timeline: Timeline | None = None) -> Timeline | None:
    """The ``--ghost`` timeline (None without one), checked against ``timeline`` when it
    is given: same scenario, rule set and tick length."""
    if args.ghost is None:
        return None
    from sim.ghost_compare import check_ghost

    try:
        ghost = load_source(args.ghost, args.ghost_seed)
    except FileNotFoundError as error:
        raise ValueError(f"--ghost {args.ghost}: {error}") from None
    if timeline is not None:
        check_ghost(timeline, ghost, str(source_path(args.ghost)))
    return ghost


def _check_entities(args: argparse.Namespace, timeline: Timeline) -> None:
    _check_select(timeline, args.select)
    if args.side is not None:
        from sim.side_picture import sides

        side_names = sides(timeline)
        if args.side not in side_names:
            raise ValueError(
                f"--side {args.side!r}: no such side; choose one of {', '.join(side_names)}"
            )
    if args.target is not None and args.target not in timeline.entity_ids:
        known = ", ".join(timeline.entity_ids)
        raise ValueError(f"--target {args.target!r}: no such aircraft; choose one of {known}")


def _scene(
    args: argparse.Namespace,
    size: tuple[int, int],
    offscreen: bool,
    loop: bool = False,
    timeline: Timeline | None = None,
    ghost: Timeline | None = None,
) -> Any:
    """The base and replay scene of the source (or of ``timeline``, already loaded), with
    the ``--ghost`` (or ``ghost``, already loaded and checked) over it."""
    from sim.app import ReplayScene
    from sim.panda import open_base

    if timeline is None:
        timeline = load_source(args.source, args.seed)
    _check_entities(args, timeline)
    if ghost is None:
        ghost = load_ghost(args, timeline)
    settings = _settings(args)
    base = open_base(size[0], size[1], offscreen=offscreen)
    scene = ReplayScene(
        base,
        timeline,
        settings,
        camera=args.camera,
        selected=args.select,
        loop=loop,
        **_ghost_scene_args(args, ghost, timeline),
    )
    if args.side is not None:
        scene.playback.show_side(args.side)
    _lower_panel(args, scene)
    base.graphicsEngine.renderFrame()  # warm-up frame
    return base, scene


def _lower_panel(args: argparse.Namespace, scene: Any) -> None:
    """The shot log or a chart page over the scrub bar, as the flags ask (one at a time)."""
    if args.shot_log and args.charts is not None:
        raise ValueError("--shot-log and --charts take the same place; give one")
    if args.shot_log:
        scene.toggle_shot_log()
    elif args.charts is not None:
        for _ in range(args.charts):
            scene.cycle_charts()


def _ghost_scene_args(
    args: argparse.Namespace, ghost: Timeline | None, this: Timeline | None = None
) -> dict[str, Any]:
    """ReplayScene's ghost arguments, and the panel shown or not as the flags ask."""
    if ghost is None:
        return {}
    return {
        "ghost": ghost,
        "ghost_label": ghost_label(args.ghost, ghost, this),
        "ghost_panel": not args.no_ghost_panel,
    }


def render_video(
    base: Any,
    scene: Any,
    path: Path,
    t_from: float,
    t_to: float,
    fps: int,
    size: tuple[int, int],
    shown_as: Path | None = None,
) -> int:
    """Render and encode every frame from ``t_from`` to ``t_to``; returns the frame count.
    The progress report names ``shown_as`` (the output, while ``path`` is being written)."""
    from sim.export import FrameGrabber, encode_video, frame_times
    from sim.progress import Progress

    times = frame_times(t_from, t_to, fps)
    progress = Progress(len(times), f"rendering {(shown_as or path).name}")
    scene.playback.play()  # a video shows playback running at 1x
    with FrameGrabber(base) as grabber:

        def frames() -> Any:
            for t_s in times:
                scene.draw_at(t_s, 1.0 / fps)
                base.graphicsEngine.renderFrame()
                yield grabber.grab()

        return encode_video(path, frames, size[0], size[1], fps, progress, "bgra")


def _render(args: argparse.Namespace) -> tuple[str, dict[str, Any]]:
    from sim.export import save_png

    option = "--png" if args.png is not None else "--gif" if args.gif is not None else "--mp4"
    path: Path = {"--png": args.png, "--gif": args.gif, "--mp4": args.mp4}[option]
    size: tuple[int, int] = args.size or (GIF_SIZE if option == "--gif" else DEFAULT_SIZE)
    _check_flags_apply(args, option)
    if args.t_from is not None and args.t_to is not None and args.t_to < args.t_from:
        raise ValueError(f"--to {args.t_to:g} is before --from {args.t_from:g}")
    check_ghost_flags(args)
    output = check_video_output(path, option, size, _reads(args))
    timeline = load_source(args.source, args.seed)
    ghost = load_ghost(args, timeline)
    duration = float(timeline.t_s[-1])
    at = duration / 2 if args.at is None else within_replay("--at", args.at, duration)
    t_from = 0.0 if args.t_from is None else within_replay("--from", args.t_from, duration)
    t_to = duration if args.t_to is None else within_replay("--to", args.t_to, duration)
    if t_to < t_from:
        raise ValueError(f"--to {t_to:g} is before --from {t_from:g}")
    base, scene = _scene(args, size, offscreen=True, timeline=timeline, ghost=ghost)
    if option == "--png":
        scene.draw_at(at)
        base.graphicsEngine.renderFrame()
        base.graphicsEngine.renderFrame()
        with output.writing() as partial:
            save_png(base, partial)
        data = {"output": str(path), "t_s": at, "size": list(size), "camera": args.camera}
        if ghost is not None:
            data["ghost"] = args.ghost
        return f"wrote {path} ({size[0]}x{size[1]}, t={at:.1f} s, {args.camera})", data
    fps = args.fps or (10 if option == "--gif" else 30)
    with output.writing() as partial:
        frames = render_video(base, scene, partial, t_from, t_to, fps, size, shown_as=path)
    data = {
        "output": str(path),
        "frames": frames,
        "fps": fps,
        "size": list(size),
        "from_s": t_from,
        "to_s": t_to,
        "camera": args.camera,
    }
    if ghost is not None:
        data["ghost"] = args.ghost
    return f"wrote {path} ({frames} frames, {size[0]}x{size[1]} at {fps} fps)", data


def _reads(args: argparse.Namespace) -> list[Path]:
    """The files a command reads (an output must not overwrite one)."""
    reads = [source_path(args.source)]
    if args.ghost is not None:
        try:
            reads.append(source_path(args.ghost))
        except FileNotFoundError as error:
            raise ValueError(f"--ghost {args.ghost}: {error}") from None
    return reads


def _check_flags_apply(args: argparse.Namespace, option: str) -> None:
    """A flag the chosen output does not use is refused, not quietly ignored."""
    if option == "--png":
        unused = [
            flag
            for flag, value in (("--from", args.t_from), ("--to", args.t_to), ("--fps", args.fps))
            if value is not None
        ]
        if unused:
            raise ValueError(f"{unused[0]} is for --mp4 and --gif; a --png is one frame, at --at")
    elif args.at is not None:
        raise ValueError(f"--at is for --png; {option} runs from --from to --to")


def _play(args: argparse.Namespace) -> tuple[str, dict[str, Any]]:
    from sim.panda import display_available

    size: tuple[int, int] = args.size or DEFAULT_SIZE
    check_ghost_flags(args)
    output = None
    if args.or_mp4 is not None:
        output = check_video_output(args.or_mp4, "--or-mp4", size, _reads(args))
    if not display_available():
        if output is None:
            raise ValueError(
                f"no display here; render instead: furball render {args.source} --mp4 replay.mp4"
            )
        base, scene = _scene(args, size, offscreen=True, loop=False)
        duration = float(scene.timeline.t_s[-1])
        with output.writing() as partial:
            frames = render_video(
                base, scene, partial, 0.0, duration, 30, size, shown_as=output.path
            )
        data = {"output": str(output.path), "frames": frames, "window": False}
        return (
            f"no display: wrote {output.path} instead ({frames} frames, "
            f"{size[0]}x{size[1]} at 30 fps); open it in any video player",
            data,
        )
    from sim.app import ReplayApp

    # The ghost is played (or read) first: a mistake in it is told before the window opens.
    ghost = load_ghost(args)
    engine = None if args.no_stream else _stream(args)
    if engine is not None:
        return _play_streamed(args, size, engine, ghost)
    timeline = load_source(args.source, args.seed)
    if ghost is not None:
        from sim.ghost_compare import check_ghost

        check_ghost(timeline, ghost, str(source_path(args.ghost)))
    base, scene = _scene(
        args, size, offscreen=False, loop=args.loop, timeline=timeline, ghost=ghost
    )
    app = ReplayApp(base, scene, source=args.source)
    base.run()
    app.destroy()
    return "replay closed", {"window": True}


FIRST_TICKS = 1
"""The replay starts on the starting positions alone; the engine waits with the first
game-turn until the window has drawn them (the two share one interpreter lock)."""
STREAM_SWITCH_S = 0.0005
"""The interpreter's thread switch interval while the engine plays beside the window."""
LEAD_S = 15.0
"""While the replay plays, the engine keeps this many seconds of replay (times the speed)
published ahead of it."""


def _stream(args: argparse.Namespace) -> Any:
    """The scenario's game started in the background, or None for a saved timeline or a
    game log (those are replayed whole)."""
    if is_timeline(args.source):
        return None
    from sim.stream import stream_scenario

    _settings(args)  # a bad flag is told before the engine starts
    return stream_scenario(args.source, args.seed, hold_after=FIRST_TICKS)


def _play_streamed(
    args: argparse.Namespace, size: tuple[int, int], engine: Any, ghost: Timeline | None = None
) -> tuple[str, dict[str, Any]]:
    """The replay starts on the starting positions, which the engine publishes before its
    first game-turn, and grows as it publishes more (:mod:`sim.stream`); the engine plays
    its first game-turn once the window has drawn its first frame."""
    from sim.app import ReplayApp, ReplayScene
    from sim.main_thread_gc import collect_garbage
    from sim.panda import open_base

    growing = engine.growing
    base = open_base(size[0], size[1], offscreen=False)
    first = growing.wait_for(min_ticks=FIRST_TICKS)
    if growing.error is not None or first is None:
        raise ValueError(growing.error or f"{args.source}: the engine published nothing")
    _check_entities(args, first.timeline)
    if ghost is not None:
        from sim.ghost_compare import check_ghost

        check_ghost(first.timeline, ghost, str(source_path(args.ghost)))
    scene = ReplayScene(
        base,
        first.timeline,
        _settings(args),
        camera=args.camera,
        selected=args.select,
        loop=args.loop,
        complete=first.complete,
        **_ghost_scene_args(args, ghost, first.timeline),
    )
    if args.side is not None:
        scene.playback.show_side(args.side)
    _lower_panel(args, scene)
    app = ReplayApp(base, scene, source=args.source)
    seen = first.version
    failed: list[str] = []

    def follow(task: Any) -> Any:
        """Once a frame, before the replay's update: take what the engine published."""
        nonlocal seen
        collect_garbage()  # here, never in the engine's thread (sim.main_thread_gc)
        if app.scene is not scene:  # a what-if branch replaced the game as it streamed
            return task.done
        if task.frame == 1:  # the first frame is drawn: the engine may play on
            engine.resume()
        pb = scene.playback
        # Keep the engine a few game-turns ahead of the replay, no further while it plays
        # (its turns then cost the window no frames); paused, the engine plays on.
        engine.want_until(pb.t_s + LEAD_S * max(pb.speed, 1.0) if pb.playing else None)
        error = growing.error
        if error is not None:
            failed.append(error)
            base.taskMgr.stop()  # the window closes and the command reports it
            return task.done
        latest = growing.latest()
        if latest is not None and latest.version > seen:
            seen = latest.version
            scene.extend(latest.timeline, latest.complete)
        return task.done if latest is not None and latest.complete else task.cont

    base.taskMgr.add(follow, "furball-stream", sort=-10)
    # The window's thread waits for the interpreter lock each time it takes it back from
    # the engine's: a shorter switch interval keeps that wait short (measured at 16x, flat
    # out: 10 fps at the default 5 ms, 17 at 0.5 ms).
    switch_s = sys.getswitchinterval()
    sys.setswitchinterval(STREAM_SWITCH_S)
    try:
        base.run()
    finally:
        sys.setswitchinterval(switch_s)
    app.destroy()
    if failed:  # the scene is gone; the window closes as the command exits
        raise ValueError(failed[0])
    return "replay closed", {"window": True, "streamed": True}
