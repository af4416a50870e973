//! Replays cut and checked at positions random play reaches but seldom checks: a forced
//! pass with a single placement in reach (N-11), and a choice between take-and-place moves
//! and single placements where the take rule forbids nothing (N-8 apart from N-5).

use std::collections::BTreeSet;

use bind::Bind;
use game_catalog::AnyGame;
use game_core::{Game, GameRng};

use super::tags::decision_tags;
use super::{MAX_PLIES, Plan, bind_of, coord, game_tags, push_replay};
use crate::common::{FileBuilder, random_game, uniform};

/// Replays cut where the mover holds one piece and an empty square next to its own pieces,
/// checked there: the pass is the only move (N-11), though a single placement would fit.
pub(super) fn pass_replays(file: &mut FileBuilder, plan: &Plan, rng: &mut GameRng) {
    let spec = file.spec;
    let mut made = 0;
    for _ in 0..plan.replays * 40 {
        if made >= plan.replays / 2 {
            break;
        }
        let moves = random_game(&spec, rng, MAX_PLIES, uniform);
        let mut game = AnyGame::new(&spec);
        let mut at = Vec::new();
        for (ply, mv) in moves.iter().enumerate() {
            let b = bind_of(&game);
            if b.hand(b.to_move()) == 1 && fits_single(b) {
                at.push(ply);
            }
            game.play(mv).expect("a legal move");
        }
        if at.is_empty() {
            continue;
        }
        let ply = at[rng.below(at.len())];
        push_replay(
            file,
            moves[..=ply].to_vec(),
            &[ply],
            Some(
                "one piece in hand: pass is the only move, though a single placement fits (N-11)"
                    .into(),
            ),
        );
        made += 1;
    }
}

/// Replays cut where every opponent piece may be taken (N-5 forbids nothing) and both
/// take-and-place moves and single placements fit, checked there: the take-and-place
/// moves come first (N-8).
pub(super) fn priority_replays(file: &mut FileBuilder, plan: &Plan, rng: &mut GameRng) {
    let spec = file.spec;
    let mut made = 0;
    for _ in 0..plan.replays * 10 {
        if made >= plan.replays / 5 {
            break;
        }
        let moves = random_game(&spec, rng, MAX_PLIES, uniform);
        let mut game = AnyGame::new(&spec);
        let mut at = Vec::new();
        let start = bind_of(&game).clone();
        for (ply, mv) in moves.iter().enumerate() {
            let mut tags = BTreeSet::new();
            decision_tags(bind_of(&game), &mut tags);
            if tags.contains("N-8") && !tags.contains("N-5") {
                // Nor anywhere on the way (a single placement played where no take fit).
                if !game_tags(&start, true, &moves[..ply], &[], false).contains("N-5") {
                    at.push(ply);
                }
            }
            game.play(mv).expect("a legal move");
        }
        if at.is_empty() {
            continue;
        }
        let ply = at[rng.below(at.len())];
        push_replay(
            file,
            moves[..=ply].to_vec(),
            &[ply],
            Some("every opponent piece may be taken, and take-and-place moves come before single placements (N-8)".into()),
        );
        made += 1;
    }
}

/// Whether the mover has an empty square next to one of its pieces.
fn fits_single(game: &Bind) -> bool {
    let size = game.variant().size();
    let me = game.to_move();
    (0..size * size).any(|q| {
        let (c, r) = (q % size, q / size);
        game.owner(coord(c, r)).is_none()
            && [(0i64, 1i64), (0, -1), (1, 0), (-1, 0)]
                .iter()
                .any(|&(dc, dr)| {
                    let (cc, rr) = (c as i64 + dc, r as i64 + dr);
                    cc >= 0
                        && rr >= 0
                        && (cc as usize) < size
                        && (rr as usize) < size
                        && game.owner(coord(cc as usize, rr as usize)) == Some(me)
                })
    })
}
