//! The replay, perft and end cases: the crafted examples of the seed, random games
//! replayed and checked at spread plies (and at every forced pass), perft counts from
//! random positions, and finished games of every kind of end.

use std::collections::{BTreeMap, BTreeSet};

use bind::{Bind, EndReason};
use game_catalog::{AnyGame, GameSpec};
use game_core::{Game, GameRng};
use rules_conformance::CaseBody;

use super::detect::{header_tags, perft_tags};
use super::{MAX_PLIES, Plan, bind_of, candidates};
use crate::common::{
    ENGINE, FileBuilder, after, bounded_perft_body, end_body, full_check, random_game, spread,
    strings, uniform,
};

/// A replay of `moves` with full checks at `plies`.
pub(super) fn push_replay(
    file: &mut FileBuilder,
    moves: Vec<String>,
    plies: &[usize],
    note: Option<String>,
) {
    let spec = file.spec;
    let cands = candidates(bind_of(&file.start()).variant().size());
    let mut checks = Vec::new();
    let mut game = AnyGame::new(&spec);
    // `pass` is probed only near the one piece in hand that forces it (N-11).
    let far: Vec<String> = cands.iter().filter(|c| *c != "pass").cloned().collect();
    for ply in 0..=moves.len() {
        if plies.contains(&ply) {
            let b = bind_of(&game);
            let near = b.is_over() || b.hand(b.to_move()) <= 2;
            checks.push(full_check(&game, ply, if near { &cands } else { &far }, 8));
        }
        if ply < moves.len() {
            game.play(&moves[ply]).expect("a legal move");
        }
    }
    let tags = header_tags(&spec, &moves, &checks, false);
    file.push(
        &tags,
        &[ENGINE, "brute-force"],
        note,
        CaseBody::Replay { moves, checks },
    );
}

/// The seed's examples that fit the variant: N-4's on the 3×3 board, example 1's on
/// boards from 5×5.
pub(super) fn crafted(file: &mut FileBuilder, plan: &Plan) {
    let spec = file.spec;
    let size = plan.variant.size();
    if size == 3 && plan.variant.pieces() == 4 {
        // N-4's own example: Black fills the middle row, White has no three to place and
        // no piece to place next to, so White has no move and loses.
        let moves = strings(&["A2-C2"]);
        push_replay(
            file,
            moves.clone(),
            &[0, 1],
            Some(
                "White's first move must place three; none fits, so White has no move (N-4, N-10)"
                    .into(),
            ),
        );
        let tags = header_tags(&spec, &moves, &[], true);
        file.push(
            &tags,
            &[ENGINE, "brute-force"],
            Some("White cannot move after A2-C2 and loses (N-10)".into()),
            end_body(&spec, &moves),
        );
        return;
    }
    if size >= 5 {
        // The seed's example 1 shape: Black's three in a row, White takes an end and fills
        // in one direction; the middle would leave the ends alone (N-5).
        let moves = strings(&["B3-D3"]);
        push_replay(
            file,
            moves,
            &[0, 1],
            Some("White may take an end of Black's row, never the middle (N-4, N-5)".into()),
        );
    }
}

/// The plies of `moves` where the player to move must pass.
fn forced_passes(spec: &GameSpec, moves: &[String]) -> Vec<usize> {
    let mut game = AnyGame::new(spec);
    let mut plies = Vec::new();
    for (ply, mv) in moves.iter().enumerate() {
        if game.legal_moves() == ["pass"] {
            plies.push(ply);
        }
        game.play(mv).expect("a legal move");
    }
    plies
}

/// Random games (a third of them cut), checked at spread plies and every forced pass.
pub(super) fn replays(file: &mut FileBuilder, plan: &Plan, rng: &mut GameRng) {
    let spec = file.spec;
    for i in 0..plan.replays {
        let mut moves = random_game(&spec, rng, MAX_PLIES, uniform);
        if i % 3 == 2 && moves.len() > 2 {
            let cut = 1 + rng.below(moves.len() - 1);
            moves.truncate(cut);
        }
        let mut plies = spread(moves.len(), 5);
        if !moves.is_empty() && i % 2 == 0 {
            plies.push(1);
        }
        plies.extend(forced_passes(&spec, &moves));
        plies.sort_unstable();
        plies.dedup();
        push_replay(file, moves, &plies, None);
    }
}

/// Perft counts from the start and from distinct positions of random games.
pub(super) fn perfts(file: &mut FileBuilder, plan: &Plan, rng: &mut GameRng) {
    let spec = file.spec;
    let mut seen = BTreeSet::new();
    let mut i = 0;
    while seen.len() < plan.perfts && i < plan.perfts * 4 {
        i += 1;
        let moves = if i == 1 {
            Vec::new()
        } else {
            let game = random_game(&spec, rng, MAX_PLIES, uniform);
            let cut = rng.below(game.len().max(1));
            game[..cut].to_vec()
        };
        if !seen.insert(moves.clone()) {
            continue;
        }
        let body = bounded_perft_body(&spec, &moves, plan.budget, 12);
        let depth = match &body {
            CaseBody::Perft { counts, .. } => counts.len(),
            _ => 0,
        };
        let tags = perft_tags(&spec, &moves, depth);
        file.push(&tags, &[ENGINE, "brute-force"], None, body);
    }
}

/// The kind of end of a finished game, as the end cases are bucketed.
fn end_kind(game: &Bind) -> String {
    match game.end_reason() {
        Some(EndReason::AllPlaced { winner }) => format!("placed-{winner:?}"),
        Some(EndReason::NoMove { loser }) => format!("nomove-{loser:?}"),
        Some(EndReason::BothHoldOne) => "both-one".into(),
        Some(EndReason::Resigned { loser }) => format!("resigned-{loser:?}"),
        _ => "other".into(),
    }
}

/// Finished random games, taken in turn from each kind of end.
pub(super) fn ends(file: &mut FileBuilder, plan: &Plan, rng: &mut GameRng) {
    let spec = file.spec;
    let mut buckets: BTreeMap<String, Vec<Vec<String>>> = BTreeMap::new();
    for _ in 0..plan.ends * 20 {
        let moves = random_game(&spec, rng, MAX_PLIES, uniform);
        let game = after(&spec, &moves);
        if !game.is_over() {
            continue;
        }
        let bucket = buckets.entry(end_kind(bind_of(&game))).or_default();
        if !bucket.contains(&moves) {
            bucket.push(moves);
        }
    }
    for moves in crate::common::round_robin(&buckets, plan.ends) {
        let tags = header_tags(&spec, &moves, &[], true);
        file.push(
            &tags,
            &[ENGINE, "brute-force"],
            None,
            end_body(&spec, &moves),
        );
    }
}
