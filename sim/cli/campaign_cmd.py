"""``furball campaign``: play a campaign of several games, saving each game's timeline
and the campaign ledger after every one; ``--resume`` carries on from the ledger.

The campaign file's ``kind`` names its rule set: a Phantoms campaign of several days (the
2008 Update's Operation Musketeer, U-p.10–14) sortie by sortie, or a Fighter Command
campaign of games whose pilots carry their kills and classification from game to game
(§Pilot Skill).  It prints the briefing, each sortie or game as it is played, and the
campaign's result.  The same seed gives the same ledger and timelines.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib.resources import files
from pathlib import Path
from typing import Any

from engine.campaign import LEDGER_SUFFIX, Ledger, campaign_seed, load_ledger
from engine.campaign.store import ledger_text
from engine.fc.campaign import FcCampaignRunner, campaign_problems
from engine.fc.campaign import start_ledger as fc_start_ledger
from engine.phantoms.campaign import CampaignRunner
from engine.phantoms.campaign_rules import defenders_strength, start_ledger
from models.fc.campaign import FcCampaign
from models.files import DataFileError, load_model, read_toml
from models.phantoms.campaign import CAMPAIGN_SUFFIX, PhantomsCampaign
from models.timeline import Timeline
from sim.cli.arguments import SEED, Bounded
from sim.cli.scenario_cmds import TIMELINE_SUFFIXES
from sim.output_file import OutputFile

DAYS = Bounded(1, 30, "days", whole=True)
DEFAULT_CAMPAIGN = "musketeer"
EXAMPLES = """\
examples:
  furball campaign --out suez                   play Operation Musketeer into the folder suez
  furball campaign musketeer --seed 7 --days 1 --out suez
                                                only the opening night and day 1
  furball campaign --out suez --resume          carry on from suez/musketeer.ledger.json
  furball play suez/day1-6sqn-1-abu-sueir.furball.npz
                                                watch one of its missions in 3D
  furball campaign fc/summer-1940 --out summer  four Fighter Command games, each pilot's
                                                kills carried from game to game
"""


def register(commands: Any) -> None:
    campaign = commands.add_parser(
        "campaign",
        help="play a campaign (Phantoms' Operation Musketeer, a Fighter Command summer)",
        description=(
            "Play a campaign of several games. A Phantoms campaign: the opening raids, each "
            "squadron's strikes in the attack-phase order, played by the AI pilots, their "
            "losses carried from day to day. A Fighter Command campaign: its games in order, "
            "each pilot's kills and classification carried from game to game. Writes every "
            "game's timeline and the campaign ledger into --out; --resume carries on from "
            "the ledger."
        ),
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    campaign.add_argument(
        "campaign",
        nargs="?",
        default=DEFAULT_CAMPAIGN,
        help=f"campaign file, or a shipped one (default {DEFAULT_CAMPAIGN})",
    )
    campaign.add_argument(
        "--seed", type=SEED, help=f"random seed, {SEED.limits} (default: the campaign file's)"
    )
    campaign.add_argument(
        "--out",
        type=Path,
        required=True,
        metavar="DIR",
        help="folder for the ledger and the timelines (made if missing)",
    )
    campaign.add_argument("--resume", action="store_true", help="carry on from the ledger in --out")
    campaign.add_argument(
        "--days",
        type=DAYS,
        metavar="N",
        help=f"play up to the end of day (or game) N, {DAYS.limits} (default: to the end)",
    )
    campaign.add_argument("--json", action="store_true", help="print one JSON summary instead")
    campaign.set_defaults(handler=_campaign)


# -- finding and reading the campaign ---------------------------------------------------


CAMPAIGN_GROUPS = ("phantoms", "fc")
"""The scenario groups that ship campaigns, each in its ``campaigns`` folder."""


def shipped_campaigns() -> dict[str, Path]:
    """The shipped campaign files by name (``musketeer``, ``summer-1940``)."""
    found: dict[str, Path] = {}
    for group in CAMPAIGN_GROUPS:
        folder = files("scenarios") / group / "campaigns"
        if not folder.is_dir():
            continue
        for f in sorted(folder.iterdir(), key=lambda f: f.name):
            if f.name.endswith(CAMPAIGN_SUFFIX):
                found[f.name.removesuffix(CAMPAIGN_SUFFIX)] = Path(str(f))
    return found


def find_campaign(text: str) -> Path:
    path = Path(text)
    if path.exists():
        return path
    shipped = shipped_campaigns()
    name = text.removesuffix(CAMPAIGN_SUFFIX)
    for group in CAMPAIGN_GROUPS:
        name = name.removeprefix(f"{group}/")
    if name in shipped:
        return shipped[name]
    known = ", ".join(shipped) or "none"
    raise ValueError(
        f"no campaign file {text!r} and no shipped campaign by that name; shipped: {known}"
    )


def _out_folder(out: Path) -> Path:
    if out.exists() and not out.is_dir():
        raise ValueError(f"--out {out}: is not a folder; name a folder for the campaign's files")
    if not out.exists():
        if not out.parent.is_dir():
            raise ValueError(f"--out {out}: the folder {out.parent} does not exist")
        try:
            out.mkdir()
        except OSError as error:
            raise ValueError(f"--out {out}: cannot make the folder ({error.strerror})") from None
    return out


def check_campaign(path: Path) -> PhantomsCampaign | FcCampaign:
    """Read a campaign file of either kind; a :class:`DataFileError` names every
    problem (a Fighter Command campaign's seats are checked against its scenarios)."""
    if read_toml(path).get("kind") == "fc.campaign":
        fc = load_model(FcCampaign, path)
        problems = campaign_problems(fc, path.parent)
        if problems:
            raise DataFileError(path, problems)
        return fc
    return load_model(PhantomsCampaign, path)


def _ledger(
    args: argparse.Namespace,
    campaign: PhantomsCampaign | FcCampaign,
    path: Path,
    text: str,
    ledger_path: Path,
) -> Ledger:
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    if not args.resume:
        if ledger_path.exists():
            raise ValueError(
                f"--out {args.out}: {ledger_path.name} already holds a campaign; give --resume "
                "to play on from it, or another --out (nothing was changed)"
            )
        seed = campaign_seed(args.seed, campaign.seed)
        if isinstance(campaign, FcCampaign):
            return fc_start_ledger(campaign, args.campaign, digest, seed)
        return start_ledger(campaign, args.campaign, digest, seed)
    if not ledger_path.exists():
        raise ValueError(
            f"--resume: no ledger {ledger_path} to carry on from; leave out "
            "--resume to start the campaign"
        )
    ledger = load_ledger(ledger_path)
    if ledger.campaign_digest != digest:
        raise ValueError(
            f"--resume: {ledger_path} was played from another version of {path} "
            f"({ledger.campaign!r}); start a new campaign with another --out"
        )
    if args.seed is not None and args.seed != ledger.seed:
        raise ValueError(
            f"--seed {args.seed}: the ledger {ledger_path} plays seed {ledger.seed}; "
            "leave out --seed to resume it"
        )
    return ledger


# -- what it prints -----------------------------------------------------------------------


def briefing_lines(campaign: PhantomsCampaign, ledger: Ledger) -> list[str]:
    attackers, defenders = campaign.attackers, campaign.defenders
    first, last = campaign.days[0].date, campaign.days[-1].date
    lines = [
        f"{campaign.name}: {len(campaign.days)} days, {first.isoformat()} to "
        f"{last.isoformat()}, seed {ledger.seed}",
        *(f"  {line.strip()}" for line in campaign.description.strip().splitlines()),
        f"{attackers.name} (crews {campaign.attackers.squadrons[0].quality}, raids radar C/M "
        f"{attackers.radar_countermeasures}):",
    ]
    for squadron in attackers.squadrons:
        formation = ledger.formation(squadron.id)
        lines.append(
            f"  {squadron.name:<18} {squadron.type:<11} {formation.strength:>3} of "
            f"{formation.start_strength}  {squadron.role}"
        )
    now, start = defenders_strength(campaign, ledger)
    lines.append(
        f"{defenders.name}: {now} of {start} aircraft, {defenders.experienced_percent}% "
        "of crews Experienced:"
    )
    for airfield in defenders.airfields:
        pools = [ledger.formation(f"{airfield.id}/{t}") for t in airfield.aircraft]
        held = ", ".join(f"{p.strength} {p.type}" for p in pools) or "no aircraft"
        lines.append(
            f"  {airfield.name:<18} {held}; {airfield.bofors} Bofors"
            f"{' and small arms' if airfield.small_arms else ''}"
        )
    phases = "; ".join(f"{p.number} {p.name}" for p in campaign.phases)
    lines.append(f"attack phases: {phases}")
    lines.append(f"at most {campaign.strikes_per_squadron_per_day} strikes a squadron a day")
    return lines


def result_lines(campaign: PhantomsCampaign, ledger: Ledger) -> list[str]:
    if ledger.result is None:
        day = ledger.cursor.day - 1
        return [f"campaign paused after day {day}: play on with --resume"]
    winner = ledger.result.winner
    side = {
        campaign.attackers.side: "Anglo-French victory",
        campaign.defenders.side: f"{campaign.defenders.name} victory",
    }
    head = side.get(winner, "no victory") if winner is not None else "no victory"
    lines = [f"campaign result (day {ledger.result.day}): {head}: {ledger.result.reason}"]
    if ledger.flags.get("last_phase_cancelled"):
        lines.append(
            "the invasion was cancelled: an EAF airfield still operated on day "
            f"{campaign.victory.airfields_checked_on_day} (U-p.14)"
        )
    return lines


def summary_data(campaign: PhantomsCampaign, ledger: Ledger) -> dict[str, Any]:
    return {
        "campaign": campaign.name,
        "seed": ledger.seed,
        "result": None if ledger.result is None else ledger.result.model_dump(mode="json"),
        "invasion_cancelled": bool(ledger.flags.get("last_phase_cancelled", False)),
        "strengths": {
            f.id: {"start": f.start_strength, "now": f.strength, "status": f.status}
            for f in ledger.formations
        },
        "airfields": {e.id: e.status for e in ledger.entities if e.kind == "airfield"},
        "sorties": [
            {
                "number": s.number,
                "day": s.day,
                "formation": s.formation,
                "target": s.target,
                "status": s.status,
                "seed": s.seed,
                "timeline": s.timeline,
                "losses": s.outcome.losses,
                "notes": s.outcome.notes,
            }
            for s in ledger.sorties
        ],
    }


# -- the command ---------------------------------------------------------------------------


def _writer(folder: Path, name: str) -> Callable[[Ledger], None]:
    target = OutputFile.check(folder / name, (LEDGER_SUFFIX,), option="--out")

    def save(ledger: Ledger) -> None:
        with target.writing() as partial:
            partial.write_text(ledger_text(ledger), encoding="utf-8")

    return save


@dataclass
class _Session:
    """One run of the command: the --out folder, the ledger and its file, and how lines are
    printed and files saved (whatever the rule set)."""

    args: argparse.Namespace
    folder: Path
    ledger_path: Path
    ledger: Ledger
    save_ledger: Callable[[Ledger], None]
    printed: list[str] = field(default_factory=list)

    @classmethod
    def open(
        cls, args: argparse.Namespace, path: Path, campaign: PhantomsCampaign | FcCampaign
    ) -> _Session:
        text = path.read_text(encoding="utf-8")
        if args.resume and not args.out.is_dir():
            raise ValueError(f"--resume: --out {args.out} is no folder holding a campaign ledger")
        folder = _out_folder(args.out)
        stem = path.name.removesuffix(CAMPAIGN_SUFFIX).removesuffix(".toml")
        ledger_path = folder / f"{stem}{LEDGER_SUFFIX}"
        ledger = _ledger(args, campaign, path, text, ledger_path)
        return cls(args, folder, ledger_path, ledger, _writer(folder, ledger_path.name))

    def say(self, line: str) -> None:
        self.printed.append(line)
        if not self.args.json:
            print(line, flush=True)

    def save_timeline(self, name: str, timeline: Timeline) -> None:
        out = OutputFile.check(self.folder / name, TIMELINE_SUFFIXES, option="--out")
        with out.writing() as partial:
            timeline.save(partial)


def _campaign(args: argparse.Namespace) -> tuple[str, dict[str, Any]]:
    started = time.perf_counter()
    path = find_campaign(args.campaign)
    campaign = check_campaign(path)
    if isinstance(campaign, FcCampaign):
        return _fc_campaign(args, path, campaign, started)
    if args.days is not None and args.days > len(campaign.days):
        raise ValueError(f"--days {args.days}: {campaign.name} has {len(campaign.days)} days")
    session = _Session.open(args, path, campaign)
    ledger, ledger_path, folder = session.ledger, session.ledger_path, session.folder
    say, printed = session.say, session.printed
    save_ledger, save_timeline = session.save_ledger, session.save_timeline
    for line in briefing_lines(campaign, ledger):
        say(line)
    if args.resume:
        say(
            f"resuming from {ledger_path} at day {ledger.cursor.day}, "
            f"{len(ledger.sorties)} sorties played"
        )
    save_ledger(ledger)
    runner = CampaignRunner(campaign, ledger, say, save_ledger, save_timeline)
    runner.play(args.days)
    wall_s = time.perf_counter() - started
    closing = [
        *result_lines(campaign, ledger),
        f"wrote {ledger_path} and {sum(1 for s in ledger.sorties if s.timeline)} "
        f"timelines in {folder} ({wall_s:.1f} s)",
    ]
    data = summary_data(campaign, ledger)
    data.update(
        {
            "ledger": str(ledger_path),
            "out": str(folder),
            "wall_s": round(wall_s, 3),
            "lines": printed + closing,
        }
    )
    if not args.json:
        sys.stdout.flush()
    return "\n".join(closing), data


# -- a Fighter Command campaign -----------------------------------------------------------


def fc_briefing_lines(campaign: FcCampaign, ledger: Ledger) -> list[str]:
    lines = [
        f"{campaign.name}: {len(campaign.games)} games, seed {ledger.seed}",
        *(f"  {line.strip()}" for line in campaign.description.strip().splitlines()),
    ]
    for side in sorted({p.side for p in campaign.pilots}):
        lines.append(f"{side}:")
        for record in ledger.entities:
            if record.side == side and record.kind == "pilot":
                a = record.attributes
                lines.append(
                    f"  {a['name']:<34} {str(a['classification']).title():<8} "
                    f"{a['kills']:>2} kills  {record.status}"
                )
    return lines


def fc_result_lines(ledger: Ledger) -> list[str]:
    if ledger.result is None:
        return [f"campaign paused after game {ledger.cursor.day}: play on with --resume"]
    head = ledger.result.winner or "no side"
    return [f"campaign result: {head} wins, {ledger.result.reason}"]


def _fc_campaign(
    args: argparse.Namespace, path: Path, campaign: FcCampaign, started: float
) -> tuple[str, dict[str, Any]]:
    if args.days is not None and args.days > len(campaign.games):
        raise ValueError(f"--days {args.days}: {campaign.name} has {len(campaign.games)} games")
    session = _Session.open(args, path, campaign)
    ledger, ledger_path, folder = session.ledger, session.ledger_path, session.folder
    say, printed = session.say, session.printed
    save_ledger, save_timeline = session.save_ledger, session.save_timeline
    for line in fc_briefing_lines(campaign, ledger):
        say(line)
    if args.resume:
        say(f"resuming from {ledger_path} after game {ledger.cursor.day}")
    save_ledger(ledger)
    FcCampaignRunner(campaign, ledger, path.parent, say, save_ledger, save_timeline).play(args.days)
    wall_s = time.perf_counter() - started
    closing = [
        *fc_result_lines(ledger),
        *fc_briefing_lines(campaign, ledger)[1 + len(campaign.description.strip().splitlines()) :],
        f"wrote {ledger_path} and {len(ledger.sorties)} timelines in {folder} ({wall_s:.1f} s)",
    ]
    data = {
        "campaign": campaign.name,
        "seed": ledger.seed,
        "result": None if ledger.result is None else ledger.result.model_dump(mode="json"),
        "pilots": {
            e.id: {"status": e.status, **e.attributes} for e in ledger.entities if e.kind == "pilot"
        },
        "games": [
            {
                "number": s.number,
                "title": s.target,
                "seed": s.seed,
                "timeline": s.timeline,
                "notes": s.outcome.notes,
            }
            for s in ledger.sorties
        ],
        "ledger": str(ledger_path),
        "out": str(folder),
        "wall_s": round(wall_s, 3),
        "lines": printed + closing,
    }
    if not args.json:
        sys.stdout.flush()
    return "\n".join(closing), data
