"""Records nested past the readers' depth limits (issue 33) raise the package's
`RecordError`, never crash the interpreter: go9's SGF is read to 1,000 nodes on one line of
play (docs/go9.md, G-13), JSON to serde_json's 128 levels.

Before the SGF depth was bounded, the 150,000-level files below ended the interpreter with
SIGSEGV, and a tree ten times the limit overflowed a small thread stack. Each case runs in
a child interpreter, on a thread with a 512 KiB stack (smaller than any platform's default
thread stack), so a crash is a failing test here, not a dead pytest; the child prints what
the call raised as one line of JSON.
"""

import json
import subprocess
import sys
import textwrap

import pytest

#: The texts, built in the child (a 1.2 MB argument is past Linux's 128 KiB limit for
#: one): an SGF tree of comment-only variations ten times the limit, which every reader
#: accepted before the limit; the same depth as one plain sequence; the files of issue 33;
#: and JSON 1,280 levels deep in a go9 record's `moves`.
TEXTS = {
    "sgf-10x-nested": '"(;SZ[9]" + "(;C[x]" * 9999 + ")" * 10000',
    "sgf-10x-flat": '"(;SZ[9]" + ";C[x]" * 9999 + ")"',
    "sgf-150000-nested": '"(;SZ[9]" + "(;B[aa]" * 150000 + ")" * 150001',
    "sgf-150000-flat": '"(;SZ[9]" + ";B[aa];W[bb]" * 75000 + ")"',
    "json-10x": '\'{"game": "go9", "moves": \' + "[" * 1280 + "]" * 1280 + "}"',
}

#: What the child runs with `text` bound: each entry point that reads a record.
CALLS = {
    "Game.from_record": "boardrules.Game.from_record(text)",
    "openspiel new_initial_state": (
        "pyspiel.load_game('python_boardrules_go9').new_initial_state(text)"
    ),
}

CHILD = textwrap.dedent(
    """
    import json, sys, threading
    import boardrules
    if {openspiel}:
        import pyspiel
        import boardrules.openspiel
    text = {text}
    outcome = {{}}

    def call():
        try:
            {call}
            outcome["raised"] = None
        except BaseException as error:
            outcome["raised"] = type(error).__name__
            outcome["record_error"] = isinstance(error, boardrules.RecordError)
            outcome["game_error"] = isinstance(error, boardrules.GameError)
            outcome["message"] = str(error)

    threading.stack_size(512 * 1024)
    thread = threading.Thread(target=call)
    thread.start()
    thread.join()
    print(json.dumps(outcome))
    """
)


def run_child(call: str, text: str) -> dict:
    """Runs `call` in a child interpreter on a 512 KiB thread: what it raised."""
    code = CHILD.format(openspiel="pyspiel" in call, text=text, call=call)
    child = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=300
    )
    assert child.returncode == 0, (
        f"the interpreter ended with status {child.returncode}: {child.stderr[-2000:]}"
    )
    return json.loads(child.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("text_name", sorted(TEXTS))
@pytest.mark.parametrize("call_name", sorted(CALLS))
def test_a_deep_record_is_a_record_error(call_name, text_name):
    if "openspiel" in call_name:
        pytest.importorskip("pyspiel")
    outcome = run_child(CALLS[call_name], TEXTS[text_name])
    assert outcome["raised"] is not None, outcome
    assert outcome["record_error"] and outcome["game_error"], outcome
    message = outcome["message"]
    if text_name.startswith("sgf-10x"):
        assert "10000 nodes deep" in message and "at most 1000" in message, message
    elif text_name.startswith("sgf-150000"):
        assert "150001 nodes deep" in message, message
    else:
        assert "recursion limit exceeded" in message, message


def test_a_tree_at_the_depth_limit_is_read():
    text = '"(;SZ[9]" + "(;C[x]" * 999 + ")" * 1000'
    outcome = run_child("boardrules.Game.from_record(text)", text)
    assert outcome == {"raised": None}


def test_a_deep_record_dict_is_a_record_error():
    # OpenSpiel's `new_initial_state` also takes the record as a dict, which it writes as
    # JSON before reading: one nested 1,280 levels deep is refused like the text.
    pytest.importorskip("pyspiel")
    text = (
        "{'game': 'go9', 'moves': "
        "__import__('functools').reduce(lambda inner, _: [inner], range(1279), [])}"
    )
    call = "pyspiel.load_game('python_boardrules_go9').new_initial_state(text)"
    outcome = run_child(call, text)
    assert outcome["record_error"] and outcome["game_error"], outcome
