"""The adapter interface: what the runner asks of an engine.

An adapter wraps one engine (a program, a library, an environment) behind a few calls on
positions of a game. Moves are always strings in the FORMAT's canonical notation (points
`A1`…`J9` without `I`, `A1` lower left; `pass`; Bind's lines `B2-D2`; Bao's `F7L`, …):
the adapter translates to and from the engine's own actions.

Required calls (see `Adapter`): `games`, `new_game`, `legal_moves`, `play`, `to_move`,
`outcome`, `clone`.

Optional capabilities, each named in `Adapter.capabilities`; a case that needs one the
adapter lacks is **skipped** with the reason, never passed:

| capability | call | without it |
|---|---|---|
| `"perft"` | `perft(state, depth)` | the runner counts with `legal_moves`/`clone`/`play` |
| `"trace"` | `trace(game, options, moves)` | the runner walks the moves with `play` |
| `"records"` | `replay_record(text, fmt)` | `record` cases are skipped |
| `"gtp"` | `gtp_session(commands)` | `gtp` cases are skipped |
| `"reason-classes"` | `IllegalMove.reason` is set | refusals are checked, their class is counted as "not checked" |

Errors: `play` raises `IllegalMove` for a move the engine refuses. Anything else that goes
wrong (a program that exits oddly, output that breaks its contract) is an `EngineError`;
the runner reports it as an error of the case, as it does for a timeout or a crash of the
worker process that runs the adapter. `Unsupported` says that the adapter cannot ask its
engine this one question (a move the command line cannot carry, say): the item is
counted as not checked.

A new adapter subclasses `Adapter`, sets `name` and `capabilities`, and is given to
`run.py` as `--adapter package.module:ClassName` (the module must be importable). The
constructor takes one `AdapterConfig`.
"""

from __future__ import annotations

import abc
import re
from dataclasses import dataclass
from typing import Any, ClassVar, FrozenSet, Generic, List, Mapping, Optional, Sequence, Set, TypeVar, Union

#: The options of a game, as the header's `options` (`{"size": 9}`, `{"variant": "mini"}`).
Options = Mapping[str, Union[int, str]]

#: The capability names of `Adapter.capabilities`.
PERFT = "perft"
TRACE = "trace"
RECORDS = "records"
GTP = "gtp"
REASON_CLASSES = "reason-classes"
CAPABILITIES: FrozenSet[str] = frozenset({PERFT, TRACE, RECORDS, GTP, REASON_CLASSES})


class IllegalMove(Exception):
    """The engine refused a move. `reason` is the FORMAT's reason class (`"occupied"`,
    `"superko"`, …) when the adapter can tell it, else None; `message` is the engine's own
    words, for the report."""

    def __init__(self, reason: Optional[str] = None, message: str = "") -> None:
        super().__init__(message or (reason or "refused"))
        self.reason = reason
        self.message = message


class MoveRefused(Exception):
    """`trace` (or a walk) stopped: move `number` (counted from 1) was refused."""

    def __init__(self, number: int, message: str = "") -> None:
        super().__init__(f"move {number} refused: {message}" if message else f"move {number} refused")
        self.number = number
        self.message = message


#: The process groups of the programs an adapter is running now (by their leader's pid):
#: the worker kills them when it is told to stop (`kill_running_groups`), since a program
#: runs in a group of its own, which killing the worker's group does not reach.
RUNNING_GROUPS: Set[int] = set()


def kill_running_groups() -> None:
    """Kills every process group in `RUNNING_GROUPS` (POSIX; nothing elsewhere)."""
    import os
    import signal

    for pgid in list(RUNNING_GROUPS):
        try:
            os.killpg(pgid, signal.SIGKILL)
        except (OSError, AttributeError):
            pass


class EngineError(Exception):
    """The engine misbehaved (bad exit status, output against its contract, …)."""


class EngineTimeout(EngineError):
    """A call to the engine took longer than the adapter's timeout."""


class Unsupported(Exception):
    """The adapter cannot ask this question of its engine; the message says why."""


@dataclass(frozen=True)
class Score:
    """go9's count as the engine gives it; a field it does not expose is None."""

    black: Optional[int] = None
    white: Optional[int] = None
    komi: Optional[float] = None
    margin: Optional[str] = None  # "B+N", "W+N" or "0"


@dataclass(frozen=True)
class Outcome:
    """`winner`: a player's name, `"draw"`, `"none"` or `"ongoing"`; `text`: rulebook's
    OUTCOME text when the engine has one (else None); `score`: go9's count when known."""

    winner: str
    text: Optional[str] = None
    score: Optional[Score] = None


def as_outcome(value: object) -> Outcome:
    """An adapter's outcome as an `Outcome` (it may be one, or a dict of the same fields)."""
    if isinstance(value, Outcome):
        return value
    if not isinstance(value, Mapping) or not isinstance(value.get("winner"), str):
        raise EngineError(f"an outcome must be an Outcome or a dict with a `winner`, not {value!r}")
    text = value.get("text")
    raw_score = value.get("score")
    score: Optional[Score] = None
    if isinstance(raw_score, Score):
        score = raw_score
    elif isinstance(raw_score, Mapping):
        komi = raw_score.get("komi")
        score = Score(
            black=raw_score.get("black"),
            white=raw_score.get("white"),
            komi=float(komi) if komi is not None else None,
            margin=raw_score.get("margin"),
        )
    return Outcome(winner=str(value["winner"]), text=str(text) if text is not None else None, score=score)


@dataclass(frozen=True)
class RecordAccepted:
    """A record that replays: `plies` moves were played (None: the engine does not say)."""

    outcome: Union[Outcome, Mapping[str, Any]]
    plies: Optional[int] = None


@dataclass(frozen=True)
class RecordRefused:
    """A refused record. `not_a_record`: True (no record of any game), False (a record,
    refused), None (the engine does not say which). `move`: the move number (from 1) the
    refusal names, if it names one."""

    not_a_record: Optional[bool] = None
    move: Optional[int] = None
    message: str = ""


RecordAnswer = Union[RecordAccepted, RecordRefused]


@dataclass(frozen=True)
class AdapterConfig:
    """What the command line gives an adapter: `program` (the command of `--program`, or
    None) and `timeout` (seconds; an adapter that runs processes uses it for each)."""

    program: Optional[str] = None
    timeout: float = 20.0


S = TypeVar("S")


class Adapter(abc.ABC, Generic[S]):
    """An engine seen by the runner. `S` is the adapter's own state type."""

    #: A short name for the report (`"cli"`, `"boardrules"`, …).
    name: ClassVar[str] = "adapter"
    #: The optional capabilities it has (module constants above).
    capabilities: ClassVar[FrozenSet[str]] = frozenset()

    def __init__(self, config: AdapterConfig) -> None:
        self.config = config

    # ------------------------------------------------------------------ what it plays

    @abc.abstractmethod
    def games(self) -> Mapping[str, Optional[Sequence[Options]]]:
        """The games it plays, each with the list of option sets it supports, or None for
        any options the game has."""

    def supports(self, game: str, options: Options) -> Optional[str]:
        """None if the adapter plays `game` with `options`, else why not (a skip reason)."""
        games = self.games()
        if game not in games:
            return f"the {self.name} adapter does not play {game}"
        allowed = games[game]
        if allowed is not None and dict(options) not in [dict(item) for item in allowed]:
            return f"the {self.name} adapter does not play {game} with options {dict(options)}"
        return None

    # ------------------------------------------------------------------ positions

    @abc.abstractmethod
    def new_game(self, game: str, options: Options) -> S:
        """The start position of `game` under `options`."""

    @abc.abstractmethod
    def legal_moves(self, state: S) -> List[str]:
        """Every legal move, in canonical notation (any order); [] when the game is over."""

    @abc.abstractmethod
    def play(self, state: S, move: str) -> S:
        """Plays `move`; returns the new state (it may be `state` itself, changed). Raises
        `IllegalMove` if the engine refuses it, leaving `state` usable as it was."""

    @abc.abstractmethod
    def to_move(self, state: S) -> Optional[str]:
        """The player to move (`"black"`, `"white"`, `"south"`, `"north"`), None when over."""

    @abc.abstractmethod
    def outcome(self, state: S) -> Union[Outcome, Mapping[str, Any]]:
        """The result (`winner` `"ongoing"` while the game goes on): an `Outcome`, or a
        dict `{"winner": …, "text": …, "score": {"black", "white", "komi", "margin"}}`
        with `text` and `score` (and any of the score's keys) optional."""

    @abc.abstractmethod
    def clone(self, state: S) -> S:
        """An independent copy (playing on it leaves `state` as it is)."""

    def refusals(self, state: S, moves: Sequence[str]) -> List[Union[None, IllegalMove, Unsupported]]:
        """Tries each move on its own copy of `state`: None where it is accepted, else the
        `IllegalMove` (or `Unsupported`) it raised. An adapter may override this to ask
        its engine about several moves at once (the cli adapter runs its processes side by
        side)."""
        answers: List[Union[None, IllegalMove, Unsupported]] = []
        for move in moves:
            try:
                self.play(self.clone(state), move)
            except (IllegalMove, Unsupported) as refusal:
                answers.append(refusal)
            else:
                answers.append(None)
        return answers

    # ------------------------------------------------------------------ optional

    def perft(self, state: S, depth: int) -> List[int]:
        """Capability `"perft"`: the counts perft(state, d) for d = 1 … depth."""
        raise Unsupported(f"the {self.name} adapter has no perft of its own")

    def trace(self, game: str, options: Options, moves: Sequence[str]) -> List[List[str]]:
        """Capability `"trace"`: the legal moves at each ply 0 … len(moves) along `moves`
        from the start, in one go. Raises `MoveRefused` naming the first refused move."""
        raise Unsupported(f"the {self.name} adapter has no trace")

    def replay_record(self, text: str, fmt: str) -> RecordAnswer:
        """Capability `"records"`: reads a whole record text (`fmt` is `"json"` or `"sgf"`,
        a hint only: the record's own marker decides)."""
        raise Unsupported(f"the {self.name} adapter reads no records")

    def gtp_session(self, commands: Sequence[str]) -> List[str]:
        """Capability `"gtp"`: sends the commands to a fresh GTP engine (9×9, komi 7) and
        returns each response without its closing empty line (`"= 1"`, `"? …"`). A
        response that never came (the engine stopped) is missing from the list."""
        raise Unsupported(f"the {self.name} adapter speaks no GTP")

    def close(self) -> None:
        """Releases what the adapter holds (processes, files). Called once at the end."""


# ---------------------------------------------------------------------- shared helpers

_MARGIN_IN_TEXT = re.compile(
    r"\((?P<margin>[BW]\+\d+|0): Black (?P<black>\d+) \u2013 White (?P<white>\d+), komi (?P<komi>-?\d+(?:\.\d+)?)"
)


def outcome_from_text(text: str) -> Outcome:
    """An `Outcome` from rulebook's OUTCOME text (`white by 9 points (W+9: Black 3 – White
    12, komi 7; two passes)`, `black placed every piece`, `ongoing`): the winner is the
    first word, and a go9 count in the text gives the score (White's points without the
    komi, as the vectors count them)."""
    text = text.strip()
    winner = text.split(" ", 1)[0] if text else ""
    score: Optional[Score] = None
    match = _MARGIN_IN_TEXT.search(text)
    if match:
        # The text's White total includes the komi (`W+7: Black 0 – White 7, komi 7` on
        # the empty board); the vectors' `score.white` is White's points without it.
        komi = float(match["komi"])
        white = float(match["white"]) - komi
        score = Score(
            black=int(match["black"]),
            white=int(white) if white == int(white) else None,
            komi=komi,
            margin=match["margin"],
        )
    return Outcome(winner=winner, text=text, score=score)


def margin_of(black_minus_white: float) -> str:
    """A margin as FORMAT writes it (`B+2`, `W+7`, `0`) from black's points minus white's
    (komi included); a fractional margin keeps its fraction (`W+6.5`)."""
    value = abs(black_minus_white)
    number = str(int(value)) if value == int(value) else repr(value)
    if black_minus_white > 0:
        return f"B+{number}"
    if black_minus_white < 0:
        return f"W+{number}"
    return "0"


GO9_COLUMNS = "ABCDEFGHJ"


def go9_point(column: int, row: int) -> str:
    """The name of the point in column 0…8 (from the left) and row 0…8 (from the bottom)."""
    return f"{GO9_COLUMNS[column]}{row + 1}"


def parse_go9_move(move: str) -> Optional[tuple[int, int]]:
    """(column, row), both from 0 with row 0 at the bottom, for a point of the 9×9 board
    in the notation (any case); None for `pass`. Raises `IllegalMove(None)` for a text
    that is no point of the board (the engine is never asked)."""
    text = move.strip()
    if text != move or not text:
        raise IllegalMove(None, f"`{move}` is not a move of the notation")
    if text.lower() == "pass":
        return None
    match = re.fullmatch(r"([A-Za-z])([1-9])", text)
    if not match or match[1].upper() not in GO9_COLUMNS:
        raise IllegalMove(None, f"`{move}` is not a point of the 9x9 board")
    return GO9_COLUMNS.index(match[1].upper()), int(match[2]) - 1
