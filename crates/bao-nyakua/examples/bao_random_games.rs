//! Plays N complete random games from the start and prints games per second of CPU time
//! used by this process (so a busy machine does not distort the figure much):
//! `cargo run --release -p bao-nyakua --example bao_random_games -- 200000 seed`.

use bao_nyakua::game_core::{GameRng, PlayoutEnd, random_playout};
use bao_nyakua::{Position, Ruleset};

fn cpu_seconds() -> f64 {
    // /proc/self/stat fields 14 and 15: user and system time in clock ticks (100 Hz).
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let fields: Vec<&str> = stat
        .rsplit(')')
        .next()
        .unwrap_or("")
        .split_whitespace()
        .collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    (ticks(11) + ticks(12)) / 100.0
}

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(100_000);
    let ruleset = match args.next().as_deref() {
        Some("reference") => Ruleset::Reference,
        _ => Ruleset::Seed,
    };
    let start = Position::start(ruleset);
    let mut moves = Vec::new();
    let (mut plies, cpu0, wall) = (0usize, cpu_seconds(), std::time::Instant::now());
    for seed in 0..games {
        let mut state = start;
        let mut rng = GameRng::seed_from(seed);
        let (end, n) = random_playout(&mut state, &mut rng, 100_000, &mut moves);
        assert_eq!(end, PlayoutEnd::Finished);
        plies += n;
    }
    let cpu = cpu_seconds() - cpu0;
    println!(
        "{games} games ({ruleset:?}), {plies} plies: {:.0} games/s of CPU time ({cpu:.2} s), {:.0} games/s wall",
        games as f64 / cpu,
        games as f64 / wall.elapsed().as_secs_f64()
    );
}
