"""How the tests find the `rulebook` program (conftest.py's `find_rulebook`): $RULEBOOK,
the workspace's release then debug build, the PATH, a `cargo build -p rulebook`, and
otherwise a reason to skip, never an error. Each case builds its own fake workspace in a
temporary folder; no real program is run or built."""

import pathlib
import subprocess
import sys

import pytest

from conftest import NoRulebook, find_rulebook


def workspace(tmp_path, *profiles):
    """A folder with a Cargo.toml and a `rulebook` under target/PROFILE for each profile."""
    tmp_path.mkdir(parents=True, exist_ok=True)
    (tmp_path / "Cargo.toml").write_text("[workspace]\n", encoding="utf-8")
    for profile in profiles:
        binary = tmp_path / "target" / profile / "rulebook"
        binary.parent.mkdir(parents=True)
        binary.write_text("", encoding="utf-8")
    return tmp_path


def nothing_on_the_path(name):
    return None


def no_build(args, cwd):
    raise AssertionError(f"built when it should not: {args}")


def test_rulebook_names_the_binary(tmp_path):
    given = tmp_path / "my-rulebook"
    given.write_text("", encoding="utf-8")
    root = workspace(tmp_path / "ws", "release")
    assert find_rulebook({"RULEBOOK": str(given)}, root, nothing_on_the_path, no_build) == given
    # A binary asked for by name and missing is an error, not another binary or a skip.
    with pytest.raises(FileNotFoundError, match="RULEBOOK="):
        find_rulebook({"RULEBOOK": str(tmp_path / "missing")}, root, nothing_on_the_path, no_build)


def test_the_release_build_then_the_debug_build(tmp_path):
    both = workspace(tmp_path / "both", "release", "debug")
    assert find_rulebook({}, both, nothing_on_the_path, no_build) == both / "target" / "release" / "rulebook"
    debug = workspace(tmp_path / "debug", "debug")
    assert find_rulebook({}, debug, nothing_on_the_path, no_build) == debug / "target" / "debug" / "rulebook"
    moved = workspace(tmp_path / "moved")
    (moved / "elsewhere" / "debug").mkdir(parents=True)
    (moved / "elsewhere" / "debug" / "rulebook").write_text("", encoding="utf-8")
    assert find_rulebook({"CARGO_TARGET_DIR": "elsewhere"}, moved, nothing_on_the_path, no_build) == (
        moved / "elsewhere" / "debug" / "rulebook"
    )


def test_then_the_path(tmp_path):
    root = workspace(tmp_path)
    on_path = {"rulebook": "/opt/bin/rulebook", "cargo": "/opt/bin/cargo"}.get
    assert find_rulebook({}, root, on_path, no_build) == pathlib.Path("/opt/bin/rulebook")


def test_then_cargo_builds_it(tmp_path):
    root = workspace(tmp_path)
    calls = []

    def build(args, cwd):
        calls.append((args, cwd))
        binary = root / "target" / "debug" / "rulebook"
        binary.parent.mkdir(parents=True)
        binary.write_text("", encoding="utf-8")
        return 0

    found = find_rulebook({}, root, {"cargo": "/opt/bin/cargo"}.get, build)
    assert found == root / "target" / "debug" / "rulebook"
    assert calls == [(["/opt/bin/cargo", "build", "-p", "rulebook"], root)]


def test_without_a_binary_or_cargo_the_reason_is_given(tmp_path):
    root = workspace(tmp_path)
    with pytest.raises(NoRulebook, match=r"^no rulebook binary: set RULEBOOK, or run `cargo build -p rulebook`"):
        find_rulebook({}, root, nothing_on_the_path, no_build)
    for status, message in ((101, r"failed \(exit 101"), (0, r"failed \(exit 0")):
        with pytest.raises(NoRulebook, match=message):
            find_rulebook({}, root, {"cargo": "/opt/bin/cargo"}.get, lambda args, cwd, s=status: s)

    def too_long(args, cwd):
        raise subprocess.TimeoutExpired(args, 1)

    with pytest.raises(NoRulebook, match="took over"):
        find_rulebook({}, root, {"cargo": "/opt/bin/cargo"}.get, too_long)


def test_a_test_that_needs_rulebook_is_skipped_with_the_reason(tmp_path):
    """The whole way through pytest: a conftest whose lookup finds nothing makes a test
    that asks for `rulebook` a skip whose reason is printed, and the other tests run."""
    here = pathlib.Path(__file__).resolve().parent
    (tmp_path / "conftest.py").write_text(
        (here / "conftest.py").read_text(encoding="utf-8")
        + "\nROOT = __import__('pathlib').Path(__file__).parent\n"
        + "find_rulebook.__defaults__ = ({}, ROOT, lambda name: None, None)\n",
        encoding="utf-8",
    )
    (tmp_path / "test_it.py").write_text(
        "def test_needs_it(rulebook):\n    rulebook('--version')\n\n"
        "def test_does_not():\n    pass\n",
        encoding="utf-8",
    )
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(tmp_path)],
        cwd=tmp_path, capture_output=True, text=True, timeout=120, check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "1 passed, 1 skipped" in done.stdout
    assert "SKIPPED [1] test_it.py:1: no rulebook binary: set RULEBOOK" in done.stdout, done.stdout
