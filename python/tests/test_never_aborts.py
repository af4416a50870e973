"""The package never ends the interpreter and raises only its own errors (issue 33): sizes
and thread counts are checked before anything is allocated or started, every integer
argument is range-checked whatever its size or type, pickling works with every protocol,
and a second thread gets `ConcurrentUseError`. Calls that ended the interpreter before
run in a child process, so that a regression fails one test instead of the whole run."""

import os
import pickle
import subprocess
import sys
import threading
import time

import numpy as np
import pytest
from conftest import SPECS

import boardrules
from boardrules import Batch, Game


def isolated(code: str, timeout: float = 120) -> str:
    """Runs `code` in a fresh interpreter and returns what it printed; fails on a crash
    (a negative status is a signal: an abort, a segfault) or any other failure."""
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=timeout, check=False
    )
    assert done.returncode == 0, f"status {done.returncode}\n{done.stdout}\n{done.stderr}"
    return done.stdout


#: Prints the class of the exception a call raises (or `returned`), for `isolated`.
RAISED = """
import boardrules, numpy as np
from boardrules import Batch, Game
def raised(call):
    try:
        call()
    except BaseException as error:
        print(type(error).__name__, isinstance(error, boardrules.GameError), isinstance(error, ValueError))
    else:
        print("returned")
"""


def test_a_batch_past_the_largest_is_refused_before_anything_is_allocated():
    out = isolated(
        RAISED
        + """
raised(lambda: Batch("go9", 10**7))      # aborted: "memory allocation of 69280000000 bytes failed"
raised(lambda: Batch("go9", 2**60))      # a PanicException (capacity overflow)
raised(lambda: Batch("go9", boardrules.MAX_BATCH_GAMES + 1))
raised(lambda: Batch("go9", -1))
print(len(Batch("bao", boardrules.MAX_BATCH_GAMES)))
"""
    )
    assert out.split("\n")[:4] == ["ArgumentError True True"] * 4
    assert out.split("\n")[4] == str(boardrules.MAX_BATCH_GAMES) == "65536"


def test_threads_stop_at_the_catalogs_cap():
    assert boardrules.MAX_THREADS == 256  # game_catalog::MAX_THREADS, rulebook's cap too
    out = isolated(
        RAISED
        + """
game = Game("bind")
raised(lambda: game.computer_move(threads=10**9, playouts=10))   # aborted
raised(lambda: game.computer_move(threads=boardrules.MAX_THREADS + 1, playouts=10))
raised(lambda: game.search(threads=0, playouts=10))
raised(lambda: game.computer_move(threads=-1, playouts=10))     # OverflowError
move = game.computer_move(threads=boardrules.MAX_THREADS, playouts=600, clock=False)
print(move in game.legal_moves())
"""
    )
    assert out.split("\n")[:5] == ["ArgumentError True True"] * 4 + ["True"]


def test_a_thread_the_system_refuses_is_searched_on_the_calling_thread():
    # Every thread asks for a 1 GiB stack (RUST_MIN_STACK) and the address space has room
    # for one more such stack, and half a GiB for the heap: the other spawns fail. That
    # was a panic (a PanicException, which `except Exception` does not catch); now the
    # refused threads' shares run on the calling thread and the search plays its budget.
    code = """
import resource
from boardrules import Game
game = Game("go9")
game.computer_move(playouts=50, clock=False)          # warm up go9's tables
size = int(open("/proc/self/statm").read().split()[0]) * resource.getpagesize()
resource.setrlimit(resource.RLIMIT_AS, (size + 3 * 2**29, resource.RLIM_INFINITY))
info = game.search(playouts=2000, threads=64, clock=False)
print(info["best"] in game.legal_moves(), info["playouts"], info["threads"])
"""
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env={**os.environ, "RUST_MIN_STACK": str(2**30)},
    )
    assert done.returncode == 0, f"status {done.returncode}\n{done.stdout}\n{done.stderr}"
    legal, playouts, _ = done.stdout.split()
    assert legal == "True" and int(playouts) == 2000


BAD_INTEGERS = [
    ("play_action(2**63)", lambda g, b: g.play_action(2**63), boardrules.ActionError),
    ("play_action(-2**70)", lambda g, b: g.play_action(-(2**70)), boardrules.ActionError),
    ("move_of(2**70)", lambda g, b: g.move_of(2**70), boardrules.ActionError),
    ("observation(player=2**70)", lambda g, b: g.observation(player=2**70), boardrules.ArgumentError),
    ("seat_of(2**64)", lambda g, b: g.seat_of(2**64), boardrules.ArgumentError),
    ("player_in_seat(-2**64)", lambda g, b: g.player_in_seat(-(2**64)), boardrules.ArgumentError),
    ("resign(2**65)", lambda g, b: g.resign(2**65), boardrules.ArgumentError),
    ("threads=-1", lambda g, b: g.computer_move(threads=-1), boardrules.ArgumentError),
    ("threads=2**64", lambda g, b: g.search(threads=2**64), boardrules.ArgumentError),
    ("seed=-1", lambda g, b: g.computer_move(seed=-1, playouts=5), boardrules.ArgumentError),
    ("seed=2**64", lambda g, b: g.search(seed=2**64, playouts=5), boardrules.ArgumentError),
    ("playouts=2**64", lambda g, b: g.computer_move(playouts=2**64), boardrules.ArgumentError),
    ("Batch(-1)", lambda g, b: Batch("go9", -1), boardrules.ArgumentError),
    ("max_plies=-1", lambda g, b: Batch("go9", 2, max_plies=-1), boardrules.ArgumentError),
    ("max_plies=2**64", lambda g, b: Batch("go9", 2, max_plies=2**64), boardrules.ArgumentError),
    ("batch.game(-1)", lambda g, b: b.game(-1), boardrules.IndexOutOfRange),
    ("batch.game(2**64)", lambda g, b: b.game(2**64), boardrules.IndexOutOfRange),
    ("batch.plies(-1)", lambda g, b: b.plies(-1), boardrules.IndexOutOfRange),
    ("size=2**64", lambda g, b: Game("kazura", size=2**64), boardrules.SpecError),
    ("pieces=-1", lambda g, b: Game("bind", pieces=-1), boardrules.SpecError),
]

BOOLS = [
    ("play_action(True)", lambda g, b: g.play_action(True)),
    ("move_of(False)", lambda g, b: g.move_of(False)),
    ("play_action(np.True_)", lambda g, b: g.play_action(np.True_)),
    ("playouts=True", lambda g, b: g.computer_move(playouts=True)),
    ("seed=True", lambda g, b: g.computer_move(seed=True, playouts=5)),
    ("threads=True", lambda g, b: g.computer_move(threads=True, playouts=5)),
    ("observation(player=True)", lambda g, b: g.observation(player=True)),
    ("seat_of(False)", lambda g, b: g.seat_of(False)),
    ("resign(True)", lambda g, b: g.resign(True)),
    ("Batch(True)", lambda g, b: Batch("go9", True)),
    ("max_plies=True", lambda g, b: Batch("go9", 2, max_plies=True)),
    ("batch.game(False)", lambda g, b: b.game(False)),
    ("play_action(1.0)", lambda g, b: g.play_action(1.0)),
    ("seed=2.0", lambda g, b: g.computer_move(seed=2.0, playouts=5)),
    ("batch.plies('0')", lambda g, b: b.plies("0")),
]


@pytest.mark.parametrize("name,call,kind", BAD_INTEGERS, ids=[c[0] for c in BAD_INTEGERS])
def test_an_integer_out_of_range_is_the_packages_error(name, call, kind):
    game, batch = Game("go9"), Batch("go9", 2)
    before = game.copy()
    with pytest.raises(kind) as raised:
        call(game, batch)
    assert isinstance(raised.value, boardrules.GameError) and isinstance(raised.value, ValueError)
    assert str(raised.value) and game == before


@pytest.mark.parametrize("name,call", BOOLS, ids=[c[0] for c in BOOLS])
def test_a_bool_or_a_float_is_no_whole_number(name, call):
    # `play_action(True)` played action 1 and `playouts=True` meant one playout.
    game, batch = Game("go9"), Batch("go9", 2)
    before = game.copy()
    with pytest.raises(boardrules.ArgumentError, match="whole number"):
        call(game, batch)
    assert game == before


def test_numpy_integers_are_whole_numbers():
    game = Game("go9")
    assert game.play_action(np.int64(3)) == game.move_of(np.uint8(3)) == "D1"
    assert game.observation(player=np.int8(1)).shape == game.observation_shape
    assert game.seat_of(np.int32(0)) == 0 and game.player_in_seat(np.uint16(1)) == 1
    move = game.computer_move(playouts=np.int64(20), seed=np.uint64(2**64 - 1), threads=np.int32(1))
    assert move in game.legal_moves()
    batch = Batch("bind", np.int64(3), max_plies=np.uint32(10))
    assert len(batch) == 3 and batch.max_plies == 10
    assert batch.game(np.int16(2)) == Game("bind") and batch.plies(np.int64(0)) == 0
    with pytest.raises(IndexError):  # IndexOutOfRange is an IndexError too
        batch.game(np.int64(3))


@pytest.mark.parametrize("spec", SPECS)
def test_a_game_pickles_with_every_protocol(spec):
    game = Game(spec)
    for _ in range(7):
        actions = game.legal_actions()
        if game.is_over or not actions:
            break
        game.play_action(actions[len(actions) // 2])
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        copy = pickle.loads(pickle.dumps(game, protocol=protocol))
        assert copy == game, protocol
        assert copy.to_json() == game.to_json() and copy.legal_moves() == game.legal_moves()
        error = pickle.loads(pickle.dumps(boardrules.ArgumentError("why"), protocol=protocol))
        assert isinstance(error, boardrules.GameError) and str(error) == "why"


def test_the_environments_pickle_with_every_protocol():
    out = isolated(
        """
import pickle
import gymnasium
import boardrules.gymnasium
from boardrules.openspiel import load
from boardrules.pettingzoo import env

aec = env("kazura", size=5)
aec.reset(seed=2)
aec.step(12)
gym = gymnasium.make("boardrules/Go9-v0", opponent="random")
gym.reset(seed=3)
gym.step(40)
game = load("bind")
state = game.new_initial_state()
state.apply_action(state.legal_actions()[3])
for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
    copy = pickle.loads(pickle.dumps(aec, protocol=protocol))
    assert copy.unwrapped.game == aec.unwrapped.game, protocol
    copy = pickle.loads(pickle.dumps(gym, protocol=protocol))
    assert copy.unwrapped.game == gym.unwrapped.game, protocol
    copy = pickle.loads(pickle.dumps(state, protocol=protocol))   # protocol 0 aborted
    assert copy.history() == state.history() and str(copy) == str(state), protocol
    assert str(pickle.loads(pickle.dumps(game, protocol=protocol))) == str(game), protocol
    print(protocol)
"""
    )
    assert out.split() == [str(p) for p in range(6)]


def busy(call, results):
    """Runs `call` in a thread, keeping what it returns or raises."""

    def run():
        try:
            results.append(call())
        except BaseException as error:  # the test reads it
            results.append(error)

    worker = threading.Thread(target=run)
    worker.start()
    return worker


def test_a_game_changed_during_another_threads_search_is_a_concurrent_use_error():
    game = Game("go9")
    results: list = []
    # A search of 100,000 playouts holds the game for about a second (the lock released).
    worker = busy(lambda: game.computer_move("hard", seed=1, clock=False), results)
    seen = []
    while worker.is_alive():
        try:
            game.undo()  # nothing to undo: CallError when the game is free
        except boardrules.ConcurrentUseError as error:
            seen.append(error)
            break
        except boardrules.CallError:
            pass
        time.sleep(0.001)
    reads = game.legal_moves() if worker.is_alive() else None  # reading is fine meanwhile
    worker.join()
    assert seen, "the search ended before a second call came"
    assert isinstance(seen[0], boardrules.GameError) and "another thread" in str(seen[0])
    assert reads is None or len(reads) == 82
    assert results[0] in game.legal_moves() and game.ply == 0


def test_a_batch_used_during_another_threads_step_is_a_concurrent_use_error():
    batch = Batch("go9", 16384)
    buffers = batch.buffers()
    batch.reset(buffers["observations"], buffers["masks"], buffers["to_move"])
    results: list = []

    def steps():
        for _ in range(40):
            actions = buffers["masks"].argmax(axis=1)
            batch.step(actions, **buffers)
        return "done"

    worker = busy(steps, results)
    seen = []
    while worker.is_alive() and not seen:
        try:
            batch.plies(0)
        except boardrules.ConcurrentUseError as error:
            seen.append(error)
    worker.join()
    assert results == ["done"]
    assert seen and isinstance(seen[0], boardrules.GameError)
    assert all(batch.plies(i) >= 0 for i in range(3))
