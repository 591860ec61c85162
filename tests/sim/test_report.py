"""The debrief sheet (sim/report, ``furball report``): what it tells, that it stands alone,
and that a real browser shows it whole."""

from __future__ import annotations

import dataclasses
import json
import re
import shutil
from pathlib import Path

import pytest

from engine.bop.game import Game
from models.scenario import load_scenario
from models.timeline import Timeline
from scenarios import find_scenario
from sim.cli.main import main
from sim.report.build import build_sheet
from sim.report.content import key_events, moments
from sim.report.page import Sheet, render_page


def _perch_9000() -> Timeline:
    return Game(load_scenario(find_scenario("bfm/perch-9000")), 1).run()


def test_the_key_events_hold_the_shot_the_hit_and_the_kill_in_order() -> None:
    lines = key_events(_perch_9000())
    kinds = [(line.t_s, line.turn, line.kind) for line in lines]
    assert (18.0, 3, "gun") in kinds and (18.0, 3, "hit") in kinds and (24.0, 4, "kill") in kinds
    assert [line.t_s for line in lines] == sorted(line.t_s for line in lines)
    assert any("Viper 1 fires the M61A1 Vulcan at Bandit 1" in line.words for line in lines)
    assert not any(line.kind in ("dice", "tally") for line in lines)


def test_the_moments_pictured_are_the_shot_from_the_shooter_and_the_kill() -> None:
    found = [(m.t_s, m.entity) for m in moments(_perch_9000())]
    assert found == [(18.0, "viper-1"), (24.0, "bandit-1")]


def test_a_launch_is_pictured_from_its_launcher_not_its_missile() -> None:
    timeline = Game(load_scenario(find_scenario("historical/modern-furball")), 18).run()
    launches = [m for m in moments(timeline) if "AIM-9L" in m.caption or "launch" in m.caption]
    assert launches and all(not m.entity.endswith(("-m1", "-m2")) for m in launches)


def test_the_page_stands_alone_and_escapes_the_briefing() -> None:
    timeline = _perch_9000()
    meta = timeline.meta.model_copy(update={"description": "<script>alert('x')</script> & more"})
    page = render_page(Sheet(dataclasses.replace(timeline, meta=meta)))
    assert "<script>" not in page and "&lt;script&gt;" in page and "&amp; more" in page
    assert not re.search(r"""(src|href)=["'](?!data:)""", page)
    assert "http://" not in page and "https://" not in page


def test_the_sheet_embeds_a_key_frame_per_moment() -> None:
    sheet = build_sheet(_perch_9000(), frame_size=(480, 270))
    assert [m.t_s for m, _ in sheet.frames] == [18.0, 24.0]
    assert all(png.startswith(b"\x89PNG") for _, png in sheet.frames)
    assert len(sheet.charts) == 1 and "Viper 1 against Bandit 1" in sheet.charts[0].caption
    page = render_page(sheet)
    assert page.count("data:image/png;base64,") == 3  # the chart and the two frames


def test_the_shot_log_names_the_burst_its_range_angles_dice_and_outcome() -> None:
    (row,) = build_sheet(_perch_9000(), frames=False).shots
    assert (row.t_s, row.shooter, row.target, row.weapon) == (
        18.0,
        "Viper 1",
        "Bandit 1",
        "M61A1 Vulcan",
    )
    assert "(7 FP)" in row.range_text and row.angles_text.startswith("ATA ")
    assert "pipper on" in row.dice_text and "percentile 86" in row.dice_text
    assert row.outcome.startswith("hit")


def test_the_command_writes_the_page_and_refuses_a_wrong_suffix(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "debrief.html"
    assert main(["report", "bfm/perch-9000", "-o", str(out), "--no-frames", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["output"] == str(out) and summary["frames"] == 0
    assert "Debrief: Offensive perch, 9,000 ft" in out.read_text(encoding="utf-8")
    assert main(["report", "bfm/perch-9000", "-o", str(tmp_path / "debrief.txt")]) != 0
    error = capsys.readouterr().err
    assert "debrief.txt" in error and ".html" in error and "Traceback" not in error


def _chromium() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.mark.skipif(_chromium() is None, reason="no Chromium to open the page in")
def test_a_real_browser_loads_the_page_without_errors_and_shows_every_picture(
    tmp_path: Path,
) -> None:
    sync_api = pytest.importorskip("playwright.sync_api")
    out = tmp_path / "debrief.html"
    assert main(["report", "bfm/perch-9000", "-o", str(out), "--frame-size", "640x360"]) == 0
    problems: list[str] = []
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=_chromium(), args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: problems.append(str(e)))
        page.on(
            "request",
            lambda r: None if r.url.startswith(("file:", "data:")) else problems.append(r.url),
        )
        page.goto(out.resolve().as_uri())
        images = page.evaluate("[...document.images].map(i => [i.complete, i.naturalWidth])")
        headings = page.evaluate("[...document.querySelectorAll('h2')].map(h => h.textContent)")
        page.screenshot(path=str(tmp_path / "debrief.png"), full_page=True)
        browser.close()
    assert problems == []
    # one renderer per process: its frame size is the first asked for in this process
    assert len(images) == 3 and all(done and width >= 320 for done, width in images)
    assert headings[:3] == ["Briefing", "Order of battle", "Key events"]
    assert (tmp_path / "debrief.png").stat().st_size > 10_000
