//! Edge cases a careful player raises, per decision id: rejected moves leave the state
//! alone, the 300-move end (G-6) and its undo (G-8), G-5 after the end, G-9 step 4's
//! "small region" boundary, and the empty board's count (G-10). Expected values are worked
//! out by hand from the decision text, never taken from the engine.

mod common;

use common::{ko, play_all, position, pt};
use game_core::{Game, GameRng, Player};
use go9::{EndReason, Go9, Move, PlayError};

const B: Player = Player::First;
const W: Player = Player::Second;

/// A game of 299 random placements (passing only when no placement is legal).
fn game_of_299_moves(seed: u64) -> Go9 {
    let mut game = Go9::new();
    let mut rng = GameRng::seed_from(seed);
    let mut moves = Vec::new();
    while game.ply() < 299 {
        game.legal_moves(&mut moves);
        let placements: Vec<Move> = moves.iter().copied().filter(|m| *m != Move::Pass).collect();
        let mv = if placements.is_empty() || game.consecutive_passes() > 0 {
            // A pass right after a pass would end the game early; place if we can.
            placements.first().copied().unwrap_or(Move::Pass)
        } else {
            placements[rng.below(placements.len())]
        };
        game.play(mv).unwrap();
    }
    assert!(!game.is_over(), "the game ended before move 300");
    game
}

#[test]
fn g6_a_single_pass_as_the_300th_move_ends_the_game() {
    let mut game = game_of_299_moves(3);
    assert_eq!(game.consecutive_passes(), 0);
    assert!(game.is_legal(Move::Pass));
    play_all(&mut game, "pass");
    assert!(matches!(game.end_reason(), Some(EndReason::MoveLimit(_))));
    assert_eq!(game.ply(), 300);
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    assert!(
        moves.is_empty(),
        "a finished game has no legal moves: {moves:?}"
    );
    assert_eq!(
        game.result(),
        Some(game.score().result()),
        "counted normally"
    );
}

#[test]
fn g8_undoing_the_300th_move_reopens_the_game_and_it_can_be_played_again() {
    let before = game_of_299_moves(5);
    let mut game = before.clone();
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let last = moves[0];
    game.play(last).unwrap();
    assert!(matches!(game.end_reason(), Some(EndReason::MoveLimit(_))));
    assert_eq!(game.undo(), Ok(last));
    assert_eq!(game, before);
    assert!(!game.is_over());
    game.play(Move::Pass).unwrap();
    assert!(matches!(game.end_reason(), Some(EndReason::MoveLimit(_))));
}

#[test]
fn g2_g3_g4_rejected_moves_leave_the_state_unchanged_in_and_out_of_turn() {
    // White to move in the corner: A1 is suicide, A2 is occupied.
    let mut corner = position(
        &[
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            "X........",
            ".X.......",
        ],
        W,
    );
    let before = corner.clone();
    assert_eq!(
        corner.play(Move::Place(pt("A1"))),
        Err(PlayError::Suicide(pt("A1")))
    );
    assert_eq!(corner, before);
    assert_eq!(
        corner.play_as(W, Move::Place(pt("A2"))),
        Err(PlayError::Occupied(pt("A2")))
    );
    assert_eq!(corner, before);

    // Superko, by the colour to move and by the other colour through `play_as`.
    let mut ko = ko();
    play_all(&mut ko, "E5");
    let before = ko.clone();
    assert!(matches!(
        ko.play(Move::Place(pt("D5"))),
        Err(PlayError::Superko { .. })
    ));
    assert_eq!(ko, before);
    ko.play_as(B, Move::Pass).unwrap();
    assert!(matches!(
        ko.play_as(W, Move::Place(pt("D5"))),
        Err(PlayError::Superko { .. })
    ));

    // After the end, nothing at all, and nothing changes.
    let mut over = Go9::new();
    play_all(&mut over, "pass pass");
    let before = over.clone();
    for (player, mv) in [(B, Move::Pass), (W, Move::Pass), (W, Move::Place(pt("E5")))] {
        assert_eq!(over.play_as(player, mv), Err(PlayError::GameOver));
        assert_eq!(over, before);
    }
}

#[test]
fn g5_no_point_is_listed_after_the_end_and_the_list_follows_the_mover() {
    let mut game = ko();
    play_all(&mut game, "E5");
    assert_eq!(game.superko_points(), vec![pt("D5")]);
    // Black's own move to D5 is a plain placement (no capture, no repeat).
    assert!(game.check_move_for(B, Move::Place(pt("D5"))).is_ok());
    play_all(&mut game, "pass pass");
    assert!(game.is_over());
    assert!(game.superko_points().is_empty());
}

#[test]
fn g10_the_empty_board_is_all_neutral_and_white_wins_by_komi() {
    let mut game = Go9::new();
    play_all(&mut game, "pass pass");
    let score = game.score();
    assert_eq!(
        (score.area.first, score.area.second, score.neutral),
        (0, 0, 81)
    );
    assert_eq!(game.result().as_deref(), Some("W+7"));
    assert_eq!(game.outcome().winner(), Some(W));
}

/// A pass-alive black chain (eyes: all of row 1 and A3–H3) that walls off a corner. The
/// corner rows are given; the rest of the board is fixed.
fn walled_corner(top: [&str; 3]) -> Go9 {
    position(
        &[
            top[0],
            top[1],
            top[2],
            "..X......",
            "..X......",
            "XXXXXXXXX",
            "........X",
            "XXXXXXXXX",
            ".........",
        ],
        B,
    )
}

#[test]
fn g9_step4_a_region_with_one_point_away_from_the_owner_is_territory_even_with_stones() {
    // Corner region A8 B8 A9 B9: only A9 has no black neighbour, so the white stone on it
    // lies in Black's pass-alive territory and is removed.
    let game = walled_corner(["O.X......", "..X......", "XXX......"]);
    let score = game.score();
    assert_eq!(score.dead.second, vec![pt("A9")]);
    assert!(score.dead.first.is_empty());
    // Black: 26 stones + 4 (corner) + 4 (A5 B5 A6 B6) + 8 (row 3) + 9 (row 1) + 30
    // (D5–J9): the whole board.
    assert_eq!(
        (score.area.first, score.area.second, score.neutral),
        (81, 0, 0)
    );
}

#[test]
fn g9_step4_a_region_with_two_points_away_from_the_owner_keeps_opponent_stones() {
    // Corner region A8 B8 C8 A9 B9 C9: A9 and B9 have no black neighbour, and it holds a
    // white stone, so it is not territory: the stone stays and the region is nobody's.
    let game = walled_corner(["O..X.....", "...X.....", "XXXX....."]);
    let score = game.score();
    assert!(score.dead.second.is_empty(), "{:?}", score.dead);
    assert!(score.dead.first.is_empty(), "{:?}", score.dead);
    // The five empty corner points are one region touching White's A9: neutral.
    // Black: 27 stones + 4 + 8 + 9 + 27 (D5–J9 less D7–D9) = 75; White: 1 stone.
    assert_eq!(
        (score.area.first, score.area.second, score.neutral),
        (75, 1, 5)
    );
}

#[test]
fn g9_step4_a_big_region_with_an_opponent_stone_is_not_territory() {
    // The open right side holds a white stone far from every black stone: not removed.
    let game = walled_corner(["..X......", "..X...O..", "XXX......"]);
    let score = game.score();
    assert!(score.dead.second.is_empty(), "{:?}", score.dead);
    // The right side's 29 empty points touch White's G8: neutral. Black: 26 stones + 4
    // (corner) + 4 + 8 + 9 = 51; White: 1.
    assert_eq!(
        (score.area.first, score.area.second, score.neutral),
        (51, 1, 29)
    );
}

#[test]
fn g10_g11_the_seeds_example_black_45_white_36_plus_7_is_black_by_2() {
    // The seed text's worked example: Black 45, White 36 + 7 = 43, Black by 2. Black's wall on column E owns A–E
    // (45 points), White's wall on column F owns F–J (36 points).
    let row = "....XO...";
    let mut game = position(&[row; 9], B);
    let score = game.score();
    assert_eq!(
        (score.area.first, score.area.second, score.neutral),
        (45, 36, 0)
    );
    assert_eq!(score.to_string(), "Black 45 – White 43, komi 7");
    play_all(&mut game, "pass pass");
    assert_eq!(game.result().as_deref(), Some("B+2"));
    assert_eq!(game.outcome().winner(), Some(B));
}

/// The "state unchanged" assertions above are only as good as equality: boards that
/// differ must compare unequal, and the incremental Zobrist hash must tell positions apart
/// (a board equality that always answered `true`, or a table of zero keys, would pass
/// every other test).
#[test]
fn g2_g4_different_boards_compare_unequal_and_hash_differently() {
    let empty = Go9::new();
    let mut black_e5 = Go9::new();
    play_all(&mut black_e5, "E5");
    let mut black_d5 = Go9::new();
    play_all(&mut black_d5, "D5");
    let white_e5 = position(
        &[
            ".........",
            ".........",
            ".........",
            ".........",
            "....O....",
            ".........",
            ".........",
            ".........",
            ".........",
        ],
        B,
    );
    let boards = [
        empty.board(),
        black_e5.board(),
        black_d5.board(),
        white_e5.board(),
    ];
    for (i, a) in boards.iter().enumerate() {
        for (j, b) in boards.iter().enumerate() {
            assert_eq!(a == b, i == j, "boards {i} and {j}");
            assert_eq!(a.hash() == b.hash(), i == j, "hashes of boards {i} and {j}");
        }
    }
    assert_ne!(black_e5, black_d5);
    assert_ne!(black_e5, empty);
    // The same stones reached in another order: the same board and hash.
    let (mut one, mut other) = (Go9::new(), Go9::new());
    play_all(&mut one, "E5 D5 C3 G7");
    play_all(&mut other, "C3 G7 E5 D5");
    assert_eq!(one.board(), other.board());
    assert_eq!(one.board().hash(), other.board().hash());
    // Every board of a long random game (all different, by superko) has its own hash.
    let mut game = Go9::new();
    let mut rng = GameRng::seed_from(5);
    let mut hashes = std::collections::HashSet::new();
    hashes.insert(game.board().hash());
    while let Some(mv) = game.playout_move(&mut rng) {
        game.play(mv).unwrap();
        if mv != Move::Pass {
            assert!(
                hashes.insert(game.board().hash()),
                "a repeated hash at ply {}",
                game.ply()
            );
        }
    }
    assert!(hashes.len() > 50);
}

/// G-4 (positional superko compares boards by their hash first): the hash is the documented
/// XOR of the workspace's stable Zobrist keys, computed here from the stones alone, along a
/// random game with captures.
#[test]
fn g4_the_board_hash_is_the_xor_of_the_stable_keys_of_its_stones() {
    use go9::board_geometry::{Point, zobrist};
    let mut game = Go9::new();
    let mut rng = GameRng::seed_from(17);
    let mut captures_seen = false;
    while let Some(mv) = game.playout_move(&mut rng) {
        let before: usize = [B, W].iter().map(|&p| game.board().stone_count(p)).sum();
        game.play(mv).unwrap();
        let after: usize = [B, W].iter().map(|&p| game.board().stone_count(p)).sum();
        captures_seen |= after < before;
        let mut expected = 0u64;
        for index in 0..81 {
            let p = Point::from_index(index);
            if let Some(player) = game.board().stone_at(p) {
                expected ^= zobrist::key64(p, player.index());
            }
        }
        assert_eq!(game.board().hash(), expected, "ply {}", game.ply());
    }
    assert!(captures_seen, "the game should include captures");
}

/// G-3 (captures and suicide are decided by chains and their liberties): along random games,
/// every stone's chain and liberties as the board reports them equal a flood fill over the
/// stones alone; an empty point has neither; the stone counts are the stones listed.
#[test]
fn g3_chains_and_liberties_equal_a_flood_fill_of_the_stones() {
    use common::brute::neighbours;
    use go9::Point;
    for seed in 0..10 {
        let mut game = Go9::new();
        let mut rng = GameRng::seed_from(seed);
        while let Some(mv) = game.playout_move(&mut rng) {
            game.play(mv).unwrap();
            let board = game.board();
            let at = |i: usize| board.stone_at(Point::from_index(i));
            for player in [B, W] {
                let listed = board.stone_points(player);
                assert_eq!(board.stone_count(player), listed.len());
                assert!(listed.iter().all(|&p| board.stone_at(p) == Some(player)));
            }
            for start in 0..81 {
                let p = Point::from_index(start);
                let Some(colour) = at(start) else {
                    assert!(board.chain_points(p).is_empty());
                    assert!(board.liberty_points(p).is_empty());
                    continue;
                };
                let mut chain = vec![start];
                let mut seen = [false; 81];
                seen[start] = true;
                let mut k = 0;
                while k < chain.len() {
                    for n in neighbours(chain[k]) {
                        if !seen[n] && at(n) == Some(colour) {
                            seen[n] = true;
                            chain.push(n);
                        }
                    }
                    k += 1;
                }
                chain.sort_unstable();
                let mut liberties: Vec<usize> = chain
                    .iter()
                    .flat_map(|&s| neighbours(s))
                    .filter(|&n| at(n).is_none())
                    .collect();
                liberties.sort_unstable();
                liberties.dedup();
                let got = |points: Vec<Point>| points.iter().map(|q| q.index()).collect::<Vec<_>>();
                assert_eq!(got(board.chain_points(p)), chain, "chain of {start}");
                assert_eq!(
                    got(board.liberty_points(p)),
                    liberties,
                    "liberties of {start}"
                );
                assert!(!liberties.is_empty(), "no chain is left without liberties");
            }
        }
    }
}
