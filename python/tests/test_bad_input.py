"""Bad input on every entry point: a Python exception with a message, never a crash, and
the game unchanged. Hypothesis draws the input (seeded: the same examples every run)."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from conftest import SPECS

import boardrules
from boardrules import Batch, Game

FUZZ = settings(max_examples=150, deadline=None, derandomize=True)

#: What a refusal may raise: the package's errors (all ValueErrors); an array of the wrong
#: dtype is a TypeError. An integer too large for its field is the package's error too,
#: never an OverflowError.
REFUSALS = (boardrules.GameError, TypeError)


def started(spec: str, plies: int) -> Game:
    game = Game(spec)
    for _ in range(plies):
        if game.is_over:
            break
        actions = game.legal_actions()
        game.play_action(actions[len(actions) // 3])
    return game


@FUZZ
@given(spec=st.sampled_from(SPECS), plies=st.integers(0, 12), text=st.text(max_size=40))
def test_any_text_as_a_move(spec, plies, text):
    game = started(spec, plies)
    before = game.copy()
    try:
        game.play(text)
    except boardrules.GameError as error:
        assert str(error)
        assert game == before
    else:
        assert game.moves()[-1] == game.move_of(game.action_of(text))
    assert game.is_legal(text) in (True, False)


@FUZZ
@given(spec=st.sampled_from(SPECS), plies=st.integers(0, 12), action=st.integers(-2**70, 2**70))
def test_any_integer_as_an_action(spec, plies, action):
    game = started(spec, plies)
    before = game.copy()
    legal = action in set(game.legal_actions())
    try:
        game.play_action(action)
    except REFUSALS as error:
        assert not legal and str(error)
        assert game == before
    else:
        assert legal


@FUZZ
@given(text=st.text(max_size=200) | st.sampled_from(["{}", "[]", '{"game": "go9"}', "(;", "(;GM[1]SZ[9];B[zz])", '{"format": 1}']))
def test_any_text_as_a_record(text):
    try:
        Game.from_record(text)
    except boardrules.RecordError as error:
        assert str(error)


@FUZZ
@given(text=st.text(max_size=40))
def test_any_text_as_a_spec(text):
    try:
        Game(text)
    except boardrules.SpecError as error:
        assert str(error)


@FUZZ
@given(
    options=st.dictionaries(
        st.sampled_from(["size", "pieces", "variant", "ruleset", "colour"]),
        st.integers(-5, 2**66) | st.text(max_size=8) | st.none() | st.floats(allow_nan=True),
        max_size=3,
    ),
    name=st.sampled_from(["kazura", "bao", "go9", "bind"]),
)
def test_any_keyword_options(name, options):
    try:
        Game(name, **options)
    except boardrules.SpecError as error:
        assert str(error)


@FUZZ
@given(
    spec=st.sampled_from(SPECS),
    playouts=st.integers(-10, 10) | st.floats(allow_nan=True) | st.text(max_size=3),
    level=st.sampled_from(["easy", "normal", "hard", "", "Hard", "x"]),
)
def test_any_budget_and_level(spec, playouts, level):
    game = Game(spec)
    if isinstance(playouts, int) and playouts >= 1 and level.lower() in ("easy", "normal", "hard"):
        assert game.computer_move(level, playouts=playouts, seed=1) in game.legal_moves()
        return
    with pytest.raises(ValueError):
        game.computer_move(level, playouts=playouts)


@FUZZ
@given(actions=st.lists(st.integers(-2**40, 2**40), min_size=0, max_size=6))
def test_any_batch_actions(actions):
    batch = Batch("bind", 4)
    buffers = batch.buffers()
    before = [batch.game(i) for i in range(4)]
    try:
        batch.step(np.array(actions, dtype=np.int64), **buffers)
    except REFUSALS as error:
        assert str(error)
        assert [batch.game(i) for i in range(4)] == before
