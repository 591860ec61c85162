"""The debrief chart PNG: its size, that it is drawn, and that it is the same every time."""

import io

import matplotlib.image as mpimg
import numpy as np
import pytest

from sim.debrief.charts import chart_png
from tests.sim.debrief_timelines import OTHER_RULE_SETS, played


def pixels(png: bytes) -> np.ndarray:
    return np.asarray(mpimg.imread(io.BytesIO(png), format="png"))


def test_the_chart_has_the_size_asked_for_and_is_not_blank() -> None:
    png = chart_png(played("bfm/perch-9000", 1), "viper-1", size_px=(1280, 960))
    image = pixels(png)
    assert image.shape[:2] == (960, 1280)
    assert float(image[..., :3].std()) > 0.05
    # both side colours are drawn: some strongly blue and some strongly red pixels
    red, green, blue = image[..., 0], image[..., 1], image[..., 2]
    assert ((blue > 0.6) & (red < 0.4)).sum() > 500
    assert ((red > 0.6) & (blue < 0.4) & (green < 0.4)).sum() > 500


def test_the_same_timeline_gives_the_same_bytes() -> None:
    timeline = played("bfm/perch-9000", 1)
    png = chart_png(timeline, "viper-1")
    assert png == chart_png(timeline, "viper-1")
    assert b"Software" not in png and b"tIME" not in png


@pytest.mark.parametrize(("name", "seed", "turns"), OTHER_RULE_SETS)
def test_every_rule_set_charts(name: str, seed: int, turns: int) -> None:
    timeline = played(name, seed, turns)
    aircraft = next(e.id for e in timeline.meta.entities if e.kind == "aircraft")
    image = pixels(chart_png(timeline, aircraft, size_px=(800, 600)))
    assert image.shape[:2] == (600, 800)
    assert float(image[..., :3].std()) > 0.05
