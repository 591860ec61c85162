"""The Fighter Command AI pilot: legal, deterministic, and flying like a pilot."""

from __future__ import annotations

import random

import pytest

from engine.fc.ai import AiView, FcAi, describe, wants_tail
from engine.fc.movement import fly_unchecked
from engine.fc.plotting import plot_problems
from engine.fc.state import FcPlane, Pose
from models.fc.common import GROUPS
from models.fc.orders import FcPlot
from models.fc.scenario import FieldRect
from models.fc.sheet import control_sheets
from tests.fc.builders import plane

FIELD = FieldRect(width_ft=48.0, depth_ft=36.0)


def view(me: FcPlane, *others: FcPlane, **changes: object) -> AiView:
    planes = {p.id: p for p in (me, *others)}
    sides = {p.id: ("raf" if p.id.startswith("raf") else "lw") for p in planes.values()}
    fields: dict[str, object] = dict(
        planes=planes,
        side_of=sides,
        moved=frozenset(),
        field=FIELD,
        home_edge="north",
        go_home=False,
        any_dive_box=False,
        turn_limit_deg=None,
        ready_reach_dice=3,
    )
    fields.update(changes)
    return AiView(**fields)  # type: ignore[arg-type]


def named(p: FcPlane, pid: str) -> FcPlane:
    p.id = pid
    return p


@pytest.mark.parametrize("type_id", sorted(control_sheets()))
def test_every_plot_is_legal_in_random_states(type_id: str) -> None:
    rng = random.Random(type_id)
    sheet = control_sheets()[type_id]
    for _ in range(40):
        box = rng.choice(sheet.boxes)
        me = named(
            plane(
                type_id,
                group=box.group,
                speed=box.speed,
                band=rng.randint(1, 40),
                x_ft=rng.uniform(1, 47),
                y_ft=rng.uniform(1, 35),
                heading_deg=rng.uniform(0, 360),
            ),
            "raf-1",
        )
        enemy = named(
            plane(
                "bf109e",
                x_ft=rng.uniform(1, 47),
                y_ft=rng.uniform(1, 35),
                heading_deg=rng.uniform(0, 360),
                band=rng.randint(1, 40),
            ),
            "lw-1",
        )
        limit = rng.choice([None, 20])
        seen = view(
            me,
            enemy,
            turn_limit_deg=limit,
            any_dive_box=rng.random() < 0.2,
            go_home=rng.random() < 0.2,
        )
        chosen = FcAi().plot(me, seen)
        assert plot_problems(me, chosen, any_dive_box=seen.any_dive_box) == []
        if limit is not None:
            least = sheet.box(chosen.group, chosen.speed).min_turn_deg  # type: ignore[union-attr]
            assert all(abs(t) <= max(limit, least) for t in chosen.turns_deg)


def test_the_same_picture_gives_the_same_plot() -> None:
    me = named(plane(x_ft=20, y_ft=10), "raf-1")
    enemy = named(plane("bf109e", x_ft=24, y_ft=20, heading_deg=90), "lw-1")
    assert FcAi().plot(me, view(me, enemy)) == FcAi().plot(me, view(me, enemy))


def test_a_pilot_going_home_heads_for_his_edge() -> None:
    me = named(plane(x_ft=24, y_ft=30, heading_deg=90), "raf-1")
    enemy = named(plane("bf109e", x_ft=5, y_ft=5), "lw-1")
    chosen = FcAi().plot(me, view(me, enemy, go_home=True))
    end = fly_unchecked(me, chosen).end
    assert end.y_ft > 30 or end.heading_deg < 90


def test_a_pilot_goes_for_an_enemy_just_ahead() -> None:
    me = named(plane(x_ft=24, y_ft=10, heading_deg=0), "raf-1")
    enemy = named(plane("bf109e", x_ft=24, y_ft=24, heading_deg=0), "lw-1")
    end = fly_unchecked(me, FcAi().plot(me, view(me, enemy))).end
    assert abs(end.x_ft - 24) < 4 and end.y_ft > 13


def test_tailing_is_claimed_from_behind_not_from_ahead() -> None:
    lead = named(plane("bf109e", x_ft=24, y_ft=20, heading_deg=0, band=20), "lw-1")
    behind = named(plane(x_ft=24, y_ft=13, heading_deg=0, band=21), "raf-1")
    ahead = named(plane(x_ft=24, y_ft=27, heading_deg=0, band=20), "raf-2")
    assert wants_tail(behind, view(behind, lead)) == "lw-1"
    assert wants_tail(ahead, view(ahead, lead)) is None


@pytest.mark.parametrize("group", GROUPS)
def test_the_leads_words_have_no_numbers(group: str) -> None:
    for box in control_sheets()["spitfire-ia"].boxes:
        if box.group == group:
            plot = FcPlot(group=box.group, speed=box.speed)
            if box.min_turn_deg:
                plot = FcPlot(
                    group=box.group,
                    speed=box.speed,
                    turns_deg=(-box.min_turn_deg,),
                    every_yardstick=True,
                )
            said = describe(plot)
            assert said and not any(ch.isdigit() for ch in said)


def test_left_and_right_are_told_apart() -> None:
    assert "left" in describe(FcPlot.parse("T3 L30*"))
    assert "right" in describe(FcPlot.parse("T3 R30*"))
    assert describe(FcPlot.parse("T3 L30*")) != describe(FcPlot.parse("T3 R30*"))


def test_the_re_plot_follows_the_side_described() -> None:
    lead = named(plane("bf109e", x_ft=24, y_ft=20, heading_deg=0), "lw-1")
    me = named(plane(x_ft=24, y_ft=14, heading_deg=0), "raf-1")
    seen = view(me, lead)
    left = fly_unchecked(
        me, FcAi().replot_after_tail(me, "lw-1", describe(FcPlot.parse("HT3 L50*")), seen)
    ).end
    right = fly_unchecked(
        me, FcAi().replot_after_tail(me, "lw-1", describe(FcPlot.parse("HT3 R50*")), seen)
    ).end
    assert left.x_ft < right.x_ft
    assert isinstance(left, Pose)
