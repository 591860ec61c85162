"""Showing and hiding a layer as a whole (``Toggleable``)."""

from panda3d.core import NodePath

from sim.view.toggleable import Toggleable


class Counted(Toggleable):
    def __init__(self) -> None:
        self.root = NodePath("counted")
        self.changes: list[tuple[bool, bool]] = []
        """Each change asked for, with whether the root was on screen at that moment."""
        self.set_shown(False)

    def _on_change(self, shown: bool) -> None:
        self.changes.append((shown, self.visible))


def test_toggle_flips_the_choice_and_the_root_follows() -> None:
    layer = Counted()
    assert not layer.shown and not layer.visible
    assert layer.toggle() is True and layer.shown and layer.visible
    assert layer.toggle() is False and not layer.shown and layer.root.isHidden()
    layer.show()
    layer.hide()
    assert layer.changes == [
        (False, True),
        (True, False),
        (False, True),
        (True, False),
        (False, True),
    ]


def test_a_layer_that_stood_aside_is_still_shown() -> None:
    layer = Counted()
    layer.show()
    layer.root.hide()  # as the legend does on a screen with no room for it
    assert layer.shown and not layer.visible
    assert layer.toggle() is False and layer.root.isHidden()
