//! The `rulebook` contract for Kazura, run through the real binary.

mod common;
use common::{ok, refused, temp_dir};

use std::path::PathBuf;

#[test]
fn legal_lists_moves_sorted_by_byte_order_with_swap_and_pass() {
    assert_eq!(ok(&["legal", "kazura", "--size", "2"]), "A1 A2 B1 B2\n");
    assert_eq!(
        ok(&["legal", "kazura", "--size", "2", "--moves", "b2"]),
        "A1 A2 B1 swap\n"
    );
    assert_eq!(
        ok(&[
            "legal",
            "kazura",
            "--size",
            "3",
            "--moves",
            "A3 C2 A2 A1 B3 C1 B1 C3"
        ]),
        "pass\n"
    );
    // A finished game: an empty line.
    assert_eq!(
        ok(&["legal", "kazura", "--size", "2", "--moves", "A1 B2 B1 A2"]),
        "\n"
    );
    // 13×13 by default.
    assert_eq!(ok(&["legal", "kazura"]).split_whitespace().count(), 169);
}

#[test]
fn trace_prints_every_position_and_the_result_with_both_lists() {
    let out = ok(&["trace", "kazura", "--size", "2", "--moves", "A1 B2 B1 A2"]);
    assert_eq!(
        out,
        "0: A1 A2 B1 B2\n\
         1: A2 B1 B2 swap\n\
         2: A2 B1\n\
         3: A2\n\
         4: \n\
         result: draw with equal lengths black [2], white [2]\n"
    );
}

#[test]
fn perft_matches_the_decision_file() {
    assert_eq!(
        ok(&["perft", "kazura", "2"]),
        "perft 1 169\nperft 2 28561\n"
    );
    let divided = ok(&["perft", "kazura", "2", "--size", "2", "--divide"]);
    assert_eq!(divided, "A1 4\nA2 4\nB1 4\nB2 4\nperft 1 4\nperft 2 16\n");
}

#[test]
fn show_draws_the_board_with_coordinates_and_the_turn() {
    let out = ok(&["show", "kazura", "--size", "5", "--moves", "C3 swap B2"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "    A B C D E");
    assert_eq!(lines[3], "  3 . . X . . 3");
    assert_eq!(lines[4], "  2 . O . . . 2");
    assert!(
        lines[7].starts_with("black to move (ply 3)"),
        "{}",
        lines[7]
    );
    assert!(lines[7].contains("swapped"), "{}", lines[7]);
}

#[test]
fn selfplay_plays_a_whole_13x13_game_and_prints_both_length_lists() {
    let out = ok(&["selfplay", "kazura", "--seed", "4"]);
    let result = out.lines().find(|l| l.starts_with("result: ")).unwrap();
    let word = result["result: ".len()..].split(' ').next().unwrap();
    assert!(["black", "white", "draw"].contains(&word), "{result}");
    assert!(
        result.contains("black [") && result.contains("white ["),
        "{result}"
    );
    assert!(out.contains("    A B C D E F G H J K L M N"));
    assert!(out.lines().last().unwrap().starts_with("summary: 1 games"));
}

#[test]
fn a_selfplay_record_replays_to_the_same_result() {
    let path = temp_file_in("game.json");
    let played = ok(&[
        "selfplay",
        "kazura",
        "--size",
        "7",
        "--seed",
        "11",
        "--record",
        path.to_str().unwrap(),
    ]);
    let record = std::fs::read_to_string(&path).unwrap();
    assert!(record.contains("\"game\": \"kazura\""), "{record}");
    let replayed = ok(&["replay", path.to_str().unwrap()]);
    let result = |text: &str| {
        text.lines()
            .find(|l| l.starts_with("result:"))
            .unwrap()
            .to_string()
    };
    assert_eq!(result(&played), result(&replayed));
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn replay_names_the_first_bad_move() {
    let path = temp_file_in("bad.json");
    std::fs::write(
        &path,
        r#"{"game": "kazura", "size": 5, "moves": ["C3", "swap", "swap"]}"#,
    )
    .unwrap();
    let err = refused(&["replay", path.to_str().unwrap()]);
    assert!(err.contains("move 3 (`swap`)"), "{err}");
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn an_illegal_move_is_exit_status_2_naming_the_move() {
    let err = refused(&["legal", "kazura", "--moves", "G7 G7"]);
    assert!(
        err.contains("move 2 (`G7`)") && err.contains("occupied"),
        "{err}"
    );
    let err = refused(&["trace", "kazura", "--size", "9", "--moves", "E5 K5"]);
    assert!(
        err.contains("move 2 (`K5`)") && err.contains("off the 9x9 board"),
        "{err}"
    );
    let err = refused(&["show", "kazura", "--moves", "pass"]);
    assert!(
        err.contains("move 1 (`pass`)") && err.contains("may not pass"),
        "{err}"
    );
    refused(&["legal", "kazura", "--moves", "A01"]);
}

#[test]
fn bad_options_are_exit_status_2() {
    for size in ["1", "26", "0"] {
        let err = refused(&["legal", "kazura", "--size", size]);
        assert!(err.contains(size), "{err}");
    }
    let err = refused(&["legal", "kazura", "--ruleset", "seed"]);
    assert!(err.contains("--ruleset"), "{err}");
}

#[test]
fn bench_prints_the_generic_and_the_kazura_rows() {
    let out = ok(&["bench", "kazura", "--seconds", "0.05"]);
    for measure in [
        "random games from the start",
        "legal move lists (mid-game positions)",
        "random 13x13 games, direct pick from legal set",
        "19x19 late game: kept paths speed-up",
    ] {
        let line = out
            .lines()
            .find(|l| l.contains(measure))
            .unwrap_or_else(|| panic!("no `{measure}` row in\n{out}"));
        assert!(line.starts_with("kazura "), "{line}");
        let value: f64 = line
            .split_whitespace()
            .rev()
            .nth(1)
            .unwrap()
            .parse()
            .unwrap();
        assert!(value > 0.0, "{line}");
    }
}

#[test]
fn k13_moves_read_in_any_case_and_print_canonically() {
    let out = ok(&[
        "trace",
        "kazura",
        "--size",
        "3",
        "--moves",
        "a3 c2 a2 a1 b3 c1 b1 c3 PASS b2",
    ]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[1], "1: A1 A2 B1 B2 B3 C1 C2 C3 swap");
    assert_eq!(lines[8], "8: pass");
    assert_eq!(lines[9], "9: B2");
    assert_eq!(lines[10], "10: ");
    assert_eq!(
        lines[11],
        "result: draw with equal lengths black [3 1], white [3 1]"
    );
    assert_eq!(lines.len(), 12);
    assert_eq!(
        ok(&["legal", "kazura", "--size", "2", "--moves", "b2 Swap a1"]),
        "A2 B1\n"
    );
}

#[test]
fn k13_malformed_and_junk_moves_are_exit_status_2_naming_the_move() {
    for (moves, number, text) in [
        ("G7 A01", 2, "A01"),
        ("G7 H8 G70", 3, "G70"),
        ("G7,G8", 1, "G7,G8"),
        ("Ｇ7", 1, "Ｇ7"),
        ("G7 I8", 2, "I8"),
        ("G7 swap swap", 3, "swap"),
        ("G7 H8 swap", 3, "swap"),
    ] {
        let err = refused(&["legal", "kazura", "--moves", moves]);
        assert!(err.contains(&format!("move {number} (`{text}`)")), "{err}");
    }
}

#[test]
fn k1_the_largest_and_smallest_boards_and_a_bad_size_value() {
    let out = ok(&["legal", "kazura", "--size", "25", "--moves", "z25"]);
    let moves: Vec<&str> = out.split_whitespace().collect();
    assert_eq!(moves.len(), 624 + 1);
    assert!(!moves.contains(&"Z25") && moves.contains(&"Y25") && moves.contains(&"swap"));
    assert_eq!(ok(&["perft", "kazura", "1", "--size", "2"]), "perft 1 4\n");
    for bad in ["abc", "-1", "2.0", ""] {
        refused(&["legal", "kazura", "--size", bad]);
    }
    let err = refused(&["legal", "kazura", "--pieces", "3"]);
    assert!(err.contains("--pieces"), "{err}");
}

#[test]
fn k7_after_the_end_show_reports_the_result_and_perft_counts_nothing() {
    let moves = "A1 C1 B3 B2 C3 A2 A3 B1 C2";
    let out = ok(&["show", "kazura", "--size", "3", "--moves", moves]);
    assert_eq!(
        out.lines().last().unwrap(),
        "game over: black by more groups (white has none at rank 2); lengths black [4 1], white [4]"
    );
    assert_eq!(
        ok(&["perft", "kazura", "2", "--size", "3", "--moves", moves]),
        "perft 1 0\nperft 2 0\n"
    );
    let err = refused(&[
        "legal",
        "kazura",
        "--size",
        "3",
        "--moves",
        &format!("{moves} pass"),
    ]);
    assert!(
        err.contains("move 10 (`pass`)") && err.contains("game is over"),
        "{err}"
    );
}

#[test]
fn k11_replay_of_a_resigned_record_prints_the_resignation() {
    let path = temp_file_in("resigned.json");
    std::fs::write(
        &path,
        r#"{"game": "kazura", "size": 3, "moves": ["b2"], "resigned": "white"}"#,
    )
    .unwrap();
    let out = ok(&["replay", path.to_str().unwrap()]);
    assert_eq!(
        out.lines().last().unwrap(),
        "result: black as white resigned; lengths black [1], white []"
    );
    std::fs::write(&path, r#"{"game": "kazura", "size": 3, "moves": ["b02"]}"#).unwrap();
    let err = refused(&["replay", path.to_str().unwrap()]);
    assert!(err.contains("move 1 (`b02`)"), "{err}");
    std::fs::remove_file(&path).unwrap();
}

/// A scratch file for a Kazura test.
fn temp_file_in(name: &str) -> PathBuf {
    temp_dir("kazura").join(name)
}
