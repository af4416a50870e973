//! G-14: the GTP engine, driven in-process.

mod common;

use common::{ask, playouts_of, pt};
use game_core::{Game, Player};
use go9::Move;
use go9_gtp::GtpEngine;

fn session(engine: &mut GtpEngine, script: &str) -> String {
    let mut out = Vec::new();
    engine.run(script.as_bytes(), &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

#[test]
fn g14_required_commands_answer_in_gtp_form_with_ids() {
    let mut engine = GtpEngine::new();
    let out = session(
        &mut engine,
        "protocol_version\n12 name\n# a comment\n\n3 known_command genmove\nknown_command fly\nversion\nquit\nname\n",
    );
    assert_eq!(
        out,
        format!(
            "= 2\n\n=12 rulebook go9\n\n=3 true\n\n= false\n\n= {}\n\n=\n\n",
            env!("CARGO_PKG_VERSION")
        )
    );
    let (_, list) = ask(&mut engine, "list_commands");
    for required in [
        "protocol_version",
        "name",
        "version",
        "known_command",
        "list_commands",
        "quit",
        "boardsize",
        "clear_board",
        "komi",
        "play",
        "genmove",
        "undo",
        "showboard",
        "final_score",
        "final_status_list",
        "is_legal",
        "all_legal",
        "list_stones",
        "captures",
        "loadsgf",
        "printsgf",
    ] {
        assert!(list.lines().any(|l| l == required), "{required} missing");
    }
}

#[test]
fn g14_boardsize_bad_komi_bad_vertices_and_unknown_commands_fail_with_a_reason() {
    let mut engine = GtpEngine::new();
    assert_eq!(ask(&mut engine, "boardsize 9"), (true, String::new()));
    let (ok, text) = ask(&mut engine, "boardsize 19");
    assert!(!ok && text.contains("unacceptable size"), "{text}");
    assert!(ask(&mut engine, "komi 7").0);
    // Any komi a controller sends is accepted for the session (issue 11); a non-number is not.
    assert!(ask(&mut engine, "komi 6.5").0);
    assert!(!ask(&mut engine, "komi x").0);
    let (ok, text) = ask(&mut engine, "play black Z9");
    assert!(!ok && text.contains("syntax error"), "{text}");
    assert!(!ask(&mut engine, "play purple E5").0);
    assert!(!ask(&mut engine, "play black").0);
    assert!(!ask(&mut engine, "frobnicate").0);
    let out = session(&mut engine, "7 frobnicate\n");
    assert!(out.starts_with("?7 unknown command"), "{out}");
}

#[test]
fn g14_play_plays_for_the_colour_given_even_out_of_turn() {
    let mut engine = GtpEngine::new();
    assert!(ask(&mut engine, "play white E5").0);
    assert_eq!(engine.state().to_move(), Player::First);
    assert!(ask(&mut engine, "play white D5").0);
    assert_eq!(engine.state().to_move(), Player::First);
    let (_, stones) = ask(&mut engine, "list_stones white");
    assert_eq!(stones, "D5 E5");
    let (ok, text) = ask(&mut engine, "play black E5");
    assert!(!ok && text.starts_with("illegal move"), "{text}");
    assert!(ask(&mut engine, "undo").0);
    assert_eq!(ask(&mut engine, "list_stones white").1, "E5");
}

#[test]
fn g14_is_legal_and_all_legal_answer_for_the_colour_asked_with_the_same_history() {
    let mut engine = GtpEngine::new();
    // The ko of tests/rules.rs: Black takes at E5. White may not retake at D5 at once
    // (superko), while for Black, asked out of turn, D5 is an ordinary legal point.
    for mv in [
        "play black D6",
        "play white E6",
        "play black C5",
        "play white D5",
        "play black D4",
        "play white E4",
        "play black A9",
        "play white F5",
        "play black E5",
    ] {
        assert!(ask(&mut engine, mv).0, "{mv}");
    }
    assert_eq!(ask(&mut engine, "is_legal white D5").1, "0");
    assert_eq!(ask(&mut engine, "is_legal black D5").1, "1");
    let (_, white) = ask(&mut engine, "all_legal white");
    assert!(!white.split(' ').any(|v| v == "D5"));
    assert_eq!(white.split(' ').count(), 81 - 8 - 1);
    assert_eq!(ask(&mut engine, "captures black").1, "1");
    assert_eq!(ask(&mut engine, "captures white").1, "0");
    // After the end: nothing is legal.
    assert!(ask(&mut engine, "play white pass").0);
    assert!(ask(&mut engine, "play black pass").0);
    assert_eq!(ask(&mut engine, "is_legal white A1").1, "0");
    assert_eq!(ask(&mut engine, "all_legal black").1, "");
    let (ok, text) = ask(&mut engine, "play white A1");
    assert!(!ok && text.contains("game is over"), "{text}");
}

#[test]
fn g14_final_score_and_dead_stones_follow_g9_and_g10() {
    let mut engine = GtpEngine::new();
    // White's pass-alive top edge with a dead black stone at C9 (tests/pass_alive.rs).
    for v in ["B9", "A8", "B8", "C8", "D8", "E8", "E9"] {
        assert!(ask(&mut engine, &format!("play white {v}")).0);
    }
    assert!(ask(&mut engine, "play black C9").0);
    assert_eq!(ask(&mut engine, "final_status_list dead").1, "C9");
    // GTP's three statuses, any case: every other stone is alive, and seki is not told
    // apart (G-9 needs only the dead stones).
    assert_eq!(
        ask(&mut engine, "final_status_list ALIVE").1,
        "A8 B8 C8 D8 E8 B9 E9"
    );
    assert_eq!(
        ask(&mut engine, "final_status_list seki"),
        (true, String::new())
    );
    assert!(!ask(&mut engine, "final_status_list").0);
    assert!(!ask(&mut engine, "final_status_list living").0);
    assert_eq!(ask(&mut engine, "final_score").1, "W+88");
    let (_, board) = ask(&mut engine, "showboard");
    assert!(board.contains(" 9 . O X . O . . . . 9"), "{board}");
}

#[test]
fn g14_genmove_plays_legal_moves_never_fills_its_own_eye_and_finishes_a_game() {
    let mut engine = GtpEngine::new().with_playouts(40).with_seed(3);
    let mut moves = 0;
    loop {
        let colour = if engine.state().to_move() == Player::First {
            "black"
        } else {
            "white"
        };
        let before = engine.state().clone();
        let (ok, text) = ask(&mut engine, &format!("genmove {colour}"));
        if !ok {
            assert!(text.contains("game is over"));
            break;
        }
        let mv: Move = text.parse().unwrap();
        assert!(before.is_legal(mv), "{mv}");
        assert!(!before.fills_own_eye(mv), "{mv} fills an own eye");
        moves += 1;
        assert!(moves <= 300);
    }
    assert!(engine.state().is_over());
}

#[test]
fn g14_genmove_passes_when_only_own_eyes_are_left() {
    let mut engine = GtpEngine::new();
    // Black fills the whole board but two eyes at A1 and J9.
    let mut script = String::new();
    for i in 0..81 {
        let p = go9::Point::from_index(i);
        if p != pt("A1") && p != pt("J9") {
            script.push_str(&format!("play black {}\n", go9::point_name(p)));
        }
    }
    session(&mut engine, &script);
    assert_eq!(ask(&mut engine, "genmove black").1, "pass");
}

#[test]
fn g14_printsgf_and_loadsgf_round_trip_and_loadsgf_stops_before_a_move_number() {
    let dir = std::env::temp_dir().join(format!("go9-gtp-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.sgf");
    let mut engine = GtpEngine::new();
    for mv in ["play black E5", "play white C3", "play black G7"] {
        assert!(ask(&mut engine, mv).0);
    }
    assert!(ask(&mut engine, &format!("printsgf {}", file.display())).0);
    let mut other = GtpEngine::new();
    assert_eq!(
        ask(&mut other, &format!("loadsgf {}", file.display())),
        (true, "white".into())
    );
    assert_eq!(other.state(), engine.state());
    assert!(ask(&mut other, &format!("loadsgf {} 3", file.display())).0);
    assert_eq!(other.state().ply(), 2);
    let (ok, text) = ask(&mut other, "loadsgf /nonexistent/x.sgf");
    assert!(!ok && text.contains("cannot load"), "{text}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn g14_loadsgf_refuses_a_file_past_the_record_limit_in_bounded_memory() {
    // /dev/zero never ends: the engine reads one byte past the limit and stops.
    let mut engine = GtpEngine::new();
    let (ok, text) = ask(&mut engine, "loadsgf /dev/zero");
    assert!(!ok);
    assert!(text.contains("longer than 4194304 bytes"), "{text}");
    // A file one byte past the limit is refused the same way; the game is unchanged.
    let dir = std::env::temp_dir().join(format!("go9-gtp-limit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("long.sgf");
    std::fs::File::create(&file)
        .unwrap()
        .set_len(game_core::MAX_RECORD_BYTES as u64 + 1)
        .unwrap();
    assert!(ask(&mut engine, "play B E5").0);
    let (ok, text) = ask(&mut engine, &format!("loadsgf {}", file.display()));
    assert!(!ok && text.contains("longer than"), "{text}");
    assert_eq!(ask(&mut engine, "printsgf").1.matches(";B[").count(), 1);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn g14_an_id_is_digits_only() {
    // `+2` is not a GTP id, so it is read as an (unknown) command and no id is echoed.
    let mut engine = GtpEngine::new();
    let out = session(&mut engine, "+2 name\n007 name\n");
    assert_eq!(out, "? unknown command: +2\n\n=7 rulebook go9\n\n");
}

#[test]
fn g14_loadsgf_with_a_move_number_stops_before_it_even_when_the_file_ends_by_resignation() {
    let dir = std::env::temp_dir().join(format!("go9-gtp-re-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("resigned.sgf");
    std::fs::write(
        &file,
        "(;GM[1]FF[4]SZ[9]KM[7]RE[B+R];B[ee];W[cc];B[gg];W[cg])",
    )
    .unwrap();
    let mut engine = GtpEngine::new();
    assert_eq!(
        ask(&mut engine, &format!("loadsgf {} 2", file.display())),
        (true, "white".into())
    );
    assert_eq!(engine.state().ply(), 1);
    assert!(
        !engine.state().is_over(),
        "the resignation comes after move 4"
    );
    assert_eq!(ask(&mut engine, "list_stones white"), (true, String::new()));
    assert_eq!(ask(&mut engine, "play white C7"), (true, String::new()));
    // Past the end of the file: the whole game, resignation included.
    assert!(ask(&mut engine, &format!("loadsgf {} 9", file.display())).0);
    assert_eq!(engine.state().result().as_deref(), Some("B+R"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// G-14's engine settings combine: the seed and the thread count change only themselves,
/// so a playout budget set before them still bounds `genmove`; and with one thread, the
/// same seed plays the same moves.
#[test]
fn g14_seed_and_threads_keep_the_playout_budget_and_one_thread_is_reproducible() {
    let mut engine = GtpEngine::new()
        .with_playouts(60)
        .with_seed(5)
        .with_threads(2);
    assert!(ask(&mut engine, "genmove b").0);
    let playouts = playouts_of(engine.last_info());
    // The 60 new playouts (two threads may finish a few more) on top of none reused: far
    // below `normal`'s own budget.
    assert!((60..100).contains(&playouts), "{}", engine.last_info());

    let game = |seed: u64| {
        let mut engine = GtpEngine::new()
            .with_playouts(60)
            .with_threads(1)
            .with_seed(seed);
        (0..6)
            .map(|i| {
                ask(
                    &mut engine,
                    if i % 2 == 0 { "genmove b" } else { "genmove w" },
                )
                .1
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(game(11), game(11));
}

/// G-14, GTP's preprocessing of a line: control characters other than tab are dropped and
/// a tab separates words like a space.
#[test]
fn g14_tabs_separate_words_and_other_control_characters_are_dropped() {
    let mut engine = GtpEngine::new();
    assert!(ask(&mut engine, "play\tblack\tE5").0);
    assert!(ask(&mut engine, "pl\u{1}ay white\r C3").0);
    let stones = ask(&mut engine, "list_stones black").1;
    assert_eq!(stones, "E5");
    assert_eq!(ask(&mut engine, "list_stones white").1, "C3");
}

/// G-14, `reg_genmove`: the move `genmove` would choose, left unplayed.
#[test]
fn g14_reg_genmove_answers_a_legal_move_and_plays_nothing() {
    let mut engine = GtpEngine::new().with_playouts(50).with_seed(2);
    let before = engine.state().clone();
    let (ok, text) = ask(&mut engine, "reg_genmove black");
    assert!(ok, "{text}");
    let mv: Move = text.parse().unwrap();
    assert!(before.is_legal(mv), "{mv}");
    assert_eq!(engine.state(), &before, "nothing was played");
}

/// An engine made `without_files` refuses the commands that touch files.
#[test]
fn g14_without_files_refuses_loadsgf_and_printsgf_to_a_file() {
    let file = std::env::temp_dir().join(format!("go9-gtp-no-files-{}.sgf", std::process::id()));
    let name = file.to_str().unwrap();
    let mut engine = GtpEngine::new().without_files();
    assert!(!ask(&mut engine, &format!("printsgf {name}")).0);
    assert!(!file.exists(), "nothing was written");
    assert!(!ask(&mut engine, &format!("loadsgf {name}")).0);
    // printsgf without a file still answers with the record.
    let (ok, record) = ask(&mut engine, "printsgf");
    assert!(ok && record.contains("GM[1]"), "{record}");
}

/// G-11 through GTP: `score_preview` answers the preview line, the count if the game
/// ended now, komi included: White's lone stone owns the 81 points, plus komi 7.
#[test]
fn g14_score_preview_answers_the_g11_count() {
    let mut engine = GtpEngine::new();
    assert!(ask(&mut engine, "play white E5").0);
    let (ok, text) = ask(&mut engine, "score_preview");
    assert!(ok, "{text}");
    assert_eq!(text, format!("Black 0 – White {}, komi 7", 81 + 7));
}

/// G-14: `genmove C` searches for colour C even when it is the other colour's turn, as
/// `play C M` plays for C. So one set-up position with either colour to move (SGF's `PL`)
/// gives the same `reg_genmove` for each colour, with one thread and one seed, which make
/// the search reproducible.
#[test]
fn g14_genmove_out_of_turn_searches_for_the_colour_asked() {
    let dir = std::env::temp_dir().join(format!("go9-gtp-turn-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let engine_with = |to_move: &str| {
        let file = dir.join(format!("turn-{to_move}.sgf"));
        std::fs::write(
            &file,
            format!("(;GM[1]FF[4]SZ[9]KM[7]AB[ee][gc][gg]AW[cc][cg][ec]PL[{to_move}])"),
        )
        .unwrap();
        let mut engine = GtpEngine::new()
            .with_playouts(120)
            .with_threads(1)
            .with_seed(4);
        let (ok, text) = ask(&mut engine, &format!("loadsgf {}", file.display()));
        assert!(ok, "{text}");
        engine
    };
    let mut black_to_move = engine_with("B");
    let mut white_to_move = engine_with("W");
    assert_eq!(black_to_move.state().to_move(), Player::First);
    assert_eq!(white_to_move.state().to_move(), Player::Second);
    for colour in ["black", "white"] {
        let line = format!("reg_genmove {colour}");
        let asked = ask(&mut black_to_move, &line);
        assert!(asked.0, "{}", asked.1);
        assert_eq!(ask(&mut white_to_move, &line), asked, "{line}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
