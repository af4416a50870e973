//! The search's documented settings and hook contract: each `with_` method sets its field
//! and only it, `Playout::is_recording` says whether RAVE is on, and RAVE needs both a key
//! space and keys (a hook set giving only one of them searches exactly as plain UCT).

mod common;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use common::hex::{Cell, Hex};
use game_core::Game;
use game_core::search::{Budget, DefaultHooks, Playout, SearchConfig, SearchHooks, Searcher};

#[test]
fn each_builder_sets_its_own_setting() {
    let base = SearchConfig::default();
    let budget = Budget::playouts_or_time(1_234, Duration::from_millis(56));
    let built = base
        .with_budget(budget)
        .with_threads(3)
        .with_seed(99)
        .with_exploration(0.75)
        .with_rave_equivalence(321.0)
        .with_expand_visits(4)
        .with_max_nodes(5_000);
    assert_eq!(built.budget, budget);
    assert_eq!(built.threads.get(), 3);
    assert_eq!(built.seed, 99);
    assert_eq!(built.exploration, 0.75);
    assert_eq!(built.rave_equivalence, 321.0);
    assert_eq!(built.expand_visits, 4);
    assert_eq!(built.max_nodes, 5_000);
    // What no builder touched keeps the default.
    assert_eq!(built.first_play_urgency, base.first_play_urgency);
    assert_eq!(built.max_playout_plies, base.max_playout_plies);
    // One builder alone changes one field.
    let only = base.with_exploration(base.exploration + 1.0);
    assert_eq!(only.exploration, base.exploration + 1.0);
    let mut back = only;
    back.exploration = base.exploration;
    assert_eq!(back, base);
    assert_eq!(base.with_threads(0).threads.get(), 1, "at least one thread");
}

/// Plain UCT on Hex that counts the playouts in which the search asked for the moves.
struct Counting {
    key_space: usize,
    keys: bool,
    recording: AtomicUsize,
    not_recording: AtomicUsize,
}

impl Counting {
    fn new(key_space: usize, keys: bool) -> Counting {
        Counting {
            key_space,
            keys,
            recording: AtomicUsize::new(0),
            not_recording: AtomicUsize::new(0),
        }
    }
}

impl SearchHooks<Hex<4>> for Counting {
    fn amaf_key_space(&self, _root: &Hex<4>) -> usize {
        self.key_space
    }
    fn amaf_key(&self, mv: Cell) -> Option<usize> {
        self.keys.then_some(usize::from(mv.0))
    }
    fn playout(&self, state: &mut Hex<4>, playout: &mut Playout<'_, Hex<4>>) {
        let counter = if playout.is_recording() {
            &self.recording
        } else {
            &self.not_recording
        };
        counter.fetch_add(1, Ordering::Relaxed);
        let (rng, moves) = playout.parts();
        let mut played = Vec::new();
        while let Some(mv) = state.random_move(rng, moves) {
            played.push((state.to_move(), mv));
            state.play_unchecked(mv);
        }
        for (mover, mv) in played {
            playout.record(mover, mv);
        }
    }
}

/// The root moves' visits, and the playouts that were recorded and not.
fn search_with(hooks: Counting) -> (Vec<(Cell, u64)>, usize, usize) {
    search_with_k(hooks, 500.0)
}

/// As [`search_with`], with RAVE equivalence `k`.
fn search_with_k(hooks: Counting, k: f64) -> (Vec<(Cell, u64)>, usize, usize) {
    let config = SearchConfig::default()
        .with_budget(Budget::playouts(400))
        .with_seed(5)
        .with_rave_equivalence(k);
    let mut searcher = Searcher::new(config, hooks);
    let info = searcher.search(&Hex::<4>::default());
    let visits = info.moves.iter().map(|m| (m.mv, m.visits)).collect();
    let hooks = searcher.hooks();
    (
        visits,
        hooks.recording.load(Ordering::Relaxed),
        hooks.not_recording.load(Ordering::Relaxed),
    )
}

#[test]
fn playouts_are_recorded_exactly_when_rave_is_on() {
    // RAVE is on with a key space and a non-zero equivalence: every playout is recorded.
    for keys in [true, false] {
        let (_, recorded, unrecorded) = search_with(Counting::new(16, keys));
        assert!(recorded > 0);
        assert_eq!(unrecorded, 0);
    }
    // Off without a key space, or with k = 0: none is.
    for (key_space, k) in [(0, 500.0), (16, 0.0)] {
        let (_, recorded, unrecorded) = search_with_k(Counting::new(key_space, true), k);
        assert_eq!(recorded, 0, "key space {key_space}, k {k}");
        assert!(unrecorded > 0);
    }
}

#[test]
fn rave_needs_a_key_space_and_keys_else_the_search_is_plain_uct() {
    let plain_config = SearchConfig::default()
        .with_budget(Budget::playouts(400))
        .with_seed(5)
        .with_rave_equivalence(500.0);
    let plain = Searcher::new(plain_config, DefaultHooks)
        .search(&Hex::<4>::default())
        .moves
        .iter()
        .map(|m| (m.mv, m.visits))
        .collect::<Vec<_>>();
    let (keys_only, ..) = search_with(Counting::new(0, true));
    let (space_only, ..) = search_with(Counting::new(16, false));
    let (both, ..) = search_with(Counting::new(16, true));
    assert_eq!(keys_only, plain);
    assert_eq!(space_only, plain);
    assert_ne!(
        both, plain,
        "with keys and a key space RAVE changes the search"
    );
}

/// Keys for every move, but the default key space (0): RAVE stays off.
struct KeysWithoutSpace {
    recorded: AtomicUsize,
}

impl SearchHooks<Hex<4>> for KeysWithoutSpace {
    fn amaf_key(&self, mv: Cell) -> Option<usize> {
        Some(usize::from(mv.0))
    }
    fn playout(&self, state: &mut Hex<4>, playout: &mut Playout<'_, Hex<4>>) {
        if playout.is_recording() {
            self.recorded.fetch_add(1, Ordering::Relaxed);
        }
        let (rng, moves) = playout.parts();
        while let Some(mv) = state.random_move(rng, moves) {
            state.play_unchecked(mv);
        }
    }
}

#[test]
fn the_default_key_space_keeps_rave_off() {
    let config = SearchConfig::default()
        .with_budget(Budget::playouts(200))
        .with_rave_equivalence(500.0);
    let mut searcher = Searcher::new(
        config,
        KeysWithoutSpace {
            recorded: AtomicUsize::new(0),
        },
    );
    let info = searcher.search(&Hex::<4>::default());
    assert_eq!(info.playouts, 200);
    assert_eq!(searcher.hooks().recorded.load(Ordering::Relaxed), 0);
}

/// A key space, but the default keys (none): RAVE has nothing to learn from.
struct SpaceWithoutKeys;

impl SearchHooks<Hex<4>> for SpaceWithoutKeys {
    fn amaf_key_space(&self, _root: &Hex<4>) -> usize {
        16
    }
}

#[test]
fn the_default_keys_leave_the_search_plain() {
    let config = SearchConfig::default()
        .with_budget(Budget::playouts(400))
        .with_seed(5)
        .with_rave_equivalence(500.0);
    let visits = |info: game_core::search::SearchInfo<Cell>| {
        info.moves
            .iter()
            .map(|m| (m.mv, m.visits))
            .collect::<Vec<_>>()
    };
    let plain = visits(Searcher::new(config, DefaultHooks).search(&Hex::<4>::default()));
    let spaced = visits(Searcher::new(config, SpaceWithoutKeys).search(&Hex::<4>::default()));
    assert_eq!(spaced, plain);
}

#[test]
fn the_debug_form_shows_the_settings_and_the_tree_sizes() {
    let config = SearchConfig::default()
        .with_budget(Budget::playouts(300))
        .with_seed(4_242);
    let mut searcher = Searcher::new(config, DefaultHooks);
    let info = searcher.search(&Hex::<4>::default());
    let debug = format!("{searcher:?}");
    assert!(debug.starts_with("Searcher"), "{debug}");
    assert!(debug.contains("4242"), "the seed: {debug}");
    assert!(
        debug.contains(&format!("tree_nodes: [{}]", info.nodes)),
        "the one thread's tree size: {debug}"
    );
}

#[test]
fn the_memory_bound_is_the_node_cap_times_a_node() {
    type HexSearcher = Searcher<Hex<4>, DefaultHooks>;
    // A node holds at least its move, its visit count and its wins.
    let node = HexSearcher::bytes_per_node();
    assert!(node >= std::mem::size_of::<Option<Cell>>() + 8, "{node}");
    let searcher = HexSearcher::new(SearchConfig::default().with_max_nodes(1_000), DefaultHooks);
    assert_eq!(searcher.max_tree_bytes(), 1_000 * node);
}

#[test]
fn the_searcher_reports_its_settings_and_current_position() {
    let config = SearchConfig::default()
        .with_budget(Budget::playouts(50))
        .with_seed(3)
        .with_exploration(0.9);
    let mut searcher = Searcher::new(config, DefaultHooks);
    assert_eq!(searcher.config(), &config);
    assert!(
        searcher.position().is_none(),
        "no position before the first search"
    );
    let mut state = Hex::<4>::default();
    state.play(Cell(5)).unwrap();
    let _ = searcher.search(&state);
    assert_eq!(searcher.position().map(Hex::to_move), Some(state.to_move()));
    assert_eq!(
        format!("{:?}", searcher.position()),
        format!("{:?}", Some(&state))
    );
}

#[test]
fn a_playout_budget_is_shared_exactly_among_the_threads() {
    for (threads, playouts) in [(2, 301), (3, 302), (3, 3), (4, 5)] {
        let config = SearchConfig::default()
            .with_budget(Budget::playouts(playouts))
            .with_threads(threads);
        let info = Searcher::new(config, DefaultHooks).search(&Hex::<4>::default());
        assert_eq!(info.playouts, playouts, "{threads} threads");
        assert_eq!(info.threads, threads);
    }
}

#[test]
fn a_time_budget_runs_on_the_clock_where_there_is_one() {
    // With a clock, a time-only budget is kept by the clock: a millisecond is far too short
    // for the fixed count a clockless target plays instead.
    let config = SearchConfig::default().with_budget(Budget::time(Duration::from_millis(1)));
    let info = Searcher::new(config, DefaultHooks).search(&Hex::<5>::default());
    assert!(info.playouts >= 1);
    assert!(
        info.playouts < game_core::search::NO_CLOCK_PLAYOUTS,
        "{} playouts in a millisecond",
        info.playouts
    );
    // And the search does go on until the time is up: 50 ms hold more than one playout
    // of a 4×4 Hex game per thread.
    let config = SearchConfig::default().with_budget(Budget::time(Duration::from_millis(50)));
    let info = Searcher::new(config, DefaultHooks).search(&Hex::<4>::default());
    assert!(info.playouts > 1, "{} playouts in 50 ms", info.playouts);
}

#[test]
fn clearing_forgets_the_position_and_the_trees() {
    let config = SearchConfig::default().with_budget(Budget::playouts(200));
    let mut searcher = Searcher::new(config, DefaultHooks);
    let _ = searcher.search(&Hex::<4>::default());
    assert!(searcher.nodes() > 1);
    searcher.clear();
    assert!(searcher.position().is_none());
    assert_eq!(searcher.nodes(), 0);
}

/// Keys for all 16 cells of 4×4 Hex, but a key space of 8.
struct KeysOutOfRange;

impl SearchHooks<Hex<4>> for KeysOutOfRange {
    fn amaf_key_space(&self, _root: &Hex<4>) -> usize {
        8
    }
    fn amaf_key(&self, mv: Cell) -> Option<usize> {
        Some(usize::from(mv.0))
    }
}

#[test]
fn keys_beyond_the_key_space_count_as_no_key() {
    let config = SearchConfig::default()
        .with_budget(Budget::playouts(500))
        .with_rave_equivalence(500.0);
    let info = Searcher::new(config, KeysOutOfRange).search(&Hex::<4>::default());
    assert_eq!(info.playouts, 500);
    assert!(Hex::<4>::default().is_legal(info.best.unwrap()));
}

/// Plays the hooks' playout from the empty board outside a search, through
/// [`Playout::new`]: the final state and the moves it recorded.
fn playout_outside_a_search(
    hooks: &impl SearchHooks<Hex<4>>,
    recording: bool,
    max_plies: usize,
) -> (Hex<4>, Vec<(game_core::Player, Cell)>) {
    let mut state = Hex::<4>::default();
    let mut rng = game_core::GameRng::seed_from(11);
    let (mut moves, mut played) = (Vec::new(), Vec::new());
    let mut playout = Playout::new(&mut rng, &mut moves, &mut played, recording, max_plies);
    assert_eq!(playout.max_plies(), max_plies);
    assert_eq!(playout.is_recording(), recording);
    hooks.playout(&mut state, &mut playout);
    (state, played)
}

#[test]
fn the_default_playout_plays_to_the_end_or_the_cap_and_records_every_move_in_order() {
    // Replayed with checked play from the start, the recorded moves rebuild the final state.
    let replay = |played: &[(game_core::Player, Cell)]| {
        let mut state = Hex::<4>::default();
        for &(mover, mv) in played {
            assert_eq!(
                state.to_move(),
                mover,
                "each move is recorded with its mover"
            );
            state
                .play(mv)
                .expect("a recorded move is legal where it was played");
        }
        state
    };
    let (whole, played) = playout_outside_a_search(&DefaultHooks, true, 1_000);
    assert!(
        whole.is_over(),
        "without a binding cap the playout ends the game"
    );
    assert_eq!(replay(&played), whole);

    let (capped, played) = playout_outside_a_search(&DefaultHooks, true, 3);
    assert_eq!(played.len(), 3, "the cap stops the playout after 3 plies");
    assert_eq!(replay(&played), capped);

    let (silent, played) = playout_outside_a_search(&DefaultHooks, false, 1_000);
    assert!(played.is_empty(), "nothing is recorded while RAVE is off");
    assert_eq!(silent, whole, "recording does not change the moves drawn");
}
