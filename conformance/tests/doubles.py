"""Deliberately wrong adapters for the runner's tests: each is the boardrules adapter with
one fault, so the runner must name exactly the cases (and decisions) the fault touches."""

from __future__ import annotations

import os
import signal
import time
from typing import Any, List

from runner.adapters.base import IllegalMove, Outcome
from runner.adapters.boardrules import BoardrulesAdapter

#: The move that makes the hanging and crashing doubles misbehave.
TRIGGER = "J9"


class DropsPass(BoardrulesAdapter):
    """Leaves `pass` out of go9's legal moves (but still plays it)."""

    name = "drops-pass"

    def legal_moves(self, state: Any) -> List[str]:
        moves = super().legal_moves(state)
        if state.name == "go9":
            moves = [move for move in moves if move != "pass"]
        return moves


class BindListWrong(BoardrulesAdapter):
    """Lists Bind's legal moves without B2-D2 and with a `pass` that is not legal."""

    name = "bind-list-wrong"

    def legal_moves(self, state: Any) -> List[str]:
        moves = super().legal_moves(state)
        if state.name == "bind" and moves:
            moves = [move for move in moves if move != "B2-D2"] + (["pass"] if "pass" not in moves else [])
        return moves


class RefusesC2(BoardrulesAdapter):
    """Refuses Bind's legal single placement C2."""

    name = "refuses-c2"

    def play(self, state: Any, move: str) -> Any:
        if state.name == "bind" and move == "C2":
            raise IllegalMove("occupied", "C2 refused by the test double")
        return super().play(state, move)


class WrongWinner(BoardrulesAdapter):
    """Swaps black and white in every finished game's winner."""

    name = "wrong-winner"

    def outcome(self, state: Any) -> Outcome:
        outcome = super().outcome(state)
        swapped = {"black": "white", "white": "black"}.get(outcome.winner, outcome.winner)
        return Outcome(winner=swapped, text=None, score=outcome.score)


class WrongReason(BoardrulesAdapter):
    """Calls every superko refusal `occupied`."""

    name = "wrong-reason"

    def play(self, state: Any, move: str) -> Any:
        try:
            return super().play(state, move)
        except IllegalMove as refusal:
            if refusal.reason == "superko":
                raise IllegalMove("occupied", refusal.message) from None
            raise


class Hangs(BoardrulesAdapter):
    """Never returns from playing the trigger move."""

    name = "hangs"

    def play(self, state: Any, move: str) -> Any:
        if move == TRIGGER:
            while True:
                time.sleep(60)
        return super().play(state, move)


class Crashes(BoardrulesAdapter):
    """Kills its own process (as a segmentation fault would) on the trigger move."""

    name = "crashes"

    def play(self, state: Any, move: str) -> Any:
        if move == TRIGGER:
            os.kill(os.getpid(), signal.SIGSEGV)
            time.sleep(60)
        return super().play(state, move)


class Raises(BoardrulesAdapter):
    """Raises an unexpected exception on the trigger move."""

    name = "raises"

    def play(self, state: Any, move: str) -> Any:
        if move == TRIGGER:
            raise RuntimeError("the engine broke")
        return super().play(state, move)


class DictOutcome(BoardrulesAdapter):
    """Gives its outcome as a plain dict, as the interface allows."""

    name = "dict-outcome"

    def outcome(self, state: Any) -> Any:
        outcome = super().outcome(state)
        score = outcome.score
        return {
            "winner": outcome.winner,
            "text": outcome.text,
            "score": None if score is None else {"black": score.black, "white": score.white, "komi": score.komi, "margin": score.margin},
        }
