//! 3×3 patterns around an empty point, in the style of MoGo (Gelly, Wang, Munos and Teytaud,
//! "Modification of UCT with patterns in Monte-Carlo Go", INRIA RR-6062, 2006), with the
//! pattern list as Petr Baudiš's michi (2015) writes it: hane, cut and edge shapes that
//! are usually good replies next to the last move. The tree's priors and the heavy playout
//! both use them (`docs/go9.md`, "The computer opponent").

use std::sync::OnceLock;

use crate::board::Board;
use crate::layout::WIDTH;

/// The patterns, centre always empty. `X` and `O` are stones of either colour (both
/// colourings are matched), `x` is "not X" (`O`, empty or off the board), `o` is "not O",
/// `.` empty, `#` off the board, `?` anything. All 8 rotations and reflections match.
const SOURCE: [[&str; 3]; 13] = [
    ["XOX", "...", "???"], // hane: enclosing hane
    ["XO.", "...", "?.?"], // hane: non-cutting hane
    ["XO?", "X..", "x.?"], // hane: magari
    [".O.", "X..", "..."], // katatsuke or diagonal attachment
    ["XO?", "O.o", "?o?"], // cut 1: unprotected cut
    ["XO?", "O.X", "???"], // cut 1: peeped cut
    ["?X?", "O.O", "ooo"], // cut 2
    ["OX?", "o.O", "???"], // cut keima
    ["X.?", "O.?", "##?"], // edge: chase
    ["OX?", "X.O", "###"], // edge: block side cut
    ["?X?", "x.O", "###"], // edge: block side connection
    ["?XO", "x.x", "###"], // edge: sagari
    ["?OX", "X.O", "###"], // edge: cut
];

/// Cell contents as the board stores them: empty, black, white, off the board.
const EMPTY: u32 = 0;
const BLACK: u32 = 1;
const WHITE: u32 = 2;
const EDGE: u32 = 3;

/// The offsets of the 8 neighbours (row-major 3×3 order without the centre).
const OFFSETS: [isize; 8] = {
    let w = WIDTH as isize;
    [-w - 1, -w, -w + 1, -1, 1, w - 1, w, w + 1]
};

/// Whether the pattern character `p` accepts the cell value `v` when `X` is `x_colour`.
fn accepts(p: u8, v: u32, x_colour: u32) -> bool {
    let o_colour = BLACK + WHITE - x_colour;
    match p {
        b'X' => v == x_colour,
        b'O' => v == o_colour,
        b'x' => v != x_colour,
        b'o' => v != o_colour,
        b'.' => v == EMPTY,
        b'#' => v == EDGE,
        _ => true,
    }
}

/// The 3×3 grid of a pattern after symmetry `s` (0..8): `grid[r][c]`.
fn transformed(pattern: &[&str; 3], s: usize) -> [[u8; 3]; 3] {
    let mut out = [[b'?'; 3]; 3];
    for (r, row) in pattern.iter().enumerate() {
        for (c, ch) in row.bytes().enumerate() {
            let (mut rr, mut cc) = (r, c);
            if s & 1 != 0 {
                cc = 2 - cc;
            }
            if s & 2 != 0 {
                rr = 2 - rr;
            }
            if s & 4 != 0 {
                std::mem::swap(&mut rr, &mut cc);
            }
            out[rr][cc] = ch;
        }
    }
    out
}

/// Whether the neighbourhood `code` (see [`code_at`]) matches a grid.
fn matches_grid(grid: &[[u8; 3]; 3], code: u16, x_colour: u32) -> bool {
    (0..8).all(|k| {
        let (r, c) = if k < 4 {
            (k / 3, k % 3)
        } else {
            ((k + 1) / 3, (k + 1) % 3)
        };
        let v = u32::from(code >> (2 * k)) & 3;
        accepts(grid[r][c], v, x_colour)
    })
}

/// One bit per neighbourhood code: whether some pattern matches it.
fn table() -> &'static [u64; 1024] {
    static TABLE: OnceLock<Box<[u64; 1024]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let grids: Vec<[[u8; 3]; 3]> = SOURCE
            .iter()
            .flat_map(|p| (0..8).map(move |s| transformed(p, s)))
            .collect();
        let mut bits = Box::new([0u64; 1024]);
        for code in 0..=u16::MAX {
            let hit = grids
                .iter()
                .any(|g| matches_grid(g, code, BLACK) || matches_grid(g, code, WHITE));
            if hit {
                bits[usize::from(code >> 6)] |= 1 << (code & 63);
            }
        }
        bits
    })
}

/// The 16-bit code of the 8 neighbours of cell `c` (2 bits each: empty, black, white, off
/// the board).
#[inline]
pub(crate) fn code_at(board: &Board, c: usize) -> u16 {
    let mut code = 0u16;
    for (k, off) in OFFSETS.iter().enumerate() {
        let n = c.wrapping_add_signed(*off);
        code |= u16::from(board.cell(n) & 3) << (2 * k);
    }
    code
}

/// Whether the empty cell `c` matches one of the 3×3 patterns.
#[inline]
pub(crate) fn matches(board: &Board, c: usize) -> bool {
    let code = code_at(board, c);
    table()[usize::from(code >> 6)] >> (code & 63) & 1 != 0
}

/// Forces the table to be built (so that a timed search does not pay for it).
pub(crate) fn warm_up() {
    let _ = table();
}

#[cfg(test)]
mod tests {
    use super::*;
    use board_geometry::Point;
    use game_core::{Game, GameRng, Player};

    use crate::layout::{POINTS, SIZE, cell_of};
    use crate::state::Go9;
    use crate::test_support::{after, cell};

    fn at(g: &Go9, p: &str) -> bool {
        matches(g.board(), cell(p))
    }

    #[test]
    fn the_empty_neighbourhood_matches_nothing() {
        let g = Go9::new();
        assert!(!at(&g, "E5"));
        assert!(!at(&g, "A1"));
    }

    #[test]
    fn a_hane_matches_in_every_orientation_and_colouring() {
        // Black E5, White E6: the hane points D6/F6 ("XO." over "...") match.
        let g = after("E5 E6");
        assert!(at(&g, "D6") || at(&g, "F6"));
        // The colours swapped.
        let g = after("E6 E5");
        assert!(at(&g, "D6") || at(&g, "F6"));
        // Rotated: Black E5, White F5.
        let g = after("E5 F5");
        assert!(at(&g, "F6") || at(&g, "F4"));
    }

    #[test]
    fn an_unprotected_cut_matches() {
        // X at D5, O at E5 and D4 ("XO? / O.o"): the cut point E4.
        let g = after("D5 E5 pass D4");
        assert!(at(&g, "E4"));
    }

    /// What the board holds at (`row`, `col`), which may be off the board (`None`).
    fn content(g: &Go9, row: isize, col: isize) -> Option<Option<Player>> {
        let on = |v: isize| (0..SIZE as isize).contains(&v);
        (on(row) && on(col)).then(|| {
            let index = row as usize * SIZE + col as usize;
            g.board().stone_at(Point::from_index(index))
        })
    }

    /// A reference matcher that shares nothing with the table: it reads the pattern
    /// strings as the module documentation defines their letters, turns each offset by
    /// the 8 symmetries of the square and looks the points up by coordinates.
    fn reference_matches(g: &Go9, row: isize, col: isize) -> bool {
        SOURCE.iter().any(|pattern| {
            (0..8).any(|symmetry| {
                [Player::First, Player::Second].into_iter().any(|x| {
                    pattern.iter().enumerate().all(|(r, line)| {
                        line.bytes().enumerate().all(|(c, letter)| {
                            let (mut dr, mut dc) = (r as isize - 1, c as isize - 1);
                            if symmetry & 1 != 0 {
                                dr = -dr;
                            }
                            if symmetry & 2 != 0 {
                                dc = -dc;
                            }
                            if symmetry & 4 != 0 {
                                (dr, dc) = (dc, dr);
                            }
                            let here = content(g, row + dr, col + dc);
                            match letter {
                                b'X' => here == Some(Some(x)),
                                b'O' => here == Some(Some(x.other())),
                                b'x' => here != Some(Some(x)),
                                b'o' => here != Some(Some(x.other())),
                                b'.' => here == Some(None),
                                b'#' => here.is_none(),
                                b'?' => true,
                                other => panic!("unknown pattern letter {other}"),
                            }
                        })
                    })
                })
            })
        })
    }

    #[test]
    fn every_empty_point_matches_exactly_when_the_reference_matcher_says_so() {
        let mut rng = GameRng::seed_from(2006);
        let mut positions = 0;
        let mut matched = 0;
        let mut moves = Vec::new();
        for _ in 0..4 {
            let mut g = Go9::new();
            while !g.is_over() && g.ply() < 160 {
                for index in 0..POINTS {
                    let point = Point::from_index(index);
                    if g.board().stone_at(point).is_some() {
                        continue;
                    }
                    let (row, col) = ((index / SIZE) as isize, (index % SIZE) as isize);
                    let expected = reference_matches(&g, row, col);
                    assert_eq!(
                        matches(g.board(), cell_of(point)),
                        expected,
                        "{point:?} in\n{g}"
                    );
                    matched += usize::from(expected);
                    positions += 1;
                }
                let mv = g.random_move(&mut rng, &mut moves).unwrap();
                g.play(mv).unwrap();
            }
        }
        // The games reach both answers often enough for the comparison to mean something.
        assert!(
            matched > positions / 50 && matched < positions / 2,
            "{matched} of {positions}"
        );
    }

    #[test]
    fn the_table_agrees_with_direct_matching() {
        let g = after("E5 E6 D6 F5 C3 G7 A1 J9 B2");
        let grids: Vec<_> = SOURCE
            .iter()
            .flat_map(|p| (0..8).map(move |s| transformed(p, s)))
            .collect();
        for c in 0..crate::layout::CELLS {
            if g.board().cell(c) != crate::board::EMPTY {
                continue;
            }
            let code = code_at(g.board(), c);
            let direct = grids
                .iter()
                .any(|gr| matches_grid(gr, code, BLACK) || matches_grid(gr, code, WHITE));
            assert_eq!(matches(g.board(), c), direct);
        }
    }
}
