//! go9's integer actions and observation planes: its [`Encoded`] (`docs/actions.md`).
//!
//! 82 ids: the point `(col, row)` is `row * 9 + col` (`A1` = 0, `B1` = 1, … `J9` = 80), the
//! index of its [`Point`]; `pass` is 81.
//!
//! The observation is `[4, 9, 9]`, cell `row * 9 + col` for each point, from the player to
//! move: plane 0 its stones (1.0 on a stone, else 0.0), plane 1 the opponent's stones,
//! plane 2 1.0 on each empty point where the mover may not play only because the board
//! would repeat (G-4, G-5: `Go9::superko_points`), plane 3 all 1.0 when the mover is Black
//! (who gives the komi, G-10) else all 0.0.

use game_core::encoding::{BufferSizeError, Encoded, check_buffer, flag_value, plane_mut};
use game_core::{Game, Player};

use crate::Point;
use crate::layout::{Mask, POINTS, SIZE, point_bits};
use crate::moves::Move;
use crate::state::{Go9, Refusals};

/// The planes of the observation.
const PLANES: usize = 4;
/// The plane of the points forbidden to the mover only by superko.
const SUPERKO: usize = 2;
/// The plane that is all ones when the mover is Black.
const MOVER_IS_BLACK: usize = 3;
/// The id of `pass`, after the 81 points.
const PASS_ID: usize = POINTS;
/// Every id: the 81 points and `pass`.
const NUM_ACTIONS: usize = POINTS + 1;

impl Encoded for Go9 {
    /// 82: the 81 points and `pass`.
    #[inline]
    fn num_actions(&self) -> usize {
        NUM_ACTIONS
    }

    /// The point's index `row * 9 + col`, or 81 for `pass`. A point past the board (a
    /// [`Point`] built by hand with an index of 81 or more) gets 82, which names no move.
    #[inline]
    fn action_of(&self, mv: Move) -> usize {
        match mv {
            Move::Place(point) if point.index() < POINTS => point.index(),
            Move::Place(_) => NUM_ACTIONS,
            Move::Pass => PASS_ID,
        }
    }

    /// The point of index `action`, or `pass` for 81: every id names a move.
    #[inline]
    fn decode_action(&self, action: usize) -> Option<Move> {
        Some(if action == PASS_ID {
            Move::Pass
        } else {
            Move::Place(Point::from_index(action))
        })
    }

    /// `[4, 9, 9]`.
    #[inline]
    fn observation_shape(&self) -> [usize; 3] {
        [PLANES, SIZE, SIZE]
    }

    /// The four planes (module doc); the superko plane is 0 for the player not to move.
    fn fill_observation(&self, viewer: Player, out: &mut [f32]) {
        let superko = if viewer == self.to_move() {
            self.refusals_now().superko
        } else {
            // Only the stones matter to the player not to move: no placement is looked at.
            0
        };
        write_planes(self, viewer, superko, out);
    }

    /// The legal-action mask (82 values) from one `Go9::placement_refusals` pass.
    fn write_action_mask(
        &self,
        mask: &mut [bool],
        _moves: &mut Vec<Move>,
    ) -> Result<(), BufferSizeError> {
        check_buffer(mask.len(), NUM_ACTIONS)?;
        write_mask(self, &self.refusals_now(), mask);
        Ok(())
    }

    /// The observation from the player to move and the mask from one
    /// `Go9::placement_refusals` pass.
    fn write_observation_and_mask(
        &self,
        observation: &mut [f32],
        mask: &mut [bool],
        _moves: &mut Vec<Move>,
    ) -> Result<(), BufferSizeError> {
        check_buffer(observation.len(), PLANES * POINTS)?;
        check_buffer(mask.len(), NUM_ACTIONS)?;
        let refusals = self.refusals_now();
        write_planes(self, self.to_move(), refusals.superko, observation);
        write_mask(self, &refusals, mask);
        Ok(())
    }
}

impl Go9 {
    /// Where the player to move may not place now; nothing once the game is over (no
    /// point is then legal or forbidden by superko).
    fn refusals_now(&self) -> Refusals {
        if self.is_over() {
            Refusals::default()
        } else {
            self.placement_refusals(self.to_move())
        }
    }
}

/// The mask: the empty points not refused, and pass, while the game goes on (G-6).
fn write_mask(game: &Go9, refusals: &Refusals, mask: &mut [bool]) {
    let open = !game.is_over();
    let legal = if open {
        game.board().empty_mask() & !refusals.suicide & !refusals.superko
    } else {
        0
    };
    write_points(mask, legal, &BYTE_FLAGS, true, false);
    mask[PASS_ID] = open;
}

/// The four planes seen by `viewer`, with `superko` (a cell mask) as plane 2.
fn write_planes(game: &Go9, viewer: Player, superko: Mask, out: &mut [f32]) {
    let board = game.board();
    write_cells(plane_mut(out, 0, POINTS), board.stones_of(viewer));
    write_cells(plane_mut(out, 1, POINTS), board.stones_of(viewer.other()));
    write_cells(plane_mut(out, SUPERKO, POINTS), superko);
    plane_mut(out, MOVER_IS_BLACK, POINTS).fill(flag_value(viewer == Player::First));
}

/// For every byte, its eight bits as values, lowest bit first: `[0.0 or 1.0; 8]`.
const BYTE_VALUES: [[f32; 8]; 256] = byte_table(0.0, 1.0);
/// For every byte, its eight bits as flags, lowest bit first.
const BYTE_FLAGS: [[bool; 8]; 256] = byte_table(false, true);

const fn byte_table<T: Copy>(clear: T, set: T) -> [[T; 8]; 256] {
    let mut table = [[clear; 8]; 256];
    let mut byte = 0;
    while byte < 256 {
        let mut bit = 0;
        while bit < 8 {
            if byte >> bit & 1 == 1 {
                table[byte][bit] = set;
            }
            bit += 1;
        }
        byte += 1;
    }
    table
}

/// 81 slots, one per point in point order: `set` on the points of the cell mask `cells`,
/// `clear` elsewhere, eight at a time from `table` (`BYTE_VALUES` or `BYTE_FLAGS`).
fn write_points<T: Copy>(out: &mut [T], cells: Mask, table: &[[T; 8]; 256], set: T, clear: T) {
    let bits = point_bits(cells);
    let (eights, last) = out[..POINTS].as_chunks_mut::<8>();
    for (eight, byte) in eights.iter_mut().zip(bits.to_le_bytes()) {
        *eight = table[usize::from(byte)];
    }
    if let Some(slot) = last.first_mut() {
        *slot = if bits >> (POINTS - 1) & 1 == 1 {
            set
        } else {
            clear
        };
    }
}

/// A plane of 81 values: 1.0 on the points of the cell mask `cells`, else 0.0.
fn write_cells(plane: &mut [f32], cells: Mask) {
    write_points(plane, cells, &BYTE_VALUES, 1.0, 0.0);
}

#[cfg(test)]
mod tests {
    use game_core::checker::check_encoding;

    use super::*;
    use crate::Setup;

    /// Plane `index` of an observation of 9×9 planes.
    fn plane(observation: &[f32], index: usize) -> &[f32] {
        &observation[index * POINTS..(index + 1) * POINTS]
    }

    fn game(moves: &[&str]) -> Go9 {
        let mut game = Go9::new();
        for text in moves {
            game.play(text.parse().unwrap()).unwrap();
        }
        game
    }

    #[test]
    fn ids_follow_the_formula() {
        let start = Go9::new();
        assert_eq!(start.num_actions(), 82);
        for (text, id) in [
            ("A1", 0),
            ("B1", 1),
            ("J1", 8),
            ("A2", 9),
            ("E5", 40),
            ("J9", 80),
        ] {
            assert_eq!(start.action_of(text.parse().unwrap()), id, "{text}");
            assert_eq!(start.move_of(id).ok(), Some(text.parse().unwrap()), "{id}");
        }
        assert_eq!(start.action_of(Move::Pass), 81);
        assert_eq!(start.move_of(81).ok(), Some(Move::Pass));
        assert_eq!(start.action_of(Move::Place(Point::from_index(81))), 82);
    }

    #[test]
    fn ids_and_moves_agree_along_random_games() {
        let positions = check_encoding(&Go9::new(), 400, 20, 400).unwrap();
        // Random games run to the 300-move limit or to two passes in a row.
        assert!(positions > 20 * 50, "{positions} positions");
    }

    /// A 9×9 plane with 1.0 on `points` and 0.0 elsewhere.
    fn stones(points: &[&str]) -> Vec<f32> {
        let mut plane = vec![0.0; 81];
        for point in points {
            plane[crate::parse_point(point).unwrap().index()] = 1.0;
        }
        plane
    }

    fn planes(game: &Go9) -> Vec<Vec<f32>> {
        let observation = game.observation();
        (0..4).map(|p| plane(&observation, p).to_vec()).collect()
    }

    #[test]
    fn the_empty_board_is_blacks() {
        let expected = [stones(&[]), stones(&[]), stones(&[]), vec![1.0; 81]];
        assert_eq!(planes(&Go9::new()), expected);
        assert_eq!(Go9::new().observation_shape(), [4, 9, 9]);
    }

    #[test]
    fn a_ko_recapture_is_marked_as_a_superko_point() {
        // Black D5 E4 E6 stand round E5, White F4 F6 G5 round F5. White E5 (atari from
        // inside), Black F5 takes E5. White retaking at E5 would capture F5 and bring back
        // the board after White's E5: forbidden only by superko (G-4).
        let ko = ["D5", "F4", "E4", "F6", "E6", "G5", "pass", "E5"];
        let before_take = game(&ko);
        // Black to move: its stones, White's with E5, no superko point for Black.
        let expected = [
            stones(&["D5", "E4", "E6"]),
            stones(&["F4", "F6", "G5", "E5"]),
            stones(&[]),
            vec![1.0; 81],
        ];
        assert_eq!(planes(&before_take), expected);

        let after_take = game(&[&ko[..], &["F5"]].concat());
        assert_eq!(
            after_take.superko_points(),
            vec![crate::parse_point("E5").unwrap()]
        );
        // White to move: its three stones, Black's four with F5 (E5 was taken), E5 marked.
        let expected = [
            stones(&["F4", "F6", "G5"]),
            stones(&["D5", "E4", "E6", "F5"]),
            stones(&["E5"]),
            vec![0.0; 81],
        ];
        assert_eq!(planes(&after_take), expected);

        // After White passes, Black may fill E5 (a new board): no superko point is left.
        let filled = game(&[&ko[..], &["F5", "pass"]].concat());
        assert_eq!(planes(&filled)[2], stones(&[]));
    }

    #[test]
    fn the_superko_plane_is_superko_points_along_random_games() {
        let mut marked = 0;
        for seed in 0..20 {
            let mut rng = game_core::GameRng::seed_from(500 + seed);
            let mut game = Go9::new();
            let mut legal = Vec::new();
            while !game.is_over() {
                let observation = game.observation();
                let mut expected = vec![0.0; 81];
                for point in game.superko_points() {
                    expected[point.index()] = 1.0;
                    marked += 1;
                }
                assert_eq!(plane(&observation, SUPERKO), expected);
                game.legal_moves(&mut legal);
                game.play(legal[rng.below(legal.len())]).unwrap();
            }
        }
        assert!(marked > 0, "no superko point met in the random games");
    }

    #[test]
    fn a_board_and_its_colour_swap_look_the_same_to_the_mover() {
        let mut rng = game_core::GameRng::seed_from(9);
        let mut game = Go9::new();
        let mut legal = Vec::new();
        while !game.is_over() {
            let board = game.board();
            let mirror = Go9::from_setup(Setup::new(
                game_core::ByPlayer::new(
                    board.stone_points(Player::Second),
                    board.stone_points(Player::First),
                ),
                game.to_move().other(),
            ))
            .unwrap();
            let (ours, theirs) = (planes(&game), planes(&mirror));
            assert_eq!(ours[..2], theirs[..2]);
            assert_ne!(ours[3], theirs[3], "plane 3 says which colour moves");
            game.legal_moves(&mut legal);
            game.play(legal[rng.below(legal.len())]).unwrap();
        }
    }
}
