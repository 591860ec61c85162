"""HUD text never asks the font for a glyph it lacks (it would draw an empty box)."""

from models.timeline import Event
from sim.view.hud.clock import notable
from sim.view.hud.panels import crew_summary, drawable, hud_font


def test_missing_glyphs_get_ascii_stand_ins() -> None:
    assert drawable("grey-out → normal, −3 G × 2") == "grey-out -> normal, -3 G x 2"


def test_glyphs_the_font_has_are_kept() -> None:
    assert drawable("±60°") == "±60°"
    assert drawable("plain ASCII") == "plain ASCII"


def test_every_kept_character_is_one_the_font_can_draw() -> None:
    text = drawable("Δ speed · ↑ ±")
    assert "Δ" not in text and "·" not in text and "↑" not in text
    assert drawable(text, hud_font()) == text


def test_crew_states_are_summed_up_short() -> None:
    assert crew_summary("ok") == "ok"
    assert crew_summary("") == ""
    assert crew_summary("pilot: loc") == "LOC"
    assert crew_summary("back seat: grey_out") == "R grey"
    assert crew_summary("pilot: wounded black_out, back seat: killed") == "P WIA black R KIA"


def test_the_ticker_shows_spots_gained_and_lost_but_not_routine_sighting() -> None:
    def event(kind: str, **data: object) -> Event:
        return Event(t_s=6.0, kind=kind, entities=("a",), detail=kind, data=data)  # type: ignore[arg-type]

    assert notable(event("visual_search", spotted=True))
    assert not notable(event("visual_search", spotted=False))
    assert notable(event("tally", spotted=False))
    assert not notable(event("tally", spotted=True))
    assert not notable(event("initiative")) and not notable(event("sensor_maintained"))
    assert notable(event("launch")) and notable(event("rwr_warning"))
