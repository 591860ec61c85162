"""Aircraft names on the HUD: short labels for the PHAD's cells, and lists of callsigns cut
to fit a panel row.

The engine's sensor and awareness channels name aircraft by timeline id (``fulcrum-1``); the
HUD shows them as their crews would say them, by callsign (``Fulcrum 1``), or by the short
label the PHAD writes in its cells (``F1``) when the callsigns do not fit.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence

from sim.snapshot import EntityState

_SHORT_RE = re.compile(r"(\d+)\s*$")


def short_label(callsign: str, entity_id: str) -> str:
    """A bearing's label: initials and trailing number of the callsign ("Viper 1" → "V1")."""
    name = callsign or entity_id
    match = _SHORT_RE.search(name)
    digits = match.group(1) if match else ""
    words = [w for w in re.split(r"[\s_\-#]+", name[: match.start()] if match else name) if w]
    initials = "".join(w[0] for w in words if w[0].isalpha()).upper()[:2]
    label = (initials or name[:2].upper()) + digits
    return label[:4] or "?"


def short_labels(entities: Sequence[EntityState]) -> dict[str, str]:
    """Short labels for every entity, made longer where two would read the same."""
    labels = {e.id: short_label(e.callsign, e.id) for e in entities}
    seen: dict[str, int] = {}
    for label in labels.values():
        seen[label] = seen.get(label, 0) + 1
    for entity in entities:
        if seen[labels[entity.id]] > 1:
            name = (entity.callsign or entity.id).replace(" ", "")
            labels[entity.id] = name[:3].upper() + name[-1]
    return labels


def names_that_fit(
    ids: Iterable[str],
    callsigns: dict[str, str],
    labels: dict[str, str],
    fits: Callable[[str], bool],
) -> str:
    """``ids`` as a comma-separated list that ``fits``: callsigns when they all fit
    (``Fulcrum 1, Fulcrum 2``), else short labels (``F1, F2``), else as many short labels
    as fit and a count of the rest (``F1, F2 +3``).  An id the snapshot does not know is
    shown as it is; "" for no ids."""
    ids = tuple(ids)
    if not ids:
        return ""
    full = ", ".join(callsigns.get(i) or i for i in ids)
    if fits(full):
        return full
    short = [labels.get(i) or i for i in ids]
    for shown in range(len(short), 0, -1):
        rest = len(short) - shown
        text = ", ".join(short[:shown]) + (f" +{rest}" if rest else "")
        if fits(text):
            return text
    return f"+{len(short)}" if len(short) > 1 else short[0]
