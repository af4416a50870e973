//! `game_catalog::Batch`: env-steps per second of 256 games stepped together, with every
//! lane's observation and legal-action mask written after each step (what a training loop
//! reads). The actions are random legal ones, drawn from the masks by a seeded generator
//! before each step; the draw is inside the timing, as a policy's choice would be.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use game_catalog::{Batch, GameSpec};
use game_core::GameRng;

const LANES: usize = 256;
/// Steps per iteration.
const STEPS: usize = 64;

/// A random legal action for every lane, from the masks.
fn draw(masks: &[bool], actions: usize, rng: &mut GameRng, out: &mut [usize]) {
    for (slot, mask) in out.iter_mut().zip(masks.chunks_exact(actions)) {
        let legal = mask.iter().filter(|&&m| m).count();
        let mut pick = rng.below(legal);
        *slot = mask
            .iter()
            .position(|&m| {
                if m {
                    if pick == 0 {
                        return true;
                    }
                    pick -= 1;
                }
                false
            })
            .expect("a legal action");
    }
}

fn bench_spec(c: &mut Criterion, text: &str) {
    let spec: GameSpec = text.parse().expect("a spec");
    let mut group = c.benchmark_group(format!("batch/{text}"));
    group.sample_size(10);
    group.throughput(Throughput::Elements((LANES * STEPS) as u64));
    let mut batch = Batch::new(&spec, LANES, Some(400));
    let mut buffers = batch.buffers();
    batch.write_masks(&mut buffers.masks).expect("sized");
    let actions = batch.num_actions();
    let mut chosen = vec![0; LANES];
    let mut rng = GameRng::seed_from(1);
    group.bench_function(format!("{LANES} games, {STEPS} steps"), |b| {
        b.iter(|| {
            for _ in 0..STEPS {
                draw(&buffers.masks, actions, &mut rng, &mut chosen);
                batch
                    .step(&chosen, buffers.outputs())
                    .expect("legal actions");
            }
            black_box(buffers.rewards[0])
        });
    });
    group.finish();
}

fn batches(c: &mut Criterion) {
    for spec in ["go9", "kazura:size=9", "bao", "bind"] {
        bench_spec(c, spec);
    }
}

criterion_group!(benches, batches);
criterion_main!(benches);
