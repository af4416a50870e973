//! Geometry shared by every square-board game of the workspace.
//!
//! * [`Geometry`]: a square board of side 2–25 whose points are compact indices
//!   ([`Point`]), with precomputed orthogonal neighbour lists, rows and columns.
//! * [`Coord`] and the shared point notation (`A1` is the lower-left corner, columns
//!   `A`–`Z` without `I`, rows counted from 1 at the bottom), parsed with a typed
//!   [`ParsePointError`].
//! * [`PointSet`]: a fixed-size bitset over up to 625 points with flood fill and
//!   connected components.
//! * [`UnionFind`]: merge-only disjoint sets (union by size, path halving).
//! * [`zobrist`]: deterministic, documented-as-stable 64- and 128-bit Zobrist keys.
//! * [`Ring`]: a cyclic track of `n` cells stepped in either direction (Bao's pits).
//!
//! ```
//! use board_geometry::{Geometry, PointSet};
//!
//! let board = Geometry::new(9)?;
//! let centre = board.parse_point("e5")?;
//! assert_eq!(board.point_name(centre).to_string(), "E5");
//! assert_eq!(board.neighbours(centre).len(), 4);
//!
//! // Flood fill inside a set: the row-1 points are one connected component.
//! let mut row1 = PointSet::new();
//! for col in 0..9 {
//!     row1.insert(board.point(col, 0));
//! }
//! let filled = board.flood_fill(board.parse_point("A1")?, &row1);
//! assert_eq!(filled.count(), 9);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Features
//!
//! * `serde` (on by default): `Serialize` and `Deserialize` for [`Coord`], [`Point`] (as
//!   its index), [`Ring`] and [`RingDirection`]. Nothing else needs serde, so
//!   `default-features = false` leaves it out.

mod geometry;
mod notation;
mod point;
mod point_set;
mod ring;
mod union_find;
pub mod zobrist;

pub use geometry::{Geometry, GeometryError, MAX_SIZE, MIN_SIZE};
pub use notation::{COLUMN_LETTERS, Coord, ParsePointError, column_letter};
pub use point::Point;
pub use point_set::{MAX_POINTS, PointSet, PointSetIter};
pub use ring::{Ring, RingDirection};
pub use union_find::UnionFind;

// The README's examples run as doctests, so they cannot drift from the API.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
