"""What the runner prints, and its exit status.

One line per file, `PATH: N passed, F failed, S skipped, E errors`, followed by a block for
each failing case (its id, kind and line, the ply of each finding, expected against found,
the moves missing and extra for a legal set when the list is known, the decision ids) and
for each error (a broken line as PATH:LINE, a timeout, a crash); then the skip reasons and
what could not be checked, counted. A last line sums everything up, and when a case failed
a line more names the failing decisions, those every failure names first, then by lift
(lift.py).
"""

from __future__ import annotations

import sys
from collections import Counter
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Sequence, TextIO, Tuple

from . import lift
from .checks import ERROR, FAILED, PASSED, SKIPPED, CaseResult, Finding
from .vectors import LineError

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_USAGE = 2


@dataclass
class Totals:
    files: int = 0
    broken_files: int = 0
    passed: int = 0
    failed: int = 0
    skipped: int = 0
    errors: int = 0
    not_checked: Counter[str] = field(default_factory=Counter)

    def add(self, other: "Totals") -> None:
        self.files += other.files
        self.broken_files += other.broken_files
        self.passed += other.passed
        self.failed += other.failed
        self.skipped += other.skipped
        self.errors += other.errors
        self.not_checked.update(other.not_checked)

    def counts(self) -> str:
        return f"{self.passed} passed, {self.failed} failed, {self.skipped} skipped, {self.errors} errors"


def _finding_lines(finding: Finding) -> List[str]:
    where = f"ply {finding.ply}: " if finding.ply is not None else ""
    lines = [f"    {where}{finding.what}: expected {finding.expected}; found {finding.found}"]
    if finding.missing is not None:
        lines.append(f"      missing: {' '.join(finding.missing) if finding.missing else '(none)'}")
    if finding.extra is not None:
        lines.append(f"      extra: {' '.join(finding.extra) if finding.extra else '(none)'}")
    if finding.found_moves is not None:
        lines.append(
            "      found moves: "
            + (" ".join(finding.found_moves) if finding.found_moves else "(none)")
            + " (the expected list is not in the vector)"
        )
    return lines


def _decisions(result: CaseResult) -> str:
    return ", ".join(result.decisions) if result.decisions else "(none)"


class FileReport:
    """Collects one file's results; `lines()` gives what is printed for it."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.totals = Totals(files=1)
        self.blocks: List[List[str]] = []
        self.skips: Counter[str] = Counter()
        self.verbose_lines: List[str] = []
        self.broken: Optional[str] = None
        # Each case run (not skipped): its decision ids and whether it failed or errored.
        self.run: List[Tuple[Sequence[str], bool]] = []

    def broken_file(self, reason: str) -> None:
        self.broken = reason
        self.totals.broken_files += 1
        self.totals.errors += 1

    def line_error(self, error: LineError) -> None:
        self.totals.errors += 1
        named = f" (case {error.case_id})" if error.case_id else ""
        self.blocks.append([f"  ERROR {error.path}:{error.line}{named}: broken line, not run: {error.message}"])

    def case(self, result: CaseResult) -> None:
        self.totals.not_checked.update(result.not_checked)
        head = f"{result.case_id} ({result.kind}, line {result.line})"
        if result.status != SKIPPED:
            self.run.append((result.decisions, result.status != PASSED))
        if result.status == PASSED:
            self.totals.passed += 1
            self.verbose_lines.append(f"  pass  {head}")
        elif result.status == SKIPPED:
            self.totals.skipped += 1
            self.skips[result.reason] += 1
            self.verbose_lines.append(f"  skip  {head}: {result.reason}")
        elif result.status == FAILED:
            self.totals.failed += 1
            block = [f"  FAIL {head}; decisions: {_decisions(result)}"]
            for finding in result.findings:
                block += _finding_lines(finding)
            self.blocks.append(block)
            self.verbose_lines.append(f"  FAIL  {head}")
        else:
            assert result.status == ERROR
            self.totals.errors += 1
            block = [f"  ERROR {head}; decisions: {_decisions(result)}: {result.reason}"]
            for finding in result.findings:
                block += _finding_lines(finding)
            self.blocks.append(block)
            self.verbose_lines.append(f"  ERROR {head}: {result.reason}")

    def lines(self, verbose: bool) -> List[str]:
        if self.broken is not None:
            return [f"{self.path}: not run: {self.broken}"]
        out = [f"{self.path}: {self.totals.counts()}"]
        if verbose:
            out += self.verbose_lines
        for block in self.blocks:
            out += block
        for reason, times in sorted(self.skips.items()):
            out.append(f"  skipped {times}: {reason}")
        if self.totals.not_checked:
            out.append(f"  not checked: {_not_checked(self.totals.not_checked)}")
        return out


def _not_checked(counter: Dict[str, int]) -> str:
    return ", ".join(f"{times} {name}" for name, times in sorted(counter.items()))


class Reporter:
    """Prints file reports as they end and the summary at the end."""

    def __init__(self, out: Optional[TextIO] = None, verbose: bool = False) -> None:
        self.out = out if out is not None else sys.stdout
        self.verbose = verbose
        self.totals = Totals()
        self.run: List[Tuple[Sequence[str], bool]] = []

    def say(self, line: str) -> None:
        print(line, file=self.out, flush=True)

    def file(self, report: FileReport) -> None:
        self.totals.add(report.totals)
        self.run += report.run
        for line in report.lines(self.verbose):
            self.say(line)

    def summary(self) -> int:
        totals = self.totals
        broken = f" ({totals.broken_files} broken)" if totals.broken_files else ""
        line = f"summary: {totals.files} file{'' if totals.files == 1 else 's'}{broken}, {totals.counts()}"
        if totals.not_checked:
            line += f"; not checked (the adapter cannot tell): {_not_checked(totals.not_checked)}"
        self.say(line)
        ranked = lift.line(lift.rank(self.run))
        if ranked is not None:
            self.say(ranked)
        return self.status()

    def status(self) -> int:
        """0 when nothing failed, errored or was unreadable and at least one case passed
        (a run that passed nothing checked nothing), else 1."""
        clean = not self.totals.failed and not self.totals.errors and self.totals.passed > 0
        return EXIT_OK if clean else EXIT_FAILED
