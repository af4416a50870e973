//! Each prior term of docs/go9.md ("The computer opponent", priors) adds exactly its
//! documented virtual experience: even 5/10; a capture +15/15 (one stone) or +30/30; an
//! atari escape +20/20; a self-atari +0/15; a 3×3 pattern +10/10; next to the last move
//! +10/10, within two steps of it +5/5; with no stone within three steps, the first line
//! +0/10 and the third line +10/10.

use super::*;
use crate::test_support::{after, cell};

/// The prior of the player to move at `point`, as (virtual wins, virtual playouts),
/// where `point` matches no 3×3 pattern.
fn prior(state: &Go9, point: &str) -> (u32, u32) {
    prior_with_pattern(state, point, false)
}

/// The prior at `point`, which matches a 3×3 pattern or not as `pattern` says (the
/// patterns themselves are tested in `patterns`).
fn prior_with_pattern(state: &Go9, point: &str, pattern: bool) -> (u32, u32) {
    let cell = cell(point);
    assert_eq!(patterns::matches(state.board(), cell), pattern, "{point}");
    let prior = Go9Hooks::default().placement_prior(state, cell, state.last_cell());
    let wins = (prior.value * prior.weight as f32).round() as u32;
    (wins, prior.weight)
}

#[test]
fn on_an_empty_board_only_the_first_and_third_lines_differ_from_even() {
    let empty = Go9::new();
    assert_eq!(prior(&empty, "E5"), (5, 10));
    assert_eq!(prior(&empty, "D4"), (5, 10));
    assert_eq!(prior(&empty, "B5"), (5, 10));
    assert_eq!(prior(&empty, "C3"), (15, 20));
    assert_eq!(prior(&empty, "G5"), (15, 20));
    assert_eq!(prior(&empty, "A5"), (5, 20));
    assert_eq!(prior(&empty, "J9"), (5, 20));
}

/// The same on every point: the line is the distance to the nearest edge plus one, from
/// the point's row and column.
#[test]
fn on_an_empty_board_every_point_gets_the_term_of_its_line() {
    let empty = Go9::new();
    for index in 0..crate::layout::POINTS {
        let point = board_geometry::Point::from_index(index);
        let (row, col) = (index / 9, index % 9);
        let line = 1 + row.min(col).min(8 - row).min(8 - col);
        let expected = match line {
            1 => (5, 20),
            3 => (15, 20),
            _ => (5, 10),
        };
        let name = crate::moves::point_name(point);
        assert_eq!(prior(&empty, &name), expected, "{name} on line {line}");
    }
}

#[test]
fn the_last_move_draws_its_neighbours_and_its_stone_fills_the_empty_area() {
    // White to move after Black's E5.
    let state = after("E5");
    // The eight points around it.
    assert_eq!(prior(&state, "D4"), (15, 20));
    assert_eq!(prior(&state, "E6"), (15, 20));
    // Two steps away: E3 is on the third line, but E5 is within three steps of it.
    assert_eq!(prior(&state, "E7"), (10, 15));
    assert_eq!(prior(&state, "E3"), (10, 15));
    // Three steps away: no bonus, and no empty area either (E8 is on the second line).
    assert_eq!(prior(&state, "E8"), (5, 10));
    assert_eq!(prior(&state, "C2"), (5, 10));
    // Four steps away (two across and two up): the area within three steps is empty.
    assert_eq!(prior(&state, "C7"), (15, 20));
    assert_eq!(prior(&state, "A1"), (5, 20));
}

#[test]
fn captures_count_by_size_escapes_and_self_ataris_by_liberties_and_patterns_add_their_share() {
    // White E5 hemmed in by D5, F5 and E6, White to move after a pass (no last move).
    let state = after("D5 E5 F5 pass E6 A9 pass");
    assert_eq!(state.last_cell(), None);
    // E4 escapes (the chain E5–E4 has three liberties), and its neighbourhood is a
    // pattern: 5 + 20 + 10 of 10 + 20 + 10.
    assert_eq!(prior_with_pattern(&state, "E4", true), (35, 40));
    // Black to move with the last move far away: E4 captures one stone (and is a
    // pattern).
    let state = after("D5 E5 F5 pass E6 A9");
    assert_eq!(prior_with_pattern(&state, "E4", true), (30, 35));
    // White E5 and E4 with one liberty, E3: capturing two stones.
    let state = after("D5 E5 F5 E4 E6 A9 D4 B9 F4 C9");
    assert_eq!(prior_with_pattern(&state, "E3", true), (45, 50));
    // White to move, Black B1 on the edge: White A1 would keep one liberty (A2).
    let state = after("B1 E9 pass");
    assert_eq!(prior(&state, "A1"), (5, 25));
}
