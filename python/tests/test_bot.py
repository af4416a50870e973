"""`boardrules.Bot`: the catalog's computer players from Python."""

import shutil

import pytest

import boardrules
from boardrules import Bot, Game


@pytest.mark.parametrize("spec", ["kazura:size=5", "bao", "go9", "bind"])
@pytest.mark.parametrize("bot", ["random", "uniform", "mcts:8"])
def test_two_bots_play_a_whole_legal_game(spec, bot):
    game = Game(spec)
    bots = [Bot(bot, game, seed=1), Bot(bot, game, seed=2)]
    assert bots[0].name == bot
    while not game.is_over and game.ply < 400:
        seat = game.seat_of(game.to_move)
        move = bots[seat].choose(game)
        assert move is not None and game.is_legal(move)
        for index, each in enumerate(bots):
            each.observe(game, move, own=index == seat)
        game.play(move)
    assert game.ply > 0


def test_a_seeded_search_bot_replays_and_undo_is_taken():
    game = Game("bind")
    moves = [Bot("mcts:32", game, seed=5).choose(game) for _ in range(2)]
    assert moves[0] == moves[1]
    bot = Bot("hard", game, seed=5)
    assert repr(bot) == "Bot('hard')"
    bot.observe(game, moves[0], own=True)
    game.play(moves[0])
    bot.undo()
    bot.close()
    assert repr(bot) == "Bot(closed)"
    with pytest.raises(boardrules.ArgumentError, match="closed"):
        bot.choose(game)


def test_refusals_are_the_packages_errors():
    go = Game("go9")
    with pytest.raises(boardrules.ArgumentError, match="not a player"):
        Bot("expert", go)
    with pytest.raises(boardrules.ArgumentError, match="only play go9"):
        Bot("gtp:gnugo --mode gtp", Game("bind"))
    with pytest.raises(boardrules.BotError):
        Bot("gtp:/nonexistent/engine", go)
    with pytest.raises(boardrules.BotError, match="another game"):
        Bot("random", go).choose(Game("bind"))
    with pytest.raises(boardrules.BotError):
        Bot("random", go).observe(go, "Z99")
    with pytest.raises(boardrules.ArgumentError):
        Bot("random", go, threads=0)
    assert issubclass(boardrules.BotError, boardrules.GameError)


GNUGO = shutil.which("gnugo") or shutil.which("/usr/games/gnugo")


@pytest.mark.skipif(GNUGO is None, reason="GNU Go (Debian's gnugo) is not installed")
def test_gnu_go_through_a_gtp_bot():
    gnugo = GNUGO
    game = Game("go9")
    bot = Bot(f"gtp:{gnugo} --mode gtp --level 1", game)
    for _ in range(3):
        move = bot.choose(game)
        assert move is not None and game.is_legal(move)
        bot.observe(game, move, own=True)
        game.play(move)
    bot.close()
