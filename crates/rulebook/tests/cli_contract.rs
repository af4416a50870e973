//! The command-line contract that holds before and after games are registered.

mod common;
use common::{rulebook, temp_dir};

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
fn replay_reads_at_most_the_record_limit_of_an_endless_file() {
    // /dev/zero never ends; the program stops one byte past 4 MiB (MAX_RECORD_BYTES).
    let out = rulebook(&["replay", "/dev/zero"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("/dev/zero: longer than 4194304 bytes"),
        "{stderr}"
    );
}

#[test]
fn bench_rejects_a_non_positive_duration() {
    let out = rulebook(&["bench", "--seconds", "0"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn selfplay_piped_prints_each_game_and_a_summary_and_nothing_on_stderr() {
    let out = rulebook(&["selfplay", "bind", "--games", "5", "--seed", "3"]);
    assert_eq!(out.status.code(), Some(0));
    // No progress bar when the output is not a terminal.
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        text.lines().filter(|l| l.starts_with("result: ")).count(),
        5
    );
    let summary = text.lines().last().unwrap();
    assert!(
        summary.starts_with("summary: 5 games, black won "),
        "{summary}"
    );
}

#[test]
fn selfplay_replays_the_same_games_from_the_same_seed() {
    let a = rulebook(&[
        "selfplay", "kazura", "--size", "7", "--games", "3", "--seed", "11",
    ]);
    let b = rulebook(&[
        "selfplay", "kazura", "--size", "7", "--games", "3", "--seed", "11",
    ]);
    let c = rulebook(&[
        "selfplay", "kazura", "--size", "7", "--games", "3", "--seed", "12",
    ]);
    assert_eq!(a.stdout, b.stdout);
    assert_ne!(a.stdout, c.stdout);
}

#[test]
fn selfplay_of_several_games_writes_one_numbered_record_each() {
    let dir = temp_dir("contract-records");
    let path = dir.join("game.json");
    let out = rulebook(&[
        "selfplay",
        "bind",
        "--games",
        "3",
        "--record",
        path.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0));
    for n in 1..=3 {
        let record = dir.join(format!("game-{n}.json"));
        let replayed = rulebook(&["replay", record.to_str().unwrap()]);
        assert_eq!(
            replayed.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&replayed.stderr)
        );
        assert!(String::from_utf8_lossy(&replayed.stdout).contains("result: "));
    }
    assert!(
        !path.exists(),
        "several games are numbered, never written to FILE itself"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn selfplay_with_the_mcts_player_finishes_a_game() {
    let out = rulebook(&["selfplay", "bind", "--player", "mcts", "--iterations", "50"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("summary: 1 games"), "{text}");
    assert!(!text.contains("stopped at the ply cap 1"), "{text}");
}

#[test]
fn the_ply_cap_is_reported_as_the_callers_stop_not_a_result() {
    let out = rulebook(&["selfplay", "go9", "--max-plies", "3"]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("result: ongoing (stopped by selfplay at its cap of 3 plies"),
        "{text}"
    );
    assert!(text.contains("stopped at the ply cap 1"), "{text}");
}

#[test]
fn game_names_are_read_case_insensitively() {
    let out = rulebook(&["legal", "BIND"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8(out.stdout).unwrap().split(' ').count(),
        30
    );
}

#[test]
fn every_game_writes_its_record_file_the_same_way() {
    let dir = temp_dir("contract-record-style");
    for (game, file) in [
        ("kazura", "kazura.json"),
        ("bao", "bao.json"),
        ("go9", "go9.json"),
        ("go9", "go9.sgf"),
        ("bind", "bind.json"),
    ] {
        let path = dir.join(file);
        let out = rulebook(&["selfplay", game, "--record", path.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(0), "{game}");
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(
            text.ends_with('\n') && !text.ends_with("\n\n"),
            "{file}: one final newline"
        );
        if file.ends_with(".json") {
            let lines: Vec<&str> = text.lines().collect();
            assert_eq!(lines.first(), Some(&"{"), "{file}: indented, not one line");
            assert!(lines[1].starts_with("  \""), "{file}: 2-space indentation");
            assert_eq!(lines.last(), Some(&"}"), "{file}");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_game_spec_string_is_taken_wherever_a_game_is_and_gives_the_flags_output() {
    use common::{ok, refused};
    // Each command that takes a game, with the spec string and with the flags.
    let pairs: [(&[&str], &[&str]); 6] = [
        (
            &["legal", "kazura:size=5"],
            &["legal", "kazura", "--size", "5"],
        ),
        (
            &["trace", "bao:ruleset=reference", "--moves", "F6L"],
            &["trace", "bao", "--ruleset", "reference", "--moves", "F6L"],
        ),
        (&["perft", "go9:size=9", "2"], &["perft", "go9", "2"]),
        (
            &["show", "bind:size=6,pieces=20"],
            &["show", "bind", "--size", "6", "--pieces", "20"],
        ),
        (
            &["selfplay", "Kazura:SIZE=4", "--games", "2", "--seed", "3"],
            &[
                "selfplay", "kazura", "--size", "4", "--games", "2", "--seed", "3",
            ],
        ),
        (
            &[
                "match",
                "bind:variant=mini",
                "--black",
                "random",
                "--white",
                "random",
                "--games",
                "2",
            ],
            &[
                "match",
                "bind",
                "--variant",
                "mini",
                "--black",
                "random",
                "--white",
                "random",
                "--games",
                "2",
            ],
        ),
    ];
    for (spec, flags) in pairs {
        assert_eq!(ok(spec), ok(flags), "{spec:?}");
    }
    // A spec string's option and a flag together are given twice.
    let message = refused(&["legal", "kazura:size=9", "--size", "9"]);
    assert!(message.contains("size is given twice"), "{message}");
    // Typed refusals name the option.
    let message = refused(&["legal", "go9:foo=1"]);
    assert!(message.contains("unknown option `foo`"), "{message}");
    let message = refused(&["legal", "kazura:size=-3"]);
    assert!(
        message.contains("size `-3` is not a whole number"),
        "{message}"
    );
}

#[test]
fn the_help_names_every_game_and_option_as_the_catalog_describes_them() {
    let help = common::ok(&["legal", "--help"]);
    assert!(
        help.contains("kazura, bao, go9, bind, or a game spec"),
        "{help}"
    );
    // K-1, G-1, N-1 and B-19's values, with their defaults.
    for words in [
        "kazura 2–25 (default 13)",
        "go9 9 (default 9)",
        "bind 3–25:",
        "bind mini | full (default mini)",
        "bao seed | reference (default seed)",
    ] {
        assert!(help.contains(words), "{words}: {help}");
    }
}
