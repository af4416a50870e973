//! The API map of docs/architecture.md, row by row, for `kazura-core`: each test is named
//! after its row and uses exactly what the row names, through this crate alone. The
//! `#[non_exhaustive]` promises are compile-fail doctests in `src/api_map.rs`.

use kazura_core::{
    ByPlayer, Colour, Coord, EndReason, FromSetup, Game, GameRng, Geometry, GeometryError, Kazura,
    Move, Outcome, ParseMoveError, ParsePointError, PlayError, Player, Setup, SetupError,
    board_geometry, game_core, perft, perft_divide, random_playout,
};

#[cfg(feature = "serde")]
use kazura_core::Recorded;

fn point(text: &str) -> Coord {
    text.parse().expect("a point")
}

/// Plays the game through the trait until it ends.
fn play_out(game: &mut Kazura, seed: u64) {
    random_playout(game, &mut GameRng::seed_from(seed), 10_000, &mut Vec::new());
    assert!(game.is_over());
}

#[test]
fn state_type_is_named_after_the_game() {
    assert_eq!(Kazura::NAME, "kazura");
    fn is_a_game<G: Game + FromSetup>() {}
    is_a_game::<Kazura>();
    #[cfg(feature = "serde")]
    {
        fn is_recorded<G: Recorded>() {}
        is_recorded::<Kazura>();
    }
}

#[test]
fn start_position() {
    let game: Result<Kazura, GeometryError> = Kazura::new(9);
    assert_eq!(game.unwrap().size(), 9);
    assert_eq!(Kazura::new(1).unwrap_err(), GeometryError(1));
    assert_eq!(Kazura::default().size(), 13);
}

#[test]
fn set_up_from_a_position() {
    let setup = Setup::new(5, ByPlayer::new(vec![point("B2")], vec![]), Player::Second);
    let game: Result<Kazura, SetupError> = Kazura::from_setup(setup.clone());
    let game = game.unwrap();
    let written: Setup = game.setup();
    assert_eq!(written, setup);
    // The same through the trait, with the same types.
    let through_trait = <Kazura as FromSetup>::from_setup(setup.clone()).unwrap();
    assert_eq!(through_trait, game);
    assert_eq!(FromSetup::setup(&through_trait), setup);
    let off_board = Setup::new(5, ByPlayer::new(vec![point("F1")], vec![]), Player::First);
    let error: <Kazura as FromSetup>::SetupError = Kazura::from_setup(off_board).unwrap_err();
    assert!(matches!(error, SetupError::OffBoard { .. }), "{error:?}");
}

#[test]
fn checked_play_leaves_the_state_unchanged_on_error() {
    let mut game = Kazura::new(5).unwrap();
    let played: Result<(), PlayError> = game.play(Move::Place(point("C3")));
    played.unwrap();
    let before = game.clone();
    assert!(matches!(
        game.play(Move::Place(point("C3"))),
        Err(PlayError::Occupied { .. })
    ));
    assert_eq!(game, before);
}

#[test]
fn legal_moves_into_the_callers_buffer() {
    let game = Kazura::new(3).unwrap();
    let mut moves: Vec<Move> = vec![Move::Pass];
    game.legal_moves(&mut moves);
    assert_eq!(
        moves.len(),
        9,
        "the buffer is cleared, then filled: {moves:?}"
    );
}

#[test]
fn history() {
    let mut game = Kazura::new(5).unwrap();
    game.play(Move::Place(point("C3"))).unwrap();
    game.play(Move::Swap).unwrap();
    let inherent: &[Move] = game.moves();
    assert_eq!(inherent, [Move::Place(point("C3")), Move::Swap]);
    #[cfg(feature = "serde")]
    assert_eq!(Recorded::moves(&game), inherent);
}

#[test]
fn outcome_and_end_reason() {
    let mut game = Kazura::new(5).unwrap();
    assert_eq!(game.outcome(), Outcome::Ongoing);
    assert_eq!(game.end_reason(), None);
    play_out(&mut game, 1);
    let outcome: Outcome<EndReason> = game.outcome();
    let reason: Option<EndReason> = game.end_reason();
    assert_eq!(outcome.reason().copied(), reason);
    // `EndReason` is `Copy`, and its Display is the words after the winner word.
    let reason = reason.unwrap();
    let copy = reason;
    let winner = Kazura::PLAYER_NAMES[outcome.winner().unwrap().index()];
    let words = format!("{winner} {copy}");
    assert_eq!(outcome.describe(Kazura::PLAYER_NAMES).to_string(), words);
    // `result:` adds Kazura's group lengths after those words.
    assert!(
        game.outcome_text().starts_with(&words),
        "{}",
        game.outcome_text()
    );
}

#[test]
fn calls_resign() {
    let mut game = Kazura::new(5).unwrap();
    let resigned: Result<(), PlayError> = game.resign(Player::First);
    resigned.unwrap();
    assert_eq!(game.outcome().winner(), Some(Player::Second));
    assert_eq!(game.resign(Player::Second), Err(PlayError::GameOver));
}

#[test]
fn diagram_is_display() {
    let game = Kazura::new(5).unwrap();
    let diagram = game.to_string();
    assert!(diagram.contains("A B C D E"), "{diagram}");
}

#[cfg(feature = "serde")]
#[test]
fn record_write_read_and_replay() {
    use kazura_core::{RECORD_MARKER, Record, RecordError};

    let mut game = Kazura::new(5).unwrap();
    play_out(&mut game, 2);
    let record: Record = game.to_record();
    let text: String = record.to_json();
    assert_eq!(text, game.write_record(), "one text");
    assert!(text.starts_with("{\n  \"game\": \"kazura\",") && text.ends_with("}\n"));
    assert!(!text.ends_with("\n\n"));
    assert_eq!(RECORD_MARKER, "kazura");
    assert!(Kazura::is_record(&text));
    let marker: kazura_core::game_core::RecordMarker = <Kazura as kazura_core::Recorded>::MARKER;
    assert_eq!((marker.key, marker.value), ("game", "kazura"));
    assert!(!marker.sgf);
    let read: Result<Record, RecordError> = Record::from_json(&text);
    let replayed: Result<Kazura, RecordError> = read.unwrap().replay();
    assert_eq!(replayed.unwrap(), game);
    assert_eq!(Kazura::read_record(&text).unwrap(), game);
}

#[cfg(feature = "serde")]
#[test]
fn record_errors_share_their_names() {
    use kazura_core::{BadMoveReason, RecordError};

    let game = {
        let mut game = Kazura::new(5).unwrap();
        play_out(&mut game, 3);
        game
    };
    let text = game.write_record();
    assert!(matches!(
        Kazura::read_record("[1"),
        Err(RecordError::Json(_))
    ));
    assert!(matches!(
        Kazura::read_record(r#"{"game": "go9"}"#),
        Err(RecordError::WrongGame { found }) if found == "go9"
    ));
    let first = game.moves()[0].to_string();
    let bad_second = text.replacen(
        &format!("\"{}\"", game.moves()[1]),
        &format!("\"{first}\""),
        1,
    );
    assert!(matches!(
        Kazura::read_record(&bad_second),
        Err(RecordError::BadMove { number: 2, text, reason: BadMoveReason::Illegal { .. } }) if !text.is_empty()
    ));
    let claimed = text.replace("\"result\": \"", "\"result\": \"x");
    assert!(matches!(
        Kazura::read_record(&claimed),
        Err(RecordError::ResultMismatch { field: "result", recorded, replayed }) if recorded != replayed
    ));
}

#[test]
fn errors_are_typed() {
    let parsed: Result<Move, ParseMoveError> = "swop".parse();
    assert!(parsed.is_err());
    let mut game = Kazura::new(5).unwrap();
    game.resign(Player::First).unwrap();
    assert_eq!(game.play(Move::Pass), Err(PlayError::GameOver));
}

#[cfg(feature = "serde")]
#[test]
fn serde_goes_through_the_record() {
    let mut game = Kazura::new(5).unwrap();
    play_out(&mut game, 4);
    let json = serde_json::to_string(&game).unwrap();
    assert_eq!(
        serde_json::from_str::<kazura_core::Record>(&json).unwrap(),
        game.to_record()
    );
    let back: Kazura = serde_json::from_str(&json).unwrap();
    assert_eq!(back, game);
}

#[test]
fn re_exports() {
    let _: fn(&Kazura, u32) -> u64 = perft;
    let _: fn(&Kazura, u32) -> Vec<(Move, u64)> = perft_divide;
    let _: ByPlayer<u8> = game_core::ByPlayer::new(1, 2);
    let _: Player = game_core::Player::First;
    let _: GameRng = game_core::GameRng::seed_from(1);
    let _: Coord = board_geometry::Coord::new(0, 0);
    let _: Result<Coord, ParsePointError> = "A1".parse();
    let _: &Geometry = Kazura::new(5).unwrap().geometry();
    let _: Colour = Colour::Black;
}

/// The row "actions and planes": the game crate alone is `Encoded` (ids both ways, the
/// mask, the planes from either side and both together), checked along random games.
#[test]
fn actions_and_planes() {
    use kazura_core::Encoded;
    use kazura_core::game_core::checker::check_encoding;

    let mut game = Kazura::new(5).unwrap();
    assert!(check_encoding(&game, 7, 4, 30).unwrap() > 4);
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let mv = moves[0];
    assert_eq!(game.play_action(game.action_of(mv)), Ok(mv));
    assert_eq!(game.moves(), [mv]);
}
