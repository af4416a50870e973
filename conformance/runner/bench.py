"""The benchmark kit: the same measures, through every engine, side by side in one table.

`bench.py` beside this package is the entry point (see conformance/README.md). Over each
fixed position set (`bench/positions/GAME.jsonl`: a header with the game and its options,
then `{"id": …, "moves": […]}` a line, moves played from the standard start) it times:

- `legal`: every legal move listed at each position (positions/s);
- `play-copy`: at each position, each legal move played on a copy (moves/s);
  `play-undo`, play then undo, comes from the Rust binary for the games with undo (go9);
- `perft`: perft to depth 2 from each position (leaf nodes/s) and the node total of the
  set, which differs between engines exactly where their rules do;
- `playout`: one uniformly random game from each position to its end or 500 plies, from
  one generator seeded once (`random.Random(seed)` here) (playouts/s and plies/s).

Each measure repeats passes over the whole set until `--seconds` have passed (at least
one pass). The positions are played from the start and the lists of moves to play are
made before the clock starts. The Python adapters are timed in this process, through the
adapter interface (`runner/adapters/base.py`): what an engine costs as the kit sees it,
its translation to and from the notation included. Our crates and the `goban` crate are
timed by the Rust binary `kit-bench` (benches/src/bin/kit_bench.rs), which prints one
JSON object a line; this module runs it and reads them.

The result is one markdown table (rows: engine per game; columns: the measures), under a
header naming the machine, the date and the command.
"""

from __future__ import annotations

import argparse
import datetime
import json
import platform
import random
import shlex
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Sequence, TextIO, Tuple

from .adapters.base import PERFT, Adapter, AdapterConfig, Options
from .checks import generic_perft
from .vectors import GAMES
from .worker import ADAPTERS, AdapterStartError, resolve

HERE = Path(__file__).resolve().parent.parent
POSITIONS = HERE / "bench" / "positions"
BENCH_FORMAT = "boardrules-bench"

DEFAULT_ADAPTERS = ("boardrules", "go_v5", "openspiel")
DEFAULT_RUST = "cargo run --release -q -p benches --bin kit-bench --"
DEFAULT_SECONDS = 1.0
DEFAULT_SEED = 1
DEPTH = 2
MAX_PLIES = 500

MEASURES: Tuple[str, ...] = ("legal", "play-copy", "play-undo", "perft", "playout")

#: The engines in the table's order, with the name each row shows.
ENGINES: Tuple[Tuple[str, str], ...] = (
    ("ours", "ours (Rust)"),
    ("goban", "goban 0.20 (Rust, crates.io)"),
    ("boardrules", "boardrules (Python binding of ours)"),
    ("go_v5", "go_v5 (PettingZoo)"),
    ("openspiel", "OpenSpiel"),
)


class BenchError(Exception):
    """A position set that cannot be read, or an engine that refuses its positions."""


@dataclass(frozen=True)
class PositionSet:
    """A position file: the game, its options, and each position's id and moves."""

    game: str
    options: Options
    positions: Tuple[Tuple[str, Tuple[str, ...]], ...]


@dataclass
class Result:
    """One engine × game × measure. `items` counts the measure's unit over all passes
    (positions, moves, leaf nodes or playouts); `nodes` is the perft total of one pass;
    `plies` the playouts' plies over all passes."""

    engine: str
    game: str
    measure: str
    items: int
    seconds: float
    passes: int
    nodes: Optional[int] = None
    plies: Optional[int] = None

    @property
    def rate(self) -> float:
        return self.items / self.seconds if self.seconds > 0 else float("inf")


@dataclass
class Run:
    """Everything a table shows."""

    results: List[Result] = field(default_factory=list)
    notes: List[str] = field(default_factory=list)
    failed: bool = False


# ---------------------------------------------------------------------- positions


def read_positions(path: Path, limit: Optional[int] = None) -> PositionSet:
    """Reads a position file (its first `limit` positions, or all)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    if not lines:
        raise BenchError(f"{path}: empty file")
    try:
        header = json.loads(lines[0])
    except json.JSONDecodeError as error:
        raise BenchError(f"{path}:1: {error}") from None
    if not isinstance(header, dict) or header.get("format") != BENCH_FORMAT:
        raise BenchError(f"{path}:1: not a {BENCH_FORMAT} header")
    game, options = header.get("game"), header.get("options", {})
    if game not in GAMES or not isinstance(options, dict):
        raise BenchError(f"{path}:1: no known game with options")
    positions: List[Tuple[str, Tuple[str, ...]]] = []
    for number, line in enumerate(lines[1:], start=2):
        if limit is not None and len(positions) >= limit:
            break
        try:
            item = json.loads(line)
        except json.JSONDecodeError as error:
            raise BenchError(f"{path}:{number}: {error}") from None
        moves = item.get("moves") if isinstance(item, dict) else None
        if not isinstance(item, dict) or not isinstance(item.get("id"), str) or not isinstance(moves, list) or not all(
            isinstance(move, str) for move in moves
        ):
            raise BenchError(f"{path}:{number}: a position needs an `id` and a list of `moves`")
        positions.append((item["id"], tuple(moves)))
    return PositionSet(game=game, options=options, positions=tuple(positions))


# ---------------------------------------------------------------------- timing


def timed(seconds: float, one_pass: Callable[[], Tuple[int, int]]) -> Tuple[int, float, Tuple[int, int], Tuple[int, int]]:
    """Runs `one_pass` (which returns its (items, plies)) until `seconds` have passed, at
    least once: (passes, elapsed, first pass's counts, all passes' counts)."""
    start = time.perf_counter()
    passes = 0
    first = (0, 0)
    items = plies = 0
    while True:
        counts = one_pass()
        if passes == 0:
            first = counts
        passes += 1
        items += counts[0]
        plies += counts[1]
        if time.perf_counter() - start >= seconds:
            break
    return passes, time.perf_counter() - start, first, (items, plies)


def time_adapter(
    adapter: Adapter[Any],
    engine: str,
    positions: PositionSet,
    seconds: float,
    seed: int = DEFAULT_SEED,
    depth: int = DEPTH,
    max_plies: int = MAX_PLIES,
) -> List[Result]:
    """The four measures of one Python adapter on one position set."""
    states: List[Any] = []
    for ident, moves in positions.positions:
        state = adapter.new_game(positions.game, positions.options)
        for number, move in enumerate(moves, start=1):
            try:
                state = adapter.play(state, move)
            except Exception as error:
                raise BenchError(f"{engine} refuses move {number} `{move}` of {ident}: {error}") from None
        states.append(state)
    results: List[Result] = []

    def record(measure: str, one_pass: Callable[[], Tuple[int, int]]) -> Tuple[int, int]:
        passes, elapsed, first, total = timed(seconds, one_pass)
        result = Result(engine, positions.game, measure, total[0], elapsed, passes)
        if measure == "perft":
            result.nodes = first[0]
        if measure == "playout":
            result.plies = total[1]
        results.append(result)
        return first

    def legal() -> Tuple[int, int]:
        for state in states:
            adapter.legal_moves(state)
        return len(states), 0

    record("legal", legal)

    pairs = [(state, adapter.legal_moves(state)) for state in states]
    moves_per_pass = sum(len(moves) for _, moves in pairs)

    def play_copy() -> Tuple[int, int]:
        for state, moves in pairs:
            for move in moves:
                adapter.play(adapter.clone(state), move)
        return moves_per_pass, 0

    record("play-copy", play_copy)

    def perft() -> Tuple[int, int]:
        total = 0
        for state in states:
            counts = adapter.perft(state, depth) if PERFT in adapter.capabilities else generic_perft(adapter, state, depth)
            total += counts[depth - 1] if depth > 0 else 1
        return total, 0

    record("perft", perft)

    rng = random.Random(seed)

    def playout() -> Tuple[int, int]:
        plies = 0
        for state in states:
            game = adapter.clone(state)
            for _ in range(max_plies):
                moves = adapter.legal_moves(game)
                if not moves:
                    break
                game = adapter.play(game, rng.choice(moves))
                plies += 1
        return len(states), plies

    record("playout", playout)
    return results


def run_rust(
    command: str,
    files: Sequence[Path],
    seconds: float,
    seed: int,
    limit: Optional[int],
    depth: int = DEPTH,
    max_plies: int = MAX_PLIES,
    cwd: Optional[Path] = None,
) -> List[Result]:
    """Runs `kit-bench` (the command, then its options and the files) and reads its JSON
    lines."""
    argv = shlex.split(command) + [
        "--seconds", repr(seconds), "--seed", str(seed), "--depth", str(depth), "--max-plies", str(max_plies),
    ]
    if limit is not None:
        argv += ["--limit", str(limit)]
    argv += [str(path) for path in files]
    try:
        done = subprocess.run(argv, cwd=cwd, capture_output=True, text=True, check=False)
    except OSError as error:
        raise BenchError(f"cannot run `{shlex.join(argv)}`: {error}") from None
    if done.returncode != 0:
        tail = "\n".join(done.stderr.strip().splitlines()[-5:])
        raise BenchError(f"`{shlex.join(argv)}` exited with status {done.returncode}: {tail}")
    results = []
    for line in done.stdout.splitlines():
        if not line.strip():
            continue
        item = json.loads(line)
        results.append(
            Result(
                engine=str(item["engine"]),
                game=str(item["game"]),
                measure=str(item["measure"]),
                items=int(item["items"]),
                seconds=float(item["seconds"]),
                passes=int(item["passes"]),
                nodes=item.get("nodes"),
                plies=item.get("plies"),
            )
        )
    return results


# ---------------------------------------------------------------------- the table


def machine() -> str:
    """CPU model and cores (from /proc/cpuinfo), the system, Python's and rustc's versions."""
    model, cores = platform.processor() or platform.machine(), 0
    try:
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8").splitlines():
            key, _, value = line.partition(":")
            if key.strip() == "model name" and model in ("", platform.machine(), platform.processor()):
                model = value.strip()
            if key.strip() == "processor":
                cores += 1
    except OSError:
        pass
    try:
        rustc = subprocess.run(["rustc", "--version"], capture_output=True, text=True, check=False).stdout.strip()
    except OSError:
        rustc = ""
    parts = [f"{model}, {cores or '?'} logical cores", f"{platform.system()} {platform.release()}"]
    parts.append(f"Python {platform.python_version()}")
    parts.append(rustc or "rustc not found")
    return "; ".join(parts)


def human(value: float) -> str:
    """A rate with three significant figures: `812`, `36.6k`, `6.43M`."""
    for limit, suffix in ((1e9, "G"), (1e6, "M"), (1e3, "k")):
        if value >= limit:
            scaled = value / limit
            return f"{scaled:.3g}{suffix}" if scaled < 1000 else f"{scaled:.0f}{suffix}"
    return f"{value:.3g}" if value < 100 else f"{value:.0f}"


COLUMNS: Tuple[str, ...] = (
    "game",
    "engine",
    "legal moves (positions/s)",
    "play on a copy (moves/s)",
    "play+undo (moves/s)",
    f"perft {DEPTH} (nodes/s)",
    f"perft-{DEPTH} nodes",
    "playouts/s",
    "plies/s",
    "plies per playout",
)


def table_rows(results: Sequence[Result], games: Sequence[str]) -> List[List[str]]:
    """The table's cells, one row per game × engine that has results."""
    found: Dict[Tuple[str, str, str], Result] = {(r.game, r.engine, r.measure): r for r in results}
    rows = []
    for game in games:
        for engine, label in ENGINES:
            if not any((game, engine, measure) in found for measure in MEASURES):
                continue

            def rate(measure: str) -> str:
                result = found.get((game, engine, measure))
                return human(result.rate) if result else "—"

            perft = found.get((game, engine, "perft"))
            playout = found.get((game, engine, "playout"))
            rows.append(
                [
                    game,
                    label,
                    rate("legal"),
                    rate("play-copy"),
                    rate("play-undo"),
                    rate("perft"),
                    f"{perft.nodes:,}" if perft and perft.nodes is not None else "—",
                    rate("playout"),
                    human(playout.plies / playout.seconds) if playout and playout.plies is not None else "—",
                    f"{playout.plies / playout.items:.1f}" if playout and playout.plies is not None and playout.items else "—",
                ]
            )
    return rows


def markdown(run: Run, games: Sequence[str], header: Sequence[str]) -> str:
    """The whole report: header lines, the table, then the notes."""
    out = [f"{line}  " if index < len(header) - 1 else line for index, line in enumerate(header)]
    out.append("")
    rows = table_rows(run.results, games)
    out.append("| " + " | ".join(COLUMNS) + " |")
    out.append("|" + "|".join(["---", "---"] + ["---:"] * (len(COLUMNS) - 2)) + "|")
    out.extend("| " + " | ".join(row) + " |" for row in rows)
    if run.notes:
        out.append("")
        out.extend(f"- {note}" for note in run.notes)
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------------- the command line


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="bench.py",
        description=(
            "Times legal-move generation, play on a copy, perft 2 and random playouts over the "
            "fixed position sets (bench/positions/GAME.jsonl), through the Python adapters and "
            "the Rust binary kit-bench (our crates and goban), and writes one markdown table."
        ),
    )
    parser.add_argument(
        "--adapters",
        default=",".join(DEFAULT_ADAPTERS),
        help=f"comma-separated Python adapters (default {','.join(DEFAULT_ADAPTERS)}; '' for none); "
        "each is timed on the games it plays",
    )
    parser.add_argument(
        "--rust",
        default=DEFAULT_RUST,
        help=f"the command that runs kit-bench (default `{DEFAULT_RUST}`, run from the repository's "
        "root); '' or `none` to leave the Rust engines out",
    )
    parser.add_argument("--seconds", type=float, default=DEFAULT_SECONDS, help="time each measure at least this long")
    parser.add_argument("--games", default=",".join(GAMES), help=f"comma-separated games (default {','.join(GAMES)})")
    parser.add_argument("--positions", type=int, metavar="N", help="only the first N positions of each set")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help="the seed of the random playouts")
    parser.add_argument("--out", type=Path, help="write the table to this file (default: standard output)")
    return parser


def _command(argv: Sequence[str]) -> str:
    return shlex.join(["python3", "conformance/bench.py", *argv])


def main(argv: Optional[Sequence[str]] = None, out: Optional[TextIO] = None, log: Optional[TextIO] = None) -> int:
    """Runs the command line; 0 when every engine asked for ran, 1 when one could not, 2
    for bad usage."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    parser = _parser()
    try:
        args = parser.parse_args(arguments)
        if not args.seconds >= 0:
            parser.error("--seconds must be 0 or more")
        if args.positions is not None and args.positions < 1:
            parser.error("--positions must be 1 or more")
    except SystemExit as stop:
        return stop.code if isinstance(stop.code, int) else 2
    log = log if log is not None else sys.stderr
    games = [game.strip() for game in args.games.split(",") if game.strip()]
    unknown = [game for game in games if game not in GAMES]
    if unknown or not games:
        print(f"bench.py: unknown game(s) {', '.join(unknown) or '(none)'}; use {', '.join(GAMES)}", file=log)
        return 2
    adapters = [name.strip() for name in args.adapters.split(",") if name.strip()]
    files = [POSITIONS / f"{game}.jsonl" for game in games]
    try:
        sets = {game: read_positions(path, args.positions) for game, path in zip(games, files)}
    except (OSError, BenchError) as error:
        print(f"bench.py: {error}", file=log)
        return 2

    date = datetime.datetime.now().astimezone()
    run = Run()
    if args.rust.strip() and args.rust.strip().lower() != "none":
        print(f"bench.py: kit-bench on {', '.join(games)} …", file=log, flush=True)
        try:
            run.results += run_rust(args.rust, files, args.seconds, args.seed, args.positions, cwd=HERE.parent)
        except BenchError as error:
            run.notes.append(f"ours, goban: not run: {error}")
            run.failed = True
    for name in adapters:
        label = dict(ENGINES).get(name, name)
        try:
            adapter: Adapter[Any] = resolve(name)(AdapterConfig())
        except Exception as error:  # AdapterStartError (a missing package, a bad name) or its constructor's
            run.notes.append(f"{label}: not run: {error}")
            run.failed = True
            continue
        engine = name if name in ADAPTERS else adapter.name
        try:
            for game in games:
                if adapter.supports(game, sets[game].options) is not None:
                    continue
                print(f"bench.py: {name} on {game} …", file=log, flush=True)
                try:
                    run.results += time_adapter(adapter, engine, sets[game], args.seconds, args.seed)
                except BenchError as error:
                    run.notes.append(f"{label}, {game}: not run: {error}")
                    run.failed = True
        finally:
            adapter.close()

    count = {game: len(sets[game].positions) for game in games}
    header = [
        f"**Machine:** {machine()}",
        f"**Date:** {date.strftime('%Y-%m-%d %H:%M %Z')}",
        f"**Command:** `{_command(arguments)}`",
        f"Positions: {', '.join(f'{game} {n}' for game, n in count.items())} (bench/positions/GAME.jsonl); "
        f"each measure repeated over its set for at least {args.seconds:g} s; perft depth {DEPTH}; "
        f"playouts uniformly random to the end or {MAX_PLIES} plies, seed {args.seed}.",
    ]
    text = markdown(run, games, header)
    if args.out is not None:
        args.out.write_text(text, encoding="utf-8")
        print(f"bench.py: wrote {args.out}", file=log)
    else:
        (out if out is not None else sys.stdout).write(text)
    return 1 if run.failed else 0


__all__ = ["BenchError", "PositionSet", "Result", "main", "read_positions", "run_rust", "time_adapter", "table_rows"]
