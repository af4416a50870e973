//! Integer actions and observation tensors: each game's moves numbered `0..num_actions`
//! and its position written as `f32` planes, for learning programs (`docs/actions.md`).
//!
//! Every game has the same five crate-private functions in its own module: `num_actions`,
//! `action_of`, `move_of`, `observation_shape` and `write_observation`. An action id is a
//! fixed formula of the move and the game's options (board side, variant), never of the
//! position, so a network's output layer has one unit per id for the whole game; the legal
//! ids of a position are the ids of its legal moves.
//!
//! # Action ids
//!
//! A board point `(col, row)` (row 0 the bottom row, `A1` = `(0, 0)`) on a side `n` is
//! `row * n + col` in every game that has points, so `A1` = 0, `B1` = 1, `A2` = `n`.
//!
//! | game | ids | formula |
//! |---|---|---|
//! | go9 | 82 | point `row * 9 + col` (0..81); `pass` = 81 |
//! | Kazura, side `n` | `n² + 2` | point `row * n + col`; `pass` = `n²`; `swap` = `n² + 1` |
//! | Bao | 97 | `(pit * 2 + direction) * 3 + choice` (0..96), pit `F1..F8` = 0..7 and `B1..B8` = 8..15 as the mover names them, direction `L` = 0 and `R` = 1, NYUMBA choice none = 0, `stop` = 1, `use` = 2; `pass` = 96 |
//! | Bind, side `n` | `9n² + 1` | single placement `row * n + col`; line `n² + from * 8 + direction * 2 + (squares - 2)` with `from` the line's first square as a point id, direction right (higher column) = 0, left = 1, up (higher row) = 2, down = 3, and 2 or 3 squares; `pass` = `9n²` |
//!
//! Every id of go9, Kazura and Bao names a move. A Bind line id whose last square would
//! be off the board names none (`move_of` gives `None`). `action_of` of a move that is not
//! on the game's board (a point past its side, a Bind line of another shape) gives
//! `num_actions`, which no id reaches.
//!
//! # Observations
//!
//! Planes of `f32`, plane-major then row-major, always from the point of view of the
//! player to move. For go9, Kazura and Bind the cell of point `(col, row)` in a plane is
//! `row * n + col`, the point's action id: the tensor's row 0 is the board's bottom row
//! (`A1`'s row), which the diagrams print last.
//!
//! * go9 `[4, 9, 9]`: mover's stones, opponent's stones, the points illegal for the mover
//!   only by superko (G-5), all ones when the mover is Black.
//! * Kazura `[4, n, n]`: mover's stones, opponent's stones, all ones while `swap` is legal,
//!   all ones when the mover is Black.
//! * Bind `[4, n, n]`: mover's pieces, opponent's pieces, all the mover's hand / pieces per
//!   colour, all the opponent's hand / pieces per colour.
//! * Bao `[5, 4, 8]`: the board as the mover faces it (row 0 the opponent's back row, row 3
//!   the mover's back row), kete / 64; the mover's hand / 64; the opponent's hand / 64; the
//!   NYUMBA still owned (1 on each owned NYUMBA's cell); all ones in MTAJI.
//!
//! Writing an observation reads the position and stores every value of the buffer; it
//! allocates nothing.

pub(crate) mod bao;
pub(crate) mod bind;
pub(crate) mod go9;
pub(crate) mod kazura;

/// The id of the point in column `col` and row `row` of a board of side `side`:
/// `row * side + col`.
pub(crate) const fn point_id(col: usize, row: usize, side: usize) -> usize {
    row * side + col
}

/// The column and row of point id `id` on a board of side `side`.
pub(crate) const fn point_col_row(id: usize, side: usize) -> (usize, usize) {
    (id % side, id / side)
}

/// The `plane`-th plane of `out`, each plane holding `plane_len` values. The caller's
/// buffer holds every plane of the shape it was sized for.
pub(crate) fn plane_mut(out: &mut [f32], plane: usize, plane_len: usize) -> &mut [f32] {
    &mut out[plane * plane_len..(plane + 1) * plane_len]
}

/// The value of a 0/1 plane for `flag`: 1.0 when true, 0.0 when false.
pub(crate) const fn flag_value(flag: bool) -> f32 {
    if flag { 1.0 } else { 0.0 }
}

/// Writes planes 0 and 1 of a square board of `plane_len` points: 1.0 in plane 0 where
/// `owner_at(point id)` is `mover`, 1.0 in plane 1 where it is the other player, 0.0
/// everywhere else.
pub(crate) fn write_stone_planes(
    out: &mut [f32],
    plane_len: usize,
    mover: game_core::Player,
    owner_at: impl Fn(usize) -> Option<game_core::Player>,
) {
    let (mover_plane, rest) = out.split_at_mut(plane_len);
    let opponent_plane = &mut rest[..plane_len];
    for (id, (own, other)) in mover_plane
        .iter_mut()
        .zip(opponent_plane.iter_mut())
        .enumerate()
    {
        let owner = owner_at(id);
        *own = flag_value(owner == Some(mover));
        *other = flag_value(owner == Some(mover.other()));
    }
}

#[cfg(test)]
pub(crate) mod test_support;
