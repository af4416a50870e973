//! A user's crate depends on `kazura-core` alone: everything below comes through its paths,
//! the trait and game-core's tools included (no `game_core::` or `board_geometry::` path
//! except through the crate's re-exports).

use kazura_core::{
    ByPlayer, Colour, Coord, EndReason, Game, GameRng, GeometryError, Kazura, Move, Outcome,
    ParsePointError, Player, Setup, board_geometry, game_core, perft, perft_divide, random_playout,
};

/// Plays any game through the trait until it ends, with a reused move buffer.
fn play_out<G: Game>(game: &mut G, rng: &mut GameRng) -> usize {
    let mut moves = Vec::new();
    let mut plies = 0;
    loop {
        game.legal_moves(&mut moves);
        let Some(&mv) = rng.choose(&moves) else {
            return plies;
        };
        game.play(mv).expect("a listed move is legal");
        plies += 1;
    }
}

#[test]
fn a_whole_game_through_the_trait_with_one_dependency() {
    let mut game = Kazura::new(9).expect("9 is a valid size");
    assert_eq!(Kazura::NAME, "kazura");
    assert_eq!(game.to_move(), Player::First);
    assert_eq!(perft(&game, 2), 81 * 81);
    assert_eq!(perft_divide(&game, 1).len(), 81);
    let plies = play_out(&mut game, &mut GameRng::seed_from(3));
    assert!(game.is_over());
    assert_eq!(game.ply(), plies);
    assert_eq!(game.moves().len(), plies);
    let outcome: Outcome<EndReason> = game.outcome();
    assert!(outcome.is_over());
    let described = outcome.describe(Kazura::PLAYER_NAMES).to_string();
    assert!(game.outcome_text().starts_with(&described));

    // The generic playout and the geometry types, through the re-exports.
    let mut other = Kazura::default();
    random_playout(
        &mut other,
        &mut GameRng::seed_from(4),
        10_000,
        &mut Vec::new(),
    );
    assert!(other.is_over());
    let point: Coord = "E5".parse().expect("a point");
    assert_eq!(game.parse_move("E5").ok(), Some(Move::Place(point)));
    assert!(matches!(
        "I5".parse::<Coord>(),
        Err(ParsePointError::ColumnI { .. })
    ));
    assert_eq!(Kazura::new(1).unwrap_err(), GeometryError(1));
    let _: &board_geometry::Geometry = game.geometry();
    let _: fn(Player) -> Player = game_core::Player::other;

    // A set-up and a resignation, by player.
    let stones = ByPlayer::new(vec![point], Vec::new());
    let mut set_up = Kazura::from_setup(Setup::new(9, stones, Player::Second)).unwrap();
    set_up.resign(Player::Second).unwrap();
    assert_eq!(set_up.outcome().winner(), Some(Colour::Black.player()));
}

#[cfg(feature = "serde")]
#[test]
fn a_record_round_trip_with_one_dependency() {
    use kazura_core::{RECORD_MARKER, Record, RecordError, Recorded};

    let mut game = Kazura::new(7).unwrap();
    play_out(&mut game, &mut GameRng::seed_from(11));
    let text = game.write_record();
    assert!(Kazura::is_record(&text));
    assert!(text.contains(RECORD_MARKER));
    assert_eq!(Kazura::read_record(&text).unwrap(), game);
    assert_eq!(Recorded::moves(&game), game.moves());
    let record: Record = game.to_record();
    assert_eq!(
        Record::from_json(&record.to_json())
            .unwrap()
            .replay()
            .unwrap(),
        game
    );
    assert!(matches!(
        Kazura::read_record(r#"{"game":"bind"}"#),
        Err(RecordError::WrongGame { found }) if found == "bind"
    ));
    assert!(!Kazura::is_record(r#"{"game":"bind"}"#));
}
