//! `rulebook play` driven through a pipe: moves and commands on standard input, the
//! diagram after each move, short messages for bad input, a clean stop at the end of input.

mod common;
use common::{ok, refused, temp_dir};

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs `rulebook play ARGS` with `input` on standard input; returns (status, stdout).
fn play(args: &[&str], input: &str) -> (Option<i32>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rulebook"))
        .arg("play")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("rulebook runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code(),
        String::from_utf8(out.stdout).expect("UTF-8"),
    )
}

#[test]
fn a_person_plays_the_computer_with_every_command() {
    let (status, out) = play(
        &["bind", "--white", "mcts:30"],
        "legal\nfoo\nZ9\nB2-B2\n\nB2-B4\nundo\nhint\nhelp\nresign\n",
    );
    assert_eq!(status, Some(0), "{out}");
    assert!(out.starts_with("    A B C D E\n"), "{out}");
    assert!(
        out.contains("black to move (ply 0)\nblack> legal: A1-A3 A1-C1 "),
        "{out}"
    );
    assert!(out.contains("black> not a move or a command: "), "{out}");
    assert!(out.contains("is off the 5x5 board"), "{out}");
    assert!(out.contains("black> black plays B2-B4\n"), "{out}");
    assert!(
        out.contains("white to move (ply 1)\nwhite (mcts:30) plays "),
        "{out}"
    );
    assert!(out.contains("black> took back 2 moves\n"), "{out}");
    assert!(out.contains("black> hint: "), "{out}");
    assert!(
        out.contains("black> commands: legal, undo, hint, resign, quit"),
        "{out}"
    );
    assert!(
        out.ends_with("black> black resigns\nresult: white wins: black resigned\n"),
        "{out}"
    );
}

#[test]
fn an_illegal_move_gets_a_message_and_a_new_prompt() {
    let (status, out) = play(
        &["go9", "--black", "human", "--white", "human"],
        "E5\nE5\nD5\nquit\n",
    );
    assert_eq!(status, Some(0));
    assert!(out.contains("white> illegal move E5: "), "{out}");
    assert!(out.contains("white> white plays D5\n"), "{out}");
    assert!(out.ends_with("black> stopped (quit): black to move (ply 2); if it ended now: Black 1 – White 8, komi 7\n"), "{out}");
}

#[test]
fn the_end_of_input_stops_cleanly() {
    for game in ["kazura", "bao", "go9", "bind"] {
        let (status, out) = play(&[game], "");
        assert_eq!(status, Some(0), "{game}: {out}");
        assert!(
            out.contains("> \nstopped (end of input): "),
            "{game}: {out}"
        );
    }
    // A line without its new line is still read.
    let (_, out) = play(&["bind", "--white", "human"], "B2-B4");
    assert!(out.contains("black> black plays B2-B4\n"), "{out}");
}

#[test]
fn go9_undo_takes_back_the_move_and_the_reply_and_the_record_replays() {
    let dir = temp_dir("play-go9");
    let record = dir.join("game.json");
    let (status, out) = play(
        &[
            "go9",
            "--white",
            "random",
            "--record",
            record.to_str().unwrap(),
        ],
        "E5\nundo\nundo\nC3\nquit\n",
    );
    assert_eq!(status, Some(0), "{out}");
    assert!(out.contains("black> took back 2 moves\n"), "{out}");
    assert!(
        out.contains("black> cannot undo: no move of yours to take back\n"),
        "{out}"
    );
    assert!(out.contains("black> black plays C3\n"), "{out}");
    assert!(
        out.ends_with(&format!("record: {}\n", record.display())),
        "{out}"
    );
    let replayed = ok(&["replay", record.to_str().unwrap()]);
    assert!(replayed.ends_with("result: ongoing\n"), "{replayed}");
    // Between two people, undo takes back one move.
    let (_, out) = play(
        &["kazura", "--size", "3", "--white", "human"],
        "B2\nundo\nundo\nquit\n",
    );
    assert!(out.contains("white> took back 1 move\n"), "{out}");
    assert!(out.contains("black> cannot undo: "), "{out}");
}

#[test]
fn bao_has_no_resignation() {
    let (status, out) = play(&["bao", "--white", "random"], "resign\nF7L\nquit\n");
    assert_eq!(status, Some(0));
    assert!(
        out.contains("south> cannot resign: bao has no resignation in its rules\n"),
        "{out}"
    );
    assert!(out.contains("south> south plays F7L\n"), "{out}");
}

#[test]
fn computers_play_a_whole_game_without_input() {
    let (status, out) = play(&["bind", "--black", "mcts:20", "--white", "random"], "");
    assert_eq!(status, Some(0));
    assert!(out.contains("black (mcts:20) plays "), "{out}");
    assert!(out.lines().last().unwrap().starts_with("result: "), "{out}");
}

#[test]
fn bad_players_and_moves_are_refused_before_anything_is_written() {
    refused(&["play", "bind", "--black", "gtp:gnugo"]);
    refused(&["play", "bind", "--white", "expert"]);
    refused(&["play", "go9", "--white", "gtp:/nonexistent/engine"]);
    refused(&["play", "bind", "--moves", "B2-B2"]);
}
