//! Time per move of a computer player on one thread, in CPU seconds of this process (which
//! the machine's other load distorts little) and in wall-clock seconds: the player plays
//! GAMES games against itself from the start, keeping its tree between moves as `rulebook`
//! does for a level (`mcts:N` starts afresh each move, as `rulebook`'s does).
//!
//! `cargo run --release -p bao-nyakua --example bao_move_time -- PLAYER [GAMES] [seed|reference]`
//! with PLAYER `easy`, `normal`, `hard` or `mcts:N`.

use std::time::Instant;

use bao_nyakua::game_core::search::{
    Budget, DefaultHooks, Level, Opponent, SearchConfig, SearchHooks, Searcher,
};
use bao_nyakua::{Game, Position, Ruleset};

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

/// Plays `games` self-play games; returns moves, CPU and wall seconds, the slowest move's
/// wall seconds and the playouts.
fn run<H: SearchHooks<Position>>(
    mut searcher: Searcher<Position, H>,
    fresh: bool,
    games: u64,
    ruleset: Ruleset,
) -> (u64, f64, f64, f64, u64) {
    let (mut moves, mut slowest, mut playouts) = (0u64, 0f64, 0u64);
    let (cpu0, wall0) = (cpu_seconds(), Instant::now());
    for game in 0..games {
        searcher.config_mut().seed = game;
        let mut position = Position::start(ruleset);
        while !position.is_over() {
            if fresh {
                searcher.clear();
            }
            let t = Instant::now();
            let info = searcher.search(&position);
            slowest = slowest.max(t.elapsed().as_secs_f64());
            playouts += info.playouts;
            let mv = info.best.expect("a move");
            position.play(mv).expect("legal");
            if !fresh {
                searcher.advance(mv).expect("legal");
            }
            moves += 1;
        }
    }
    (
        moves,
        cpu_seconds() - cpu0,
        wall0.elapsed().as_secs_f64(),
        slowest,
        playouts,
    )
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let player = args.first().map_or("hard", String::as_str);
    let games: u64 = args.get(1).map_or(5, |g| g.parse().expect("GAMES"));
    let ruleset = match args.get(2).map(String::as_str) {
        Some("reference") => Ruleset::Reference,
        _ => Ruleset::Seed,
    };
    let (moves, cpu, wall, slowest, playouts) = if let Some(n) = player.strip_prefix("mcts:") {
        let config = SearchConfig::default()
            .with_budget(Budget::playouts(n.parse().expect("mcts:N")))
            .with_rave_equivalence(0.0);
        run(Searcher::new(config, DefaultHooks), true, games, ruleset)
    } else {
        let level: Level = player.parse().expect("a level or mcts:N");
        run(Position::opponent(level), false, games, ruleset)
    };
    println!(
        "{player} ({ruleset:?}): {moves} moves in {games} games, {:.4} s CPU/move, {:.4} s wall/move, slowest {:.3} s, {:.0} playouts/s CPU",
        cpu / moves as f64,
        wall / moves as f64,
        slowest,
        playouts as f64 / cpu
    );
}
