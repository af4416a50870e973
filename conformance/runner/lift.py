"""The failing-decisions summary: decision ids ranked so that the first printed is the rule
most likely broken — those named by every failed case first, each group by lift.

Over the cases run in one invocation (passed, failed or errored; a skipped case is not
run), for each decision id d:

    lift(d) = (failed cases naming d / cases run naming d) / (failed cases / cases run)

A case fails when it failed or errored. An id named twice by one case counts once. The ids
with at least one failed case are listed: first those that every failed case names, then
the others; within each group, highest lift first (compared exactly, as fractions); ties go
to the id with more failed cases, then to id order (G-9 before G-10).
Each lift is printed rounded to two decimals, halves up, from integers, so that the Rust
runner (crates/rules-conformance/src/lift.rs) prints the same digits. conformance/FORMAT.md
("The failing-decisions summary") is the definition both follow.
"""

from __future__ import annotations

import re
from functools import cmp_to_key
from dataclasses import dataclass
from typing import Dict, Iterable, List, Optional, Sequence, Tuple


@dataclass(frozen=True)
class DecisionLift:
    """One decision id's counts over a run."""

    id: str
    failed: int
    run: int
    failed_total: int
    run_total: int

    def hundredths(self) -> int:
        """The lift in hundredths, rounded to the nearest, halves up."""
        num = self.failed * self.run_total
        den = self.run * self.failed_total
        return (200 * num + den) // (2 * den)

    def lift_text(self) -> str:
        h = self.hundredths()
        return f"{h // 100}.{h % 100:02d}"


def natural(decision: str) -> Tuple[str, int, str]:
    """Sorts G-10 after G-9."""
    letter, _, rest = decision.partition("-")
    digits = re.match(r"[0-9]*", rest)
    number = digits.group(0) if digits else ""
    return (letter, int(number) if number else 0, rest[len(number):])


def rank(cases: Iterable[Tuple[Sequence[str], bool]]) -> List[DecisionLift]:
    """Ranks the ids of `cases` (each case's decision ids, and whether it failed): those
    every failed case names first, then by lift, highest first; only ids with at least one
    failed case are kept."""
    per_id: Dict[str, List[int]] = {}
    run_total = failed_total = 0
    for decisions, failed in cases:
        run_total += 1
        failed_total += int(failed)
        for decision in set(decisions):
            entry = per_id.setdefault(decision, [0, 0])
            entry[0] += int(failed)
            entry[1] += 1
    ranked = [
        DecisionLift(decision, failed, run, failed_total, run_total)
        for decision, (failed, run) in per_id.items()
        if failed > 0
    ]
    ranked.sort(key=cmp_to_key(_order))
    return ranked


def _order(a: DecisionLift, b: DecisionLift) -> int:
    """Ids named by every failed case first; then higher lift first (failed/run compared
    exactly: the run-wide factor is common to every id), then more failed cases, then id
    order."""
    every = int(b.failed == b.failed_total) - int(a.failed == a.failed_total)
    if every:
        return every
    by_lift = b.failed * a.run - a.failed * b.run
    if by_lift:
        return by_lift
    if a.failed != b.failed:
        return b.failed - a.failed
    return -1 if natural(a.id) < natural(b.id) else int(natural(a.id) > natural(b.id))


def line(ranked: List[DecisionLift]) -> Optional[str]:
    """`failing decisions: G-4 (lift 3.20, 4 of 5 cases failed), …`, or None when nothing
    failed."""
    if not ranked:
        return None
    items = [
        f"{d.id} (lift {d.lift_text()}, {d.failed} of {d.run} case{'' if d.run == 1 else 's'} failed)"
        for d in ranked
    ]
    return "failing decisions: " + ", ".join(items)
