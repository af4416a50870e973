"""The four games as OpenSpiel games, so OpenSpiel's own algorithms and bots run on them.

Importing this module registers, with `pyspiel.register_game`:

| short name | parameters (default first) |
|---|---|
| `python_boardrules_kazura` | `size`: 13, or any from 2 to 25 |
| `python_boardrules_bao` | `ruleset`: `"seed"` or `"reference"`; `max_plies`: 1000, or any from 1 |
| `python_boardrules_go9` | none |
| `python_boardrules_bind` | `variant`: `"mini"` or `"full"` |

Each state holds `boardrules.Game(name, **parameters)` (all but `max_plies`).

>>> from boardrules.openspiel import load
>>> game = load("kazura", size=5)
>>> game.num_distinct_actions(), game.observation_tensor_shape()
(27, [4, 5, 5])
>>> state = game.new_initial_state()
>>> state.apply_action(state.string_to_action("C3"))
>>> state.current_player(), "swap" in [state.action_to_string(a) for a in state.legal_actions()]
(1, True)

Every rule is the `Game`'s: a state holds one `boardrules.Game` and asks it for the legal
actions, the player to move, the end and the winner. Actions are the catalog's integer ids
(docs/actions.md) and an action's string is the move in the game's notation, so
`" ".join(state.action_to_string(a) for a in state.history())` is a `rulebook --moves`
line. What this module decides for OpenSpiel:

- **Players are seats.** Player 0 makes the first move, player 1 the second, and each
  gets the returns of the colour it holds: 1 for a win, -1 for a loss, 0 for a draw (and
  for Bao's safety stop, which has no winner). The seats are the `Game`'s players, except in
  Kazura after the swap (K-8): the colours change hands, so player 0, who placed the first
  stone, then holds White, and player 1 Black. In colours the swap changes nothing on the
  board and White moves again; in seats, players still alternate and the swap is what it is
  for, the responder taking the opener's stone.
- **Lengths.** `max_game_length` is a bound the rules give: go9 ends at its 300th move
  (G-6); a Kazura game lasts at most `2 * size**2 + 1` moves (a pass changes nothing and
  is legal only while the other colour can place, K-6, so a placement follows it; one swap
  at most, K-8); a Bind game at most `4 * pieces` (48 on mini,
  120 on full): every move but a pass lowers the two hands' sum by at least 1 (N-3, N-6,
  N-9) and a pass is never followed by another (N-11, N-16). Bao's rules have no bound, so
  its states stop at `max_plies` moves: the state is then terminal with returns 0 for both
  (a cap of this module's, not a rule result; the `Game` itself is still in progress).
- **The observation** is the catalog's planes (`Game.observation(player=…)`,
  docs/actions.md) with the shape `Game.observation_shape`, seen from the colour the
  requesting player's seat holds: the planes a network trained through any front end of
  the package sees. The observation string is `str(state)`: the diagram and
  the status line `rulebook show` prints.
- **Records.** `state.clone()` copies the `Game`; `state.serialize()`,
  `game.deserialize_state()` and pickling go through the game's record, as pickling a
  `Game` does; `state.to_dict()` is the record as a dict, and `game.new_initial_state(r)`
  takes a record (JSON text or dict, or go9's SGF) and applies its moves as actions.
"""

from __future__ import annotations

import json
import operator
from typing import Any, SupportsIndex

import numpy as np
import pyspiel
from open_spiel.python.observation import IIGObserverForPublicInfoGame

from boardrules._boardrules import (
    ArgumentError,
    Game,
    IllegalMoveError,
    RecordError,
    descriptors,
)

__all__ = [
    "NAMES",
    "PARAMETERS",
    "BaoGame",
    "BindGame",
    "BoardrulesGame",
    "BoardrulesState",
    "Go9Game",
    "KazuraGame",
    "load",
]

#: Each game's descriptor from the catalog, by the names `Game` takes.
_DESCRIPTORS: dict[str, Any] = {d["name"]: d for d in descriptors()}

#: The OpenSpiel short name of each game, by the names `Game` takes.
NAMES = {name: f"python_boardrules_{name}" for name in _DESCRIPTORS}

#: The ply cap of a game whose rules set no bound (Bao's `max_plies`), by default.
DEFAULT_MAX_PLIES = 1000


def _parameters(descriptor: dict[str, Any]) -> dict[str, Any]:
    """A game's OpenSpiel parameters and their defaults, from its descriptor: each of its
    parameters that has a default and more than one value (go9's size, 9 only, is none;
    Bind's custom size and pieces, which come together, are none), and `max_plies` where
    the rules set no bound on a game's length (Bao)."""
    parameters: dict[str, Any] = {}
    for parameter in descriptor["parameters"]:
        fixed = parameter["type"] == "int" and parameter["min"] == parameter["max"]
        if parameter["default"] is not None and not fixed:
            parameters[parameter["name"]] = parameter["default"]
    if Game(descriptor["name"]).max_game_length is None:
        parameters["max_plies"] = DEFAULT_MAX_PLIES
    return parameters


#: Each game's OpenSpiel parameters and their defaults.
PARAMETERS: dict[str, dict[str, Any]] = {
    name: _parameters(descriptor) for name, descriptor in _DESCRIPTORS.items()
}


def _game_type(name: str) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=NAMES[name],
        long_name=f"Python boardrules {_DESCRIPTORS[name]['long_name']}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=PARAMETERS[name],
    )


def _start(name: str, params: dict[str, Any]) -> tuple[Game, int | None]:
    """The start position for the parameters, and the ply cap (`max_plies`, for a game
    whose rules set no bound)."""
    options = {key: value for key, value in params.items() if key != "max_plies"}
    start = Game(name, **options)
    if "max_plies" not in params:
        return start, None
    max_plies = params["max_plies"]
    if not isinstance(max_plies, int) or max_plies < 1:
        raise ArgumentError(
            f"max_plies must be a whole number of at least 1, not {max_plies!r}"
        )
    return start, max_plies


def _max_game_length(start: Game, max_plies: int | None) -> int:
    """The longest game the rules allow (see the module's documentation), or the cap."""
    length = start.max_game_length
    if length is not None:
        return length
    assert max_plies is not None
    return max_plies


def _dict_as_json(record: dict[str, Any]) -> str:
    """A record given as a dict, as JSON text to read. One that JSON cannot hold (nested
    past Python's recursion limit, a value of no JSON type, a cycle) is a `RecordError`,
    as the same record given as text is (the reader refuses JSON past 128 levels)."""
    try:
        return json.dumps(record)
    except (RecursionError, TypeError, ValueError) as error:
        raise RecordError(f"the record is not JSON data: {error}") from error


class BoardrulesGame(pyspiel.Game):
    """One of the four games, with its parameters, as an OpenSpiel game (a subclass per
    game names it in `rules_name`)."""

    #: The game's name, as `Game` takes it.
    rules_name = ""

    def __reduce_ex__(self, protocol: SupportsIndex) -> Any:
        """Pickles with every protocol, as `BoardrulesState` does (protocols 0 and 1 would
        end the interpreter in OpenSpiel's C++ base type)."""
        return super().__reduce_ex__(max(operator.index(protocol), 2))

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        name = self.rules_name
        given = dict(PARAMETERS[name])
        given.update(params or {})
        self._start, self._max_plies = _start(name, given)
        info = pyspiel.GameInfo(
            num_distinct_actions=self._start.num_actions,
            max_chance_outcomes=0,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=_max_game_length(self._start, self._max_plies),
        )
        super().__init__(_game_type(name), info, given)

    @property
    def spec(self) -> str:
        """The `Game` spec these parameters give (`kazura:size=5`)."""
        return self._start.spec

    def new_initial_state(self, record: str | dict[str, Any] | None = None) -> BoardrulesState:
        """The start of a game, or, given a record (`Game.to_json()` text or its dict, as
        `state.to_dict()` gives, or go9's SGF), the state after its moves."""
        state = BoardrulesState(self, self._start.copy(), self._max_plies)
        if record is not None:
            state._replay(record)
        return state

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Any = None
    ) -> Any:
        """The planes and the diagram; the history for a perfect-recall observation."""
        if iig_obs_type is None or (iig_obs_type.public_info and not iig_obs_type.perfect_recall):
            return BoardObserver(self._start.observation_shape, params)
        return IIGObserverForPublicInfoGame(iig_obs_type, params)


class BoardrulesState(pyspiel.State):
    """A position: a `boardrules.Game` and the seats (see the module's documentation).

    Only picklable values live in the instance's `__dict__`: OpenSpiel clones a Python
    state by deep-copying it and serializes it by pickling it, and a `Game` copies itself
    and pickles through its record."""

    def __init__(self, game: BoardrulesGame, rules: Game, max_plies: int | None) -> None:
        super().__init__(game)
        self.rules = rules
        self.max_plies = max_plies

    def __reduce_ex__(self, protocol: SupportsIndex) -> Any:
        """Pickles with every protocol. Protocols 0 and 1 would rebuild the state through
        `copyreg._reconstructor`, which OpenSpiel's C++ base type cannot take (pybind11
        ends the interpreter); protocol 2's recipe (`copyreg.__newobj__` and OpenSpiel's
        serialized state) is plain data that every protocol can write."""
        return super().__reduce_ex__(max(operator.index(protocol), 2))

    # The seats.

    def seat_of(self, colour: int) -> int:
        """The OpenSpiel player holding the `Game`'s player `colour` (0 or 1): its seat."""
        return self.rules.seat_of(colour)

    @property
    def capped(self) -> bool:
        """Whether the state stopped at Bao's `max_plies` with the game still going."""
        return (
            self.max_plies is not None
            and not self.rules.is_over
            and self.rules.ply >= self.max_plies
        )

    # OpenSpiel's API.

    def current_player(self) -> int:
        if self.rules.is_over or self.capped:
            return int(pyspiel.PlayerId.TERMINAL)
        return self.seat_of(self.rules.to_move)

    def _legal_actions(self, player: int) -> list[int]:
        return self.rules.legal_actions()

    def _apply_action(self, action: int) -> None:
        if self.capped:
            raise IllegalMoveError(
                f"action {action} cannot be played: the game stopped at its cap of "
                f"{self.max_plies} plies"
            )
        self.rules.play_action(action)

    def _action_to_string(self, player: int, action: int) -> str:
        try:
            return self.rules.move_of(action)
        except ValueError:
            return f"action {action} (no move)"

    def is_terminal(self) -> bool:
        return self.rules.is_over or self.capped

    def returns(self) -> list[float]:
        by_colour = self.rules.returns()
        return [by_colour[self.seat_of(0)], by_colour[self.seat_of(1)]]

    def __str__(self) -> str:
        text = f"{self.rules.diagram()}{self.rules.status}\n"
        if self.capped:
            text += (
                f"stopped at the cap of {self.max_plies} plies (max_plies), not a rule result\n"
            )
        return text

    # Records (the SpielStruct API of OpenSpiel 2).

    def _to_struct(self) -> dict[str, Any]:
        struct: dict[str, Any] = json.loads(self.rules.to_json())
        return struct

    def _replay(self, record: str | dict[str, Any]) -> None:
        text = record if isinstance(record, str) else _dict_as_json(record)
        recorded = Game.from_record(text)
        if recorded.spec != self.rules.spec:
            raise ValueError(
                f"the record is of {recorded.spec}, not of this game ({self.rules.spec})"
            )
        for move in recorded.moves():
            self.apply_action(self.rules.action_of(move))
        if self.rules != recorded:
            raise ValueError(
                "the record does not replay from the start position by its moves alone "
                "(a set-up or a resignation): an OpenSpiel state holds only moves"
            )


class BoardObserver:
    """The observer of OpenSpiel's Python games: `tensor` (flat) and `dict["observation"]`
    (the planes, a view of it) are filled by `set_from`; `string_from` is `str(state)`."""

    def __init__(self, shape: tuple[int, int, int], params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"observation": self.tensor.reshape(shape)}

    def set_from(self, state: BoardrulesState, player: int) -> None:
        """The planes seen from `player`'s side (the colour that seat holds)."""
        colour = state.rules.player_in_seat(player)
        state.rules.observation(player=colour, out=self.dict["observation"])

    def string_from(self, state: BoardrulesState, player: int) -> str:
        del player
        return str(state)


class KazuraGame(BoardrulesGame):
    """Kazura as an OpenSpiel game: `python_boardrules_kazura(size=13)`."""

    rules_name = "kazura"


class BaoGame(BoardrulesGame):
    """Bao as an OpenSpiel game: `python_boardrules_bao(max_plies=1000,ruleset=seed)`."""

    rules_name = "bao"


class Go9Game(BoardrulesGame):
    """9x9 Go as an OpenSpiel game: `python_boardrules_go9()`."""

    rules_name = "go9"


class BindGame(BoardrulesGame):
    """Bind as an OpenSpiel game: `python_boardrules_bind(variant=mini)`."""

    rules_name = "bind"


# The classes themselves are registered, as OpenSpiel's own Python games do: the registry
# is a C++ static that lets go of what it holds after Python has shut down, which a class
# survives (it refers to itself) but a closure does not (the process aborts at exit).
for _class in (KazuraGame, BaoGame, Go9Game, BindGame):
    pyspiel.register_game(_game_type(_class.rules_name), _class)


def load(name: str, **params: Any) -> pyspiel.Game:
    """`pyspiel.load_game` of a game by its `Game` name (`kazura`) or its short name
    (`python_boardrules_kazura`), with its parameters: `load("bind", variant="full")`."""
    short = NAMES.get(name, name) if isinstance(name, str) else name
    if not isinstance(short, str) or short not in NAMES.values():
        raise ArgumentError(
            f"unknown game `{name}`: the games are {', '.join(NAMES)} "
            f"({', '.join(NAMES.values())})"
        )
    for key, value in params.items():
        # OpenSpiel's parameters are C++ ints, strings (and others these games do not
        # take); pybind11 answers anything else, a bool or an int past 32 bits, with
        # a RuntimeError or a TypeError.
        whole = isinstance(value, int) and not isinstance(value, bool)
        if not (isinstance(value, str) or (whole and -(2**31) <= value < 2**31)):
            raise ArgumentError(
                f"parameter {key}={value!r}: give a string or a whole number of 32 bits"
            )
    return pyspiel.load_game(short, params)
