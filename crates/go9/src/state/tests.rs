//! Equality of whole games, on which every "a refused move leaves the game unchanged"
//! check of the suites leans (G-2, G-3, G-4): it must read every part of the game.

use super::*;
use crate::test_support::{after, cell};

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
