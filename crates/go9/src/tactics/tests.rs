//! The tactics of the heavy playouts (docs/go9.md, "The computer opponent": atari
//! answers and patterns next to the last move, as MoGo and michi play them) on positions
//! worked out by hand.

use std::collections::BTreeSet;

use super::*;
use crate::test_support::{after, cell};

/// The distinct answers to ataris next to the last move, for the player to move.
fn answers(state: &Go9) -> BTreeSet<usize> {
    let mut out = [0; 24];
    let last = state.last_cell().unwrap();
    let n = state.atari_answers(last, state.previous_own_cell(), state.to_move(), &mut out);
    out[..n].iter().copied().collect()
}

fn cells_of(points: &[&str]) -> BTreeSet<usize> {
    points.iter().map(|p| cell(p)).collect()
}

#[test]
fn a_stone_just_played_into_atari_is_captured_at_its_liberty() {
    // White A1 beside Black B1 has one liberty, A2.
    assert_eq!(answers(&after("B1 A1")), cells_of(&["A2"]));
}

#[test]
fn an_own_chain_in_atari_beside_the_last_move_runs_to_its_liberty() {
    // Black E6 leaves White E5 (between D5 and F5) with E4 alone.
    assert_eq!(answers(&after("D5 E5 F5 pass E6")), cells_of(&["E4"]));
}

#[test]
fn an_attacker_in_atari_is_captured_instead_of_running() {
    // White B1 ataris Black A1 (liberty A2) but stands in atari itself (liberty B2,
    // with Black C1 beside it): Black may run at A2 or capture at B2.
    assert_eq!(answers(&after("A1 E5 C1 B1")), cells_of(&["A2", "B2"]));
}

#[test]
fn an_attacker_away_from_the_last_move_is_captured_too() {
    // White F5 leaves Black E5 with E4 alone; White E6, also beside E5 but not beside F5,
    // has only F6: Black may run at E4 or capture E6 at F6.
    assert_eq!(
        answers(&after("E5 D5 D6 E6 E7 F5")),
        cells_of(&["E4", "F6"])
    );
}

#[test]
fn chains_with_two_liberties_or_away_from_the_last_move_need_no_answer() {
    assert_eq!(answers(&after("E5")), BTreeSet::new());
    // White A1 is in atari, but Black's last move E5 is far from it: neither White's own
    // chain nor, after White's E4, Black's capture of it is an answer.
    assert_eq!(answers(&after("B1 A1 E5")), BTreeSet::new());
    assert_eq!(answers(&after("B1 A1 E5 E4")), BTreeSet::new());
}

#[test]
fn a_self_atari_keeps_one_liberty_and_captures_nothing() {
    // White to move beside Black B1: A1 keeps only A2; B2 keeps three.
    let state = after("B1 E9 pass");
    let white = Player::Second;
    assert!(state.is_self_atari(cell("A1"), white, 0));
    assert!(!state.is_self_atari(cell("B2"), white, 0));
    assert_eq!(state.liberties_after(cell("A1"), white), bit(cell("A2")));
    // A placement that captures is never called a self-atari.
    let state = after("B1 A1");
    let capture = state.board().chain_at(cell("A1"));
    assert!(!state.is_self_atari(cell("A2"), Player::First, capture));
}

/// The heavy policy answers an atari next to the last move most of the time (michi's
/// 90 %, then the patterns' 95 %, then a uniform draw), so over 200 seeded draws the
/// capture at A2 comes out far more often than the uniform 1 in 79.
#[test]
fn the_heavy_policy_mostly_plays_the_atari_answer() {
    let state = after("B1 A1");
    let a2 = (0..200)
        .filter(|&seed| {
            let choice = state.heavy_choice(&mut GameRng::seed_from(seed)).unwrap();
            choice.cell == cell("A2")
        })
        .count();
    assert!((160..200).contains(&a2), "{a2} of 200");
}

/// `around(c)` is the 8 cells at one king's step from `c`: on the board, exactly the
/// points whose row and column both differ by at most one.
#[test]
fn around_holds_the_eight_cells_next_to_a_point_orthogonally_or_diagonally() {
    use crate::layout::{ON_BOARD, POINTS, SIZE};
    use board_geometry::Point;
    for index in 0..POINTS {
        let c = cell_of(Point::from_index(index));
        let all = around(c);
        let distinct: BTreeSet<usize> = all.iter().copied().collect();
        assert_eq!(distinct.len(), 8, "cell {c}");
        let on_board: BTreeSet<usize> = all
            .into_iter()
            .filter(|&n| bit(n) & ON_BOARD != 0)
            .collect();
        let (row, col) = (index / SIZE, index % SIZE);
        let expected: BTreeSet<usize> = (0..POINTS)
            .filter(|&other| {
                let (r, k) = (other / SIZE, other % SIZE);
                other != index && r.abs_diff(row) <= 1 && k.abs_diff(col) <= 1
            })
            .map(|other| cell_of(Point::from_index(other)))
            .collect();
        assert_eq!(on_board, expected, "point {index}");
    }
}

/// Both playout loops (the light one of `easy`, the heavy one of `normal` and `hard`)
/// report every move they play, in order and for the right player, so that replaying the
/// report through the rules reaches the same position; they stop after `max_plies` moves
/// or at the end of the game, whichever comes first.
#[test]
fn the_playout_loops_report_every_move_and_stop_at_the_cap_or_the_end() {
    for heavy in [false, true] {
        for (cap, seed) in [(0, 1), (1, 2), (9, 3), (usize::MAX, 4), (usize::MAX, 5)] {
            let mut state = after("E5 D4");
            let mut rng = GameRng::seed_from(seed);
            let mut report = Vec::new();
            let record = |p, m| report.push((p, m));
            let played = if heavy {
                state.heavy_playout(&mut rng, cap, record)
            } else {
                state.light_playout(&mut rng, cap, record)
            };
            assert_eq!(played, report.len());
            let mut replay = after("E5 D4");
            for &(player, mv) in &report {
                assert_eq!(replay.to_move(), player);
                replay.play(mv).unwrap();
            }
            assert_eq!(replay.board(), state.board());
            assert_eq!(replay.ply(), state.ply());
            if cap == usize::MAX {
                assert!(
                    state.is_over() && played > 40,
                    "heavy {heavy}: {played} moves"
                );
            } else {
                assert_eq!(played, cap, "heavy {heavy}");
            }
        }
    }
}

/// With no atari near the last move, the heavy policy plays a 3×3 pattern next to it
/// most of the time (michi's 95 %), so over 200 seeded draws the pattern points around
/// White's hane at E6 (D6 and F6 among them) come out far more often than their uniform
/// share of a few in 79.
#[test]
fn the_heavy_policy_mostly_plays_a_pattern_next_to_the_last_move() {
    let state = after("E5 E6");
    let last = state.last_cell().unwrap();
    let shapes: BTreeSet<usize> = around(last)
        .into_iter()
        .filter(|&c| {
            state.board().cell(c) == crate::board::EMPTY && patterns::matches(state.board(), c)
        })
        .collect();
    assert!(
        shapes.contains(&cell("D6")) || shapes.contains(&cell("F6")),
        "{shapes:?}"
    );
    assert!(shapes.len() <= 6, "{shapes:?}");
    let on_shape = (0..200)
        .filter(|&seed| {
            let choice = state.heavy_choice(&mut GameRng::seed_from(seed)).unwrap();
            shapes.contains(&choice.cell)
        })
        .count();
    assert!((160..200).contains(&on_shape), "{on_shape} of 200");
}

/// After a pass (no last move to answer), the heavy policy is the light draw, drawn once
/// more when it is a self-atari of a chain of two or more stones. Black A1-B1 with White
/// C1 and A3: A2 would leave A1-B1-A2 with B2 alone, so it comes out about (1/75)² of the
/// time instead of 1/75; B2, beside the same stones but safe, keeps its uniform share, and
/// so does J9, a self-atari of a lone stone (White J8 beside it).
#[test]
fn the_heavy_policy_redraws_a_self_atari_of_two_or_more_stones() {
    let state = after("A1 C1 B1 A3 E5 J8 E6 pass");
    assert_eq!(state.last_cell(), None);
    assert!(state.is_self_atari(cell("A2"), Player::First, 0));
    assert!(!state.is_self_atari(cell("B2"), Player::First, 0));
    let count = |point: &str, heavy: bool| {
        (0..4_000)
            .filter(|&seed| {
                let rng = &mut GameRng::seed_from(seed);
                let choice = if heavy {
                    state.heavy_choice(rng)
                } else {
                    state.playout_choice(rng)
                };
                choice.unwrap().cell == cell(point)
            })
            .count()
    };
    // The uniform share is about 53 in 4,000 (75 acceptable points).
    assert!(count("A2", false) > 25, "the light draw reaches A2");
    assert!(count("A2", true) < 10, "{}", count("A2", true));
    assert!(count("B2", true) > 25, "{}", count("B2", true));
    assert!(state.is_self_atari(cell("J9"), Player::First, 0));
    assert!(count("J9", true) > 25, "{}", count("J9", true));
}

/// An atari answer that runs into another atari is not an answer: Black A1, in atari
/// after White B1, would run to A2 and have only A3 (White B2 sits beside it), so the
/// heavy policy plays A2 no more often than its uniform share.
#[test]
fn an_escape_into_atari_is_not_played_as_an_answer() {
    let state = after("A1 B2 E5 B1");
    assert_eq!(answers(&state), cells_of(&["A2"]));
    assert!(state.is_self_atari(cell("A2"), Player::First, 0));
    let a2 = (0..200)
        .filter(|&seed| {
            state
                .heavy_choice(&mut GameRng::seed_from(seed))
                .unwrap()
                .cell
                == cell("A2")
        })
        .count();
    assert!(a2 < 20, "{a2} of 200");
}

/// An atari the opponent left unanswered is taken: Black B1 put White A1 in atari
/// (liberty A2) and White played far away at J9, so Black's answers hold the capture at
/// A2 although J9, the last move, is nowhere near it.
#[test]
fn a_chain_left_in_atari_by_the_movers_previous_move_is_captured() {
    let state = after("E5 A1 B1 J9");
    assert_eq!(state.previous_own_cell(), Some(cell("B1")));
    assert_eq!(answers(&state), cells_of(&["A2"]));
    // A pass is no placement, and a chain left in atari by an older move is no answer.
    assert_eq!(after("E5 A1 pass J9").previous_own_cell(), None);
    assert_eq!(answers(&after("E5 A1 B1 J9 E4 J8")), BTreeSet::new());
}

/// The heavy policy's count of how often it plays `point` in `state` over 200 seeded
/// draws.
fn heavy_plays(state: &Go9, point: &str) -> usize {
    (0..200)
        .filter(|&seed| {
            state
                .heavy_choice(&mut GameRng::seed_from(seed))
                .unwrap()
                .cell
                == cell(point)
        })
        .count()
}

/// A run into a ladder is not played, as an answer or otherwise: White D4, put in atari
/// at D3 by Black (C4, D5 and E3 beside it), would run to E4 with two liberties, E5 and
/// F4, and Black's ataris drive it along E5, F5, F6, G6, G7 … to the edge. With a White
/// stone at G7 on that path the run gets out, and is the answer most of the time.
#[test]
fn a_run_into_a_ladder_is_not_played_as_an_answer_unless_a_stone_breaks_the_ladder() {
    let caught = after("C4 D4 D5 J1 E3 J2 D3");
    let breaker = after("C4 D4 D5 G7 E3 J2 D3");
    for state in [&caught, &breaker] {
        assert_eq!(answers(state), cells_of(&["E4"]));
        assert!(!state.is_self_atari(cell("E4"), Player::Second, 0));
    }
    assert!(caught.runs_into_ladder(cell("E4"), Player::Second, 0));
    assert!(!breaker.runs_into_ladder(cell("E4"), Player::Second, 0));
    // The same shape without the atari: White D4 played fresh beside C4, D5 and E3 would
    // be caught the same way, but it runs from no atari, and stays a move like any other.
    let fresh = after("C4 J1 D5 J2 E3");
    assert!(!fresh.runs_into_ladder(cell("D4"), Player::Second, 0));
    assert!(
        heavy_plays(&caught, "E4") < 20,
        "{}",
        heavy_plays(&caught, "E4")
    );
    assert!(
        heavy_plays(&breaker, "E4") > 150,
        "{}",
        heavy_plays(&breaker, "E4")
    );
}
