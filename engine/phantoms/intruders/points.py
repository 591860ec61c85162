"""What a side's purchases cost, and whether a US aircraft can carry its load (Intruders
I-p.6, I-p.8, I-p.12–13).

A US aircraft costs its own points plus each store's; what it carries must fit its two
loads (air-to-air missiles in one, everything else in the other), its air-to-air missiles
come in pairs, ARMs go only on Wild Weasel and Iron Hand aircraft, and it carries one pod of
each kind (a Weasel two).  The North Vietnamese side pays for each defence, gets its
missiles free, and buys no more than ten of any one AAA weapon.
"""

from __future__ import annotations

from collections.abc import Mapping

from models.phantoms.mission import PointsTable, points_table


class UnknownItem(KeyError):
    """An aircraft, store or defence id the points list does not price."""

    def __str__(self) -> str:
        return str(self.args[0])


def _table(table: PointsTable | None) -> PointsTable:
    return points_table() if table is None else table


def aircraft_cost(aircraft: str, table: PointsTable | None = None) -> int:
    """The aircraft's own points (I-p.8)."""
    priced = _table(table).aircraft_by_id()
    if aircraft not in priced:
        raise UnknownItem(f"the points list (I-p.8) prices no aircraft {aircraft!r}")
    return priced[aircraft].cost


def stores_points(weapons: Mapping[str, int], table: PointsTable | None = None) -> int:
    """The stores' points (I-p.6, I-p.8, I-p.12), each count times its price."""
    priced = _table(table).stores_by_id()
    total = 0
    for store, count in weapons.items():
        if store not in priced:
            raise UnknownItem(f"the weapons chart (I-p.6) prices no store {store!r}")
        total += priced[store].points * count
    return total


def loadout_points(
    aircraft: str, weapons: Mapping[str, int], table: PointsTable | None = None
) -> int:
    """The aircraft with its stores, as the sample load-outs count them (I-p.12): e.g. an
    A-6 with twelve Mk 83s is 150 + 12 × 10 = 270."""
    return aircraft_cost(aircraft, table) + stores_points(weapons, table)


def loadout_problems(
    aircraft: str, weapons: Mapping[str, int], table: PointsTable | None = None
) -> list[str]:
    """Every reason the aircraft cannot carry ``weapons``, each naming its rule; empty when
    the load is legal."""
    points = _table(table)
    planes = points.aircraft_by_id()
    if aircraft not in planes:
        return [f"the points list (I-p.8) prices no aircraft {aircraft!r}"]
    plane = planes[aircraft]
    stores = points.stores_by_id()
    problems: list[str] = []
    load = {"air_to_air": 0, "air_to_ground": 0}
    for store_id, count in weapons.items():
        if store_id not in stores:
            problems.append(f"the weapons chart (I-p.6) prices no store {store_id!r}")
            continue
        store = stores[store_id]
        if count < 0:
            problems.append(f"{count} × {store.name}: a count is 0 or more")
            continue
        load[store.station] += store.load_points * count
        if store.in_pairs and count % 2:
            problems.append(
                f"{count} × {store.name}: air-to-air missiles are bought in pairs (I-p.8)"
            )
        if store.weasel_only and count and not plane.wild_weasel:
            problems.append(
                f"{store.name}: only Wild Weasel and Iron Hand aircraft carry ARMs (I-p.13)"
            )
        if store.kind == "pod":
            allowed = points.pods_per_weasel if plane.wild_weasel else points.pods_per_aircraft
            if count > allowed:
                problems.append(
                    f"{count} × {store.name}: {plane.points_line} carries {allowed} "
                    f"of each pod (I-p.12)"
                )
    if load["air_to_air"] > plane.air_to_air_load:
        problems.append(
            f"air-to-air load {load['air_to_air']} is over the {plane.points_line}'s "
            f"{plane.air_to_air_load} (I-p.8)"
        )
    if load["air_to_ground"] > plane.air_to_ground_load:
        problems.append(
            f"air-to-ground load {load['air_to_ground']} is over the {plane.points_line}'s "
            f"{plane.air_to_ground_load} (I-p.8)"
        )
    return problems


def defence_points(buy: Mapping[str, int], table: PointsTable | None = None) -> int:
    """What the North Vietnamese buy costs (I-p.8); their missiles come free."""
    priced = _table(table).defences_by_id()
    total = 0
    for item, count in buy.items():
        if item not in priced:
            raise UnknownItem(f"the defences list (I-p.8) prices no {item!r}")
        total += priced[item].points * count
    return total


def defence_problems(
    buy: Mapping[str, int], *, sa2_allowed: bool = True, table: PointsTable | None = None
) -> list[str]:
    """Every reason the defenders may not buy ``buy``: the ten-per-AAA-weapon limit (I-p.9)
    and the missions that forbid SA-2s (I-p.10–11)."""
    points = _table(table)
    priced = points.defences_by_id()
    problems: list[str] = []
    for item, count in buy.items():
        if item not in priced:
            problems.append(f"the defences list (I-p.8) prices no {item!r}")
            continue
        kind = priced[item].kind
        if kind == "aaa" and count > points.aaa_limit:
            problems.append(
                f"{count} × {item}: at most {points.aaa_limit} of one AAA weapon (I-p.9)"
            )
        if kind == "sam_battery" and count and not sa2_allowed:
            problems.append(f"{count} × {item}: this mission allows no SA-2s (I-p.10–11)")
    return problems
