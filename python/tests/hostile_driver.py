"""The child process of test_hostile_inputs.py: drives one family of public entry points
with arbitrary Python values through Hypothesis (derandomized: the same examples every
run) and exits 0 when every call returned or raised an allowed exception, 1 with the
falsifying example otherwise. A crash (abort, segfault) shows as the parent's negative
return code.

What a call may raise (docs/python.md, "Errors"):
- the package's errors (`boardrules.GameError` and its subclasses) for anything;
- `TypeError` only where a parameter is not an integer (a text, an array, a record's
  state), as Python raises for an argument of another type; an integer parameter raises
  the package's `ArgumentError` (or `ActionError`, `SpecError`) for every value;
- OpenSpiel entry points also `pyspiel.SpielError` (OpenSpiel's own refusals) and
  `TypeError` (pybind11 converts the arguments before the game sees them), and
  `string_to_action` of bytes that are not UTF-8 `UnicodeDecodeError`; PettingZoo's
  wrapped `env()` also `AssertionError` (its `AssertOutOfBoundsWrapper`, as on its
  classic games); Gymnasium's `step` before `reset` or after the end `RuntimeError`.

Usage: python hostile_driver.py FAMILY [MAX_EXAMPLES]
"""

import sys
import traceback

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import boardrules
from boardrules import Batch, Bot, Game

INTEGER_DTYPES = (np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64)

EDGES = [0, 1, 2, 3, -1, -2, 81, 82, 255, 256, 257, 2**16, 2**16 + 1, 2**31, 2**32,
         2**63 - 1, 2**63, -(2**63), -(2**63) - 1, 2**64 - 1, 2**64, 10**9, 10**7, 2**60,
         2**200, -(2**200)]


def numpy_integer():
    return st.sampled_from(INTEGER_DTYPES).flatmap(
        lambda dtype: st.integers(int(np.iinfo(dtype).min), int(np.iinfo(dtype).max)).map(dtype)
    )


#: Arbitrary Python values: ints of every size, bools, floats, None, texts, bytes, lists,
#: numpy scalars and arrays.
VALUES = st.one_of(
    st.sampled_from(EDGES),
    st.integers(),
    st.integers(-(2**300), 2**300),
    st.booleans(),
    st.sampled_from([np.True_, np.False_]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([np.float32(1.0), np.float64("nan"), 1.0, -0.0]),
    st.none(),
    st.text(max_size=12),
    st.binary(max_size=12),
    st.lists(st.integers(-3, 100), max_size=4),
    numpy_integer(),
    st.lists(st.integers(-3, 100), max_size=5).map(np.array),
    st.sampled_from([np.zeros(3, np.float64), np.zeros((2, 2), np.int64), np.zeros(0, np.int64)]),
    st.sampled_from([object(), {}, (), {"a": 1}, complex(1, 2), range(3)]),
)

SPECS = ("kazura:size=5", "bao", "go9", "bind", "bind:variant=full")


class Foreign(AssertionError):
    """A call raised an exception it must not."""


def call(allowed, function, *args, **kwargs):
    """Calls `function`; a `GameError` or an exception of `allowed` is fine, anything else
    (an OverflowError, a RuntimeError, a PanicException …) is a failure."""
    try:
        function(*args, **kwargs)
    except boardrules.GameError as error:
        assert str(error), "an error without a message"
    except allowed:
        pass
    except BaseException as error:  # PanicException is a BaseException
        raise Foreign(
            f"{getattr(function, '__qualname__', function)}{args}{kwargs} raised "
            f"{type(error).__module__}.{type(error).__name__}: {error}"
        ) from error


def started(spec, plies):
    game = Game(spec)
    for _ in range(plies):
        actions = game.legal_actions()
        if game.is_over or not actions:
            break
        game.play_action(actions[len(actions) // 3])
    return game


NONE = ()
TYPE = (TypeError,)


def game_family(examples):
    @settings(max_examples=examples, deadline=None, derandomize=True, database=None,
              suppress_health_check=list(HealthCheck))
    @given(spec=st.sampled_from(SPECS), plies=st.integers(0, 6), a=VALUES, b=VALUES, c=VALUES,
           d=VALUES, level=st.sampled_from(["easy", "normal", "hard", "x", ""]))
    def run(spec, plies, a, b, c, d, level):
        game = started(spec, plies)
        before = game.copy()
        # Integer parameters: only the package's errors.
        call(NONE, game.move_of, a)
        call(NONE, game.seat_of, a)
        call(NONE, game.player_in_seat, a)
        call(NONE, game.observation, player=a)
        call(NONE, game.observation, a)
        call(NONE, Game, "kazura", size=a)
        call(NONE, Game, "bind", pieces=a, size=b)
        call(NONE, game.copy().play_action, a)
        call(NONE, game.copy().resign, a)
        # A cheap search: bind's easy level, no clock, so that a valid budget stays small.
        small = started("bind", plies)
        call(NONE, small.computer_move, "easy", playouts=a, seed=b, threads=c, clock=False)
        call(NONE, small.search, "easy", playouts=b, seed=c, threads=a, clock=False)
        call(TYPE, small.computer_move, level, seed=a, playouts=5, clock=d)
        # Other parameters: a value of another type is a TypeError.
        call(TYPE, game.copy().play, a)
        call(TYPE, game.is_legal, a)
        call(TYPE, game.action_of, a)
        call(TYPE, game.action_mask, a)
        call(TYPE, game.observation, out=a)
        call(TYPE, game.to_sgf, a, b)
        call(TYPE, Game.from_record, a)
        call(TYPE, Game, a)
        call(TYPE, Game, "kazura", variant=a)
        call(TYPE, game.copy().__setstate__, a)
        call(TYPE, game.__deepcopy__, a)
        call(TYPE, game.__eq__, a)
        assert game == before, "a refused call changed the game"

    run()


def batch_family(examples):
    @settings(max_examples=examples, deadline=None, derandomize=True, database=None,
              suppress_health_check=list(HealthCheck))
    @given(spec=st.sampled_from(["bao", "bind"]), a=VALUES, b=VALUES, c=VALUES)
    def run(spec, a, b, c):
        # bao and bind: a batch of the largest valid size is small (under 1 KB a game).
        call(NONE, Batch, spec, a)
        call(NONE, Batch, spec, 2, max_plies=a)
        call(NONE, Batch, spec, a, b)
        call(TYPE, Batch, a, 2)
        batch = Batch(spec, 3)
        buffers = batch.buffers()
        call(NONE, batch.game, a)
        call(NONE, batch.plies, a)
        # Arrays: another dtype or a non-array is a TypeError; a wrong size a GameError.
        call(TYPE, batch.step, a, **buffers)
        call(TYPE, batch.step, np.zeros(3, np.int64), **dict(buffers, rewards=a))
        call(TYPE, batch.reset, a, buffers["masks"], buffers["to_move"])
        call(TYPE, batch.reset, buffers["observations"], b, buffers["to_move"])
        call(TYPE, batch.reset, buffers["observations"], buffers["masks"], c)

    run()


def bot_family(examples):
    @settings(max_examples=examples, deadline=None, derandomize=True, database=None,
              suppress_health_check=list(HealthCheck))
    @given(spec=st.sampled_from(SPECS), plies=st.integers(0, 4), a=VALUES, b=VALUES,
           name=st.sampled_from(["random", "uniform", "mcts:4", "easy", "gtp:", "x", "mcts:0"]))
    def run(spec, plies, a, b, name):
        game = started(spec, plies)
        call(NONE, Bot, "mcts:4", game, seed=a)
        call(NONE, Bot, "mcts:4", game, threads=a)
        call(TYPE, Bot, a, game)
        call(TYPE, Bot, "random", a)
        call(NONE, Bot, name, game, seed=1)
        bot = Bot("uniform", game, seed=2)
        other = started("bind" if spec != "bind" else "go9", 0)
        call(NONE, bot.choose, other)
        call(TYPE, bot.choose, a)
        call(TYPE, bot.observe, game, a)
        call(NONE, bot.observe, game, str(a))
        call(TYPE, bot.observe, a, "E5")
        call(NONE, bot.undo, a)
        if not game.is_over:
            move = bot.choose(game)
            assert move is None or game.is_legal(move)
        bot.close()
        call(NONE, bot.choose, game)

    run()


def pettingzoo_family(examples):
    from boardrules.pettingzoo import env, raw_env

    @settings(max_examples=examples, deadline=None, derandomize=True, database=None,
              suppress_health_check=list(HealthCheck))
    @given(spec=st.sampled_from(SPECS), a=VALUES, b=VALUES)
    def run(spec, a, b):
        call(TYPE, raw_env, spec, max_plies=a)
        call(TYPE, raw_env, spec, render_mode=a)
        call(TYPE, raw_env, "kazura", size=a)
        raw = raw_env(spec)
        call(NONE, raw.reset, seed=a)
        raw.reset(seed=1)
        call(NONE, raw.step, a)
        wrapped = env(spec)
        wrapped.reset(seed=2)
        call((AssertionError,), wrapped.step, b)

    run()


def gymnasium_family(examples):
    from boardrules.gymnasium import BoardGameEnv

    @settings(max_examples=examples, deadline=None, derandomize=True, database=None,
              suppress_health_check=list(HealthCheck))
    @given(spec=st.sampled_from(SPECS), a=VALUES, b=VALUES)
    def run(spec, a, b):
        call(TYPE, BoardGameEnv, spec, opponent="random", agent_player=a)
        call(TYPE, BoardGameEnv, spec, opponent="random", max_plies=a)
        call(TYPE, BoardGameEnv, spec, opponent="easy", opponent_playouts=a)
        call(TYPE, BoardGameEnv, spec, opponent=a)
        call(TYPE, BoardGameEnv, spec, illegal_action=a, render_mode=b)
        env = BoardGameEnv(spec, opponent="random")
        call((RuntimeError,), env.step, a)  # before reset: RuntimeError (documented)
        call(NONE, env.reset, seed=a)
        env.reset(seed=3)
        call((RuntimeError,), env.step, b)

    run()


def openspiel_family(examples):
    import pyspiel

    from boardrules.openspiel import load

    games = {spec: load(spec.split(":")[0]) for spec in ("kazura", "bao", "go9", "bind")}
    allowed = (TypeError, pyspiel.SpielError)

    @settings(max_examples=examples, deadline=None, derandomize=True, database=None,
              suppress_health_check=list(HealthCheck))
    @given(name=st.sampled_from(sorted(games)), a=VALUES, b=VALUES)
    def run(name, a, b):
        call(allowed, load, name, size=a)
        call(allowed, load, "bao", max_plies=a)
        call(allowed, load, "bind", variant=a)
        game = games[name]
        call(allowed, game.new_initial_state, a)
        state = game.new_initial_state()
        call(allowed, state.apply_action, a)
        call(allowed, state.action_to_string, a)
        call(allowed, state.action_to_string, a, b)
        call(allowed, state.observation_tensor, a)
        call(allowed, state.observation_string, a)
        # OpenSpiel's C++ puts the text into its refusal; bytes that are not UTF-8 then
        # fail to decode (UnicodeDecodeError, a ValueError) on the way back.
        call(allowed + (UnicodeDecodeError,), state.string_to_action, a)
        call(allowed, state.seat_of, a)

    run()


def selfplay_family(examples):
    from boardrules.selfplay import move_seed, play_game

    @settings(max_examples=examples, deadline=None, derandomize=True, database=None,
              suppress_health_check=list(HealthCheck))
    @given(a=VALUES, b=VALUES)
    def run(a, b):
        call(NONE, move_seed, a, b)
        # A valid budget of a whole game is slow: only the refusals are driven here.
        budget = a if not (isinstance(a, int) and not isinstance(a, bool) and a > 3) else 3
        call(TYPE, play_game, "bind", budget, b)
        call(TYPE, play_game, "bind", 3, 1, level=a)

    run()


FAMILIES = {
    "game": game_family,
    "batch": batch_family,
    "bot": bot_family,
    "pettingzoo": pettingzoo_family,
    "gymnasium": gymnasium_family,
    "openspiel": openspiel_family,
    "selfplay": selfplay_family,
}

if __name__ == "__main__":
    family = FAMILIES[sys.argv[1]]
    examples = int(sys.argv[2]) if len(sys.argv) > 2 else 100
    try:
        family(examples)
    except Exception:
        traceback.print_exc()
        sys.exit(1)
    print(f"{sys.argv[1]}: {examples} examples, no crash, no foreign exception")
