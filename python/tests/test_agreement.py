"""Property tests: random games played through Python agree move for move and result for
result with the Rust crates, as the `rulebook` program reports them (`rulebook trace`
prints the legal moves before each move and the result)."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from conftest import SPECS, rulebook_args

from boardrules import Game

# Seeded and repeatable: the same examples on every run and machine.
AGREEMENT = settings(
    max_examples=12,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)


def play(spec, choices):
    """Plays the choices (each an index into the sorted legal moves) until the game ends
    or they run out; returns the game and the legal moves before each move and after."""
    game = Game(spec)
    seen = []
    for choice in choices:
        legal = game.legal_moves()
        seen.append(legal)
        if game.is_over:
            break
        game.play(legal[choice % len(legal)])
    else:
        seen.append(game.legal_moves())
    return game, seen


def check(spec, choices, rulebook):
    game, seen = play(spec, choices)
    lines = rulebook("trace", *rulebook_args(spec), "--moves", " ".join(game.moves())).splitlines()
    assert lines[-1] == f"result: {game.result}"
    traced = [line.split(": ", 1)[1].split() if ": " in line else [] for line in lines[:-1]]
    assert traced == seen[: len(traced)]
    assert len(traced) == game.ply + 1


#: Each spec with the most moves a drawn game plays (go9's games run longer).
AGREED = (
    ("kazura:size=5", 120),
    ("bao", 120),
    ("bao:ruleset=reference", 120),
    ("go9", 160),
    ("bind", 120),
    ("bind:variant=full", 120),
)


@pytest.mark.parametrize("spec, most", AGREED)
@AGREEMENT
@given(data=st.data())
def test_random_games_agree_with_rulebook(spec, most, data, rulebook):
    choices = data.draw(st.lists(st.integers(min_value=0, max_value=10_000), max_size=most))
    check(spec, choices, rulebook)


def test_every_spec_is_covered():
    covered = {spec for spec, _ in AGREED}
    assert covered >= set(SPECS) - {"kazura:size=9"}
