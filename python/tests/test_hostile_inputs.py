"""Every public entry point driven with arbitrary Python values (ints of every size, bools,
floats, None, texts, bytes, lists, numpy scalars and arrays) in a child process
(hostile_driver.py), so that a crash fails the test instead of ending the run: the child
must exit 0, meaning no abort or segfault (a negative status) and no exception other
than the package's own or the documented standard ones the driver's docstring lists.
Hypothesis is derandomized there: the same examples every run, about 20 s in all."""

import pathlib
import subprocess
import sys

import pytest

DRIVER = pathlib.Path(__file__).with_name("hostile_driver.py")

#: Examples per family: as many as fit in a few seconds each.
FAMILIES = {
    "game": 2000,
    "batch": 1000,
    "bot": 600,
    "pettingzoo": 800,
    "gymnasium": 800,
    "openspiel": 800,
    "selfplay": 800,
}


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_no_input_crashes_or_raises_a_foreign_exception(family):
    done = subprocess.run(
        [sys.executable, str(DRIVER), family, str(FAMILIES[family])],
        capture_output=True,
        text=True,
        errors="replace",
        timeout=180,
        check=False,
    )
    if done.returncode < 0:
        pytest.fail(f"the child died of signal {-done.returncode}\n{done.stderr[-4000:]}")
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-6000:]
    assert "no crash, no foreign exception" in done.stdout
