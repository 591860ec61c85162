"""The optional rules' events."""

from __future__ import annotations

import pytest

from engine.otl.optional.events import KINDS, OptionalEvent


def test_every_kind_is_namespaced_and_others_are_refused() -> None:
    assert all(kind.startswith("otl.") for kind in KINDS)
    assert OptionalEvent("otl.home", ("camel-1",), "home").data == {}
    with pytest.raises(ValueError, match="not an optional rule's event kind"):
        OptionalEvent("archie", (), "")
