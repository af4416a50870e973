//! The board vocabulary shared by the square-board games of this workspace (Kazura, 9×9 Go
//! and Bind), and the board tools of one of them. Who uses what:
//!
//! * [`Coord`] and the shared point notation (`A1` is the lower-left corner, columns
//!   `A`–`Z` without `I`, rows counted from 1 at the bottom), parsed with a typed
//!   [`ParsePointError`], and [`column_letter`]: the moves, records and diagrams of all
//!   three games.
//! * [`Point`], a point as a compact index: go9's point type, and Kazura's.
//! * [`Geometry`], a square board of side 2–25 with precomputed orthogonal neighbour lists,
//!   and [`PointSet`], a fixed-size bitset over up to 625 points, with flood fill and
//!   connected components: Kazura's board of any size (the point of every move, the K-12
//!   reach bound, the group lengths counted from scratch); [`GeometryError`] is its size
//!   error. [`MAX_SIZE`] and
//!   [`MAX_POINTS`] size Kazura's and Bind's per-size tables.
//! * [`zobrist::key64`]: deterministic, documented-as-stable 64-bit Zobrist keys, go9's
//!   position hash.
//!
//! The games' hot paths stand on layouts of their own, each tuned to its board: go9 on a
//! padded 11×11 frame of 128-bit masks, Bind on 64-bit bitboards up to 8×8 and a cell array
//! with a border cell, Kazura on its own neighbour tables. Bao, which has no square board,
//! does not use this crate. `docs/architecture.md` gives the measurements behind this.
//!
//! ```
//! use board_geometry::{Coord, Geometry, Point, PointSet};
//!
//! let centre: Coord = "e5".parse()?;
//! assert_eq!(centre.to_string(), "E5");
//! assert!("A01".parse::<Coord>().is_err()); // no leading zeros
//! assert!("I5".parse::<Coord>().is_err()); // no column I
//!
//! let board = Geometry::new(9)?;
//! let e5 = board.point_at(centre).expect("on the board");
//! assert_eq!(board.neighbours(e5).len(), 4);
//! assert_eq!(board.point_at("K1".parse()?), None); // the tenth column is off a 9×9 board
//!
//! // The points of row 1 and of row 3 form two connected components.
//! let rows: PointSet = (0..9).flat_map(|col| [col, 18 + col]).map(Point::from_index).collect();
//! assert_eq!(board.components(&rows).len(), 2);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Features
//!
//! * `serde` (on by default): `Serialize` and `Deserialize` for [`Coord`] and [`Point`] (as
//!   its index). Nothing else needs serde, so `default-features = false` leaves it out.

mod geometry;
mod notation;
mod point;
mod point_set;
pub mod zobrist;

pub use geometry::{Geometry, GeometryError, MAX_SIZE, MIN_SIZE};
pub use notation::{Coord, ParsePointError, column_letter};
pub use point::Point;
pub use point_set::{MAX_POINTS, PointSet, PointSetIter};

// The README's examples run as doctests, so they cannot drift from the API.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
