"""An AI pilot for Birds of Prey: it reads the fight each game-turn, picks a posture and
plots by looking ahead with the game's own planner.

A scenario names it with ``pilot = "ai"`` and optional ``ai = { target = "mig-1" }``
(:class:`AiParams`); :func:`fly` gives one game-turn's orders.
"""

from engine.bop.ai.pilot import AiParams, AiState, AiStep, fly, preferred_fight

__all__ = ["AiParams", "AiState", "AiStep", "fly", "preferred_fight"]
