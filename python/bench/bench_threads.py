"""What a second thread buys a boardrules.Batch: the step alone and the whole loop (numpy's
draw of random legal actions included, which stays on the calling thread), at 1 and at 2
threads, timed in the same run (docs/python.md, "On every core").

    taskset -c 0,1 python python/bench/bench_threads.py [--seconds 4] [--spec go9]
                                                         [--sizes 256,1024,2048]

Each row runs `Batch(spec, N, max_plies=400, threads=T)` for T = 1 and 2, from fresh batches
with the same seeded draw as bench_steps.py, for about `--seconds` seconds each, in turns of
0.2 s, so that the machine's speed, which drifts on a shared host, weighs on both alike. The
step's figures are its mean (what a training loop's throughput follows) and its median (a
typical step, which the host's interruptions, a step here and there, do not move).
"""

from __future__ import annotations

import argparse
import statistics
import time
from dataclasses import dataclass, field


@dataclass
class Timings:
    """What one thread count's batch took: every `batch.step` alone, and the draws."""

    steps: list[float] = field(default_factory=list)
    stepping: float = 0.0
    drawing: float = 0.0

    def add(self, step: float, draw: float) -> None:
        """One more step of `step` seconds, after a draw of `draw` seconds."""
        self.steps.append(step)
        self.stepping += step
        self.drawing += draw

    def spent(self) -> float:
        """Seconds spent so far, drawing and stepping."""
        return self.drawing + self.stepping

    def mean_step(self) -> float:
        return self.stepping / len(self.steps)

    def median_step(self) -> float:
        return statistics.median(self.steps)

    def mean_loop(self) -> float:
        return self.spent() / len(self.steps)


def timed_loops(
    spec: str, games: int, seconds: float, turn: float = 0.2, seed: int = 0
) -> tuple[Timings, Timings]:
    """The timings of `games` games stepped on 1 and on 2 threads for about `seconds` each,
    the two batches taking turns of about `turn` seconds."""
    from bench_steps import draw_actions, random_batch

    loops = [random_batch(spec, games, threads, seed) for threads in (1, 2)]
    timings = (Timings(), Timings())
    while min(t.spent() for t in timings) < seconds:
        for (batch, buffers, rng, noise), timing in zip(loops, timings):
            deadline = time.perf_counter() + turn
            while time.perf_counter() < deadline:
                started = time.perf_counter()
                actions = draw_actions(rng, noise, buffers["masks"])
                drawn = time.perf_counter()
                batch.step(actions, **buffers)
                timing.add(time.perf_counter() - drawn, drawn - started)
    return timings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=4.0, help="time per thread count")
    parser.add_argument("--spec", default="go9", help="the game spec")
    parser.add_argument("--sizes", default="256,1024,2048", help="batch sizes, comma-separated")
    args = parser.parse_args()
    print(
        "| games | step, 1 thread | step, 2 threads | speed-up | median step, 1 and 2 "
        "threads | speed-up of the median | loop speed-up |"
    )
    print("|---|---|---|---|---|---|---|")
    for games in (int(size) for size in args.sizes.split(",")):
        one, two = timed_loops(args.spec, games, args.seconds)
        print(
            f"| {games:,} | {one.mean_step() * 1e6:,.0f} µs "
            f"({games / one.mean_step():,.0f} env-steps/s) "
            f"| {two.mean_step() * 1e6:,.0f} µs ({games / two.mean_step():,.0f}) "
            f"| {one.mean_step() / two.mean_step():.2f}× "
            f"| {one.median_step() * 1e6:,.1f} and {two.median_step() * 1e6:,.1f} µs "
            f"| {one.median_step() / two.median_step():.2f}× "
            f"| {one.mean_loop() / two.mean_loop():.2f}× |"
        )


if __name__ == "__main__":
    main()
