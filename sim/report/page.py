"""The debrief sheet as one HTML page: its style inline and its pictures embedded, so it
opens in any browser, from a file, with no server and nothing fetched."""

from __future__ import annotations

import base64
from collections.abc import Sequence
from dataclasses import dataclass, field
from html import escape

from models.timeline import Timeline
from sim.report.content import Line, Moment, key_events, turn_of

STYLE = """
body { font-family: "DejaVu Sans", Verdana, sans-serif; margin: 2em auto; max-width: 70em;
       color: #1c2430; background: #f6f7f9; line-height: 1.45; }
h1 { font-size: 1.9em; margin-bottom: 0.2em; }
h2 { font-size: 1.35em; border-bottom: 2px solid #c9d1dc; padding-bottom: 0.2em;
     margin-top: 1.8em; }
.sub { color: #56627a; margin-top: 0; }
table { border-collapse: collapse; width: 100%; font-size: 0.95em; }
th, td { text-align: left; padding: 0.3em 0.6em; border-bottom: 1px solid #dde2ea;
         vertical-align: top; }
th { background: #e7ebf1; }
td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
.side { display: inline-block; width: 0.8em; height: 0.8em; border-radius: 0.2em;
        margin-right: 0.4em; }
.kind { font-weight: bold; white-space: nowrap; }
.gun { color: #9a7400; } .launch { color: #1b6f99; }
.hit { color: #b35300; } .kill { color: #b3141c; }
figure { margin: 1em 0; background: #fff; padding: 0.6em; border: 1px solid #dde2ea; }
figure img { max-width: 100%; height: auto; display: block; }
figcaption { color: #3b4556; font-size: 0.95em; margin-top: 0.4em; }
.frames { display: grid; grid-template-columns: repeat(auto-fill, minmax(28em, 1fr)); gap: 1em; }
"""
SIDE_COLOURS = {"blue": "#2f6fd6", "red": "#d23c3c", "green": "#2e9a4a", "neutral": "#8a8f99"}


@dataclass(frozen=True, slots=True)
class Picture:
    """A PNG for the sheet, with its caption."""

    png: bytes
    caption: str


@dataclass(frozen=True, slots=True)
class ShotRow:
    """One line of the shot log as the sheet prints it."""

    t_s: float
    shooter: str
    target: str
    weapon: str
    range_text: str
    angles_text: str
    dice_text: str
    outcome: str


@dataclass(slots=True)
class Sheet:
    """Everything the page shows; the pictures are made elsewhere (Panda3D, matplotlib)."""

    timeline: Timeline
    frames: list[tuple[Moment, bytes]] = field(default_factory=list)
    charts: list[Picture] = field(default_factory=list)
    shots: list[ShotRow] = field(default_factory=list)
    odds_html: str = ""
    """The odds of a sweep of this set-up (:mod:`.odds_section`), when one was given."""


def data_uri(png: bytes) -> str:
    return "data:image/png;base64," + base64.b64encode(png).decode("ascii")


def figure(png: bytes, caption: str, alt: str) -> str:
    return (
        f'<figure><img src="{data_uri(png)}" alt="{escape(alt)}">'
        f"<figcaption>{escape(caption)}</figcaption></figure>"
    )


def header(timeline: Timeline) -> str:
    meta = timeline.meta
    turns = turn_of(timeline, float(timeline.t_s[-1])) if len(timeline.t_s) else 0
    words = meta.turn_word + ("s" if turns != 1 else "")
    sub = (
        f"rules {escape(meta.rules)} · seed {meta.seed} · "
        f"{turns} {escape(words)}, {float(timeline.t_s[-1]):.0f} s"
    )
    return f"<h1>Debrief: {escape(meta.scenario)}</h1><p class='sub'>{sub}</p>"


def briefing(timeline: Timeline) -> str:
    text = timeline.meta.description.strip() or "The scenario has no briefing."
    return f"<h2>Briefing</h2><p>{escape(' '.join(text.split()))}</p>"


def order_of_battle(timeline: Timeline) -> str:
    rows = []
    for entity in timeline.meta.entities:
        if entity.kind != "aircraft":
            continue
        colour = SIDE_COLOURS.get(entity.side, SIDE_COLOURS["neutral"])
        rows.append(
            f"<tr><td><span class='side' style='background:{colour}'></span>"
            f"{escape(entity.side)}</td><td>{escape(entity.callsign)}</td>"
            f"<td>{escape(entity.type_id)}</td><td>{escape(entity.pilot or '—')}</td></tr>"
        )
    head = "<tr><th>Side</th><th>Callsign</th><th>Type</th><th>Flown by</th></tr>"
    return f"<h2>Order of battle</h2><table>{head}{''.join(rows)}</table>"


def timeline_section(lines: Sequence[Line], turn_word: str) -> str:
    if not lines:
        return "<h2>Key events</h2><p>No shot, hit, kill or departure in this fight.</p>"
    rows = "".join(
        f"<tr><td class='num'>{line.t_s:.1f} s</td><td class='num'>{line.turn}</td>"
        f"<td class='kind {line.kind}'>{escape(line.kind)}</td><td>{escape(line.words)}</td></tr>"
        for line in lines
    )
    head = f"<tr><th>Time</th><th>{escape(turn_word.capitalize())}</th><th></th><th>What</th></tr>"
    return f"<h2>Key events</h2><table>{head}{rows}</table>"


def shots_section(shots: Sequence[ShotRow]) -> str:
    if not shots:
        return "<h2>Shot log</h2><p>No gun was fired and no missile launched.</p>"
    rows = "".join(
        f"<tr><td class='num'>{s.t_s:.1f} s</td><td>{escape(s.shooter)}</td>"
        f"<td>{escape(s.target)}</td><td>{escape(s.weapon)}</td>"
        f"<td class='num'>{escape(s.range_text)}</td><td>{escape(s.angles_text)}</td>"
        f"<td>{escape(s.dice_text)}</td><td>{escape(s.outcome)}</td></tr>"
        for s in shots
    )
    head = (
        "<tr><th>Time</th><th>Shooter</th><th>Target</th><th>Weapon</th><th>Range</th>"
        "<th>Angles</th><th>Dice and table</th><th>Outcome</th></tr>"
    )
    return f"<h2>Shot log</h2><table>{head}{rows}</table>"


def charts_section(charts: Sequence[Picture]) -> str:
    if not charts:
        return ""
    return "<h2>Charts</h2>" + "".join(figure(c.png, c.caption, c.caption) for c in charts)


def frames_section(frames: Sequence[tuple[Moment, bytes]]) -> str:
    if not frames:
        return ""
    pictures = "".join(
        figure(png, f"{moment.t_s:.1f} s: {moment.caption}", moment.caption)
        for moment, png in frames
    )
    return f"<h2>Key frames</h2><div class='frames'>{pictures}</div>"


def render_page(sheet: Sheet) -> str:
    """The whole page as text (UTF-8)."""
    timeline = sheet.timeline
    body = "".join(
        (
            header(timeline),
            briefing(timeline),
            order_of_battle(timeline),
            timeline_section(key_events(timeline), timeline.meta.turn_word),
            shots_section(sheet.shots),
            charts_section(sheet.charts),
            sheet.odds_html,
            frames_section(sheet.frames),
        )
    )
    title = escape(f"Debrief: {timeline.meta.scenario}")
    return (
        "<!DOCTYPE html>\n<html lang='en'><head><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width, initial-scale=1'>"
        f"<title>{title}</title>"
        f"<style>{STYLE}</style></head><body>{body}</body></html>\n"
    )
