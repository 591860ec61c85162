"""The command line of a data generator: write the files it derives, or with ``--check``
only report those that are out of date (a test runs the check, so a shipped data file
never drifts from its derivation)."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def generator_main(
    description: str, outputs: Callable[[], dict[Path, str]], argv: list[str] | None = None
) -> int:
    """Write each of ``outputs()``'s files whose text differs, printing each one written;
    with ``--check`` write nothing and exit 1 when any is stale."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--check", action="store_true", help="only report stale files")
    args = parser.parse_args(argv)
    stale = []
    for path, text in outputs().items():
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            stale.append(path)
            if not args.check:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text, encoding="utf-8")
    for path in stale:
        print(("stale: " if args.check else "wrote: ") + str(path.relative_to(ROOT)))
    return 1 if args.check and stale else 0
