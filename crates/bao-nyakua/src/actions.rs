//! Bao's actions and observation (`docs/actions.md`): its [`Encoded`], which `game-catalog` delegates to.
//!
//! 97 ids. A sowing move is `(pit * 2 + direction) * 3 + choice`: `pit` is the start pit
//! as the mover names it (B-1, B-22), front row `F1`–`F8` = 0–7 and back row `B1`–`B8` =
//! 8–15; `direction` is `L` = 0, `R` = 1; `choice` is the NYUMBA choice of B-22, none = 0,
//! `:stop` = 1, `:use` = 2. `pass` (B-16) is 96. Every id names a move (most are never
//! legal: the choice exists only on NAMUA captures that reach the NYUMBA).
//!
//! The observation is `[5, 4, 8]`: the board as the player to move faces it, as the
//! diagram shows it to south (B-1: facing pits share a column).
//!
//! | row | pits, column 0 to 7 |
//! |---|---|
//! | 0 | the opponent's back row, `B8` … `B1` |
//! | 1 | the opponent's front row, `F8` … `F1` |
//! | 2 | the mover's front row, `F1` … `F8` |
//! | 3 | the mover's back row, `B1` … `B8` |
//!
//! So the mover's `Fi` (row 2, column `i − 1`) faces the opponent's `F(9 − i)` (row 1, the
//! same column). Plane 0 holds each pit's kete divided by 64 ([`TOTAL_KETE`]); plane 1 is
//! all the mover's hand / 64; plane 2 all the opponent's hand / 64; plane 3 is 1.0 on each
//! NYUMBA (`F5`, B-1) whose owner still owns it (B-18) — the mover's at row 2 column 4,
//! the opponent's at row 1 column 3 — and 0.0 elsewhere; plane 4 is all 1.0 in MTAJI and
//! all 0.0 in NAMUA (B-15). Ownership decides the NYUMBA stop and the 2-kete sowing
//! (B-6, B-11, B-12) and the phase decides which moves exist (B-10, B-17), so a player
//! needs both; the phase is not always readable from the hands (a set-up may be in NAMUA
//! with both hands empty, B-16). The `pending` kete of B-9 are left out: they are nonzero
//! only once the game is over. The ruleset is a game option, like a board's side, and is
//! not a plane.

use crate::{Bao, Direction, Move, NyumbaChoice, Phase, Pit, Player, Row, TOTAL_KETE};

use game_core::encoding::{Encoded, flag_value, plane_mut};

/// The planes of the observation.
const PLANES: usize = 5;
/// Rows of the board as the mover faces it.
const BOARD_ROWS: usize = 4;
/// Pits in a row.
const BOARD_COLS: usize = 8;
/// Cells of one plane.
const PLANE_LEN: usize = BOARD_ROWS * BOARD_COLS;
/// The plane of the kete in each pit.
const KETE: usize = 0;
/// The plane that is all the mover's hand.
const MOVER_HAND: usize = 1;
/// The plane that is all the opponent's hand.
const OPPONENT_HAND: usize = 2;
/// The plane of the NYUMBA still owned.
const OWNED_NYUMBA: usize = 3;
/// The plane that is all ones in MTAJI.
const MTAJI: usize = 4;
/// A player's pits: two rows of eight.
const PITS: usize = 2 * BOARD_COLS;
/// Directions a sowing may take.
const DIRECTIONS: usize = 2;
/// NYUMBA choices a move may carry: none, `stop`, `use`.
const CHOICES: usize = 3;
/// The id of `pass`, after every pit, direction and choice.
const PASS_ID: usize = PITS * DIRECTIONS * CHOICES;

impl Encoded for Bao {
    /// Number of actions: 97.
    #[inline]
    fn num_actions(&self) -> usize {
        PASS_ID + 1
    }

    /// The id of `mv`: `(pit * 2 + direction) * 3 + choice`, or 96 for `pass`.
    #[inline]
    fn action_of(&self, mv: Move) -> usize {
        match mv {
            Move::Pass => PASS_ID,
            Move::Sow {
                pit,
                direction,
                nyumba,
            } => {
                let row_start = match pit.row() {
                    Row::Front => 0,
                    Row::Back => BOARD_COLS,
                };
                let pit_id = row_start + usize::from(pit.index());
                let direction_id = match direction {
                    Direction::Left => 0,
                    Direction::Right => 1,
                };
                let choice_id = match nyumba {
                    None => 0,
                    Some(NyumbaChoice::Stop) => 1,
                    Some(NyumbaChoice::Use) => 2,
                };
                (pit_id * DIRECTIONS + direction_id) * CHOICES + choice_id
            }
        }
    }

    /// The move named by `action`, an id below 97: every id names a move.
    #[inline]
    fn decode_action(&self, action: usize) -> Option<Move> {
        if action == PASS_ID {
            return Some(Move::Pass);
        }
        let (pit_id, direction_id, choice_id) = (
            action / (DIRECTIONS * CHOICES),
            action / CHOICES % DIRECTIONS,
            action % CHOICES,
        );
        let (row, index) = if pit_id < BOARD_COLS {
            (Row::Front, pit_id)
        } else {
            (Row::Back, pit_id - BOARD_COLS)
        };
        let direction = if direction_id == 0 {
            Direction::Left
        } else {
            Direction::Right
        };
        let nyumba = match choice_id {
            0 => None,
            1 => Some(NyumbaChoice::Stop),
            _ => Some(NyumbaChoice::Use),
        };
        Some(Move::Sow {
            pit: Pit::new(row, u8::try_from(index).ok()?)?,
            direction,
            nyumba,
        })
    }

    /// The observation's shape: `[5, 4, 8]`.
    #[inline]
    fn observation_shape(&self) -> [usize; 3] {
        [PLANES, BOARD_ROWS, BOARD_COLS]
    }

    /// The planes from `viewer`'s side of the board.
    fn fill_observation(&self, viewer: Player, out: &mut [f32]) {
        let position = self.position();
        let mover = viewer;
        let scale = TOTAL_KETE as f32;
        for row in 0..BOARD_ROWS {
            for col in 0..BOARD_COLS {
                let cell = row * BOARD_COLS + col;
                let (owner, pit) = pit_at_cell(mover, row, col);
                plane_mut(out, KETE, PLANE_LEN)[cell] =
                    f32::from(position.count(owner, pit)) / scale;
                let owned = pit == Pit::NYUMBA && position.owns_nyumba(owner);
                plane_mut(out, OWNED_NYUMBA, PLANE_LEN)[cell] = flag_value(owned);
            }
        }
        let hands = [(MOVER_HAND, mover), (OPPONENT_HAND, mover.other())];
        for (plane, player) in hands {
            plane_mut(out, plane, PLANE_LEN).fill(f32::from(position.hand(player)) / scale);
        }
        plane_mut(out, MTAJI, PLANE_LEN).fill(flag_value(position.phase() == Phase::Mtaji));
    }
}

/// The owner and pit of the cell in `row` (0–3) and `col` (0–7) of the board as `mover`
/// faces it (module doc): rows 0 and 1 are the opponent's back and front rows, numbered
/// from the opponent's left, which is the mover's right; rows 2 and 3 the mover's front
/// and back rows from its own left.
fn pit_at_cell(mover: Player, row: usize, col: usize) -> (Player, Pit) {
    // Ring positions run F1…F8 (0–7) then B8…B1 (8–15), so index `i` of the front row is
    // ring `i` and of the back row ring `15 − i`; the opponent's row is read from index 7.
    // `col` is below 8, so every ring position below is 0–15.
    let col = col as u8;
    match row {
        0 => (mover.other(), Pit::from_ring(8 + col)),
        1 => (mover.other(), Pit::from_ring(7 - col)),
        2 => (mover, Pit::from_ring(col)),
        _ => (mover, Pit::from_ring(15 - col)),
    }
}

#[cfg(test)]
mod tests {
    use crate::{ByPlayer, PhaseName, Ruleset, Setup};

    use super::*;
    use game_core::Game;
    use game_core::checker::check_encoding;

    fn game(ruleset: Ruleset, moves: &[&str]) -> Bao {
        let mut game = Bao::new(ruleset);
        for text in moves {
            game.play(text.parse().unwrap()).unwrap();
        }
        game
    }

    #[test]
    fn ids_follow_the_formula() {
        let start = Bao::default();
        assert_eq!(start.num_actions(), 97);
        let cases = [
            ("F1L", 0),
            ("F1R", 3),
            ("F1L:stop", 1),
            ("F4R:stop", (3 * 2 + 1) * 3 + 1),
            ("F5L:use", (4 * 2) * 3 + 2),
            ("B1L", 8 * 2 * 3),
            ("B6L", (13 * 2) * 3),
            ("B8R:use", 95),
            ("pass", 96),
        ];
        for (text, id) in cases {
            let mv: Move = text.parse().unwrap();
            assert_eq!(start.action_of(mv), id, "{text}");
            assert_eq!(start.decode_action(id), Some(mv), "{id}");
        }
        // Every one of the 97 written moves (B-22) has its own id.
        let mut ids: Vec<usize> = Move::all().map(|mv| start.action_of(mv)).collect();
        ids.sort_unstable();
        assert_eq!(ids, (0..97).collect::<Vec<_>>());
    }

    #[test]
    fn ids_and_moves_agree_along_random_games() {
        for (ruleset, seed) in [(Ruleset::Seed, 600), (Ruleset::Reference, 700)] {
            let positions = check_encoding(&Bao::new(ruleset), seed, 20, 300).unwrap();
            assert!(positions > 20 * 10, "{ruleset:?}: {positions} positions");
        }
    }

    /// The five planes of `game`'s observation, each as 4 rows of 8.
    fn planes(game: &Bao) -> Vec<Vec<f32>> {
        let observation = game.observation();
        (0..5)
            .map(|p| observation[p * 4 * 8..(p + 1) * 4 * 8].to_vec())
            .collect()
    }

    /// A kete plane from four rows of counts.
    fn kete(rows: [[u8; 8]; 4]) -> Vec<f32> {
        rows.iter()
            .flatten()
            .map(|&count| f32::from(count) / 64.0)
            .collect()
    }

    /// A plane with 1.0 at each `(row, col)` of `cells`.
    fn cells(cells: &[(usize, usize)]) -> Vec<f32> {
        let mut plane = vec![0.0; 32];
        for &(row, col) in cells {
            plane[row * 8 + col] = 1.0;
        }
        plane
    }

    #[test]
    fn the_start_seen_by_south() {
        // B-2: F5 = 6, F6 = 2, F7 = 2 on each side, 22 in hand, both NYUMBA owned, NAMUA.
        // North's F5 F6 F7 (indices 4, 5, 6) sit in columns 3, 2, 1 of row 1.
        let start = Bao::default();
        assert_eq!(start.observation_shape(), [5, 4, 8]);
        let expected = [
            kete([
                [0; 8],
                [0, 2, 2, 6, 0, 0, 0, 0],
                [0, 0, 0, 0, 6, 2, 2, 0],
                [0; 8],
            ]),
            vec![22.0 / 64.0; 32],
            vec![22.0 / 64.0; 32],
            cells(&[(1, 3), (2, 4)]),
            vec![0.0; 32],
        ];
        assert_eq!(planes(&start), expected);
    }

    #[test]
    fn a_takata_and_a_capture_seen_by_each_mover() {
        for ruleset in [Ruleset::Seed, Ruleset::Reference] {
            // South F7L: no capture exists (every south pit faces an empty north pit), so a
            // takata (B-11): one kete from the hand makes F7 3, lifted and sown leftward
            // into F6, F5, F4; F4 was empty, so the move ends (B-6.1). South: F4 1, F5 7,
            // F6 3, hand 21.
            let after_takata = game(ruleset, &["F7L"]);
            // North to move: south's F4 F5 F6 (indices 3, 4, 5) are in columns 4, 3, 2 of
            // row 1; north's own pits are in row 2 from its left.
            let expected = [
                kete([
                    [0; 8],
                    [0, 0, 3, 7, 1, 0, 0, 0],
                    [0, 0, 0, 0, 6, 2, 2, 0],
                    [0; 8],
                ]),
                vec![22.0 / 64.0; 32],
                vec![21.0 / 64.0; 32],
                cells(&[(1, 3), (2, 4)]),
                vec![0.0; 32],
            ];
            assert_eq!(planes(&after_takata), expected);

            // North's F5 faces south's F4 (1 kete): the only capture (B-10), compulsory.
            // From F5 the entry is north's pick (B-8): R sows from F1, L from F8.
            let mut legal = Vec::new();
            after_takata.legal_moves(&mut legal);
            let mut named: Vec<String> = legal.iter().map(ToString::to_string).collect();
            named.sort();
            assert_eq!(named, ["F5L", "F5R"]);
            // F5R: F5 gets a hand kete (7), south's F4 kete is taken and sown into the
            // left entry F1 itself (B-5); F1 was empty, so the move ends. One capture, so
            // no end-pit addition (B-14); the NYUMBA keeps its owner (B-18).
            let after_capture = game(ruleset, &["F7L", "F5R"]);
            // South to move: north's F1 (index 0) is column 7 of row 1, its F5 F6 F7
            // columns 3, 2, 1; south's F4 is empty now.
            let expected = [
                kete([
                    [0; 8],
                    [0, 2, 2, 7, 0, 0, 0, 1],
                    [0, 0, 0, 0, 7, 3, 0, 0],
                    [0; 8],
                ]),
                vec![21.0 / 64.0; 32],
                vec![21.0 / 64.0; 32],
                cells(&[(1, 3), (2, 4)]),
                vec![0.0; 32],
            ];
            assert_eq!(planes(&after_capture), expected);
        }
    }

    /// An MTAJI set-up: south F1 10, F3 2, B8 20; north F2 5, F8 3, B1 24; hands empty;
    /// south no longer owns its NYUMBA, north does; `to_move` to move. `mirrored` gives
    /// south north's pits and ownership and the reverse.
    fn mtaji_setup(to_move: Player, mirrored: bool) -> Setup {
        let mut south = [[0u8; 8]; 2];
        south[0][0] = 10;
        south[0][2] = 2;
        south[1][7] = 20;
        let mut north = [[0u8; 8]; 2];
        north[0][1] = 5;
        north[0][7] = 3;
        north[1][0] = 24;
        let (pits, house_owned) = if mirrored {
            (ByPlayer::new(north, south), ByPlayer::new(true, false))
        } else {
            (ByPlayer::new(south, north), ByPlayer::new(false, true))
        };
        Setup {
            pits,
            reserve: ByPlayer::splat(0),
            house_owned,
            to_move,
            phase: PhaseName::Mtaji,
            turn: 60,
            ..Setup::new(Ruleset::Seed)
        }
    }

    #[test]
    fn an_mtaji_position_without_the_movers_nyumba() {
        let south_to_move = Bao::from_setup(mtaji_setup(Player::First, false)).unwrap();
        // Row 0: north's B1 (index 0) in column 7. Row 1: north's F2 in column 6, F8 in
        // column 0. Rows 2 and 3: south's F1, F3 and B8 in columns 0, 2 and 7.
        let expected = [
            kete([
                [0, 0, 0, 0, 0, 0, 0, 24],
                [3, 0, 0, 0, 0, 0, 5, 0],
                [10, 0, 2, 0, 0, 0, 0, 0],
                [0, 0, 0, 0, 0, 0, 0, 20],
            ]),
            vec![0.0; 32],
            vec![0.0; 32],
            // Only north's NYUMBA is owned: row 1, column 3.
            cells(&[(1, 3)]),
            vec![1.0; 32],
        ];
        assert_eq!(planes(&south_to_move), expected);
        // The same position with the players' roles exchanged looks the same to north.
        let north_to_move = Bao::from_setup(mtaji_setup(Player::Second, true)).unwrap();
        assert_eq!(planes(&north_to_move), expected);
    }

    #[test]
    fn a_position_and_its_mirror_look_the_same_to_the_mover() {
        let mut compared = 0;
        for (ruleset, seed) in [(Ruleset::Seed, 800), (Ruleset::Reference, 900)] {
            let mut rng = game_core::GameRng::seed_from(seed);
            let mut game = Bao::new(ruleset);
            let mut legal = Vec::new();
            while !game.is_over() && game.moves().len() < 300 {
                let setup = game.setup();
                let mirrored = Setup {
                    pits: ByPlayer::new(setup.pits.second, setup.pits.first),
                    reserve: ByPlayer::new(setup.reserve.second, setup.reserve.first),
                    house_owned: ByPlayer::new(setup.house_owned.second, setup.house_owned.first),
                    to_move: setup.to_move.other(),
                    ..setup
                };
                let mirror = Bao::from_setup(mirrored).unwrap();
                assert_eq!(planes(&game), planes(&mirror));
                compared += 1;
                game.legal_moves(&mut legal);
                game.play(legal[rng.below(legal.len())]).unwrap();
            }
        }
        assert!(compared > 20);
    }
}
