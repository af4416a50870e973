"""The cli and boardrules adapters pass the hand-made fixtures; the go_v5 and OpenSpiel
adapters map points and actions as their engines do."""

from __future__ import annotations

import importlib.util

import pytest

from conftest import GOOD, rulebook, run
from test_runner import failing
from runner.adapters import go_v5, openspiel
from runner.adapters.base import IllegalMove, outcome_from_text, parse_go9_move
from runner.adapters.cli import parse_gtp_output


def test_cli_adapter_passes_the_fixtures() -> None:
    status, output = run("--program", rulebook(), str(GOOD))
    assert status == 0, output
    assert "bind/v1/hand.jsonl: 11 passed, 0 failed, 0 skipped, 0 errors" in output
    assert "go9/v1/hand.jsonl: 13 passed, 0 failed, 0 skipped, 0 errors" in output
    # the command line gives no reason classes: counted, not passed
    assert "17 reason classes" in output.splitlines()[-1]


def test_boardrules_adapter_passes_the_fixtures_with_reason_classes() -> None:
    pytest.importorskip("boardrules")
    status, output = run("--adapter", "boardrules", str(GOOD))
    assert status == 0, output
    assert "bind/v1/hand.jsonl: 11 passed, 0 failed, 0 skipped, 0 errors" in output
    assert "go9/v1/hand.jsonl: 11 passed, 0 failed, 2 skipped, 0 errors" in output
    assert "reason classes" not in output


def test_go9_points_map_to_both_engines_actions() -> None:
    assert go_v5.action_of("A9") == 0 and go_v5.action_of("J9") == 8
    assert go_v5.action_of("A1") == 72 and go_v5.action_of("J1") == 80
    assert go_v5.action_of("pass") == 81 and go_v5.action_of("e5") == 40
    assert openspiel.action_of("A1") == 0 and openspiel.action_of("J1") == 8
    assert openspiel.action_of("A9") == 72 and openspiel.action_of("PASS") == 81
    for action in range(82):
        assert go_v5.action_of(go_v5.move_of(action)) == action
        assert openspiel.action_of(openspiel.move_of(action)) == action
    for bad in ("I5", "Z9", "A0", "A10", "", " E5", "E5 "):
        with pytest.raises(IllegalMove):
            parse_go9_move(bad)


@pytest.mark.skipif(importlib.util.find_spec("pettingzoo") is None, reason="no pettingzoo")
def test_go_v5_coordinates_agree_with_pettingzoo() -> None:
    from pettingzoo.classic.go import coords, go_base

    go_base.N = 9
    for action in range(81):
        assert coords.to_gtp(coords.from_flat(action)) == go_v5.move_of(action)


def test_outcome_texts_give_winner_and_score() -> None:
    outcome = outcome_from_text("black by 74 points (B+74: Black 81 – White 7, komi 7; two passes)")
    assert outcome.winner == "black" and outcome.score is not None
    assert (outcome.score.black, outcome.score.white, outcome.score.komi, outcome.score.margin) == (81, 0, 7.0, "B+74")
    assert outcome_from_text("black placed every piece").score is None
    outcome = outcome_from_text("white by 20 points (W+20: Black 34 – White 54, komi 7; two passes)")
    assert outcome.score is not None and (outcome.score.black, outcome.score.white) == (34, 47)


def test_gtp_output_is_cut_at_empty_lines() -> None:
    assert parse_gtp_output("= 2\n\n=\n\n? no\n\n= A\nB\n\n") == ["= 2", "=", "? no", "= A\nB"]


DIFFERENCES = str(GOOD.parent / "differences")


def test_cli_and_boardrules_pass_the_differences_fixture() -> None:
    assert run("--program", rulebook(), DIFFERENCES)[0] == 0
    pytest.importorskip("boardrules")
    assert run("--adapter", "boardrules", DIFFERENCES)[0] == 0


@pytest.mark.skipif(importlib.util.find_spec("pettingzoo") is None, reason="no pettingzoo")
def test_go_v5_differs_on_superko_jigo_and_the_300_move_end() -> None:
    status, output = run("--adapter", "go_v5", DIFFERENCES)
    assert status == 1
    failed = failing(output)
    assert set(failed) == {"diff-replay-0001", "diff-perft-0001", "diff-end-0001", "diff-end-0002"}
    assert "missing: (none)\n      extra: J5" in failed["diff-replay-0001"]
    assert "probe `J5`: expected refused as `superko`; found accepted" in failed["diff-replay-0001"]
    assert "perft depth 3: expected 3955; found 3956" in failed["diff-perft-0001"]
    assert "winner: expected draw; found white" in failed["diff-end-0001"]
    assert "ply 300: game over: expected the game is over; found black to move" in failed["diff-end-0002"]


@pytest.mark.skipif(importlib.util.find_spec("pyspiel") is None, reason="no open_spiel")
def test_openspiel_differs_on_superko_and_its_162_move_limit() -> None:
    status, output = run("--adapter", "openspiel", DIFFERENCES)
    assert status == 1
    failed = failing(output)
    assert set(failed) == {"diff-replay-0001", "diff-perft-0001", "diff-end-0002"}
    assert "extra: J5" in failed["diff-replay-0001"]
    assert "ply 162: move 163 (`E8`): expected accepted" in failed["diff-end-0002"]
