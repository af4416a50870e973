"""The reader: broken files and lines are reported by FILE (and LINE) and the run goes on."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import BROKEN, GOOD, blocks, run
from runner.vectors import (
    PerftCase,
    ReplayCase,
    canonical_text,
    find_files,
    legal_sha256,
    read_file,
)


def test_the_fixtures_read_cleanly() -> None:
    for path in find_files([GOOD]):
        vectors = read_file(path)
        assert vectors.header_error is None, path
        assert vectors.line_errors == [], path
        assert vectors.header is not None and len(vectors.cases) == vectors.header.cases


def test_folders_give_their_v1_files() -> None:
    names = sorted(str(path.relative_to(GOOD)) for path in find_files([GOOD]))
    assert names == ["bind/v1/hand.jsonl", "go9/v1/hand.jsonl"]
    assert find_files([GOOD / "go9"]) == [GOOD / "go9/v1/hand.jsonl"]
    assert find_files([GOOD / "go9" / "v1"]) == [GOOD / "go9/v1/hand.jsonl"]


def test_a_header_of_another_format_breaks_the_file() -> None:
    vectors = read_file(BROKEN / "bad-header.jsonl")
    assert vectors.header is None and vectors.cases == []
    assert "line 1 (header)" in (vectors.header_error or "")
    assert "format" in (vectors.header_error or "")


def test_another_version_is_refused() -> None:
    vectors = read_file(BROKEN / "version-2.jsonl")
    assert vectors.header is None
    assert "version 2 is not supported" in (vectors.header_error or "")


def test_a_wrong_case_count_breaks_the_whole_file() -> None:
    vectors = read_file(BROKEN / "wrong-count.jsonl")
    assert vectors.header is None and vectors.cases == []
    assert "`cases` count is 5, but 2 case lines follow" in (vectors.header_error or "")


def test_an_unknown_kind_is_reported_with_its_line_and_the_rest_is_read() -> None:
    vectors = read_file(BROKEN / "unknown-kind.jsonl")
    assert [error.line for error in vectors.line_errors] == [3]
    assert "unknown kind `teleport`" in vectors.line_errors[0].message
    assert vectors.line_errors[0].case_id == "go9-future-0001"
    assert [case.id for case in vectors.cases] == ["go9-replay-0001", "go9-perft-0001"]


def test_broken_json_and_a_missing_field_are_reported_by_line() -> None:
    vectors = read_file(BROKEN / "broken-lines.jsonl")
    errors = {error.line: error.message for error in vectors.line_errors}
    assert set(errors) == {3, 4}
    assert errors[3].startswith("bad JSON")
    assert "missing field `counts`" in errors[4]
    assert [case.id for case in vectors.cases] == ["go9-replay-0001", "go9-perft-0002"]


def test_the_runner_reports_broken_files_and_lines_and_goes_on() -> None:
    status, output = run("--adapter", "boardrules", *map(str, sorted(BROKEN.glob("*.jsonl"))))
    assert status == 1
    lines = output.splitlines()
    for name in ("bad-header", "version-2", "wrong-count"):
        assert any(line.startswith(f"{BROKEN / name}.jsonl: not run:") for line in lines), name
    assert f"{BROKEN / 'unknown-kind.jsonl'}: 2 passed, 0 failed, 0 skipped, 1 errors" in lines
    assert f"{BROKEN / 'broken-lines.jsonl'}: 2 passed, 0 failed, 0 skipped, 2 errors" in lines
    found = blocks(output)
    assert any(f"{BROKEN / 'unknown-kind.jsonl'}:3 (case go9-future-0001): broken line" in block for block in found)
    assert any(f"{BROKEN / 'broken-lines.jsonl'}:3: broken line, not run: bad JSON" in block for block in found)
    assert any(f"{BROKEN / 'broken-lines.jsonl'}:4 (case go9-perft-9999)" in block for block in found)
    assert lines[-1] == "summary: 5 files (3 broken), 4 passed, 0 failed, 0 skipped, 6 errors"


def write(path: Path, header: dict, *cases: dict) -> Path:
    path.write_text("".join(json.dumps(item) + "\n" for item in (header, *cases)), encoding="utf-8")
    return path


HEADER = {
    "format": "boardrules-conformance",
    "version": 1,
    "game": "go9",
    "options": {},
    "rules": "go9/1",
    "notation": "points",
    "reasons": ["game-over", "malformed", "occupied", "suicide", "superko"],
    "sources": {"engine": "test"},
    "cases": 1,
}


def test_inconsistent_legal_lists_and_foreign_reasons_are_broken_lines(tmp_path: Path) -> None:
    bad_list = {"id": "a", "kind": "replay", "decisions": [], "checked_by": [], "moves": [],
                "checks": [{"ply": 0, "legal": {"count": 2, "sha256": legal_sha256(["pass", "A1"]),
                                                "moves": ["pass", "A1"]}}]}
    bad_reason = {"id": "b", "kind": "replay", "decisions": [], "checked_by": [], "moves": [],
                  "checks": [{"ply": 0, "illegal": [{"move": "E5", "reason": "loop"}]}]}
    past_end = {"id": "c", "kind": "replay", "decisions": [], "checked_by": [], "moves": ["E5"],
                "checks": [{"ply": 2, "to_move": "black"}]}
    duplicate = {"id": "c", "kind": "perft", "decisions": [], "checked_by": [], "moves": [], "counts": [82]}
    vectors = read_file(write(tmp_path / "x.jsonl", dict(HEADER, cases=5), bad_list, bad_reason, past_end,
                              duplicate, duplicate))
    messages = {error.line: error.message for error in vectors.line_errors}
    assert "not sorted by byte order" in messages[2]
    assert "reason `loop` is not in the header's `reasons`" in messages[3]
    assert "past the 1 moves" in messages[4]
    assert "already used on line 5" in messages[6]
    assert [case.id for case in vectors.cases] == ["c"]
    assert isinstance(vectors.cases[0], PerftCase)


def test_empty_lines_and_missing_files() -> None:
    assert read_file("/nonexistent/file.jsonl").header_error is not None


def test_an_empty_line_is_a_broken_line(tmp_path: Path) -> None:
    path = tmp_path / "e.jsonl"
    case = {"id": "a", "kind": "perft", "decisions": [], "checked_by": [], "moves": [], "counts": [82]}
    path.write_text(json.dumps(dict(HEADER, cases=2)) + "\n\n" + json.dumps(case) + "\n", encoding="utf-8")
    vectors = read_file(path)
    assert [(error.line, error.message) for error in vectors.line_errors] == [(2, "empty line (not allowed)")]
    assert [case.id for case in vectors.cases] == ["a"]


def test_canonical_text_sorts_by_bytes() -> None:
    assert canonical_text(["swap", "pass", "B2-D2", "A1"]) == "A1 B2-D2 pass swap"
    assert legal_sha256([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"


def test_replay_checks_are_read(tmp_path: Path) -> None:
    vectors = read_file(GOOD / "go9/v1/hand.jsonl")
    ko = next(case for case in vectors.cases if case.id == "go9-replay-0002")
    assert isinstance(ko, ReplayCase)
    assert [check.ply for check in ko.checks] == [1, 8]
    assert [probe.reason for probe in ko.checks[1].illegal] == ["superko", "superko", "occupied", "malformed"]
