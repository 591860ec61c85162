"""The README's Python examples run as written."""

import doctest
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def test_readme_python_examples() -> None:
    result = doctest.testfile(str(README), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0


def test_readme_scenario_example_is_a_valid_scenario() -> None:
    import tomllib

    from engine.bop.game import Game
    from models.scenario import Scenario

    text = README.read_text(encoding="utf-8")
    block = text.split("```toml\n", 1)[1].split("```", 1)[0]
    scenario = Scenario.model_validate(tomllib.loads('name = "readme"\nturns = 2\n' + block))
    timeline = Game(scenario, seed=1).run()
    assert timeline.ticks == 21
