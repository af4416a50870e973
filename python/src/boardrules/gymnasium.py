"""Gymnasium environments: one game, played by the agent against a built-in opponent.

>>> import gymnasium
>>> import boardrules.gymnasium  # registers the ids below
>>> env = gymnasium.make("boardrules/Kazura-v0", size=5, opponent="random")
>>> observation, info = env.reset(seed=7)
>>> sorted(observation)
['action_mask', 'observation']
>>> action = int(info["action_mask"].nonzero()[0][0])
>>> observation, reward, terminated, truncated, info = env.step(action)

`BoardGameEnv` plays one side of a game of `boardrules.Game`; every rule, observation plane
and action id is the `Game`'s (docs/actions.md). The decisions, in short (docs/python.md,
"Gymnasium", has them in full):

- **Observation**: a `Dict` of `observation`, `Box(0, 1, (planes, rows, cols), float32)`,
  the planes of `Game.observation(player=…)` seen from the agent's side (also after the
  end of the game), and `action_mask`, `Box(0, 1, (num_actions,), int8)`, 1 for a legal
  action. The mask is also `info["action_mask"]` (a copy); after the end it is all 0.
- **Actions**: `Discrete(num_actions)`, the `Game`'s action ids.
- **Opponent**: `"easy"`, `"normal"` or `"hard"`, the computer's move at that level
  (`Game.computer_move(level, playouts=opponent_playouts, seed=…, threads=1)`), or
  `"random"`, a uniformly drawn legal move. Both draw from `self.np_random`, which
  `reset(seed=…)` seeds, so one seed and the same agent actions give the same episode
  (but in go9 and Kazura `"hard"` without `opponent_playouts` also stops on a clock).
- **Reward**: 0 until the end, then 1, -1 or 0 (a draw) from the agent's point of view,
  whichever side's move ended the game.
- **Illegal action**: an action in the action space that is not legal now ends the
  episode (`terminated=True`) with reward -1 and `info["illegal_action"] = True`; the
  game is left as it was. With `illegal_action="raise"` the `Game`'s error is raised
  instead and the episode goes on. An action outside the action space raises `ValueError`.
- **Sides**: `agent_player` is the agent's seat, as in the PettingZoo and OpenSpiel games:
  0 plays first; 1 lets the opponent move first in `reset`. A seat keeps its colour except
  in Kazura, where the swap (seat 1's choice) gives seat 1 Black and seat 0 moves next as
  White, so the two sides alternate throughout.
- **Truncation**: with `max_plies=N`, the episode is truncated when the agent is to move
  in a game still going that has had N or more plies (both sides' moves).
- **Rendering**: `render_mode="ansi"` makes `render()` return `Game.diagram()`.

This module is the only one of the package that imports `gymnasium`.
"""

from __future__ import annotations

import operator
from typing import Any, Optional

import gymnasium
import numpy as np
from gymnasium import spaces

from boardrules._boardrules import (
    ActionError,
    ArgumentError,
    Game,
    IllegalMoveError,
    descriptors,
)

__all__ = ["BoardGameEnv", "ENV_IDS", "OPPONENTS"]

#: The opponent's choices: the computer's levels and uniform random play.
OPPONENTS = ("random", "easy", "normal", "hard")

#: The registered ids and the game each plays (options as keywords to `gymnasium.make`):
#: one per game the catalog describes, `boardrules/Kazura-v0` for `kazura`.
ENV_IDS = {f"boardrules/{d['name'].capitalize()}-v0": d["name"] for d in descriptors()}

# Seeds handed to `Game.computer_move` are drawn below this bound (it takes a u64).
_SEED_BOUND = 2**63


class BoardGameEnv(gymnasium.Env):
    """One side of a game of Kazura, Bao, go9 or Bind against a built-in opponent.

    Args:
        game: the game's name or spec, as `Game` takes it (`"go9"`, `"kazura:size=9"`).
        opponent: `"random"`, `"easy"`, `"normal"` or `"hard"`.
        agent_player: the agent's side, 0 (moves first) or 1.
        max_plies: truncate the episode once the game has had this many plies (see the
            module's documentation), or None to play every game to its end.
        render_mode: None or `"ansi"`.
        opponent_playouts: a playout budget for the computer in place of its level's
            (`Game.computer_move(playouts=…)`); a small one makes a fast opponent.
        illegal_action: `"lose"` (end the episode with reward -1) or `"raise"`.
        **options: the game's options (`size`, `variant`, `ruleset`, `pieces`).
    """

    metadata = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(
        self,
        game: str = "go9",
        opponent: str = "easy",
        agent_player: int = 0,
        max_plies: Optional[int] = None,
        render_mode: Optional[str] = None,
        opponent_playouts: Optional[int] = None,
        illegal_action: str = "lose",
        **options: Any,
    ) -> None:
        self._start = Game(game, **options)
        if not isinstance(opponent, str) or opponent not in OPPONENTS:
            raise ArgumentError(
                f"unknown opponent {opponent!r}: choose one of {', '.join(OPPONENTS)}"
            )
        if opponent_playouts is not None:
            if opponent == "random":
                raise ArgumentError("opponent_playouts is for a computer opponent, not 'random'")
            if not _is_whole(opponent_playouts):
                raise ArgumentError(f"opponent_playouts must be a whole number, not {opponent_playouts!r}")
            if opponent_playouts < 1:
                raise ArgumentError("opponent_playouts must be at least 1")
        if not _is_whole(agent_player) or operator.index(agent_player) not in (0, 1):
            raise ArgumentError(f"agent_player must be 0 or 1, not {agent_player!r}")
        if max_plies is not None and (
            not _is_whole(max_plies, low=1)
        ):
            raise ArgumentError(f"max_plies must be None or a whole number ≥ 1, not {max_plies!r}")
        if render_mode is not None and (
            not isinstance(render_mode, str) or render_mode not in self.metadata["render_modes"]
        ):
            raise ArgumentError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        if not isinstance(illegal_action, str) or illegal_action not in ("lose", "raise"):
            raise ArgumentError(f"illegal_action must be 'lose' or 'raise', not {illegal_action!r}")

        self.opponent = opponent
        self.opponent_playouts = opponent_playouts
        self.agent_player = agent_player
        self.max_plies = max_plies
        self.render_mode = render_mode
        self.illegal_action = illegal_action

        self.num_actions = self._start.num_actions
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(
                    0.0, 1.0, shape=self._start.observation_shape, dtype=np.float32
                ),
                "action_mask": spaces.Box(0, 1, shape=(self.num_actions,), dtype=np.int8),
            }
        )
        self.action_space = spaces.Discrete(self.num_actions)

        self._game: Optional[Game] = None
        self._done = False

    # -- the game ----------------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The game being played (a copy: changing it does not change the episode)."""
        return self._playing().copy()

    @property
    def spec_text(self) -> str:
        """The game's canonical spec (`kazura:size=9`)."""
        return self._start.spec

    def action_masks(self) -> np.ndarray:
        """The legal actions now as a boolean array (the name sb3-contrib's MaskablePPO
        asks for)."""
        return self._playing().action_mask()

    # -- the Gymnasium API -------------------------------------------------------------

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        if seed is not None and not _is_whole(seed, low=0):
            raise ArgumentError(f"seed must be None or a whole number ≥ 0, not {seed!r}")
        super().reset(seed=None if seed is None else operator.index(seed))
        game = self._game = self._start.copy()
        self._done = False
        opponent_moves = self._opponent_turn()
        if game.is_over:
            self._done = True
        return self._observation(), self._info(opponent_moves, illegal=False)

    def step(self, action: Any) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        game = self._playing()
        if self._done:
            raise RuntimeError("the episode is over: call reset() before step()")
        action = self._action_id(action)
        try:
            game.play_action(action)
        except (ActionError, IllegalMoveError):
            if self.illegal_action == "raise":
                raise
            self._done = True
            return self._observation(), -1.0, True, False, self._info([], illegal=True)

        opponent_moves = self._opponent_turn()
        terminated = game.is_over
        truncated = (
            not terminated and self.max_plies is not None and game.ply >= self.max_plies
        )
        reward = game.returns()[game.player_in_seat(self.agent_player)] if terminated else 0.0
        self._done = terminated or truncated
        return (
            self._observation(),
            float(reward),
            terminated,
            truncated,
            self._info(opponent_moves, illegal=False),
        )

    def render(self) -> Optional[str]:
        if self.render_mode is None:
            gymnasium.logger.warn(
                "render() without a render_mode: make the environment with render_mode='ansi'"
            )
            return None
        if self._game is None:
            return self._start.diagram()
        return self._game.diagram()

    # -- helpers -----------------------------------------------------------------------

    def _playing(self) -> Game:
        if self._game is None:
            raise RuntimeError("call reset() first")
        return self._game

    def _action_id(self, action: Any) -> int:
        if not _is_whole(action):
            raise ArgumentError(f"an action is a whole number, not {action!r}")
        action = operator.index(action)
        if not 0 <= action < self.num_actions:
            raise ArgumentError(
                f"action {action} is not in the action space Discrete({self.num_actions})"
            )
        return int(action)

    def _opponent_turn(self) -> list[str]:
        """The opponent's moves until the agent is to move or the game is over."""
        game = self._playing()
        moves = []
        while not game.is_over and game.seat_of(game.to_move) != self.agent_player:
            if self.opponent == "random":
                legal = game.legal_actions()
                moves.append(game.play_action(legal[int(self.np_random.integers(len(legal)))]))
            else:
                seed = int(self.np_random.integers(_SEED_BOUND))
                move = game.computer_move(
                    self.opponent, playouts=self.opponent_playouts, seed=seed
                )
                assert move is not None, "a game in progress has a move"
                game.play(move)
                moves.append(move)
        return moves

    def _observation(self) -> dict[str, Any]:
        game = self._playing()
        return {
            "observation": game.observation(player=game.player_in_seat(self.agent_player)),
            "action_mask": game.action_mask().view(np.int8),
        }

    def _info(self, opponent_moves: list[str], illegal: bool) -> dict[str, Any]:
        game = self._playing()
        info: dict[str, Any] = {
            "action_mask": game.action_mask().view(np.int8),
            "illegal_action": illegal,
            "opponent_moves": opponent_moves,
            "ply": game.ply,
        }
        if game.is_over:
            info["result"] = game.result
            info["winner"] = game.winner
        return info


def _is_whole(value: Any, low: Optional[int] = None) -> bool:
    """Whether `value` is a whole number (an int or numpy integer, not a bool) ≥ `low`."""
    if isinstance(value, (bool, np.bool_)):
        return False
    try:
        number = operator.index(value)
    except TypeError:
        return False
    return low is None or number >= low


def _register() -> None:
    for env_id, game in ENV_IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(
                id=env_id,
                entry_point="boardrules.gymnasium:BoardGameEnv",
                kwargs={"game": game},
            )


_register()
