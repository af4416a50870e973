"""Property tests: random games played through Python agree move for move and result for
result with the Rust crates, as the `rulebook` program reports them (`rulebook trace`
prints the legal moves before each move and the result)."""

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


@AGREEMENT
@given(choices=st.lists(st.integers(min_value=0, max_value=10_000), max_size=120))
def test_kazura(choices, rulebook):
    check("kazura:size=5", choices, rulebook)


@AGREEMENT
@given(choices=st.lists(st.integers(min_value=0, max_value=10_000), max_size=120))
def test_bao(choices, rulebook):
    check("bao", choices, rulebook)


@AGREEMENT
@given(choices=st.lists(st.integers(min_value=0, max_value=10_000), max_size=120))
def test_bao_reference(choices, rulebook):
    check("bao:ruleset=reference", choices, rulebook)


@AGREEMENT
@given(choices=st.lists(st.integers(min_value=0, max_value=10_000), max_size=160))
def test_go9(choices, rulebook):
    check("go9", choices, rulebook)


@AGREEMENT
@given(choices=st.lists(st.integers(min_value=0, max_value=10_000), max_size=120))
def test_bind(choices, rulebook):
    check("bind", choices, rulebook)


@AGREEMENT
@given(choices=st.lists(st.integers(min_value=0, max_value=10_000), max_size=120))
def test_bind_full(choices, rulebook):
    check("bind:variant=full", choices, rulebook)


def test_every_spec_is_covered():
    covered = {"kazura:size=5", "bao", "bao:ruleset=reference", "go9", "bind", "bind:variant=full"}
    assert covered >= set(SPECS) - {"kazura:size=9"}
