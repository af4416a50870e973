"""PettingZoo AEC environments for the four games.

>>> from boardrules.pettingzoo import env
>>> game = env("kazura", size=5)
>>> game.reset(seed=1)
>>> observation, reward, termination, truncation, info = game.last()
>>> observation["observation"].shape, int(observation["action_mask"].sum())
((4, 5, 5), 25)

`env(game, **options)` is the environment wrapped as PettingZoo's classic games are
(an illegal action ends the game with -1 for the player who tried it; out-of-range
actions are asserted; the AEC order is enforced); `raw_env` is the environment alone, on
which an illegal action raises `boardrules.IllegalMoveError` and changes nothing.

Agents are seats: `player_0` makes the first move and `player_1` the second. In every
game but Kazura a seat keeps its colour (`player_0` is Black, or Bao's South); in Kazura
the swap (K-8) gives the opener's stone, and Black, to `player_1`, and `player_0` moves
next as White, so the agents still alternate and the swap is a real choice. The agent to
act is the seat of the game's player to move. Each observation is a dict: `observation`,
the catalog's float32 planes (docs/actions.md) seen from the observing agent's colour, and
`action_mask`, an int8 array of `num_actions` values that is all 0 for the agent not to
move. Rewards come at the end: 1 to the winner's seat, -1 to the loser's, 0 to both after
a draw. `max_plies` truncates a game at that many moves.
"""

from __future__ import annotations

import operator
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from boardrules._boardrules import ArgumentError, Game

__all__ = ["env", "raw_env"]


def _is_whole(value: Any, low: int) -> bool:
    """Whether `value` is a whole number (an int or numpy integer, not a bool) ≥ `low`."""
    if isinstance(value, (bool, np.bool_)):
        return False
    try:
        return operator.index(value) >= low
    except TypeError:
        return False


class _WholeActions(wrappers.BaseWrapper):
    """Refuses an action that is no whole number (`True`, `2.5`, `"3"`, an array) with
    `ArgumentError` before PettingZoo's wrappers see it: their mask lookup takes `False`
    for a boolean index and fails with numpy's "truth value of an empty array"."""

    def step(self, action: Any) -> None:
        if action is not None and not _is_whole(action, low=-(2**63)):
            raise ArgumentError(f"an action is a whole number, not {action!r}")
        super().step(action)


def env(game: str = "go9", **kwargs: Any) -> AECEnv:
    """The environment of `game` (a name or spec, with options as keywords:
    `env("kazura", size=9)`), wrapped as PettingZoo's classic games are."""
    wrapped: AECEnv = raw_env(game, **kwargs)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    wrapped = _WholeActions(wrapped)
    wrapped = wrappers.OrderEnforcingWrapper(wrapped)
    return wrapped


class raw_env(AECEnv):  # noqa: N801 (PettingZoo's own name for the unwrapped class)
    """One game as a PettingZoo AEC environment (see the module's documentation)."""

    metadata: dict[str, Any] = {
        "render_modes": ["ansi", "human"],
        "name": "boardrules_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        game: str = "go9",
        render_mode: str | None = None,
        max_plies: int | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        if render_mode is not None and (
            not isinstance(render_mode, str) or render_mode not in self.metadata["render_modes"]
        ):
            raise ArgumentError(
                f"render_mode {render_mode!r} is not one of {self.metadata['render_modes']}"
            )
        if max_plies is not None and not _is_whole(max_plies, low=1):
            raise ArgumentError(
                f"max_plies must be a whole number of at least 1, not {max_plies!r}"
            )
        self._start = Game(game, **options)
        self.game = self._start.copy()
        self.render_mode = render_mode
        self.max_plies = max_plies
        self.metadata = dict(self.metadata, name=f"boardrules_{self._start.name}_v0")
        self.possible_agents = ["player_0", "player_1"]
        self.agents = self.possible_agents[:]
        actions = self._start.num_actions
        shape = self._start.observation_shape
        self.action_spaces = {agent: spaces.Discrete(actions) for agent in self.possible_agents}
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(low=0.0, high=1.0, shape=shape, dtype=np.float32),
                    "action_mask": spaces.Box(low=0, high=1, shape=(actions,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self._clear_step_state()

    def _clear_step_state(self) -> None:
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self._agent_to_move()

    def _agent_to_move(self) -> str:
        return self.possible_agents[self.game.seat_of(self.game.to_move)]

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        player = self.game.player_in_seat(self.possible_agents.index(agent))
        observation = self.game.observation(player=player)
        if agent == self.agent_selection and not self.game.is_over:
            mask = self.game.action_mask().astype(np.int8)
        else:
            mask = np.zeros(self.game.num_actions, dtype=np.int8)
        return {"observation": observation, "action_mask": mask}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Starts the game again. The rules draw nothing at random; `seed` seeds the
        action spaces (`action_space(agent).sample()`), agent by agent."""
        if seed is not None and not _is_whole(seed, low=0):
            raise ArgumentError(f"seed must be None or a whole number ≥ 0, not {seed!r}")
        self.game = self._start.copy()
        self._clear_step_state()
        if seed is not None:
            for offset, agent in enumerate(self.possible_agents):
                self.action_spaces[agent].seed(operator.index(seed) + offset)

    def step(self, action: int) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        # Not int(action): that took True for 1, 2.7 for 2 and "3" for 3. The Game takes
        # ints and numpy integers and refuses the rest with ArgumentError.
        self.game.play_action(action)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if self.game.is_over:
            by_colour = self.game.returns()
            self.rewards = {
                agent: by_colour[self.game.player_in_seat(seat)]
                for seat, agent in enumerate(self.possible_agents)
            }
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.max_plies is not None and self.game.ply >= self.max_plies:
            self.truncations = dict.fromkeys(self.agents, True)
        self.agent_selection = self._agent_to_move()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The board diagram: returned for `ansi`, printed for `human`."""
        if self.render_mode is None:
            return None
        text = f"{self.game.diagram()}{self.game.status}\n"
        if self.render_mode == "human":
            print(text, end="")
            return None
        return text

    def close(self) -> None:
        pass
