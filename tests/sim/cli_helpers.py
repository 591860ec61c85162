"""Running the ``furball`` command line in-process for tests."""

import json
import shlex
from typing import Any

import pytest

from sim.cli.main import main


def run(capsys: pytest.CaptureFixture[str], command: str) -> tuple[int, str, str]:
    """Run ``furball COMMAND``; returns (exit status, stdout, stderr)."""
    try:
        code = main(shlex.split(command))
    except SystemExit as stop:  # argparse usage errors
        code = int(stop.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys: pytest.CaptureFixture[str], command: str) -> Any:
    """Run ``furball COMMAND --json``, expecting success; returns the parsed JSON."""
    code, out, err = run(capsys, command + " --json")
    assert code == 0, err
    return json.loads(out)
