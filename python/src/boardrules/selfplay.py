"""Self-play: many games of the computer against itself, on Ray or on local processes.

>>> from boardrules.selfplay import play_game
>>> game = play_game("kazura:size=5", 20, seed=1)
>>> sorted(game)
['plies', 'record', 'result', 'seed', 'spec', 'winner']

`play_game` plays one whole game: every move, both sides', is
`Game.computer_move(level, playouts=…, seed=move_seed(seed, ply), threads=1)`. A level's
budget is a number of playouts (but `hard` in go9 and Kazura also stops on a clock: give
it a playout budget), so the computer's move depends only on the position and the seed,
and a game only on its spec, its level or budget and its seed: wherever and in whatever
order the games run, the same seeds give the same records.

`run_ray` spreads the games over a Ray cluster (one task of one CPU a game, at most
`workers` at a time); `run_local` over a `multiprocessing` pool (the `spawn` context), for
those without Ray. Both write one JSON line a game, in the order of the seeds, and return
the SHA-256 of what they wrote, the same for the same games whatever the backend and the
number of workers. `python/examples/ray_selfplay.py` is a command line for both;
docs/python-selfplay.md explains running it on several machines.

Ray is imported only by `run_ray`.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import multiprocessing
import os
from typing import IO, Any, Callable, Generator, Iterable, Iterator, Optional, Union

from boardrules._boardrules import ArgumentError, Game

__all__ = ["LEVELS", "move_seed", "play_game", "run_local", "run_ray", "game_line"]

#: The computer's levels.
LEVELS = ("easy", "normal", "hard")

#: Where `run_local` and `run_ray` write: a path, an open text file, or None (nowhere,
#: only the hash).
Out = Union[str, "os.PathLike[str]", IO[str], None]


def move_seed(seed: int, ply: int) -> int:
    """The search seed of the move at `ply` (0 for the first move) of the game `seed`:
    the first 8 bytes of BLAKE2b of the two numbers as 8-byte little-endian words, read
    little-endian. Fixed here so that records stay reproducible across versions."""
    seed = _check_seed(seed)
    if isinstance(ply, bool) or not isinstance(ply, int) or not 0 <= ply < 2**64:
        raise ArgumentError(f"a ply is a whole number from 0 to 2**64 - 1, not {ply!r}")
    data = seed.to_bytes(8, "little") + ply.to_bytes(8, "little")
    return int.from_bytes(hashlib.blake2b(data, digest_size=8).digest(), "little")


def _check_seed(seed: Any) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**64:
        raise ArgumentError(f"a game's seed is a whole number from 0 to 2**64 - 1, not {seed!r}")
    return seed


def _computer(level_or_playouts: Union[str, int], level: str) -> tuple[str, Optional[int]]:
    """The level and the playout budget (None: the level's) of `computer_move`."""
    if isinstance(level_or_playouts, str):
        if level_or_playouts not in LEVELS:
            raise ArgumentError(
                f"unknown level {level_or_playouts!r}: the levels are {', '.join(LEVELS)}"
            )
        return level_or_playouts, None
    if isinstance(level_or_playouts, bool) or not isinstance(level_or_playouts, int):
        raise ArgumentError(f"give a level or a playout budget, not {level_or_playouts!r}")
    if level_or_playouts < 1:
        raise ArgumentError("a playout budget is at least 1")
    if not isinstance(level, str) or level not in LEVELS:
        raise ArgumentError(f"unknown level {level!r}: the levels are {', '.join(LEVELS)}")
    return level, level_or_playouts


def play_game(
    spec: str, level_or_playouts: Union[str, int], seed: int, *, level: str = "normal"
) -> dict[str, Any]:
    """One game of `spec` played by the computer against itself.

    `level_or_playouts` is a level (`"easy"`, `"normal"`, `"hard"`) or a playout budget,
    searched with the other settings of `level`. Returns `{"seed", "spec", "result",
    "winner", "plies", "record"}`: the seed, the canonical spec, the result as `rulebook`
    prints it, the winner (0, 1 or None for a draw), the number of moves and the game's
    JSON record (`Game.to_json()`, which `Game.from_record` and `rulebook replay` read).
    """
    seed = _check_seed(seed)
    level, playouts = _computer(level_or_playouts, level)
    game = Game(spec)
    while not game.is_over:
        move = game.computer_move(level, playouts=playouts, seed=move_seed(seed, game.ply))
        assert move is not None, "a game in progress has a move"
        game.play(move)
    return {
        "seed": seed,
        "spec": game.spec,
        "result": game.result,
        "winner": game.winner,
        "plies": game.ply,
        "record": game.to_json(),
    }


def game_line(game: dict[str, Any]) -> str:
    """A game's JSON line: keys sorted, no spaces, ASCII, one final newline."""
    return json.dumps(game, sort_keys=True, separators=(",", ":")) + "\n"


def _seed_order(seeds: Iterable[int]) -> list[int]:
    ordered = sorted(_check_seed(seed) for seed in seeds)
    for a, b in zip(ordered, ordered[1:]):
        if a == b:
            raise ValueError(f"seed {a} is given twice: each seed is one game")
    return ordered


def _write(
    games: Iterator[dict[str, Any]],
    out: Out,
    on_game: Optional[Callable[[dict[str, Any]], None]],
) -> str:
    """Writes the games' lines to `out` and returns their SHA-256 (hex)."""
    digest = hashlib.sha256()
    stream: Optional[IO[str]]
    if isinstance(out, (str, os.PathLike)):
        stream, close = open(out, "w", encoding="utf-8", newline="\n"), True
    else:
        stream, close = out, False  # None: the lines are only hashed
    try:
        for game in games:
            line = game_line(game)
            digest.update(line.encode("utf-8"))
            if stream is not None:
                stream.write(line)
            if on_game is not None:
                on_game(game)
    finally:
        if close and stream is not None:
            stream.close()
    return digest.hexdigest()


def run_local(
    spec: str,
    seeds: Iterable[int],
    level_or_playouts: Union[str, int] = "easy",
    *,
    workers: Optional[int] = None,
    level: str = "normal",
    out: Out = None,
    on_game: Optional[Callable[[dict[str, Any]], None]] = None,
) -> str:
    """Plays a game for each seed on `workers` local processes (default: one a CPU) and
    writes their JSON lines in ascending seed order to `out`; returns the lines' SHA-256.

    The processes are a `multiprocessing` pool of the `spawn` context (a script that calls
    this needs the usual `if __name__ == "__main__":` guard); one worker plays in this
    process. `on_game` is called with each game's dict as it is written.
    """
    ordered = _seed_order(seeds)
    _computer(level_or_playouts, level)  # an error here rather than in every worker
    if workers is None:
        workers = os.cpu_count() or 1
    if workers < 1:
        raise ValueError("workers must be at least 1")
    play = functools.partial(play_game, spec, level_or_playouts, level=level)
    if workers == 1 or len(ordered) <= 1:
        return _write(map(play, ordered), out, on_game)
    context = multiprocessing.get_context("spawn")
    with context.Pool(min(workers, len(ordered))) as pool:
        # imap keeps the order of the seeds; one game a task keeps the workers busy to the
        # end whatever the games' lengths.
        return _write(pool.imap(play, ordered, chunksize=1), out, on_game)


@functools.lru_cache(maxsize=None)
def _remote_play_game() -> Any:
    import ray

    # One CPU a game: Ray then never runs more games on a machine than it has CPUs.
    return ray.remote(num_cpus=1)(play_game)


def _ray_games(
    spec: str, ordered: list[int], level_or_playouts: Union[str, int], level: str, workers: int
) -> Generator[dict[str, Any], None, None]:
    """The games of the seeds `ordered`, in that order, with at most `workers` running."""
    import ray

    remote = _remote_play_game()
    running: dict[Any, int] = {}  # object ref -> index in `ordered`
    done: dict[int, dict[str, Any]] = {}
    submitted = emitted = 0
    try:
        while emitted < len(ordered):
            while submitted < len(ordered) and len(running) < workers:
                ref = remote.remote(spec, level_or_playouts, ordered[submitted], level=level)
                running[ref] = submitted
                submitted += 1
            finished, _ = ray.wait(list(running), num_returns=1)
            for ref in finished:
                done[running.pop(ref)] = ray.get(ref)
            while emitted in done:
                yield done.pop(emitted)
                emitted += 1
    finally:
        for ref in running:
            ray.cancel(ref)


def run_ray(
    spec: str,
    seeds: Iterable[int],
    workers: int,
    level_or_playouts: Union[str, int] = "easy",
    *,
    level: str = "normal",
    out: Out = None,
    address: Optional[str] = None,
    on_game: Optional[Callable[[dict[str, Any]], None]] = None,
) -> str:
    """Plays a game for each seed as Ray tasks of one CPU each, at most `workers` at a
    time, and writes their JSON lines in ascending seed order to `out`; returns the lines'
    SHA-256 (the same as `run_local`'s for the same games).

    Uses the Ray connection of this process if there is one; otherwise connects with
    `ray.init(address=address)` (None starts a local cluster; `"auto"`, `"HOST:PORT"` or
    `"ray://HOST:10001"` join one) and disconnects at the end. Every machine of the
    cluster needs `boardrules` importable.
    """
    ordered = _seed_order(seeds)
    _computer(level_or_playouts, level)
    if workers < 1:
        raise ValueError("workers must be at least 1")
    import ray

    started = not ray.is_initialized()
    if started:
        ray.init(address=address)
    try:
        # Closed before any shutdown below: a failure cancels the games still running.
        with contextlib.closing(_ray_games(spec, ordered, level_or_playouts, level, workers)) as games:
            return _write(games, out, on_game)
    finally:
        if started:
            ray.shutdown()
