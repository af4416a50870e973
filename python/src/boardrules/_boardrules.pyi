"""Type stubs of the native module (crates/rules-python)."""

from typing import Optional, TypedDict, Union, final, type_check_only

import numpy as np
import numpy.typing as npt

__all__ = [
    "MAX_BATCH_GAMES",
    "MAX_THREADS",
    "ActionError",
    "ArgumentError",
    "Batch",
    "Bot",
    "BotError",
    "CallError",
    "ConcurrentUseError",
    "Game",
    "GameError",
    "IllegalMoveError",
    "IndexOutOfRange",
    "NotationError",
    "RecordError",
    "SpecError",
    "__version__",
    "descriptors",
]

__version__: str
MAX_THREADS: int
MAX_BATCH_GAMES: int

@type_check_only
class ParameterDescriptor(TypedDict, total=False):
    """One parameter of a game: `name`, `type` (`int` or `choice`), `min` and `max` or
    `choices`, `default` (None when it has none) and `meaning`."""

    name: str
    type: str
    min: int
    max: int
    choices: list[str]
    default: Union[int, str, None]
    meaning: str

@type_check_only
class GameDescriptor(TypedDict):
    """A game as the catalog describes it (docs/catalog.md, "What each game is")."""

    name: str
    long_name: str
    players: list[str]
    parameters: list[ParameterDescriptor]
    calls: list[str]
    seats_change: bool
    sgf: bool
    rules_version: str

def descriptors() -> list[GameDescriptor]:
    """Every game's descriptor, in the catalog's order (kazura, bao, go9, bind)."""

class GameError(ValueError):
    """The base of every error of the rules: a `ValueError` carrying the engine's reason."""

class SpecError(GameError):
    """An unknown game, or an option the game does not take or with a bad value."""

class NotationError(GameError):
    """A text that is not a move in the game's notation."""

class IllegalMoveError(GameError):
    """A move the rules do not allow now; the game is unchanged."""

class ActionError(GameError):
    """An action id out of range, or one that names no move on this board."""

class RecordError(GameError):
    """A text that is not a record of any of the games, or one that does not replay."""

class BotError(GameError):
    """A computer player that failed: an outside engine that would not start, refused a
    command or answered no legal move, or a bot asked about another game than its own."""

class CallError(GameError):
    """A call (resignation, undo) that the rules do not have or refuse now."""

class ArgumentError(GameError):
    """An argument that is not what the call takes: an integer out of its range or a value
    of another type where a whole number is wanted."""

class ConcurrentUseError(GameError):
    """A `Game` or `Batch` used by a second thread while another thread's call holds it."""

class IndexOutOfRange(ArgumentError, IndexError):
    """A game's index out of a Batch: an ArgumentError and an IndexError."""

@type_check_only
class SearchInfo(TypedDict):
    best: Optional[str]
    win_rate: float
    pv: list[str]
    playouts: int
    seconds: float
    nodes: int
    threads: int

@final
class Game:
    """One game of Kazura, Bao, go9 or Bind, chosen by name and options."""

    def __new__(cls, spec: str = "go9", **options: Union[int, str]) -> "Game": ...
    @classmethod
    def from_record(cls, text: str) -> "Game": ...
    @property
    def name(self) -> str: ...
    @property
    def spec(self) -> str: ...
    @property
    def max_game_length(self) -> Optional[int]: ...
    @property
    def player_names(self) -> tuple[str, str]: ...
    @property
    def to_move(self) -> int: ...
    @property
    def ply(self) -> int: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def winner(self) -> Optional[int]: ...
    @property
    def result(self) -> str: ...
    @property
    def status(self) -> str: ...
    def returns(self) -> tuple[float, float]: ...
    def seat_of(self, player_index: int) -> int: ...
    def player_in_seat(self, seat: int) -> int: ...
    def moves(self) -> list[str]: ...
    def legal_moves(self) -> list[str]: ...
    def is_legal(self, move: str) -> bool: ...
    def play(self, move: str) -> None: ...
    @property
    def num_actions(self) -> int: ...
    def action_of(self, move: str) -> int: ...
    def move_of(self, action: int) -> str: ...
    def legal_actions(self) -> list[int]: ...
    def action_mask(self, out: Optional[npt.NDArray[np.bool_]] = None) -> npt.NDArray[np.bool_]: ...
    def play_action(self, action: int) -> str: ...
    @property
    def observation_shape(self) -> tuple[int, int, int]: ...
    def observation(
        self, player: Optional[int] = None, out: Optional[npt.NDArray[np.float32]] = None
    ) -> npt.NDArray[np.float32]: ...
    def undo(self) -> str: ...
    @property
    def can_undo(self) -> bool: ...
    def resign(self, player_index: int) -> None: ...
    @property
    def has_resignation(self) -> bool: ...
    def diagram(self) -> str: ...
    def to_json(self) -> str: ...
    def to_sgf(self, black: str = "black", white: str = "white") -> str: ...
    def computer_move(
        self,
        level: str = "normal",
        *,
        playouts: Optional[int] = None,
        seed: Optional[int] = None,
        threads: Optional[int] = None,
        clock: Optional[bool] = None,
    ) -> Optional[str]: ...
    def search(
        self,
        level: str = "normal",
        *,
        playouts: Optional[int] = None,
        seed: Optional[int] = None,
        threads: Optional[int] = None,
        clock: Optional[bool] = None,
    ) -> SearchInfo: ...
    def copy(self) -> "Game": ...
    def __copy__(self) -> "Game": ...
    def __deepcopy__(self, memo: object) -> "Game": ...
    def __eq__(self, other: object, /) -> bool: ...

@type_check_only
class StepBuffers(TypedDict):
    observations: npt.NDArray[np.float32]
    masks: npt.NDArray[np.bool_]
    rewards: npt.NDArray[np.float32]
    terminated: npt.NDArray[np.bool_]
    truncated: npt.NDArray[np.bool_]
    to_move: npt.NDArray[np.uint8]

@final
class Batch:
    """Many games of one spec, stepped together into numpy arrays the caller owns."""

    def __new__(
        cls,
        spec: str,
        games: int,
        max_plies: Optional[int] = None,
        threads: Optional[int] = None,
        **options: Union[int, str],
    ) -> "Batch": ...
    def __len__(self) -> int: ...
    @property
    def spec(self) -> str: ...
    @property
    def max_plies(self) -> Optional[int]: ...
    @property
    def threads(self) -> int: ...
    @property
    def num_actions(self) -> int: ...
    @property
    def observation_shape(self) -> tuple[int, int, int]: ...
    def buffers(self) -> StepBuffers: ...
    def game(self, index: int) -> Game: ...
    def plies(self, index: int) -> int: ...
    def reset(
        self,
        observations: npt.NDArray[np.float32],
        masks: npt.NDArray[np.bool_],
        to_move: npt.NDArray[np.uint8],
    ) -> None: ...
    def step(
        self,
        actions: npt.NDArray[np.int64],
        observations: npt.NDArray[np.float32],
        masks: npt.NDArray[np.bool_],
        rewards: npt.NDArray[np.float32],
        terminated: npt.NDArray[np.bool_],
        truncated: npt.NDArray[np.bool_],
        to_move: npt.NDArray[np.uint8],
    ) -> None: ...

@final
class Bot:
    """A computer player for one game, kept from move to move (the catalog's bots)."""

    def __new__(
        cls, spec: str, game: Game, *, seed: Optional[int] = None, threads: Optional[int] = None
    ) -> "Bot": ...
    @property
    def name(self) -> str: ...
    def choose(self, game: Game) -> Optional[str]: ...
    def observe(self, game: Game, move: str, own: bool = False) -> None: ...
    def undo(self, plies: Optional[int] = None) -> None: ...
    def close(self) -> None: ...
