//! Bytes drive a Bao game under both rulesets (the first byte picks the ruleset): each
//! further byte either plays a listed move (below 128) or tries any written move. Listed
//! moves are always accepted, rejected moves leave the position identical, accepted ones
//! were listed, the kete always add up to 64 (B-3), and nothing panics. The same moves
//! played on `Bao` (the game with its history) get the same answers, and a refused move
//! leaves its moves and history as they were.
#![no_main]

use bao_nyakua::{Bao, Game, Move, Position, Ruleset, TOTAL_KETE};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let ruleset = if first % 2 == 0 {
        Ruleset::Seed
    } else {
        Ruleset::Reference
    };
    let all: Vec<Move> = Move::all().collect();
    let mut position = Position::start(ruleset);
    let mut game = Bao::new(ruleset);
    let mut legal = Vec::new();
    for &byte in rest {
        position.legal_moves(&mut legal);
        assert_eq!(legal.is_empty(), position.is_over());
        if legal.is_empty() {
            break;
        }
        let (mv, listed) = if byte < 128 {
            (legal[usize::from(byte) % legal.len()], true)
        } else {
            let mv = all[usize::from(byte - 128) % all.len()];
            (mv, legal.contains(&mv))
        };
        let before = position;
        let game_before = game.clone();
        let answer = position.play(mv);
        assert_eq!(game.play(mv), answer, "Bao and Position disagree on {mv}");
        match answer {
            Ok(()) => assert!(listed, "{mv} was accepted but not listed"),
            Err(_) => {
                assert!(!listed, "listed move {mv} was rejected");
                assert_eq!(position, before, "rejecting {mv} changed the position");
                assert_eq!(game, game_before, "rejecting {mv} changed the game");
            }
        }
        assert_eq!(game.position(), &position);
        assert_eq!(game.moves().len(), game.ply());
        assert_eq!(position.total_kete(), TOTAL_KETE);
    }
});
