"""Exact, fast rule engines for four board games: Kazura, Bao (NYAKUA trial A), 9x9 Go
(Ttakji rules) and Bind, from the Rust workspace's game catalog.

>>> from boardrules import Game
>>> game = Game("kazura", size=5)
>>> game.play("C3")
>>> game.to_move
1
>>> "swap" in game.legal_moves()
True

`Game` is one game (moves as text or integer actions, masks, observations, records, the
computer's move); `Batch` steps many games together into numpy arrays. The environments
for PettingZoo (`boardrules.pettingzoo`), OpenSpiel (`boardrules.openspiel`) and Gymnasium
(`boardrules.gymnasium`), and self-play on Ray or local processes (`boardrules.selfplay`),
import those libraries only when used.
"""

from boardrules._boardrules import (
    MAX_BATCH_GAMES,
    MAX_THREADS,
    ActionError,
    ArgumentError,
    Batch,
    Bot,
    BotError,
    CallError,
    ConcurrentUseError,
    Game,
    GameError,
    IllegalMoveError,
    IndexOutOfRange,
    NotationError,
    RecordError,
    SpecError,
    __version__,
    descriptors,
)

#: The games, by the names `Game` takes (the catalog's, in its order).
GAMES = tuple(d["name"] for d in descriptors())

__all__ = [
    "GAMES",
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
