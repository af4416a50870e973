//! `SearchConfig::variety`: early in a game a seed chooses among the root moves nearly as
//! good as the most visited one, the same seed replays the same move, and no choice falls
//! outside the margin.

mod common;

use std::collections::{BTreeSet, HashMap};

use common::config;
use common::connect_four::ConnectFour;
use common::solve::{best_moves, value};
use common::tic_tac_toe::{TicTacToe, all_positions, position};
use game_core::Game;
use game_core::search::{DefaultHooks, SearchConfig, SearchHooks, SearchInfo, Searcher, Variety};

fn search<G: Game + Send + PartialEq>(config: SearchConfig, state: &G) -> SearchInfo<G::Move> {
    Searcher::new(config, DefaultHooks).search(state)
}

/// Tic-tac-toe's first move (every one draws with best play) over `seeds`.
fn first_moves(variety: Option<Variety>, seeds: std::ops::Range<u64>) -> BTreeSet<String> {
    seeds
        .map(|seed| {
            let mut config = config(2_000, seed);
            config.variety = variety;
            let info = search(config, &TicTacToe::default());
            info.best.expect("a move").to_string()
        })
        .collect()
}

#[test]
fn seeds_vary_the_opening_and_a_seed_replays_it() {
    let variety = Variety::new(2, 0.05, 0.1);
    // Without variety the most visited move is nearly always the same; with it, the seeds
    // spread over several of the nearly equal first moves.
    let without = first_moves(None, 0..16);
    let with = first_moves(Some(variety), 0..16);
    assert!(with.len() >= 3, "{with:?}");
    assert!(with.len() > without.len(), "{with:?} against {without:?}");
    // One seed, the same move every time, with the same statistics.
    let run = || {
        search(
            config(2_000, 7).with_variety(variety),
            &TicTacToe::default(),
        )
    };
    let first = run();
    for _ in 0..3 {
        let again = run();
        assert_eq!(again.best, first.best);
        assert_eq!(again.moves, first.moves);
        assert_eq!(
            (again.pv, again.win_rate),
            (first.pv.clone(), first.win_rate)
        );
    }
    // The playouts are those of the search without variety: only the move may differ.
    let plain = search(config(2_000, 7), &TicTacToe::default());
    assert_eq!(plain.moves, first.moves);
    assert_eq!(plain.playouts, first.playouts);
    // A search grown in steps of the same playouts draws the same move.
    let mut steps = Searcher::new(config(500, 7).with_variety(variety), DefaultHooks);
    let start = TicTacToe::default();
    let last = (0..4)
        .map(|_| steps.search(&start))
        .last()
        .expect("four steps");
    assert_eq!((last.best, last.moves), (first.best, first.moves.clone()));
    // And two threads replay too.
    let two = || {
        search(
            config(2_000, 7).with_threads(2).with_variety(variety),
            &TicTacToe::default(),
        )
        .best
    };
    assert_eq!(two(), two());
}

/// Hooks whose every playout scores ½: the statistics are the same whatever the seed, so
/// only the variety's draw can tell two seeds apart.
struct Even;

impl SearchHooks<TicTacToe> for Even {
    fn reward(&self, _state: &TicTacToe) -> f64 {
        0.5
    }
}

#[test]
fn the_draw_follows_the_seed() {
    let variety = Variety::new(9, 0.05, 0.1);
    let searches: Vec<SearchInfo<_>> = (0..16)
        .map(|seed| {
            let config = config(900, seed).with_variety(variety);
            Searcher::new(config, Even).search(&TicTacToe::default())
        })
        .collect();
    // Every seed has the same statistics and all nine moves as candidates…
    for info in &searches {
        assert_eq!(info.moves, searches[0].moves);
        assert_eq!(variety.candidates(&info.moves).len(), 9);
    }
    // …and the seeds draw different moves among them.
    let drawn: BTreeSet<String> = searches
        .iter()
        .map(|info| info.best.expect("a move").to_string())
        .collect();
    assert!(drawn.len() >= 4, "{drawn:?}");
}

/// Checks one search of `state` with `variety` against its own report: the move played is
/// among the candidates (within the margin, with the visits), and so are its win rate and
/// line; past the variety's plies it is the most visited move.
fn check_choice<G: Game + Send + PartialEq>(state: &G, variety: Variety, seed: u64) -> bool {
    let info = search(config(600, seed).with_variety(variety), state);
    let Some(best) = info.best else {
        return false;
    };
    let top = info.moves[0];
    let chosen = info
        .moves
        .iter()
        .position(|m| m.mv == best)
        .expect("the move played is a root move");
    if !variety.applies_at(state.ply()) {
        assert_eq!(
            chosen, 0,
            "past the opening the most visited move is played"
        );
        return false;
    }
    let m = info.moves[chosen];
    assert!(
        m.win_rate >= top.win_rate - variety.margin,
        "{} at {} against {} at {}",
        m.visits,
        m.win_rate,
        top.visits,
        top.win_rate
    );
    assert!(m.visits as f64 >= variety.min_visit_share * top.visits as f64);
    assert!(variety.candidates(&info.moves).contains(&chosen));
    assert_eq!(info.win_rate, m.win_rate);
    assert_eq!(info.pv.first(), Some(&best));
    chosen != 0
}

#[test]
fn the_choice_never_leaves_the_margin() {
    let variety = Variety::new(6, 0.04, 0.25);
    let mut varied = 0;
    // Connect Four openings, the first six plies varied and the later ones not.
    for (line, seeds) in [
        ("", 0..30),
        ("dd", 0..30),
        ("dcdc", 0..30),
        ("dcdcee", 0..10),
    ] {
        let state = ConnectFour::after(line);
        for seed in seeds {
            varied += usize::from(check_choice(&state, variety, seed));
        }
    }
    // Tic-tac-toe positions, among them some with one clearly best move.
    for line in ["", "b2", "a1 b2", "a1 a3 b1 b3", "a1 b2 b1"] {
        for seed in 0..20 {
            varied += usize::from(check_choice(&position(line), variety, seed));
        }
    }
    assert!(varied > 20, "only {varied} searches played another move");
}

#[test]
fn variety_keeps_tic_tac_toe_perfect() {
    // With variety at every ply, in every position not yet over with a choice to make,
    // the move played still keeps the exhaustive solver's value: a win stays won, a draw
    // drawn. A margin of 5 points leaves room for many draws and no blunder.
    let variety = Variety::new(9, 0.05, 0.1);
    let key = |s: &TicTacToe| s.cells;
    let mut memo = HashMap::new();
    let (mut checked, mut varied) = (0, 0);
    let mut moves = Vec::new();
    for s in all_positions() {
        s.legal_moves(&mut moves);
        if moves.len() < 2 || value(&s, &key, &mut memo) == -1 {
            continue;
        }
        checked += 1;
        let info = search(config(5_000, checked).with_variety(variety), &s);
        let best = info.best.expect("a move");
        varied += usize::from(Some(best) != info.moves.first().map(|m| m.mv));
        let optimal = best_moves(&s, &key);
        assert!(
            optimal.contains(&best),
            "{s:?}: chose {best}, optimal {optimal:?}"
        );
    }
    assert!(checked > 1_000 && varied > 100, "{checked} {varied}");
}
