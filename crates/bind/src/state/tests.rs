//! Tests of the state's private parts: `Bind::validate` must notice every stored count
//! that disagrees with the board (the random-game and perft suites lean on it, and they
//! only ever see states it accepts), equality must look at every part of a state, and the
//! history keeps its allocation plan.

use super::*;
use crate::variant::Variant;

/// A mini game after `plies` moves, each the first legal move in the generator's order.
fn played(plies: usize) -> Bind {
    let mut state = Bind::new(Variant::MINI);
    let mut moves = Vec::new();
    for _ in 0..plies {
        state.legal_moves(&mut moves);
        let Some(&mv) = moves.first() else { break };
        state.play(mv).unwrap();
    }
    state
}

/// A mid-game position with pieces of both colours on the board, partnered and not,
/// and empty squares left.
fn midgame() -> Bind {
    let state = played(4);
    assert!(state.end.is_none());
    for player in Player::BOTH {
        assert!(state.on_board[player] > 0, "{state:?}");
    }
    assert!(first_empty(&state).is_some());
    state.validate().unwrap();
    state
}

/// The first empty square of `state`, if any.
fn first_empty(state: &Bind) -> Option<usize> {
    (0..state.squares()).find(|&s| state.owner_at(s).is_none())
}

fn refused(state: &Bind, what: &str) -> String {
    match state.validate() {
        Ok(()) => panic!("validate accepted {what}: {state:?}"),
        Err(message) => message,
    }
}

#[test]
fn n2_a_piece_added_to_or_missing_from_a_hand_is_refused() {
    for player in Player::BOTH {
        let mut state = midgame();
        state.hands[player] += 1;
        assert!(refused(&state, "an extra piece in hand").contains("N-2"));
        let mut state = midgame();
        state.hands[player] -= 1;
        assert!(refused(&state, "a missing piece").contains("N-2"));
    }
}

#[test]
fn stored_partner_counts_and_partner_bits_on_empty_squares_are_refused() {
    let state = midgame();
    let occupied = (0..state.squares())
        .find(|&s| state.owner_at(s).is_some())
        .unwrap();
    let mut wrong = state.clone();
    wrong.cells[occupied] += PARTNER_UNIT;
    refused(&wrong, "a partner count one too high");
    let empty = first_empty(&state).unwrap();
    let mut wrong = state.clone();
    wrong.cells[empty] = PARTNER_UNIT;
    refused(&wrong, "partner bits on an empty square");
}

#[test]
fn stored_board_counts_isolation_counts_and_bitboards_are_refused() {
    for player in Player::BOTH {
        let mut state = midgame();
        state.on_board[player] += 1;
        refused(&state, "a board count one too high");
        let mut state = midgame();
        state.isolated[player] += 1;
        refused(&state, "an isolation count one too high");
        let mut state = midgame();
        let empty = first_empty(&state).unwrap();
        state.bits[player] |= 1 << empty;
        refused(&state, "a bitboard with an empty square set");
    }
}

/// N-3: a colour that has played has no first move due any more.
#[test]
fn n3_a_first_move_due_after_playing_is_refused() {
    for player in Player::BOTH {
        let mut state = midgame();
        state.first_move_due[player] = true;
        refused(&state, "a first move due after playing");
    }
    // Before White's first move, White's first move is due, and that is consistent.
    let state = played(1);
    assert!(state.first_move_due[Player::Second]);
    state.validate().unwrap();
}

/// The stored end must be the rules' end (N-10, N-12, N-16), except a resignation
/// (N-15), which the board cannot show.
#[test]
fn an_end_the_rules_do_not_give_is_refused_and_a_resignation_is_kept() {
    let mut state = midgame();
    state.end = Some(EndReason::BothHoldOne);
    refused(&state, "a draw in the middle of the game");
    let mut state = midgame();
    state.resign(Player::First).unwrap();
    state.validate().unwrap();
    let finished = played(usize::MAX);
    assert!(finished.end.is_some(), "{finished:?}");
    finished.validate().unwrap();
    let mut state = finished.clone();
    state.end = None;
    refused(&state, "a finished game stored as ongoing");
}

/// Two states are equal when their positions and their histories, with the position a
/// history starts from, are (the `Bind` documentation): a change to any one part makes
/// them differ.
#[test]
fn equality_looks_at_every_part_of_a_state() {
    let state = midgame();
    assert_eq!(state, state.clone());
    type Change = fn(&mut Bind);
    let changes: [(&str, Change); 12] = [
        ("variant", |s| s.variant = Variant::FULL),
        ("cells", |s| s.cells[0] ^= PARTNER_UNIT),
        ("hands", |s| s.hands.second += 1),
        ("on_board", |s| s.on_board.first += 1),
        ("isolated", |s| s.isolated.second += 1),
        ("bits", |s| s.bits.first ^= 1 << 20),
        ("first_move_due", |s| s.first_move_due.second = true),
        ("to_move", |s| s.to_move = s.to_move.other()),
        ("ply", |s| s.ply += 1),
        ("end", |s| s.end = Some(EndReason::BothHoldOne)),
        ("history", |s| {
            s.history.pop();
        }),
        ("origin", |s| s.origin = Some(Arc::new(s.setup()))),
    ];
    for (part, change) in changes {
        let mut changed = state.clone();
        change(&mut changed);
        assert_ne!(state, changed, "a state with another {part}");
        assert_ne!(changed, state, "a state with another {part}");
    }
}

/// The history's allocation plan (`HISTORY_START`): one allocation of 64 moves at the
/// first move, which most games never outgrow, then doubling when full. Watched along
/// random games of both variants, and of a 12×12 board with 72 pieces each, whose games
/// outgrow the first allocation.
#[test]
fn the_history_is_allocated_once_for_64_moves_then_doubles() {
    let mut rng = game_core::GameRng::seed_from(13);
    let mut moves = Vec::new();
    let mut longest = 0;
    let large = Variant::custom(12, 72).unwrap();
    for variant in [Variant::MINI, Variant::FULL, large]
        .into_iter()
        .cycle()
        .take(30)
    {
        let mut state = Bind::new(variant);
        assert_eq!(
            state.history.capacity(),
            0,
            "nothing is allocated before a move"
        );
        while state.end.is_none() {
            state.legal_moves(&mut moves);
            let mv = moves[rng.below(moves.len())];
            let before = state.history.capacity();
            state.play(mv).unwrap();
            let (len, capacity) = (state.history.len(), state.history.capacity());
            let expected = if before == 0 {
                HISTORY_START
            } else if len > before {
                2 * before
            } else {
                before
            };
            assert_eq!(capacity, expected, "after {len} moves");
        }
        longest = longest.max(state.history.len());
    }
    assert!(
        longest > HISTORY_START,
        "a game grew the history: {longest}"
    );
}
