//! Bao NYAKUA trial A: legal move generation, complete random games, perft.
//!
//! Goal (issue 5): at least 50,000 complete random games per second on one core
//! (`bao/random game from the start`: the time of one game, so 20 µs or less).

use bao_nyakua::{Position, Ruleset};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use game_core::{Game, GameRng, PlayoutEnd, perft, random_playout};
use std::hint::black_box;

/// Positions from a few random games, for the move-generation bench.
fn positions() -> Vec<Position> {
    let mut out = Vec::new();
    let mut moves = Vec::new();
    for seed in 0..64 {
        let mut rng = GameRng::seed_from(seed);
        let mut state = Position::start(Ruleset::Seed);
        while !state.is_over() {
            out.push(state);
            state.legal_moves(&mut moves);
            let mv = moves[rng.below(moves.len())];
            state.play_unchecked(mv);
        }
    }
    out
}

fn legal_moves(c: &mut Criterion) {
    let positions = positions();
    let mut group = c.benchmark_group("bao");
    group.throughput(Throughput::Elements(positions.len() as u64));
    let mut moves = Vec::new();
    group.bench_function("legal moves of random-game positions", |b| {
        b.iter(|| {
            let mut listed = 0;
            for p in &positions {
                black_box(p).legal_moves(&mut moves);
                listed += moves.len();
            }
            // Every position in play has a move.
            assert!(listed >= positions.len());
            listed
        })
    });
    group.finish();
}

fn random_games(c: &mut Criterion) {
    let mut group = c.benchmark_group("bao");
    group.throughput(Throughput::Elements(1));
    for ruleset in [Ruleset::Seed, Ruleset::Reference] {
        let start = Position::start(ruleset);
        let mut moves = Vec::new();
        let mut seed = 0u64;
        group.bench_function(format!("random game from the start ({ruleset:?})"), |b| {
            b.iter(|| {
                seed += 1;
                let mut state = start;
                let mut rng = GameRng::seed_from(seed);
                let (end, plies) = random_playout(&mut state, &mut rng, 100_000, &mut moves);
                assert_eq!(end, PlayoutEnd::Finished, "every game ends by the rules");
                plies
            })
        });
    }
    group.finish();
}

fn perft_start(c: &mut Criterion) {
    let start = Position::start(Ruleset::Seed);
    c.bench_function("bao/perft 8 from the start", |b| {
        // The count the tests check against the brute-force mover.
        b.iter(|| assert_eq!(perft(black_box(&start), 8), 23_561))
    });
}

criterion_group!(benches, legal_moves, random_games, perft_start);
criterion_main!(benches);
