//! Kazura's actions and observation (`docs/actions.md`): its [`Encoded`], which `game-catalog` delegates to.
//!
//! On a board of side `n`: the point `(col, row)` is `row * n + col` (`A1` = 0), `pass` is
//! `n²` and `swap` is `n² + 1`, so there are `n² + 2` ids, each naming a move.
//!
//! The observation is `[4, n, n]`, cell `row * n + col` for each point, from the colour to
//! move: plane 0 its stones (1.0 on a stone, else 0.0), plane 1 the other colour's stones,
//! plane 2 all 1.0 while `swap` is legal (K-8: White's answer to Black's first stone) else
//! all 0.0, plane 3 all 1.0 when the colour to move is Black else all 0.0.

use crate::{Colour, Coord, Kazura, Move};
use game_core::{Game, Player};

use game_core::encoding::{Encoded, flag_value, plane_mut, point_col_row, point_id};

/// The planes of the observation.
const PLANES: usize = 4;
/// The plane that is all ones while `swap` is legal.
const SWAP_LEGAL: usize = 2;
/// The plane that is all ones when the mover is Black.
const MOVER_IS_BLACK: usize = 3;

/// The id of `pass` on a board of side `side`: `side²`; `swap` is the next one.
const fn pass_id(side: usize) -> usize {
    side * side
}

impl Encoded for Kazura {
    /// Number of actions for this board size: `n² + 2`.
    #[inline]
    fn num_actions(&self) -> usize {
        pass_id(self.size()) + 2
    }

    /// The id of `mv`: `row * n + col` for a placement, `n²` for `pass`, `n² + 1` for `swap`.
    /// A placement off this board gets [`Encoded::num_actions`], which names no move.
    #[inline]
    fn action_of(&self, mv: Move) -> usize {
        let side = self.size();
        match mv {
            Move::Place(coord) => {
                let (col, row) = (usize::from(coord.col), usize::from(coord.row));
                if col < side && row < side {
                    point_id(col, row, side)
                } else {
                    self.num_actions()
                }
            }
            Move::Pass => pass_id(side),
            Move::Swap => pass_id(side) + 1,
        }
    }

    /// The move named by `action`, an id below `n² + 2`.
    #[inline]
    fn decode_action(&self, action: usize) -> Option<Move> {
        let side = self.size();
        let pass = pass_id(side);
        if action < pass {
            let (col, row) = point_col_row(action, side);
            Some(Move::Place(Coord::new(
                u8::try_from(col).ok()?,
                u8::try_from(row).ok()?,
            )))
        } else if action == pass {
            Some(Move::Pass)
        } else if action == pass + 1 {
            Some(Move::Swap)
        } else {
            None
        }
    }

    /// The observation's shape: `[4, n, n]`.
    #[inline]
    fn observation_shape(&self) -> [usize; 3] {
        [PLANES, self.size(), self.size()]
    }

    /// The planes from `viewer`'s side; the swap plane is 0 for the player not to move.
    fn fill_observation(&self, viewer: Player, out: &mut [f32]) {
        let side = self.size();
        let plane_len = side * side;
        let mover = Colour::of_player(viewer);
        // Point ids are point indices (`row * side + col`): the cells in their order.
        for (plane, colour) in [(0, mover), (1, mover.other())] {
            let stones = self.forest().stones_of(colour, plane_len);
            for (value, stone) in plane_mut(out, plane, plane_len).iter_mut().zip(stones) {
                *value = flag_value(stone);
            }
        }
        let swap = viewer == self.to_move() && self.is_legal(Move::Swap);
        plane_mut(out, SWAP_LEGAL, plane_len).fill(flag_value(swap));
        plane_mut(out, MOVER_IS_BLACK, plane_len).fill(flag_value(mover == Colour::Black));
    }
}

#[cfg(test)]
mod tests {
    use crate::{ByPlayer, Setup};

    use super::*;
    use game_core::checker::check_encoding;

    fn game(size: usize, moves: &[&str]) -> Kazura {
        let mut game = Kazura::new(size).unwrap();
        for text in moves {
            let mv = game.parse_move(text).unwrap();
            game.play(mv).unwrap();
        }
        game
    }

    #[test]
    fn ids_follow_the_formula() {
        let board = game(5, &[]);
        assert_eq!(board.num_actions(), 27);
        assert_eq!(board.action_of("A1".parse().unwrap()), 0);
        assert_eq!(board.action_of("B1".parse().unwrap()), 1);
        assert_eq!(board.action_of("A2".parse().unwrap()), 5);
        assert_eq!(board.action_of("E5".parse().unwrap()), 24);
        assert_eq!(board.action_of(Move::Pass), 25);
        assert_eq!(board.action_of(Move::Swap), 26);
        assert_eq!(board.decode_action(13), Some("D3".parse().unwrap()));
        // F1 and A6 are off the 5×5 board: an id no move has.
        assert_eq!(board.action_of("F1".parse().unwrap()), 27);
        assert_eq!(board.action_of("A6".parse().unwrap()), 27);
        let standard = game(13, &[]);
        assert_eq!(standard.num_actions(), 171);
        assert_eq!(standard.action_of("G7".parse().unwrap()), 6 * 13 + 6);
        assert_eq!(standard.decode_action(170), Some(Move::Swap));
    }

    #[test]
    fn ids_and_moves_agree_along_random_games() {
        for (size, seed) in [(5, 100), (9, 200), (13, 300)] {
            let positions = check_encoding(&game(size, &[]), seed, 20, 2000).unwrap();
            assert!(positions > 20 * size, "{size}: {positions} positions");
        }
        // The smallest and largest boards: every id at the start and after one stone.
        for size in [2, 25] {
            let mut legal = Vec::new();
            let start = game(size, &[]);
            assert_eq!(check_encoding(&start, 0, 1, 0), Ok(1));
            start.legal_moves(&mut legal);
            assert_eq!(legal.len(), size * size);
            // After Black's first stone: White's placements and the swap.
            let answered = game(size, &["A1"]);
            assert_eq!(check_encoding(&answered, 0, 1, 0), Ok(1));
            answered.legal_moves(&mut legal);
            assert_eq!(legal.len(), size * size);
        }
    }

    /// The cell of a point in a 5×5 plane.
    fn cell(point: &str) -> usize {
        let coord: Coord = point.parse().unwrap();
        usize::from(coord.row) * 5 + usize::from(coord.col)
    }

    /// A 5×5 plane with 1.0 on `points` and 0.0 elsewhere.
    fn stones(points: &[&str]) -> Vec<f32> {
        let mut plane = vec![0.0; 25];
        for point in points {
            plane[cell(point)] = 1.0;
        }
        plane
    }

    /// The four planes of `game`'s observation.
    fn planes(game: &Kazura) -> Vec<Vec<f32>> {
        let size = game.size();
        let observation = game.observation();
        (0..4)
            .map(|p| observation[p * size * size..(p + 1) * size * size].to_vec())
            .collect()
    }

    #[test]
    fn observations_before_and_after_the_swap() {
        // The start: Black to move on an empty board, no swap yet.
        let start = game(5, &[]);
        assert_eq!(start.observation_shape(), [4, 5, 5]);
        let expected = [stones(&[]), stones(&[]), stones(&[]), vec![1.0; 25]];
        assert_eq!(planes(&start), expected);

        // Black C3 (cell 2·5 + 2 = 12): White to move may swap (K-8). White's own stones:
        // none; the opponent's: C3.
        let opened = game(5, &["C3"]);
        assert_eq!(cell("C3"), 12);
        let expected = [stones(&[]), stones(&["C3"]), vec![1.0; 25], vec![0.0; 25]];
        assert_eq!(planes(&opened), expected);

        // After the swap the board is unchanged and White is still to move (K-8), so the
        // mover still sees C3 as the opponent's; the swap is no longer legal.
        let swapped = game(5, &["C3", "swap"]);
        assert!(swapped.swapped());
        let expected = [stones(&[]), stones(&["C3"]), vec![0.0; 25], vec![0.0; 25]];
        assert_eq!(planes(&swapped), expected);

        // White B2, then Black to move: its stone C3, White's B2, Black's plane all ones.
        let answered = game(5, &["C3", "swap", "B2"]);
        let expected = [
            stones(&["C3"]),
            stones(&["B2"]),
            vec![0.0; 25],
            vec![1.0; 25],
        ];
        assert_eq!(planes(&answered), expected);

        // Without the swap: C3, A1, D3 leaves White to move with Black on C3 and D3.
        let played = game(5, &["C3", "A1", "D3"]);
        let expected = [
            stones(&["A1"]),
            stones(&["C3", "D3"]),
            vec![0.0; 25],
            vec![0.0; 25],
        ];
        assert_eq!(planes(&played), expected);
    }

    #[test]
    fn a_position_and_its_colour_swap_look_the_same_to_the_mover() {
        let mut rng = game_core::GameRng::seed_from(7);
        let mut legal = Vec::new();
        let mut game = game(9, &[]);
        let mut compared = 0;
        while !game.is_over() {
            let setup = game.setup();
            let swapped = Setup::new(
                setup.size,
                ByPlayer::new(setup.stones.second.clone(), setup.stones.first.clone()),
                setup.to_move.other(),
            );
            let mirror = Kazura::from_setup(swapped).unwrap();
            let (ours, theirs) = (planes(&game), planes(&mirror));
            assert_eq!(ours[..2], theirs[..2]);
            assert_ne!(ours[3], theirs[3], "plane 3 says which colour moves");
            compared += 1;
            game.legal_moves(&mut legal);
            game.play(legal[rng.below(legal.len())]).unwrap();
        }
        assert!(compared > 40);
    }

    #[test]
    fn the_stone_planes_are_stone_at_for_either_viewer_along_random_games() {
        for (size, seed) in [(2, 1), (5, 2), (9, 3), (13, 4), (25, 5)] {
            let mut rng = game_core::GameRng::seed_from(seed);
            let mut legal = Vec::new();
            let mut game = game(size, &[]);
            let mut out = vec![0.0; game.observation_len()];
            while !game.is_over() {
                for viewer in Player::BOTH {
                    game.fill_observation(viewer, &mut out);
                    for index in 0..size * size {
                        let (col, row) = (index % size, index / size);
                        let stone = game.stone_at(Coord::new(col as u8, row as u8));
                        let mine = Colour::of_player(viewer);
                        let expected = [stone == Some(mine), stone == Some(mine.other())];
                        for (plane, &flag) in expected.iter().enumerate() {
                            assert_eq!(
                                out[plane * size * size + index],
                                flag_value(flag),
                                "size {size}, point {index}, plane {plane}, ply {}",
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
