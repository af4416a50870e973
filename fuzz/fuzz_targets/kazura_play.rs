//! Bytes drive a Kazura game: the first picks the board size; then each byte below 0xF0
//! plays a listed move (which `play` must accept), 0xF0–0xFE try the next bytes as a raw move
//! text (a refusal must leave the state identical, an acceptance must be a listed move),
//! and 0xFF resigns. `play` never panics.
#![no_main]

use kazura_core::{Game, Kazura};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&first, mut rest)) = data.split_first() else {
        return;
    };
    let mut game = Kazura::new(2 + usize::from(first) % 24).expect("sizes 2-25 are valid");
    let mut moves = Vec::new();
    while let Some((&byte, tail)) = rest.split_first() {
        rest = tail;
        game.legal_moves(&mut moves);
        match byte {
            0..0xF0 => {
                if moves.is_empty() {
                    assert!(game.is_over());
                    continue;
                }
                let mv = moves[usize::from(byte) % moves.len()];
                game.play(mv).expect("a listed move is accepted");
            }
            0xF0..0xFF => {
                let len = usize::from(byte - 0xF0).min(rest.len());
                let (text, tail) = rest.split_at(len);
                rest = tail;
                let text = String::from_utf8_lossy(text);
                let Ok(mv) = game.parse_move(&text) else {
                    continue;
                };
                let before = game.clone();
                match game.play(mv) {
                    Ok(()) => assert!(moves.contains(&mv), "{mv} accepted but not listed"),
                    Err(_) => assert_eq!(game, before, "a refused {mv} changed the state"),
                }
            }
            0xFF => {
                let before = game.clone();
                if game.resign(game.to_move()).is_err() {
                    assert_eq!(game, before);
                }
            }
        }
    }
    let _ = game.outcome_text();
    assert_eq!(game.outcome().is_over(), game.is_over());
    let _ = game.decided();
});
