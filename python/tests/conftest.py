"""Shared fixtures: the specs every suite runs on, and the `rulebook` program the
agreement tests compare with: `$RULEBOOK`, else the workspace's release or debug build,
else `rulebook` on the PATH, else built here by `cargo build -p rulebook`; with none of
these, the tests that need it are skipped with the reason (docs/python.md, "Install")."""

import os
import pathlib
import shutil
import subprocess
from typing import Callable, Mapping, Optional

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


#: Seconds `cargo build -p rulebook` may take before the tests give up on it.
BUILD_TIMEOUT = 900


class NoRulebook(Exception):
    """No `rulebook` binary could be found or built; the message says why."""


def find_rulebook(
    env: Mapping[str, str] = os.environ,
    root: pathlib.Path = ROOT,
    which: Callable[[str], Optional[str]] = shutil.which,
    build: Callable[..., int] = lambda args, cwd: subprocess.run(args, cwd=cwd, timeout=BUILD_TIMEOUT).returncode,
) -> pathlib.Path:
    """The `rulebook` binary: $RULEBOOK, else the workspace's release or debug build, else
    `rulebook` on the PATH, else one `cargo build -p rulebook` makes (when cargo is on the
    PATH). Raises `NoRulebook` with the reason when there is none, and `FileNotFoundError`
    when $RULEBOOK names no file (a binary asked for by name is not replaced by another)."""
    given = env.get("RULEBOOK")
    if given:
        if not pathlib.Path(given).is_file():
            raise FileNotFoundError(f"RULEBOOK={given} is not a file")
        return pathlib.Path(given)
    target = root / env.get("CARGO_TARGET_DIR", "target")
    candidates = [target / profile / "rulebook" for profile in ("release", "debug")]
    for candidate in candidates:
        if candidate.is_file():
            return candidate
    found = which("rulebook")
    if found:
        return pathlib.Path(found)
    cargo = which("cargo")
    if cargo is None or not (root / "Cargo.toml").is_file():
        raise NoRulebook(
            "no rulebook binary: set RULEBOOK, or run `cargo build -p rulebook` "
            f"(none in {target}, none on the PATH, and no cargo to build one)"
        )
    try:
        status = build([cargo, "build", "-p", "rulebook"], cwd=root)
    except subprocess.TimeoutExpired:
        raise NoRulebook(f"no rulebook binary: `cargo build -p rulebook` took over {BUILD_TIMEOUT} s") from None
    if status != 0 or not candidates[1].is_file():
        raise NoRulebook(
            f"no rulebook binary: `cargo build -p rulebook` failed (exit {status}; its output is above)"
        )
    return candidates[1]


#: The session's one lookup: its path, or the exception it raised.
_FOUND: list = []


def rulebook_path(config: Optional[pytest.Config] = None) -> pathlib.Path:
    """`find_rulebook()`, looked for (and built) once a session, with cargo's output shown
    as it runs; skips the calling test, with the reason, when there is no binary."""

    def build(args, cwd):
        print(f"\nno rulebook binary: building one for the tests: {' '.join(map(str, args))}", flush=True)
        return subprocess.run(args, cwd=cwd, timeout=BUILD_TIMEOUT).returncode

    def show_build(args, cwd):
        capture = config.pluginmanager.getplugin("capturemanager") if config else None
        if capture is None:
            return build(args, cwd)
        with capture.global_and_fixture_disabled():
            return build(args, cwd)

    if not _FOUND:
        try:
            _FOUND.append(find_rulebook(build=show_build))
        except (NoRulebook, FileNotFoundError) as failure:
            _FOUND.append(failure)
    found = _FOUND[0]
    if isinstance(found, NoRulebook):
        pytest.skip(str(found))
    if isinstance(found, Exception):
        raise found
    return found


def pytest_configure(config):
    """Skip reasons printed (`-rs`): a test skipped for want of `rulebook` says so."""
    if "s" not in config.option.reportchars and "a" not in config.option.reportchars:
        config.option.reportchars += "s"


@pytest.fixture(scope="session")
def rulebook(pytestconfig):
    """Runs `rulebook ARGS...` and returns its standard output (it must succeed)."""
    path = rulebook_path(pytestconfig)

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
