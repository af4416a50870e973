//! Plays computer players against each other on Bind, colours alternating, for tuning the
//! levels before `rulebook match` existed (and for trying settings it does not offer).
//!
//! `cargo run --release -p bind --example bind_match -- VARIANT GAMES SEED A B [THREADS]`
//!
//! A player is `easy`, `normal`, `hard`, `random`, `mcts:N` (plain UCT, uniform playouts,
//! N playouts a move: the old `mcts_move`) or `cfg:N:C:K:W` (our hooks with prior weight W,
//! N playouts, exploration C, RAVE k K). Game `i` gives A Black when `i` is even. Prints one
//! line per game, then A's score with the 95 % Wilson interval and the time per move.

use std::time::{Duration, Instant};

use bind::{Bind, BindHooks, Game, GameRng, Player, Variant};
use game_core::search::{Budget, DefaultHooks, Level, Opponent, SearchConfig, Searcher};

enum Engine {
    Ours(Box<Searcher<Bind, BindHooks>>),
    Plain(Box<Searcher<Bind, DefaultHooks>>),
    Random(GameRng),
}

impl Engine {
    fn new(spec: &str, seed: u64) -> Engine {
        let parts: Vec<&str> = spec.split(':').collect();
        match parts.as_slice() {
            ["random"] => Engine::Random(GameRng::seed_from(seed)),
            ["mcts", n] => Engine::Plain(Box::new(Searcher::new(
                SearchConfig::default()
                    .with_budget(Budget::playouts(n.parse().expect("playouts")))
                    .with_seed(seed),
                DefaultHooks,
            ))),
            ["cfg", n, c, k, w] => Engine::Ours(Box::new(Searcher::new(
                SearchConfig::default()
                    .with_budget(Budget::playouts(n.parse().expect("playouts")))
                    .with_exploration(c.parse().expect("exploration"))
                    .with_rave_equivalence(k.parse().expect("rave k"))
                    .with_seed(seed),
                BindHooks::new(w.parse().expect("prior weight")),
            ))),
            [level] => {
                let level: Level = level.parse().expect("a level");
                let mut s = Bind::opponent(level);
                s.config_mut().seed = seed;
                Engine::Ours(Box::new(s))
            }
            _ => panic!("unknown player {spec}"),
        }
    }

    fn choose(&mut self, state: &Bind) -> bind::Move {
        match self {
            Engine::Ours(s) => s.search(state).best.expect("a move"),
            Engine::Plain(s) => s.search(state).best.expect("a move"),
            Engine::Random(rng) => state.random_move(rng, &mut Vec::new()).expect("a move"),
        }
    }

    fn advance(&mut self, mv: bind::Move) {
        match self {
            Engine::Ours(s) => {
                let _ = s.advance(mv);
            }
            Engine::Plain(s) => {
                let _ = s.advance(mv);
            }
            Engine::Random(_) => {}
        }
    }
}

/// Plays game `index`; returns A's score (1, ½, 0; a game stopped at 400 plies is a draw), A's and B's thinking time and moves.
fn play(
    variant: Variant,
    index: u64,
    seed: u64,
    a: &str,
    b: &str,
) -> (f64, [Duration; 2], [u32; 2]) {
    let game_seed = seed.wrapping_mul(1_000_003).wrapping_add(index);
    let mut engines = [
        Engine::new(a, game_seed),
        Engine::new(b, game_seed ^ 0x5555),
    ];
    let a_first = index.is_multiple_of(2);
    let mut state = Bind::new(variant);
    let mut time = [Duration::ZERO; 2];
    let mut count = [0u32; 2];
    // The rules have no move limit (N-13): a game still going after 400 plies is scored
    // as a draw by this harness.
    while !state.is_over() && state.ply() < 400 {
        let who = usize::from((state.to_move() == Player::First) != a_first);
        let start = Instant::now();
        let mv = engines[who].choose(&state);
        time[who] += start.elapsed();
        count[who] += 1;
        state.play(mv).expect("the search plays legal moves");
        for e in &mut engines {
            e.advance(mv);
        }
    }
    let a_player = if a_first {
        Player::First
    } else {
        Player::Second
    };
    (state.outcome().score_for(a_player), time, count)
}

fn wilson(score: f64, n: f64) -> (f64, f64) {
    let z = 1.96f64;
    let p = score / n;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
    (centre - half, centre + half)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [size, games, seed, a, b, rest @ ..] = args.as_slice() else {
        eprintln!("usage: bind_match VARIANT GAMES SEED A B [THREADS]");
        std::process::exit(2);
    };
    let variant = Variant::named(size).expect("mini or full");
    let games: u64 = games.parse().expect("games");
    let seed: u64 = seed.parse().expect("seed");
    let threads: u64 = rest.first().map_or(1, |t| t.parse().expect("threads"));
    let results = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for t in 0..threads {
            let results = &results;
            scope.spawn(move || {
                let mut i = t;
                while i < games {
                    let r = play(variant, i, seed, a, b);
                    println!(
                        "game {i}: {a} as {} scored {}",
                        if i.is_multiple_of(2) {
                            "black"
                        } else {
                            "white"
                        },
                        r.0
                    );
                    results.lock().expect("lock").push(r);
                    i += threads;
                }
            });
        }
    });
    let results = results.into_inner().expect("lock");
    let n = results.len() as f64;
    let score: f64 = results.iter().map(|r| r.0).sum();
    let (lo, hi) = wilson(score, n);
    let per_move = |k: usize| {
        let t: Duration = results.iter().map(|r| r.1[k]).sum();
        let m: u32 = results.iter().map(|r| r.2[k]).sum();
        t.as_secs_f64() / f64::from(m.max(1))
    };
    println!(
        "summary: {a} scored {score} of {n} = {:.1}% (95% CI {:.0}-{:.0}%); s/move {a} {:.4}, {b} {:.4}",
        100.0 * score / n,
        100.0 * lo,
        100.0 * hi,
        per_move(0),
        per_move(1)
    );
}
