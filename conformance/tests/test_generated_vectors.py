"""The generated vectors (conformance/GAME/v1/*.jsonl), when they are there: the cli and
boardrules adapters must pass every case. `CONFORMANCE_VECTORS` names another folder."""

from __future__ import annotations

import os

import pytest

from conftest import CONFORMANCE, rulebook, run
from runner.vectors import find_files

FOLDER = os.environ.get("CONFORMANCE_VECTORS") or str(CONFORMANCE)
FILES = find_files([FOLDER])

pytestmark = pytest.mark.skipif(not FILES, reason=f"no generated vectors under {FOLDER}")


def test_cli_adapter_passes_the_generated_vectors() -> None:
    # Every probe is a process of its own: go9 and Bind mini hold every kind of case and
    # keep this to a minute; `run.py` over the whole folder is the same code.
    status, output = run("--program", rulebook(), os.path.join(FOLDER, "go9"),
                         os.path.join(FOLDER, "bind", "v1", "mini.jsonl"))
    assert status == 0, output[-3000:]
    assert " 0 failed, 0 skipped, 0 errors" in output.splitlines()[-1]


def test_boardrules_adapter_passes_the_generated_vectors() -> None:
    pytest.importorskip("boardrules")
    status, output = run("--adapter", "boardrules", FOLDER)
    assert status == 0, output[-3000:]
    # it skips only GTP sessions, which the package does not speak
    for line in output.splitlines():
        if line.startswith("  skipped "):
            assert line.endswith("the boardrules adapter speaks no GTP"), line
