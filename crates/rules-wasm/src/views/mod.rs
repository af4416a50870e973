//! The board part of [`crate::Session::view`], one module per game.
//!
//! Square boards are given as `cells`, one number per point (0 empty, 1 the first
//! player's, 2 the second's), indexed `row * size + col` with row 0 the bottom row (`A1` is
//! index 0), and `columns`, the column letters of the board's notation, so that the page
//! names point `i` as `columns[i % size]` followed by `i / size + 1` without knowing the
//! notation's rules (there is no `I`).

pub(crate) mod bao;
pub(crate) mod bind;
pub(crate) mod end;
pub(crate) mod go9;
pub(crate) mod kazura;

use game_catalog::kazura::Coord;

/// The letters of the first `size` columns, as `Coord`'s `Display` writes them.
pub(crate) fn column_letters(size: usize) -> Vec<String> {
    (0..size)
        .map(|col| {
            let name = Coord::new(col as u8, 0).to_string();
            name.trim_end_matches(|c: char| c.is_ascii_digit())
                .to_string()
        })
        .collect()
}

/// The `Coord` of index `i` on a board of side `size`.
pub(crate) fn coord(i: usize, size: usize) -> Coord {
    Coord::new((i % size) as u8, (i / size) as u8)
}

/// The index of `coord` on a board of side `size`.
pub(crate) fn index(coord: Coord, size: usize) -> usize {
    usize::from(coord.row) * size + usize::from(coord.col)
}

/// The cell number of a player's stone: 1 for the first player, 2 for the second.
pub(crate) fn cell_of(player: game_catalog::game_core::Player) -> u8 {
    player.index() as u8 + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_skip_i_as_the_notation_does() {
        assert_eq!(column_letters(9).concat(), "ABCDEFGHJ");
        assert_eq!(column_letters(25).concat(), "ABCDEFGHJKLMNOPQRSTUVWXYZ");
    }

    #[test]
    fn indices_count_from_a1_row_by_row() {
        let c = coord(11, 9);
        assert_eq!(c.to_string(), "C2");
        assert_eq!(index(c, 9), 11);
    }
}
