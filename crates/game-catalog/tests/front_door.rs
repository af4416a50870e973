//! `AnyGame` and `CatalogGame`, method by method, against what the game crates themselves
//! say (their own types, states and words) and the `rulebook` contract (docs/rulebook.md).

use bao_nyakua::{Bao, Position, Ruleset};
use bind::{Bind, Variant};
use game_catalog::{
    AnyGame, CallError, CatalogGame, Computer, GameKind, GameSpec, Level, MoveError, OptionName,
    Player, RecordError, SpecError, no_clock_playouts,
};
use game_core::{Game, GameRng};
use go9::{Go9, SgfNames};
use kazura_core::{Colour, Kazura};

fn game(spec: &str) -> AnyGame {
    AnyGame::parse_spec(spec).unwrap()
}

fn played(spec: &str, line: &str) -> AnyGame {
    let mut game = game(spec);
    game.play_line(line).unwrap();
    game
}

/// The same game through its crate: the moves of `line` played with `parse_move` and `play`.
fn own<G: Game>(mut state: G, line: &str) -> G {
    for text in line.split_whitespace() {
        let mv = state.parse_move(text).unwrap();
        state.play(mv).unwrap();
    }
    state
}

#[test]
fn names_players_and_the_position_are_the_games_own() {
    for (spec, names) in [
        ("kazura:size=5", ["black", "white"]),
        ("bao", ["south", "north"]),
        ("go9", ["black", "white"]),
        ("bind", ["black", "white"]),
    ] {
        let game = game(spec);
        assert_eq!(game.name(), game.kind().name());
        assert_eq!(game.name(), spec.split(':').next().unwrap());
        assert_eq!(game.player_names(), names);
    }
    let kazura = played("kazura:size=5", "C3 swap B3");
    let own_kazura = own(Kazura::new(5).unwrap(), "C3 swap B3");
    assert_eq!(kazura.ply(), 3);
    assert_eq!(kazura.to_move(), own_kazura.to_move());
    assert_eq!(kazura.diagram(), own_kazura.to_string());
    assert_eq!(kazura.to_string(), own_kazura.to_string());
    assert_eq!(kazura.outcome_text(), own_kazura.outcome_text());
    assert_eq!(kazura.moves(), ["C3", "swap", "B3"]);
    let over = played("go9", "E5 pass pass");
    assert_eq!(
        over.outcome_text(),
        own(Go9::new(), "E5 pass pass").outcome_text()
    );
    assert!(over.outcome_text().starts_with("black by "));
    assert_eq!(over.outcome().winner(), Some(Player::First));
}

#[test]
fn status_lines_follow_the_contract_and_each_games_additions() {
    // docs/rulebook.md: `NAME to move (ply N)`, then the game's own additions.
    assert_eq!(game("bao").status(), "south to move (ply 0)");
    assert_eq!(played("bind", "B2-D2").status(), "white to move (ply 1)");
    let kazura = own(Kazura::new(5).unwrap(), "C3 swap");
    assert_eq!(
        played("kazura:size=5", "C3 swap").status(),
        format!(
            "white to move (ply 2); White swapped, so the opener now plays White; longest groups black {}, white {}",
            kazura.longest_length(Colour::Black),
            kazura.longest_length(Colour::White)
        )
    );
    let kazura = own(Kazura::new(5).unwrap(), "C3");
    assert_eq!(
        played("kazura:size=5", "C3").status(),
        format!(
            "white to move (ply 1); longest groups black {}, white 0",
            kazura.longest_length(Colour::Black)
        )
    );
    let go9 = own(Go9::new(), "E5 C3");
    assert_eq!(
        played("go9", "E5 C3").status(),
        format!("black to move (ply 2); if it ended now: {}", go9.score())
    );
    for spec in ["go9", "kazura:size=2"] {
        let mut game = game(spec);
        game.resign(Player::First).unwrap();
        assert_eq!(game.status(), format!("game over: {}", game.outcome_text()));
    }
}

#[test]
fn legality_and_lines_of_moves() {
    let game = played("go9", "E5");
    assert!(game.is_legal("C3"));
    assert!(game.is_legal(" c3 "));
    assert!(!game.is_legal("E5"), "occupied");
    assert!(!game.is_legal("Z99"), "no such point");
    let mut line = game.clone();
    assert_eq!(line.play_line("C3 D4  pass"), Ok(3));
    assert_eq!(line.moves(), ["E5", "C3", "D4", "pass"]);
    let mut bad = game.clone();
    let error = bad.play_line("C3 C3 D4").unwrap_err();
    assert_eq!(error.number, 2);
    assert_eq!(error.error.text(), "C3");
    assert!(matches!(error.error, MoveError::Illegal { .. }));
    assert!(error.to_string().starts_with("move 2 (`C3`): "), "{error}");
    assert_eq!(bad, game, "a refused line plays none of its moves");
    let parse = bad.play_line("C3 ?").unwrap_err();
    assert_eq!((parse.number, parse.error.text()), (2, "?"));
    assert!(matches!(parse.error, MoveError::Parse { .. }));
}

#[test]
fn calls_resign_undo_and_take_back_as_the_rules_have_them() {
    let mut kazura = played("kazura:size=5", "C3");
    assert!(kazura.has_resignation());
    kazura.resign(Player::Second).unwrap();
    assert_eq!(kazura.outcome().winner(), Some(Player::First));
    assert!(matches!(
        kazura.resign(Player::First),
        Err(CallError::Refused { .. })
    ));
    for spec in ["go9", "bind"] {
        let mut game = game(spec);
        assert!(game.has_resignation());
        game.resign(Player::First).unwrap();
        assert_eq!(game.outcome().winner(), Some(Player::Second), "{spec}");
        assert!(game.resign(Player::Second).is_err(), "{spec}: over");
    }
    let mut bao = game("bao");
    assert!(!bao.has_resignation());
    let before = bao.clone();
    assert_eq!(
        bao.resign(Player::First),
        Err(CallError::NotInRules {
            call: "resignation",
            game: GameKind::Bao
        })
    );
    assert_eq!(bao, before);

    let mut go9 = game("go9");
    assert!(!go9.can_undo());
    assert!(matches!(go9.undo(), Err(CallError::Refused { .. })));
    go9.play_line("E5 C3").unwrap();
    assert!(go9.can_undo());
    assert_eq!(go9.undo(), Ok("C3".to_string()));
    assert_eq!(go9, played("go9", "E5"));
    let mut kazura = played("kazura:size=5", "C3");
    assert!(!kazura.can_undo());
    assert!(matches!(
        kazura.undo(),
        Err(CallError::NotInRules { call: "undo", .. })
    ));

    // Take-back: go9 by undo, the others by replaying from the spec's start.
    let go9 = own(Go9::new(), "E5 C3 D4");
    assert_eq!(go9.take_back(2).unwrap(), own(Go9::new(), "E5"));
    assert!(go9.take_back(4).is_err());
    let kazura = own(Kazura::new(5).unwrap(), "C3 swap B3");
    assert_eq!(
        kazura.take_back(2).unwrap(),
        own(Kazura::new(5).unwrap(), "C3")
    );
    assert_eq!(kazura.take_back(0).unwrap(), kazura);
    assert!(matches!(
        kazura.take_back(4),
        Err(CallError::Refused { .. })
    ));
}

#[test]
fn seats_follow_kazuras_swap_and_are_the_players_elsewhere() {
    let kazura = played("kazura:size=5", "C3 swap");
    // After the swap the opener (seat 0) holds White (K-8).
    assert_eq!(kazura.player_in_seat(0), Some(Player::Second));
    assert_eq!(kazura.player_in_seat(1), Some(Player::First));
    assert_eq!(kazura.seat_of(Player::Second), 0);
    assert_eq!(kazura.seat_of(Player::First), 1);
    let before = played("kazura:size=5", "C3");
    assert_eq!(before.player_in_seat(0), Some(Player::First));
    assert_eq!(before.seat_of(Player::Second), 1);
    for spec in ["go9", "bao", "bind", "kazura"] {
        let game = game(spec);
        assert_eq!(game.player_in_seat(0), Some(Player::First), "{spec}");
        assert_eq!(game.player_in_seat(1), Some(Player::Second), "{spec}");
        assert_eq!(game.player_in_seat(2), None, "{spec}");
        assert_eq!(game.seat_of(Player::First), 0);
        assert_eq!(game.seat_of(Player::Second), 1);
    }
}

#[test]
fn sgf_is_go9s_own_and_no_other_game_has_one() {
    let go9 = played("go9", "E5 C3");
    let own_go9 = own(Go9::new(), "E5 C3");
    assert_eq!(
        go9.to_sgf("Ann", "Bob").unwrap(),
        own_go9.to_sgf(&SgfNames::new("Ann", "Bob"))
    );
    for spec in ["kazura", "bao", "bind"] {
        assert!(matches!(
            game(spec).to_sgf("a", "b"),
            Err(RecordError::NoSgf { .. })
        ));
    }
}

#[test]
fn the_computer_plays_a_legal_move_and_none_once_the_game_is_over() {
    for kind in GameKind::ALL {
        let game = AnyGame::new(&kind.default_spec());
        let computer = Computer::new(Level::Easy).with_seed(3);
        let mv = game.computer_move(&computer).unwrap();
        assert!(game.legal_moves().contains(&mv), "{kind}: {mv}");
        let report = game.search(&computer);
        assert_eq!(report.best, Some(mv));
        assert!(report.playouts > 0);
    }
    let mut over = game("go9");
    over.resign(Player::First).unwrap();
    assert_eq!(over.computer_move(&Computer::new(Level::Easy)), None);
}

#[test]
fn fast_playouts_are_each_games_own_random_games() {
    let seeds = |seed: u64, i: u64| GameRng::seed_from(seed + i);
    let (games, seed) = (6u32, 40u64);
    let count = |spec: &str| game(spec).fast_playouts(games, seed);
    // Kazura's own draw, Bao's compact position, go9's playout policy, Bind's generic.
    let kazura: usize = (0..6)
        .map(|i| {
            Kazura::new(7)
                .unwrap()
                .play_random_game(&mut seeds(seed, i))
        })
        .sum();
    let bao: usize = (0..6)
        .map(|i| {
            let mut position = Position::start(Ruleset::Seed);
            game_core::random_playout(&mut position, &mut seeds(seed, i), 100_000, &mut Vec::new())
                .1
        })
        .sum();
    let go9: usize = (0..6)
        .map(|i| Go9::new().random_playout(&mut seeds(seed, i)))
        .sum();
    let bind: usize = (0..6)
        .map(|i| {
            let mut state = Bind::new(Variant::MINI);
            game_core::random_playout(&mut state, &mut seeds(seed, i), 100_000, &mut Vec::new()).1
        })
        .sum();
    for (spec, plies) in [
        ("kazura:size=7", kazura),
        ("bao", bao),
        ("go9", go9),
        ("bind", bind),
    ] {
        let got = count(spec);
        assert_eq!((got.games, got.plies), (games, plies as u64), "{spec}");
    }
}

#[test]
fn each_game_type_knows_its_spec_searched_state_and_random_move() {
    let spec = GameSpec::kazura(6).unwrap();
    let kazura = Kazura::start(&spec).unwrap();
    assert_eq!(kazura.size(), 6);
    assert_eq!(kazura.spec(), spec);
    assert_eq!(Kazura::start(&GameSpec::Go9), None);
    let bao_spec = "bao:ruleset=reference".parse().unwrap();
    assert_eq!(Bao::start(&bao_spec).unwrap(), Bao::new(Ruleset::Reference));
    assert_eq!(Bao::start(&spec), None);
    assert_eq!(Go9::start(&GameSpec::Go9).unwrap(), Go9::new());
    assert_eq!(Go9::start(&spec), None);
    assert_eq!(Go9::new().spec(), GameSpec::Go9);
    let full = "bind:variant=full".parse().unwrap();
    assert_eq!(Bind::start(&full).unwrap(), Bind::new(Variant::FULL));
    assert_eq!(Bind::start(&spec), None);

    let bao = own(Bao::new(Ruleset::Seed), "F6L");
    assert_eq!(bao.searched(), *bao.position());
    let go9 = own(Go9::new(), "E5");
    assert_eq!(go9.searched(), go9);
    let kazura = own(Kazura::new(5).unwrap(), "C3");
    assert_eq!(kazura.searched(), kazura);
    let bind = own(Bind::new(Variant::MINI), "B2-D2");
    assert_eq!(bind.searched(), bind);

    // The concrete game inside an AnyGame, and only that one.
    let any = [
        kazura.clone().into_any(),
        bao.clone().into_any(),
        go9.clone().into_any(),
        bind.clone().into_any(),
    ];
    assert_eq!(Kazura::from_any(&any[0]), Some(&kazura));
    assert_eq!(Bao::from_any(&any[1]), Some(&bao));
    assert_eq!(Go9::from_any(&any[2]), Some(&go9));
    assert_eq!(Bind::from_any(&any[3]), Some(&bind));
    for (i, game) in any.iter().enumerate() {
        assert_eq!(Kazura::from_any(game).is_some(), i == 0);
        assert_eq!(Bao::from_any(game).is_some(), i == 1);
        assert_eq!(Go9::from_any(game).is_some(), i == 2);
        assert_eq!(Bind::from_any(game).is_some(), i == 3);
    }

    // A random player's move: go9's playout policy, the others a uniform pick.
    let mut moves = Vec::new();
    let go9_move = CatalogGame::playout_move(&go9, &mut GameRng::seed_from(5), &mut moves);
    assert_eq!(
        go9_move,
        Go9::playout_move(&go9, &mut GameRng::seed_from(5))
    );
    assert!(go9_move.is_some());
    let mut bind_moves = Vec::new();
    let bind_move = CatalogGame::playout_move(&bind, &mut GameRng::seed_from(5), &mut bind_moves);
    let uniform = game_core::random_move(&bind, &mut GameRng::seed_from(5), &mut bind_moves);
    assert_eq!(bind_move, uniform);
    assert!(bind_move.is_some());
}

#[test]
fn spec_errors_name_their_option_and_move_errors_their_text() {
    let option = |text: &str| text.parse::<GameSpec>().unwrap_err().option();
    assert_eq!(option("bao:size=9"), Some(OptionName::Size));
    assert_eq!(option("kazura:size=99"), Some(OptionName::Size));
    assert_eq!(option("go9:size=13"), Some(OptionName::Size));
    assert_eq!(option("bao:ruleset=house"), Some(OptionName::Ruleset));
    assert_eq!(option("bind:variant=huge"), Some(OptionName::Variant));
    assert_eq!(option("bind:size=30,pieces=10"), Some(OptionName::Size));
    assert_eq!(option("bind:size=3,pieces=10"), Some(OptionName::Pieces));
    assert_eq!(
        option("bind:variant=full,size=8"),
        Some(OptionName::Variant)
    );
    assert_eq!(option("bind:size=6"), Some(OptionName::Pieces));
    assert_eq!(option("bind:pieces=6"), Some(OptionName::Size));
    assert_eq!(option("chess"), None);
    assert!(matches!(
        "kazura:colour=red".parse::<GameSpec>(),
        Err(SpecError::UnknownOption { name }) if name == "colour"
    ));
    assert_eq!(option("kazura:size=9,size=9"), Some(OptionName::Size));
    assert_eq!(option("kazura:size=-3"), Some(OptionName::Size));
    assert_eq!(option("bind:size=6,pieces=many"), Some(OptionName::Pieces));
    assert!(matches!(
        "kazura:size".parse::<GameSpec>(),
        Err(SpecError::Syntax { .. })
    ));
    let mut game = game("go9");
    let error = game.play(" Z99 ").unwrap_err();
    assert_eq!(error.text(), "Z99");
}

#[test]
fn the_computers_settings_read_back_and_describe_themselves() {
    let computer = Computer::new(Level::Hard).with_threads(2).with_seed(7);
    assert_eq!(computer.seed(), 7);
    assert_eq!(computer.level(), Level::Hard);
    assert_eq!(computer.to_string(), "hard (2 threads, seed 7)");
    assert_eq!(
        Computer::new(Level::Normal).with_threads(1).to_string(),
        "normal"
    );
    // The table of docs/catalog.md, easy column.
    for (spec, easy) in [
        ("kazura", 1_000),
        ("kazura:size=19", 500),
        ("bao", 1_000),
        ("go9", 2_000),
        ("bind", 1_000),
        ("bind:variant=full", 1_000),
    ] {
        let spec: GameSpec = spec.parse().unwrap();
        assert_eq!(no_clock_playouts(&spec, Level::Easy), easy, "{spec}");
        assert!(no_clock_playouts(&spec, Level::Normal) > easy);
    }
}
