"""A campaign's seeds: one for the whole campaign, chosen as a game's is, and one derived
from it for each sortie and each off-the-mat resolution, so any sortie can be replayed on
its own and a resumed campaign rolls what an unbroken one would have."""

from __future__ import annotations

import numpy as np

from engine.dice import game_seed

SEED_LIMIT = 2**63
"""Seeds are whole numbers below this (what a scenario file and ``--seed`` accept)."""


def campaign_seed(given: int | None, file_seed: int | None) -> int:
    """The campaign's seed: the one given, else the campaign file's, else a fresh one
    (:func:`engine.dice.game_seed`); the ledger records it either way."""
    return game_seed(given, file_seed)


def derived_seed(seed: int, *path: int) -> int:
    """A seed for one part of the campaign (``derived_seed(seed, sortie_number)``), the
    same for the same ``seed`` and ``path`` on every machine, and independent of the
    others (numpy's ``SeedSequence`` spawning)."""
    if seed < 0 or any(part < 0 for part in path):
        raise ValueError(f"seeds and their path are not negative: {seed}, {path}")
    words = np.random.SeedSequence([seed, *path]).generate_state(2, np.uint64)
    return int((int(words[0]) << 1 ^ int(words[1])) % SEED_LIMIT)
