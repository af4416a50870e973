//! The issue-10 ladder for go9 until `rulebook match` lands: two computer players, colours
//! alternating, scored by our rules.
//!
//! ```text
//! cargo run --release -p go9 --example ladder -- SPEC_A SPEC_B GAMES [THREADS] [SEED]
//! ```
//!
//! SPEC is `easy`, `normal`, `hard`, `mcts:PLAYOUTS` (plain UCT, uniform playouts: the
//! old `mcts_move`) or `mcts-ms:MILLISECONDS` (plain UCT for that long per move). The last
//! line: `summary: A a_wins, B b_wins, draws D, of N games; A scored P% (95% CI L-H%)`.

use std::time::Duration;

use go9::game_core::search::{Budget, DefaultHooks, Opponent, SearchConfig, Searcher};
use go9::{Game, Go9, Level, Move, Player};

enum Engine {
    Ours(Box<Searcher<Go9, go9::Go9Hooks>>),
    Plain(Box<Searcher<Go9, DefaultHooks>>),
}

impl Engine {
    fn new(spec: &str, threads: usize, seed: u64) -> Engine {
        if let Ok(level) = spec.parse::<Level>() {
            let mut s = Go9::opponent(level);
            s.config_mut().threads = threads;
            s.config_mut().seed = seed;
            return Engine::Ours(Box::new(s));
        }
        let budget = if let Some(n) = spec.strip_prefix("mcts:") {
            Budget::playouts(n.parse().expect("mcts:PLAYOUTS"))
        } else if let Some(ms) = spec.strip_prefix("mcts-ms:") {
            Budget::time(Duration::from_millis(ms.parse().expect("mcts-ms:MS")))
        } else {
            panic!("unknown spec {spec}")
        };
        let config = SearchConfig::default()
            .with_budget(budget)
            .with_threads(threads)
            .with_seed(seed);
        Engine::Plain(Box::new(Searcher::new(config, DefaultHooks)))
    }

    fn choose(&mut self, state: &Go9) -> Move {
        match self {
            Engine::Ours(s) => s.search(state).best,
            Engine::Plain(s) => s.search(state).best,
        }
        .unwrap_or(Move::Pass)
    }
}

fn wilson(wins: f64, n: f64) -> (f64, f64) {
    let z = 1.96;
    let p = wins / n;
    let d = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / d;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / d;
    (centre - half, centre + half)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let a = args[0].clone();
    let b = args[1].clone();
    let games: u64 = args[2].parse().unwrap();
    let threads: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(1);
    let seed: u64 = args.get(4).and_then(|s| s.parse().ok()).unwrap_or(1);
    let (mut a_wins, mut b_wins, mut draws) = (0u64, 0u64, 0u64);
    for g in 0..games {
        let a_black = g % 2 == 0;
        let mut players = [
            Engine::new(&a, threads, seed + 2 * g),
            Engine::new(&b, threads, seed + 2 * g + 1),
        ];
        let mut state = Go9::new();
        while !state.is_over() {
            let a_moves = (state.to_move() == Player::First) == a_black;
            let mv = players[usize::from(!a_moves)].choose(&state);
            state.play(mv).expect("the search plays legal moves");
        }
        let winner = state.outcome().winner();
        let a_colour = if a_black {
            Player::First
        } else {
            Player::Second
        };
        let text = match winner {
            Some(w) if w == a_colour => {
                a_wins += 1;
                a.as_str()
            }
            Some(_) => {
                b_wins += 1;
                b.as_str()
            }
            None => {
                draws += 1;
                "draw"
            }
        };
        println!(
            "game {}: {} black, {} plies, {} ({text})",
            g + 1,
            if a_black { &a } else { &b },
            state.ply(),
            state.result().unwrap_or_default()
        );
    }
    let score = a_wins as f64 + 0.5 * draws as f64;
    let (lo, hi) = wilson(score, games as f64);
    println!(
        "summary: {a} {a_wins}, {b} {b_wins}, draws {draws}, of {games} games; {a} scored {:.0}% (95% CI {:.0}-{:.0}%)",
        100.0 * score / games as f64,
        100.0 * lo,
        100.0 * hi
    );
}
