//! The API map of docs/architecture.md, row by row, for `bao-nyakua`: each test is named
//! after its row and uses exactly what the row names, through this crate alone. The
//! `#[non_exhaustive]` promises are compile-fail doctests in `src/api_map.rs`.

use bao_nyakua::{
    Bao, ByPlayer, EndReason, FromSetup, Game, GameRng, Move, Outcome, ParseMoveError, PlayError,
    Player, Position, Ruleset, Setup, SetupError, game_core, perft, perft_divide, random_playout,
};

fn mv(text: &str) -> Move {
    text.parse().expect("a move")
}

fn play_out(game: &mut Bao, seed: u64) {
    random_playout(game, &mut GameRng::seed_from(seed), 10_000, &mut Vec::new());
    assert!(game.is_over());
}

#[test]
fn state_type_is_named_after_the_game() {
    assert_eq!(Bao::NAME, "bao");
    fn is_a_game<G: Game + FromSetup>() {}
    is_a_game::<Bao>();
    // `Position` is the `Copy` position without history, also a `Game`.
    is_a_game::<Position>();
    fn is_copy<T: Copy>() {}
    is_copy::<Position>();
    #[cfg(feature = "serde")]
    {
        fn is_recorded<G: bao_nyakua::Recorded>() {}
        is_recorded::<Bao>();
    }
}

#[test]
fn start_position() {
    let game: Bao = Bao::new(Ruleset::Reference);
    assert_eq!(game.position().ruleset(), Ruleset::Reference);
    assert_eq!(Bao::default(), Bao::new(Ruleset::Seed));
}

#[test]
fn set_up_from_a_position() {
    let mut game = Bao::new(Ruleset::Reference);
    game.play(mv("F7L")).unwrap();
    let setup: Setup = game.setup();
    assert_eq!(
        setup.ruleset,
        Ruleset::Reference,
        "the set-up names its ruleset"
    );
    let from: Result<Bao, SetupError> = Bao::from_setup(setup.clone());
    let from = from.unwrap();
    assert_eq!(
        from.setup(),
        game.setup(),
        "the same position, without the history"
    );
    assert_eq!(from.ply(), 0);
    let through_trait = <Bao as FromSetup>::from_setup(setup.clone()).unwrap();
    assert_eq!(FromSetup::setup(&through_trait), setup);
    let mut broken = setup;
    broken.reserve = ByPlayer::new(60, 22);
    let error: <Bao as FromSetup>::SetupError = Bao::from_setup(broken).unwrap_err();
    assert!(matches!(error, SetupError::Conservation(_)), "{error:?}");
}

#[test]
fn checked_play_leaves_the_state_unchanged_on_error() {
    let mut game = Bao::new(Ruleset::Seed);
    let before = game.clone();
    let refused: Result<(), PlayError> = game.play(mv("F1L"));
    assert!(refused.is_err(), "F1 is empty at the start");
    assert_eq!(game, before);
    game.play(mv("F7L")).unwrap();
}

#[test]
fn legal_moves_into_the_callers_buffer() {
    let game = Bao::new(Ruleset::Seed);
    let mut moves: Vec<Move> = vec![mv("F1L")];
    game.legal_moves(&mut moves);
    let mut texts: Vec<String> = moves.iter().map(ToString::to_string).collect();
    texts.sort();
    assert_eq!(texts, ["F6L", "F6R", "F7L", "F7R"]);
}

#[test]
fn history() {
    let mut game = Bao::new(Ruleset::Seed);
    game.play(mv("F7L")).unwrap();
    let inherent: &[Move] = game.moves();
    assert_eq!(inherent, [mv("F7L")]);
    #[cfg(feature = "serde")]
    assert_eq!(bao_nyakua::Recorded::moves(&game), inherent);
}

#[test]
fn outcome_and_end_reason() {
    let mut game = Bao::new(Ruleset::Seed);
    assert_eq!(game.outcome(), Outcome::Ongoing);
    assert_eq!(game.end_reason(), None);
    play_out(&mut game, 1);
    let outcome: Outcome<EndReason> = game.outcome();
    let reason: Option<EndReason> = game.end_reason();
    assert_eq!(outcome.reason().copied(), reason);
    let copy = reason.unwrap();
    let described = outcome.describe(Bao::PLAYER_NAMES).to_string();
    assert!(described.ends_with(&copy.to_string()), "{described}");
    assert!(game.outcome_text().starts_with(&described));
}

#[test]
fn diagram_is_display() {
    let diagram = Bao::new(Ruleset::Seed).to_string();
    assert!(
        diagram.contains("south: hand 22, pending 0, NYUMBA owned"),
        "{diagram}"
    );
}

#[cfg(feature = "serde")]
#[test]
fn record_write_read_and_replay() {
    use bao_nyakua::{RECORD_MARKER, Record, RecordError, Recorded};

    let mut game = Bao::new(Ruleset::Seed);
    play_out(&mut game, 2);
    let record: Record = game.to_record();
    let text: String = record.to_json();
    assert_eq!(text, game.write_record(), "one text");
    assert!(text.starts_with("{\n  \"format\": \"bao-nakakamado") && text.ends_with("}\n"));
    assert!(!text.ends_with("\n\n"));
    assert_eq!(RECORD_MARKER, "bao-nakakamado-nyakua-a-trial");
    assert!(Bao::is_record(&text));
    let marker: bao_nyakua::game_core::RecordMarker = <Bao as bao_nyakua::Recorded>::MARKER;
    assert_eq!(
        (marker.key, marker.value),
        ("format", bao_nyakua::RECORD_MARKER)
    );
    assert!(!marker.sgf);
    let read: Result<Record, RecordError> = Record::from_json(&text);
    let replayed: Result<Bao, RecordError> = read.unwrap().replay();
    assert_eq!(replayed.unwrap(), game);
    assert_eq!(Bao::read_record(&text).unwrap(), game);
}

#[cfg(feature = "serde")]
#[test]
fn record_errors_share_their_names() {
    use bao_nyakua::{BadMoveReason, RecordError, Recorded};

    let mut game = Bao::new(Ruleset::Seed);
    play_out(&mut game, 3);
    let text = game.write_record();
    assert!(matches!(Bao::read_record("[1"), Err(RecordError::Json(_))));
    assert!(matches!(
        Bao::read_record(r#"{"game": "go9"}"#),
        Err(RecordError::WrongGame { found }) if found == "go9"
    ));
    let mut value: serde_json::Value = serde_json::from_str(&text).unwrap();
    value["history"][1]["move"] = value["history"][0]["move"].clone();
    let bad_second = serde_json::to_string_pretty(&value).unwrap();
    assert!(
        matches!(
            Bao::read_record(&bad_second),
            Err(RecordError::BadMove { number: 2, text, reason: BadMoveReason::Illegal { .. } }) if !text.is_empty()
        ),
        "{:?}",
        Bao::read_record(&bad_second)
    );
    let mut value: serde_json::Value = serde_json::from_str(&text).unwrap();
    value["final"]["turn"] = serde_json::json!(9_999);
    let claimed = serde_json::to_string_pretty(&value).unwrap();
    assert!(matches!(
        Bao::read_record(&claimed),
        Err(RecordError::ResultMismatch { field: "final", recorded, replayed }) if recorded != replayed
    ));
}

#[test]
fn errors_are_typed() {
    let parsed: Result<Move, ParseMoveError> = "Z9X".parse();
    assert!(parsed.is_err());
    let mut game = Bao::new(Ruleset::Seed);
    play_out(&mut game, 4);
    assert_eq!(game.play(mv("F7L")), Err(PlayError::GameOver));
}

#[cfg(feature = "serde")]
#[test]
fn serde_goes_through_the_record() {
    let mut game = Bao::new(Ruleset::Seed);
    play_out(&mut game, 5);
    let json = serde_json::to_string(&game).unwrap();
    assert_eq!(
        serde_json::from_str::<bao_nyakua::Record>(&json).unwrap(),
        game.to_record()
    );
    let back: Bao = serde_json::from_str(&json).unwrap();
    assert_eq!(back, game);
}

#[test]
fn re_exports() {
    let _: fn(&Bao, u32) -> u64 = perft;
    let _: fn(&Bao, u32) -> Vec<(Move, u64)> = perft_divide;
    let _: ByPlayer<u8> = game_core::ByPlayer::new(1, 2);
    let _: Player = game_core::Player::First;
    let _: GameRng = game_core::GameRng::seed_from(1);
}

/// The row "actions and planes": the game crate alone is `Encoded` (ids both ways, the
/// mask, the planes from either side and both together), checked along random games.
#[test]
fn actions_and_planes() {
    use bao_nyakua::Encoded;
    use bao_nyakua::game_core::checker::check_encoding;

    let mut game = Bao::default();
    assert!(check_encoding(&game, 7, 4, 30).unwrap() > 4);
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let mv = moves[0];
    assert_eq!(game.play_action(game.action_of(mv)), Ok(mv));
    assert_eq!(game.moves(), [mv]);
}
