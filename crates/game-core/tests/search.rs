//! The search engine on small games whose answers are known: tic-tac-toe, Nim (Bouton's
//! nim-sum), Connect Four, and Hex (where RAVE must help).

mod common;

use std::collections::HashMap;
use std::time::Duration;

use common::config;
use common::connect_four::{Column, ConnectFour, HEIGHT};
use common::hex::{Cell, Hex, HexHooks};
use common::nim::{Nim, Take};
use common::solve::{best_moves, value};
use common::tic_tac_toe::{Square, TicTacToe, all_positions, position};
use game_core::search::{
    Budget, DefaultHooks, Level, Opponent, Prior, SearchConfig, SearchHooks, Searcher,
};
use game_core::{Game, GameRng, Player};

fn searcher<G: Game + Send>(playouts: u64, seed: u64) -> Searcher<G> {
    Searcher::new(config(playouts, seed), DefaultHooks)
}

fn ttt_key(s: &TicTacToe) -> [Option<Player>; 9] {
    s.cells
}

#[test]
fn one_thread_and_a_seed_give_the_same_search_every_time() {
    let start = ConnectFour::after("dd");
    let run = |seed| searcher::<ConnectFour>(2_000, seed).search(&start);
    let first = run(5);
    for _ in 0..3 {
        let again = run(5);
        assert_eq!(again.best, first.best);
        assert_eq!(again.moves, first.moves);
        assert_eq!(again.pv, first.pv);
        assert_eq!(again.playouts, 2_000);
    }
    // Other seeds explore differently (the statistics differ).
    assert!((6..10).any(|seed| run(seed).moves != first.moves));
}

#[test]
fn two_threads_with_a_playout_budget_are_deterministic_too() {
    let start = ConnectFour::after("dcd");
    let run = || {
        let mut s = Searcher::new(config(3_000, 9).with_threads(2), DefaultHooks);
        s.search(&start)
    };
    let a = run();
    let b = run();
    assert_eq!(a.moves, b.moves);
    assert_eq!(a.playouts, 3_000);
    assert_eq!(a.threads, 2);
    // The root statistics are the sum of both trees.
    assert_eq!(a.moves.iter().map(|m| m.visits).sum::<u64>(), 3_000);
    assert!(start.is_legal(a.best.unwrap()));
}

#[test]
fn tic_tac_toe_wins_blocks_and_finds_forks() {
    // x: a1 b1, o: a3 b3 — x to move wins at c1.
    let s = position("a1 a3 b1 b3");
    assert_eq!(searcher(3_000, 1).search(&s).best, Some(Square(2)));
    // o to move must block at c1.
    let s = position("a1 b2 b1");
    assert_eq!(searcher(3_000, 2).search(&s).best, Some(Square(2)));
    // Over: no move.
    let over = position("a1 a2 b1 b2 c1");
    let info = searcher::<TicTacToe>(3_000, 3).search(&over);
    assert_eq!((info.best, info.playouts), (None, 0));
}

#[test]
fn tic_tac_toe_is_played_perfectly_from_every_position() {
    // In every position not yet over and not lost, with a choice to make and no win in
    // one (those are tested above), 5,000 playouts choose a move the exhaustive solver
    // says keeps the value: a forced win stays won (forks found), a draw stays drawn.
    let mut memo = HashMap::new();
    let (mut checked, mut winning) = (0, 0);
    let mut moves = Vec::new();
    for s in all_positions() {
        s.legal_moves(&mut moves);
        if moves.len() < 2 || value(&s, &ttt_key, &mut memo) == -1 {
            continue;
        }
        let wins_at_once = moves.iter().any(|&mv| {
            let mut next = s.clone();
            next.play_unchecked(mv);
            next.outcome().winner().is_some()
        });
        if wins_at_once {
            continue;
        }
        checked += 1;
        winning += usize::from(value(&s, &ttt_key, &mut memo) == 1);
        let best = searcher(5_000, checked).search(&s).best.unwrap();
        let optimal = best_moves(&s, &ttt_key);
        assert!(
            optimal.contains(&best),
            "{s:?}: chose {best}, optimal {optimal:?}"
        );
    }
    assert_eq!(
        (checked, winning),
        (1_450, 478),
        "positions checked, of them won"
    );
}

#[test]
fn nim_finds_the_move_to_a_zero_nim_sum() {
    for (piles, seed) in [(&[1u8, 3, 6][..], 1), (&[1, 2, 4], 2), (&[2, 3, 4], 3)] {
        let s = Nim::new(piles);
        assert!(s.is_winning());
        let info = searcher(10_000, seed).search(&s);
        let mut after = s.clone();
        after.play(info.best.unwrap()).unwrap();
        assert!(
            !after.is_winning(),
            "{piles:?}: {} leaves {:?}",
            info.best.unwrap(),
            after.piles
        );
    }
}

#[test]
fn connect_four_takes_a_win_blocks_one_and_makes_a_double_threat() {
    // Red (first) has three in the bottom row at b, c, d: e (or a) wins at once.
    let s = ConnectFour::after("bbccd");
    let best = searcher(5_000, 1).search(&s).best.unwrap();
    assert!([Column(0), Column(4)].contains(&best), "{best}");
    // Red has a, b, c in the bottom row… and yellow must block at d.
    let s = ConnectFour::after("aabbc");
    assert_eq!(searcher(5_000, 2).search(&s).best, Some(Column(3)));
    // Red b and c in the bottom row, both ends open (a and d empty, e empty): red playing d
    // threatens a and e at once.
    let s = ConnectFour::after("bbcc");
    let info = searcher(20_000, 3).search(&s);
    assert!(
        [Column(0), Column(3)].contains(&info.best.unwrap()),
        "{:?}",
        info.best
    );
    assert!(info.win_rate > 0.8, "{}", info.win_rate);
}

#[test]
fn tree_reuse_keeps_the_subtrees_visits_for_either_sides_move() {
    let start = ConnectFour::after("d");
    let mut s: Searcher<ConnectFour> = searcher(4_000, 1);
    let info = s.search(&start);
    assert_eq!(info.reused, 0);
    let reply = info.moves[0];
    // Our own move: the next search starts with that child's playouts.
    s.advance(reply.mv).unwrap();
    let mut after = start.clone();
    after.play(reply.mv).unwrap();
    let info2 = s.search(&after);
    assert_eq!(info2.reused, reply.visits);
    assert_eq!(info2.playouts, 4_000);
    // The opponent's move is kept the same way.
    let theirs = info2.moves[2];
    s.advance(theirs.mv).unwrap();
    after.play(theirs.mv).unwrap();
    assert_eq!(s.search(&after).reused, theirs.visits);
    // An unrelated position starts afresh.
    assert_eq!(s.search(&ConnectFour::after("aa")).reused, 0);
    assert!(s.advance(Column(9)).is_err());
    // A move whose node was never expanded starts afresh too: one playout expands the
    // root and visits one child once.
    s.config_mut().budget = Budget::playouts(1);
    let info = s.search(&ConnectFour::after("ab"));
    assert_eq!(info.moves.iter().filter(|m| m.visits > 0).count(), 1);
    let unvisited = info.moves.last().unwrap().mv;
    s.advance(unvisited).unwrap();
    s.advance(Column(6)).unwrap();
    assert_eq!(s.search_current().reused, 0);
    assert_eq!(s.nodes(), 1 + 7);
}

#[test]
fn tree_reuse_works_per_thread() {
    let start = Hex::<4>::default();
    let mut s = Searcher::new(config(2_000, 3).with_threads(2), HexHooks);
    let info = s.search(&start);
    let kept = info.moves[0];
    s.advance(kept.mv).unwrap();
    assert_eq!(s.search_current().reused, kept.visits);
}

#[test]
fn the_node_cap_bounds_the_trees_and_the_search_goes_on() {
    let cap = 300;
    let mut s = Searcher::new(config(5_000, 2).with_max_nodes(cap), HexHooks);
    let mut state = Hex::<5>::default();
    // The root's 25 children are always created; beyond the cap the tree is pruned.
    while !state.is_over() {
        let info = s.search(&state);
        assert_eq!(info.playouts, 5_000);
        assert!(info.nodes <= cap.max(1 + 25), "{} nodes", info.nodes);
        let mv = info.best.unwrap();
        s.advance(mv).unwrap();
        state.play(mv).unwrap();
    }
    // Two threads share the cap.
    let mut s = Searcher::new(
        config(5_000, 2).with_max_nodes(cap).with_threads(2),
        HexHooks,
    );
    assert!(s.search(&Hex::<5>::default()).nodes <= cap);
    // The bytes per node are documented and small.
    assert!(Searcher::<Hex<5>, HexHooks>::bytes_per_node() <= 40);
}

#[test]
fn a_full_tree_prunes_its_least_visited_part_and_grows_on() {
    // With room for about 40 expansions, a search forty times longer than it takes to fill
    // the tree keeps growing where it looks: its principal variation goes deeper than a
    // shorter search's, and the tree stays within its cap.
    let cap = 300;
    let run = |playouts, threads| {
        let config = config(playouts, 4)
            .with_max_nodes(cap)
            .with_exploration(0.3)
            .with_threads(threads);
        let info = Searcher::new(config, DefaultHooks).search(&ConnectFour::default());
        assert!(info.nodes <= cap, "{} nodes", info.nodes);
        info
    };
    let (short, long) = (run(1_000, 1).pv.len(), run(40_000, 1).pv.len());
    // (A tree that stopped growing once full kept a 3-ply line in both searches.)
    assert!(long > short, "{short} then {long} plies");
    // Pruning keeps a seed's search the same, on one thread or two.
    for threads in [1, 2] {
        let (a, b) = (run(20_000, threads), run(20_000, threads));
        assert_eq!((a.moves, a.pv, a.nodes), (b.moves, b.pv, b.nodes));
    }
}

#[test]
fn one_node_at_most_is_expanded_per_playout() {
    let nodes = |expand_visits, playouts| {
        let mut s = Searcher::new(
            config(playouts, 1).with_expand_visits(expand_visits),
            DefaultHooks,
        );
        let nodes = s.search(&TicTacToe::default()).nodes;
        // The root's 9 children, then at most 8 per playout after the first.
        assert!(nodes <= 1 + 9 + 8 * (playouts as usize - 1), "{nodes}");
        nodes
    };
    assert_eq!(nodes(0, 1), 10);
    assert_eq!(nodes(0, 2), 18);
    // Expanding later saves nodes.
    assert!(nodes(0, 100) > nodes(1, 100));
    assert!(nodes(1, 100) > nodes(5, 100));
}

#[test]
fn a_long_session_stays_under_the_cap() {
    // Many games through one searcher: advancing frees the discarded part of the tree.
    let cap = 2_000;
    let mut s = Searcher::new(config(400, 4).with_max_nodes(cap), DefaultHooks);
    let mut rng = GameRng::seed_from(1);
    let mut moves = Vec::new();
    for _ in 0..30 {
        let mut state = ConnectFour::default();
        while !state.is_over() {
            let mv = if state.ply() % 2 == 0 {
                s.search(&state).best.unwrap()
            } else {
                state.random_move(&mut rng, &mut moves).unwrap()
            };
            s.advance(mv).unwrap();
            state.play(mv).unwrap();
            assert!(s.nodes() <= cap);
        }
    }
}

#[test]
fn rave_on_and_off_both_play_legal_games() {
    for rave in [0.0, 300.0] {
        let mut players = [Player::First, Player::Second].map(|p| {
            Searcher::new(
                config(300, p.index() as u64).with_rave_equivalence(rave),
                HexHooks,
            )
        });
        let mut state = Hex::<5>::default();
        while !state.is_over() {
            let searcher = &mut players[state.to_move().index()];
            let mv = searcher.search(&state).best.unwrap();
            assert!(state.is_legal(mv), "rave {rave}: {mv} illegal");
            state.play(mv).unwrap();
        }
        assert!(state.outcome().winner().is_some());
    }
}

/// Plays `games` games of Hex 5×5 between the two settings, colours alternating; returns
/// the first setting's wins.
fn hex_match(a: SearchConfig, b: SearchConfig, games: u64) -> u64 {
    let mut wins = 0;
    for game in 0..games {
        let seed = 100 + game;
        let mut players = [
            Searcher::new(a.with_seed(seed), HexHooks),
            Searcher::new(b.with_seed(seed + 1_000), HexHooks),
        ];
        // Game `g`: setting A is black in even games.
        let a_colour = if game % 2 == 0 {
            Player::First
        } else {
            Player::Second
        };
        let mut state = Hex::<5>::default();
        while !state.is_over() {
            let who = usize::from(state.to_move() != a_colour);
            let mv = players[who].search(&state).best.unwrap();
            for p in &mut players {
                p.advance(mv).unwrap();
            }
            state.play(mv).unwrap();
        }
        wins += u64::from(state.outcome().winner() == Some(a_colour));
    }
    wins
}

#[test]
fn rave_beats_plain_uct_at_equal_playouts_in_hex() {
    // The default settings (RAVE k = 1,000) against the same without RAVE, 400 playouts
    // each: over 100 games RAVE scored 85 (and 76 to 80 with other exploration
    // constants on either side); 40 games keep the test quick.
    let rave = config(400, 0);
    let plain = rave.with_rave_equivalence(0.0);
    let games = 40;
    let wins = hex_match(rave, plain, games);
    assert!(wins * 100 >= games * 70, "RAVE won {wins} of {games}");
}

#[test]
fn a_time_budget_returns_after_at_least_one_playout() {
    let start = ConnectFour::default();
    for time in [Duration::ZERO, Duration::from_millis(20)] {
        let mut s = Searcher::new(
            SearchConfig::default().with_budget(Budget::time(time)),
            DefaultHooks,
        );
        let info = s.search(&start);
        assert!(info.playouts >= 1);
        assert!(start.is_legal(info.best.unwrap()));
    }
    let mut s = Searcher::new(
        SearchConfig::default()
            .with_budget(Budget::time(Duration::from_millis(20)))
            .with_threads(2),
        DefaultHooks,
    );
    assert!(s.search(&start).playouts >= 2);
}

#[test]
fn the_report_has_a_legal_line_and_counts() {
    let start = ConnectFour::after("dc");
    let info = searcher(3_000, 8).search(&start);
    assert_eq!(info.pv.first().copied(), info.best);
    assert!(info.pv.len() >= 2);
    let mut state = start.clone();
    for &mv in &info.pv {
        state.play(mv).unwrap();
    }
    assert_eq!(info.moves.len(), 7);
    assert!(info.moves.windows(2).all(|w| w[0].visits >= w[1].visits));
    assert!((0.0..=1.0).contains(&info.win_rate));
    assert!(info.nodes > 7);
    assert_eq!(info.threads, 1);
}

#[test]
fn a_single_move_is_played_without_searching() {
    // Only column g has room.
    let mut s = ConnectFour::default();
    for c in 0..6 {
        s.cells[c] = [Some(Player::First); HEIGHT];
        s.heights[c] = HEIGHT as u8;
    }
    let info = searcher(1_000, 1).search(&s);
    assert_eq!((info.best, info.playouts), (Some(Column(6)), 0));
}

/// Hooks that try every hook: a huge prior on one move, a playout that always plays the
/// first legal move, and a reward that never changes.
struct Rigged {
    favourite: Take,
}

impl SearchHooks<Nim> for Rigged {
    fn priors(&self, _state: &Nim, moves: &[Take], priors: &mut [Prior]) {
        for (mv, prior) in moves.iter().zip(priors) {
            if *mv == self.favourite {
                *prior = Prior::new(1.0, 1_000_000);
            }
        }
    }
    fn playout_move(&self, state: &Nim, _rng: &mut GameRng, moves: &mut Vec<Take>) -> Option<Take> {
        state.legal_moves(moves);
        moves.first().copied()
    }
    fn reward(&self, _state: &Nim) -> f64 {
        0.25
    }
}

#[test]
fn priors_playouts_and_rewards_come_from_the_hooks() {
    let s = Nim::new(&[3, 4, 5]);
    // A losing move with a huge prior is chosen with a small budget.
    let favourite = Take { pile: 2, count: 1 };
    let mut searcher = Searcher::new(config(200, 1), Rigged { favourite });
    let info = searcher.search(&s);
    assert_eq!(info.best, Some(favourite));
    // Every real playout scored 0.25 for the first player (the mover here).
    let other = info.moves.iter().find(|m| m.mv != favourite).unwrap();
    assert!((other.win_rate - 0.25).abs() < 1e-6, "{}", other.win_rate);
}

/// A game with an opponent from the generic defaults.
impl Opponent for TicTacToe {
    type Hooks = DefaultHooks;
    fn hooks(_level: Level) -> DefaultHooks {
        DefaultHooks
    }
}

#[test]
fn levels_parse_print_and_make_opponents() {
    for level in Level::ALL {
        assert_eq!(level.to_string().parse::<Level>(), Ok(level));
    }
    assert_eq!("NORMAL".parse::<Level>(), Ok(Level::Normal));
    let err = "master".parse::<Level>().unwrap_err();
    assert_eq!(
        err.to_string(),
        "`master` is not a level (easy, normal or hard)"
    );
    assert_eq!(
        TicTacToe::search_config(Level::Easy).budget,
        Budget::playouts(100)
    );
    assert!(TicTacToe::search_config(Level::Hard).budget.time.is_some());
    // Even easy takes an immediate win.
    let mut easy = TicTacToe::opponent(Level::Easy);
    assert_eq!(easy.search(&position("a1 a3 b1 b3")).best, Some(Square(2)));
}

#[test]
fn hard_beats_easy_at_tic_tac_toe_or_draws() {
    // Hard never loses a game of tic-tac-toe; easy may. Hard here has 20,000 playouts
    // instead of a second, so the test is quick and deterministic.
    let hard = config(20_000, 1);
    for game in 0..4u64 {
        let mut players = [
            Searcher::new(hard.with_seed(game), DefaultHooks),
            TicTacToe::opponent(Level::Easy),
        ];
        players[1].config_mut().seed = game;
        let hard_colour = if game % 2 == 0 {
            Player::First
        } else {
            Player::Second
        };
        let mut state = TicTacToe::default();
        while !state.is_over() {
            let who = usize::from(state.to_move() != hard_colour);
            let mv = players[who].search(&state).best.unwrap();
            state.play(mv).unwrap();
        }
        assert_ne!(state.outcome().winner(), Some(hard_colour.other()));
    }
}

#[test]
fn cells_print_and_parse() {
    let c: Cell = "7".parse().unwrap();
    assert_eq!(c.to_string(), "7");
}
