"""The runner against deliberately wrong adapters, hanging and crashing ones, and bad usage."""

from __future__ import annotations

import time

from conftest import GOOD, DATA, blocks, run

TRIGGER_FILE = str(DATA / "trigger.jsonl")


def failing(output: str) -> dict:
    """case id → its block, for the FAIL blocks of a report."""
    found = {}
    for block in blocks(output):
        if block.startswith("  FAIL "):
            found[block.split()[1]] = block
    return found


def test_a_dropped_legal_move_fails_the_cases_that_see_it() -> None:
    status, output = run("--adapter", "doubles:DropsPass", str(GOOD))
    assert status == 1
    failed = failing(output)
    # every legal set with `pass` in it, and every perft count past the end
    assert set(failed) == {"go9-replay-0001", "go9-replay-0002", "go9-replay-0003", "go9-perft-0001", "go9-perft-0002"}
    assert "decisions: G-1, G-2" in failed["go9-replay-0001"]
    assert "ply 0: legal moves: expected 82 moves" in failed["go9-replay-0001"]
    assert "found 81 moves" in failed["go9-replay-0001"]
    assert "decisions: G-2, G-3, G-4" in failed["go9-replay-0002"]
    assert "ply 8: legal moves" in failed["go9-replay-0002"]
    assert "perft depth 1: expected 82; found 81" in failed["go9-perft-0001"]
    assert "go9-replay-0004" not in failed  # its only legal set is the empty one
    assert "bind/v1/hand.jsonl: 11 passed, 0 failed" in output


def test_missing_and_extra_moves_are_listed_when_the_vector_lists_the_set() -> None:
    status, output = run("--adapter", "doubles:RefusesC2", str(GOOD / "bind"))
    assert status == 1
    failed = failing(output)
    # bind-replay-0003 and bind-end-0001 play C2 as their 7th move
    assert set(failed) == {"bind-replay-0003", "bind-end-0001"}
    block = failed["bind-replay-0003"]
    assert "decisions: N-9" in block
    assert "ply 6: move 7 (`C2`): expected accepted" in block
    assert "found refused: C2 refused by the test double" in block
    assert "decisions: N-12" in failed["bind-end-0001"]
    # bind-perft-0003 counts through C2, which the double lists and then refuses: an
    # engine that contradicts itself is an error of the case
    [error] = [block for block in blocks(output) if block.startswith("  ERROR")]
    assert error.startswith("  ERROR bind-perft-0003 (perft, line 7); decisions: N-9: the engine refused `C2`")


def test_a_legal_set_diff_names_missing_and_extra_moves() -> None:
    status, output = run("--adapter", "doubles:BindListWrong", str(GOOD / "bind"))
    assert status == 1
    failed = failing(output)
    assert set(failed) == {"bind-replay-0001", "bind-replay-0002", "bind-replay-0003"}
    # its perft plays the `pass` it lists and is refused: an error, not a pass
    assert "3 failed, 0 skipped, 3 errors" in output
    block = failed["bind-replay-0002"]
    assert "decisions: N-4, N-5, N-6, N-8" in block
    assert "ply 1: legal moves: expected 2 moves" in block
    assert "      missing: B2-D2\n      extra: pass" in block
    assert "      missing: B2-D2\n      extra: pass" in failed["bind-replay-0001"]
    assert "      missing: (none)\n      extra: pass" in failed["bind-replay-0003"]


def test_a_wrong_winner_fails_the_end_cases_only() -> None:
    status, output = run("--adapter", "doubles:WrongWinner", str(GOOD))
    assert status == 1
    failed = failing(output)
    assert set(failed) == {"go9-end-0001", "go9-end-0002", "bind-end-0001"}
    assert "ply 2: winner: expected white; found black" in failed["go9-end-0001"]
    assert "decisions: G-6, G-10" in failed["go9-end-0001"]
    assert "decisions: N-12" in failed["bind-end-0001"]
    # its outcome has no text: those are counted as not checked, never passed
    summary = [line for line in output.splitlines() if line.startswith("summary: ")]
    assert "3 result texts" in summary[-1]
    # every case that failed is an end case naming its ids; the last line ranks them
    assert output.splitlines()[-1].startswith("failing decisions: ")


def test_a_wrong_reason_class_fails_the_probe() -> None:
    status, output = run("--adapter", "doubles:WrongReason", str(GOOD / "go9"))
    assert status == 1
    failed = failing(output)
    assert set(failed) == {"go9-replay-0002"}
    block = failed["go9-replay-0002"]
    assert "ply 8: probe `E4`: expected refused as `superko`; found refused as `occupied`" in block
    assert "ply 8: probe `e4`" in block


def test_a_hanging_engine_is_timed_out_and_the_next_case_runs() -> None:
    started = time.monotonic()
    status, output = run("--adapter", "doubles:Hangs", "--timeout", "2", TRIGGER_FILE)
    assert time.monotonic() - started < 60
    assert status == 1
    assert f"{TRIGGER_FILE}: 2 passed, 0 failed, 0 skipped, 1 errors" in output
    [block] = blocks(output)
    assert block.startswith("  ERROR trigger-0002 (perft, line 3); decisions: G-12: timed out after 2s")


def test_a_crashing_engine_is_reported_and_the_next_case_runs() -> None:
    status, output = run("--adapter", "doubles:Crashes", TRIGGER_FILE)
    assert status == 1
    assert f"{TRIGGER_FILE}: 2 passed, 0 failed, 0 skipped, 1 errors" in output
    [block] = blocks(output)
    assert "ERROR trigger-0002" in block
    assert "engine crashed: the worker process was killed by SIGSEGV" in block


def test_an_exception_in_the_adapter_is_an_error_of_that_case() -> None:
    status, output = run("--adapter", "doubles:Raises", TRIGGER_FILE)
    assert status == 1
    [block] = blocks(output)
    assert "ERROR trigger-0002" in block and "RuntimeError: the engine broke" in block
    assert f"{TRIGGER_FILE}: 2 passed, 0 failed, 0 skipped, 1 errors" in output


def test_a_hanging_program_behind_the_cli_adapter_is_killed(tmp_path) -> None:
    program = tmp_path / "sleepy"
    program.write_text("#!/bin/sh\nexec sleep 600\n")
    program.chmod(0o755)
    started = time.monotonic()
    status, output = run("--program", str(program), "--timeout", "2", TRIGGER_FILE)
    assert time.monotonic() - started < 60
    assert status == 1
    assert f"{TRIGGER_FILE}: 0 passed, 0 failed, 0 skipped, 3 errors" in output
    assert "timed out after 2s" in output


def test_usage_errors_exit_2(tmp_path) -> None:
    assert run("--adapter", "nonesuch")[0] == 2
    assert run("--adapter", "no_such_module:Adapter", str(GOOD))[0] == 2
    assert run(str(tmp_path / "missing.jsonl"))[0] == 2
    assert run(str(tmp_path))[0] == 2  # a folder without vector files
    assert run("--adapter", "boardrules", "--program", "x", str(GOOD))[0] == 2
    assert run("--timeout", "0", str(GOOD))[0] == 2
    assert run("--no-such-flag")[0] == 2


def test_skips_are_counted_with_their_reason_and_never_passed() -> None:
    status, output = run("--adapter", "go_v5", str(GOOD / "bind"))
    assert status == 1  # a run that passed nothing checked nothing (FORMAT.md, "Exit status")
    assert "bind/v1/hand.jsonl: 0 passed, 0 failed, 11 skipped, 0 errors" in output
    assert "skipped 11: the go_v5 adapter does not play bind" in output


def test_an_outcome_may_be_a_dict() -> None:
    status, output = run("--adapter", "doubles:DictOutcome", str(GOOD))
    assert status == 0, output
    assert "go9/v1/hand.jsonl: 11 passed, 0 failed, 2 skipped, 0 errors" in output
