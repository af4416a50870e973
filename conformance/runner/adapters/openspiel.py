"""OpenSpiel's Go, `pyspiel.load_game("go", {"board_size": 9, "komi": 7.0})`: go9 only.

Actions: `a` < 81 is the point in row `a // 9` *from the bottom* and column `a % 9` (its
`action_to_string` writes `B a1` for 0, `B j1` for 8, `B a9` for 72, columns without `i`);
81 is the pass (`PASS`). The adapter checks that convention against `action_to_string`
when it starts. The game's parameters are `board_size`, `komi`, `handicap` and
`max_game_length` (default 2·81 = 162 moves; set `CONFORMANCE_OPENSPIEL_MAX_GAME_LENGTH`
to change it); it has no superko parameter: its legal moves follow simple ko, and a
move that repeats an earlier board ends the game as a draw.

Outcome: the winner from `returns()` (Tromp-Taylor area count, no dead-stone removal); a
draw when both are 0. No score (the count is not exposed), no result text, no records, no
GTP, no reason classes, no perft of its own.
"""

from __future__ import annotations

import importlib
import os
from typing import Any, Dict, List, Mapping, Optional, Sequence

from .base import (
    Adapter,
    AdapterConfig,
    EngineError,
    IllegalMove,
    Options,
    Outcome,
    go9_point,
    parse_go9_move,
)

SIZE = 9
KOMI = 7.0
PASS = SIZE * SIZE
MAX_LENGTH_VARIABLE = "CONFORMANCE_OPENSPIEL_MAX_GAME_LENGTH"


def action_of(move: str) -> int:
    point = parse_go9_move(move)
    if point is None:
        return PASS
    column, row = point
    return row * SIZE + column


def move_of(action: int) -> str:
    if action == PASS:
        return "pass"
    row, column = divmod(action, SIZE)
    return go9_point(column, row)


class OpenSpielAdapter(Adapter[Any]):
    """The state is a `pyspiel.State`."""

    name = "openspiel"
    capabilities = frozenset()

    def __init__(self, config: AdapterConfig) -> None:
        super().__init__(config)
        self.pyspiel: Any = importlib.import_module("pyspiel")
        parameters: Dict[str, Any] = {"board_size": SIZE, "komi": KOMI}
        if os.environ.get(MAX_LENGTH_VARIABLE):
            parameters["max_game_length"] = int(os.environ[MAX_LENGTH_VARIABLE])
        self.game: Any = self.pyspiel.load_game("go", parameters)
        start = self.game.new_initial_state()
        for action in range(PASS + 1):
            said = str(start.action_to_string(0, action))
            wanted = "B PASS" if action == PASS else f"B {move_of(action).lower()}"
            if said != wanted:
                raise EngineError(f"OpenSpiel's action {action} is `{said}`, the adapter assumes `{wanted}`")

    def games(self) -> Mapping[str, Optional[Sequence[Options]]]:
        return {"go9": [{}]}

    def new_game(self, game: str, options: Options) -> Any:
        return self.game.new_initial_state()

    def legal_moves(self, state: Any) -> List[str]:
        if state.is_terminal():
            return []
        return [move_of(action) for action in state.legal_actions()]

    def play(self, state: Any, move: str) -> Any:
        action = action_of(move)
        if state.is_terminal():
            raise IllegalMove(None, "the game is over (terminal state)")
        if action not in state.legal_actions():
            raise IllegalMove(None, f"action {action} is not among the legal actions")
        state.apply_action(action)
        return state

    def to_move(self, state: Any) -> Optional[str]:
        if state.is_terminal():
            return None
        return "black" if state.current_player() == 0 else "white"

    def outcome(self, state: Any) -> Outcome:
        if not state.is_terminal():
            return Outcome(winner="ongoing")
        black, white = state.returns()
        winner = "black" if black > white else "white" if white > black else "draw"
        return Outcome(winner=winner)

    def clone(self, state: Any) -> Any:
        return state.clone()
