//! The independent referees of the go9 cases: GNU Go (the legal points at every checked
//! ply, and its final count with its dead stones) and the brute-force mover of go9's tests
//! (every check's legal set).

use std::collections::BTreeSet;

use game_catalog::{AnyGame, GameSpec};
use game_core::Player;
use go9_gtp::GtpClient;
use rules_conformance::format::Check;

use super::{brute, colour};

/// Checks with GNU Go the legal points at each checked ply of `moves`.
pub(super) fn gnugo_agrees_on_legal(gnugo: &mut GtpClient, moves: &[String], checks: &[Check]) {
    gnugo.send("clear_board").expect("clear_board");
    let mut game = AnyGame::new(&GameSpec::Go9);
    for ply in 0..=moves.len() {
        if let Some(check) = checks.iter().find(|c| c.ply == ply)
            && !game.is_over()
        {
            let mover = colour(game.to_move());
            let theirs: BTreeSet<String> = gnugo
                .send(&format!("all_legal {mover}"))
                .expect("all_legal")
                .split_whitespace()
                .map(str::to_uppercase)
                .collect();
            let ours: BTreeSet<String> = game
                .legal_moves()
                .into_iter()
                .filter(|m| m != "pass")
                .collect();
            assert_eq!(
                ours, theirs,
                "GNU Go disagrees at ply {} of {moves:?}",
                check.ply
            );
        }
        if ply < moves.len() {
            let mover = colour(game.to_move());
            gnugo
                .send(&format!("play {mover} {}", moves[ply]))
                .expect("GNU Go plays our move");
            game.play(&moves[ply]).expect("legal");
        }
    }
}

/// Checks with the brute-force mover every check's legal set.
pub(super) fn brute_agrees(moves: &[String], checks: &[Check]) {
    let mut brute = brute::Brute::new([0; 81], Player::First);
    for ply in 0..=moves.len() {
        if let Some(check) = checks.iter().find(|c| c.ply == ply) {
            let legal = check.legal.as_ref().expect("a legal set");
            let theirs = brute.legal();
            assert_eq!(
                rules_conformance::canonical::legal_sha256(&theirs),
                legal.sha256,
                "the brute-force mover disagrees at ply {ply} of {moves:?}"
            );
        }
        if ply < moves.len() {
            brute.play(&moves[ply]);
        }
    }
}

/// GNU Go's `final_score` as our margin (`B+3`, `W+10`, `0`).
pub(super) fn gnugo_margin(gnugo: &mut GtpClient, moves: &[String]) -> (String, BTreeSet<String>) {
    gnugo.send("clear_board").expect("clear_board");
    let mut player = Player::First;
    for mv in moves {
        gnugo
            .send(&format!("play {} {mv}", colour(player)))
            .expect("GNU Go plays our move");
        player = player.other();
    }
    let dead = gnugo.send("final_status_list dead").expect("dead list");
    let score = gnugo.send("final_score").expect("final_score");
    let margin = match score.trim().split_once('+') {
        Some((side, points)) => {
            let value: f64 = points.parse().expect("a number");
            if value == 0.0 {
                "0".into()
            } else {
                format!("{side}+{value}")
            }
        }
        None => score.trim().to_string(),
    };
    (
        margin,
        dead.split_whitespace().map(str::to_uppercase).collect(),
    )
}
