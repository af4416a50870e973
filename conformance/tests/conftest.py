"""Shared set-up: the runner package and the test doubles import from here and from the
worker processes (which inherit sys.path and the environment)."""

from __future__ import annotations

import io
import os
import shutil
import sys
from pathlib import Path
from typing import List, Tuple

import pytest

TESTS = Path(__file__).resolve().parent
CONFORMANCE = TESTS.parent
DATA = TESTS / "data"
GOOD = DATA / "good"
BROKEN = DATA / "broken"

for folder in (str(CONFORMANCE), str(TESTS)):
    if folder not in sys.path:
        sys.path.insert(0, folder)

from runner.main import main  # noqa: E402


def rulebook() -> str:
    """The `rulebook` program: $RULEBOOK, else the workspace's release build, else the PATH."""
    candidates = [os.environ.get("RULEBOOK", ""), str(CONFORMANCE.parent / "target/release/rulebook"),
                  shutil.which("rulebook") or ""]
    for candidate in candidates:
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    pytest.fail("no rulebook program: set RULEBOOK (cargo build --release -p rulebook)")
    raise AssertionError  # unreachable


def run(*args: str) -> Tuple[int, str]:
    """Runs run.py's main in this process (its workers are child processes)."""
    out = io.StringIO()
    status = main(list(args), default_root=CONFORMANCE, out=out)
    return status, out.getvalue()


def blocks(output: str) -> List[str]:
    """The failure and error blocks of a report, each as one string."""
    found: List[str] = []
    for line in output.splitlines():
        if line.startswith("  FAIL ") or line.startswith("  ERROR "):
            found.append(line)
        elif line.startswith("    ") and found:
            found[-1] += "\n" + line
    return found
