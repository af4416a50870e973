"""boardrules.openspiel on the real OpenSpiel: loading and parameters, OpenSpiel's own
consistency checker, its MCTS bot against its random bot with every state checked against
`boardrules.Game` and the final game against `rulebook`, illegal actions, Bao's ply cap,
Kazura's seats after the swap, clones, serialization and records.

Every state is compared with a `Game` the test replays itself from the state's action ids,
never with the state's own `Game`. Everything random is seeded: numpy `RandomState`s for the
bots and the evaluator, OpenSpiel's checker its own fixed `mt19937`.
"""

import json
import pickle
import subprocess
import sys

import numpy as np
import pyspiel
import pytest
from conftest import rulebook_args
from open_spiel.python.algorithms import mcts
from open_spiel.python.bots import uniform_random

import boardrules
import boardrules.openspiel as bo
from boardrules import ActionError, Game, IllegalMoveError, SpecError

#: Each game's OpenSpiel name and parameters, with the `Game` spec they must give.
CONFIGS = (
    ("kazura", {"size": 5}, "kazura:size=5"),
    ("kazura", {}, "kazura:size=13"),
    ("bao", {}, "bao:ruleset=seed"),
    ("bao", {"ruleset": "reference"}, "bao:ruleset=reference"),
    ("go9", {}, "go9"),
    ("bind", {}, "bind:variant=mini"),
    ("bind", {"variant": "full"}, "bind:variant=full"),
)


def config_id(config):
    name, params, _ = config
    return name + "".join(f"-{k}={v}" for k, v in params.items())


# ---------------------------------------------------------------------------------------
# The check of a state against the rules.


def replay(spec, actions, start=None):
    """A `Game` of `spec` after `actions` (ids), from `start` (a `Game`, copied) when given."""
    rules = Game(spec) if start is None else start.copy()
    for action in actions:
        rules.play_action(int(action))
    return rules


def swapped(rules):
    """Whether White swapped (Kazura's K-8): the record's second move is `swap`."""
    return rules.name == "kazura" and rules.moves()[1:2] == ["swap"]


def check_state(state, rules, max_plies=None):
    """`state` (OpenSpiel) agrees with `rules` (a `Game` at the same moves)."""
    assert len(state.history()) == rules.ply == state.move_number()
    capped = max_plies is not None and not rules.is_over and rules.ply >= max_plies
    terminal = rules.is_over or capped
    assert state.is_terminal() == terminal
    # Seats: the Game's players, exchanged after Kazura's swap.
    seat = (lambda colour: 1 - colour) if swapped(rules) else (lambda colour: colour)
    if terminal:
        assert state.current_player() == pyspiel.PlayerId.TERMINAL
        assert state.legal_actions() == []
    else:
        assert state.current_player() == seat(rules.to_move)
        legal = state.legal_actions()
        assert legal == rules.legal_actions()
        assert sorted(state.action_to_string(a) for a in legal) == rules.legal_moves()
        mask = state.legal_actions_mask()
        assert np.array_equal(np.array(mask, dtype=bool), rules.action_mask())
    by_colour = rules.returns()
    assert state.returns() == [by_colour[seat(0)], by_colour[seat(1)]]
    text = str(state)
    shown = f"{rules.diagram()}{rules.status}\n"
    assert text.startswith(shown)
    assert (text != shown) == capped
    assert state.observation_string(0) == state.observation_string(1) == text
    for player in (0, 1):
        # Each seat sees the planes from the colour it holds (independent of the seats the
        # Game reports: `seat` is this test's own reading of the swap).
        colour = 0 if seat(0) == player else 1
        planes = rules.observation(player=colour).ravel()
        assert np.array_equal(np.asarray(state.observation_tensor(player)), planes)


def legal_line(state):
    """The state's legal moves as `rulebook trace` lists them: sorted, space separated."""
    return " ".join(sorted(state.action_to_string(a) for a in state.legal_actions()))


def check_against_rulebook(rulebook, state, legal_lines):
    """The game's moves, as OpenSpiel writes them, through `rulebook trace` and `show`:
    the same legal moves at every ply (`legal_lines`, recorded along the game), the same
    result as `Game.result`, and `str(state)` is what `show` prints."""
    rules = state.rules.copy()
    moves = [state.action_to_string(a) for a in state.history()]
    assert moves == rules.moves()
    args = rulebook_args(rules.spec)
    trace = rulebook("trace", *args, "--moves", " ".join(moves)).splitlines()
    assert trace[:-1] == [f"{ply}: {line}" for ply, line in enumerate(legal_lines)]
    assert trace[-1] == f"result: {rules.result}"
    shown = rulebook("show", *args, "--moves", " ".join(moves))
    assert str(state).startswith(shown)


# ---------------------------------------------------------------------------------------
# Loading and parameters.


def test_the_package_imports_without_open_spiel():
    code = (
        "import sys\n"
        "sys.modules['pyspiel'] = None\n"
        "sys.modules['open_spiel'] = None\n"
        "import boardrules\n"
        "boardrules.Game('go9')\n"
        "try:\n"
        "    import boardrules.openspiel\n"
        "except ImportError:\n"
        "    print('no open_spiel')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == "no open_spiel\n"


@pytest.mark.parametrize("name", boardrules.GAMES)
def test_each_game_is_registered_with_its_defaults(name):
    short = f"python_boardrules_{name}"
    assert bo.NAMES[name] == short
    assert short in pyspiel.registered_names()
    game = pyspiel.load_game(short)
    assert game.get_parameters() == bo.PARAMETERS[name]
    kind = game.get_type()
    assert kind.short_name == short
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
    assert kind.information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert kind.provides_observation_tensor and kind.provides_observation_string
    assert game.num_players() == 2
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (-1.0, 1.0, 0.0)
    assert game.max_chance_outcomes() == 0
    # The same game through `load`, by either name.
    assert str(bo.load(name)) == str(bo.load(short)) == str(game)


@pytest.mark.parametrize(
    "name, params, actions, shape, length",
    [
        ("kazura", {}, 171, [4, 13, 13], 2 * 13 * 13 + 1),
        ("kazura", {"size": 5}, 27, [4, 5, 5], 51),
        ("kazura", {"size": 2}, 6, [4, 2, 2], 9),
        ("kazura", {"size": 25}, 627, [4, 25, 25], 1251),
        ("bao", {}, 97, [5, 4, 8], 1000),
        ("bao", {"ruleset": "reference", "max_plies": 40}, 97, [5, 4, 8], 40),
        ("go9", {}, 82, [4, 9, 9], 300),
        ("bind", {}, 226, [4, 5, 5], 48),
        ("bind", {"variant": "full"}, 577, [4, 8, 8], 120),
    ],
)
def test_parameters_reach_the_game(name, params, actions, shape, length):
    game = bo.load(name, **params)
    assert game.num_distinct_actions() == actions
    assert game.observation_tensor_shape() == shape
    assert game.observation_tensor_size() == int(np.prod(shape))
    assert game.max_game_length() == length
    state = game.new_initial_state()
    assert state.rules.num_actions == actions
    # The parameters in OpenSpiel's own game string load the same game.
    assert str(pyspiel.load_game(str(game))) == str(game)
    if name == "bao":
        assert state.rules.spec == f"bao:ruleset={params.get('ruleset', 'seed')}"


def test_bad_parameters_are_refused():
    with pytest.raises(SpecError, match="size"):
        bo.load("kazura", size=30)
    with pytest.raises(SpecError, match="variant"):
        bo.load("bind", variant="huge")
    with pytest.raises(SpecError, match="ruleset"):
        bo.load("bao", ruleset="modern")
    with pytest.raises(ValueError, match="max_plies"):
        bo.load("bao", max_plies=0)
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter"):
        bo.load("go9", size=9)
    with pytest.raises(ValueError, match="unknown game `chess`"):
        bo.load("chess")


# ---------------------------------------------------------------------------------------
# OpenSpiel's own consistency checker.


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_random_sim_test(config):
    """OpenSpiel's checker (clones, serialization, masks, observations, returns, the length
    bound) on random games, each of its states also checked against a replayed `Game`."""
    name, params, spec = config
    game = bo.load(name, **params)
    states = []

    def checker(state):
        check_state(state, replay(spec, state.history()))
        states.append(len(state.history()))

    pyspiel.random_sim_test(
        game, num_sims=2, serialize=True, verbose=False, state_checker_fn=checker
    )
    assert states and states.count(0) == 2


def test_random_sim_test_with_a_ply_cap():
    game = bo.load("bao", max_plies=12)
    seen = []

    def checker(state):
        check_state(state, replay("bao", state.history()), max_plies=12)
        seen.append(state.is_terminal() and not state.rules.is_over)

    pyspiel.random_sim_test(
        game, num_sims=3, serialize=True, verbose=False, state_checker_fn=checker
    )
    assert any(seen)  # at least one game stopped at the cap


# ---------------------------------------------------------------------------------------
# MCTS against random, every state checked.


class CheckingEvaluator(mcts.RandomRolloutEvaluator):
    """OpenSpiel's random-rollout evaluator that first checks each state the search hands
    it (every node it expands, every leaf it evaluates) against the rules: a copy of the
    `Game` at the search's root, played on by the state's further action ids."""

    def __init__(self, spec, random_state):
        super().__init__(n_rollouts=1, random_state=random_state)
        self.spec = spec
        self.root_history = []
        self.root_rules = Game(spec)
        self.checked = 0

    def at(self, history, rules):
        self.root_history = list(history)
        self.root_rules = rules

    def check(self, state):
        history = state.history()
        assert history[: len(self.root_history)] == self.root_history
        rules = replay(self.spec, history[len(self.root_history) :], start=self.root_rules)
        check_state(state, rules)
        self.checked += 1

    def evaluate(self, state):
        self.check(state)
        return super().evaluate(state)

    def prior(self, state):
        self.check(state)
        return super().prior(state)


#: The games MCTS plays: (name, params, spec, number of games, simulations per move).
#: MCTS takes the first seat in even games, the second in odd ones.
MCTS_GAMES = (
    ("kazura", {"size": 5}, "kazura:size=5", 2, 30),
    ("bao", {}, "bao:ruleset=seed", 2, 20),
    ("bao", {"ruleset": "reference"}, "bao:ruleset=reference", 1, 20),
    ("go9", {}, "go9", 1, 20),
    ("bind", {}, "bind:variant=mini", 2, 30),
    ("bind", {"variant": "full"}, "bind:variant=full", 2, 20),
)


@pytest.mark.parametrize(
    "name, params, spec, games, simulations",
    MCTS_GAMES,
    ids=[config_id(c[:3]) for c in MCTS_GAMES],
)
def test_mcts_against_random(rulebook, name, params, spec, games, simulations):
    game = bo.load(name, **params)
    score = 0.0
    for index in range(games):
        seed = 1000 * index + len(spec)
        evaluator = CheckingEvaluator(spec, np.random.RandomState(seed))
        searcher = mcts.MCTSBot(
            game,
            uct_c=2.0,
            max_simulations=simulations,
            evaluator=evaluator,
            solve=True,
            random_state=np.random.RandomState(seed + 1),
        )
        mcts_seat = index % 2
        bots = {
            mcts_seat: searcher,
            1 - mcts_seat: uniform_random.UniformRandomBot(
                1 - mcts_seat, np.random.RandomState(seed + 2)
            ),
        }
        state = game.new_initial_state()
        rules = Game(spec)
        legal_lines = []
        while True:
            check_state(state, rules)
            legal_lines.append(legal_line(state))
            if state.is_terminal():
                break
            evaluator.at(state.history(), rules)
            action = bots[state.current_player()].step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            rules.play_action(int(action))
        assert evaluator.checked >= simulations  # the search's states were checked too
        assert rules.is_over
        check_against_rulebook(rulebook, state, legal_lines)
        score += (state.returns()[mcts_seat] + 1) / 2
    # Not a strength test: a sign slip in the returns or the seats would make MCTS play to
    # lose. With these seeds MCTS wins every game; at least one must be won.
    assert score >= 1.0


# ---------------------------------------------------------------------------------------
# Illegal actions.


def snapshot(state):
    return (
        state.history(),
        state.move_number(),
        str(state),
        state.legal_actions(),
        state.rules.to_json(),
        state.current_player(),
    )


def refuse(state, action, error, message, method="apply_action"):
    before = snapshot(state)
    with pytest.raises(error, match=message):
        getattr(state, method)(action)
    assert snapshot(state) == before


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_illegal_and_out_of_range_actions_raise_and_change_nothing(config):
    name, params, spec = config
    game = bo.load(name, **params)
    state = game.new_initial_state()
    rng = np.random.RandomState(7)
    for _ in range(3):
        state.apply_action(int(rng.choice(state.legal_actions())))
    actions = game.num_distinct_actions()
    refuse(state, actions, ActionError, f"action {actions} is out of range")
    refuse(state, 10**12, ActionError, "is out of range")
    refuse(state, -2, ActionError, "action -2 is out of range")
    # -1 is OpenSpiel's kInvalidAction, refused by OpenSpiel before the game sees it.
    refuse(state, -1, pyspiel.SpielError, "kInvalidAction")
    legal = set(state.legal_actions())
    illegal = next(
        a
        for a in range(actions)
        if a not in legal and "(no move)" not in state.action_to_string(a)
    )
    move = state.action_to_string(illegal)
    refuse(state, illegal, IllegalMoveError, rf"action {illegal} \({move}\) is not legal now")
    # OpenSpiel's own legality check refuses it too.
    refuse(
        state, illegal, pyspiel.SpielError, "illegal action", "apply_action_with_legality_check"
    )
    # The state still plays on.
    state.apply_action(min(legal))
    check_state(state, replay(spec, state.history()))


def test_a_bind_id_naming_no_move():
    state = bo.load("bind").new_initial_state()
    no_move = 25 + 4 * 8  # from E1, rightward: off the board (docs/actions.md)
    assert state.action_to_string(no_move) == f"action {no_move} (no move)"
    refuse(state, no_move, ActionError, "names no move")


def test_a_finished_game_refuses_every_action():
    state = bo.load("bind").new_initial_state()
    rng = np.random.RandomState(3)
    while not state.is_terminal():
        state.apply_action(int(rng.choice(state.legal_actions())))
    for action in (0, 225):
        refuse(state, action, IllegalMoveError, "the game is over")


# ---------------------------------------------------------------------------------------
# Bao's ply cap, Kazura's seats.


def test_bao_stops_at_max_plies(rulebook):
    game = bo.load("bao", max_plies=10)
    rng = np.random.RandomState(5)
    state = game.new_initial_state()
    legal_lines = []
    while not state.is_terminal():
        legal_lines.append(legal_line(state))
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert len(state.history()) == 10
    rules = replay("bao", state.history())
    assert not rules.is_over and rules.legal_moves()
    legal_lines.append(" ".join(rules.legal_moves()))  # the game goes on for rulebook
    check_state(state, rules, max_plies=10)
    assert state.returns() == [0.0, 0.0]
    assert "stopped at the cap of 10 plies" in str(state)
    refuse(state, rules.legal_actions()[0], IllegalMoveError, "cap of 10 plies")
    # rulebook: the game goes on; only this module stopped it.
    moves = " ".join(state.action_to_string(a) for a in state.history())
    trace = rulebook("trace", "bao", "--moves", moves).splitlines()
    assert trace[-1] == "result: ongoing"
    assert trace[:-1] == [f"{ply}: {line}" for ply, line in enumerate(legal_lines)]
    # A clone and a deserialized copy are stopped too.
    assert state.clone().is_terminal()
    _, again = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert again.is_terminal() and str(again) == str(state)


def test_kazura_seats_follow_the_swap(rulebook):
    game = bo.load("kazura", size=5)
    state = game.new_initial_state()
    state.apply_action(state.string_to_action("C3"))
    assert state.current_player() == 1
    state.apply_action(state.string_to_action("swap"))
    # White is still to move, and White is now the opener: seat 0.
    assert state.rules.to_move == 1
    assert state.current_player() == 0
    assert "White swapped" in str(state)
    rng = np.random.RandomState(11)
    players = [0, 1]  # the seats that played C3 and swap
    while not state.is_terminal():
        players.append(state.current_player())
        state.apply_action(int(rng.choice(state.legal_actions())))
        check_state(state, replay("kazura:size=5", state.history()))
    # Seats alternate throughout (a pass is a move like any other).
    assert players == [ply % 2 for ply in range(len(players))]
    rules = replay("kazura:size=5", state.history())
    moves = " ".join(rules.moves())
    result = rulebook("trace", "kazura", "--size", "5", "--moves", moves).splitlines()[-1]
    assert result == f"result: {rules.result}"
    colour = rules.result.split()[0]
    if colour in ("black", "white"):
        winner_seat = 1 if colour == "black" else 0  # after the swap the opener is White
        assert state.returns()[winner_seat] == 1.0
        assert state.returns()[1 - winner_seat] == -1.0


# ---------------------------------------------------------------------------------------
# Clones, serialization, records, observers.


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_clone_serialize_and_records(config):
    name, params, spec = config
    game = bo.load(name, **params)
    state = game.new_initial_state()
    rng = np.random.RandomState(13)
    for _ in range(6):
        if state.is_terminal():
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
    history = state.history()

    clone = state.clone()
    assert clone.rules is not state.rules
    assert clone.history() == history and str(clone) == str(state)
    if not clone.is_terminal():
        clone.apply_action(clone.legal_actions()[0])
        assert state.history() == history  # the original did not move

    text = pyspiel.serialize_game_and_state(game, state)
    again_game, again = pyspiel.deserialize_game_and_state(text)
    assert str(again_game) == str(game)
    assert again.history() == history and str(again) == str(state)
    check_state(again, replay(spec, history))
    assert str(game.deserialize_state(state.serialize())) == str(state)
    unpickled = pickle.loads(pickle.dumps(state))
    assert unpickled.history() == history and str(unpickled) == str(state)

    # The record, as a dict and as text, gives the state back through its moves.
    record = state.to_dict()
    assert record == json.loads(state.rules.to_json())
    for given in (record, state.rules.to_json(), state.to_json()):
        from_record = game.new_initial_state(given)
        assert from_record.history() == history
        assert str(from_record) == str(state)


def test_records_that_are_no_state_of_the_game_are_refused():
    game = bo.load("kazura", size=5)
    with pytest.raises(ValueError, match="kazura:size=9"):
        game.new_initial_state(Game("kazura", size=9).to_json())
    with pytest.raises(ValueError, match="go9"):
        game.new_initial_state(Game("go9").to_json())
    resigned = Game("kazura", size=5)
    resigned.play("C3")
    resigned.resign(1)
    with pytest.raises(ValueError, match="resignation"):
        game.new_initial_state(resigned.to_json())
    # go9's SGF is a record too: its moves replay, a set-up (AB) is refused.
    go9 = bo.load("go9")
    played = Game("go9")
    for move in ("E5", "D4", "pass"):
        played.play(move)
    assert go9.new_initial_state(played.to_sgf()).history() == [40, 30, 81]
    with pytest.raises(ValueError, match="set-up"):
        go9.new_initial_state("(;GM[1]FF[4]SZ[9]KM[7]AB[ee];W[dd])")


def test_the_observer():
    from open_spiel.python.observation import make_observation

    game = bo.load("go9")
    state = game.new_initial_state()
    for move in ("E5", "D4", "pass"):
        state.apply_action(state.string_to_action(move))
    observation = make_observation(game)
    observation.set_from(state, 0)
    assert observation.tensor.shape == (4 * 9 * 9,)
    assert np.array_equal(observation.dict["observation"], state.rules.observation(player=0))
    observation.set_from(state, 1)
    assert np.array_equal(observation.dict["observation"], state.rules.observation(player=1))
    assert not np.array_equal(state.rules.observation(player=0), state.rules.observation(player=1))
    assert observation.string_from(state, 1) == str(state)
    # Perfect recall: OpenSpiel's observer of public-information games (the history).
    recall = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    assert recall.string_from(state, 0) == state.history_str()
    assert state.information_state_string(0) == state.history_str()
    with pytest.raises(ValueError, match="not supported"):
        make_observation(game, params={"planes": "all"})


def test_registration_reads_the_catalogs_descriptors_and_registers_what_it_did():
    # The names, parameters and lengths come from `boardrules.descriptors()`, no longer
    # from lists of this module's; what OpenSpiel sees is what it saw before.
    assert bo.PARAMETERS == {
        "kazura": {"size": 13},
        "bao": {"ruleset": "seed", "max_plies": 1000},
        "go9": {},
        "bind": {"variant": "mini"},
    }
    long_names = {n: pyspiel.load_game(s).get_type().long_name for n, s in bo.NAMES.items()}
    for descriptor in boardrules.descriptors():
        assert long_names[descriptor["name"]] == f"Python boardrules {descriptor['long_name']}"
    assert long_names["go9"] == "Python boardrules 9x9 Go (Ttakji rules)"
