"""PettingZoo's `pettingzoo.classic.go_v5` (MiniGo's rules), 9×9 with komi 7: go9 only.

Actions (pettingzoo/classic/go/coords.py): action `a` < 81 is the point in row `a // 9`
*from the top* and column `a % 9` from the left, so `A9` is 0, `J9` is 8 and `A1` is 72;
81 is the pass. The adapter drives `raw_env` (the wrappers of `env()` only turn an illegal
action into a lost game); a move is legal when its action is in the agent's
`action_mask`. The env has no reasons, no records, no GTP and no perft of its own.

Outcome: the winner from the rewards at the end (+1 for the winner's agent). The env has
no draw: MiniGo's `result()` is 0 for a tied count, and go_v5 turns anything but a black
win into a white win. Score: only the margin (`Position.score()`, Black minus White minus
komi, the env's internal `_go`, area counting with no dead-stone removal) and the komi;
each colour's points are not exposed.
"""

from __future__ import annotations

import copy
import importlib
from typing import Any, List, Mapping, Optional, Sequence

from .base import (
    Adapter,
    AdapterConfig,
    IllegalMove,
    Options,
    Outcome,
    Score,
    margin_of,
    parse_go9_move,
    go9_point,
)

SIZE = 9
KOMI = 7.0
PASS = SIZE * SIZE


def action_of(move: str) -> int:
    """go_v5's action for a move of the notation (raises `IllegalMove` for a bad text)."""
    point = parse_go9_move(move)
    if point is None:
        return PASS
    column, row = point
    return (SIZE - 1 - row) * SIZE + column


def move_of(action: int) -> str:
    """The notation of go_v5's action."""
    if action == PASS:
        return "pass"
    top_row, column = divmod(action, SIZE)
    return go9_point(column, SIZE - 1 - top_row)


class GoV5Adapter(Adapter[Any]):
    """The state is a `raw_env` (copied attribute by attribute)."""

    name = "go_v5"
    capabilities = frozenset()

    def __init__(self, config: AdapterConfig) -> None:
        super().__init__(config)
        self.module: Any = importlib.import_module("pettingzoo.classic.go_v5")

    def games(self) -> Mapping[str, Optional[Sequence[Options]]]:
        return {"go9": [{}]}

    def new_game(self, game: str, options: Options) -> Any:
        env = self.module.raw_env(board_size=SIZE, komi=KOMI)
        env.reset(seed=0)
        return env

    @staticmethod
    def _over(env: Any) -> bool:
        return bool(env.terminations[env.agent_selection] or env.truncations[env.agent_selection])

    def _mask(self, env: Any) -> Any:
        return env.observe(env.agent_selection)["action_mask"]

    def legal_moves(self, state: Any) -> List[str]:
        # After the end the env's mask still offers the pass (its `next_legal_moves`), but
        # an agent may then only step None: nothing is legal.
        if self._over(state):
            return []
        mask = self._mask(state)
        return [move_of(action) for action in range(PASS + 1) if mask[action]]

    def play(self, state: Any, move: str) -> Any:
        action = action_of(move)
        if self._over(state):
            raise IllegalMove(None, "the env's game is over")
        if not self._mask(state)[action]:
            raise IllegalMove(None, f"action {action} is not in the action mask")
        state.step(action)
        return state

    def to_move(self, state: Any) -> Optional[str]:
        if self._over(state):
            return None
        return "black" if state.agent_selection == "black_0" else "white"

    def outcome(self, state: Any) -> Outcome:
        if not self._over(state):
            return Outcome(winner="ongoing")
        rewards = state.rewards
        black, white = rewards["black_0"], rewards["white_0"]
        winner = "black" if black > white else "white" if white > black else "draw"
        margin = float(state._go.score())
        return Outcome(winner=winner, score=Score(komi=float(state._go.komi), margin=margin_of(margin)))

    def clone(self, state: Any) -> Any:
        # `copy.deepcopy(env)` goes through EzPickle, which builds a new env from the
        # constructor's arguments and loses the game: copy the attributes instead.
        twin = object.__new__(type(state))
        twin.__dict__.update(copy.deepcopy(state.__dict__))
        return twin
