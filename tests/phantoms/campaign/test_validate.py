"""``furball validate`` reads a campaign file as a campaign, not as a scenario."""

from __future__ import annotations

from pathlib import Path

from sim.cli.main import main

SHIPPED = (
    Path(__file__).resolve().parents[3] / "scenarios/phantoms/campaigns/musketeer.campaign.toml"
)


def test_the_shipped_campaign_validates(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["validate", str(SHIPPED)]) == 0
    assert capsys.readouterr().out.strip().endswith(": ok")


def test_a_bad_campaign_names_its_field(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    bad = tmp_path / "bad.campaign.toml"
    bad.write_text(
        SHIPPED.read_text().replace("format_version = 1", "format_version = 1\nturns = 3", 1)
    )
    assert main(["validate", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "bad.campaign.toml" in err and "turns: unknown key" in err
    assert "aircraft: is missing" not in err, "read as a campaign, not a scenario"
