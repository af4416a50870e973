//! The API map of docs/architecture.md, row by row, for `bind`: each test is named after its
//! row and uses exactly what the row names, through this crate alone. The
//! `#[non_exhaustive]` promises are compile-fail doctests in `src/api_map.rs`.

use bind::{
    Bind, ByPlayer, Coord, EndReason, FromSetup, Game, GameRng, Move, Outcome, ParseMoveError,
    ParsePointError, PlayError, Player, Setup, SetupError, Variant, board_geometry, game_core,
    perft, perft_divide, random_playout,
};

fn mv(game: &Bind, text: &str) -> Move {
    game.parse_move(text).expect("a move")
}

fn play_out(game: &mut Bind, seed: u64) {
    random_playout(game, &mut GameRng::seed_from(seed), 10_000, &mut Vec::new());
    assert!(game.is_over());
}

#[test]
fn state_type_is_named_after_the_game() {
    assert_eq!(Bind::NAME, "bind");
    fn is_a_game<G: Game + FromSetup>() {}
    is_a_game::<Bind>();
    #[cfg(feature = "serde")]
    {
        fn is_recorded<G: bind::Recorded>() {}
        is_recorded::<Bind>();
    }
}

#[test]
fn start_position() {
    let game: Bind = Bind::new(Variant::FULL);
    assert_eq!(game.variant(), Variant::FULL);
    assert_eq!(Bind::default(), Bind::new(Variant::MINI));
}

#[test]
fn set_up_from_a_position() {
    let mut setup = Setup::new(Variant::MINI);
    setup.board[4] = "BBB..".into();
    setup.hands[Player::First] = 9;
    setup.first_move_due[Player::First] = false;
    setup.to_move = Player::Second;
    setup.ply = 1;
    let game: Result<Bind, SetupError> = Bind::from_setup(setup.clone());
    let game = game.unwrap();
    let written: Setup = game.setup();
    assert_eq!(written, setup);
    let through_trait = <Bind as FromSetup>::from_setup(setup.clone()).unwrap();
    assert_eq!(through_trait, game);
    assert_eq!(FromSetup::setup(&through_trait), setup);
    setup.hands[Player::First] = 12;
    let error: <Bind as FromSetup>::SetupError = Bind::from_setup(setup).unwrap_err();
    assert!(matches!(error, SetupError::PieceCount { .. }), "{error:?}");
}

#[test]
fn checked_play_leaves_the_state_unchanged_on_error() {
    let mut game = Bind::new(Variant::MINI);
    let opening = mv(&game, "A1-C1");
    let played: Result<(), PlayError> = game.play(opening);
    played.unwrap();
    let before = game.clone();
    assert!(game.play(mv(&game, "A1")).is_err());
    assert_eq!(game, before);
}

#[test]
fn legal_moves_into_the_callers_buffer() {
    let game = Bind::new(Variant::MINI);
    let mut moves: Vec<Move> = vec![Move::Pass];
    game.legal_moves(&mut moves);
    assert!(!moves.contains(&Move::Pass), "the buffer is cleared first");
    // Black's opening: three in a row on the empty board (N-3), 15 across and 15 up.
    assert_eq!(moves.len(), 30);
    assert!(moves.iter().all(|m| m.squares().count() == 3));
}

#[test]
fn history() {
    let mut game = Bind::new(Variant::MINI);
    let opening = mv(&game, "A1-C1");
    game.play(opening).unwrap();
    let inherent: &[Move] = game.moves();
    assert_eq!(inherent, [opening]);
    #[cfg(feature = "serde")]
    assert_eq!(bind::Recorded::moves(&game), inherent);
}

#[test]
fn outcome_and_end_reason() {
    let mut game = Bind::new(Variant::MINI);
    assert_eq!(game.outcome(), Outcome::Ongoing);
    assert_eq!(game.end_reason(), None);
    play_out(&mut game, 1);
    let outcome: Outcome<EndReason> = game.outcome();
    let reason: Option<EndReason> = game.end_reason();
    assert_eq!(outcome.reason().copied(), reason);
    let copy = reason.unwrap();
    let described = outcome.describe(Bind::PLAYER_NAMES).to_string();
    assert!(described.ends_with(&copy.to_string()), "{described}");
    assert_eq!(game.outcome_text(), described);
}

#[test]
fn calls_resign() {
    let mut game = Bind::new(Variant::MINI);
    let resigned: Result<(), PlayError> = game.resign(Player::First);
    resigned.unwrap();
    assert_eq!(game.outcome().winner(), Some(Player::Second));
    assert_eq!(game.resign(Player::Second), Err(PlayError::GameOver));
}

#[test]
fn diagram_is_display() {
    let diagram = Bind::new(Variant::MINI).to_string();
    assert!(diagram.contains("A B C D E"), "{diagram}");
}

#[cfg(feature = "serde")]
#[test]
fn record_write_read_and_replay() {
    use bind::{RECORD_MARKER, Record, RecordError, Recorded};

    let mut game = Bind::new(Variant::MINI);
    play_out(&mut game, 2);
    let record: Record = game.to_record();
    let text: String = record.to_json();
    assert_eq!(text, game.write_record(), "one text");
    assert!(text.starts_with("{\n  \"game\": \"bind\",") && text.ends_with("}\n"));
    assert!(!text.ends_with("\n\n"));
    assert_eq!(RECORD_MARKER, "bind");
    assert!(Bind::is_record(&text));
    let marker: bind::game_core::RecordMarker = <Bind as bind::Recorded>::MARKER;
    assert_eq!((marker.key, marker.value), ("game", "bind"));
    assert!(!marker.sgf);
    let read: Result<Record, RecordError> = Record::from_json(&text);
    let replayed: Result<Bind, RecordError> = read.unwrap().replay();
    assert_eq!(replayed.unwrap(), game);
    assert_eq!(Bind::read_record(&text).unwrap(), game);
}

#[cfg(feature = "serde")]
#[test]
fn record_errors_share_their_names() {
    use bind::{BadMoveReason, RecordError, Recorded};

    let mut game = Bind::new(Variant::MINI);
    play_out(&mut game, 3);
    let text = game.write_record();
    assert!(matches!(Bind::read_record("[1"), Err(RecordError::Json(_))));
    assert!(matches!(
        Bind::read_record(r#"{"game": "go9"}"#),
        Err(RecordError::WrongGame { found }) if found == "go9"
    ));
    let first = game.moves()[0].to_string();
    let second = game.moves()[1].to_string();
    let bad_second = text.replacen(&format!("\"{second}\""), &format!("\"{first}\""), 1);
    assert!(matches!(
        Bind::read_record(&bad_second),
        Err(RecordError::BadMove { number: 2, text, reason: BadMoveReason::Illegal { .. } }) if !text.is_empty()
    ));
    let result = format!("\"result\": \"{}\"", game.outcome_text());
    assert!(text.contains(&result), "{text}");
    let claimed = text.replace(&result, "\"result\": \"ongoing\"");
    assert!(matches!(
        Bind::read_record(&claimed),
        Err(RecordError::ResultMismatch { field: "result", recorded, replayed }) if recorded != replayed
    ));
}

#[test]
fn errors_are_typed() {
    let parsed: Result<Move, ParseMoveError> = "A1-".parse();
    assert!(parsed.is_err());
    let mut game = Bind::new(Variant::MINI);
    game.resign(Player::First).unwrap();
    assert_eq!(game.play(Move::Pass), Err(PlayError::GameOver));
}

#[cfg(feature = "serde")]
#[test]
fn serde_goes_through_the_record() {
    let mut game = Bind::new(Variant::MINI);
    play_out(&mut game, 4);
    let json = serde_json::to_string(&game).unwrap();
    assert_eq!(
        serde_json::from_str::<bind::Record>(&json).unwrap(),
        game.to_record()
    );
    let back: Bind = serde_json::from_str(&json).unwrap();
    assert_eq!(back, game);
}

#[test]
fn re_exports() {
    let _: fn(&Bind, u32) -> u64 = perft;
    let _: fn(&Bind, u32) -> Vec<(Move, u64)> = perft_divide;
    let _: ByPlayer<u8> = game_core::ByPlayer::new(1, 2);
    let _: Player = game_core::Player::First;
    let _: GameRng = game_core::GameRng::seed_from(1);
    let _: Coord = board_geometry::Coord::new(0, 0);
    let _: Result<Coord, ParsePointError> = "A1".parse();
}

/// The row "actions and planes": the game crate alone is `Encoded` (ids both ways, the
/// mask, the planes from either side and both together), checked along random games.
#[test]
fn actions_and_planes() {
    use bind::Encoded;
    use bind::game_core::checker::check_encoding;

    let mut game = Bind::default();
    assert!(check_encoding(&game, 7, 4, 30).unwrap() > 4);
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let mv = moves[0];
    assert_eq!(game.play_action(game.action_of(mv)), Ok(mv));
    assert_eq!(game.moves(), [mv]);
}
