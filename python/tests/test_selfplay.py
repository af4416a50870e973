"""boardrules.selfplay: self-play games on Ray and on local processes.

The same seeds must give the same records (the same hash) with 1, 2 and 4 Ray workers and
with multiprocessing, and every record must replay, through `Game.from_record` and through
`rulebook replay`, to the result it states. A local Ray cluster of 2 CPUs is started once
for the module; the games are short (Kazura 5x5 and Bind mini at 24 playouts a move).
"""

import hashlib
import io
import json
import os
import pathlib
import subprocess
import sys

import pytest

from boardrules import Game
from boardrules.selfplay import game_line, move_seed, play_game, run_local, run_ray

ray = pytest.importorskip("ray")

EXAMPLE = pathlib.Path(__file__).resolve().parents[1] / "examples" / "ray_selfplay.py"

#: Short games: small boards, a small playout budget.
WORKLOADS = (("kazura:size=5", 24, range(10)), ("bind", 24, range(100, 108)))


@pytest.fixture(scope="module")
def ray_cluster():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield ray.get_runtime_context().gcs_address
    ray.shutdown()


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    """Each workload's games played here, one process: {spec: (hash, file)}."""
    folder = tmp_path_factory.mktemp("selfplay")
    done = {}
    for spec, playouts, seeds in WORKLOADS:
        path = folder / f"{spec.replace(':', '_')}.jsonl"
        done[spec] = (run_local(spec, seeds, playouts, workers=1, out=path), path)
    return done


def read_games(path):
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.mark.parametrize("spec, playouts, seeds", WORKLOADS)
def test_the_file_is_the_games_in_seed_order_and_the_hash_is_its_sha256(reference, spec, playouts, seeds):
    digest, path = reference[spec]
    assert digest == hashlib.sha256(path.read_bytes()).hexdigest()
    games = read_games(path)
    assert [g["seed"] for g in games] == list(seeds)
    for game in games:
        assert set(game) == {"seed", "spec", "result", "winner", "plies", "record"}
        assert game["spec"] == Game(spec).spec
    # A game is the same played again, alone.
    assert play_game(spec, playouts, games[3]["seed"]) == games[3]
    assert path.read_text(encoding="utf-8").startswith(game_line(games[0]))


@pytest.mark.parametrize("spec, playouts, seeds", WORKLOADS)
@pytest.mark.parametrize("workers", [1, 2, 4])
def test_ray_gives_the_same_games_with_any_number_of_workers(
    ray_cluster, reference, tmp_path, spec, playouts, seeds, workers
):
    path = tmp_path / "ray.jsonl"
    digest = run_ray(spec, seeds, workers, playouts, out=path)
    assert (digest, path.read_bytes()) == (reference[spec][0], reference[spec][1].read_bytes())
    assert ray.is_initialized()  # run_ray leaves the caller's connection alone


@pytest.mark.parametrize("spec, playouts, seeds", WORKLOADS)
def test_multiprocessing_gives_the_same_games(reference, spec, playouts, seeds):
    # Seeds in another order, as an iterator: the file is in seed order all the same.
    out = io.StringIO()
    digest = run_local(spec, iter(sorted(seeds, reverse=True)), playouts, workers=2, out=out)
    assert digest == reference[spec][0]
    assert out.getvalue() == reference[spec][1].read_text(encoding="utf-8")


def test_a_failure_stops_the_ray_run_and_keeps_the_connection(ray_cluster):
    seen = []

    def stop_at_the_third(game):
        seen.append(game["seed"])
        if len(seen) == 3:
            raise KeyError("enough")

    with pytest.raises(KeyError):
        run_ray("kazura:size=5", range(20), 2, 24, on_game=stop_at_the_third)
    assert seen == [0, 1, 2]
    assert ray.is_initialized()


@pytest.mark.parametrize("spec, playouts, seeds", WORKLOADS)
def test_every_record_replays_to_its_result(reference, spec, playouts, seeds):
    for game in read_games(reference[spec][1]):
        replayed = Game.from_record(game["record"])
        assert replayed.is_over
        assert replayed.spec == game["spec"]
        assert replayed.result == game["result"]
        assert replayed.winner == game["winner"]
        assert replayed.ply == game["plies"]
        assert replayed.to_json() == game["record"]


@pytest.mark.parametrize("spec", [spec for spec, _, _ in WORKLOADS])
def test_rulebook_replays_records_to_the_same_result(reference, rulebook, tmp_path, spec):
    for game in read_games(reference[spec][1])[:2]:
        record = tmp_path / f"{game['seed']}.json"
        record.write_text(game["record"], encoding="utf-8")
        lines = rulebook("replay", str(record)).splitlines()
        assert lines[-1] == f"result: {game['result']}"


def test_the_seeds_are_the_games():
    spec, playouts, seeds = WORKLOADS[0]
    base = run_local(spec, seeds, playouts, workers=1)
    assert run_local(spec, range(1, 11), playouts, workers=1) != base
    assert run_local(spec, seeds, playouts + 1, workers=1) != base
    with pytest.raises(ValueError, match="twice"):
        run_local(spec, [1, 2, 1], playouts)
    for bad in (-1, 2**64, 1.5, True):
        with pytest.raises(ValueError):
            play_game(spec, playouts, bad)
    for bad in ("expert", 0, 2.5):
        with pytest.raises(ValueError):
            play_game(spec, bad, 1)
    # The move seeds are fixed (records must replay across versions).
    assert move_seed(0, 0) == int.from_bytes(
        hashlib.blake2b(bytes(16), digest_size=8).digest(), "little"
    )
    assert len({move_seed(s, p) for s in range(20) for p in range(20)}) == 400


def test_a_level_replays_as_well():
    assert play_game("bind", "easy", 5) == play_game("bind", "easy", 5)


def test_the_example_joins_a_running_cluster_and_prints_the_hash(ray_cluster, reference, tmp_path):
    spec, playouts, seeds = WORKLOADS[0]
    out = tmp_path / "example.jsonl"
    common = [sys.executable, str(EXAMPLE), "--game", spec, "--playouts", str(playouts),
              "--games", str(len(seeds)), "--seed", str(seeds[0]), "--workers", "2"]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    for extra in (["--address", ray_cluster, "--out", str(out)], ["--backend", "multiprocessing"]):
        done = subprocess.run(common + extra, capture_output=True, text=True, env=env, timeout=120)
        assert done.returncode == 0, done.stderr
        assert f"sha256: {reference[spec][0]}" in done.stdout.splitlines()
        assert f"games: {len(seeds)} in " in done.stdout
    assert out.read_bytes() == reference[spec][1].read_bytes()
