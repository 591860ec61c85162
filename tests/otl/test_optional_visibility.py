"""§Clouds and §The Sun: what a plane can see."""

from __future__ import annotations

from engine.otl.optional.visibility import can_see, cloud_blocks, in_cloud, in_the_sun
from models.otl.scenario import CloudLayer, OtlOptions
from tests.otl.test_optional_planes import plane

CLOUD = CloudLayer(base_ft=4_000, top_ft=6_000)
CLOUDY = OtlOptions(clouds=CLOUD)
SUNNY = OtlOptions(sun=True)


def test_a_plane_inside_the_layer_is_in_cloud_but_not_on_its_surface() -> None:
    assert in_cloud(5_000, CLOUD)
    assert not in_cloud(4_000, CLOUD)
    assert not in_cloud(6_000, CLOUD)
    assert not in_cloud(5_000, None)


def test_no_sighting_into_inside_or_through_the_cloud() -> None:
    below = plane(alt_ft=3_000)
    assert can_see(below, (10.0, 0.0, 3_500.0), CLOUDY, "midday")
    assert not can_see(below, (10.0, 0.0, 4_500.0), CLOUDY, "midday")  # into
    assert not can_see(below, (10.0, 0.0, 7_000.0), CLOUDY, "midday")  # through
    inside = plane(alt_ft=5_000)
    assert not can_see(inside, (1.0, 0.0, 5_000.0), CLOUDY, "midday")  # inside
    assert cloud_blocks(6_500, 3_000, CLOUD)
    assert not cloud_blocks(6_000, 7_000, CLOUD)


def test_the_morning_sun_hides_a_plane_to_the_east_at_a_low_angle() -> None:
    viewer = (0.0, 0.0, 5_000.0)
    assert in_the_sun(viewer, (20.0, 0.0, 5_000.0), "morning")
    assert in_the_sun(viewer, (20.0, 20.0, 5_000.0), "morning")  # 45° off the sun's bearing
    assert not in_the_sun(viewer, (0.0, 20.0, 5_000.0), "morning")  # due north: 90° off
    assert not in_the_sun(viewer, (20.0, 0.0, 5_000.0), "afternoon")
    assert in_the_sun(viewer, (-20.0, 0.0, 5_000.0), "afternoon")
    # 31° below the horizon is 61° under the 30° sun: out of its glare.
    low_in = 20.0 * 0.601
    assert not in_the_sun(viewer, (20.0, 0.0, 5_000.0 - low_in * 50.0), "morning")


def test_the_midday_sun_hides_what_is_high_above_whatever_the_bearing() -> None:
    viewer = (0.0, 0.0, 5_000.0)
    assert in_the_sun(viewer, (0.0, 10.0, 5_000.0 + 10 * 50.0), "midday")  # 45° up
    assert not in_the_sun(viewer, (0.0, 10.0, 5_000.0 + 5 * 50.0), "midday")  # 26.6° up


def test_the_sun_only_dazzles_in_a_clear_sky_or_above_the_cloud() -> None:
    sun_and_cloud = OtlOptions(sun=True, clouds=CLOUD)
    under = plane(alt_ft=2_000)
    assert can_see(under, (20.0, 0.0, 2_000.0), sun_and_cloud, "morning")
    above = plane(alt_ft=8_000)
    assert not can_see(above, (20.0, 0.0, 8_000.0), sun_and_cloud, "morning")
    assert not can_see(plane(alt_ft=8_000), (20.0, 0.0, 8_000.0), SUNNY, "morning")
    assert can_see(plane(alt_ft=8_000), (20.0, 0.0, 8_000.0), OtlOptions(), "morning")
