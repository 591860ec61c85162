"""Showing and hiding a view layer as a whole, as the viewer's keys do.

Kept apart from :mod:`sim.view.layer` because it needs no Panda3D at import time: the help
overlay's module is imported where there is no GL stack (it only lists the key bindings).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from panda3d.core import NodePath


class Toggleable:
    """A layer that is shown and hidden by hiding its ``root`` node.

    ``shown`` is the viewer's choice (the state of the layer's key); ``visible`` is whether
    the root is on screen now, which is ``shown`` unless the layer stood aside by itself (the
    altitude legend hides when a screen has no room for it).  A layer with work to do as it
    comes or goes overrides :meth:`_on_change`.
    """

    root: NodePath
    shown: bool = False
    """The viewer's choice: whether the layer is to be shown."""

    @property
    def visible(self) -> bool:
        """Whether the layer's root is on screen now."""
        return not self.root.isHidden()

    def set_shown(self, shown: bool) -> bool:
        """Show or hide the layer; returns ``shown``."""
        self.shown = shown
        self._on_change(shown)
        if shown:
            self.root.show()
        else:
            self.root.hide()
        return shown

    def show(self) -> None:
        self.set_shown(True)

    def hide(self) -> None:
        self.set_shown(False)

    def toggle(self) -> bool:
        """Hide the layer when it is shown, show it when it is not; returns whether it is
        shown now."""
        return self.set_shown(not self.shown)

    def _on_change(self, shown: bool) -> None:
        """Called as the layer is shown or hidden, before its root changes."""
