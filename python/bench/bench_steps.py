"""Steps per second of the four games through Python, side by side with PettingZoo's own
Go in the same run (docs/python.md, "Speed").

    python python/bench/bench_steps.py [--seconds 5] [--games 256]

Every figure is random legal actions on one core (the batch's random choice is numpy's,
from the masks, inside the timing). Rows:
- `aec`: a PettingZoo AEC loop (`env.last()`, a random legal action from the mask,
  `env.step`) through `boardrules.pettingzoo.env`, for each game, then PettingZoo's
  `go_v5` (9x9, komi 7.5) the same way;
- `batch`: `boardrules.Batch`, N games stepped together with observations and masks
  written into numpy arrays each step.
"""

from __future__ import annotations

import argparse
import time

import numpy as np


def aec_steps_per_second(make_env, seconds: float, seed: int = 0) -> float:
    """Steps per second of the AEC loop with random legal actions, games started again
    as they end, for about `seconds`."""
    env = make_env()
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    steps = 0
    started = time.perf_counter()
    deadline = started + seconds
    while True:
        for agent in env.agent_iter():
            observation, _, termination, truncation, _ = env.last()
            if termination or truncation:
                env.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            env.step(int(legal[rng.integers(len(legal))]))
            steps += 1
            if steps % 256 == 0 and time.perf_counter() > deadline:
                return steps / (time.perf_counter() - started)
        env.reset()


def random_batch(spec: str, games: int, threads: int | None = None, seed: int = 0):
    """A fresh `Batch` of `games` games after `reset`, its buffers, and the seeded generator
    and scratch array of `draw_actions`."""
    from boardrules import Batch

    batch = Batch(spec, games, max_plies=400, threads=threads)
    buffers = batch.buffers()
    batch.reset(buffers["observations"], buffers["masks"], buffers["to_move"])
    noise = np.empty(buffers["masks"].shape, dtype=np.float32)
    return batch, buffers, np.random.default_rng(seed), noise


def draw_actions(rng, noise, masks):
    """A random legal action for every game: the largest of uniform noise on the legal ones."""
    rng.random(out=noise, dtype=np.float32)
    noise *= masks
    return noise.argmax(axis=1)


def batch_steps_per_second(
    spec: str, games: int, seconds: float, seed: int = 0, threads: int | None = None
) -> float:
    """Env-steps per second of a Batch of `games` games with random legal actions, on
    `threads` threads (by default the CPUs this process may use)."""
    batch, buffers, rng, noise = random_batch(spec, games, threads, seed)
    steps = 0
    started = time.perf_counter()
    deadline = started + seconds
    while time.perf_counter() < deadline:
        for _ in range(16):
            batch.step(draw_actions(rng, noise, buffers["masks"]), **buffers)
        steps += 16 * games
    return steps / (time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per row")
    parser.add_argument("--games", type=int, default=256, help="games of a batch")
    args = parser.parse_args()

    from boardrules.pettingzoo import env

    rows = []
    for spec in ("go9", "kazura:size=13", "kazura:size=9", "bao", "bind", "bind:variant=full"):
        rate = aec_steps_per_second(lambda spec=spec: env(spec), args.seconds)
        rows.append((f"aec {spec} (boardrules)", rate))
    try:
        from pettingzoo.classic import go_v5

        rate = aec_steps_per_second(lambda: go_v5.env(board_size=9, komi=7.5), args.seconds)
        rows.append(("aec go 9x9 (pettingzoo go_v5)", rate))
    except ImportError as error:  # PettingZoo without its classic games
        rows.append((f"aec go_v5: not installed ({error})", float("nan")))
    for spec in ("go9", "kazura:size=9", "bao", "bind"):
        rate = batch_steps_per_second(spec, args.games, args.seconds)
        rows.append((f"batch {spec}, {args.games} games", rate))
    width = max(len(name) for name, _ in rows)
    for name, rate in rows:
        print(f"{name:<{width}}  {rate:>12,.0f} steps/s")


if __name__ == "__main__":
    main()
