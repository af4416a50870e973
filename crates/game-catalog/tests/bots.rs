//! The catalog's bots: read from text and printed back, each plays whole legal games of
//! every game, the uniform bot is uniform, the search bot follows the game (observe,
//! undo), and a GTP bot is set up from the game (GNU Go when it is installed).

use game_catalog::bind::Bind;
use game_catalog::go9::Go9;
use game_catalog::{
    AnyGame, Bot, BotError, BotSpec, CatalogGame, Computer, Game, GameKind, GameSpec, GameVisitor,
    Level, Player, SearchBot,
};

#[test]
fn specs_read_in_any_case_and_print_canonically() {
    let cases = [
        ("random", BotSpec::Random, "random"),
        ("UNIFORM", BotSpec::Uniform, "uniform"),
        ("Normal", BotSpec::Level(Level::Normal), "normal"),
        ("Mcts:8", BotSpec::Mcts(8), "mcts:8"),
        (
            "gtp: gnugo --mode gtp",
            BotSpec::Gtp("gnugo --mode gtp".into()),
            "gtp:gnugo --mode gtp",
        ),
    ];
    for (text, spec, canonical) in cases {
        assert_eq!(text.parse::<BotSpec>(), Ok(spec.clone()), "{text}");
        assert_eq!(spec.to_string(), canonical);
        assert_eq!(canonical.parse::<BotSpec>(), Ok(spec));
    }
    for bad in ["", "human", "mcts", "mcts:0", "mcts:x", "gtp:", "expert"] {
        assert!(bad.parse::<BotSpec>().is_err(), "{bad}");
    }
}

/// Plays a whole game of `G` between two bots of `spec`, checking every move is legal and
/// every bot is told of every move; returns the number of moves.
struct WholeGame<'a>(&'a BotSpec);

impl GameVisitor for WholeGame<'_> {
    type Output = usize;

    fn visit<G: CatalogGame>(self, start: G) -> usize {
        let mut bots: Vec<Box<dyn Bot<G>>> = (0..2)
            .map(|seat| self.0.build(&start, 40 + seat, 1).unwrap())
            .collect();
        assert_eq!(bots[0].name(), self.0.to_string());
        let mut game = start;
        while !game.is_over() && game.ply() < 400 {
            let mover = game.to_move();
            let Some(mv) = bots[mover.index()].choose(&game).unwrap() else {
                panic!("{}: no move at ply {}", self.0, game.ply());
            };
            game.check_move(mv).unwrap();
            game.play(mv).unwrap();
            for (index, bot) in bots.iter_mut().enumerate() {
                bot.observe(mover, mv, index == mover.index()).unwrap();
            }
        }
        game.ply()
    }
}

#[test]
fn every_bot_plays_whole_legal_games_of_every_game() {
    let specs = [BotSpec::Random, BotSpec::Uniform, BotSpec::Mcts(16)];
    for kind in GameKind::ALL {
        let spec = match kind {
            GameKind::Kazura => GameSpec::kazura(5).unwrap(),
            other => other.default_spec(),
        };
        for bot in &specs {
            let plies = AnyGame::new(&spec).visit(WholeGame(bot));
            assert!(plies > 0, "{kind} {bot}");
        }
    }
    // The level search, on a playout budget so the test does not depend on the clock.
    let start = Bind::start(&"bind".parse().unwrap()).unwrap();
    let computer = Computer::new(Level::Hard).with_playouts(32).with_seed(3);
    let mut bot = SearchBot::new(&computer, &start);
    assert_eq!(bot.name(), "hard:32");
    let mut game = start;
    while !game.is_over() {
        let mv = bot.choose(&game).unwrap().unwrap();
        game.play(mv).unwrap();
        bot.observe(Player::First, mv, true).unwrap();
    }
}

#[test]
fn the_uniform_bot_draws_each_legal_move_equally_often() {
    // Bind mini's 30 first moves, 30,000 draws from one seeded bot: each move's count is
    // within 15 % of 1,000 (a binomial with sd 31, so 4.8 sd), and the game's own random
    // move is another distribution altogether for go9, whose eyes it never fills.
    let start = Bind::start(&"bind".parse().unwrap()).unwrap();
    let mut bot = "uniform"
        .parse::<BotSpec>()
        .unwrap()
        .build(&start, 9, 1)
        .unwrap();
    let mut counts = std::collections::HashMap::new();
    for _ in 0..30_000 {
        *counts
            .entry(bot.choose(&start).unwrap().unwrap())
            .or_insert(0u32) += 1;
    }
    assert_eq!(counts.len(), 30);
    for (mv, count) in &counts {
        assert!((850..=1150).contains(count), "{mv}: {count}");
    }
}

#[test]
fn a_gtp_bot_plays_only_what_gtp_can_and_is_set_up_from_the_game() {
    let bind = Bind::start(&"bind".parse().unwrap()).unwrap();
    let spec: BotSpec = "gtp:gnugo --mode gtp".parse().unwrap();
    assert!(matches!(
        spec.build(&bind, 0, 1),
        Err(BotError::NotForGame { game: "bind", .. })
    ));
    assert_eq!(
        Go9::new().gtp_board().map(|b| (b.size, b.komi)),
        Some((9, 7.0))
    );
    assert_eq!(bind.gtp_board(), None);
    // A command that is no engine fails cleanly.
    let missing: BotSpec = "gtp:/nonexistent/engine".parse().unwrap();
    assert!(matches!(
        missing.build(&Go9::new(), 0, 1),
        Err(BotError::Engine(_))
    ));

    let Some(gnugo) = ["/usr/games/gnugo", "/usr/bin/gnugo"]
        .into_iter()
        .find(|p| std::path::Path::new(p).exists())
    else {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI must have GNU Go (Debian's gnugo)"
        );
        eprintln!("GNU Go is not installed: the GTP bot's game with it is skipped");
        return;
    };
    // GNU Go set up by the bot from go9 (boardsize 9, komi 7), told a move already played,
    // then asked for moves; an undo goes through.
    let mut game = Go9::new();
    game.play(game.parse_move("E5").unwrap()).unwrap();
    let spec: BotSpec = format!("gtp:{gnugo} --mode gtp --level 1").parse().unwrap();
    let mut bot = spec.build(&game, 0, 1).unwrap();
    for _ in 0..4 {
        let mover = game.to_move();
        let mv = bot
            .choose(&game)
            .unwrap()
            .expect("GNU Go does not resign this early");
        game.play(mv).unwrap();
        bot.observe(mover, mv, true).unwrap();
    }
    bot.undo(1).unwrap();
    bot.finish();
}

#[test]
fn any_bot_plays_every_game_through_any_game_with_moves_as_text() {
    use game_catalog::AnyBot;
    for kind in GameKind::ALL {
        let spec = match kind {
            GameKind::Kazura => GameSpec::kazura(5).unwrap(),
            other => other.default_spec(),
        };
        let mut game = AnyGame::new(&spec);
        let mut bots = [
            AnyBot::new(&BotSpec::Mcts(8), &game, 1, 1).unwrap(),
            AnyBot::new(&BotSpec::Uniform, &game, 2, 1).unwrap(),
        ];
        while !game.is_over() && game.ply() < 400 {
            let seat = game.seat_of(game.to_move());
            let mv = bots[seat].choose(&game).unwrap().expect("a move");
            assert!(game.is_legal(&mv), "{kind}: {mv}");
            for (index, bot) in bots.iter_mut().enumerate() {
                bot.observe(&game, &mv, index == seat).unwrap();
            }
            game.play(&mv).unwrap();
        }
        assert!(game.ply() > 0);
        // A bot of one game is asked nothing of another.
        let other = AnyGame::new(&GameKind::ALL[(kind as usize + 1) % 4].default_spec());
        assert!(matches!(
            bots[0].choose(&other),
            Err(BotError::WrongGame { .. })
        ));
        assert!(matches!(
            bots[0].observe(&AnyGame::new(&spec), "not a move at all", false),
            Err(BotError::Unreadable { .. })
        ));
        for bot in bots {
            bot.finish();
        }
    }
}
