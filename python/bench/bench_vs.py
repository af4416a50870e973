"""Env-steps per second of 9x9 Go through Python: boardrules.Batch side by side with pgx (JAX on
the CPU), PettingZoo's go_v5 and OpenSpiel's go, in one run, every loop drawing random legal
actions and producing each step's observations and masks.

    python python/bench/bench_vs.py [--seconds 5] [--threads 1] [--sizes 256,1024,2048]
                                    [--only ours,pgx,pettingzoo,openspiel]

One core, then two (the process's CPUs are what `taskset` allows; JAX's XLA runtime uses
every CPU it is allowed, whatever `--threads` says, which sets Batch's threads only):

    taskset -c 1 python python/bench/bench_vs.py --seconds 5
    taskset -c 0,1 python python/bench/bench_vs.py --seconds 5 --threads 2

Rows:
- `ours`: `boardrules.Batch("go9", N, max_plies=400, threads=T)`, numpy's random choice from
  the masks, observations and masks written into numpy arrays each step
  (bench_steps.py's `batch_steps_per_second`);
- `pgx`: `pgx.make("go_9x9")` on JAX's CPU backend, `jax.jit(jax.vmap(...))` of `init` and of
  `step` wrapped in `pgx.experimental.auto_reset`, random legal actions by
  `jax.random.categorical` over the legal-action mask in a jitted function; compilation and
  warm-up are outside the timing, and the clock is read after `block_until_ready`;
- `pettingzoo`: PettingZoo's `go_v5` (9x9, komi 7.5), its AEC loop, one game at a time
  (bench_steps.py's `aec_steps_per_second`);
- `openspiel`: OpenSpiel's `go` (9x9, komi 7.5): `legal_actions()`, a random one,
  `apply_action`, `observation_tensor()` each step, one game at a time.

Needs `pip install ./python pettingzoo[classic] open-spiel pgx jax[cpu]`; a library that is
missing gives a row saying so.
"""

from __future__ import annotations

import argparse
import datetime
import importlib.metadata
import math
import os
import platform
import shlex
import sys
import time

import numpy as np

# The sibling script: Python puts a script's own folder first on sys.path.
from bench_steps import aec_steps_per_second, batch_steps_per_second

KINDS = ("ours", "pgx", "pettingzoo", "openspiel")
NOT_MEASURED = float("nan")

OBSERVATIONS = """\
What each step produces:
- ours: observations (N, 4, 9, 9) float32 (the mover's stones, the opponent's, the points
  barred only by superko, whether the mover is Black) and masks (N, 82) bool, written into
  the caller's numpy arrays; no history planes; a game is cut at 400 plies.
- pgx: state.observation (N, 9, 9, 17) bool, AlphaGo Zero's features: the last 8 positions
  (own and opponent stones for each) and a colour plane, and legal_action_mask (N, 82), as
  JAX arrays; a game ends at 162 plies (2 x 81, pgx's max_termination_steps).
- pettingzoo go_v5: a dict of observation (9, 9, 17) bool (8 past positions and a colour
  plane, as pgx) and action_mask (82,) int8, per agent and step.
- openspiel: observation_tensor() 324 floats, 4 planes of 9x9 (black, white, empty, White to
  play), the current position only; a game ends at 162 plies."""


def pgx_steps_per_second(games: int, seconds: float, seed: int = 0) -> tuple[float, float]:
    """Env-steps per second of pgx's go_9x9 vmapped over `games` games on JAX's CPU backend,
    and the seconds its compilation and warm-up took (not in the rate)."""
    os.environ.setdefault("JAX_PLATFORMS", "cpu")
    import jax
    import pgx
    from pgx.experimental import act_randomly, auto_reset

    env = pgx.make("go_9x9")
    init = jax.jit(jax.vmap(env.init))
    step = jax.jit(jax.vmap(auto_reset(env.step, env.init)))

    @jax.jit
    def choose(key, legal_action_mask):
        """A random legal action per game (categorical over log(mask)), the keys of the
        games' steps (auto_reset needs one for a new game), and the next key."""
        key, action_key, step_key = jax.random.split(key, 3)
        actions = act_randomly(action_key, legal_action_mask)
        return key, actions, jax.random.split(step_key, games)

    compiling = time.perf_counter()
    key, init_key = jax.random.split(jax.random.PRNGKey(seed))
    state = init(jax.random.split(init_key, games))
    for _ in range(3):
        key, actions, step_keys = choose(key, state.legal_action_mask)
        state = step(state, actions, step_keys)
    jax.block_until_ready(state)
    compiled = time.perf_counter() - compiling

    steps = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        key, actions, step_keys = choose(key, state.legal_action_mask)
        state = step(state, actions, step_keys)
        jax.block_until_ready(state)
        steps += games
    return steps / (time.perf_counter() - started), compiled


def openspiel_steps_per_second(seconds: float, seed: int = 0) -> float:
    """Steps per second of one OpenSpiel 9x9 Go game at a time, with random legal actions and
    the observation tensor of each new state, a new game as one ends."""
    import pyspiel

    game = pyspiel.load_game("go", {"board_size": 9, "komi": 7.5})
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    steps = 0
    started = time.perf_counter()
    deadline = started + seconds
    while True:
        legal = state.legal_actions()
        state.apply_action(legal[rng.integers(len(legal))])
        if state.is_terminal():
            state = game.new_initial_state()
        state.observation_tensor()
        steps += 1
        if steps % 256 == 0 and time.perf_counter() > deadline:
            return steps / (time.perf_counter() - started)


def pettingzoo_steps_per_second(seconds: float) -> float:
    """Steps per second of PettingZoo's go_v5 (9x9, komi 7.5) in the AEC loop."""
    from pettingzoo.classic import go_v5

    return aec_steps_per_second(lambda: go_v5.env(board_size=9, komi=7.5), seconds)


def version(distribution: str) -> str:
    try:
        return importlib.metadata.version(distribution)
    except importlib.metadata.PackageNotFoundError:
        return "not installed"


def cpu_model() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as cpuinfo:
            for line in cpuinfo:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown CPU"


def allowed_cpus() -> int | str:
    """The CPUs this process may run on (what `taskset` allows), where the system says."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else "?"


def header() -> str:
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    versions = ", ".join(
        f"{name} {version(name)}"
        for name in ("numpy", "jax", "jaxlib", "pgx", "pettingzoo", "open_spiel", "boardrules")
    )
    return "\n".join(
        [
            f"machine: {platform.platform()}, {cpu_model()}, os.cpu_count() {os.cpu_count()}, "
            f"{allowed_cpus()} CPUs allowed to this process",
            f"date: {now}",
            f"versions: Python {platform.python_version()}, {versions}",
            f"command: {shlex.join(getattr(sys, 'orig_argv', [sys.executable, *sys.argv]))}",
        ]
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per row")
    parser.add_argument("--threads", type=int, default=1, help="threads of boardrules.Batch")
    parser.add_argument(
        "--sizes", default="256,1024,2048", help="batch sizes of ours and pgx, comma-separated"
    )
    parser.add_argument(
        "--only", default=",".join(KINDS), help=f"rows to run, comma-separated: {','.join(KINDS)}"
    )
    args = parser.parse_args()
    sizes = [int(size) for size in args.sizes.split(",")]
    only = args.only.split(",")
    unknown = sorted(set(only) - set(KINDS))
    if unknown:
        parser.error(f"--only: unknown {', '.join(unknown)} (choose from {', '.join(KINDS)})")

    print(header())
    rows: list[tuple[str, object, object, float]] = []
    notes: list[str] = []
    if "ours" in only:
        for size in sizes:
            rate = batch_steps_per_second("go9", size, args.seconds, threads=args.threads)
            rows.append(("boardrules.Batch go9", size, args.threads, rate))
    if "pgx" in only:
        try:
            for size in sizes:
                rate, compiled = pgx_steps_per_second(size, args.seconds)
                rows.append(("pgx go_9x9 (JAX CPU)", size, f"XLA, {allowed_cpus()} CPUs", rate))
                notes.append(f"pgx, {size} games: compilation and warm-up {compiled:.1f} s")
        except ImportError as error:
            rows.append((f"pgx go_9x9: not installed ({error})", "-", "-", NOT_MEASURED))
    if "pettingzoo" in only:
        try:
            rows.append(
                ("PettingZoo go_v5, AEC loop", 1, 1, pettingzoo_steps_per_second(args.seconds))
            )
        except ImportError as error:
            rows.append((f"PettingZoo go_v5: not installed ({error})", "-", "-", NOT_MEASURED))
    if "openspiel" in only:
        try:
            rows.append(("OpenSpiel go 9x9", 1, 1, openspiel_steps_per_second(args.seconds)))
        except ImportError as error:
            rows.append((f"OpenSpiel go: not installed ({error})", "-", "-", NOT_MEASURED))

    print()
    print("| what | batch size | threads | env-steps/s |")
    print("|---|---:|---:|---:|")
    for what, size, threads, rate in rows:
        shown = "-" if math.isnan(rate) else f"{rate:,.0f}"
        print(f"| {what} | {size} | {threads} | {shown} |")
    print()
    for note in notes:
        print(note)
    print(OBSERVATIONS)


if __name__ == "__main__":
    main()
