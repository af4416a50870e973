"""The PettingZoo environments: PettingZoo's own API and seed tests, pickling, illegal
actions, truncation, rendering, and agreement with the rulebook program."""

import pickle

import numpy as np
import pytest
from conftest import SPECS, rulebook_args
from pettingzoo.test import api_test, seed_test

import boardrules
from boardrules.pettingzoo import env, raw_env


@pytest.mark.parametrize("spec", SPECS)
def test_pettingzoo_api_and_seed_tests(spec):
    api_test(env(spec), num_cycles=300)
    seed_test(lambda: env(spec), num_cycles=200)


@pytest.mark.parametrize("spec", SPECS)
def test_a_game_through_the_aec_loop_agrees_with_rulebook(spec, rulebook):
    game = env(spec, render_mode="ansi")
    game.reset(seed=7)
    moves, rewards = [], {agent: 0.0 for agent in game.possible_agents}
    rng = np.random.default_rng(7)
    for agent in game.agent_iter(max_iter=2_000):
        observation, reward, termination, truncation, _ = game.last()
        rewards[agent] += reward
        if termination or truncation:
            game.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        action = int(rng.choice(legal))
        moves.append(game.unwrapped.game.move_of(action))
        game.step(action)
    inner = game.unwrapped.game
    assert inner.is_over, "each of the four games ends within 2,000 moves here"
    trace = rulebook("trace", *rulebook_args(spec), "--moves", " ".join(moves))
    assert trace.splitlines()[-1] == f"result: {inner.result}"
    by_colour = inner.returns()
    by_seat = [by_colour[inner.player_in_seat(seat)] for seat in (0, 1)]
    assert rewards == dict(zip(game.possible_agents, by_seat))
    assert game.render() == f"{inner.diagram()}{inner.status}\n"


def test_the_agents_are_seats_and_kazuras_swap_changes_who_holds_black():
    game = raw_env("kazura", size=5)
    game.reset()
    assert game.possible_agents == ["player_0", "player_1"]
    c3, swap = game.game.action_of("C3"), game.game.action_of("swap")
    game.step(c3)
    assert game.agent_selection == "player_1"
    mine = game.observe("player_0")["observation"]
    assert mine[0].sum() == 1 and mine[3].all(), "player_0 sees its black stone"
    game.step(swap)
    assert game.agent_selection == "player_0", "the agents alternate through the swap"
    assert game.game.to_move == 1 and game.game.seat_of(0) == 1
    theirs = game.observe("player_1")["observation"]
    assert theirs[0].sum() == 1 and theirs[3].all(), "player_1 now owns the black stone"
    assert game.observe("player_0")["action_mask"].sum() > 0


def test_the_mover_decides_whose_turn_it_is():
    game = raw_env("bao")
    game.reset()
    assert game.agent_selection == "player_0"
    observation = game.observe("player_1")
    assert observation["action_mask"].sum() == 0
    assert observation["observation"].shape == (5, 4, 8)
    assert game.observation_space("player_1")["observation"].contains(observation["observation"])


def test_an_illegal_action_ends_the_wrapped_game_and_raises_on_the_raw_one():
    game = env("go9")
    game.reset()
    game.step(40)  # E5
    game.step(40)  # E5 again: occupied
    assert all(game.terminations.values())
    assert game.rewards["player_1"] == -1
    raw = raw_env("go9")
    raw.reset()
    raw.step(40)
    before = raw.game.copy()
    with pytest.raises(boardrules.IllegalMoveError, match="occupied"):
        raw.step(40)
    assert raw.game == before and not any(raw.terminations.values())


def test_truncation_at_the_ply_cap():
    game = raw_env("kazura", size=5, max_plies=3)
    game.reset()
    for action in (0, 1, 2):
        assert not any(game.truncations.values())
        game.step(action)
    assert all(game.truncations.values()) and not any(game.terminations.values())
    with pytest.raises(ValueError, match="max_plies"):
        raw_env("go9", max_plies=0)
    with pytest.raises(ValueError, match="render_mode"):
        raw_env("go9", render_mode="rgb_array")


@pytest.mark.parametrize("spec", ["kazura:size=5", "bao", "go9", "bind"])
def test_an_environment_pickles_mid_game(spec):
    game = env(spec)
    game.reset(seed=3)
    for _ in range(6):
        observation, *_ = game.last()
        game.step(int(np.flatnonzero(observation["action_mask"])[0]))
    copy = pickle.loads(pickle.dumps(game))
    assert copy.unwrapped.game == game.unwrapped.game
    assert copy.agent_selection == game.agent_selection
    mine, theirs = game.last()[0], copy.last()[0]
    assert np.array_equal(mine["observation"], theirs["observation"])
    assert np.array_equal(mine["action_mask"], theirs["action_mask"])
