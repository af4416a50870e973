//! The computer behaves (issue 38; `docs/go9.md`, "The computer opponent", the tree-moves
//! row): it does not fill its own territory, it answers a pass with a pass when the count
//! stands, it still plays the tactical moves inside its area, and it plays no idle
//! first-line move in the opening. Every search is seeded and has a playout budget.

mod common;

use board_geometry::Point;
use common::{position, pt};
use game_core::search::{Budget, Level, Opponent, SearchHooks, Searcher};
use game_core::{Game, Player};
use go9::{Go9, Go9Hooks, Move, OPENING_PLIES};

/// Every dame filled: White owns columns A–D with four one-point eyes, Black columns E–J
/// with six one-point eyes and a 12-point territory at the top right (F7–J9). Black 45,
/// White 36 + 7: Black wins by 2.
const SETTLED: [&str; 9] = [
    "O O O O X . . . .",
    "O . O O X . . . .",
    "O O O O X . . . .",
    "O O . O X X X X X",
    "O O O O X . X . X",
    "O . O O X X X X X",
    "O O O O X . X . X",
    "O O . O X X X X X",
    "O O O O X . X . X",
];

/// D5 is the one dame; White has a two-point eye at B8–C8. Black 45, White 35 + 7.
const OPEN_DAME: [&str; 9] = [
    "O O O O X X X X X",
    "O . . O X X X . X",
    "O O O O X X X X X",
    "O O O O X X X X X",
    "O O O . X X X X X",
    "O O O O X X X X X",
    "O O O O X X X X X",
    "O . O O X X X . X",
    "O O O O X X X X X",
];

/// The level's searcher with `komi`, seeded, on a budget of `playouts` (the level's other
/// settings kept, so the test does not depend on the clock), without the opening's
/// variety (these set-up positions are at ply 0, where a level would draw among the moves
/// near the best).
fn seeded_searcher(level: Level, komi: f64, seed: u64, playouts: u64) -> Searcher<Go9, Go9Hooks> {
    let mut searcher = Go9::opponent(level);
    searcher.config_mut().variety = None;
    searcher.hooks_mut().komi = komi;
    searcher.config_mut().seed = seed;
    searcher.config_mut().budget = Budget::playouts(playouts);
    searcher
}

/// The move the [`seeded_searcher`] chooses in `state`.
fn chosen(state: &Go9, level: Level, komi: f64, seed: u64, playouts: u64) -> Move {
    let mut searcher = seeded_searcher(level, komi, seed, playouts);
    searcher.search(state).best.expect("a move")
}

/// The two moves the [`seeded_searcher`] (komi 7) visits most in `state`.
fn two_most_visited(state: &Go9, level: Level, seed: u64, playouts: u64) -> [Move; 2] {
    let mut searcher = seeded_searcher(level, 7.0, seed, playouts);
    let mut moves = searcher.search(state).moves;
    moves.sort_by_key(|info| std::cmp::Reverse(info.visits));
    [moves[0].mv, moves[1].mv]
}

fn tree_moves(state: &Go9, level: Level, komi: f64) -> Vec<Move> {
    let mut hooks = Go9::hooks(level);
    hooks.komi = komi;
    let mut moves = Vec::new();
    hooks.tree_moves(state, &mut moves);
    moves
}

#[test]
fn with_only_own_territory_left_every_level_passes_winning_or_losing() {
    let black = position(&SETTLED, Player::First);
    let score = black.score();
    assert_eq!(
        (score.area.first, score.area.second, score.neutral),
        (45, 36, 0)
    );
    // Legal: the 12 points of Black's territory (White's and Black's eyes are suicide or
    // Black's own eyes).
    let mut legal = Vec::new();
    black.legal_moves(&mut legal);
    assert_eq!(legal.len(), 12 + 6 + 1, "{legal:?}");
    // Komi 7: Black wins by 2; komi 12: Black loses by 3. Either way a fill gains nothing.
    for komi in [7.0, 12.0] {
        for level in Level::ALL {
            assert_eq!(
                tree_moves(&black, level, komi),
                [Move::Pass],
                "{level} komi {komi}"
            );
            for seed in 0..3 {
                assert_eq!(
                    chosen(&black, level, komi, seed, 200),
                    Move::Pass,
                    "{level} komi {komi} seed {seed}"
                );
            }
        }
    }
    // White may still try inside Black's territory: it is not White's own.
    let white = position(&SETTLED, Player::Second);
    let moves = tree_moves(&white, Level::Normal, 7.0);
    assert!(moves.contains(&Move::Place(pt("G8"))), "{moves:?}");
}

#[test]
fn after_the_opponents_pass_a_standing_count_is_answered_with_a_pass() {
    let mut state = position(&OPEN_DAME, Player::Second);
    state.play(Move::Pass).unwrap();
    assert_eq!(state.score().margin(), 3);
    for level in Level::ALL {
        // Black wins by the count: the pass only, though the dame D5 is open.
        assert_eq!(tree_moves(&state, level, 7.0), [Move::Pass], "{level}");
        for seed in 0..3 {
            assert_eq!(chosen(&state, level, 7.0, seed, 200), Move::Pass, "{level}");
        }
        // With komi 100 Black loses by the count: it plays on (the dame, White's eye).
        let behind = tree_moves(&state, level, 100.0);
        assert!(!behind.contains(&Move::Pass), "{level}: {behind:?}");
        assert!(
            behind.contains(&Move::Place(pt("D5"))),
            "{level}: {behind:?}"
        );
    }
    // Before White's pass, with the dame open, Black does not pass.
    let black = position(&OPEN_DAME, Player::First);
    assert!(!tree_moves(&black, Level::Normal, 7.0).contains(&Move::Pass));
}

/// A ply's move is tactical when it captured, or when its point was the last liberty of a
/// chain of the mover's.
fn tactical(before: &Go9, after: &Go9, mv: Move) -> bool {
    let Move::Place(p) = mv else {
        return false;
    };
    let mover = before.to_move();
    let captured =
        after.board().stone_count(mover.other()) < before.board().stone_count(mover.other());
    let escaped = common::brute::neighbours(p.index()).into_iter().any(|n| {
        let n = Point::from_index(n);
        before.board().stone_at(n) == Some(mover) && before.board().liberty_points(n) == [p]
    });
    captured || escaped
}

#[test]
fn a_chain_in_atari_is_saved_through_a_point_of_own_territory() {
    // Black's five stones D4 D5 E5 F5 F4 have one liberty, E4, a false eye between them
    // and E3: all its neighbours are Black's, so the count gives it to Black, but White
    // on E4 would capture five stones. Black connects.
    let state = position(
        &[
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . O O O . . .",
            ". . O X X X O . .",
            ". . O X . X O . .",
            ". . O O X O O . .",
            ". . . X X X . . .",
            ". . . . . . . . .",
        ],
        Player::First,
    );
    assert!(state.score().territory.first.contains(&pt("E4")));
    for level in Level::ALL {
        assert!(
            tree_moves(&state, level, 7.0).contains(&Move::Place(pt("E4"))),
            "{level}"
        );
    }
    for level in [Level::Normal, Level::Hard] {
        assert_eq!(
            chosen(&state, level, 7.0, 1, 800),
            Move::Place(pt("E4")),
            "{level}"
        );
    }
}

#[test]
fn an_invader_in_atari_inside_own_area_may_be_captured_even_on_the_first_line() {
    // White's G7–H7 inside Black's area has one liberty, J7 (on the first line, in the
    // opening): the capture is a tree move, and the search weighs it among its two
    // likeliest moves. (Black wins with it or without: with no exploration term the
    // search may settle on a big point of the lower right instead; docs/go9.md,
    // "Exploration: RAVE and the priors alone".)
    let state = position(
        &[
            ". . . . X . . . .",
            ". . . . X . X X .",
            ". . O . X X O O .",
            ". . . . X . X X .",
            ". . O . X . . . .",
            ". . . . X . . . .",
            ". . O . X . . . .",
            ". . . . X . . . .",
            ". . . . X . . . .",
        ],
        Player::First,
    );
    for level in Level::ALL {
        assert!(
            tree_moves(&state, level, 7.0).contains(&Move::Place(pt("J7"))),
            "{level}"
        );
    }
    for level in [Level::Normal, Level::Hard] {
        let likeliest = two_most_visited(&state, level, 2, 800);
        assert!(
            likeliest.contains(&Move::Place(pt("J7"))),
            "{level}: {likeliest:?}"
        );
    }
}

#[test]
fn the_vital_point_of_an_unsettled_eye_space_stays_a_tree_move() {
    // Black's group around the straight three D9–F9 has no other eye: White on E9 would
    // kill it, so Black may take E9 itself; D9 and F9 (where White would have one
    // liberty) are plain fills. (Past the opening: 25 stones.)
    let state = position(
        &[
            ". . X . . . X . .",
            ". . X X X X X . .",
            ". . . . . . . . .",
            ". . . . O O . . .",
            ". . . . . . . . .",
            ". O . O . O . O .",
            ". . . . . . . . .",
            ". O . O . O . O .",
            ". O . O . O . O .",
        ],
        Player::First,
    );
    let moves = tree_moves(&state, Level::Normal, 7.0);
    assert!(moves.contains(&Move::Place(pt("E9"))), "{moves:?}");
    assert!(!moves.contains(&Move::Place(pt("D9"))), "{moves:?}");
    assert!(!moves.contains(&Move::Place(pt("F9"))), "{moves:?}");
}

#[test]
fn no_level_plays_an_idle_first_line_move_in_the_opening() {
    // 20 seeded openings per level, 20 plies each, on a small playout budget (the rule is
    // in the tree moves, so the budget does not change it): every first-line move must
    // capture or save a chain in atari.
    for level in Level::ALL {
        let mut first_line = 0;
        for game in 0..20u64 {
            let mut state = Go9::new();
            let mut searchers = [Go9::opponent(level), Go9::opponent(level)];
            for (i, searcher) in searchers.iter_mut().enumerate() {
                searcher.config_mut().seed = 1_000 * game + i as u64;
                searcher.config_mut().budget = Budget::playouts(48);
            }
            for _ in 0..OPENING_PLIES {
                let side = state.to_move().index();
                let mv = searchers[side].search(&state).best.expect("a move");
                let before = state.clone();
                state.play(mv).unwrap();
                if let Move::Place(p) = mv {
                    let (row, col) = (p.index() / 9, p.index() % 9);
                    if row == 0 || row == 8 || col == 0 || col == 8 {
                        first_line += 1;
                        assert!(
                            tactical(&before, &state, mv),
                            "{level} game {game}: {mv} at ply {}",
                            before.ply()
                        );
                    }
                }
                if state.is_over() {
                    break;
                }
            }
        }
        eprintln!("{level}: {first_line} tactical first-line moves");
    }
}
