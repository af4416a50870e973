//! Bind: move generation on mini and full mid-game positions, and random plies per second
//! (goal: 2,000,000 random plies/s on mini on one core).

use bind::{Bind, Variant};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use game_core::{Game, GameRng, random_move, random_playout};
use std::hint::black_box;

/// Positions from the middle of seeded random games (plies 4 to 20), none finished.
fn mid_game_positions(variant: Variant) -> Vec<Bind> {
    let mut positions = Vec::new();
    let mut moves = Vec::new();
    for seed in 0..64 {
        let mut state = Bind::new(variant);
        let mut rng = GameRng::seed_from(seed);
        while let Some(mv) = random_move(&state, &mut rng, &mut moves) {
            state.play_unchecked(mv);
            if (4..=20).contains(&state.ply()) && !state.is_over() {
                positions.push(state.clone());
            }
        }
    }
    positions
}

fn move_generation(c: &mut Criterion) {
    let mut group = c.benchmark_group("bind/legal_moves");
    for (name, variant) in [("mini", Variant::MINI), ("full", Variant::FULL)] {
        let positions = mid_game_positions(variant);
        // Count once outside the loop; the measured loop asserts the same count.
        let mut moves = Vec::new();
        let expected: usize = positions
            .iter()
            .map(|p| {
                p.legal_moves(&mut moves);
                moves.len()
            })
            .sum();
        group.throughput(Throughput::Elements(positions.len() as u64));
        group.bench_function(
            format!("{name} mid-game ({} positions)", positions.len()),
            |b| {
                b.iter(|| {
                    let mut total = 0;
                    for p in &positions {
                        black_box(p).legal_moves(&mut moves);
                        total += moves.len();
                    }
                    assert_eq!(total, expected);
                    total
                });
            },
        );
    }
    group.finish();
}

fn random_plies(c: &mut Criterion) {
    let mut group = c.benchmark_group("bind/random_plies");
    for (name, variant) in [("mini", Variant::MINI), ("full", Variant::FULL)] {
        let start = Bind::new(variant);
        let mut moves = Vec::new();
        // 256 fixed games; their plies are the throughput unit.
        let plies: u64 = (0..256)
            .map(|seed| {
                let mut state = start.clone();
                random_playout(
                    &mut state,
                    &mut GameRng::seed_from(seed),
                    1_000_000,
                    &mut moves,
                )
                .1 as u64
            })
            .sum();
        group.throughput(Throughput::Elements(plies));
        group.bench_function(format!("{name} 256 games ({plies} plies)"), |b| {
            b.iter(|| {
                let mut total = 0u64;
                for seed in 0..256 {
                    let mut state = start.clone();
                    let mut rng = GameRng::seed_from(seed);
                    total += random_playout(&mut state, &mut rng, 1_000_000, &mut moves).1 as u64;
                }
                assert_eq!(total, plies);
                total
            });
        });
    }
    group.finish();
}

criterion_group!(benches, move_generation, random_plies);
criterion_main!(benches);
