//! Test helpers: positions from diagrams, and an independent brute-force mover.
#![allow(dead_code)]

pub mod brute;
pub mod gnugo;

use board_geometry::Point;
use game_core::{ByPlayer, Player};
use go9::{Go9, Setup};

/// A point from its name (panics on a bad name: test input only).
pub fn pt(name: &str) -> Point {
    go9::parse_point(name).unwrap_or_else(|e| panic!("{e}"))
}

/// The stones of a diagram (rows top to bottom, `X` black, `O` white, anything else empty).
pub fn stones(rows: &[&str]) -> (Vec<Point>, Vec<Point>) {
    assert_eq!(rows.len(), 9, "a diagram has nine rows");
    let (mut black, mut white) = (Vec::new(), Vec::new());
    for (r, line) in rows.iter().enumerate() {
        let row = 8 - r;
        let chars: Vec<char> = line.chars().filter(|c| !c.is_whitespace()).collect();
        assert_eq!(chars.len(), 9, "row {line:?} has nine points");
        for (col, ch) in chars.into_iter().enumerate() {
            let p = Point::from_index(row * 9 + col);
            match ch {
                'X' => black.push(p),
                'O' => white.push(p),
                _ => {}
            }
        }
    }
    (black, white)
}

/// A game set up from a diagram with `to_move` to play.
pub fn position(rows: &[&str], to_move: Player) -> Go9 {
    let (black, white) = stones(rows);
    Go9::from_setup(Setup::new(ByPlayer::new(black, white), to_move)).expect("a valid diagram")
}

/// Plays moves given by name, panicking with the move and reason on an illegal one.
pub fn play_all(state: &mut Go9, moves: &str) {
    use game_core::Game;
    for (i, text) in moves.split_whitespace().enumerate() {
        let mv = state.parse_move(text).unwrap();
        state
            .play(mv)
            .unwrap_or_else(|e| panic!("move {} {text}: {e}", i + 1));
    }
}

/// The ko used by several tests: Black to take at E5, capturing D5.
pub fn ko() -> Go9 {
    position(
        &[
            ".........",
            ".........",
            ".........",
            "...XO....",
            "..XO.O...",
            "...XO....",
            ".........",
            ".........",
            ".........",
        ],
        Player::First,
    )
}
