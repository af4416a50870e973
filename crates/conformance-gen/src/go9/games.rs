//! The games the go9 cases are made of: go9's playout policy from a start, and seeded
//! random games that reach a placement forbidden by superko but not by simple ko.

use game_core::{Game, GameRng};
use go9::Go9;

use super::brute;

/// The board point of index `i` (the brute-force mover's numbering).
pub(super) fn board_point(i: usize) -> go9::Point {
    board_geometry::Point::from_index(i)
}

/// The playout policy of go9 (never fills its own single-point eye; passes when nothing
/// else is left), as text moves from `start`, at most `max` plies.
pub(super) fn playout(start: &[String], rng: &mut GameRng, max: usize) -> Vec<String> {
    let mut go = Go9::new();
    let mut moves = start.to_vec();
    for mv in start {
        go.play(go.parse_move(mv).expect("a move")).expect("legal");
    }
    while !go.is_over() && moves.len() < max {
        let Some(mv) = go.playout_move(rng) else {
            break;
        };
        go.play(mv).expect("legal");
        moves.push(mv.to_string());
    }
    moves
}

/// Positions of seeded uniform random games (which fill eyes and capture a lot) where a
/// placement is forbidden by superko although it does not retake a ko at once: the board
/// it repeats is older than the one before the last move, so simple ko allows it. Returns
/// the moves up to that position and the point.
pub(super) fn long_cycle_superko(count: usize) -> Vec<(Vec<String>, String)> {
    let mut found = Vec::new();
    let mut seed = 0u64;
    while found.len() < count && seed < 20_000 {
        let mut rng = GameRng::seed_from(0x60_9600 + seed);
        seed += 1;
        let mut go = Go9::new();
        let mut moves: Vec<String> = Vec::new();
        'game: while !go.is_over() {
            for i in 0..81 {
                let mv = go9::Move::Place(board_point(i));
                if let Err(go9::PlayError::Superko { earlier_move, .. }) = go.check_move(mv)
                    && earlier_move + 1 < moves.len()
                {
                    found.push((moves.clone(), brute::name(i)));
                    break 'game;
                }
            }
            let mut legal = Vec::new();
            go.legal_moves(&mut legal);
            let stones: Vec<go9::Move> = legal
                .iter()
                .copied()
                .filter(|m| *m != go9::Move::Pass)
                .collect();
            let mv = if stones.is_empty() {
                go9::Move::Pass
            } else {
                stones[rng.below(stones.len())]
            };
            go.play(mv).expect("legal");
            moves.push(mv.to_string());
        }
    }
    found
}
