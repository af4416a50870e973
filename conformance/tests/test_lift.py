"""The failing-decisions summary: ids every failure names first, then by lift. The same
hand-made runs are in crates/rules-conformance/tests/lift.rs, with the same expected lines:
both runners print them."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Sequence

from runner.checks import ERROR, FAILED, PASSED, SKIPPED, CaseResult
from runner.report import FileReport, Reporter

# Eight cases, one skipped, so 7 run and 5 failed (1, 2, 4, 7 and the error 8); the
# run-wide failure rate is 5/7.
# - cases 1, 5 -> 1 failed of 2: (1/2)/(5/7) = 7/10 -> 0.70
# - cases 1, 2, 3, 5 (named twice by 5, counted once) -> 2 of 4: 7/10 -> 0.70
# - cases 2, 4 (and the skipped 6, not run) -> 2 of 2: 1/(5/7) = 7/5 -> 1.40
# - case 8 (an error counts as failed) -> 1 of 1 -> 1.40
# - case 7 -> 1 of 1 -> 1.40
# - only the skipped case 6 -> not listed
# Order: lift 1.40 first, X-3 (2 failed) before X-9 and X-10 (1 each), X-9 before X-10 by
# id order; then lift 0.70, X-2 (2 failed) before X-1 (1 failed).
EXPECTED = (
    "failing decisions: X-3 (lift 1.40, 2 of 2 cases failed), "
    "X-9 (lift 1.40, 1 of 1 case failed), X-10 (lift 1.40, 1 of 1 case failed), "
    "X-2 (lift 0.70, 2 of 4 cases failed), X-1 (lift 0.70, 1 of 2 cases failed)"
)


def case(case_id: str, decisions: Sequence[str], status: str) -> CaseResult:
    return CaseResult(case_id, "perft", tuple(decisions), 1, status=status, reason="why")


def summary_of(files: Sequence[Sequence[CaseResult]]) -> str:
    out = io.StringIO()
    reporter = Reporter(out)
    for n, results in enumerate(files):
        report = FileReport(f"f{n}.jsonl")
        for result in results:
            report.case(result)
        reporter.file(report)
    reporter.summary()
    return out.getvalue()


def test_the_summary_ranks_failing_decisions_by_lift() -> None:
    text = summary_of([
        [
            case("c1", ["X-1", "X-2"], FAILED),
            case("c2", ["X-2", "X-3"], FAILED),
            case("c3", ["X-2"], PASSED),
            case("c4", ["X-3"], FAILED),
        ],
        [
            case("c5", ["X-1", "X-2", "X-2"], PASSED),
            case("c6", ["X-4", "X-3"], SKIPPED),
            case("c7", ["X-10"], FAILED),
            case("c8", ["X-9"], ERROR),
        ],
    ])
    lines = text.splitlines()
    assert lines[-2].startswith("summary: 2 files, 2 passed, 4 failed, 1 skipped, 1 errors"), text
    assert lines[-1] == EXPECTED, text


def test_a_lift_is_rounded_to_hundredths_halves_up() -> None:
    # 3 run, 1 failed; X-1 on the failed case and on one passed: (1/2)/(1/3) = 1.5 -> 1.50;
    # X-2 on the failed case only: 1/(1/3) = 3 -> 3.00.
    text = summary_of([[case("c1", ["X-1", "X-2"], FAILED), case("c2", ["X-1"], PASSED), case("c3", [], PASSED)]])
    assert text.endswith(
        "failing decisions: X-2 (lift 3.00, 1 of 1 case failed), X-1 (lift 1.50, 1 of 2 cases failed)\n"
    ), text
    # 8 run, 3 failed, Y-1 on 1 failed of 3: (1/3)/(3/8) = 8/9 = 0.888... -> 0.89.
    cases = [case("f1", ["Y-1"], FAILED), case("f2", [], FAILED), case("f3", [], FAILED)]
    cases += [case("p1", ["Y-1"], PASSED), case("p2", ["Y-1"], PASSED)]
    cases += [case(f"q{n}", [], PASSED) for n in range(3)]
    assert summary_of([cases]).endswith("failing decisions: Y-1 (lift 0.89, 1 of 3 cases failed)\n")
    # A half: 9 run, 8 failed, Z-1 on one failed case: 1/(8/9) = 9/8 = 1.125 -> 1.13 (not
    # 1.12, as rounding halves to even would give).
    cases = [case("z", ["Z-1"], FAILED), case("p", [], PASSED)]
    cases += [case(f"f{n}", [], FAILED) for n in range(7)]
    assert summary_of([cases]).endswith("failing decisions: Z-1 (lift 1.13, 1 of 1 case failed)\n")


def test_nothing_failed_prints_no_decisions_line() -> None:
    assert "failing decisions" not in summary_of([[case("c1", ["X-1"], PASSED)]])


def format_example() -> list[CaseResult]:
    """FORMAT.md's example: 80 run, 20 failed; G-2 on 78 and on every failed case, G-4 on
    5 (4 failed), G-5 on 2 (1 failed)."""
    cases = []
    for n in range(20):
        ids = ["G-2"] + (["G-4"] if n < 4 else []) + (["G-5"] if n == 4 else [])
        cases.append(case(f"f{n}", ids, FAILED))
    cases += [case("p0", ["G-2", "G-4"], PASSED), case("p1", ["G-2", "G-5"], PASSED)]
    cases += [case(f"p{n}", ["G-2"], PASSED) for n in range(2, 58)]
    cases += [case("p58", [], PASSED), case("p59", [], PASSED)]
    return cases


def test_ids_named_by_every_failure_come_first_then_by_lift_as_format_md_says() -> None:
    expected = (
        "failing decisions: G-2 (lift 1.03, 20 of 78 cases failed), "
        "G-4 (lift 3.20, 4 of 5 cases failed), G-5 (lift 2.00, 1 of 2 cases failed)"
    )
    assert summary_of([format_example()]).splitlines()[-1] == expected
    format_md = (Path(__file__).resolve().parents[1] / "FORMAT.md").read_text(encoding="utf-8")
    assert expected in format_md
    cases = [
        case("c1", ["U-1", "A-1", "B-1"], FAILED),
        case("c2", ["U-1", "A-1", "B-1"], FAILED),
        case("c3", ["U-1", "A-1", "C-1"], FAILED),
    ]
    cases += [case(f"p{n}", ["U-1", "A-1"], PASSED) for n in range(3)]
    cases += [case("q1", ["U-1"], PASSED), case("q2", ["U-1"], PASSED)]
    assert summary_of([cases]).splitlines()[-1] == (
        "failing decisions: A-1 (lift 1.33, 3 of 6 cases failed), "
        "U-1 (lift 1.00, 3 of 8 cases failed), B-1 (lift 2.67, 2 of 2 cases failed), "
        "C-1 (lift 2.67, 1 of 1 case failed)"
    )
