"""The what-if in a real window: open the menu on a game-turn, click a plot to fly it, see
the branch with its parent as the ghost, save it, branch it again, go back, close."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Callable
from typing import Any

from engine.whatif.plots import PULL_ROWS
from sim.view.whatif_menu import BODY_TOP, CELL_WIDTH, GRID_X, PANEL_WIDTH, ROW_STEP
from tests.window.conftest import Window

FLIGHT_S = 90.0
"""Finding the menu or flying a branch takes seconds beside the streaming engine."""


def click(window: Window, x: float, y: float) -> None:
    """Click at window pixel (x, y)."""
    subprocess.run(
        [
            "xdotool",
            "mousemove",
            "--window",
            window.window_id,
            str(round(x)),
            str(round(y)),
            "click",
            "1",
        ],
        env={**os.environ, "DISPLAY": window.display},
        check=True,
        timeout=10,
    )


def cell_px(status: dict[str, Any], row: int, column: int) -> tuple[float, float]:
    """Where the grid cell (pull row, roll column) of a 13-column menu is on screen."""
    left, top, right, _bottom = status["panels"]["what-if"]
    px_per_unit = (right - left) / PANEL_WIDTH
    x = GRID_X + CELL_WIDTH * (column + 0.5)
    z = BODY_TOP - ROW_STEP * (row + 1.5)
    return left + x * px_per_unit, top - z * px_per_unit


def menu_ready(s: dict[str, Any]) -> bool:
    return bool(s["whatif"]["open"] and s["whatif"]["choices"] and not s["whatif"]["busy"])


def test_a_branch_is_flown_from_the_menu_shown_over_its_ghost_and_saved(
    open_window: Callable[..., Window],
) -> None:
    window = open_window("whatif", "play", "bfm/perch-9000", "--seed", "1", "--size", "1280x720")
    window.ready()
    window.key("space")  # paused, the engine plays the game on to its end
    window.wait_for("the engine done with the game", lambda s: s["complete"], FLIGHT_S)
    window.key("Home")
    window.wait_for("the start", lambda s: s["t_s"] < 1e-3)
    window.key("bracketright")
    window.wait_for("game-turn 2's start", lambda s: abs(s["t_s"] - 6.0) < 1e-3)
    window.key("bracketright")
    window.wait_for("game-turn 3's start", lambda s: abs(s["t_s"] - 12.0) < 1e-3)
    window.key("y")
    status = window.wait_for("the menu of game-turn 3", menu_ready, FLIGHT_S)
    assert status["whatif"]["turn"] == 3 and status["whatif"]["aircraft"] == "viper-1"
    assert not status["playing"] and "what-if" in status["panels"]
    window.screenshot("menu")
    x, y = cell_px(status, PULL_ROWS.index("7 G"), 8)  # roll 2 right, then 7 G
    click(window, x, y)
    window.wait_for(
        "the cursor on the clicked plot",
        lambda s: s["whatif"]["cursor"] == "roll 2 right, 7 G pull",
    )
    click(window, x, y)  # a second click on it flies it
    branch = window.wait_for(
        "the branch over its ghost",
        lambda s: s["whatif"]["branches"] == 1 and not s["whatif"]["busy"],
        FLIGHT_S,
    )
    assert not branch["whatif"]["open"]
    assert branch["overlays"]["ghost"] == "this branch's parent"
    assert branch["overlays"]["what_changed"] and "what-changed" in branch["panels"]
    assert abs(branch["t_s"] - 12.0) < 1e-3 and not branch["playing"]
    window.screenshot("branch")
    window.key("space")
    window.wait_for("the branch plays", lambda s: s["t_s"] > 14.0)
    window.screenshot("branch-playing")
    window.key("y")
    again = window.wait_for("the menu on the branch", menu_ready, FLIGHT_S)
    window.key("s")
    saved = window.wait_for("the branch saved", lambda s: s["whatif"]["saved"], 15.0)
    name = "perch-9000-whatif-t3-viper-1.furball.npz"
    assert [p.rsplit("/", 1)[-1] for p in saved["whatif"]["saved"]] == [name]
    assert (window.folder / name).is_file()
    assert again["whatif"]["turn"] >= 3
    window.key("Return")  # the AI's choice, flown from the branch: a branch of a branch
    window.wait_for(
        "a second generation",
        lambda s: s["whatif"]["shown"] == 2 and not s["whatif"]["busy"],
        FLIGHT_S,
    )
    window.key("y")
    window.wait_for("the menu again", menu_ready, FLIGHT_S)
    window.key("BackSpace")
    window.wait_for(
        "back to the first branch",
        lambda s: s["whatif"]["shown"] == 1 and s["overlays"]["ghost"] is not None,
    )
    window.wait_for("its menu", menu_ready, FLIGHT_S)
    window.key("Escape")
    window.wait_for("the menu closed", lambda s: not s["whatif"]["open"])
    window.key("Escape")
    assert window.process.wait(30) == 0
    assert "Traceback" not in window.stderr()
