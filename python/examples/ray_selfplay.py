"""Self-play games of one of the four games on a Ray cluster (or local processes), written
as JSON lines, one game a line in seed order, with the lines' SHA-256: the same games give
the same hash whatever the backend, the machines and the number of workers.

    python examples/ray_selfplay.py --game go9 --playouts 200 --games 40 --workers 2
    python examples/ray_selfplay.py --game kazura:size=9 --level easy --games 100 \
        --address auto --workers 16 --out games.jsonl
    python examples/ray_selfplay.py --game bind --level normal --backend multiprocessing

Without --address the program starts a local Ray cluster of this machine's CPUs and stops
it at the end; --address auto (or HOST:PORT, or ray://HOST:10001) joins a running cluster
(`ray start --head` on one machine, `ray start --address=HEAD:6379` on the others; see
docs/python-selfplay.md). Every machine needs `boardrules` importable.
"""

import argparse
import sys
import time

from boardrules.selfplay import LEVELS, run_local, run_ray


def arguments(argv=None):
    parser = argparse.ArgumentParser(
        description="Self-play games of the computer against itself, on Ray or local processes."
    )
    parser.add_argument("--game", default="go9", help="a game spec, e.g. go9, kazura:size=9, bind:variant=full (default go9)")
    parser.add_argument("--level", default=None, choices=LEVELS, help="the computer's level (default normal); with --playouts, the level whose other search settings are used")
    parser.add_argument("--playouts", type=int, default=None, help="a playout budget for every move, in place of the level's")
    parser.add_argument("--games", type=int, default=20, help="the number of games (default 20)")
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed; the games have seeds SEED, SEED+1, ... (default 0)")
    parser.add_argument("--workers", type=int, default=2, help="games played at a time (default 2)")
    parser.add_argument("--address", default=None, help="a Ray cluster to join: auto, HOST:PORT or ray://HOST:10001 (default: start a local one)")
    parser.add_argument("--out", default=None, metavar="FILE.jsonl", help="write the games there, one JSON line each (default: only the hash)")
    parser.add_argument("--backend", default="ray", choices=("ray", "multiprocessing"), help="ray (default) or multiprocessing (this machine only)")
    args = parser.parse_args(argv)
    if args.games < 1 or args.workers < 1:
        parser.error("--games and --workers must be at least 1")
    if args.playouts is not None and args.playouts < 1:
        parser.error("--playouts must be at least 1")
    if args.backend == "multiprocessing" and args.address is not None:
        parser.error("--address is for the ray backend")
    return args


def main(argv=None):
    args = arguments(argv)
    level = args.level or "normal"
    level_or_playouts = args.playouts if args.playouts is not None else level
    seeds = range(args.seed, args.seed + args.games)
    wins = [0, 0, 0]  # first player, second player, draws

    def count(game):
        wins[2 if game["winner"] is None else game["winner"]] += 1

    computer = f"{args.playouts} playouts ({level} settings)" if args.playouts else level
    print(f"{args.games} games of {args.game}, {computer}, seeds {args.seed}..{args.seed + args.games - 1}, "
          f"{args.workers} workers on {args.backend}", flush=True)
    if args.backend == "ray":
        import ray

        started = time.perf_counter()
        ray.init(address=args.address, include_dashboard=False if args.address is None else None)
        cpus = ray.cluster_resources().get("CPU", 0)
        print(f"ray: connected in {time.perf_counter() - started:.1f} s, cluster of {cpus:g} CPUs", flush=True)
        if args.workers > cpus:
            print(f"ray: {args.workers} workers but {cpus:g} CPUs: at most {cpus:g} games run at a time", flush=True)
        started = time.perf_counter()
        digest = run_ray(args.game, seeds, args.workers, level_or_playouts, level=level, out=args.out, on_game=count)
        seconds = time.perf_counter() - started
        ray.shutdown()
    else:
        started = time.perf_counter()
        digest = run_local(args.game, seeds, level_or_playouts, workers=args.workers, level=level, out=args.out, on_game=count)
        seconds = time.perf_counter() - started
    print(f"games: {args.games} in {seconds:.2f} s, {args.games / seconds:.3f} games/s")
    print(f"wins: first player {wins[0]}, second player {wins[1]}, draws {wins[2]}")
    if args.out:
        print(f"records: {args.out}")
    print(f"sha256: {digest}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
