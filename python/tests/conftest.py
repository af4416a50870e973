"""Shared fixtures: the specs every suite runs on, and the `rulebook` program the
agreement tests compare with (built by `cargo build -p rulebook`; `RULEBOOK` names
another binary)."""

import os
import pathlib
import shutil
import subprocess

import pytest

#: A spec of every game and variant; small boards where a game has sizes.
SPECS = (
    "kazura:size=5",
    "kazura:size=9",
    "bao",
    "bao:ruleset=reference",
    "go9",
    "bind",
    "bind:variant=full",
)

ROOT = pathlib.Path(__file__).resolve().parents[2]


def rulebook_path() -> pathlib.Path:
    """The `rulebook` binary: $RULEBOOK, else the workspace's release or debug build."""
    given = os.environ.get("RULEBOOK")
    if given:
        return pathlib.Path(given)
    for profile in ("release", "debug"):
        candidate = ROOT / "target" / profile / "rulebook"
        if candidate.exists():
            return candidate
    found = shutil.which("rulebook")
    if found:
        return pathlib.Path(found)
    raise RuntimeError("no rulebook binary: run `cargo build -p rulebook` or set RULEBOOK")


@pytest.fixture(scope="session")
def rulebook():
    """Runs `rulebook ARGS...` and returns its standard output (it must succeed)."""
    path = rulebook_path()

    def run(*args: str) -> str:
        done = subprocess.run(
            [str(path), *args], capture_output=True, text=True, check=False
        )
        assert done.returncode == 0, done.stderr
        return done.stdout

    return run


def rulebook_args(spec: str) -> list:
    """`kazura:size=5` as rulebook's arguments: `["kazura", "--size", "5"]`."""
    name, _, options = spec.partition(":")
    args = [name]
    for option in filter(None, options.split(",")):
        key, _, value = option.partition("=")
        args += [f"--{key}", value]
    return args
