"""The type stubs agree with the native module (mypy's stubtest), and the package's Python
modules type-check strictly against them."""

import pathlib
import subprocess
import sys

SOURCES = pathlib.Path(__file__).resolve().parents[1] / "src"


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", *args], capture_output=True, text=True, check=False
    )


def test_the_stubs_match_the_native_module():
    done = run("mypy.stubtest", "boardrules._boardrules")
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_package_type_checks():
    done = run(
        "mypy",
        "--strict",
        "--ignore-missing-imports",
        "--allow-subclassing-any",
        str(SOURCES / "boardrules"),
    )
    assert done.returncode == 0, done.stdout + done.stderr
