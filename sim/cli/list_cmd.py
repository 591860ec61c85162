"""``furball list``: the shipped scenarios and game logs by folder, and what each one holds.

Each entry names what to pass to ``furball run`` or ``furball play``, its title, rules,
length and aircraft; ``--long`` adds the briefing.  A file that cannot be read is listed
with its first problem instead of stopping the listing (``furball validate`` gives them all),
and the listing then ends with exit status 2.
"""

from __future__ import annotations

import argparse
import shutil
import textwrap
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.errors import ScenarioError
from engine.rulesets import load_scenario, log_ruleset, ruleset
from models.files import DataFileError, read_toml
from models.playlist import load_playlist
from models.scenario_common import ScenarioCommon
from scenarios import (
    LOG_SUFFIX,
    LOGS,
    PLAYLIST_SUFFIX,
    shipped,
    shipped_log_setups,
    shipped_logs,
    shipped_playlists,
)
from sim.cli.partial import PartlyBad

EXAMPLES = """\
examples:
  furball list                  the shipped scenarios and game logs, by folder
  furball list --long           with each one's briefing, wrapped to the terminal
  furball list --json           the same for tools
  furball list my-fights/       your own folder of scenario files (and its subfolders)
  furball run bfm/maneuver-break-turn
                                play one by the name the list gives
"""
MIN_WRAP = 40
"""Briefings wrap to the terminal, but never narrower than this."""


@dataclass(frozen=True, slots=True)
class Listed:
    """One scenario or game log as the list shows it."""

    folder: str
    name: str
    """What to pass to ``furball run`` / ``furball play``."""
    kind: str = "scenario"
    """``scenario`` or ``game log``."""
    title: str = ""
    rules: str = ""
    turns: int = 0
    types: tuple[str, ...] = ()
    """Each aircraft's type, in the file's order."""
    briefing: str = ""
    problem: str | None = None
    """The first thing wrong with the file, when something is."""

    def types_text(self) -> str:
        """``F-16C ×3, MiG-29``: each type once, in order, with a count when repeated."""
        counts = Counter(self.types)
        return ", ".join(f"{t} ×{counts[t]}" if counts[t] > 1 else t for t in counts)

    def summary(self) -> str:
        """``bop, 6 turns, 2 aircraft: F-16C, MiG-29`` (a game log says so first)."""
        aircraft = f"{len(self.types)} aircraft: {self.types_text()}" if self.types else ""
        parts = [
            self.rules,
            f"{self.turns} {_turn_words(self.rules)}" if self.turns else "",
            aircraft,
        ]
        text = ", ".join(p for p in parts if p)
        return f"game log: {text}" if self.kind == "game log" else text

    def as_json(self) -> dict[str, Any]:
        return {
            "folder": self.folder,
            "name": self.name,
            "kind": self.kind,
            "title": self.title,
            "rules": self.rules,
            "turns": self.turns,
            "aircraft": len(self.types),
            "types": list(self.types),
            "briefing": self.briefing,
            "problem": self.problem,
        }


def register(commands: Any) -> None:
    listing = commands.add_parser(
        "list",
        help="the shipped scenarios and game logs, by folder",
        description=(
            "List the shipped scenarios and game logs, grouped by folder: the name to pass\n"
            "to furball run or play, the title, rules, game-turns and aircraft. A file that\n"
            "cannot be read is listed with its first problem (furball validate gives all)."
        ),
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    listing.add_argument(
        "folder",
        nargs="?",
        type=Path,
        help="list the scenario files in this folder instead of the shipped ones",
    )
    listing.add_argument(
        "-v", "--long", action="store_true", help="add each one's briefing, wrapped"
    )
    listing.add_argument("--json", action="store_true", help="print JSON")
    listing.set_defaults(handler=_list)


def shipped_entries() -> list[Listed]:
    """Every shipped scenario by group, then the game logs and the setups beside them."""
    entries: list[Listed] = []
    for found in shipped():
        group = Path(str(found)).parent.name
        name = f"{group}/{found.name.removesuffix('.toml')}"
        entries.append(read_entry(group, name, Path(str(found))))
    entries += [
        read_entry(LOGS, f"{LOGS}/{f.name.removesuffix(LOG_SUFFIX)}", Path(str(f)))
        for f in shipped_logs()
    ]
    entries += [
        read_entry(LOGS, f"{LOGS}/{f.name.removesuffix('.toml')}", Path(str(f)))
        for f in shipped_log_setups()
    ]
    return entries


def folder_entries(folder: Path) -> list[Listed]:
    """Every ``.toml`` file under ``folder``, by subfolder; named by its path."""
    if not folder.is_dir():
        raise ValueError(f"no folder {str(folder)!r} to list")
    found = sorted(folder.rglob("*.toml"), key=lambda p: (p.parent != folder, str(p)))
    return [read_entry(str(path.parent), str(path), path) for path in found]


def read_entry(folder: str, name: str, path: Path) -> Listed:
    """What the list shows for one file; a file that cannot be read gives its problem, and
    whatever goes wrong with one file never stops the listing of the others."""
    kind = "scenario"
    try:
        if not path.is_file():  # reading a FIFO or device may never end: never open one
            return Listed(folder, name, kind, problem=_not_a_file(path))
        logged = log_ruleset(read_toml(path))
        if logged is not None:
            kind = "game log"
            title, turns, scenario = logged.log_summary(path)
            return _described(folder, name, scenario, kind, title, turns)
        scenario = load_scenario(path)
        return _described(folder, name, scenario, kind, scenario.name, scenario.turns)
    except (DataFileError, ValueError, OSError) as error:
        return Listed(folder, name, kind, problem=one_line(error))
    except (MemoryError, RecursionError) as error:
        return Listed(
            folder,
            name,
            kind,
            problem=f"too large or too deeply nested to read ({type(error).__name__})",
        )
    except Exception as error:  # a file furball's checks do not yet catch: name it, go on
        detail = one_line(error)
        return Listed(
            folder,
            name,
            kind,
            problem=f"cannot be read ({type(error).__name__}: {detail}); "
            f"furball validate {path} may say more",
        )


def _not_a_file(path: Path) -> str:
    if path.is_dir():
        return "a folder, not a file"
    if not path.exists():
        return "a symbolic link to a file that does not exist"
    return "not a regular file (a FIFO, device or socket)"


def _described(
    folder: str, name: str, scenario: ScenarioCommon, kind: str, title: str, turns: int
) -> Listed:
    try:  # the rules' set-up checks, made when a game starts
        ruleset(scenario.rules).game(scenario, seed=scenario.seed or 0)
        problems: list[str] = []
    except ScenarioError as error:
        problems = error.problems
    problem = None
    if problems:
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        problem = problems[0] + more
    return Listed(
        folder,
        name,
        kind,
        title,
        scenario.rules,
        turns,
        tuple(a.type for a in scenario.aircraft),
        " ".join(scenario.description.split()),
        problem,
    )


def one_line(error: Exception) -> str:
    """An error as one line: a data file's first problem, and how many more there are."""
    if isinstance(error, DataFileError) and error.problems:
        more = f" (and {len(error.problems) - 1} more)" if len(error.problems) > 1 else ""
        return error.problems[0] + more
    lines = str(error).strip().splitlines()
    return lines[0] if lines else type(error).__name__


def render(entries: Sequence[Listed], long: bool = False, width: int = 100) -> str:
    """The listing as text: a heading per folder, then each entry's name and title with
    the rules, length and aircraft under the title; ``long`` adds the briefing, wrapped to
    ``width`` under the name."""
    column = 0 if long else max((len(e.name) for e in entries), default=0)
    under = " " * (4 if long else column + 4)
    lines: list[str] = []
    for folder, group in _by_folder(entries):
        lines.append(folder if folder.endswith("/") else f"{folder}/")
        for entry in group:
            lines.append(f"  {entry.name:<{column}}  {entry.title or '(unreadable)'}")
            if entry.title:
                lines.append(f"{under}{entry.summary()}")
            if entry.problem:
                lines.append(f"{under}problem: {entry.problem}")
            if long and entry.briefing:
                wrap = max(width - len(under) - 1, MIN_WRAP)
                lines += [under + line for line in textwrap.wrap(entry.briefing, wrap)]
            if long:
                lines.append("")
        if not long:
            lines.append("")
    scenarios = sum(e.kind != "game log" for e in entries)
    logs = len(entries) - scenarios
    count = _counted(scenarios, "scenario") + (f" and {_counted(logs, 'game log')}" if logs else "")
    lines.append(f"{count}. Play one with: furball run NAME (or furball play NAME).")
    if not long:
        lines.append("furball list --long adds each one's briefing.")
    return "\n".join(lines)


def _counted(count: int, noun: str) -> str:
    return f"{count} {noun}" + ("" if count == 1 else "s")


def _by_folder(entries: Iterable[Listed]) -> list[tuple[str, list[Listed]]]:
    groups: dict[str, list[Listed]] = {}
    for entry in entries:
        groups.setdefault(entry.folder, []).append(entry)
    return list(groups.items())


def playlist_lines() -> tuple[list[str], list[dict[str, Any]]]:
    """The shipped demo playlists: name, title, vignettes and running time."""
    lines: list[str] = []
    data: list[dict[str, Any]] = []
    for found in shipped_playlists():
        name = f"demo/{found.name.removesuffix(PLAYLIST_SUFFIX)}"
        try:
            playlist = load_playlist(Path(str(found)))
        except (DataFileError, OSError) as error:
            lines.append(f"  {name}  problem: {one_line(error)}")
            continue
        minutes = sum(v.duration_s for v in playlist.vignettes) / 60.0
        lines.append(
            f"  {name}  {playlist.title}: {len(playlist.vignettes)} vignettes, "
            f"{minutes:.1f} min a loop"
        )
        data.append(
            {
                "name": name,
                "title": playlist.title,
                "vignettes": [v.scenario for v in playlist.vignettes],
                "loop_s": round(minutes * 60.0, 1),
            }
        )
    return lines, data


def _list(args: argparse.Namespace) -> tuple[str, dict[str, Any]]:
    entries = shipped_entries() if args.folder is None else folder_entries(args.folder)
    width = shutil.get_terminal_size((100, 24)).columns
    data: dict[str, Any] = {"scenarios": [e.as_json() for e in entries]}
    text = render(entries, args.long, width)
    if args.folder is None:
        lines, playlists = playlist_lines()
        if lines:
            text += "\n\ndemo playlists (for the convention loop)\n" + "\n".join(lines)
        data["playlists"] = playlists
    bad = [e for e in entries if e.problem]
    if bad:
        files = _counted(len(entries), "file")
        raise PartlyBad(
            f"{len(bad)} of {files} listed {'has' if len(bad) == 1 else 'have'} a problem "
            "(shown with each)",
            text,
            data,
        )
    return text, data


def _turn_words(rules: str) -> str:
    """What the rule set calls its turns, in the plural (``turns``, ``rounds``)."""
    from engine.rulesets import rulesets

    found = rulesets().get(rules)
    word = (found.time.clock_turn_word or found.time.turn_word) if found is not None else "turn"
    return f"{word}s"
