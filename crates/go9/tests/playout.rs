//! The playout policy: legal moves only, never the mover's own single-point eye, a pass
//! only when nothing else is acceptable, and every acceptable move drawn.

mod common;

use board_geometry::Point;
use common::{position, pt};
use game_core::{Game, GameRng, Player};
use go9::{Go9, Move};

#[test]
fn playout_moves_are_legal_never_fill_an_own_eye_and_pass_only_when_forced() {
    let mut legal = Vec::new();
    for seed in 0..60 {
        let mut rng = GameRng::seed_from(seed);
        let mut state = Go9::new();
        while let Some(mv) = state.playout_move(&mut rng) {
            state.legal_moves(&mut legal);
            assert!(legal.contains(&mv), "seed {seed}: {mv} is not legal");
            assert!(
                !state.fills_own_eye(mv),
                "seed {seed}: {mv} fills an own eye"
            );
            if mv == Move::Pass {
                assert!(
                    legal
                        .iter()
                        .all(|&m| m == Move::Pass || state.fills_own_eye(m)),
                    "seed {seed}: passed with an acceptable placement left"
                );
            }
            state.play(mv).unwrap();
        }
        assert!(state.is_over());
    }
}

#[test]
fn the_playout_draw_reaches_every_acceptable_move() {
    let mut state = Go9::new();
    common::play_all(&mut state, "E5 D5 C3");
    let mut seen = std::collections::BTreeSet::new();
    let mut rng = GameRng::seed_from(1);
    for _ in 0..4_000 {
        seen.insert(state.playout_move(&mut rng).unwrap());
    }
    assert_eq!(seen.len(), 78, "every empty point is acceptable here");
}

#[test]
fn an_own_eye_has_own_neighbours_and_at_most_one_opponent_diagonal_none_on_the_edge() {
    let game = position(
        &[
            ".X.......",
            "X.XO.....",
            ".X.......",
            ".........",
            "...X.....",
            "..X.X....",
            "..OX.....",
            "XX.......",
            ".X.......",
        ],
        Player::First,
    );
    // A1: a corner eye. A9: an edge eye. B8: no opponent diagonal. D4: one opponent
    // diagonal (C3) in the middle of the board is still an eye.
    for eye in ["A1", "A9", "B8", "D4"] {
        assert!(game.fills_own_eye(Move::Place(pt(eye))), "{eye}");
    }
    // C9 has an empty neighbour (D9): not an eye; B9 is a stone.
    assert!(!game.fills_own_eye(Move::Place(pt("C9"))));
    assert!(!game.fills_own_eye(Move::Place(pt("B9"))));
    // On the edge a single opponent diagonal makes the eye false.
    let edge = position(
        &[
            ".X.......",
            "XO.......",
            "O........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
        ],
        Player::First,
    );
    assert!(
        !edge.fills_own_eye(Move::Place(pt("A9"))),
        "a false edge eye"
    );
    let two_diagonals = position(
        &[
            ".........",
            ".........",
            ".........",
            ".........",
            "...XO....",
            "..X.X....",
            "..OX.O...",
            ".........",
            ".........",
        ],
        Player::First,
    );
    assert!(
        !two_diagonals.fills_own_eye(Move::Place(pt("D4"))),
        "a false eye"
    );
}

/// An own eye from the points' names alone (docs/go9.md, the playout policy): an empty
/// point whose on-board neighbours all hold the mover's stones, with no opponent stone on
/// its diagonals if it is on the edge, at most one otherwise. Also says whether the point
/// is surrounded by own stones (an eye or a false eye).
fn reference_own_eye(game: &Go9, col: i32, row: i32) -> (bool, bool) {
    const LETTERS: &[u8] = b"ABCDEFGHJ";
    let at = |c: i32, r: i32| -> Option<Option<Player>> {
        ((0..9).contains(&c) && (0..9).contains(&r)).then(|| {
            let name = format!("{}{}", LETTERS[c as usize] as char, r + 1);
            game.board().stone_at(pt(&name))
        })
    };
    let mover = game.to_move();
    if at(col, row) != Some(None) {
        return (false, false);
    }
    let sides = [(0, 1), (0, -1), (1, 0), (-1, 0)].map(|(dc, dr)| at(col + dc, row + dr));
    if sides
        .iter()
        .any(|s| matches!(s, Some(stone) if *stone != Some(mover)))
    {
        return (false, false);
    }
    let on_edge = sides.contains(&None);
    let enemies = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
        .iter()
        .filter(|&&(dc, dr)| at(col + dc, row + dr) == Some(Some(mover.other())))
        .count();
    (enemies == 0 || (!on_edge && enemies == 1), true)
}

#[test]
fn the_eye_test_agrees_with_the_rule_read_from_the_names_on_every_point_of_random_games() {
    // Every empty point of every position of 30 random games, for the player to move: each
    // of the eight neighbour directions is read from the names, not the engine's tables.
    let (mut eyes, mut false_eyes) = (0, 0);
    for seed in 0..30 {
        let mut game = Go9::new();
        let mut rng = GameRng::seed_from(1_000 + seed);
        loop {
            for row in 0..9 {
                for col in 0..9 {
                    let (expected, surrounded) = reference_own_eye(&game, col, row);
                    let name = format!("{}{}", b"ABCDEFGHJ"[col as usize] as char, row + 1);
                    let got = game.fills_own_eye(Move::Place(pt(&name)));
                    assert_eq!(got, expected, "seed {seed}, {name}, ply {}", game.ply());
                    eyes += usize::from(expected);
                    false_eyes += usize::from(surrounded && !expected);
                }
            }
            match game.playout_move(&mut rng) {
                Some(mv) => game.play(mv).unwrap(),
                None => break,
            }
        }
    }
    assert!(
        eyes > 1_000 && false_eyes > 100,
        "{eyes} eyes, {false_eyes} false ones"
    );
}

/// The playout policy rebuilt from the public API only: `legal_moves`, `fills_own_eye`,
/// `play` and the stones on the board. It keeps its own list of empty points in the order
/// the engine documents (the points in order at the start; a placement's point is replaced
/// by the last entry; captured points are appended in point order) and draws from a copy
/// without replacement, so the same seed must give the same game move for move.
/// Also returns how many drawn points were refused by superko alone.
fn reference_playout(seed: u64) -> (Go9, usize) {
    let mut superko_refusals = 0;
    let mut rng = GameRng::seed_from(seed);
    let mut state = Go9::new();
    let mut empties: Vec<Point> = (0..go9::POINTS).map(Point::from_index).collect();
    let mut legal = Vec::new();
    while !state.is_over() {
        state.legal_moves(&mut legal);
        let mut candidates = empties.clone();
        let mut n = candidates.len();
        let mut choice = Move::Pass;
        while n > 0 {
            let i = rng.below(n);
            let mv = Move::Place(candidates[i]);
            if legal.contains(&mv) && !state.fills_own_eye(mv) {
                choice = mv;
                break;
            }
            if matches!(state.check_move(mv), Err(go9::PlayError::Superko { .. })) {
                superko_refusals += 1;
            }
            n -= 1;
            candidates[i] = candidates[n];
        }
        let before: Vec<Option<Player>> = (0..go9::POINTS)
            .map(|i| state.board().stone_at(Point::from_index(i)))
            .collect();
        state.play(choice).unwrap();
        if let Move::Place(p) = choice {
            let slot = empties.iter().position(|&q| q == p).unwrap();
            let last = empties.pop().unwrap();
            if slot < empties.len() {
                empties[slot] = last;
            }
            for (i, was) in before.iter().enumerate() {
                let q = Point::from_index(i);
                if was.is_some() && state.board().stone_at(q).is_none() {
                    empties.push(q);
                }
            }
        }
    }
    (state, superko_refusals)
}

#[test]
fn the_fast_playout_plays_the_same_games_as_the_reference_built_from_the_public_api() {
    let (mut total_moves, mut superko_refusals) = (0, 0);
    for seed in 0..400 {
        let (reference, refusals) = reference_playout(seed);
        superko_refusals += refusals;
        let mut fast = Go9::new();
        let plies = fast.random_playout(&mut GameRng::seed_from(seed));
        let expected: Vec<(Player, Move)> = reference.played().collect();
        let got: Vec<(Player, Move)> = fast.played().collect();
        assert_eq!(got, expected, "seed {seed}: the games differ");
        assert_eq!(plies, expected.len(), "seed {seed}");
        assert_eq!(fast, reference, "seed {seed}: the final states differ");
        assert_eq!(fast.score(), reference.score(), "seed {seed}");
        assert_eq!(fast.result(), reference.result(), "seed {seed}");
        fast.validate().unwrap();
        // `playout_move` + `play` (the policy one move at a time) is the same game too.
        let mut stepped = Go9::new();
        let mut rng = GameRng::seed_from(seed);
        while let Some(mv) = stepped.playout_move(&mut rng) {
            stepped.play(mv).unwrap();
        }
        assert_eq!(stepped, fast, "seed {seed}: playout_move differs");
        total_moves += expected.len();
    }
    assert!(total_moves > 400 * 50, "the games are real games");
    assert!(
        superko_refusals > 0,
        "superko refused some drawn points in these games"
    );
}

#[test]
fn a_heavy_playout_ends_the_game_by_the_rules_and_returns_how_many_moves_it_played() {
    for seed in 0..20 {
        // From the empty board, and from a game already under way (a light playout's
        // first moves), so that the count is of this playout's moves only.
        let mut start = Go9::new();
        let mut rng = GameRng::seed_from(seed);
        for _ in 0..seed {
            if let Some(mv) = start.playout_move(&mut rng) {
                start.play(mv).unwrap();
            }
        }
        let mut game = start.clone();
        let plies = game.heavy_random_playout(&mut GameRng::seed_from(seed));
        assert!(game.is_over(), "seed {seed}: the playout ends the game");
        let before = start.played().count();
        let moves: Vec<(Player, Move)> = game.played().skip(before).collect();
        assert_eq!(plies, moves.len(), "seed {seed}: the moves it played");
        // Replayed with checked play (superko included), the moves rebuild the game.
        let mut replay = start.clone();
        for (mover, mv) in moves {
            assert_eq!(replay.to_move(), mover);
            replay
                .play(mv)
                .unwrap_or_else(|e| panic!("seed {seed}: {mv}: {e}"));
        }
        assert_eq!(replay, game, "seed {seed}");
    }
}
