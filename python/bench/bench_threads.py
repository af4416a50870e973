"""What a second thread buys a boardrules.Batch: the step alone and the whole loop (numpy's
draw of random legal actions included, which stays on the calling thread), at 1 and at 2
threads, timed apart in the same run (docs/python.md, "On every core").

    taskset -c 0,1 python python/bench/bench_threads.py [--seconds 4] [--spec go9]
                                                         [--sizes 256,1024,2048]

Each row runs `Batch(spec, N, max_plies=400, threads=T)` for about `--seconds` seconds per
thread count from a fresh batch, the same seeded draw as bench_steps.py.
"""

from __future__ import annotations

import argparse
import time


def timed_loop(spec: str, games: int, threads: int, seconds: float, seed: int = 0):
    """Seconds per step of `batch.step` alone and of the whole loop, averaged over about
    `seconds` of stepping `games` games on `threads` threads."""
    from bench_steps import draw_actions, random_batch

    batch, buffers, rng, noise = random_batch(spec, games, threads, seed)
    drawing = stepping = 0.0
    steps = 0
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        started = time.perf_counter()
        actions = draw_actions(rng, noise, buffers["masks"])
        drawn = time.perf_counter()
        batch.step(actions, **buffers)
        stepping += time.perf_counter() - drawn
        drawing += drawn - started
        steps += 1
    return stepping / steps, (drawing + stepping) / steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=4.0, help="time per thread count")
    parser.add_argument("--spec", default="go9", help="the game spec")
    parser.add_argument("--sizes", default="256,1024,2048", help="batch sizes, comma-separated")
    args = parser.parse_args()
    print("| games | step, 1 thread | step, 2 threads | speed-up | loop speed-up |")
    print("|---|---|---|---|---|")
    for games in (int(size) for size in args.sizes.split(",")):
        one_step, one_loop = timed_loop(args.spec, games, 1, args.seconds)
        two_step, two_loop = timed_loop(args.spec, games, 2, args.seconds)
        print(
            f"| {games:,} | {one_step * 1e6:,.0f} µs ({games / one_step:,.0f} env-steps/s) "
            f"| {two_step * 1e6:,.0f} µs ({games / two_step:,.0f}) "
            f"| {one_step / two_step:.2f}× | {one_loop / two_loop:.2f}× |"
        )


if __name__ == "__main__":
    main()
