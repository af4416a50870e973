//! Playouts per second of the search on the test games, on 1 and 2 threads:
//! `cargo run --release -p game-core --example search_speed [SECONDS [ROUNDS]]`.

#[path = "../tests/common/mod.rs"]
mod common;

use std::time::Duration;

use common::connect_four::ConnectFour;
use common::hex::{Hex, HexHooks};
use common::tic_tac_toe::TicTacToe;
use game_core::Game;
use game_core::search::{Budget, DefaultHooks, SearchConfig, SearchHooks, Searcher};

/// This process's CPU time so far (user + system, all threads), in seconds, from
/// `/proc/self/stat` (clock ticks of 1/100 s).
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let after_name = stat.rsplit(')').next().unwrap_or("");
    let fields: Vec<&str> = after_name.split_whitespace().collect();
    // Fields 14 and 15 of the line (utime, stime) are 12 and 13 after the name.
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    (ticks(11) + ticks(12)) / 100.0
}

fn measure<G: Game + PartialEq + Send, H: SearchHooks<G> + Clone>(
    name: &str,
    start: &G,
    hooks: &H,
    seconds: f64,
    rounds: usize,
) {
    // Rounds alternate one and two threads, so that a change in the machine's load hits both.
    // Besides playouts per wall-clock second, playouts per CPU second show how well the
    // threads would scale on free cores (other processes take wall-clock time, not ours).
    let mut rates = [Vec::new(), Vec::new()];
    let mut per_cpu = [Vec::new(), Vec::new()];
    for _ in 0..rounds {
        for threads in [1, 2] {
            let mut config = SearchConfig::default()
                .with_budget(Budget::time(Duration::from_secs_f64(seconds)))
                .with_threads(threads);
            if let Some(nodes) = std::env::var("MAX_NODES").ok().and_then(|n| n.parse().ok()) {
                config.max_nodes = nodes;
            }
            let mut searcher = Searcher::new(config, hooks.clone());
            // A first search grows the trees' memory, as the first moves of a game do; the
            // measured one runs afresh (`reset`) in that memory, as later moves do.
            searcher.search(start);
            searcher.reset(start.clone());
            let cpu = cpu_seconds();
            let info = searcher.search(start);
            let cpu = cpu_seconds() - cpu;
            rates[threads - 1].push(info.playouts_per_second());
            per_cpu[threads - 1].push(info.playouts as f64 / cpu.max(0.01));
        }
    }
    let median = |v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    let (one, two) = (median(&mut rates[0]), median(&mut rates[1]));
    let (cpu_one, cpu_two) = (median(&mut per_cpu[0]), median(&mut per_cpu[1]));
    println!(
        "{name:<14} 1 thread {one:>9.0}/s   2 threads {two:>9.0}/s   speed-up {:.2}x   \
         per CPU second {cpu_one:>9.0} and {cpu_two:>9.0} (free-core speed-up {:.2}x)",
        two / one,
        2.0 * cpu_two / cpu_one
    );
}

fn load() -> String {
    std::fs::read_to_string("/proc/loadavg").unwrap_or_default()
}

fn main() {
    let mut args = std::env::args().skip(1);
    let seconds: f64 = args.next().map_or(1.0, |s| s.parse().expect("seconds"));
    let rounds: usize = args.next().map_or(3, |s| s.parse().expect("rounds"));
    println!("load average before: {}", load().trim());
    println!(
        "median of {rounds} searches of {seconds} s from the start position (after one to \
         grow the trees' memory):"
    );
    let ttt = TicTacToe::default();
    measure("tic-tac-toe", &ttt, &DefaultHooks, seconds, rounds);
    let c4 = ConnectFour::default();
    measure("connect-four", &c4, &DefaultHooks, seconds, rounds);
    measure(
        "hex 7x7 rave",
        &Hex::<7>::default(),
        &HexHooks,
        seconds,
        rounds,
    );
    measure(
        "hex 11x11 rave",
        &Hex::<11>::default(),
        &HexHooks,
        seconds,
        rounds,
    );
    println!("load average after: {}", load().trim());
}
