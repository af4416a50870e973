//! A small match harness for tuning the computer opponent (the workspace's evidence comes
//! from `rulebook match`): plays `GAMES` games of `A` against `B` from the start, colours
//! alternating, on up to two threads, and prints A's score with its 95 % Wilson interval
//! and each side's mean time per move.
//!
//! `cargo run --release -p bao-nyakua --example bao_ladder -- A B GAMES [SEED] [seed|reference] [THREADS]`
//!
//! A player is `easy`, `normal`, `hard`, `random`, `mcts:N` (plain UCT, uniform playouts,
//! N playouts per move, the generic settings) or `bao:N` with optional tuning knobs of
//! [`BaoHooks`] and [`SearchConfig`] after commas: `bao:3000,pw=10,ps=6,dw=1000,rs=8,c=1,cap=2000`.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use bao_nyakua::game_core::search::{
    Budget, DefaultHooks, Level, Opponent, SearchConfig, SearchHooks, Searcher,
};
use bao_nyakua::{BaoHooks, Game, GameRng, Move, Player, Position, Ruleset};

#[derive(Clone, Debug)]
enum Spec {
    Random,
    Mcts(u64),
    Bao(SearchConfig, BaoHooks),
}

fn parse(text: &str) -> Spec {
    if let Ok(level) = text.parse::<Level>() {
        return Spec::Bao(Position::search_config(level), Position::hooks(level));
    }
    if text == "random" {
        return Spec::Random;
    }
    if let Some(n) = text.strip_prefix("mcts:") {
        return Spec::Mcts(n.parse().expect("mcts:N"));
    }
    let body = text.strip_prefix("bao:").expect("a player spec");
    let mut parts = body.split(',');
    let n: u64 = parts.next().unwrap().parse().expect("bao:N");
    let mut config = Position::search_config(Level::Hard).with_budget(Budget::playouts(n));
    let mut hooks = BaoHooks::default();
    for part in parts {
        let (key, value) = part.split_once('=').expect("key=value");
        match key {
            "pw" => hooks.prior_weight = value.parse().unwrap(),
            "ps" => hooks.prior_scale = value.parse().unwrap(),
            "dw" => hooks.decisive_weight = value.parse().unwrap(),
            "rs" => hooks.reward_scale = value.parse().unwrap(),
            "c" => config.exploration = value.parse().unwrap(),
            "cap" => config.max_playout_plies = value.parse().unwrap(),
            "ev" => config.expand_visits = value.parse().unwrap(),
            _ => panic!("unknown knob {key}"),
        }
    }
    Spec::Bao(config, hooks)
}

/// One side of a game: a searcher kept for the whole game (tree reuse) or random moves.
enum Side {
    Random(GameRng),
    Plain(Searcher<Position, DefaultHooks>),
    Bao(Searcher<Position, BaoHooks>),
}

impl Side {
    fn new(spec: &Spec, seed: u64, start: Position) -> Side {
        match spec {
            Spec::Random => Side::Random(GameRng::seed_from(seed)),
            Spec::Mcts(n) => {
                let config = SearchConfig::default()
                    .with_budget(Budget::playouts(*n))
                    .with_seed(seed);
                let mut s = Searcher::new(config, DefaultHooks);
                s.reset(start);
                Side::Plain(s)
            }
            Spec::Bao(config, hooks) => {
                let mut s = Searcher::new(config.with_seed(seed), *hooks);
                s.reset(start);
                Side::Bao(s)
            }
        }
    }

    fn choose(&mut self, position: &Position) -> Move {
        fn best<H: SearchHooks<Position>>(s: &mut Searcher<Position, H>) -> Move {
            s.search_current().best.expect("a move")
        }
        match self {
            Side::Random(rng) => position.random_move(rng, &mut Vec::new()).expect("a move"),
            Side::Plain(s) => best(s),
            Side::Bao(s) => best(s),
        }
    }

    fn advance(&mut self, mv: Move) {
        match self {
            Side::Random(_) => {}
            Side::Plain(s) => s.advance(mv).expect("legal"),
            Side::Bao(s) => s.advance(mv).expect("legal"),
        }
    }
}

/// Plays game `index`; returns A's score (1, ½, 0), plies, and A's and B's time and moves.
fn play(
    a: &Spec,
    b: &Spec,
    index: u64,
    seed: u64,
    ruleset: Ruleset,
) -> (f64, usize, [Duration; 2], [u32; 2]) {
    let start = Position::start(ruleset);
    let game_seed = seed.wrapping_add(index.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    // A is south (first) in even games.
    let a_player = if index.is_multiple_of(2) {
        Player::First
    } else {
        Player::Second
    };
    let mut sides = [
        Side::new(a, game_seed, start),
        Side::new(b, game_seed ^ 0x5555, start),
    ];
    let mut time = [Duration::ZERO; 2];
    let mut count = [0u32; 2];
    let mut position = start;
    let mut plies = 0;
    while !position.is_over() {
        let who = usize::from(position.to_move() != a_player);
        let t = Instant::now();
        let mv = sides[who].choose(&position);
        time[who] += t.elapsed();
        count[who] += 1;
        position.play(mv).expect("the players play legal moves");
        for side in &mut sides {
            side.advance(mv);
        }
        plies += 1;
    }
    let score = match position.outcome().winner() {
        Some(w) if w == a_player => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    };
    (score, plies, time, count)
}

fn wilson(score: f64, n: f64) -> (f64, f64) {
    let z = 1.959_964f64;
    let p = score / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
    (centre - half, centre + half)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let a = parse(&args[0]);
    let b = parse(&args[1]);
    let games: u64 = args.get(2).map_or(100, |g| g.parse().unwrap());
    let seed: u64 = args.get(3).map_or(1, |s| s.parse().unwrap());
    let ruleset = match args.get(4).map(String::as_str) {
        Some("reference") => Ruleset::Reference,
        _ => Ruleset::Seed,
    };
    let threads: usize = args.get(5).map_or(1, |t| t.parse().unwrap());
    let next = AtomicU64::new(0);
    let results = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..threads.clamp(1, 2) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= games {
                        break;
                    }
                    let r = play(&a, &b, i, seed, ruleset);
                    println!(
                        "game {i}: A {} plies {} A {:.3} s/move B {:.3} s/move",
                        r.0,
                        r.1,
                        r.2[0].as_secs_f64() / f64::from(r.3[0].max(1)),
                        r.2[1].as_secs_f64() / f64::from(r.3[1].max(1))
                    );
                    results.lock().unwrap().push(r);
                }
            });
        }
    });
    let results = results.into_inner().unwrap();
    let n = results.len() as f64;
    let score: f64 = results.iter().map(|r| r.0).sum();
    let plies: usize = results.iter().map(|r| r.1).sum();
    let per_move = |side: usize| {
        let t: f64 = results.iter().map(|r| r.2[side].as_secs_f64()).sum();
        let m: u32 = results.iter().map(|r| r.3[side]).sum();
        t / f64::from(m.max(1))
    };
    let (lo, hi) = wilson(score, n);
    println!(
        "summary: {} vs {} ({ruleset:?}, seed {seed}): A scored {:.1}/{n} = {:.1}% (95% CI {:.1}-{:.1}%), {:.1} plies/game, A {:.4} s/move, B {:.4} s/move",
        args[0],
        args[1],
        score,
        100.0 * score / n,
        100.0 * lo,
        100.0 * hi,
        plies as f64 / n,
        per_move(0),
        per_move(1)
    );
}
