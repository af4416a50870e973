"""Zero copy into trainers: `Batch.step` writes into the very arrays it is given, and the
arrays of `Batch.buffers()` start on 64-byte boundaries, so a JAX array made from them by
DLPack is a view of the same memory (XLA on the CPU makes a view only of data aligned to 64
bytes; of other data `from_dlpack` copies, or with `copy=False` raises) and reads each
step's values with nothing copied."""

import numpy as np
import pytest
from boardrules import Batch

GAMES = 16
#: Where `Batch.buffers()` puts each array's data: XLA's minimum alignment on the CPU.
ALIGNMENT = 64


def data_pointer(array: np.ndarray) -> int:
    return array.__array_interface__["data"][0]


def random_actions(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A random legal action per game, drawn from its mask."""
    return (rng.random(masks.shape) * masks).argmax(axis=1).astype(np.int64)


def started(batch: Batch) -> dict:
    buffers = batch.buffers()
    batch.reset(buffers["observations"], buffers["masks"], buffers["to_move"])
    return buffers


@pytest.mark.parametrize("spec", ["go9", "kazura:size=9", "bao", "bind"])
def test_buffers_are_aligned_contiguous_and_written_in_place(spec):
    batch = Batch(spec, GAMES, max_plies=60, threads=1)
    buffers = started(batch)
    pointers = {name: data_pointer(array) for name, array in buffers.items()}
    for name, array in buffers.items():
        assert pointers[name] % ALIGNMENT == 0, name
        assert array.flags["C_CONTIGUOUS"] and array.flags["WRITEABLE"], name
    # Views as a trainer would hold them: flat rows of the observations, and so on.
    views = {name: array.reshape(GAMES, -1) for name, array in buffers.items()}
    rng = np.random.default_rng(5)
    changed = set()
    for _ in range(80):
        before = {name: array.copy() for name, array in buffers.items()}
        batch.step(random_actions(buffers["masks"], rng), **buffers)
        for name, array in buffers.items():
            assert data_pointer(array) == pointers[name], name
            assert np.shares_memory(views[name], array), name
            assert np.array_equal(views[name].reshape(array.shape), array), name
            if not np.array_equal(before[name], array):
                changed.add(name)
    # Every game ends within 60 plies, by the rules or at the cap.
    assert {"observations", "masks", "to_move"} <= changed
    assert {"terminated", "truncated"} & changed


def test_jax_reads_the_buffers_without_a_copy():
    jax = pytest.importorskip("jax")
    jnp = jax.numpy
    batch = Batch("go9", GAMES, max_plies=60, threads=2)
    buffers = started(batch)
    # copy=False: a view or an error, never a silent copy.
    views = {name: jax.dlpack.from_dlpack(array, copy=False) for name, array in buffers.items()}
    for name, array in buffers.items():
        assert views[name].unsafe_buffer_pointer() == data_pointer(array), name
        assert views[name].dtype == array.dtype and views[name].shape == array.shape, name
    rng = np.random.default_rng(7)
    for _ in range(80):
        before = buffers["observations"].copy()
        batch.step(random_actions(buffers["masks"], rng), **buffers)
        assert not np.array_equal(before, buffers["observations"])
        for name, array in buffers.items():
            # XLA reads the view's memory; the comparison is against a fresh copy.
            assert bool(jnp.array_equal(views[name], jnp.array(array, copy=True))), name
