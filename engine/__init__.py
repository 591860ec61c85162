"""furball's rules engine: pure Python with numpy/scipy, never imports the front-end.

``engine.Game(scenario, seed=None)`` starts a game of the scenario's rule system;
``game.play_turn(orders)`` plays one game-turn and ``game.run()`` a whole scripted scenario.
"""

from engine.rulesets import RULESETS, Game, Ruleset

__all__ = ["RULESETS", "Game", "Ruleset"]
