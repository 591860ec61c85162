"""Odds: a scenario swept over dice seeds and variations, and what tends to happen."""
