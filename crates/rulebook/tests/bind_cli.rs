//! The `rulebook` contract for bind, run through the real binary.

mod common;
use common::{ok, refused, rulebook, stdout, temp_dir};

#[test]
fn legal_lists_the_30_opening_lines_sorted() {
    let out = stdout(&rulebook(&["legal", "bind"]));
    let moves: Vec<&str> = out.trim_end().split(' ').collect();
    assert_eq!(moves.len(), 30);
    assert_eq!(moves[0], "A1-A3");
    let mut sorted = moves.clone();
    sorted.sort_unstable();
    assert_eq!(moves, sorted);
    // White's first reply after Black's B2-B4: only the ends, three pieces each.
    let out = stdout(&rulebook(&["legal", "bind", "--moves", "b2-b4"]));
    assert_eq!(out, "B2-D2 B4-D4\n");
}

#[test]
fn trace_prints_every_position_and_the_result() {
    let out = stdout(&rulebook(&["trace", "bind", "--moves", "B2-B4 B2-D2"]));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4);
    assert!(lines[0].starts_with("0: A1-A3 A1-C1 "));
    assert_eq!(lines[1], "1: B2-D2 B4-D4");
    assert!(lines[2].starts_with("2: "));
    assert_eq!(lines[3], "result: ongoing");
}

#[test]
fn perft_of_mini_and_full() {
    assert_eq!(
        stdout(&rulebook(&["perft", "bind", "3"])),
        "perft 1 30\nperft 2 92\nperft 3 544\n"
    );
    assert_eq!(
        stdout(&rulebook(&["perft", "bind", "2", "--variant", "full"])),
        "perft 1 96\nperft 2 416\n"
    );
    let divided = stdout(&rulebook(&[
        "perft", "bind", "1", "--divide", "--moves", "B2-B4",
    ]));
    assert_eq!(divided, "B2-D2 1\nB4-D4 1\nperft 1 2\n");
}

#[test]
fn show_draws_the_board_hands_and_turn() {
    let out = stdout(&rulebook(&["show", "bind", "--moves", "B2-D2"]));
    assert!(out.contains(" 2  . B B B .  2"), "{out}");
    assert!(out.contains("in hand: black 9, white 12"), "{out}");
    assert!(out.ends_with("white to move (ply 1)\n"), "{out}");
    let custom = stdout(&rulebook(&["show", "bind", "--size", "3", "--pieces", "4"]));
    assert!(custom.contains(" 3  . . .  3"), "{custom}");
}

#[test]
fn an_illegal_move_is_exit_2_with_nothing_on_stdout() {
    let out = rulebook(&["legal", "bind", "--moves", "B2-D2 C2-C4"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("move 2 (`C2-C4`)"), "{err}");
    let out = rulebook(&["show", "bind", "--moves", "F1-F3"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("move 1"));
}

#[test]
fn option_values_out_of_range_are_exit_2() {
    for args in [
        &["legal", "bind", "--variant", "huge"][..],
        &["legal", "bind", "--size", "2", "--pieces", "3"],
        &["legal", "bind", "--size", "26", "--pieces", "3"],
        &["legal", "bind", "--size", "5", "--pieces", "2"],
        &["legal", "bind", "--size", "4", "--pieces", "17"],
        &["legal", "bind", "--size", "5"],
        &[
            "legal",
            "bind",
            "--variant",
            "mini",
            "--size",
            "5",
            "--pieces",
            "5",
        ],
        &["legal", "bind", "--ruleset", "seed"],
    ] {
        let out = rulebook(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    assert!(
        rulebook(&["legal", "bind", "--size", "25", "--pieces", "625"])
            .status
            .success()
    );
}

#[test]
fn selfplay_plays_whole_games_and_reports_the_cap_as_the_callers_stop() {
    let out = stdout(&rulebook(&[
        "selfplay", "bind", "--games", "3", "--seed", "7",
    ]));
    assert_eq!(out.matches("result: ").count(), 3);
    assert!(out.contains("summary: 3 games"), "{out}");
    assert!(out.contains("stopped at the ply cap 0"), "{out}");
    let capped = stdout(&rulebook(&["selfplay", "bind", "--max-plies", "2"]));
    assert!(
        capped.contains(
            "result: ongoing (stopped by selfplay at its cap of 2 plies, not a rule result)"
        ),
        "{capped}"
    );
}

#[test]
fn selfplay_records_replay_and_a_bad_move_is_named() {
    let dir = temp_dir("replay");
    let path = dir.join("game.json");
    let path_text = path.to_str().unwrap();
    let played = stdout(&rulebook(&[
        "selfplay",
        "bind",
        "--variant",
        "full",
        "--seed",
        "3",
        "--record",
        path_text,
    ]));
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("\"game\": \"bind\""), "{text}");
    let replayed = stdout(&rulebook(&["replay", path_text]));
    let result = played.lines().find(|l| l.starts_with("result: ")).unwrap();
    assert!(replayed.ends_with(&format!("{result}\n")), "{replayed}");
    // Change the second move into one that is not legal there.
    let mut record: serde_json::Value = serde_json::from_str(&text).unwrap();
    record["moves"][1] = "A1".into();
    let bad = dir.join("bad.json");
    std::fs::write(&bad, record.to_string()).unwrap();
    let out = rulebook(&["replay", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("move 2 (`A1`)"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bench_prints_bind_rows() {
    let out = stdout(&rulebook(&["bench", "bind", "--seconds", "0.05"]));
    assert!(out.contains("random plies"), "{out}");
    assert!(out.contains("engine random plies, mini"), "{out}");
}

#[test]
fn n12_n10_after_the_end_legal_is_an_empty_line_and_more_moves_are_refused() {
    // 3x3 with 3 pieces each: Black's first line places everything and wins (N-12).
    let small = ["--size", "3", "--pieces", "3"];
    let with = |cmd: &str, moves: &str| {
        let mut args = vec![cmd, "bind"];
        args.extend(small);
        args.extend(["--moves", moves]);
        ok(&args)
    };
    assert_eq!(with("legal", "A1-C1"), "\n");
    assert_eq!(
        with("trace", "A1-C1"),
        "0: A1-A3 A1-C1 A2-C2 A3-C3 B1-B3 C1-C3\n1: \nresult: black placed every piece\n"
    );
    assert!(with("show", "A1-C1").ends_with("game over: black placed every piece\n"));
    // A finished game has no moves, so it counts 0 at every depth (the perft definition of the `rulebook` contract).
    let mut perft = vec!["perft", "bind", "2", "--divide"];
    perft.extend(small);
    perft.extend(["--moves", "A1-C1"]);
    assert_eq!(ok(&perft), "perft 1 0\nperft 2 0\n");
    let err = refused(&[
        "legal",
        "bind",
        "--size",
        "3",
        "--pieces",
        "3",
        "--moves",
        "A1-C1 A2-C2",
    ]);
    assert!(err.contains("move 2 (`A2-C2`): the game is over"), "{err}");
    // 3x3 with 4 each: after the middle row White has no three-piece first move (N-4, N-10).
    let out = ok(&[
        "trace", "bind", "--size", "3", "--pieces", "4", "--moves", "A2-C2",
    ]);
    assert!(
        out.ends_with("1: \nresult: black wins: white has no legal move\n"),
        "{out}"
    );
}

#[test]
fn n14_input_is_case_insensitive_and_output_canonical_and_junk_is_exit_2() {
    // Lower case, and Black's first line from its other end (N-3), read as the listed move.
    assert_eq!(
        ok(&["legal", "bind", "--moves", "c1-a1"]),
        "A1-A3 C1-C3 C1-E1\n"
    );
    assert_eq!(
        ok(&["legal", "bind", "--variant", "FULL", "--moves", "b2-B4"]),
        "B2-D2 B4-B6 B4-D4\n"
    );
    for (moves, number, reason) in [
        ("A01-A03", 1, "leading zeros"),
        ("A1-C01", 1, "leading zeros"),
        ("A0-A2", 1, "leading zeros"),
        ("I1-I3", 1, "column letter I"),
        ("D1-F1", 1, "off the 5x5 board"),
        ("A1-B2", 1, "is not a line"),
        ("A1-C1 a2", 2, "rule 4 has priority"),
        ("A1+A3", 1, "the row must be a number"),
        ("A1-C1 pas", 2, "the row must be a number"),
    ] {
        let err = refused(&["legal", "bind", "--moves", moves]);
        assert!(err.contains(&format!("move {number} (")), "{moves}: {err}");
        assert!(err.contains(reason), "{moves}: {err}");
    }
    // Each error names its move by number, from 1.
    let err = refused(&["legal", "bind", "--moves", "A1-C1 A1-A3 B1"]);
    assert!(err.contains("move 3 (`B1`)"), "{err}");
}
