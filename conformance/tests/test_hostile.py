"""run.py against the shared folder of malformed suites and misbehaving programs,
`tests/hostile/`, with the verdicts of its `expected.json`: the same file the Rust runner's
test (`crates/rulebook/tests/conformance_hostile.rs`) checks, so both runners give one
verdict per case."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Dict, List, Tuple

import pytest

from conftest import CONFORMANCE, TESTS, rulebook

HOSTILE = TESTS / "hostile"
ITEMS = json.loads((HOSTILE / "expected.json").read_text(encoding="utf-8"))["items"]


def verdicts(output: str, suite: Path) -> Dict[str, Tuple[str, str]]:
    """file (relative to the suite) → (verdict, the line that says it): `not run`, then a
    broken line, an error, a failure, a skip, else a pass (the strongest that applies)."""
    files: Dict[str, List[str]] = {}
    current = None
    for line in output.splitlines():
        if not line.startswith(" "):
            current = None
            if ".jsonl: " in line:
                path = line.split(".jsonl: ", 1)[0] + ".jsonl"
                try:
                    current = str(Path(path).relative_to(suite))
                except ValueError:
                    current = path
        if current is not None:
            files.setdefault(current, []).append(line)
    found: Dict[str, Tuple[str, str]] = {}
    for name, lines in files.items():
        head, rest = lines[0], lines[1:]

        def first(prefix: str, *, also: str = "") -> str:
            return next((line for line in rest if line.startswith(prefix) and also in line), "")

        if ".jsonl: not run: " in head:
            found[name] = ("not-run", head)
        elif first("  ERROR ", also="broken line, not run"):
            found[name] = ("broken-line", first("  ERROR ", also="broken line, not run"))
        elif first("  ERROR "):
            found[name] = ("error", first("  ERROR "))
        elif first("  FAIL "):
            block = first("  FAIL ")
            at = rest.index(block)
            following = [line for line in rest[at + 1:] if line.startswith("    ")]
            found[name] = ("fail", "\n".join([block, *following]))
        elif first("  skipped "):
            found[name] = ("skip", first("  skipped "))
        else:
            found[name] = ("pass", head)
    return found


def gone(pid: str) -> bool:
    """Whether process `pid` is gone (a zombie waiting to be reaped counts as gone)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return True
    return stat.rsplit(")", 1)[1].split()[0] == "Z"


@pytest.mark.skipif(sys.platform != "linux", reason="the programs are sh scripts; pids are read from /proc")
@pytest.mark.parametrize("item", ITEMS, ids=[item["name"] for item in ITEMS])
def test_every_hostile_item_gets_its_expected_verdict_exit_status_and_reason(item: dict) -> None:
    suite = HOSTILE / "suites" / item["suite"]
    program = rulebook()
    with tempfile.TemporaryDirectory() as scratch:
        pids = Path(scratch) / "pids"
        args = [sys.executable, str(CONFORMANCE / "run.py"), "--timeout", str(item["timeout"])]
        args += ["--program", f"sh {HOSTILE / 'programs' / item['program']}" if item["program"] else program]
        env = dict(os.environ, RULEBOOK=program, HOSTILE_PIDS=str(pids))
        started = time.monotonic()
        done = subprocess.run(args + [str(suite)], capture_output=True, text=True, env=env,
                              timeout=item["timeout"] + 120)
        took = time.monotonic() - started
        assert done.returncode == item["exit"], done.stdout + done.stderr
        # A time-out is a time-out: the run does not wait for what the program left.
        assert took < item["timeout"] + 10, f"took {took:.1f}s"
        found = verdicts(done.stdout, suite)
        assert sorted(found) == sorted(item["files"]), done.stdout
        for name, want in item["files"].items():
            verdict, line = found[name]
            assert (verdict, want["reason"] in line) == (want["verdict"], True), (name, line)
        # No process of the program outlives the run.
        time.sleep(0.2)
        for pid in (pids.read_text().split() if pids.exists() else []):
            deadline = time.monotonic() + 3
            while not gone(pid) and time.monotonic() < deadline:
                time.sleep(0.05)
            if not gone(pid):
                os.kill(int(pid), 9)
                pytest.fail(f"the program's child {pid} is still running")


def test_a_missing_path_is_a_bad_command_line() -> None:
    missing = HOSTILE / "suites" / "no-such-folder"
    for path in (missing, missing / "v1", missing / "x.jsonl"):
        done = subprocess.run([sys.executable, str(CONFORMANCE / "run.py"), "--program", rulebook(), str(path)],
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 2 and done.stdout == "" and "no-such-folder" in done.stderr
