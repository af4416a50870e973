//! Equality of whole games, on which every "a refused move leaves the game unchanged"
//! check of the suites leans (G-2, G-3, G-4): it must read every part of the game.

use super::*;
use crate::setup::Setup;
use crate::test_support::{after, cell};
use game_core::Game;

/// One change to one part of a game.
type Change = fn(&mut Go9);

#[test]
fn equality_reads_every_part_of_the_game() {
    // Black E5, White D4, Black passes, White C3: stones, history and undo records.
    let base = after("E5 D4 pass C3");
    assert_eq!(base, base.clone());
    let changes: [(&str, Change); 12] = [
        ("the stones, with the hash kept", |g| {
            let black = g.board.stones_of(Player::First) | bit(cell("J9"));
            let white = g.board.stones_of(Player::Second);
            g.board = Board::from_masks(black, white).with_stored_hash(g.board.hash());
        }),
        ("the stored hash", |g| {
            g.board = g.board.with_stored_hash(g.board.hash() ^ 1);
        }),
        ("the player to move", |g| g.to_move = g.to_move.other()),
        ("the passes in a row", |g| g.passes += 1),
        ("the prisoners", |g| g.prisoners.second += 1),
        ("the end", |g| g.end = Some(Ending::AgreedDraw)),
        ("the points ever occupied", |g| {
            g.ever_occupied |= bit(cell("J9"))
        }),
        ("the boards seen", |g| {
            let first = g.seen[0];
            g.seen.push(first);
        }),
        ("the moves", |g| g.moves[0] = Move::Pass),
        ("the undo records", |g| {
            g.played[0].first_on_point = !g.played[0].first_on_point;
        }),
        ("the set-up", |g| g.setup[0] |= bit(cell("J9"))),
        ("the first player", |g| {
            g.first_to_move = g.first_to_move.other();
        }),
    ];
    for (part, change) in changes {
        let mut changed = base.clone();
        change(&mut changed);
        assert_ne!(changed, base, "{part}");
        assert_ne!(base, changed, "{part}");
    }
}

/// `Go9::validate`, which the random-game properties call after every move, refuses each
/// kind of corruption it promises to find (and accepts the game itself).
#[test]
fn validate_refuses_each_broken_invariant() {
    let base = after("E5 D4 pass C3 E4");
    base.validate().unwrap();
    let j9 = bit(cell("J9"));
    let breaks: [(&str, Change); 9] = [
        ("incremental hash", |g| {
            g.board = g.board.with_stored_hash(g.board.hash() ^ 1);
        }),
        ("history is empty", |g| g.seen.clear()),
        ("last board of the history", |g| {
            let last = g.seen.len() - 1;
            g.seen[last].masks[1] |= bit(cell("J9"));
        }),
        ("board 2 of the history repeats an earlier one", |g| {
            g.seen[2] = Seen {
                made_by: g.seen[2].made_by,
                ..g.seen[0]
            };
        }),
        (
            "board 3 of the history links to the wrong board with as many stones of colour 1",
            |g| g.seen[3].earlier_same_count[1] = 1,
        ),
        ("lists by stone count", |g| g.by_count[0].pop(2, 0)),
        ("ever-occupied points", |g| {
            g.ever_occupied |= bit(cell("J9"))
        }),
        ("moves and their bookkeeping", |g| {
            g.played.pop();
        }),
        ("passes counted", |g| g.passes = 1),
    ];
    assert_eq!(base.board.stones_of(Player::Second) & j9, 0);
    for (message, change) in breaks {
        let mut broken = base.clone();
        change(&mut broken);
        let err = broken.validate().expect_err(message);
        assert!(err.contains(message), "{message}: {err}");
    }
}

#[test]
fn a_playout_reserves_the_history_of_a_whole_game_at_its_first_move() {
    // Playing on in a playout never reallocates the history: the first move already
    // finds room for MOVE_LIMIT moves (the vectors would otherwise grow by doubling).
    let mut game = Go9::new();
    game.light_playout(&mut game_core::GameRng::seed_from(3), 1, |_, _| {});
    assert_eq!(game.played.len(), 1);
    for (part, capacity) in [
        ("moves", game.moves.capacity()),
        ("played", game.played.capacity()),
        ("seen", game.seen.capacity()),
    ] {
        assert!(capacity >= MOVE_LIMIT, "{part}: room for {capacity}");
    }
}

#[test]
fn g4_a_board_repeats_only_if_it_is_the_same_board_not_just_the_same_key() {
    // A ko: Black E5 has just taken White D5, so White's retake at D5 would repeat the
    // board before it (G-4, positional superko).
    let game = after("D6 E6 C5 F5 D4 E4 J1 D5 E5");
    let retake = Move::Place(crate::layout::point_of(cell("D5")));
    assert!(
        game.check_move(retake).is_err(),
        "the retake repeats a board"
    );
    // The same history with every stored board changed but its key kept: a key match
    // alone (a 32-bit hash collision) must not make a move a repeat.
    let mut forged = game.clone();
    for seen in &mut forged.seen {
        seen.masks = [1, 1];
    }
    assert_eq!(forged.check_move(retake), Ok(()));
}

#[test]
fn a_point_listed_twice_in_a_setup_holds_one_stone() {
    // `Go9::from_setup`'s documented promise: a point listed twice counts once.
    let (e5, c3) = (
        crate::layout::point_of(cell("E5")),
        crate::layout::point_of(cell("C3")),
    );
    let game = Go9::from_setup(Setup::new(
        ByPlayer::new(vec![e5, e5, e5], vec![c3, c3]),
        Player::First,
    ))
    .expect("a valid setup");
    assert_eq!(game.board().stone_at(e5), Some(Player::First));
    assert_eq!(game.board().stone_at(c3), Some(Player::Second));
    assert_eq!(
        (
            game.board().stone_count(Player::First),
            game.board().stone_count(Player::Second)
        ),
        (1, 1)
    );
}

#[test]
fn only_points_where_a_stone_stood_may_repeat_and_need_a_closer_look() {
    // White's D5 is captured by Black's E5 ... C5, D4, D6: D5 is empty again, next to
    // nothing empty, and a stone stood there; F9 never held one.
    let game = after("D4 D5 C5 J9 D6 J8 E5");
    let (d5, f9, e5) = (cell("D5"), cell("F9"), cell("E5"));
    assert_eq!(game.board.cell(d5), EMPTY, "D5 was captured");
    assert!(game.may_repeat(d5) && game.may_repeat(e5));
    assert!(!game.may_repeat(f9));
    let surely = game.surely_legal();
    assert_eq!(
        surely & bit(f9),
        bit(f9),
        "F9: empty all round, never held a stone"
    );
    assert_eq!(
        surely & bit(d5),
        0,
        "D5: surrounded, and a stone stood there"
    );
    assert_eq!(surely & bit(e5), 0, "E5: occupied");
    // Points where a stone stood need the closer look even next to an empty point: White's
    // A1-B1 captured by C1 leaves two such points side by side.
    let two = after("A2 A1 B2 B1 C1");
    let (a1, b1) = (cell("A1"), cell("B1"));
    assert_eq!((two.board.cell(a1), two.board.cell(b1)), (EMPTY, EMPTY));
    assert!(two.may_repeat(a1) && two.may_repeat(b1));
    assert_eq!(two.surely_legal() & (bit(a1) | bit(b1)), 0);
}

/// `clone_from` gives the same game as `clone` (every part, as equality reads them) and
/// keeps the history's buffers, so a game started again allocates nothing.
#[test]
fn clone_from_copies_every_part_and_keeps_the_history_buffers() {
    let long = after("E5 D4 pass C3 E4 D5 F5 D6");
    let start = Go9::new();
    let mut game = long.clone();
    assert_eq!(game, long);
    let capacities = (
        game.seen.capacity(),
        game.moves.capacity(),
        game.played.capacity(),
    );
    game.clone_from(&start);
    assert_eq!(game, start);
    assert_eq!(
        (
            game.seen.capacity(),
            game.moves.capacity(),
            game.played.capacity()
        ),
        capacities
    );
    game.clone_from(&long);
    assert_eq!(game, long);
    game.validate().unwrap();
}

/// `placement_refusals` names empty points only, and each for the reason `check_placement`
/// gives, for both colours at every position of random games.
#[test]
fn g3_g4_refusals_are_empty_points_refused_for_the_reason_check_placement_gives() {
    let mut rng = game_core::GameRng::seed_from(77);
    let mut moves = Vec::new();
    let (mut suicides, mut repeats) = (0, 0);
    for _ in 0..100 {
        let mut game = Go9::new();
        while !game.is_over() {
            let empty = game.board.empty_mask();
            for player in Player::BOTH {
                let refusals = game.placement_refusals(player);
                assert_eq!(
                    refusals.suicide & !empty,
                    0,
                    "suicide on a stone or off the board"
                );
                assert_eq!(
                    refusals.superko & !empty,
                    0,
                    "superko on a stone or off the board"
                );
                for c in crate::layout::cells(empty) {
                    let expected = match game.check_placement(c, player) {
                        Ok(_) => (false, false),
                        Err(PlayError::Suicide(_)) => (true, false),
                        Err(PlayError::Superko { .. }) => (false, true),
                        Err(other) => panic!("{other}"),
                    };
                    let found = (
                        refusals.suicide & crate::layout::bit(c) != 0,
                        refusals.superko & crate::layout::bit(c) != 0,
                    );
                    assert_eq!(
                        found,
                        expected,
                        "cell {c} for {player:?}, ply {}",
                        game.ply()
                    );
                    suicides += usize::from(expected.0);
                    repeats += usize::from(expected.1);
                }
            }
            game.legal_moves(&mut moves);
            game.play(*rng.choose(&moves).unwrap()).unwrap();
        }
    }
    assert!(
        suicides > 0 && repeats > 0,
        "{suicides} suicides, {repeats} repeats"
    );
}
