"""The benchmark harness (bench.py): the table's shape on a tiny run, and that our crates
(timed by the Rust binary kit-bench) and their Python binding count the same perft-2
totals on the same positions (they are the same rules). Speeds are never asserted.

The Rust side is `$KIT_BENCH` (a built kit-bench) when set, else `cargo run --release -q
-p benches --bin kit-bench --` from the repository's root (it builds the binary)."""

from __future__ import annotations

import io
import os
import shutil
from pathlib import Path
from typing import Dict, List, Tuple

import pytest

from conftest import CONFORMANCE
from runner.bench import COLUMNS, ENGINES, main, read_positions

ROOT = CONFORMANCE.parent


def rust_command() -> str:
    program = os.environ.get("KIT_BENCH")
    if program:
        return program
    if shutil.which("cargo") is None:
        pytest.skip("no cargo and no KIT_BENCH: the Rust side cannot run")
    return "cargo run --release -q -p benches --bin kit-bench --"


def table(text: str) -> Tuple[List[str], List[List[str]]]:
    """The markdown table's column names and rows."""
    lines = [line for line in text.splitlines() if line.startswith("|")]
    assert len(lines) >= 2, text
    split = [[cell.strip() for cell in line.strip("|").split("|")] for line in lines]
    assert all(set(cell) <= set("-:") for cell in split[1]), "the second line is the alignment row"
    return split[0], split[2:]


@pytest.fixture(scope="module")
def tiny_run() -> Tuple[int, str]:
    pytest.importorskip("boardrules")
    out, log = io.StringIO(), io.StringIO()
    status = main(
        ["--adapters", "boardrules", "--rust", rust_command(), "--seconds", "0.01", "--positions", "3"],
        out=out,
        log=log,
    )
    return status, out.getvalue() + "\n" + log.getvalue()


def test_the_table_has_a_row_per_engine_and_game_and_a_column_per_measure(tiny_run: Tuple[int, str]) -> None:
    status, text = tiny_run
    assert status == 0, text
    assert "**Machine:**" in text and "**Date:**" in text
    assert "**Command:** `python3 conformance/bench.py --adapters boardrules" in text
    columns, rows = table(text)
    assert tuple(columns) == COLUMNS
    assert all(len(row) == len(COLUMNS) for row in rows)
    labels = dict(ENGINES)
    found = {(row[0], row[1]) for row in rows}
    expected = {(game, labels[engine]) for game in ("kazura", "bao", "go9", "bind") for engine in ("ours", "boardrules")}
    expected.add(("go9", labels["goban"]))
    assert found == expected
    for row in rows:
        # Every measure has a rate; play+undo only where the rules have undo (go9, ours).
        undo = row[4]
        assert (undo != "—") == (row[0] == "go9" and row[1] == labels["ours"]), row
        assert all(cell != "—" for index, cell in enumerate(row) if index != 4), row


def test_perft_2_totals_of_the_rust_crates_and_boardrules_agree(tiny_run: Tuple[int, str]) -> None:
    status, text = tiny_run
    columns, rows = table(text)
    nodes = columns.index("perft-2 nodes")
    labels = dict(ENGINES)
    totals: Dict[Tuple[str, str], int] = {(row[0], row[1]): int(row[nodes].replace(",", "")) for row in rows}
    for game in ("kazura", "bao", "go9", "bind"):
        ours, binding = totals[(game, labels["ours"])], totals[(game, labels["boardrules"])]
        assert ours == binding, f"{game}: Rust {ours}, boardrules {binding}"
        assert ours > 0
    # goban counts the pass too (kit-bench adds it): on these three opening positions it has
    # the same rules as go9.
    assert totals[("go9", labels["goban"])] == totals[("go9", labels["ours"])]


def test_a_position_file_is_read_with_its_limit() -> None:
    positions = read_positions(CONFORMANCE / "bench" / "positions" / "go9.jsonl", 3)
    assert positions.game == "go9"
    assert [ident for ident, _ in positions.positions] == ["go9-001", "go9-002", "go9-003"]
    assert positions.positions[2][1] == ("B3", "E3")


def test_bad_usage_is_status_2(tmp_path: Path) -> None:
    log = io.StringIO()
    assert main(["--games", "chess"], out=io.StringIO(), log=log) == 2
    assert "unknown game" in log.getvalue()
    assert main(["--seconds", "-1"], out=io.StringIO(), log=io.StringIO()) == 2


def test_an_engine_that_cannot_start_is_a_note_and_status_1() -> None:
    out = io.StringIO()
    status = main(
        ["--adapters", "no_such_module:Adapter", "--rust", "", "--games", "bind", "--positions", "1", "--seconds", "0"],
        out=out,
        log=io.StringIO(),
    )
    assert status == 1
    assert "no_such_module:Adapter: not run:" in out.getvalue()
