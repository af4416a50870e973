//! The `rulebook` contract for go9, run as a program.

mod common;
use common::{ok, refused, rulebook, stdout, temp_dir};

use std::io::Write;
use std::process::{Command, Stdio};

#[test]
fn legal_lists_every_move_sorted_and_reads_moves_case_insensitively() {
    let out = stdout(&rulebook(&["legal", "go9", "--moves", "e5 PASS"]));
    let moves: Vec<&str> = out.trim_end().split(' ').collect();
    assert_eq!(moves.len(), 81);
    assert!(!moves.contains(&"E5"));
    let mut sorted = moves.clone();
    sorted.sort_unstable();
    assert_eq!(moves, sorted);
    assert_eq!(moves.last(), Some(&"pass"));
}

#[test]
fn an_illegal_or_malformed_move_is_exit_2_with_nothing_on_stdout() {
    for (moves, needle) in [
        ("E5 E5", "move 2 (`E5`): E5 is occupied"),
        ("E5 I5", "move 2 (`I5`)"),
        ("A01", "move 1 (`A01`)"),
        ("K1", "move 1 (`K1`)"),
        ("pass pass A1", "move 3 (`A1`): the game is over"),
    ] {
        let out = rulebook(&["legal", "go9", "--moves", moves]);
        assert_eq!(out.status.code(), Some(2), "{moves}");
        assert!(out.stdout.is_empty(), "{moves}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(needle), "{moves}: {err}");
    }
}

#[test]
fn trace_prints_each_position_and_the_result() {
    let out = stdout(&rulebook(&["trace", "go9", "--moves", "E5 pass pass"]));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5);
    assert!(lines[0].starts_with("0: A1 A2"));
    assert!(!lines[1].contains("E5"));
    assert_eq!(lines[3], "3: ");
    assert_eq!(
        lines[4],
        "result: black by 74 points (B+74: Black 81 – White 7, komi 7; two passes)"
    );
}

#[test]
fn perft_gives_the_published_counts_and_divides() {
    let out = stdout(&rulebook(&["perft", "go9", "2"]));
    assert_eq!(out, "perft 1 82\nperft 2 6643\n");
    let out = stdout(&rulebook(&[
        "perft", "go9", "1", "--divide", "--moves", "E5",
    ]));
    assert_eq!(out.lines().count(), 81 + 1);
    assert!(out.ends_with("perft 1 81\n"));
}

#[test]
fn show_draws_the_board_turn_and_preview() {
    let out = stdout(&rulebook(&["show", "go9", "--moves", "E5 D5"]));
    assert!(out.contains(" 5 . . . O X . . . . 5"), "{out}");
    assert!(out.contains("black to move (ply 2); if it ended now: Black 1 – White 8, komi 7"));
    assert_eq!(
        rulebook(&["show", "go9", "--size", "13"]).status.code(),
        Some(2)
    );
}

#[test]
fn selfplay_records_replay_as_json_and_sgf() {
    let dir = temp_dir("selfplay");
    for ext in ["json", "sgf"] {
        let path = dir.join(format!("game.{ext}"));
        let out = stdout(&rulebook(&[
            "selfplay",
            "go9",
            "--games",
            "1",
            "--seed",
            "5",
            "--record",
            path.to_str().unwrap(),
        ]));
        assert!(out.contains("summary: 1 games"), "{out}");
        let result_line = out.lines().find(|l| l.starts_with("result: ")).unwrap();
        let replayed = stdout(&rulebook(&["replay", path.to_str().unwrap()]));
        assert!(
            replayed.ends_with(&format!("{result_line}\n")),
            "{replayed}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn replay_names_the_first_bad_move() {
    let dir = temp_dir("replay");
    let path = dir.join("bad.sgf");
    std::fs::write(&path, "(;GM[1]FF[4]SZ[9]KM[7];B[ee];W[ee])").unwrap();
    let out = rulebook(&["replay", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("move 2"));
    let path = dir.join("bad.json");
    let record = r#"{"game":"go9","size":9,"komi":7,
        "setup":{"black":[],"white":[],"to_move":"black"},
        "moves":[{"player":"black","move":"E5"},{"player":"white","move":"J10"}],
        "result":null}"#;
    std::fs::write(&path, record).unwrap();
    let out = rulebook(&["replay", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("move 2"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn gtp_speaks_on_standard_input_and_output() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rulebook"))
        .arg("gtp")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(
            b"1 protocol_version\n2 play black E5\n3 list_stones black\n4 boardsize 13\n5 quit\n",
        )
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "=1 2\n\n=2\n\n=3 E5\n\n?4 unacceptable size: 13 (the Ttakji rules are played on 9x9 only)\n\n=5\n\n"
    );
}

#[test]
fn bench_reports_playouts() {
    let out = stdout(&rulebook(&["bench", "go9", "--seconds", "0.05"]));
    assert!(out.contains("playouts/s"), "{out}");
}

#[test]
fn g1_bad_options_are_exit_2_with_nothing_on_stdout() {
    for args in [
        &["legal", "go9", "--size", "0"][..],
        &["legal", "go9", "--size", "19"],
        &["legal", "go9", "--size", "abc"],
        &["legal", "go9", "--variant", "mini"],
        &["perft", "go9", "1", "--ruleset", "reference"],
        &["show", "go9", "--pieces", "3"],
    ] {
        refused(args);
    }
    assert_eq!(ok(&["perft", "go9", "1", "--size", "9"]), "perft 1 82\n");
}

#[test]
fn g6_after_the_end_nothing_is_legal_and_perft_is_zero() {
    // Moves are read case-insensitively: `Pass`, `PASS`.
    assert_eq!(ok(&["legal", "go9", "--moves", "Pass PASS"]), "\n");
    assert_eq!(
        ok(&["perft", "go9", "2", "--moves", "pass pass"]),
        "perft 1 0\nperft 2 0\n"
    );
    let shown = ok(&["show", "go9", "--moves", "pass pass"]);
    assert!(
        shown.ends_with(
            "game over: white by 7 points (W+7: Black 0 – White 7, komi 7; two passes)\n"
        ),
        "{shown}"
    );
    // Canonical output whatever the input's case.
    let trace = ok(&["trace", "go9", "--moves", "e5 j9"]);
    assert!(
        trace.lines().nth(2).unwrap().starts_with("2: A1 A2"),
        "{trace}"
    );
    assert!(!trace.lines().nth(2).unwrap().contains("J9"), "{trace}");
}

#[test]
fn g5_show_marks_the_superko_points() {
    // Black takes the ko at E5; White may not retake at D5 (marked `#`).
    let shown = ok(&["show", "go9", "--moves", "D6 E6 C5 F5 D4 E4 A9 D5 E5"]);
    assert!(shown.contains(" 5 . . X # X O . . . 5"), "{shown}");
}

#[test]
fn g13_replay_refuses_a_malformed_sgf_move_by_number() {
    let dir = temp_dir("malformed-sgf");
    let path = dir.join("bad.sgf");
    std::fs::write(&path, "(;GM[1]FF[4]SZ[9]KM[7];B[ee];W[e];B[cc])").unwrap();
    let err = refused(&["replay", path.to_str().unwrap()]);
    assert!(err.contains("move 2 (W[e])"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}
