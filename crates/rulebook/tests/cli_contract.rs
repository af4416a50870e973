//! The command-line contract that holds before and after games are registered.

mod common;
use common::rulebook;

#[test]
fn an_unknown_game_is_exit_status_2_with_a_message_and_no_output() {
    let out = rulebook(&["legal", "chess"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown game `chess`"));
}

#[test]
fn a_bad_command_line_is_exit_status_2() {
    assert_eq!(
        rulebook(&["perft", "kazura", "not-a-number"]).status.code(),
        Some(2)
    );
    assert_eq!(rulebook(&["frobnicate"]).status.code(), Some(2));
}

#[test]
fn replay_of_a_missing_file_fails_cleanly() {
    let out = rulebook(&["replay", "/nonexistent/record.json"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("/nonexistent/record.json"));
}

#[test]
fn replay_of_a_file_no_game_recognises_is_exit_status_2() {
    let dir = std::env::temp_dir().join(format!("rulebook-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("junk.json");
    std::fs::write(&path, "{\"not\": \"a record\"}").unwrap();
    let out = rulebook(&["replay", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a record"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bench_rejects_a_non_positive_duration() {
    let out = rulebook(&["bench", "--seconds", "0"]);
    assert_eq!(out.status.code(), Some(2));
}
