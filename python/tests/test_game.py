"""boardrules.Game: every part of the API on every game, and bad input as exceptions that
leave the game unchanged."""

import copy
import json
import pickle

import numpy as np
import pytest
from conftest import SPECS

import boardrules
from boardrules import Game


def test_a_game_by_name_and_options():
    assert Game().spec == "go9"
    assert Game("kazura", size=9).spec == "kazura:size=9"
    assert Game("kazura:size=9") == Game("kazura", size=9)
    assert Game("bind", variant="full").spec == "bind:variant=full"
    assert Game("bind", size=6, pieces=20).spec == "bind:size=6,pieces=20"
    assert Game("bao", ruleset="reference").spec == "bao:ruleset=reference"
    assert Game("kazura").observation_shape == (4, 13, 13)
    assert Game("go9").player_names == ("black", "white")
    assert Game("bao").player_names == ("south", "north")
    assert boardrules.GAMES == ("kazura", "bao", "go9", "bind")


@pytest.mark.parametrize(
    "spec, options, words",
    [
        ("chess", {}, "unknown game `chess`"),
        ("kazura", {"size": 99}, "board size 99"),
        ("kazura", {"size": -1}, "size must be a whole number"),
        ("kazura", {"size": "9"}, "size must be a whole number"),
        ("kazura", {"colour": "red"}, "unknown option `colour`"),
        ("bao", {"size": 9}, "size does not apply to bao"),
        ("kazura:size=9", {"size": 9}, "not both"),
        ("bind", {"variant": 3}, "variant must be a string"),
        ("go9:size=19", {}, "19"),
    ],
)
def test_a_bad_spec_is_a_spec_error(spec, options, words):
    with pytest.raises(boardrules.SpecError, match=words) as raised:
        Game(spec, **options)
    assert isinstance(raised.value, ValueError)


@pytest.mark.parametrize("spec", SPECS)
def test_text_moves_actions_masks_and_observations_agree(spec):
    game = Game(spec)
    rng = np.random.default_rng(3)
    while not game.is_over and game.ply < 60:
        legal = game.legal_moves()
        assert legal == sorted(legal)
        actions = game.legal_actions()
        assert sorted(game.action_of(m) for m in legal) == actions
        assert sorted(game.move_of(a) for a in actions) == legal
        mask = game.action_mask()
        assert mask.dtype == np.bool_ and mask.shape == (game.num_actions,)
        assert list(np.flatnonzero(mask)) == actions
        observation = game.observation()
        assert observation.dtype == np.float32 and observation.shape == game.observation_shape
        assert ((observation >= 0) & (observation <= 1)).all()
        assert np.array_equal(observation, game.observation(player=game.to_move))
        out = np.full(game.observation_shape, np.nan, dtype=np.float32)
        assert game.observation(out=out) is out and np.array_equal(out, observation)
        action = int(rng.choice(actions))
        mover = game.to_move
        text = game.play_action(action)
        assert game.moves()[-1] == text
        assert game.ply == len(game.moves())
        assert game.is_over or game.to_move != mover or spec.startswith("go9")


@pytest.mark.parametrize("spec", SPECS)
def test_bad_moves_and_actions_raise_and_change_nothing(spec):
    game = Game(spec)
    game.play_action(game.legal_actions()[0])
    before = game.copy()
    with pytest.raises(boardrules.NotationError):
        game.play("not a move")
    with pytest.raises(boardrules.ActionError, match="out of range"):
        game.play_action(game.num_actions)
    with pytest.raises(boardrules.ActionError, match="out of range"):
        game.play_action(-1)
    illegal = [a for a in range(game.num_actions) if a not in set(game.legal_actions())]
    named = []
    for action in illegal:
        try:
            named.append((action, game.move_of(action)))
        except boardrules.ActionError:
            continue  # a Bind line that leaves the board names no move
    assert named, "some action is illegal now"
    action, text = named[0]
    with pytest.raises(boardrules.IllegalMoveError) as raised:
        game.play_action(action)
    assert isinstance(raised.value, ValueError)
    with pytest.raises(boardrules.IllegalMoveError, match="not legal now"):
        game.play(text)
    assert game == before
    with pytest.raises(ValueError, match="C-contiguous|holds"):
        game.observation(out=np.zeros((1, 2, 3), dtype=np.float32))
    with pytest.raises(TypeError):
        game.observation(out=np.zeros(game.observation_shape, dtype=np.float64))
    with pytest.raises(ValueError, match="player 2"):
        game.observation(player=2)
    assert game == before


@pytest.mark.parametrize("spec", SPECS)
def test_records_pickles_and_copies_go_through_the_rules(spec):
    game = Game(spec)
    for _ in range(7):
        if game.is_over:
            break
        actions = game.legal_actions()
        game.play_action(actions[len(actions) // 2])
    assert not game.is_over
    text = game.to_json()
    assert text.endswith("}\n")
    json.loads(text)
    assert Game.from_record(text) == game
    assert pickle.loads(pickle.dumps(game)) == game
    copied = copy.deepcopy(game)
    assert copied == game and copied is not game
    copied.play_action(copied.legal_actions()[0])
    assert copied != game


def test_records_of_other_games_and_broken_ones_are_record_errors():
    with pytest.raises(boardrules.RecordError, match="not a record"):
        Game.from_record("hello")
    with pytest.raises(boardrules.RecordError):
        Game.from_record('{"game": "go9", "moves": 3}')
    go = Game("go9")
    go.play("E5")
    sgf = go.to_sgf()
    assert sgf.startswith("(;") and Game.from_record(sgf) == go
    with pytest.raises(boardrules.RecordError, match="kazura"):
        Game("kazura").to_sgf()
    broken = go.to_json().replace('"E5"', '"Z99"')
    with pytest.raises(boardrules.RecordError, match="move 1"):
        Game.from_record(broken)


def test_outcome_returns_result_and_calls():
    go = Game("go9")
    assert (go.winner, go.returns(), go.result) == (None, (0.0, 0.0), "ongoing")
    go.play("pass")
    go.play("pass")
    assert go.is_over and go.winner == 1 and go.returns() == (-1.0, 1.0)
    assert go.result.startswith("white")
    go = Game("go9")
    go.play("E5")
    assert go.can_undo and go.undo() == "E5" and go == Game("go9")
    with pytest.raises(boardrules.CallError):
        go.undo()
    kazura = Game("kazura", size=5)
    assert not kazura.can_undo
    with pytest.raises(boardrules.CallError, match="kazura has no undo"):
        kazura.undo()
    kazura.resign(0)
    assert kazura.winner == 1 and kazura.returns() == (-1.0, 1.0)
    with pytest.raises(ValueError, match="player 3"):
        Game("bind").resign(3)
    bao = Game("bao")
    assert not bao.has_resignation
    with pytest.raises(boardrules.CallError, match="bao has no resignation"):
        bao.resign(0)
    assert "A B C D E" in str(Game("kazura", size=5))
    assert repr(Game("bind")) == "Game('bind:variant=mini'): black to move (ply 0)"


@pytest.mark.parametrize("spec", ["go9", "kazura:size=5", "bao", "bind"])
def test_the_computer_replays_for_a_seed_and_refuses_bad_budgets(spec):
    game = Game(spec)
    first = game.computer_move(playouts=50, seed=4)
    assert first in game.legal_moves()
    assert game.computer_move(playouts=50, seed=4) == first
    assert game.computer_move("easy", seed=1) in game.legal_moves()
    if spec in ("go9", "kazura:size=5"):
        # `hard` may stop on a clock; without one it is playouts only and replays.
        info = game.search("hard", seed=3, clock=False)
        assert info["playouts"] <= 100_000 and game.search("hard", seed=3, clock=False)["best"] == info["best"]
    info = game.search(playouts=30, seed=2)
    assert info["best"] in game.legal_moves() and info["playouts"] == 30
    assert info["pv"][0] == info["best"] and 0.0 <= info["win_rate"] <= 1.0
    for bad in (-3, 0, float("nan"), 2.5, "many"):
        with pytest.raises(ValueError, match="playouts must be"):
            game.computer_move(playouts=bad)
    with pytest.raises(ValueError, match="unknown level"):
        game.computer_move("grandmaster")
    with pytest.raises(ValueError, match="threads"):
        game.computer_move(threads=0)
    with pytest.raises(boardrules.ArgumentError, match="seed -1 is out of range"):
        game.computer_move(seed=-1)
    over = Game(spec)
    if over.has_resignation:
        over.resign(0)
        assert over.computer_move("easy") is None


def test_descriptors_describe_each_game_as_it_plays():
    descriptors = boardrules.descriptors()
    assert [d["name"] for d in descriptors] == list(boardrules.GAMES)
    for d in descriptors:
        game = Game(d["name"])
        assert tuple(d["players"]) == game.player_names
        for p in d["parameters"]:
            if p["default"] is not None:
                assert f"{p['name']}={p['default']}" in game.spec or game.spec == "go9"
            if p["type"] == "int" and p["min"] < p["max"] and p["name"] == "size" and d["name"] == "kazura":
                assert Game("kazura", size=p["min"]).spec == f"kazura:size={p['min']}"
                with pytest.raises(boardrules.SpecError):
                    Game("kazura", size=p["max"] + 1)
        assert ("resignation" in d["calls"]) == (d["name"] != "bao")
        assert d["sgf"] == (d["name"] == "go9")
        assert d["seats_change"] == (d["name"] == "kazura")
    lengths = {d["name"]: Game(d["name"]).max_game_length for d in descriptors}
    assert lengths == {"kazura": 2 * 13 * 13 + 1, "bao": None, "go9": 300, "bind": 4 * 12}
