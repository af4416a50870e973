"""Running one case against an adapter.

`run_case(adapter, header, case)` returns a `CaseResult`: `passed` only when at least one
thing was compared and everything compared agreed; `failed` with one `Finding` per
disagreement; `skipped` when the adapter cannot answer the case (a missing capability, a
game it does not play); `error` when the engine misbehaved (an `EngineError`, an
unexpected exception). What the adapter cannot be asked inside a case that is otherwise
checked (the reason class of a refusal, a result text, a record's ply count) is counted in
`not_checked` by category, never as passed.
"""

from __future__ import annotations

import traceback
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Sequence, Tuple

from .adapters.base import (
    GTP,
    PERFT,
    REASON_CLASSES,
    RECORDS,
    TRACE,
    Adapter,
    EngineError,
    IllegalMove,
    MoveRefused,
    RecordAccepted,
    Unsupported,
    as_outcome,
)
from .vectors import (
    Case,
    Check,
    EndCase,
    GtpCase,
    Header,
    LegalSet,
    PerftCase,
    RecordCase,
    ReplayCase,
    canonical_text,
    legal_sha256,
    sort_moves,
)

PASSED = "passed"
FAILED = "failed"
SKIPPED = "skipped"
ERROR = "error"

#: Categories of `CaseResult.not_checked`.
NOT_CHECKED_REASON = "reason classes"
NOT_CHECKED_TEXT = "result texts"
NOT_CHECKED_SCORE = "score fields"
NOT_CHECKED_PLIES = "record ply counts"
NOT_CHECKED_REFUSAL = "record refusal kinds"
NOT_CHECKED_PROBE = "probes"

#: How many moves of a found legal set the report lists when the expected list is unknown.
LIST_LIMIT = 32


@dataclass
class Finding:
    """One disagreement: `what` was `expected` but the engine gave `found`."""

    what: str
    expected: str
    found: str
    ply: Optional[int] = None
    missing: Optional[List[str]] = None
    extra: Optional[List[str]] = None
    found_moves: Optional[List[str]] = None


@dataclass
class CaseResult:
    """What running one case gave."""

    case_id: str
    kind: str
    decisions: Tuple[str, ...]
    line: int
    status: str = PASSED
    findings: List[Finding] = field(default_factory=list)
    reason: str = ""
    checked: int = 0
    not_checked: Dict[str, int] = field(default_factory=dict)


class _Stop(Exception):
    """Ends a case early after a finding that makes the rest meaningless."""


class _Run:
    def __init__(self, adapter: Adapter[Any], header: Header, case: Case) -> None:
        self.adapter = adapter
        self.header = header
        self.case = case
        self.caps = adapter.capabilities
        self.findings: List[Finding] = []
        self.checked = 0
        self.not_checked: Counter[str] = Counter()

    # ------------------------------------------------------------------ bookkeeping

    def agree(self) -> None:
        self.checked += 1

    def differ(self, finding: Finding) -> None:
        self.checked += 1
        self.findings.append(finding)

    def compare(self, what: str, expected: object, found: object, ply: Optional[int] = None) -> None:
        if expected == found:
            self.agree()
        else:
            self.differ(Finding(what, _show(expected), _show(found), ply))

    # ------------------------------------------------------------------ positions

    def reach(self, moves: Sequence[str]) -> Any:
        """The state after `moves`; a refused move is a finding and stops the case."""
        if TRACE in self.caps:
            self.trace(moves)
        state = self.adapter.new_game(self.header.game, self.header.options)
        for index, move in enumerate(moves):
            state = self.play_listed(state, index, move)
        return state

    def trace(self, moves: Sequence[str]) -> List[List[str]]:
        try:
            traced = self.adapter.trace(self.header.game, self.header.options, moves)
        except MoveRefused as refused:
            index = refused.number - 1
            move = moves[index] if 0 <= index < len(moves) else "?"
            self.refused_move(index, move, refused.message)
            raise _Stop() from None
        if len(traced) != len(moves) + 1:
            raise EngineError(f"trace gave {len(traced)} legal sets for {len(moves)} moves")
        return traced

    def play_listed(self, state: Any, index: int, move: str) -> Any:
        try:
            return self.adapter.play(state, move)
        except IllegalMove as refusal:
            self.refused_move(index, move, refusal.message)
            raise _Stop() from None

    def refused_move(self, index: int, move: str, message: str) -> None:
        found = "refused" + (f": {message}" if message else "")
        self.differ(Finding(f"move {index + 1} (`{move}`)", "accepted (every move of the case is legal)", found, index))

    # ------------------------------------------------------------------ kinds

    def replay(self, case: ReplayCase) -> None:
        by_ply: Dict[int, List[Check]] = {}
        for check in case.checks:
            by_ply.setdefault(check.ply, []).append(check)
        last = max(by_ply)
        traced = self.trace(case.moves) if TRACE in self.caps else None
        state = self.adapter.new_game(self.header.game, self.header.options)
        for ply in range(len(case.moves) + 1):
            for check in by_ply.get(ply, []):
                self.check_position(state, check, traced[ply] if traced is not None else None)
            if ply == len(case.moves) or (traced is not None and ply >= last):
                break  # a trace has already shown that the remaining moves are accepted
            state = self.play_listed(state, ply, case.moves[ply])
        self.agree()  # every move of the case was accepted (by the trace or the walk)

    def check_position(self, state: Any, check: Check, traced: Optional[List[str]]) -> None:
        ply = check.ply
        if check.has_to_move:
            self.compare("to move", check.to_move, self.adapter.to_move(state), ply)
        if check.legal is not None:
            found = traced if traced is not None else self.adapter.legal_moves(state)
            self.compare_legal(check.legal, found, ply)
        if not check.illegal:
            return
        answers = self.adapter.refusals(state, [probe.move for probe in check.illegal])
        if len(answers) != len(check.illegal):
            raise EngineError(f"{len(answers)} answers for {len(check.illegal)} probes")
        for probe, refusal in zip(check.illegal, answers):
            what = f"probe `{probe.move}`"
            if refusal is None:
                self.differ(Finding(what, f"refused as `{probe.reason}`", "accepted", ply))
            elif isinstance(refusal, Unsupported):
                self.not_checked[NOT_CHECKED_PROBE] += 1
            elif REASON_CLASSES in self.caps and refusal.reason is not None:
                if refusal.reason == probe.reason:
                    self.agree()
                else:
                    said = f"refused as `{refusal.reason}`" + (f" ({refusal.message})" if refusal.message else "")
                    self.differ(Finding(what, f"refused as `{probe.reason}`", said, ply))
            else:
                self.agree()  # the refusal itself
                self.not_checked[NOT_CHECKED_REASON] += 1

    def compare_legal(self, expected: LegalSet, found: List[str], ply: Optional[int]) -> None:
        sha = legal_sha256(found)
        duplicates = sorted(move for move, times in Counter(found).items() if times > 1)
        if len(found) == expected.count and sha == expected.sha256 and not duplicates:
            self.agree()
            return
        finding = Finding(
            "legal moves",
            f"{expected.count} moves (sha256 {expected.sha256[:16]}…)",
            f"{len(found)} moves (sha256 {sha[:16]}…)"
            + (f", listed twice: {' '.join(duplicates)}" if duplicates else ""),
            ply,
        )
        if expected.moves is not None:
            wanted = set(expected.moves)
            got = set(found)
            finding.missing = sort_moves(list(wanted - got))
            finding.extra = sort_moves(list(got - wanted))
        elif len(found) <= LIST_LIMIT:
            finding.found_moves = sort_moves(found)
        self.differ(finding)

    def perft(self, case: PerftCase) -> None:
        state = self.reach(case.moves)
        depth = len(case.counts)
        if PERFT in self.caps:
            found = list(self.adapter.perft(state, depth))
        else:
            found = generic_perft(self.adapter, state, depth)
        if len(found) != depth:
            raise EngineError(f"perft gave {len(found)} counts for depth {depth}")
        for index, (want, got) in enumerate(zip(case.counts, found)):
            self.compare(f"perft depth {index + 1}", want, got, len(case.moves))

    def end(self, case: EndCase) -> None:
        state = self.reach(case.moves)
        ply = len(case.moves)
        mover = self.adapter.to_move(state)
        if mover is None:
            self.agree()
        else:
            self.differ(Finding("game over", "the game is over", f"{mover} to move", ply))
        outcome = as_outcome(self.adapter.outcome(state))
        self.compare("winner", case.result.winner, outcome.winner, ply)
        if case.result.text is not None:
            if outcome.text is None:
                self.not_checked[NOT_CHECKED_TEXT] += 1
            else:
                self.compare("result text", case.result.text, outcome.text, ply)
        if case.score is not None:
            if outcome.score is None:
                self.not_checked[NOT_CHECKED_SCORE] += 4
                return
            expected = case.score
            for name, want, got in (
                ("black", expected.black, outcome.score.black),
                ("white", expected.white, outcome.score.white),
                ("komi", expected.komi, outcome.score.komi),
                ("margin", expected.margin, outcome.score.margin),
            ):
                if got is None:
                    self.not_checked[NOT_CHECKED_SCORE] += 1
                else:
                    self.compare(f"score {name}", want, got, ply)

    def record(self, case: RecordCase) -> None:
        if RECORDS not in self.caps:
            raise Unsupported(f"the {self.adapter.name} adapter reads no records")
        answer = self.adapter.replay_record(case.text, case.format)
        expect = case.expect
        if expect.accepted:
            assert expect.result is not None
            if not isinstance(answer, RecordAccepted):
                found = "refused" + (f" at move {answer.move}" if answer.move is not None else "")
                found += f": {answer.message}" if answer.message else ""
                self.differ(Finding("record", f"accepted ({expect.plies} plies, {expect.result.winner})", found))
                return
            self.agree()
            outcome = as_outcome(answer.outcome)
            if answer.plies is None:
                self.not_checked[NOT_CHECKED_PLIES] += 1
            else:
                self.compare("plies", expect.plies, answer.plies)
            self.compare("winner", expect.result.winner, outcome.winner)
            if expect.result.text is not None:
                if outcome.text is None:
                    self.not_checked[NOT_CHECKED_TEXT] += 1
                else:
                    self.compare("result text", expect.result.text, outcome.text)
            return
        wanted = "not a record" if expect.refusal == "not-a-record" else (
            f"refused at move {expect.move}" if expect.move is not None else "refused as a whole (no move named)"
        )
        if isinstance(answer, RecordAccepted):
            winner = as_outcome(answer.outcome).winner
            found = f"accepted ({answer.plies if answer.plies is not None else '?'} plies, {winner})"
            self.differ(Finding("record", wanted, found))
            return
        found = (
            "not a record"
            if answer.not_a_record
            else (f"refused at move {answer.move}" if answer.move is not None else "refused")
        )
        if answer.message:
            found += f": {answer.message}"
        if expect.refusal == "not-a-record":
            if answer.not_a_record is False or answer.move is not None:
                self.differ(Finding("record", wanted, found))
                return
            self.agree()
            if answer.not_a_record is None:
                self.not_checked[NOT_CHECKED_REFUSAL] += 1
            return
        if answer.not_a_record or answer.move != expect.move:
            self.differ(Finding("record", wanted, found))
            return
        self.agree()
        if answer.not_a_record is None and expect.move is None:
            self.not_checked[NOT_CHECKED_REFUSAL] += 1

    def gtp(self, case: GtpCase) -> None:
        if GTP not in self.caps:
            raise Unsupported(f"the {self.adapter.name} adapter speaks no GTP")
        responses = self.adapter.gtp_session([command for command, _ in case.session])
        for index, (command, expected) in enumerate(case.session):
            what = f"gtp command {index + 1} `{command}`"
            if index >= len(responses):
                self.differ(Finding(what, _show(expected), "no response (the engine stopped)"))
                return
            want = _gtp_text(expected)
            got = _gtp_text(responses[index])
            if want == "?":
                ok = got.startswith("?")
            else:
                ok = got == want
            if ok:
                self.agree()
            else:
                self.differ(Finding(what, _show(want), _show(got)))


def _gtp_text(response: str) -> str:
    """A GTP response compared as FORMAT says: trailing white space trimmed (of each line,
    and of the whole)."""
    return "\n".join(line.rstrip() for line in response.rstrip().split("\n"))


def _show(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, str):
        return value if value else '""'
    if isinstance(value, float) and value == int(value):
        return str(int(value))
    return str(value)


def generic_perft(adapter: Adapter[Any], state: Any, depth: int) -> List[int]:
    """perft(state, d) for d = 1 … depth through `legal_moves`, `clone` and `play` alone
    (the leaves are counted from the legal lists, so depth d plays perft(d - 1) moves)."""
    counts = [0] * depth

    def walk(position: Any, level: int) -> None:
        moves = adapter.legal_moves(position)
        counts[level] += len(moves)
        if level + 1 >= depth:
            return
        for move in moves:
            try:
                child = adapter.play(adapter.clone(position), move)
            except IllegalMove as refusal:
                raise EngineError(f"the engine refused `{move}`, which it listed as legal: {refusal.message}") from None
            walk(child, level + 1)

    if depth > 0:
        walk(state, 0)
    return counts


def run_case(adapter: Adapter[Any], header: Header, case: Case) -> CaseResult:
    """Runs one case; never raises (an engine's exception becomes an `error` result)."""
    result = CaseResult(case.id, case.kind, case.decisions, case.line)
    why_not = adapter.supports(header.game, header.options)
    if why_not is not None:
        result.status = SKIPPED
        result.reason = why_not
        return result
    run = _Run(adapter, header, case)
    try:
        if isinstance(case, ReplayCase):
            run.replay(case)
        elif isinstance(case, PerftCase):
            run.perft(case)
        elif isinstance(case, EndCase):
            run.end(case)
        elif isinstance(case, RecordCase):
            run.record(case)
        elif isinstance(case, GtpCase):
            run.gtp(case)
        else:  # pragma: no cover - the reader gives only the kinds above
            raise Unsupported(f"unknown kind `{case.kind}`")
    except _Stop:
        pass
    except Unsupported as missing:
        result.status = SKIPPED
        result.reason = str(missing)
        return result
    except EngineError as error:
        result.status = ERROR
        result.reason = str(error) or type(error).__name__
        result.findings = run.findings
        return result
    except Exception as error:  # an adapter's bug or an engine's exception
        result.status = ERROR
        last = traceback.extract_tb(error.__traceback__)[-1:]
        where = f" at {last[0].filename.rsplit('/', 1)[-1]}:{last[0].lineno}" if last else ""
        result.reason = f"the adapter raised {type(error).__name__}: {error}{where}"
        result.findings = run.findings
        return result
    result.findings = run.findings
    result.checked = run.checked
    result.not_checked = dict(run.not_checked)
    if run.findings:
        result.status = FAILED
    elif run.checked == 0:
        result.status = SKIPPED
        result.reason = "nothing in the case could be checked with this adapter"
    return result


__all__ = [
    "CaseResult",
    "ERROR",
    "FAILED",
    "Finding",
    "PASSED",
    "SKIPPED",
    "canonical_text",
    "generic_perft",
    "run_case",
]
