"""The workspace's own Python package `boardrules` (docs/python.md).

Every capability but perft (the package has none: the runner counts with
`legal_moves`/`clone`/`play`) and GTP. Reason classes come from the engine's error texts:
each game's refusals (`PlayError` in its crate) have fixed wordings, mapped below; a text
that matches none is reported as a refusal without a class (counted as not checked).
"""

from __future__ import annotations

import importlib
import re
from typing import Any, List, Mapping, Optional, Sequence, Tuple

from .base import (
    REASON_CLASSES,
    RECORDS,
    Adapter,
    AdapterConfig,
    IllegalMove,
    Options,
    Outcome,
    RecordAccepted,
    RecordAnswer,
    RecordRefused,
    outcome_from_text,
)

#: (pattern, class) by game, tried in order on the refusal's text; the first match wins.
#: The patterns are the `#[error]` wordings of each crate's `PlayError` (and its notation
#: errors), as `boardrules` passes them on.
_REASON_PATTERNS: Mapping[str, Sequence[Tuple[str, str]]] = {
    "go9": (
        (r"is occupied: play on an empty point", "occupied"),
        (r"is suicide", "suicide"),
        (r"is forbidden by superko", "superko"),
    ),
    "kazura": (
        (r"is occupied by a", "occupied"),
        (r"would close a loop", "loop"),
        (r"swap is only possible", "swap-not-available"),
        (r"may not pass", "pass-not-allowed"),
        (r"is off the \d+x\d+ board", "malformed"),
    ),
    "bind": (
        (r"is not a line|is not a straight line", "not-a-line"),
        (r"must pass \(rule 7, N-11\)", "must-pass"),
        (r"pass is only allowed with exactly one piece", "pass-not-allowed"),
        (r"first move places 3 pieces on a line", "opening-is-a-line"),
        (r"first move places exactly 3 pieces", "first-move-needs-three"),
        (r"is written from its lower-left end", "opening-not-from-lower-left"),
        (r"pieces but \w+ holds only", "not-enough-pieces"),
        (r"holds no \w+ piece to take", "nothing-to-take"),
        (r"neighbour \(rule 5, N-5\)", "take-isolates"),
        (r"the line runs into the occupied square", "line-blocked"),
        (r"a take-and-place move exists", "take-and-place-available"),
        (r"is not next to a \w+ piece", "not-next-to-own-piece"),
        (r"is occupied", "occupied"),
        (r"is off the \d+x\d+ board", "malformed"),
    ),
    "bao": (
        (r"pass is legal only in NAMUA", "pass-not-allowed"),
        (r"so `pass` is the only move", "must-pass"),
        (r"NAMUA moves start in the front row", "back-row-in-namua"),
        (r"its start pit is empty", "empty-pit"),
        (r"capturing is compulsory", "must-capture"),
        (r"captures from F1/F2 enter at F1", "wrong-entry"),
        (r"would empty the mover's front row", "self-emptying"),
        (r"is not a takata start pit", "not-a-candidate"),
        (r"reaches the owned NYUMBA with a choice", "choice-required"),
        (r"the NYUMBA choice does not arise", "no-choice"),
    ),
}

_GAME_OVER = re.compile(r"is not legal now: the game is over")
_MOVE_NUMBER = re.compile(r"move (\d+)")
_NOT_A_RECORD = "not a record of kazura, bao, go9 or bind"


def reason_class(game: str, error: BaseException, notation_error: bool) -> Optional[str]:
    """The FORMAT reason class of a refusal by `boardrules`, or None if the text is not
    one the table knows."""
    text = str(error)
    if notation_error:
        # Bind's notation error for a line whose ends are too far apart has its own class.
        if game == "bind" and re.search(r"is not a line", text):
            return "not-a-line"
        return "malformed"
    if _GAME_OVER.search(text):
        return "game-over"
    for pattern, reason in _REASON_PATTERNS.get(game, ()):
        if re.search(pattern, text):
            return reason
    return None


class BoardrulesAdapter(Adapter[Any]):
    """`boardrules.Game` behind the adapter interface. The state is a `Game` (changed in
    place by `play`)."""

    name = "boardrules"
    capabilities = frozenset({RECORDS, REASON_CLASSES})

    def __init__(self, config: AdapterConfig) -> None:
        super().__init__(config)
        self.module: Any = importlib.import_module("boardrules")

    def games(self) -> Mapping[str, Optional[Sequence[Options]]]:
        return {"kazura": None, "bao": None, "go9": None, "bind": None}

    def new_game(self, game: str, options: Options) -> Any:
        return self.module.Game(game, **dict(options))

    def legal_moves(self, state: Any) -> List[str]:
        return list(state.legal_moves())

    def play(self, state: Any, move: str) -> Any:
        try:
            state.play(move)
        except self.module.NotationError as error:
            # A finished game refuses every text as `game-over`, even one that is no move
            # (the vectors' order: the end is checked before the move is read), while the
            # package reads the text first.
            reason = "game-over" if state.is_over else reason_class(state.name, error, True)
            raise IllegalMove(reason, str(error)) from None
        except self.module.IllegalMoveError as error:
            raise IllegalMove(reason_class(state.name, error, False), str(error)) from None
        return state

    def to_move(self, state: Any) -> Optional[str]:
        if state.is_over:
            return None
        return str(state.player_names[state.to_move])

    def outcome(self, state: Any) -> Outcome:
        return outcome_from_text(str(state.result))

    def clone(self, state: Any) -> Any:
        return state.copy()

    def replay_record(self, text: str, fmt: str) -> RecordAnswer:
        try:
            game = self.module.Game.from_record(text)
        except self.module.RecordError as error:
            message = str(error)
            if _NOT_A_RECORD in message:
                return RecordRefused(not_a_record=True, message=message)
            match = _MOVE_NUMBER.search(message)
            return RecordRefused(not_a_record=False, move=int(match[1]) if match else None, message=message)
        return RecordAccepted(outcome=outcome_from_text(str(game.result)), plies=len(game.moves()))
