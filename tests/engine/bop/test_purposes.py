"""Roll purposes are written in one place: every die roll in the Birds of Prey engine takes
its purpose from a builder in :mod:`engine.bop.purposes`."""

from __future__ import annotations

import ast
import inspect
from collections.abc import Iterator
from pathlib import Path

import pytest

import engine.bop
from engine.bop import purposes

ENGINE_BOP = Path(engine.bop.__file__).parent
ROLLS = {"d10": 0, "d6": 0, "percentile": 0, "pips": 1}
"""The dice's rolls and where each takes its purpose (the positional argument's index)."""
BUILDERS = {
    name
    for name, value in vars(purposes).items()
    if inspect.isfunction(value) and value.__module__ == purposes.__name__
}

Function = ast.FunctionDef | ast.AsyncFunctionDef


def _is_dice(node: ast.expr) -> bool:
    """``dice``, ``ctx.dice``, ``self.dice``: the game's dice."""
    if isinstance(node, ast.Name):
        return node.id == "dice"
    return isinstance(node, ast.Attribute) and node.attr == "dice"


def _purpose_argument(call: ast.Call) -> ast.expr | None:
    assert isinstance(call.func, ast.Attribute)
    for keyword in call.keywords:
        if keyword.arg == "purpose":
            return keyword.value
    index = ROLLS[call.func.attr]
    return call.args[index] if len(call.args) > index else None


def _is_builder_call(node: ast.expr) -> bool:
    """``purposes.<builder>(...)``."""
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and isinstance(node.func.value, ast.Name)
        and node.func.value.id == "purposes"
        and node.func.attr in BUILDERS
    )


def _parameters(function: Function) -> set[str]:
    args = function.args
    every = [*args.posonlyargs, *args.args, *args.kwonlyargs]
    return {a.arg for a in every}


def _assigned(function: Function, name: str) -> list[ast.expr]:
    """What ``name`` is assigned in ``function``'s body."""
    values: list[ast.expr] = []
    for node in ast.walk(function):
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == name for t in node.targets
        ):
            values.append(node.value)
        elif isinstance(node, ast.AnnAssign | ast.AugAssign) and (
            isinstance(node.target, ast.Name) and node.target.id == name
        ):
            values.append(node.value if node.value is not None else node.target)
    return values


def _rolls(tree: ast.Module) -> Iterator[tuple[ast.Call, Function | None]]:
    """Every ``dice.<roll>(...)`` call in ``tree``, with the function it is in."""

    def visit(
        node: ast.AST, function: Function | None
    ) -> Iterator[tuple[ast.Call, Function | None]]:
        for child in ast.iter_child_nodes(node):
            inner = child if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef) else function
            if (
                isinstance(child, ast.Call)
                and isinstance(child.func, ast.Attribute)
                and child.func.attr in ROLLS
                and _is_dice(child.func.value)
            ):
                yield child, function
            yield from visit(child, inner)

    yield from visit(tree, None)


def _problem(call: ast.Call, function: Function | None) -> str | None:
    """Why ``call``'s purpose does not come from a builder, or None."""
    argument = _purpose_argument(call)
    if argument is None:
        return "no purpose"
    if _is_builder_call(argument):
        return None
    if isinstance(argument, ast.Name) and function is not None:
        assigned = _assigned(function, argument.id)
        if assigned and all(_is_builder_call(value) for value in assigned):
            return None  # built by a builder a line before
        if argument.id in _parameters(function) and not assigned:
            return None  # handed in by the caller, who built it
    return f"purpose {ast.unparse(argument)!r} is not a purposes builder's"


def _sources() -> list[Path]:
    return sorted(ENGINE_BOP.rglob("*.py"))


def test_the_engine_rolls_dice() -> None:
    rolls = [call for path in _sources() for call, _ in _rolls(ast.parse(path.read_text("utf-8")))]
    assert len(rolls) >= 40  # the scan finds them (it would pass vacuously otherwise)


@pytest.mark.parametrize("path", _sources(), ids=lambda p: str(p.relative_to(ENGINE_BOP)))
def test_every_roll_takes_its_purpose_from_a_builder(path: Path) -> None:
    tree = ast.parse(path.read_text("utf-8"))
    problems = [
        f"line {call.lineno}: {problem}"
        for call, function in _rolls(tree)
        if (problem := _problem(call, function)) is not None
    ]
    assert problems == [], f"{path.name}: " + "; ".join(problems)


def test_the_scan_catches_a_written_purpose() -> None:
    tree = ast.parse(
        "def roll(dice, who, turn):\n"
        '    a = dice.d10(f"overspeed check, {who}, turn {turn}")\n'
        '    b = dice.pips(3, "structure G check")\n'
        "    purpose = who + ' check'\n"
        "    c = ctx.dice.percentile(purpose)\n"
        "    d = dice.d10(purposes.spin_check(who, turn))\n"
    )
    found = [_problem(call, function) for call, function in _rolls(tree)]
    assert [p is None for p in found] == [False, False, False, True]


@pytest.mark.parametrize(
    ("built", "text"),
    [
        (purposes.departure_check("Red 1", 7), "departure check, Red 1, turn 7"),
        (purposes.crew_g_check("pilot", "Red 1", 3), "crew G check, pilot, Red 1, turn 3"),
        (
            purposes.collision_avoidance("Red 1", "Blue 1", 4),
            "collision avoidance, Red 1 with Blue 1, turn 4",
        ),
        (purposes.gun_attack("Red 1", "", 2), "gun attack, Red 1 on target, turn 2"),
        (
            purposes.gun_damage(purposes.gun_attack("Red 1", "Blue 1", 2), "M61", "normal"),
            "gun attack, Red 1 on Blue 1, turn 2 (M61, normal shot)",
        ),
        (
            purposes.critical_hit_system(
                purposes.critical_of(1, 2, purposes.damage_to("Blue 1", "Red 1", 5))
            ),
            "critical hit system, 1 of 2 on Blue 1, by Red 1, turn 5",
        ),
        (purposes.damage_to("Blue 1", None, 5), "Blue 1, turn 5"),
        (
            purposes.missile_attack("phantom-1-m1", "AIM-7E", "fishbed-1", 3),
            "missile attack, phantom-1-m1 AIM-7E on fishbed-1, turn 3",
        ),
        (purposes.closest_target("Red 1", 2), "closest target, Red 1 radar, turn 2"),
        (
            purposes.lookdown("Red 1", "Blue 1", 2),
            "lookdown, Red 1 radar on Blue 1, turn 2",
        ),
        (
            purposes.search("Quick Search", "Red 1 pilot", "Blue 1", 4),
            "quick search, Red 1 pilot for Blue 1, turn 4",
        ),
        (purposes.post_battle_fate("Red 1 pilot"), "post-battle fate, Red 1 pilot"),
        (
            purposes.initiative_rolloff(2, "Red 1", 6),
            "initiative roll-off 2, Red 1, turn 6",
        ),
    ],
)
def test_builders_write_the_recorded_text(built: str, text: str) -> None:
    assert built == text


def test_every_builder_cites_its_rule() -> None:
    undocumented = [
        name for name in BUILDERS if not name.startswith("_") and not vars(purposes)[name].__doc__
    ]
    assert undocumented == []
