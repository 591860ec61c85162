"""The Birds of Prey engine imports without cycles: every module can be the first one
imported, and no module hides an import inside a function to dodge one."""

import ast
import pkgutil
import subprocess
import sys
from pathlib import Path

import engine.bop

PACKAGE_DIR = Path(engine.bop.__file__).parent
ALL_MODULES = sorted(
    info.name for info in pkgutil.walk_packages([str(PACKAGE_DIR)], prefix="engine.bop.")
)
DRIVER_AND_PILOTS = ("ai", "maneuvers", "pilots", "setup", "sequence", "game")
"""The modules that once imported each other; each is imported first on its own."""

FIRST_IMPORT_OF_EACH = """
import importlib, sys
failed = []
for name in sys.argv[1:]:
    for loaded in [m for m in sys.modules if m.startswith("engine.bop")]:
        del sys.modules[loaded]
    try:
        importlib.import_module(name)
    except ImportError as error:
        failed.append(f"{name}: {error}")
print("\\n".join(failed))
"""


def test_the_driver_and_pilot_modules_import_first_in_a_fresh_interpreter() -> None:
    assert {f"engine.bop.{m}" for m in DRIVER_AND_PILOTS} <= set(ALL_MODULES)
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            FIRST_IMPORT_OF_EACH,
            *(f"engine.bop.{m}" for m in DRIVER_AND_PILOTS),
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.strip() == ""


def test_no_engine_import_is_hidden_inside_a_function() -> None:
    hidden = []
    for path in PACKAGE_DIR.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            for inner in ast.walk(node):
                if isinstance(inner, ast.ImportFrom) and (inner.module or "").startswith("engine"):
                    hidden.append(f"{path.name}:{inner.lineno} {inner.module}")
    assert hidden == []


def test_the_game_module_keeps_its_exports() -> None:
    from engine.bop import game

    for name in ("Game", "ScenarioError", "setup_problems", "TICK_S", "TICKS_PER_TURN"):
        assert hasattr(game, name), name
