//! Bytes drive a Bind game on mini, full or a custom size: listed moves are always
//! accepted, any other move (off the board, bent lines, wrong kind) is rejected and leaves
//! the state identical, the invariants (N-2 piece counts, stored counts, the end) hold
//! after every move, and nothing panics.
#![no_main]

use bind::{Bind, Coord, Game, Move, Variant};
use libfuzzer_sys::fuzz_target;

fn variant(bytes: &mut impl Iterator<Item = u8>) -> Variant {
    match bytes.next().unwrap_or(0) % 4 {
        0 => Variant::MINI,
        1 => Variant::FULL,
        _ => {
            let size = 3 + usize::from(bytes.next().unwrap_or(0)) % 23;
            let pieces = 3 + usize::from(bytes.next().unwrap_or(0)) % (size * size - 2);
            Variant::custom(size, pieces).expect("in range by construction")
        }
    }
}

fn coord(a: u8, b: u8) -> Coord {
    // Up to 31 x 31: some squares are off every board.
    Coord::new(a % 32, b % 32)
}

fuzz_target!(|data: &[u8]| {
    let mut bytes = data.iter().copied();
    let mut state = Bind::new(variant(&mut bytes));
    let mut moves = Vec::new();
    while let Some(op) = bytes.next() {
        state.legal_moves(&mut moves);
        if moves.is_empty() {
            assert!(state.is_over());
            break;
        }
        let mv = match op % 4 {
            // A listed move: must be accepted.
            0 | 1 => {
                let mv = moves[usize::from(bytes.next().unwrap_or(0)) % moves.len()];
                state.play(mv).expect("a listed move is legal");
                state.validate().expect("invariants hold");
                assert_eq!(
                    state.moves().last(),
                    Some(&mv),
                    "the history keeps the move"
                );
                continue;
            }
            2 => Move::Place(coord(bytes.next().unwrap_or(0), bytes.next().unwrap_or(0))),
            _ => Move::Line {
                from: coord(bytes.next().unwrap_or(0), bytes.next().unwrap_or(0)),
                to: coord(bytes.next().unwrap_or(0), bytes.next().unwrap_or(0)),
            },
        };
        let before = state.clone();
        match state.play(mv) {
            Ok(()) => {
                assert!(moves.contains(&mv), "unlisted {mv} accepted");
                assert_eq!(state.moves().len(), before.moves().len() + 1);
            }
            Err(err) => {
                assert!(!moves.contains(&mv), "listed {mv} rejected: {err}");
                assert_eq!(state, before, "rejecting {mv} changed the state");
                let _ = err.to_string();
            }
        }
        state.validate().expect("invariants hold");
        // The text of a move parses back to it on this board.
        if let Ok(parsed) = state.parse_move(&mv.to_string()) {
            let _ = parsed;
        }
    }
});
