"""boardrules.gymnasium: the single-agent environments against a built-in opponent.

Every rule is the `Game`'s; these tests check the environment's own decisions (spaces,
seeding, rewards, illegal actions, sides, truncation, rendering) and that it passes
Gymnasium's checker on every game of `SPECS`. Opponents are fast (random, or the computer
with a playout budget of a few dozen) so the file runs in seconds.
"""

import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from boardrules import ActionError, Game, IllegalMoveError
from boardrules.gymnasium import ENV_IDS, BoardGameEnv

from conftest import SPECS

ID_OF_GAME = {game: env_id for env_id, game in ENV_IDS.items()}

def test_the_registered_ids_are_one_per_game():
    # The ids users write in `gymnasium.make` (docs/python.md), one per game, from the
    # catalog's descriptors.
    assert ENV_IDS == {
        "boardrules/Kazura-v0": "kazura",
        "boardrules/Bao-v0": "bao",
        "boardrules/Go9-v0": "go9",
        "boardrules/Bind-v0": "bind",
    }
    for env_id in ENV_IDS:
        assert env_id in gymnasium.registry


#: Fast opponents: uniform random, and the computer with a small playout budget.
FAST_OPPONENTS = (
    {"opponent": "random"},
    {"opponent": "easy", "opponent_playouts": 16},
)


def make(spec: str, **kwargs) -> gymnasium.Env:
    """`gymnasium.make` of the registered id of `spec`'s game, its options as keywords."""
    name, _, rest = spec.partition(":")
    options = {}
    for pair in filter(None, rest.split(",")):
        key, value = pair.split("=")
        options[key] = int(value) if value.isdigit() else value
    return gymnasium.make(ID_OF_GAME[name], **options, **kwargs)


def play_episode(env, seed: int, agent_seed: int):
    """One episode with legal agent actions drawn from `agent_seed`; everything seen."""
    agent = np.random.default_rng(agent_seed)
    observation, info = env.reset(seed=seed)
    seen = [(observation, info)]
    actions, rewards = [], []
    while True:
        legal = np.flatnonzero(info["action_mask"])
        action = int(agent.choice(legal))
        observation, reward, terminated, truncated, info = env.step(action)
        actions.append(action)
        rewards.append(reward)
        seen.append((observation, info))
        if terminated or truncated:
            return seen, actions, rewards, terminated, truncated


def same(a, b) -> bool:
    """Observations (dicts of arrays) or infos equal, arrays by value."""
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, np.ndarray):
        return a.dtype == b.dtype and np.array_equal(a, b)
    return a == b


@pytest.mark.parametrize("spec", SPECS)
@pytest.mark.parametrize("opponent", FAST_OPPONENTS, ids=["random", "easy16"])
def test_passes_gymnasiums_checker(spec, opponent):
    env = make(spec, **opponent)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env.unwrapped)
        # The wrapped environment: only the checker's advice to check the unwrapped one.
        warnings.filterwarnings("ignore", message=".*different from the unwrapped")
        check_env(env)
    env.close()


@pytest.mark.parametrize("spec", SPECS)
def test_spaces_are_the_games(spec):
    env = make(spec, opponent="random")
    game = Game(spec)
    space = env.observation_space
    assert isinstance(space, gymnasium.spaces.Dict)
    assert space["observation"].shape == game.observation_shape
    assert space["observation"].dtype == np.float32
    assert space["action_mask"].shape == (game.num_actions,)
    assert space["action_mask"].dtype == np.int8
    assert env.action_space == gymnasium.spaces.Discrete(game.num_actions)


@pytest.mark.parametrize("spec", SPECS)
@pytest.mark.parametrize("agent_player", [0, 1])
def test_an_episode_is_the_game_played_through_the_rules(spec, agent_player):
    env = make(spec, opponent="random", agent_player=agent_player)
    seen, actions, rewards, terminated, truncated = play_episode(env, seed=3, agent_seed=4)
    assert terminated and not truncated
    game = env.unwrapped.game
    assert game.is_over
    # The reward comes at the end only, from the agent's side.
    assert rewards[:-1] == [0.0] * (len(rewards) - 1)
    assert rewards[-1] == game.returns()[game.player_in_seat(agent_player)]
    assert seen[-1][1]["result"] == game.result
    assert seen[-1][1]["winner"] == game.winner

    # Replaying the agent's actions and the opponent's moves through a fresh Game gives
    # every observation and mask the environment returned.
    replay = Game(spec)
    for index, (observation, info) in enumerate(seen):
        if index > 0:
            replay.play_action(actions[index - 1])
        for move in info["opponent_moves"]:
            replay.play(move)
        assert info["ply"] == replay.ply
        assert not info["illegal_action"]
        colour = replay.player_in_seat(agent_player)
        if not replay.is_over:
            assert replay.to_move == colour
        assert np.array_equal(observation["observation"], replay.observation(player=colour))
        mask = replay.action_mask().astype(np.int8)
        assert np.array_equal(observation["action_mask"], mask)
        assert np.array_equal(info["action_mask"], mask)
        assert observation in env.observation_space
    assert replay.moves() == game.moves()


@pytest.mark.parametrize("spec", ["kazura:size=5", "bao", "go9", "bind"])
@pytest.mark.parametrize("opponent", FAST_OPPONENTS, ids=["random", "easy16"])
def test_the_same_seed_gives_the_same_episode(spec, opponent):
    env = make(spec, agent_player=1, **opponent)
    first = play_episode(env, seed=11, agent_seed=5)
    again = play_episode(env, seed=11, agent_seed=5)
    # A fresh environment too: nothing carries over from an earlier episode.
    fresh = play_episode(make(spec, agent_player=1, **opponent), seed=11, agent_seed=5)
    for other in (again, fresh):
        assert other[1:] == first[1:]  # actions, rewards, terminated, truncated
        assert len(other[0]) == len(first[0])
        for (obs_a, info_a), (obs_b, info_b) in zip(first[0], other[0]):
            assert same(obs_a, obs_b)
            assert same(info_a, info_b)
    # Other seeds give other opponents' games (the agent's actions drawn the same way).
    others = {
        tuple(m for _, info in play_episode(env, seed=s, agent_seed=5)[0] for m in info["opponent_moves"])
        for s in range(12, 16)
    }
    assert len(others) > 1


def test_an_illegal_action_loses_and_leaves_the_game_as_it_was():
    env = make("go9", opponent="random")
    observation, info = env.reset(seed=1)
    observation, reward, terminated, truncated, info = env.step(Game("go9").action_of("E5"))
    occupied = int(np.flatnonzero(observation["observation"][1].ravel())[0])  # a white stone
    before = env.unwrapped.game
    after_obs, reward, terminated, truncated, info = env.step(occupied)
    assert (reward, terminated, truncated) == (-1.0, True, False)
    assert info["illegal_action"] is True
    assert info["opponent_moves"] == []
    assert env.unwrapped.game == before
    assert same(after_obs, observation)
    with pytest.raises(RuntimeError, match="reset"):
        env.step(int(np.flatnonzero(info["action_mask"])[0]))
    # reset starts again
    observation, info = env.reset(seed=1)
    assert info["ply"] == 0 and not info["illegal_action"]


def test_an_action_naming_no_move_is_illegal_too():
    # Bind mini: the line from E1 going right names no move (docs/actions.md).
    env = make("bind", opponent="random")
    env.reset(seed=0)
    no_move = 25 + 4 * 8 + 0 * 2 + 0
    with pytest.raises(ActionError):
        Game("bind").play_action(no_move)
    _, reward, terminated, _, info = env.step(no_move)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)


def test_illegal_action_raise_keeps_the_episode_going():
    env = make("kazura:size=5", opponent="random", illegal_action="raise")
    _, info = env.reset(seed=2)
    swap = Game("kazura", size=5).action_of("swap")
    assert info["action_mask"][swap] == 0
    with pytest.raises(IllegalMoveError):
        env.step(swap)
    legal = int(np.flatnonzero(info["action_mask"])[0])
    _, reward, terminated, _, info = env.step(legal)
    assert not terminated and reward == 0.0 and info["ply"] == 2


@pytest.mark.parametrize("action", [-1, 27, 3.5, "C3", None])
def test_an_action_outside_the_space_is_an_error(action):
    env = make("kazura:size=5", opponent="random")
    env.unwrapped.reset(seed=0)
    with pytest.raises(ValueError):
        env.unwrapped.step(action)
    # numpy integers are actions
    env.unwrapped.step(np.int64(12))


def test_agent_player_1_lets_the_opponent_open():
    env = make("kazura:size=5", opponent="easy", opponent_playouts=16, agent_player=1)
    observation, info = env.reset(seed=9)
    game = env.unwrapped.game
    assert game.ply == 1 and game.to_move == 1
    assert len(info["opponent_moves"]) == 1
    assert np.array_equal(observation["observation"], game.observation())
    # The agent (seat 1) swaps: it now holds Black, and the opponent (seat 0, White) moves
    # before the agent's turn comes back.
    swap = game.action_of("swap")
    assert info["action_mask"][swap] == 1
    observation, reward, terminated, truncated, info = env.step(swap)
    game = env.unwrapped.game
    assert len(info["opponent_moves"]) == 1 and info["ply"] == 3
    assert game.seat_of(0) == 1 and game.to_move == 0, "Black, held by the agent, to move"
    assert np.array_equal(observation["observation"], game.observation(player=0))
    assert (reward, terminated, truncated) == (0.0, False, False)


@pytest.mark.parametrize("agent_player", [0, 1])
def test_max_plies_truncates_at_the_agents_turn(agent_player):
    env = make("go9", opponent="random", agent_player=agent_player, max_plies=6)
    _, info = env.reset(seed=4)
    agent = np.random.default_rng(0)
    steps = 0
    while True:
        action = int(agent.choice(np.flatnonzero(info["action_mask"])))
        _, reward, terminated, truncated, info = env.step(action)
        steps += 1
        if terminated or truncated:
            break
        assert info["ply"] < 6
    assert truncated and not terminated and reward == 0.0
    assert info["ply"] >= 6 and steps == 3
    assert "result" not in info
    assert env.unwrapped.game.to_move == agent_player
    with pytest.raises(RuntimeError):
        env.step(action)


def test_render_ansi_is_the_diagram():
    env = make("bao", opponent="random", render_mode="ansi")
    env.reset(seed=0)
    assert env.render() == Game("bao").diagram()
    _, info = env.reset(seed=0)
    env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert env.render() == env.unwrapped.game.diagram()
    quiet = make("bao", opponent="random")
    quiet.reset(seed=0)
    with pytest.warns(UserWarning, match="render_mode"):
        assert quiet.unwrapped.render() is None


def test_the_class_takes_a_spec_and_checks_its_arguments():
    env = BoardGameEnv("kazura:size=7", opponent="normal", opponent_playouts=8)
    assert env.spec_text == "kazura:size=7"
    assert env.action_space.n == 51
    env.reset(seed=0)
    assert env.action_masks().dtype == np.bool_
    for bad in (
        {"opponent": "expert"},
        {"opponent": "random", "opponent_playouts": 10},
        {"opponent_playouts": 0},
        {"agent_player": 2},
        {"max_plies": 0},
        {"render_mode": "human"},
        {"illegal_action": "ignore"},
    ):
        with pytest.raises(ValueError):
            BoardGameEnv("bind", **bad)
    with pytest.raises(Exception, match="option"):
        BoardGameEnv("bind", colour="red")
    with pytest.raises(RuntimeError):
        BoardGameEnv("bind").step(0)
