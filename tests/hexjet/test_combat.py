"""furball's fire and damage (H8, H9), read with the seed's quadrants (§4.9)."""

from __future__ import annotations

from engine.dice import Dice
from engine.hexjet.combat import best_shot, chance_2d6, possible_shots, resolve
from engine.hexjet.decision import Markers
from engine.hexjet.state import HexjetPlane
from engine.hexmap import Hex
from models.hexjet.display import displays


def _plane(
    pid: str, side: str, hex_: Hex, facing: int, kind: str = "f-16c", alt: int = 8
) -> HexjetPlane:
    display = displays()[kind]
    return HexjetPlane(
        id=pid,
        callsign=pid,
        side=side,
        display=display,
        markers=Markers("MIL", 20, alt, 7),
        hex=hex_,
        facing=facing,
        gun_bursts=display.gun.bursts if display.gun else 0,
        missiles=dict(display.missiles),
    )


def test_chance_on_2d6() -> None:
    assert chance_2d6(7) == 21 / 36 and chance_2d6(2) == 1.0 and chance_2d6(13) == 0.0


def test_a_tail_shot_with_the_gun_is_easier() -> None:
    shooter = _plane("a", "blue", Hex(0, 0), 0)
    target = _plane("b", "red", Hex(0, 2), 0)
    gun = next(s for s in possible_shots(shooter, target) if s.weapon == "gun")
    assert gun.needed == 8 - 1 - 1  # two hexes, the M61's bonus, from the rear quadrant


def test_nothing_outside_the_front_quadrant() -> None:
    shooter = _plane("a", "blue", Hex(0, 0), 1)
    target = _plane("b", "red", Hex(0, 3), 0)
    assert possible_shots(shooter, target) == []


def test_rear_aspect_heat_seekers_need_the_targets_rear_quadrant() -> None:
    shooter = _plane("a", "blue", Hex(0, 0), 0, kind="f-5e")
    head_on = _plane("b", "red", Hex(0, 4), 3)
    assert [s.weapon for s in possible_shots(shooter, head_on)] == []
    going_away = _plane("c", "red", Hex(0, 4), 0)
    assert "aim-9j" in [s.weapon for s in possible_shots(shooter, going_away)]


def test_an_all_aspect_missile_head_on_needs_two_more() -> None:
    shooter = _plane("a", "blue", Hex(0, 0), 0)
    head_on = _plane("b", "red", Hex(0, 4), 3)
    behind = _plane("c", "red", Hex(0, 4), 0)
    front = next(s for s in possible_shots(shooter, head_on) if s.weapon == "aim-9l")
    rear = next(s for s in possible_shots(shooter, behind) if s.weapon == "aim-9l")
    assert front.needed == rear.needed + 2


def test_a_hit_spends_the_weapon_and_damages_and_the_dice_are_recorded() -> None:
    shooter = _plane("a", "blue", Hex(0, 0), 0)
    target = _plane("b", "red", Hex(0, 1), 0)
    shot = best_shot(shooter, [target])
    assert shot is not None
    dice = Dice.seeded(1, [("d6", 6), ("d6", 6), ("d6", 6)])
    result = resolve(dice, shot, shooter, target)
    assert result.hit and target.damage == 6 + shot.damage_bonus
    assert [r.value for r in dice.rolls] == [6, 6, 6]
    assert target.status == "destroyed" if target.damage >= 7 else target.crippled
