//! Steps a batch of games with random legal actions and prints env-steps per second:
//! `cargo run --release -p game-catalog --example batch_steps -- go9 256 2000 [THREADS]`
//! (spec, games, steps, and the batch's threads, 1 by default). The actions are drawn on the
//! calling thread, outside the batch, as a trainer's would be. It prints the median step
//! too, which a shared host's interruptions (a step here and there) do not move. For
//! instruction counts, run it under callgrind.

use std::time::Instant;

use game_catalog::{Batch, GameSpec};
use game_core::GameRng;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let spec: GameSpec = args.first().map_or("go9", String::as_str).parse()?;
    let lanes: usize = args.get(1).map_or(Ok(256), |a| a.parse())?;
    let steps: usize = args.get(2).map_or(Ok(2_000), |a| a.parse())?;
    let threads: usize = args.get(3).map_or(Ok(1), |a| a.parse())?;
    let threads = std::num::NonZeroUsize::new(threads).ok_or("threads must be at least 1")?;
    let mut batch = Batch::new(&spec, lanes, Some(400)).with_threads(threads);
    let mut buffers = batch.buffers();
    batch.write_masks(&mut buffers.masks)?;
    let actions = batch.num_actions();
    let mut rng = GameRng::seed_from(1);
    let mut chosen = vec![0; lanes];
    let mut legal = Vec::with_capacity(actions);
    let (mut games, started) = (0_u64, Instant::now());
    let mut stepping = std::time::Duration::ZERO;
    let mut step_times = Vec::with_capacity(steps);
    for _ in 0..steps {
        for (slot, mask) in chosen.iter_mut().zip(buffers.masks.chunks_exact(actions)) {
            legal.clear();
            legal.extend((0..actions).filter(|&a| mask[a]));
            *slot = *rng.choose(&legal).ok_or("a game without a legal action")?;
        }
        let step_started = Instant::now();
        batch.step(&chosen, buffers.outputs())?;
        let step_time = step_started.elapsed();
        stepping += step_time;
        step_times.push(step_time);
        games += buffers.terminated.iter().filter(|&&t| t).count() as u64;
    }
    let seconds = started.elapsed().as_secs_f64();
    let env_steps = (lanes * steps) as f64;
    step_times.sort_unstable();
    let median = step_times.get(steps / 2).copied().unwrap_or_default();
    println!(
        "{spec}: {lanes} games x {steps} steps on {threads} thread(s) in {seconds:.2} s: \
         {:.0} env-steps/s ({:.0} counting the steps alone, without the draw; median step \
         {:.2} µs), {games} games ended",
        env_steps / seconds,
        env_steps / stepping.as_secs_f64(),
        median.as_secs_f64() * 1e6
    );
    Ok(())
}
