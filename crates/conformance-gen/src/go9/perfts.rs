//! The perft cases: the empty board, after a pass, a ko, positions where positional
//! superko (not simple ko) forbids a point, and seeded playouts; every count checked with
//! the brute-force mover.

use game_catalog::GameSpec;
use game_core::{GameRng, Player};
use rules_conformance::CaseBody;

use super::brute;
use super::games::{long_cycle_superko, playout};
use crate::common::{self, FileBuilder, strings};

/// The perft cases, each count checked with the brute-force mover.
pub(super) fn perfts(file: &mut FileBuilder) {
    let spec = GameSpec::Go9;
    let push = |file: &mut FileBuilder, moves: Vec<String>, note: Option<String>| {
        let body = common::perft_body(&spec, &moves, 120_000, 3);
        if let CaseBody::Perft { counts, .. } = &body {
            let mut b = brute::Brute::new([0; 81], Player::First);
            for mv in &moves {
                b.play(mv);
            }
            for (d, count) in counts.iter().enumerate() {
                assert_eq!(b.perft(d as u32 + 1), *count, "brute-force perft {moves:?}");
            }
        }
        let depth = match &body {
            CaseBody::Perft { counts, .. } => counts.len(),
            _ => 0,
        };
        let mut tags = crate::go9_tags::Tags::new();
        crate::go9_tags::perft(&crate::go9_tags::replay(&moves), depth, &mut tags);
        crate::go9_tags::moves(&moves, &mut tags);
        let ids: Vec<&str> = tags.into_iter().collect();
        file.push(&ids, &["engine", "brute-force"], note, body);
    };
    push(file, Vec::new(), Some("the empty board".into()));
    push(
        file,
        strings(&["pass"]),
        Some("after a pass, a second pass ends the game: it leaves nothing".into()),
    );
    push(
        file,
        strings(&["E4", "F4", "D5", "F6", "E6", "G5", "A1", "E5", "F5"]),
        Some("White to move in a ko: E5 is forbidden by superko".into()),
    );
    for (moves, point) in long_cycle_superko(4) {
        push(
            file,
            moves,
            Some(format!(
                "{point} is forbidden by positional superko, not by simple ko: an engine with simple ko counts one more at every depth"
            )),
        );
    }
    for seed in 0..73u64 {
        let mut rng = GameRng::seed_from(0x60_9200 + seed);
        let length = 4 + (seed as usize * 53) % 220;
        let moves = playout(&[], &mut rng, length);
        push(file, moves, None);
    }
}
