//! go9 `end` cases built from drawn positions, one dead-stone shape each (G-9): stones
//! inside an opponent's pass-alive territory that G-9 removes (in a corner eye, an edge
//! eye, a centre eye, a square eye with one point away from the wall, two stones in one
//! eye, one in each eye), and stones that look dead but that G-9 keeps (in the eye of a
//! one-eyed group, in an eye with two points away from the wall, in the big eye of a
//! group walled in by the opponent). Every shape is played once as drawn
//! and once with the colours swapped and the board turned upside down or mirrored, so both
//! colours kill and both are killed, in different corners and on different edges.
//!
//! The stones are put on the board in turns (a colour with no stone left passes) and the
//! game ends with two passes (G-6); the count is G-10. Each case names G-6, G-9 and G-10.
//! The generator asserts that G-9 removes exactly the stones drawn in lower case, so a
//! drawing that does not show what its note says stops the generator. GNU Go is asked
//! about every case, as for the other end cases (`go9::push_end`): it vouches for the case
//! only when it removes the same stones and counts the same.

use std::collections::BTreeSet;

use game_catalog::GameSpec;
use go9_gtp::GtpClient;

use crate::common::{self, FileBuilder};

const COLUMNS: &[u8; 9] = b"ABCDEFGHJ";

/// A position drawn top row (9) first: `X`/`O` black/white stones that stay, `x`/`o`
/// stones that G-9 must remove, `.` empty.
struct Shape {
    rows: [&'static str; 9],
    note: &'static str,
}

/// The shapes. Most also draw White's two-eyed group in the top-right corner (eyes J8–J9
/// and J6), so that White has a living group too.
const SHAPES: &[Shape] = &[
    Shape {
        rows: [
            ".......O.",
            ".......O.",
            ".......OO",
            ".......O.",
            "XX.....OO",
            ".X.......",
            "XX.......",
            "oX.......",
            ".X.......",
        ],
        note: "a stone in a two-point corner eye of a two-eyed group: removed",
    },
    Shape {
        rows: [
            ".......O.",
            ".......O.",
            ".......OO",
            ".......O.",
            "XX.....OO",
            ".X.......",
            "XX.......",
            ".X.......",
            "oX.......",
        ],
        note: "a stone on the corner point of a two-point eye: removed",
    },
    Shape {
        rows: [
            ".......O.",
            ".......O.",
            ".......OO",
            "XX.....O.",
            ".X.....OO",
            "XX.......",
            ".X.......",
            "oX.......",
            "oX.......",
        ],
        note: "two stones in a three-point edge eye, one point left empty: both removed",
    },
    Shape {
        rows: [
            ".......O.",
            ".......O.",
            ".......OO",
            ".......O.",
            ".......OO",
            ".........",
            ".........",
            "..XXXXXX.",
            "..Xo.X.X.",
        ],
        note: "a stone in a two-point eye of a group on the first line: removed",
    },
    Shape {
        rows: [
            ".......O.",
            ".......O.",
            ".......OO",
            ".XXXXXXO.",
            ".Xo.X.XOO",
            ".XXXXXX..",
            ".........",
            ".........",
            ".........",
        ],
        note: "a stone in a two-point eye of a group in the centre: removed",
    },
    Shape {
        rows: [
            ".........",
            ".XXXXXXX.",
            ".Xo.Xo.X.",
            ".XXXXXXX.",
            ".......OO",
            ".......O.",
            ".......OO",
            ".......O.",
            ".......O.",
        ],
        note: "a stone in each of the two eyes of a centre group: both removed",
    },
    Shape {
        rows: [
            ".......O.",
            ".......O.",
            ".......OO",
            ".......O.",
            "XXX....OO",
            "..X......",
            "XXX......",
            "..X......",
            "o.X......",
        ],
        note: "a stone on the one point of a square corner eye that touches no wall stone: removed",
    },
    Shape {
        rows: [
            ".......O.",
            ".......O.",
            ".......OO",
            ".......O.",
            "XXX....OO",
            "..X......",
            "XXX......",
            ".oX......",
            "o.X......",
        ],
        note: "two stones in a square corner eye, one on the point that touches no wall stone: both removed",
    },
    Shape {
        rows: [
            ".......O.",
            ".......O.",
            ".......OO",
            ".......O.",
            ".......OO",
            ".........",
            "XX.......",
            "OX.......",
            ".X.......",
        ],
        note: "a stone in the only eye of a one-eyed group: kept (no chain around it is pass-alive)",
    },
    Shape {
        rows: [
            ".......O.",
            ".......O.",
            ".......OO",
            ".......O.",
            "XXXX...OO",
            ".X.X.....",
            "XXXX.....",
            "...X.....",
            ".O.X.....",
        ],
        note: "a stone in a six-point eye of a two-eyed group, two of whose points touch no wall stone: kept",
    },
    Shape {
        rows: [
            ".......O.",
            ".......O.",
            "XX.....OO",
            ".X.....O.",
            "XX.....OO",
            "oX.......",
            ".X.......",
            "XX.......",
            ".........",
        ],
        note: "a stone in a two-point eye of a group on the side, away from the corner: removed",
    },
    Shape {
        rows: [
            ".......O.",
            ".......O.",
            ".......OO",
            ".......O.",
            ".......OO",
            "OOOOO....",
            "XXXXO....",
            "...XO....",
            "XX.XO....",
        ],
        note: "a group with one four-point eye inside the opponent's wall: neither is pass-alive, nothing removed",
    },
];

/// Point name of column `c`, row `r` (both from 0 at the lower left).
fn point(c: usize, r: usize) -> String {
    format!("{}{}", COLUMNS[c] as char, r + 1)
}

/// The drawing's stones as (black, white, removed): dead ones first, so that each is put
/// down while it still has a liberty.
fn stones(rows: &[String; 9]) -> (Vec<String>, Vec<String>, BTreeSet<String>) {
    let (mut black, mut white, mut dead) = (Vec::new(), Vec::new(), BTreeSet::new());
    let (mut black_dead, mut white_dead) = (Vec::new(), Vec::new());
    for (i, row) in rows.iter().enumerate() {
        let r = 8 - i;
        for (c, ch) in row.chars().enumerate() {
            let name = point(c, r);
            match ch {
                'X' => black.push(name),
                'O' => white.push(name),
                'x' => {
                    black_dead.push(name.clone());
                    dead.insert(name);
                }
                'o' => {
                    white_dead.push(name.clone());
                    dead.insert(name);
                }
                _ => {}
            }
        }
    }
    black_dead.extend(black);
    white_dead.extend(white);
    (black_dead, white_dead, dead)
}

/// The stones put down in turns, a colour with none left passing, then two passes.
fn moves(black: &[String], white: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    for i in 0..black.len().max(white.len()) {
        out.push(black.get(i).cloned().unwrap_or_else(|| "pass".into()));
        out.push(white.get(i).cloned().unwrap_or_else(|| "pass".into()));
    }
    while out.last().is_some_and(|m| m == "pass") {
        out.pop();
    }
    out.extend(["pass".to_string(), "pass".to_string()]);
    out
}

/// The drawing with the colours swapped and turned: upside down, or mirrored left to right.
fn turned(rows: &[&str; 9], upside_down: bool) -> [String; 9] {
    let swap = |ch: char| match ch {
        'X' => 'O',
        'O' => 'X',
        'x' => 'o',
        'o' => 'x',
        other => other,
    };
    std::array::from_fn(|i| {
        let row = if upside_down { rows[8 - i] } else { rows[i] };
        let swapped: String = row.chars().map(swap).collect();
        if upside_down {
            swapped
        } else {
            swapped.chars().rev().collect()
        }
    })
}

/// Appends the dead-stone cases to go9's end file; returns how many GNU Go vouches for.
pub fn dead_shapes(file: &mut FileBuilder, gnugo: &mut GtpClient) -> usize {
    let mut agreed = 0;
    for (n, shape) in SHAPES.iter().enumerate() {
        let drawn: [String; 9] = std::array::from_fn(|i| shape.rows[i].to_string());
        let versions = [
            (drawn, shape.note.to_string()),
            (
                turned(&shape.rows, n % 2 == 0),
                format!(
                    "{} (colours swapped, {})",
                    shape.note,
                    if n % 2 == 0 {
                        "upside down"
                    } else {
                        "mirrored"
                    }
                ),
            ),
        ];
        for (rows, note) in versions {
            let (black, white, dead) = stones(&rows);
            let moves = moves(&black, &white);
            let game = common::after(&GameSpec::Go9, &moves);
            let ours = crate::go9::our_dead(&game);
            assert_eq!(
                ours, dead,
                "G-9 does not remove what the drawing says: {note}"
            );
            agreed += usize::from(crate::go9::push_end(
                file,
                gnugo,
                &moves,
                Some(format!("G-9: {note}")),
                &["G-9"],
                false,
            ));
        }
    }
    agreed
}
