//! Bind's actions and observation (`docs/actions.md`): its [`Encoded`], which `game-catalog` delegates to.
//!
//! On a board of side `n`, `9n² + 1` ids:
//! * `row * n + col` (0 to `n² − 1`): the single placement on that square (N-9);
//! * `n² + from * 8 + direction * 2 + (squares − 2)`: the line (N-6, N-14) starting on the
//!   square `from` (as a square id `row * n + col`, the taken square of rule 4) and filling
//!   2 or 3 squares towards `direction`: 0 right (higher column), 1 left, 2 up (higher
//!   row), 3 down. So `to` is 1 or 2 steps from `from`, as `Move::line` requires. A line
//!   whose last square would be off the board names no move;
//! * `9n²`: `pass` (N-11).
//!
//! Black's opening (N-3) is listed from its lower-left end, so it always goes right or up;
//! the same squares written from the other end are another id, well formed but never legal
//! (`PlayError::OpeningNotFromLowerLeft`).
//!
//! The observation is `[4, n, n]`, cell `row * n + col` for each square, from the player to
//! move: plane 0 its pieces (1.0 on a piece, else 0.0), plane 1 the opponent's pieces,
//! plane 2 all the mover's hand divided by the pieces per colour, plane 3 all the
//! opponent's hand divided by the pieces per colour (1.0 before a colour's first move,
//! N-2).

use crate::{Bind, Coord, Move, Player};

use game_core::encoding::{Encoded, flag_value, plane_mut, point_col_row, point_id};

/// The planes of the observation.
const PLANES: usize = 4;
/// The plane that is all the mover's hand.
const MOVER_HAND: usize = 2;
/// The plane that is all the opponent's hand.
const OPPONENT_HAND: usize = 3;
/// Line ids per square: 4 directions × 2 lengths.
const LINES_PER_SQUARE: usize = 8;
/// The step `(columns, rows)` of each direction, in id order: right, left, up, down.
const DIRECTION_STEPS: [(isize, isize); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];

/// The number of squares, `n²`: the first line id.
fn squares(game: &Bind) -> usize {
    let side = game.variant().size();
    side * side
}

/// The id of `pass`: after the placements and the lines, `9n²`.
fn pass_id(game: &Bind) -> usize {
    squares(game) * (1 + LINES_PER_SQUARE)
}

impl Encoded for Bind {
    /// Number of actions for this variant: `9n² + 1`.
    #[inline]
    fn num_actions(&self) -> usize {
        pass_id(self) + 1
    }

    /// The id of `mv` (module doc). A move off this board, or a line that is not 1 or 2 steps
    /// along a row or column, gets [`Encoded::num_actions`], which names no move.
    #[inline]
    fn action_of(&self, mv: Move) -> usize {
        let side = self.variant().size();
        let id = match mv {
            Move::Place(square) => square_id(square, side),
            Move::Pass => Some(pass_id(self)),
            Move::Line { from, to } => line_id(self, from, to),
        };
        id.unwrap_or_else(|| self.num_actions())
    }

    /// The move named by `action` (below [`Encoded::num_actions`], as the caller checks): `None` for a
    /// line whose last square is off the board.
    #[inline]
    fn decode_action(&self, action: usize) -> Option<Move> {
        let side = self.variant().size();
        let squares = squares(self);
        let pass = pass_id(self);
        if action < squares {
            let (col, row) = point_col_row(action, side);
            return Some(Move::Place(Coord::new(
                u8::try_from(col).ok()?,
                u8::try_from(row).ok()?,
            )));
        }
        if action == pass {
            return Some(Move::Pass);
        }
        let line = action - squares;
        let (from_id, direction, length_id) = (
            line / LINES_PER_SQUARE,
            line % LINES_PER_SQUARE / 2,
            line % 2,
        );
        let (col, row) = point_col_row(from_id, side);
        let from = Coord::new(u8::try_from(col).ok()?, u8::try_from(row).ok()?);
        // A line of 2 squares ends 1 step away, a line of 3 squares 2 steps away.
        let steps = if length_id == 0 { 1 } else { 2 };
        let to = step(from, direction, steps, side)?;
        Some(Move::Line { from, to })
    }

    /// The observation's shape: `[4, n, n]`.
    #[inline]
    fn observation_shape(&self) -> [usize; 3] {
        let side = self.variant().size();
        [PLANES, side, side]
    }

    /// The planes from `viewer`'s side.
    fn fill_observation(&self, viewer: Player, out: &mut [f32]) {
        let variant = self.variant();
        let side = variant.size();
        let plane_len = side * side;
        let mover = viewer;
        // Square ids are the cells' order (`row * side + col`).
        for (plane, player) in [(0, mover), (1, mover.other())] {
            let pieces = self.pieces_of(player);
            for (value, piece) in plane_mut(out, plane, plane_len).iter_mut().zip(pieces) {
                *value = flag_value(piece);
            }
        }
        let pieces = variant.pieces() as f32;
        let hands: [(usize, Player); 2] = [(MOVER_HAND, mover), (OPPONENT_HAND, mover.other())];
        for (plane, player) in hands {
            plane_mut(out, plane, plane_len).fill(self.hand(player) as f32 / pieces);
        }
    }
}

/// The square id of `coord`, or `None` off a board of side `side`.
fn square_id(coord: Coord, side: usize) -> Option<usize> {
    let (col, row) = (usize::from(coord.col), usize::from(coord.row));
    (col < side && row < side).then(|| point_id(col, row, side))
}

/// The square `steps` steps from `coord` towards `direction`, if it is on a board of side
/// `side`.
fn step(coord: Coord, direction: usize, steps: isize, side: usize) -> Option<Coord> {
    let (dc, dr) = DIRECTION_STEPS[direction];
    let col = usize::from(coord.col).checked_add_signed(dc * steps)?;
    let row = usize::from(coord.row).checked_add_signed(dr * steps)?;
    (col < side && row < side)
        .then_some(Coord::new(u8::try_from(col).ok()?, u8::try_from(row).ok()?))
}

/// The id of the line from `from` to `to`, if both ends are on the board and `to` is 1 or
/// 2 steps from `from` in one direction.
fn line_id(game: &Bind, from: Coord, to: Coord) -> Option<usize> {
    let side = game.variant().size();
    let from_id = square_id(from, side)?;
    square_id(to, side)?;
    let (dc, dr) = (
        isize::from(to.col) - isize::from(from.col),
        isize::from(to.row) - isize::from(from.row),
    );
    // A line of 2 squares ends 1 step away, a line of 3 squares 2 steps away.
    let distance = dc.abs() + dr.abs();
    let length_id = match distance {
        1 => 0,
        2 => 1,
        _ => return None,
    };
    let direction = DIRECTION_STEPS
        .iter()
        .position(|&(sc, sr)| (sc * distance, sr * distance) == (dc, dr))?;
    Some(squares(game) + from_id * LINES_PER_SQUARE + direction * 2 + length_id)
}

#[cfg(test)]
mod tests {
    use crate::{Player, Variant};

    use super::*;
    use game_core::Game;
    use game_core::checker::check_encoding;

    fn game(variant: Variant, moves: &[&str]) -> Bind {
        let mut game = Bind::new(variant);
        for text in moves {
            let mv = game.parse_move(text).unwrap();
            game.play(mv).unwrap();
        }
        game
    }

    fn mv(text: &str) -> Move {
        text.parse().unwrap()
    }

    #[test]
    fn ids_follow_the_formula() {
        let mini = Bind::new(Variant::MINI);
        assert_eq!(mini.num_actions(), 9 * 25 + 1);
        let cases = [
            ("A1", 0),
            ("C4", 3 * 5 + 2),
            // B2 is square 6: right, 3 squares.
            ("B2-D2", 25 + 6 * 8 + 1),
            ("B2-C2", 25 + 6 * 8),
            ("B2-A2", 25 + 6 * 8 + 2),
            ("B2-B4", 25 + 6 * 8 + 2 * 2 + 1),
            ("B2-B1", 25 + 6 * 8 + 3 * 2),
            ("E5-C5", 25 + 24 * 8 + 2 + 1),
            ("pass", 225),
        ];
        for (text, id) in cases {
            assert_eq!(mini.action_of(mv(text)), id, "{text}");
            assert_eq!(mini.decode_action(id), Some(mv(text)), "{id}");
        }
        // E1 (square 4) going right leaves the board: those ids name no move.
        assert_eq!(mini.decode_action(25 + 4 * 8), None);
        assert_eq!(mini.decode_action(25 + 4 * 8 + 1), None);
        // C2 (square 7) two to the left stays on the board; moves off it get 226.
        assert_eq!(mini.decode_action(25 + 7 * 8 + 2 + 1), Some(mv("C2-A2")));
        for off_board in ["F1", "E5-F5", "A6-A4"] {
            assert_eq!(mini.action_of(mv(off_board)), 226, "{off_board}");
        }
        let crooked = Move::Line {
            from: "A1".parse().unwrap(),
            to: "B2".parse().unwrap(),
        };
        assert_eq!(mini.action_of(crooked), 226);
        // Towards each of the 4 directions, a line of 2 leaves the 5×5 board from the 5
        // squares of the edge it heads for, a line of 3 from the 10 squares of the two
        // outer rows or columns: 4 × 15 = 60 of the 200 line ids name no move.
        let none = (25..225)
            .filter(|&id| mini.decode_action(id).is_none())
            .count();
        assert_eq!(none, 60);
    }

    #[test]
    fn ids_and_moves_agree_along_random_games() {
        let variants = [
            (Variant::MINI, 1000),
            (Variant::FULL, 1100),
            (Variant::custom(6, 20).unwrap(), 1200),
        ];
        for (variant, seed) in variants {
            let positions = check_encoding(&Bind::new(variant), seed, 20, 500).unwrap();
            assert!(positions > 20 * 5, "{variant:?}: {positions} positions");
        }
    }

    /// A 5×5 plane with 1.0 on `squares` and 0.0 elsewhere.
    fn pieces(squares: &[&str]) -> Vec<f32> {
        let mut plane = vec![0.0; 25];
        for square in squares {
            let coord: Coord = square.parse().unwrap();
            plane[usize::from(coord.row) * 5 + usize::from(coord.col)] = 1.0;
        }
        plane
    }

    fn planes(game: &Bind) -> Vec<Vec<f32>> {
        let side = game.variant().size();
        let observation = game.observation();
        (0..4)
            .map(|p| observation[p * side * side..(p + 1) * side * side].to_vec())
            .collect()
    }

    #[test]
    fn observations_of_the_first_three_moves() {
        // The start: nothing on the board, both hands full (12 of 12).
        let start = Bind::new(Variant::MINI);
        assert_eq!(start.observation_shape(), [4, 5, 5]);
        let full = vec![1.0; 25];
        let expected = [pieces(&[]), pieces(&[]), full.clone(), full.clone()];
        assert_eq!(planes(&start), expected);

        // Black's opening B2 C2 D2 (N-3): White to move with 12 in hand, Black 9.
        let opened = game(Variant::MINI, &["B2-D2"]);
        let expected = [
            pieces(&[]),
            pieces(&["B2", "C2", "D2"]),
            full.clone(),
            vec![9.0 / 12.0; 25],
        ];
        assert_eq!(planes(&opened), expected);

        // White takes B2 (back to Black's hand: 10) and fills B2 B3 B4 (N-4): White 9.
        let answered = game(Variant::MINI, &["B2-D2", "B2-B4"]);
        let expected = [
            pieces(&["C2", "D2"]),
            pieces(&["B2", "B3", "B4"]),
            vec![10.0 / 12.0; 25],
            vec![9.0 / 12.0; 25],
        ];
        assert_eq!(planes(&answered), expected);

        // Black takes the end B4 (White's B2 and B3 still touch, N-5; White 10 in hand)
        // and fills B4 C4: Black 8 in hand. White to move.
        let taken = game(Variant::MINI, &["B2-D2", "B2-B4", "B4-C4"]);
        let expected = [
            pieces(&["B2", "B3"]),
            pieces(&["C2", "D2", "B4", "C4"]),
            vec![10.0 / 12.0; 25],
            vec![8.0 / 12.0; 25],
        ];
        assert_eq!(planes(&taken), expected);
    }

    #[test]
    fn a_position_and_its_colour_swap_look_the_same_to_the_mover() {
        let mut compared = 0;
        for (variant, seed) in [(Variant::MINI, 1300), (Variant::FULL, 1400)] {
            for game_number in 0..5 {
                let mut rng = game_core::GameRng::seed_from(seed + game_number);
                let mut game = Bind::new(variant);
                let mut legal = Vec::new();
                while !game.is_over() && game.move_count() < 300 {
                    let mut setup = game.setup();
                    for row in &mut setup.board {
                        *row = row
                            .chars()
                            .map(|square| match square {
                                'B' => 'W',
                                'W' => 'B',
                                other => other,
                            })
                            .collect();
                    }
                    setup.hands = game_core::ByPlayer::new(setup.hands.second, setup.hands.first);
                    setup.first_move_due = game_core::ByPlayer::new(
                        setup.first_move_due.second,
                        setup.first_move_due.first,
                    );
                    setup.to_move = match setup.to_move {
                        Player::First => Player::Second,
                        Player::Second => Player::First,
                    };
                    // The first moves are ordered (Black's first), so their positions have
                    // no colour swap.
                    if let Ok(mirror) = Bind::from_setup(setup) {
                        assert_eq!(planes(&game), planes(&mirror));
                        compared += 1;
                    }
                    game.legal_moves(&mut legal);
                    game.play(legal[rng.below(legal.len())]).unwrap();
                }
            }
        }
        assert!(compared > 50, "{compared} positions compared");
    }

    #[test]
    fn the_piece_planes_are_owner_for_either_viewer_along_random_games() {
        let variants = [
            (Variant::MINI, 1),
            (Variant::FULL, 2),
            (Variant::custom(3, 5).unwrap(), 3),
            (Variant::custom(12, 40).unwrap(), 4),
        ];
        for (variant, seed) in variants {
            let side = variant.size();
            let mut rng = game_core::GameRng::seed_from(seed);
            let mut legal = Vec::new();
            let mut out = vec![0.0; Bind::new(variant).observation_len()];
            let mut compared = 0;
            // Whole games until 100 positions are compared (a 3×3 game is short).
            let mut game = Bind::new(variant);
            while compared < 100 {
                if game.is_over() || game.ply() >= 300 {
                    game = Bind::new(variant);
                }
                compared += 1;
                for viewer in Player::BOTH {
                    game.fill_observation(viewer, &mut out);
                    for index in 0..side * side {
                        let owner =
                            game.owner(Coord::new((index % side) as u8, (index / side) as u8));
                        let expected = [owner == Some(viewer), owner == Some(viewer.other())];
                        for (plane, &flag) in expected.iter().enumerate() {
                            assert_eq!(
                                out[plane * side * side + index],
                                flag_value(flag),
                                "{variant:?}, square {index}, plane {plane}, ply {}",
                                game.ply()
                            );
                        }
                    }
                }
                game.legal_moves(&mut legal);
                game.play(legal[rng.below(legal.len())]).unwrap();
            }
        }
    }
}
