"""Any program that speaks the command-line contract of docs/rulebook.md.

`--program CMD` (default: `$RULEBOOK`, else `rulebook` on the PATH; split like a shell
line). The calls, each a process with the adapter's timeout:

- `trace GAME OPTIONS --moves "…"`: every legal set along a case's moves in one process
  (the sets are kept, so `legal_moves` and `play` along those moves start no process);
- `legal GAME OPTIONS --moves "… MOVE"`: whether a move not in the known legal set is
  accepted (exit 0) or refused (exit 2 with nothing on standard output; no reason class);
- `show`: the player to move and the result, from the last line (`NAME to move (ply N)`
  or `game over: OUTCOME`);
- `perft GAME DEPTH`, `replay FILE` (the record text written to a temporary file;
  accepted: exit 0 and a last line `result: OUTCOME`; refused: exit 2, nothing on standard
  output, the move number taken from standard error by `move (\\d+)`) and `gtp` (GTP
  version 2 over pipes, one fresh process per session).
"""

from __future__ import annotations

import os
import re
import shlex
import signal
import subprocess
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import IO, Dict, List, Mapping, Optional, Sequence, Tuple, Union

from . import base
from .base import (
    GTP,
    PERFT,
    RECORDS,
    TRACE,
    Adapter,
    AdapterConfig,
    EngineError,
    EngineTimeout,
    IllegalMove,
    MoveRefused,
    Options,
    Outcome,
    RecordAccepted,
    RecordAnswer,
    RecordRefused,
    Unsupported,
    outcome_from_text,
)

_MOVE_NUMBER = re.compile(r"move (\d+)")
_TO_MOVE = re.compile(r"(\w+) to move \(ply \d+\)")
_PERFT_LINE = re.compile(r"perft (\d+) (\d+)")

#: Commands sent before a GTP session so that any GTP engine starts as FORMAT says
#: (9×9, komi 7, empty board); their answers are not compared.
GTP_PREAMBLE: Tuple[str, ...] = ("boardsize 9", "komi 7", "clear_board")

#: How many legal sets the adapter keeps between calls.
_CACHE_LIMIT = 20000


@dataclass(frozen=True)
class CliState:
    """A position: the game, its option flags, and the moves from the start."""

    game: str
    flags: Tuple[str, ...]
    moves: Tuple[str, ...] = ()


@dataclass(frozen=True)
class _Ran:
    status: int
    stdout: str
    stderr: str


def option_flags(options: Options) -> Tuple[str, ...]:
    """`{"size": 9}` → `("--size", "9")`, in the options' order."""
    flags: List[str] = []
    for key, value in options.items():
        flags += [f"--{key}", str(value)]
    return tuple(flags)


def default_program() -> str:
    return os.environ.get("RULEBOOK") or "rulebook"


class CliAdapter(Adapter[CliState]):
    """The `rulebook` command-line contract. States are immutable, so `clone` is free."""

    name = "cli"
    capabilities = frozenset({TRACE, PERFT, RECORDS, GTP})

    def __init__(self, config: AdapterConfig) -> None:
        super().__init__(config)
        self.command = shlex.split(config.program or default_program())
        if not self.command:
            raise ValueError("--program is empty")
        self._legal: Dict[CliState, List[str]] = {}
        #: How many probe processes run at once.
        self.parallel = max(1, min(8, os.cpu_count() or 1))
        self._status: Dict[CliState, str] = {}

    # ------------------------------------------------------------------ processes

    def run(self, args: Sequence[str], stdin: Optional[str] = None) -> _Ran:
        """One run of the program, bounded: killed with its whole process group after the
        timeout, or when it writes more than `OUTPUT_LIMIT` bytes on a stream; whatever it
        leaves behind is killed when it ends."""
        shown = shlex.join([*self.command, *args])[:200]
        try:
            ran = run_bounded([*self.command, *args], stdin, self.config.timeout)
        except OSError as error:
            raise EngineError(f"cannot run {self.command[0]}: {error}") from None
        if ran is _TIMED_OUT:
            raise EngineTimeout(f"timed out after {self.config.timeout:g}s: {shown}")
        if ran is _TOO_MUCH:
            raise EngineError(
                f"the program wrote more than the output limit of {OUTPUT_LIMIT} bytes in one run; "
                f"it was stopped: {shown}"
            )
        assert isinstance(ran, _Ran)
        return ran

    def _fail(self, what: str, ran: _Ran) -> EngineError:
        detail = ran.stderr.strip().splitlines()[-1:] or ran.stdout.strip().splitlines()[-1:] or [""]
        if ran.status < 0:
            return EngineError(f"engine crashed: `{what}` was killed by signal {-ran.status}")
        return EngineError(f"engine crashed: `{what}` exited with status {ran.status}: {detail[0][:200]}")

    def _remember(self, state: CliState, legal: List[str]) -> None:
        if len(self._legal) >= _CACHE_LIMIT:
            self._legal.clear()
        self._legal[state] = legal

    @staticmethod
    def _moves_arg(moves: Sequence[str]) -> List[str]:
        return ["--moves", " ".join(moves)] if moves else []

    # ------------------------------------------------------------------ the interface

    def games(self) -> Mapping[str, Optional[Sequence[Options]]]:
        return {"kazura": None, "bao": None, "go9": None, "bind": None}

    def new_game(self, game: str, options: Options) -> CliState:
        return CliState(game, option_flags(options))

    def legal_moves(self, state: CliState) -> List[str]:
        known = self._legal.get(state)
        if known is not None:
            return list(known)
        args = ["legal", state.game, *state.flags, *self._moves_arg(state.moves)]
        ran = self.run(args)
        if ran.status != 0:
            raise self._fail("legal", ran)
        legal = ran.stdout.rstrip("\n").split()
        self._remember(state, legal)
        return list(legal)

    def play(self, state: CliState, move: str) -> CliState:
        after = CliState(state.game, state.flags, state.moves + (move,))
        known = self._legal.get(state)
        if known is not None and move in known:
            return after
        if not move or move != move.strip() or any(char.isspace() for char in move):
            raise Unsupported(f"the command line cannot carry the move {move!r} (white space)")
        ran = self.run(["legal", state.game, *state.flags, *self._moves_arg(after.moves)])
        if ran.status == 0:
            self._remember(after, ran.stdout.rstrip("\n").split())
            return after
        if ran.status == 2 and ran.stdout == "":
            raise IllegalMove(None, ran.stderr.strip())
        if ran.status == 2:
            raise EngineError("`legal` exited with status 2 but wrote on standard output (the contract says nothing)")
        raise self._fail("legal", ran)

    def refusals(self, state: CliState, moves: Sequence[str]) -> List[Union[None, IllegalMove, Unsupported]]:
        """The probes' `legal` processes run side by side (one per core)."""

        def one(move: str) -> Union[None, IllegalMove, Unsupported]:
            try:
                self.play(state, move)
            except (IllegalMove, Unsupported) as refusal:
                return refusal
            return None

        if len(moves) < 2 or self.parallel < 2:
            return [one(move) for move in moves]
        with ThreadPoolExecutor(max_workers=self.parallel) as pool:
            return list(pool.map(one, moves))

    def _status_line(self, state: CliState) -> str:
        known = self._status.get(state)
        if known is not None:
            return known
        ran = self.run(["show", state.game, *state.flags, *self._moves_arg(state.moves)])
        if ran.status != 0:
            raise self._fail("show", ran)
        lines = ran.stdout.rstrip("\n").split("\n")
        line = lines[-1] if lines else ""
        if len(self._status) >= _CACHE_LIMIT:
            self._status.clear()
        self._status[state] = line
        return line

    def to_move(self, state: CliState) -> Optional[str]:
        line = self._status_line(state)
        if line.startswith("game over: "):
            return None
        match = _TO_MOVE.match(line)
        if not match:
            raise EngineError(f"`show`'s last line is neither `NAME to move (ply N)` nor `game over: …`: {line!r}")
        return match[1]

    def outcome(self, state: CliState) -> Outcome:
        line = self._status_line(state)
        if line.startswith("game over: "):
            return outcome_from_text(line[len("game over: "):])
        if _TO_MOVE.match(line):
            return Outcome(winner="ongoing", text="ongoing")
        raise EngineError(f"`show`'s last line is neither `NAME to move (ply N)` nor `game over: …`: {line!r}")

    def clone(self, state: CliState) -> CliState:
        return state

    # ------------------------------------------------------------------ capabilities

    def trace(self, game: str, options: Options, moves: Sequence[str]) -> List[List[str]]:
        flags = option_flags(options)
        ran = self.run(["trace", game, *flags, *self._moves_arg(moves)])
        if ran.status == 2 and ran.stdout == "":
            match = _MOVE_NUMBER.search(ran.stderr)
            if match:
                raise MoveRefused(int(match[1]), ran.stderr.strip())
            raise EngineError(f"`trace` refused the case's moves without naming one: {ran.stderr.strip()[:200]}")
        if ran.status != 0:
            raise self._fail("trace", ran)
        lines = ran.stdout.rstrip("\n").split("\n")
        if not lines or not lines[-1].startswith("result: "):
            raise EngineError("`trace` did not end with a `result: ` line")
        sets: List[List[str]] = []
        for ply, line in enumerate(lines[:-1]):
            number, colon, legal = line.partition(":")
            if colon != ":" or number != str(ply):
                raise EngineError(f"`trace` line {ply + 1} does not start with `{ply}:`: {line[:80]!r}")
            sets.append(legal.split())
        state = CliState(game, flags)
        for ply, listed in enumerate(sets):
            self._remember(state, listed)
            if ply < len(moves):
                state = CliState(game, flags, state.moves + (moves[ply],))
        return sets

    def perft(self, state: CliState, depth: int) -> List[int]:
        ran = self.run(["perft", state.game, str(depth), *state.flags, *self._moves_arg(state.moves)])
        if ran.status != 0:
            raise self._fail("perft", ran)
        counts: List[int] = []
        for line in ran.stdout.rstrip("\n").split("\n") if ran.stdout.strip() else []:
            match = _PERFT_LINE.fullmatch(line)
            if not match or int(match[1]) != len(counts) + 1:
                raise EngineError(f"`perft` wrote an unexpected line: {line[:80]!r}")
            counts.append(int(match[2]))
        return counts

    def replay_record(self, text: str, fmt: str) -> RecordAnswer:
        suffix = ".sgf" if fmt == "sgf" else ".json"
        handle, path = tempfile.mkstemp(prefix="conformance-", suffix=suffix)
        try:
            with os.fdopen(handle, "w", encoding="utf-8", newline="") as file:
                file.write(text)
            ran = self.run(["replay", path])
        finally:
            os.unlink(path)
        if ran.status == 0:
            lines = ran.stdout.rstrip("\n").split("\n")
            if not lines[-1].startswith("result: "):
                raise EngineError("`replay` did not end with a `result: ` line")
            return RecordAccepted(outcome=outcome_from_text(lines[-1][len("result: "):]), plies=None)
        if ran.status == 2 and ran.stdout == "":
            message = ran.stderr.strip().replace(path, "FILE")
            match = _MOVE_NUMBER.search(message)
            return RecordRefused(not_a_record=None, move=int(match[1]) if match else None, message=message)
        if ran.status == 2:
            raise EngineError("`replay` exited with status 2 but wrote on standard output")
        raise self._fail("replay", ran)

    def gtp_session(self, commands: Sequence[str]) -> List[str]:
        script = "".join(f"{command}\n" for command in (*GTP_PREAMBLE, *commands, "quit"))
        ran = self.run(["gtp"], stdin=script)
        if ran.status < 0:
            raise self._fail("gtp", ran)
        responses = parse_gtp_output(ran.stdout)
        # The preamble's answers are dropped, and so is the answer to `quit`.
        return responses[len(GTP_PREAMBLE):][: len(commands)]


#: The most bytes one run of a program may write on its standard output, and again on its
#: standard error (the same limit as `rulebook conformance`): 16 MiB.
OUTPUT_LIMIT = 16 << 20

_TIMED_OUT = object()
_TOO_MUCH = object()


def _read_limited(pipe: IO[bytes], into: List[bytes], over: threading.Event) -> None:
    """Reads `pipe` to its end or past `OUTPUT_LIMIT` (then sets `over` and stops)."""
    size = 0
    try:
        while True:
            chunk = pipe.read1(65536) if hasattr(pipe, "read1") else pipe.read(65536)
            if not chunk:
                return
            into.append(chunk)
            size += len(chunk)
            if size > OUTPUT_LIMIT:
                over.set()
                return
    except (OSError, ValueError):
        return
    finally:
        try:
            pipe.close()
        except OSError:
            pass


def _kill_group(pgid: int) -> None:
    """Kills the process group `pgid` (POSIX; elsewhere `Popen.kill` alone is left)."""
    killpg = getattr(os, "killpg", None)
    if killpg is None:
        return
    try:
        killpg(pgid, getattr(signal, "SIGKILL", signal.SIGTERM))
    except OSError:
        pass


def run_bounded(argv: Sequence[str], stdin: Optional[str], timeout: float) -> object:
    """Runs `argv` in a process group of its own: a `_Ran`, or `_TIMED_OUT`, or
    `_TOO_MUCH`. The group is killed when the program ends (what it left behind), at the
    time-out, or past the output limit, so no process of the run outlives it."""
    process = subprocess.Popen(
        list(argv),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    base.RUNNING_GROUPS.add(process.pid)
    over = threading.Event()
    out: List[bytes] = []
    err: List[bytes] = []
    readers = [
        threading.Thread(target=_read_limited, args=(process.stdout, out, over), daemon=True),
        threading.Thread(target=_read_limited, args=(process.stderr, err, over), daemon=True),
    ]
    for reader in readers:
        reader.start()

    def feed() -> None:
        assert process.stdin is not None
        try:
            if stdin:
                process.stdin.write(stdin.encode("utf-8"))
            process.stdin.close()
        except OSError:
            pass

    threading.Thread(target=feed, daemon=True).start()
    deadline = time.monotonic() + timeout
    verdict: object = None
    try:
        while process.poll() is None:
            if over.is_set():
                verdict = _TOO_MUCH
                break
            if time.monotonic() >= deadline:
                verdict = _TIMED_OUT
                break
            time.sleep(0.001)
    finally:
        _kill_group(process.pid)
        process.kill()
        process.wait()
        base.RUNNING_GROUPS.discard(process.pid)
    for reader in readers:
        reader.join(max(0.0, deadline - time.monotonic()))
    if verdict is not None:
        return verdict
    if any(reader.is_alive() for reader in readers):
        return _TIMED_OUT  # a process outside the group holds a pipe
    if over.is_set():
        return _TOO_MUCH
    return _Ran(process.returncode, _decode(out), _decode(err))


def _decode(parts: List[bytes]) -> str:
    return b"".join(parts).decode("utf-8", errors="replace")


def parse_gtp_output(output: str) -> List[str]:
    """GTP responses, each without its closing empty line (a response has no empty line
    inside it, so an empty line ends one)."""
    responses: List[str] = []
    current: List[str] = []
    for line in output.replace("\r\n", "\n").split("\n"):
        if line == "":
            if current:
                responses.append("\n".join(current))
                current = []
            continue
        current.append(line)
    if current:
        responses.append("\n".join(current))
    return responses
