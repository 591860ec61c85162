"""An answer printed in full whose subject was partly bad: exit status 2 all the same."""

from __future__ import annotations

from typing import Any


class PartlyBad(Exception):
    """Raised by a command that has its whole answer (``text`` and ``data``, printed as
    usual) but found problems on the way, e.g. ``furball list`` of a folder with an
    unreadable file: the answer is printed, then the message, and the exit status is 2."""

    def __init__(self, message: str, text: str, data: dict[str, Any]) -> None:
        super().__init__(message)
        self.text = text
        self.data = data
