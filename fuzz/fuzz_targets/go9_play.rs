//! Bytes drive a go9 game: every listed move is accepted, every other move is rejected
//! with the state and hash unchanged, undo restores the state before the move, and the
//! state stays valid. Never a panic.
#![no_main]

use go9::{Game, Go9, Move, Point};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut state = Go9::new();
    let mut earlier: Vec<Go9> = Vec::new();
    let mut legal = Vec::new();
    for &byte in data {
        if byte >= 250 {
            // Undo.
            match earlier.pop() {
                Some(before) => {
                    state.undo().expect("a move to undo");
                    assert_eq!(state, before);
                    assert_eq!(state.board().hash(), before.board().hash());
                }
                None => assert!(state.undo().is_err()),
            }
            continue;
        }
        let mv = match usize::from(byte) % 82 {
            81 => Move::Pass,
            i => Move::Place(Point::from_index(i)),
        };
        state.legal_moves(&mut legal);
        let before = state.clone();
        match state.play(mv) {
            Ok(()) => {
                assert!(legal.contains(&mv), "{mv} accepted but not listed");
                earlier.push(before);
            }
            Err(_) => {
                assert!(!legal.contains(&mv), "listed {mv} rejected");
                assert_eq!(state, before);
                assert_eq!(state.board().hash(), before.board().hash());
            }
        }
        if let Err(e) = state.validate() {
            panic!("invalid state after {mv}: {e}");
        }
    }
});
