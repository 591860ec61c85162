"""The help overlay: the key column and the description column are laid out apart, so
they align whatever the font's letter widths."""

from __future__ import annotations

from typing import Any

from sim.view.controls import DEMO_QUIT_LINES, HELP_LINES, HelpOverlay
from sim.view.layer import shown_box


def _column_boxes(help_overlay: HelpOverlay, relative_to: Any) -> list[tuple[float, ...]]:
    found = []
    for text in help_overlay.columns or ():
        node = help_overlay.root.find(f"**/{text.getName()}")
        assert not node.isEmpty()
        box = shown_box(node, relative_to)
        assert box is not None
        found.append(box)
    return found


def test_keys_and_descriptions_are_two_aligned_columns(clean_scene: Any) -> None:
    overlay = HelpOverlay(clean_scene.aspect2d)
    overlay.toggle()
    keys, whats = overlay.columns or (None, None)
    assert keys is not None and whats is not None
    assert keys.getText().split("\n") == [key for key, _what in HELP_LINES]
    assert whats.getText().split("\n") == [what for _key, what in HELP_LINES]
    assert keys.getNumRows() == whats.getNumRows() == len(HELP_LINES)
    key_box, what_box = _column_boxes(overlay, clean_scene.aspect2d)
    assert key_box[1] < what_box[0]  # every description starts right of the widest key
    # the rows share their baselines: both columns start on the same line
    key_node = overlay.root.find(f"**/{keys.getName()}")
    what_node = overlay.root.find(f"**/{whats.getName()}")
    assert key_node.getZ() == what_node.getZ()
    assert key_node.getScale() == what_node.getScale()
    # the overlay fits the screen
    box = shown_box(overlay.root, clean_scene.aspect2d)
    assert box is not None
    assert -clean_scene.a2dRight <= box[0] and box[1] <= clean_scene.a2dRight
    assert -clean_scene.a2dTop <= box[2] and box[3] <= clean_scene.a2dTop
    overlay.destroy()


def test_the_demo_lines_keep_the_columns(clean_scene: Any) -> None:
    overlay = HelpOverlay(clean_scene.aspect2d)
    overlay.set_demo(True)
    assert overlay.lines[-2:] == DEMO_QUIT_LINES
    keys, whats = overlay.columns or (None, None)
    assert keys is not None and whats is not None
    assert keys.getText().split("\n")[-1] == "ctrl-q"
    assert whats.getNumRows() == len(overlay.lines)
    overlay.destroy()


def test_a_key_the_replay_does_not_bind_is_not_listed(clean_scene: Any) -> None:
    """Rules without altitude tiles (Over the Lines' flight stands) leave ``k`` unbound, and
    the help does not offer it, in the demo either."""
    overlay = HelpOverlay(clean_scene.aspect2d)
    try:
        assert "k" in [key for key, _ in overlay.lines]
        overlay.set_unbound(frozenset({"k"}))
        assert "k" not in [key for key, _ in overlay.lines]
        overlay.set_demo(True)
        assert "k" not in [key for key, _ in overlay.lines]
        assert overlay.lines[-len(DEMO_QUIT_LINES) :] == DEMO_QUIT_LINES
    finally:
        overlay.root.removeNode()
