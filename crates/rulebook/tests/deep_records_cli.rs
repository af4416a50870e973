//! Records nested past the readers' depth limits (issue 33): `replay` and `gtp`'s
//! `loadsgf` refuse them with their usual error, never a stack overflow. SGF is bounded at
//! 1,000 nodes on one line of play (docs/go9.md, G-13), JSON at serde_json's 128 levels.

mod common;

use std::io::Write as _;
use std::process::{Command, Stdio};

use common::{refused, temp_dir};

/// `(;SZ[9]` and `levels - 1` comment-only variations, each inside the one before: a
/// file every reader accepted (it has no moves) until the depth was bounded.
fn nested(levels: usize) -> String {
    format!(
        "(;SZ[9]{}{}",
        "(;C[x]".repeat(levels - 1),
        ")".repeat(levels)
    )
}

/// One plain sequence of `levels` comment-only nodes: as deep as [`nested`].
fn flat(levels: usize) -> String {
    format!("(;SZ[9]{})", ";C[x]".repeat(levels - 1))
}

/// `replay`'s standard error for `text`, which it must refuse with status 2 and nothing
/// on standard output.
fn replay_refuses(name: &str, text: &str) -> String {
    let dir = temp_dir(name);
    let path = dir.join("record");
    std::fs::write(&path, text).unwrap();
    let path = path.to_str().unwrap();
    let err = refused(&["replay", path]);
    assert!(err.starts_with(&format!("rulebook: {path}: ")), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
    err
}

#[test]
fn g13_replay_refuses_an_sgf_tree_ten_times_the_depth_limit() {
    for text in [nested(10_000), flat(10_000)] {
        let err = replay_refuses("deep-sgf", &text);
        assert!(
            err.contains("10000 nodes deep") && err.contains("at most 1000"),
            "{err}"
        );
    }
    // At the limit the same file replays.
    let dir = temp_dir("deep-sgf-limit");
    let path = dir.join("record.sgf");
    std::fs::write(&path, nested(1000)).unwrap();
    let out = common::ok(&["replay", path.to_str().unwrap()]);
    assert!(out.ends_with("result: ongoing\n"), "{out}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn g13_replay_refuses_the_reported_150000_level_files() {
    // The files of issue 33 (about 1.2 MB, under the 4 MiB record limit): `rulebook`
    // overflowed its stack and exited 134.
    let reported = format!(
        "(;SZ[9]{}{}",
        "(;B[aa]".repeat(150_000),
        ")".repeat(150_001)
    );
    let plain = format!("(;SZ[9]{})", ";B[aa];W[bb]".repeat(75_000));
    for text in [reported, plain] {
        let err = replay_refuses("reported-sgf", &text);
        assert!(err.contains("150001 nodes deep"), "{err}");
    }
}

#[test]
fn replay_refuses_json_nested_ten_times_past_serde_jsons_limit() {
    // serde_json refuses nesting past 128 levels; every game's record reader goes
    // through it. A record whose field holds 1,280 levels, and a bare array as deep.
    let deep = format!("{}{}", "[".repeat(1280), "]".repeat(1280));
    for game in ["kazura", "go9", "bind"] {
        let text = format!("{{\"game\": \"{game}\", \"moves\": {deep}}}");
        let err = replay_refuses("deep-json", &text);
        assert!(err.contains("recursion limit exceeded"), "{game}: {err}");
    }
    let err = replay_refuses("deep-json-bao", &format!("{{\"format\": {deep}}}"));
    assert!(err.contains("recursion limit exceeded"), "{err}");
    // A bare array carries no game's marker.
    let err = replay_refuses("deep-json-array", &deep);
    assert!(err.contains("not a record of"), "{err}");
}

#[test]
fn g14_gtp_loadsgf_answers_a_too_deep_file_with_an_error() {
    let dir = temp_dir("deep-gtp");
    let path = dir.join("deep.sgf");
    std::fs::write(&path, nested(10_000)).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_rulebook"))
        .arg("gtp")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let script = format!(
        "1 play black E5\n2 loadsgf {}\n3 list_stones black\n4 quit\n",
        path.display()
    );
    child
        .stdin
        .take()
        .unwrap()
        .write_all(script.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let replies: Vec<&str> = text.split("\n\n").collect();
    assert_eq!(replies[0], "=1");
    assert!(
        replies[1].starts_with("?2 cannot load file: ")
            && replies[1].contains("10000 nodes deep")
            && replies[1].contains("at most 1000"),
        "{text}"
    );
    // The game is unchanged.
    assert_eq!(&replies[2..], ["=3 E5", "=4", ""]);
    std::fs::remove_dir_all(&dir).unwrap();
}
