//! G-13 SGF and the JSON record: both round-trip and replay through the rules.

mod common;

#[cfg(feature = "serde")]
use common::play_all;
use common::pt;
use game_core::{Game, GameRng, Player};
#[cfg(feature = "serde")]
use go9::Recorded;
use go9::{Go9, Move, RecordError, SgfNames};

fn random_game(seed: u64) -> Go9 {
    let mut rng = GameRng::seed_from(seed);
    let mut state = Go9::new();
    while let Some(mv) = state.playout_move(&mut rng) {
        state.play(mv).unwrap();
        if state.ply() == 40 + seed as usize % 90 {
            break;
        }
    }
    state
}

#[test]
#[cfg(feature = "serde")]
fn json_records_round_trip_through_the_rules() {
    for seed in 0..20 {
        let mut game = random_game(seed);
        match seed % 4 {
            0 => game.resign(Player::Second).unwrap(),
            1 => game.lose_on_time(Player::First).unwrap(),
            2 => {
                let _ = game.play(Move::Pass);
                let _ = game.play(Move::Pass);
            }
            _ => {}
        }
        let text = game.write_record();
        assert!(text.contains("\"game\": \"go9\""));
        let back = Go9::read_record(&text).unwrap();
        assert_eq!(back, game, "seed {seed}");
        assert_eq!(back.write_record(), text);
    }
}

/// G-13 with G-4: a game from a set-up position keeps its stones and first player
/// through its JSON record, and the set-up stones are part of the history the moves are
/// replayed on.
#[test]
#[cfg(feature = "serde")]
fn a_json_record_keeps_the_set_up_position() {
    let setup = go9::Setup::new(
        go9::ByPlayer::new(vec![pt("C3"), pt("D4")], vec![pt("E5"), pt("F6"), pt("G7")]),
        Player::Second,
    );
    let mut game = Go9::from_setup(setup.clone()).unwrap();
    play_all(&mut game, "C7 G3 pass");
    let text = game.write_record();
    let back = Go9::read_record(&text).unwrap();
    assert_eq!(back.setup(), setup);
    assert_eq!(back, game);
    // Moving a set-up stone makes another game, which the record must not hide.
    let moved = text.replace("\"C3\"", "\"C4\"");
    assert_ne!(moved, text);
    let other = Go9::read_record(&moved).unwrap();
    assert_ne!(other.setup(), setup);
    // A set-up stone that is not a point is refused, named.
    let bad = text.replace("\"C3\"", "\"Z3\"");
    assert_eq!(
        go9::Record::from_json(&bad).and_then(|r| r.replay()),
        Err(RecordError::Point("Z3".into()))
    );
}

#[test]
#[cfg(feature = "serde")]
fn a_json_record_with_an_illegal_move_names_its_number() {
    let mut game = Go9::new();
    play_all(&mut game, "E5 D5");
    let text = game.write_record().replace("\"D5\"", "\"E5\"");
    let err = Go9::read_record(&text).unwrap_err();
    assert!(
        matches!(&err, RecordError::BadMove { number: 2, .. }),
        "{err}"
    );
    assert!(err.to_string().contains("occupied"), "{err}");
}

#[test]
#[cfg(feature = "serde")]
fn a_json_record_with_a_wrong_result_or_unknown_field_is_rejected() {
    let mut game = Go9::new();
    play_all(&mut game, "E5 pass pass");
    let text = game.write_record();
    let wrong = text.replace("B+74", "W+3");
    assert!(matches!(
        Go9::read_record(&wrong),
        Err(RecordError::ResultMismatch { .. })
    ));
    let extra = text.replacen('{', "{\"colour\": 1,", 1);
    assert!(matches!(
        Go9::read_record(&extra),
        Err(RecordError::Json(_))
    ));
    let other = text.replace("\"go9\"", "\"kazura\"");
    assert!(matches!(
        Go9::read_record(&other),
        Err(RecordError::WrongGame { .. })
    ));
}

#[test]
fn g13_sgf_round_trips_with_names_result_and_passes() {
    let names = SgfNames::new("Kim]", "Lee");
    for seed in 0..20 {
        let mut game = random_game(seed);
        if seed % 2 == 0 {
            let _ = game.play(Move::Pass);
            let _ = game.play(Move::Pass);
        }
        let text = game.to_sgf(&names);
        assert!(text.starts_with("(;GM[1]FF[4]CA[UTF-8]SZ[9]KM[7]RU[Ttakji]PB[Kim\\]]PW[Lee]"));
        let back = Go9::from_sgf(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(back, game, "seed {seed}");
    }
}

#[test]
fn g13_sgf_reads_tt_as_a_pass_and_writes_moves_in_sgf_coordinates() {
    let game = Go9::from_sgf("(;GM[1]FF[4]SZ[9]KM[7];B[ee];W[tt];B[ai];W[])").unwrap();
    let moves: Vec<String> = game.moves().iter().map(Move::to_string).collect();
    assert_eq!(moves, ["E5", "pass", "A1", "pass"]);
    assert!(!game.is_over(), "W[] and W[tt] were not in a row");
    let text = game.to_sgf(&SgfNames::default());
    assert!(text.contains(";B[ee]\n;W[]\n;B[ai]\n;W[]"), "{text}");
}

#[test]
fn g13_sgf_setup_stones_are_the_first_board_and_pl_says_who_moves() {
    // The ko of tests/rules.rs as setup stones: Black takes, White's retake repeats the
    // setup board.
    let text = "(;GM[1]FF[4]SZ[9]KM[7]AB[dd][ce][df]AW[ed][de][fe][ef]PL[B];B[ee];W[de])";
    let err = Go9::from_sgf(text).unwrap_err();
    assert!(
        matches!(&err, RecordError::BadMove { number: 2, .. }),
        "{err}"
    );
    assert!(err.to_string().contains("superko"), "{err}");
    // PL alone (no stones) still says who starts, and survives a round trip.
    let white_first = Go9::from_sgf("(;GM[1]SZ[9]PL[W];W[ee])").unwrap();
    assert_eq!(white_first.to_move(), Player::First);
    let again = Go9::from_sgf(&white_first.to_sgf(&SgfNames::default())).unwrap();
    assert_eq!(again, white_first);
    let game = Go9::from_sgf("(;GM[1]FF[4]SZ[9]AB[aa]AW[ba]PL[W])").unwrap();
    assert_eq!(game.to_move(), Player::Second);
    assert_eq!(game.board().stone_at(pt("A9")), Some(Player::First));
    // PL is written whenever the game does not simply start with Black on an empty board.
    assert!(!Go9::new().to_sgf(&SgfNames::default()).contains("PL["));
    for (setup, pl) in [("AB[aa]", "PL[B]"), ("AW[aa]", "PL[B]"), ("PL[W]", "PL[W]")] {
        let game = Go9::from_sgf(&format!("(;GM[1]FF[4]SZ[9]{setup})")).unwrap();
        let text = game.to_sgf(&SgfNames::default());
        assert!(text.contains(pl), "{setup}: {text}");
    }
    // Set-up stones and PL are written back, so the position survives a round trip.
    let text = game.to_sgf(&SgfNames::default());
    assert!(text.contains("AB[aa]AW[ba]PL[W]"), "{text}");
    assert_eq!(Go9::from_sgf(&text).unwrap(), game);
    assert!(matches!(
        Go9::from_sgf("(;GM[1]FF[4]SZ[9]AB[aa]AW[ba][ab])"),
        Err(RecordError::Setup(_))
    ));
}

#[test]
fn g13_sgf_errors_name_what_is_wrong() {
    // Another game (GM[2] is Othello) is refused as an SGF error, with the reader's reason.
    assert!(matches!(
        Go9::from_sgf("(;GM[2]SZ[8])"),
        Err(RecordError::Sgf(reason)) if reason.contains("game type")
    ));
    // Another size is named as the file gives it (SGF's `SZ[w:h]` is w columns, h rows).
    for (text, size) in [("(;GM[1]SZ[19])", "19x19"), ("(;GM[1]SZ[13:11])", "13x11")] {
        match Go9::from_sgf(text) {
            Err(RecordError::Size(found)) => assert_eq!(found, size, "{text}"),
            other => panic!("{text}: {other:?}"),
        }
    }
    // Komi 7 may be written with zeros after the point; anything else is refused.
    for same in ["7", "7.0", "7.00"] {
        assert!(
            Go9::from_sgf(&format!("(;GM[1]SZ[9]KM[{same}])")).is_ok(),
            "KM[{same}]"
        );
    }
    assert!(matches!(
        Go9::from_sgf("(;GM[1]SZ[9]KM[7.0000001])"),
        Err(RecordError::Komi(_))
    ));
    assert!(matches!(
        Go9::from_sgf("(;GM[1]SZ[9]KM[6.5])"),
        Err(RecordError::Komi(_))
    ));
    // sgf-parse refuses a non-Go game tree itself.
    assert!(matches!(
        Go9::from_sgf("(;GM[2])"),
        Err(RecordError::Sgf(_))
    ));
    assert!(matches!(Go9::from_sgf("not sgf"), Err(RecordError::Sgf(_))));
    let err = Go9::from_sgf("(;GM[1]SZ[9];B[ee];W[ee])").unwrap_err();
    assert!(
        matches!(err, RecordError::BadMove { number: 2, .. }),
        "{err}"
    );
    let err = Go9::from_sgf("(;GM[1]SZ[9];B[ee];W[ek])").unwrap_err();
    assert!(
        matches!(err, RecordError::BadMove { number: 2, .. }),
        "{err}"
    );
    // An off-board point is named as the record wrote it, lower- or upper-case letters
    // (SGF's 0–25 and 26–51).
    assert!(err.to_string().contains("ek"), "{err}");
    let err = Go9::from_sgf("(;GM[1]SZ[9];B[Ka])").unwrap_err();
    assert!(err.to_string().contains("Ka"), "{err}");
    assert!(matches!(
        Go9::from_sgf("(;GM[1]SZ[9]RE[W+5];B[ee];W[];B[])"),
        Err(RecordError::ResultMismatch { .. })
    ));
    // Set-up stones belong to the root: AB, AW or AE in a later node is refused.
    for late in ["AB[cc]", "AW[cc]", "AE[ee]"] {
        let text = format!("(;GM[1]SZ[9];B[ee];W[gg]{late})");
        assert_eq!(
            Go9::from_sgf(&text),
            Err(RecordError::SetupInGame),
            "{text}"
        );
    }
    let resigned = Go9::from_sgf("(;GM[1]SZ[9]RE[B+R];B[ee])").unwrap();
    assert_eq!(resigned.result().as_deref(), Some("B+R"));
}

#[test]
fn g13_a_malformed_move_or_rule_property_is_an_error_never_skipped() {
    // `B[e]` is not a move: it must not vanish and let White's E5 become move 1.
    let err = Go9::from_sgf("(;GM[1]SZ[9];B[e];W[ee])").unwrap_err();
    assert!(
        matches!(&err, RecordError::BadMove { number: 1, .. }),
        "{err}"
    );
    let err = Go9::from_sgf("(;GM[1]SZ[9];B[ee];W[ff];B[gg]W[x])").unwrap_err();
    assert!(
        matches!(&err, RecordError::BadMove { number: 4, .. }),
        "{err}"
    );
    for bad in [
        "(;GM[1]SZ[9]AB[e];B[ee])",
        "(;GM[1]SZ[9]AW[ee][q];B[cc])",
        "(;GM[1]SZ[9]KM[seven])",
        "(;GM[1]SZ[nine])",
        "(;GM[1]SZ[9]PL[X])",
    ] {
        assert!(Go9::from_sgf(bad).is_err(), "{bad} loaded");
    }
    // A malformed property the rules do not depend on (TM, the time limit, is a real
    // number) is skipped.
    let game = Go9::from_sgf("(;GM[1]SZ[9]TM[soon];B[ee])").unwrap();
    assert_eq!(game.moves(), [Move::Place(pt("E5"))]);
    // Without SZ the file is 19x19 (SGF's default), not ours.
    assert!(matches!(
        Go9::from_sgf("(;GM[1]FF[4];B[ee])"),
        Err(RecordError::Size(_))
    ));
    // An off-board point is named in SGF letters (upper case is 26 and up).
    let err = Go9::from_sgf("(;GM[1]SZ[9];B[EE])").unwrap_err();
    assert!(err.to_string().contains("B[EE]"), "{err}");
    // `tt` is the old spelling of a pass; a point with only one `t` is off the board.
    let pass = Go9::from_sgf("(;GM[1]SZ[9];B[tt])").unwrap();
    assert_eq!(pass.moves(), [Move::Pass]);
    for half in ["ta", "at"] {
        let err = Go9::from_sgf(&format!("(;GM[1]SZ[9];B[{half}])")).unwrap_err();
        assert!(
            matches!(err, RecordError::BadMove { .. }),
            "B[{half}]: {err}"
        );
    }
}

#[test]
fn g13_a_whole_margin_written_as_a_real_number_is_the_same_result() {
    // GNU Go writes RE[W+7.0]; G-10 writes W+7. Both describe the same count.
    for same in ["W+7.0", "W+7.00", "W+007", "w+7.0"] {
        let game = Go9::from_sgf(&format!("(;GM[1]SZ[9]KM[7]RE[{same}];B[];W[])")).unwrap();
        assert_eq!(game.result().as_deref(), Some("W+7"), "{same}");
    }
    // SGF's real numbers are digits with an optional point and more digits: an exponent,
    // a sign, a bare point or a margin past any count are not the same result.
    for wrong in [
        "W+7.5",
        "W+8.0",
        "B+7.0",
        "W+7e0",
        "W+0.7e1",
        "W+inf",
        "W++7.0",
        "W+7.",
        "W+.0",
        "W+99999999999",
    ] {
        let text = format!("(;GM[1]SZ[9]KM[7]RE[{wrong}];B[];W[])");
        assert!(
            matches!(
                Go9::from_sgf(&text),
                Err(RecordError::ResultMismatch { .. })
            ),
            "{wrong}"
        );
    }
}

#[test]
#[cfg(feature = "serde")]
fn another_games_record_is_the_wrong_game_and_the_state_serialises_through_its_record() {
    let other = r#"{"game": "bind", "variant": "mini", "moves": []}"#;
    assert!(!Go9::is_record(other));
    assert_eq!(
        go9::Record::from_json(other),
        Err(RecordError::WrongGame {
            found: "bind".into()
        })
    );
    // A go9-shaped record that names another game is that game's, not ours.
    let renamed = Go9::new().write_record().replace("\"go9\"", "\"kazura\"");
    assert_eq!(
        go9::Record::from_json(&renamed),
        Err(RecordError::WrongGame {
            found: "kazura".into()
        })
    );
    let mut game = random_game(4);
    game.agree_draw().unwrap();
    let text = serde_json::to_string(&game).unwrap();
    assert_eq!(text, serde_json::to_string(&game.to_record()).unwrap());
    let back: Go9 = serde_json::from_str(&text).unwrap();
    assert_eq!(back, game);
    let wrong = text.replace("\"0\"", "\"B+R\"");
    assert!(serde_json::from_str::<Go9>(&wrong).is_err());
}

/// G-13 with G-7: SGF's spellings of a result (`B+Resign`, `W+Time`, `Draw`, `Jigo`, any
/// case, spaces around) are the calls of G-7 when the moves leave the game going on;
/// `?`, `Void` or an empty `RE` say nothing, and a count cannot end a game still going on.
#[test]
fn g13_sgf_result_spellings_become_the_g7_calls() {
    let load = |re: &str| Go9::from_sgf(&format!("(;GM[1]SZ[9]RE[{re}];B[ee])"));
    for (re, result) in [
        ("B+R", "B+R"),
        ("B+Resign", "B+R"),
        ("w+resign", "W+R"),
        (" W+R ", "W+R"),
        ("B+Time", "B+T"),
        ("W+TIME", "W+T"),
        ("B+T", "B+T"),
        ("w+t", "W+T"),
        ("Draw", "0"),
        ("jigo", "0"),
        ("0", "0"),
    ] {
        let game = load(re).unwrap_or_else(|e| panic!("RE[{re}]: {e}"));
        assert_eq!(game.result().as_deref(), Some(result), "RE[{re}]");
    }
    for silent in ["?", "Void", ""] {
        let game = load(silent).unwrap();
        assert_eq!(game.result(), None, "RE[{silent}]");
        assert_eq!(game.moves().len(), 1);
    }
    for count in ["W+5", "B+7.0", "B+F"] {
        assert!(
            matches!(load(count), Err(RecordError::ResultMismatch { .. })),
            "RE[{count}]"
        );
    }
}

/// Each way a recorded move is refused has its own `BadMoveReason`, and the message reads
/// as the move's number, the move as written and the reason.
#[test]
#[cfg(feature = "serde")]
fn a_refused_move_says_why_in_a_typed_reason() {
    use go9::BadMoveReason;
    type IsReason = fn(&BadMoveReason) -> bool;

    let mut game = Go9::new();
    play_all(&mut game, "E5 D5");
    let record = game.write_record();
    let cases: [(String, IsReason, &str); 3] = [
        (
            record.replacen("\"player\": \"black\"", "\"player\": \"purple\"", 1),
            |r| matches!(r, BadMoveReason::Player(p) if p == "purple"),
            "move 1 (purple E5): `purple` is not a player (black or white)",
        ),
        (
            record.replace("\"D5\"", "\"Z5\""),
            |r| matches!(r, BadMoveReason::Unreadable(_)),
            "move 2 (white Z5): ",
        ),
        (
            record.replace("\"D5\"", "\"E5\""),
            |r| matches!(r, BadMoveReason::Illegal(go9::PlayError::Occupied(_))),
            "move 2 (white E5): E5 is occupied: play on an empty point",
        ),
    ];
    for (text, is_reason, message) in cases {
        let err = Go9::read_record(&text).unwrap_err();
        let RecordError::BadMove { reason, .. } = &err else {
            panic!("not a BadMove: {err}");
        };
        assert!(is_reason(reason), "{reason:?}");
        assert!(err.to_string().starts_with(message), "{err}");
    }

    for (sgf, is_reason, message) in [
        (
            "(;GM[1]SZ[9];B[e])",
            (|r| matches!(r, BadMoveReason::NotAPointOrPass)) as IsReason,
            "move 1 (B[e]): not a point or a pass",
        ),
        (
            "(;GM[1]SZ[9];B[ek])",
            |r| matches!(r, BadMoveReason::OffBoard(p) if p == "ek"),
            "move 1 (B[ek]): `ek` is not a point of the 9x9 board",
        ),
        (
            "(;GM[1]SZ[9];B[ee];W[ee])",
            |r| matches!(r, BadMoveReason::Illegal(_)),
            "move 2 (W[ee]): E5 is occupied: play on an empty point",
        ),
    ] {
        let err = Go9::from_sgf(sgf).unwrap_err();
        let RecordError::BadMove { reason, .. } = &err else {
            panic!("not a BadMove: {err}");
        };
        assert!(is_reason(reason), "{sgf}: {reason:?}");
        assert_eq!(err.to_string(), message, "{sgf}");
    }
    assert!(matches!(
        Go9::from_sgf("(;GM[1]SZ[9]RE[W+5];B[ee];W[];B[])"),
        Err(RecordError::ResultMismatch { field: "RE", .. })
    ));
    let claimed = record.replace("\"result\": null", "\"result\": \"W+R\"");
    assert!(matches!(
        Go9::read_record(&claimed),
        Err(RecordError::ResultMismatch {
            field: "result",
            ..
        })
    ));
}
