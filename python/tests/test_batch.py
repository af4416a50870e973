"""boardrules.Batch: many games stepped together agree with the same games played one at a
time through Game, and bad input changes nothing."""

import numpy as np
import pytest
from conftest import SPECS

import boardrules
from boardrules import Batch, Game


def random_actions(masks, rng):
    """A random legal action per game, drawn from its mask."""
    scores = rng.random(masks.shape) * masks
    return scores.argmax(axis=1).astype(np.int64)


@pytest.mark.parametrize("spec", SPECS)
def test_every_game_of_a_batch_is_the_game_played_alone(spec):
    size, cap = 5, 30
    batch = Batch(spec, size, max_plies=cap)
    assert len(batch) == size and batch.max_plies == cap
    buffers = batch.buffers()
    batch.reset(buffers["observations"], buffers["masks"], buffers["to_move"])
    alone = [Game(spec) for _ in range(size)]
    rng = np.random.default_rng(11)
    ends = 0
    for _ in range(80):
        actions = random_actions(buffers["masks"], rng)
        batch.step(actions, **buffers)
        for index, game in enumerate(alone):
            mover = game.to_move
            game.play_action(int(actions[index]))
            over = game.is_over
            cut = not over and game.ply >= cap
            reward = game.returns()[mover] if over else 0.0
            assert buffers["rewards"][index] == reward
            assert buffers["terminated"][index] == over
            assert buffers["truncated"][index] == cut
            if over or cut:
                ends += 1
                game = alone[index] = Game(spec)
            assert batch.game(index) == game
            assert batch.plies(index) == game.ply
            assert np.array_equal(buffers["observations"][index], game.observation())
            assert np.array_equal(buffers["masks"][index], game.action_mask())
            assert buffers["to_move"][index] == game.to_move
    assert ends > 0


def test_bad_actions_and_buffers_change_nothing():
    batch = Batch("go9", 3)
    buffers = batch.buffers()
    e5 = Game("go9").action_of("E5")
    batch.step(np.full(3, e5, dtype=np.int64), **buffers)
    before = [batch.game(i) for i in range(3)]
    written = {name: array.copy() for name, array in buffers.items()}
    with pytest.raises(boardrules.IllegalMoveError, match="game 1"):
        batch.step(np.array([0, e5, 0], dtype=np.int64), **buffers)
    with pytest.raises(boardrules.ActionError, match="game 2: action -4"):
        batch.step(np.array([0, 0, -4], dtype=np.int64), **buffers)
    with pytest.raises(boardrules.ActionError, match="out of range"):
        batch.step(np.array([0, 0, 82], dtype=np.int64), **buffers)
    with pytest.raises(ValueError, match="actions holds 2 values"):
        batch.step(np.array([0, 0], dtype=np.int64), **buffers)
    short = dict(buffers, rewards=np.zeros(2, dtype=np.float32))
    with pytest.raises(ValueError, match="rewards holds 2 values"):
        batch.step(np.zeros(3, dtype=np.int64), **short)
    with pytest.raises(TypeError):
        batch.step(np.zeros(3, dtype=np.float64), **buffers)
    strided = dict(buffers, masks=np.zeros((3, 164), dtype=bool)[:, ::2])
    with pytest.raises(ValueError, match="masks must be a C-contiguous array"):
        batch.step(np.zeros(3, dtype=np.int64), **strided)
    assert [batch.game(i) for i in range(3)] == before
    for name, array in buffers.items():
        assert np.array_equal(array, written[name]), name
    with pytest.raises(IndexError):
        batch.game(3)
    with pytest.raises(boardrules.SpecError):
        Batch("chess", 2)


def test_options_as_keywords():
    batch = Batch("kazura", 2, size=7)
    assert batch.spec == "kazura:size=7" and batch.num_actions == 51
    assert batch.observation_shape == (4, 7, 7)


@pytest.mark.parametrize("spec", ["go9", "bao", "bind", "kazura:size=9"])
def test_two_threads_write_what_one_thread_writes(spec):
    """The same seeded trajectories on 1 and 2 threads, array for array, step for step."""
    size = 96
    one, two = Batch(spec, size, max_plies=40, threads=1), Batch(spec, size, max_plies=40, threads=2)
    assert (one.threads, two.threads) == (1, 2)
    buffers = [one.buffers(), two.buffers()]
    for batch, arrays in zip((one, two), buffers):
        batch.reset(arrays["observations"], arrays["masks"], arrays["to_move"])
    rng = np.random.default_rng(23)
    ends = 0
    for _ in range(100):
        actions = random_actions(buffers[0]["masks"], rng)
        one.step(actions, **buffers[0])
        two.step(actions, **buffers[1])
        for name in buffers[0]:
            assert np.array_equal(buffers[0][name], buffers[1][name]), name
        ends += int(buffers[0]["terminated"].sum() + buffers[0]["truncated"].sum())
    assert ends > 0
    assert all(one.game(i) == two.game(i) for i in range(size))


def test_threads_default_to_the_machine_and_bad_counts_are_refused():
    import os

    # The machine's count as Rust reads it (affinity and CPU quota), at most its CPUs.
    assert 1 <= Batch("go9", 4).threads <= os.cpu_count()
    assert Batch("go9", 4, threads=3).threads == 3
    for bad in (0, -1, boardrules.MAX_THREADS + 1, 10**30):
        with pytest.raises(boardrules.ArgumentError, match="threads"):
            Batch("go9", 4, threads=bad)
    with pytest.raises(boardrules.ArgumentError, match="threads"):
        Batch("go9", 4, threads="two")
