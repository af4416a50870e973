//! The API map of docs/architecture.md, row by row, for `go9`: each test is named after its
//! row and uses exactly what the row names, through this crate alone. The
//! `#[non_exhaustive]` promises are compile-fail doctests in `src/api_map.rs`.

use go9::{
    ByPlayer, Coord, EndReason, FromSetup, Game, GameRng, Go9, Move, Outcome, ParseMoveError,
    ParsePointError, PlayError, Player, Point, Setup, SetupError, UndoError, board_geometry,
    game_core, parse_point, perft, perft_divide, random_playout,
};

fn point(text: &str) -> Point {
    parse_point(text).expect("a point")
}

fn play_out(game: &mut Go9, seed: u64) {
    random_playout(game, &mut GameRng::seed_from(seed), 10_000, &mut Vec::new());
    assert!(game.is_over());
}

#[test]
fn state_type_is_named_after_the_game() {
    assert_eq!(Go9::NAME, "go9");
    fn is_a_game<G: Game + FromSetup>() {}
    is_a_game::<Go9>();
    #[cfg(feature = "serde")]
    {
        fn is_recorded<G: go9::Recorded>() {}
        is_recorded::<Go9>();
    }
}

#[test]
fn start_position() {
    let game: Go9 = Go9::new();
    assert_eq!(game, Go9::default());
    assert_eq!(game.to_move(), Player::First);
    assert_eq!(game.ply(), 0);
}

#[test]
fn set_up_from_a_position() {
    let stones = ByPlayer::new(vec![point("C3")], vec![point("G7"), point("G6")]);
    let setup = Setup::new(stones, Player::Second);
    let game: Result<Go9, SetupError> = Go9::from_setup(setup.clone());
    let game = game.unwrap();
    let written: Setup = game.setup();
    assert_eq!(written.stones.second, vec![point("G6"), point("G7")]);
    let through_trait = <Go9 as FromSetup>::from_setup(written.clone()).unwrap();
    assert_eq!(through_trait, game);
    assert_eq!(FromSetup::setup(&through_trait), written);
    let both = Setup::new(
        ByPlayer::new(vec![point("E5")], vec![point("E5")]),
        Player::First,
    );
    let error: <Go9 as FromSetup>::SetupError = Go9::from_setup(both).unwrap_err();
    assert_eq!(error, SetupError::BothColours(point("E5")));
}

#[test]
fn checked_play_leaves_the_state_unchanged_on_error() {
    let mut game = Go9::new();
    let played: Result<(), PlayError> = game.play(Move::Place(point("E5")));
    played.unwrap();
    let before = game.clone();
    assert_eq!(
        game.play(Move::Place(point("E5"))),
        Err(PlayError::Occupied(point("E5")))
    );
    assert_eq!(game, before);
    // GTP's out-of-turn play: White has just played, and plays again.
    game.play_as(Player::Second, Move::Place(point("C3")))
        .unwrap();
    game.play_as(Player::Second, Move::Place(point("G7")))
        .unwrap();
    assert_eq!(game.to_move(), Player::First);
}

#[test]
fn legal_moves_into_the_callers_buffer() {
    let game = Go9::new();
    let mut moves: Vec<Move> = vec![Move::Pass, Move::Pass];
    game.legal_moves(&mut moves);
    assert_eq!(moves.len(), 82, "81 points and the pass, once each");
}

#[test]
fn history() {
    let mut game = Go9::new();
    game.play(Move::Place(point("E5"))).unwrap();
    game.play_as(Player::First, Move::Pass).unwrap();
    let inherent: &[Move] = game.moves();
    assert_eq!(inherent, [Move::Place(point("E5")), Move::Pass]);
    #[cfg(feature = "serde")]
    assert_eq!(go9::Recorded::moves(&game), inherent);
    let played: Vec<(Player, Move)> = game.played().collect();
    assert_eq!(
        played,
        [
            (Player::First, Move::Place(point("E5"))),
            (Player::First, Move::Pass)
        ]
    );
}

#[test]
fn undo() {
    let mut game = Go9::new();
    assert_eq!(game.undo(), Err(UndoError::AtStart));
    game.play(Move::Place(point("E5"))).unwrap();
    let undone: Result<Move, UndoError> = game.undo();
    assert_eq!(undone, Ok(Move::Place(point("E5"))));
    assert_eq!(game, Go9::new());
}

#[test]
fn outcome_and_end_reason() {
    let mut game = Go9::new();
    assert_eq!(game.outcome(), Outcome::Ongoing);
    assert_eq!(game.end_reason(), None);
    play_out(&mut game, 1);
    let outcome: Outcome<EndReason> = game.outcome();
    let reason: Option<EndReason> = game.end_reason();
    assert_eq!(outcome.reason().copied(), reason);
    let copy = reason.unwrap();
    let described = outcome.describe(Go9::PLAYER_NAMES).to_string();
    assert!(described.ends_with(&copy.to_string()), "{described}");
    assert_eq!(game.outcome_text(), described);
}

#[test]
fn calls_resign_lose_on_time_agree_draw() {
    let mut game = Go9::new();
    let resigned: Result<(), PlayError> = game.resign(Player::First);
    resigned.unwrap();
    assert_eq!(game.outcome().winner(), Some(Player::Second));
    let mut game = Go9::new();
    game.lose_on_time(Player::Second).unwrap();
    assert_eq!(game.outcome().winner(), Some(Player::First));
    let mut game = Go9::new();
    game.agree_draw().unwrap();
    assert!(game.outcome().is_over() && game.outcome().winner().is_none());
    assert_eq!(game.agree_draw(), Err(PlayError::GameOver));
}

#[test]
fn diagram_is_display() {
    let diagram = Go9::new().to_string();
    assert!(diagram.contains("A B C D E F G H J"), "{diagram}");
}

#[cfg(feature = "serde")]
#[test]
fn record_write_read_and_replay() {
    use go9::{RECORD_MARKER, Record, RecordError, Recorded, SgfNames};

    let mut game = Go9::new();
    play_out(&mut game, 2);
    let record: Record = game.to_record();
    let text: String = record.to_json();
    assert_eq!(text, game.write_record(), "one text");
    assert!(text.starts_with("{\n  \"game\": \"go9\",") && text.ends_with("}\n"));
    assert!(!text.ends_with("\n\n"));
    assert_eq!(RECORD_MARKER, "go9");
    assert!(Go9::is_record(&text));
    let marker: go9::game_core::RecordMarker = <Go9 as go9::Recorded>::MARKER;
    assert_eq!((marker.key, marker.value), ("game", "go9"));
    assert!(marker.sgf);
    let read: Result<Record, RecordError> = Record::from_json(&text);
    let replayed: Result<Go9, RecordError> = read.unwrap().replay();
    assert_eq!(replayed.unwrap(), game);
    assert_eq!(Go9::read_record(&text).unwrap(), game);
    // And SGF, both ways.
    let sgf = game.to_sgf(&SgfNames::new("b", "w"));
    assert!(sgf.starts_with("(;") && sgf.ends_with(")\n") && !sgf.ends_with("\n\n"));
    assert_eq!(Go9::from_sgf(&sgf).unwrap(), game);
    assert_eq!(Go9::read_record(&sgf).unwrap(), game);
}

#[cfg(feature = "serde")]
#[test]
fn record_errors_share_their_names() {
    use go9::{BadMoveReason, RecordError, Recorded};

    let mut game = Go9::new();
    for text in ["E5", "C3", "G7"] {
        game.play(Move::Place(point(text))).unwrap();
    }
    let text = game.write_record();
    assert!(matches!(Go9::read_record("[1"), Err(RecordError::Json(_))));
    assert!(matches!(
        Go9::read_record(r#"{"game": "bind"}"#),
        Err(RecordError::WrongGame { found }) if found == "bind"
    ));
    let bad_second = text.replacen("\"C3\"", "\"E5\"", 1);
    assert!(matches!(
        Go9::read_record(&bad_second),
        Err(RecordError::BadMove { number: 2, text, reason: BadMoveReason::Illegal { .. } }) if !text.is_empty()
    ));
    let claimed = text.replace("\"result\": null", "\"result\": \"W+R\"");
    assert_ne!(claimed, text);
    assert!(matches!(
        Go9::read_record(&claimed),
        Err(RecordError::ResultMismatch { field: "result", recorded, replayed }) if recorded != replayed
    ));
}

#[test]
fn errors_are_typed() {
    let parsed: Result<Move, ParseMoveError> = "Z99".parse();
    assert!(parsed.is_err());
    let mut game = Go9::new();
    game.resign(Player::First).unwrap();
    assert_eq!(game.play(Move::Pass), Err(PlayError::GameOver));
    assert_eq!(game.undo(), Err(UndoError::EndedByCall));
}

#[cfg(feature = "serde")]
#[test]
fn serde_goes_through_the_record() {
    let mut game = Go9::new();
    play_out(&mut game, 4);
    let json = serde_json::to_string(&game).unwrap();
    assert_eq!(
        serde_json::from_str::<go9::Record>(&json).unwrap(),
        game.to_record()
    );
    let back: Go9 = serde_json::from_str(&json).unwrap();
    assert_eq!(back, game);
}

#[test]
fn re_exports() {
    let _: fn(&Go9, u32) -> u64 = perft;
    let _: fn(&Go9, u32) -> Vec<(Move, u64)> = perft_divide;
    let _: ByPlayer<u8> = game_core::ByPlayer::new(1, 2);
    let _: Player = game_core::Player::First;
    let _: GameRng = game_core::GameRng::seed_from(1);
    let _: Coord = board_geometry::Coord::new(0, 0);
    let _: Result<Coord, ParsePointError> = "A1".parse();
    let _: Point = board_geometry::Point::from_index(0);
}

/// The row "actions and planes": the game crate alone is `Encoded` (ids both ways, the
/// mask, the planes from either side and both together), checked along random games.
#[test]
fn actions_and_planes() {
    use go9::Encoded;
    use go9::game_core::checker::check_encoding;

    let mut game = Go9::new();
    assert!(check_encoding(&game, 7, 4, 30).unwrap() > 4);
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let mv = moves[0];
    assert_eq!(game.play_action(game.action_of(mv)), Ok(mv));
    assert_eq!(game.moves(), [mv]);
}
