//! Square boards: sizes, points, neighbours, rows and columns.

use std::fmt;

use thiserror::Error;

use crate::notation::{Coord, ParsePointError};
use crate::point::Point;
use crate::point_set::PointSet;

/// The smallest board side accepted.
pub const MIN_SIZE: u8 = 2;
/// The largest board side accepted (the notation has 25 column letters).
pub const MAX_SIZE: u8 = 25;

/// A board size outside `MIN_SIZE..=MAX_SIZE`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("board size {0} is not supported: the side must be from 2 to 25")]
pub struct GeometryError(pub usize);

/// A square board of side `size`: its points, their coordinates and orthogonal neighbours.
///
/// Points are indices `row * size + col`; neighbour lists are precomputed, so a lookup is
/// a slice borrow. Cloning copies the tables, so games usually keep one `Geometry` per
/// size in a shared place (or rebuild it: building a 25×25 board takes microseconds).
#[derive(Clone, PartialEq, Eq)]
pub struct Geometry {
    size: u8,
    /// Up to four neighbours per point, in the order down, left, right, up.
    neighbours: Vec<[Point; 4]>,
    degree: Vec<u8>,
    all: PointSet,
}

impl fmt::Debug for Geometry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Geometry({}x{})", self.size, self.size)
    }
}

impl Geometry {
    /// A board of side `size` (2–25).
    ///
    /// # Errors
    /// [`GeometryError`] for any other size.
    pub fn new(size: usize) -> Result<Geometry, GeometryError> {
        if !(usize::from(MIN_SIZE)..=usize::from(MAX_SIZE)).contains(&size) {
            return Err(GeometryError(size));
        }
        let n = size * size;
        let mut neighbours = vec![[Point::from_index(0); 4]; n];
        let mut degree = vec![0u8; n];
        let mut all = PointSet::new();
        for index in 0..n {
            let (row, col) = (index / size, index % size);
            let mut list = [Point::from_index(0); 4];
            let mut d = 0;
            let mut push = |p: usize| {
                list[d] = Point::from_index(p);
                d += 1;
            };
            if row > 0 {
                push(index - size);
            }
            if col > 0 {
                push(index - 1);
            }
            if col + 1 < size {
                push(index + 1);
            }
            if row + 1 < size {
                push(index + size);
            }
            neighbours[index] = list;
            degree[index] = d as u8;
            all.insert(Point::from_index(index));
        }
        Ok(Geometry {
            size: size as u8,
            neighbours,
            degree,
            all,
        })
    }

    /// The side of the board.
    #[inline]
    #[must_use]
    pub fn size(&self) -> usize {
        usize::from(self.size)
    }

    /// The number of points, `size * size`.
    #[inline]
    #[must_use]
    pub fn point_count(&self) -> usize {
        self.neighbours.len()
    }

    /// Every point of the board, in index order.
    pub fn points(&self) -> impl Iterator<Item = Point> + use<> {
        (0..self.point_count()).map(Point::from_index)
    }

    /// The set of all points of the board.
    #[must_use]
    pub fn all_points(&self) -> PointSet {
        self.all
    }

    /// The point at 0-based column `col` and row `row`.
    ///
    /// # Panics
    /// If the column or row is off the board.
    #[inline]
    #[must_use]
    pub fn point(&self, col: usize, row: usize) -> Point {
        assert!(
            col < self.size() && row < self.size(),
            "({col}, {row}) is off the board"
        );
        Point::from_index(row * self.size() + col)
    }

    /// The point at `coord`, or `None` if it is off this board.
    #[inline]
    #[must_use]
    pub fn point_at(&self, coord: Coord) -> Option<Point> {
        let (col, row) = (usize::from(coord.col), usize::from(coord.row));
        (col < self.size() && row < self.size()).then(|| Point::from_index(row * self.size() + col))
    }

    /// The column of `p`, 0-based from the left.
    #[inline]
    #[must_use]
    pub fn col(&self, p: Point) -> usize {
        p.index() % self.size()
    }

    /// The row of `p`, 0-based from the bottom.
    #[inline]
    #[must_use]
    pub fn row(&self, p: Point) -> usize {
        p.index() / self.size()
    }

    /// The column and row of `p`.
    #[inline]
    #[must_use]
    pub fn coord(&self, p: Point) -> Coord {
        Coord::new(self.col(p) as u8, self.row(p) as u8)
    }

    /// The orthogonal neighbours of `p` (2 in a corner, 3 on an edge, else 4).
    #[inline]
    #[must_use]
    pub fn neighbours(&self, p: Point) -> &[Point] {
        let i = p.index();
        &self.neighbours[i][..usize::from(self.degree[i])]
    }

    /// Whether `a` and `b` are orthogonally adjacent.
    #[must_use]
    pub fn adjacent(&self, a: Point, b: Point) -> bool {
        self.neighbours(a).contains(&b)
    }

    /// Parses a point in the shared notation and checks it lies on this board.
    ///
    /// # Errors
    /// Any [`ParsePointError`]: junk, the letter `I`, row `0` or a leading zero, off board.
    pub fn parse_point(&self, text: &str) -> Result<Point, ParsePointError> {
        let coord: Coord = text.parse()?;
        self.point_at(coord)
            .ok_or_else(|| ParsePointError::OffBoard {
                text: text.to_string(),
                size: self.size,
            })
    }

    /// The name of `p` in the shared notation, for printing (`format!("{}", g.point_name(p))`).
    #[must_use]
    pub fn point_name(&self, p: Point) -> Coord {
        self.coord(p)
    }

    /// The points reachable from `start` through orthogonal steps inside `within`
    /// (`start` included if it is in `within`; empty otherwise).
    #[must_use]
    pub fn flood_fill(&self, start: Point, within: &PointSet) -> PointSet {
        let mut seen = PointSet::new();
        if !within.contains(start) {
            return seen;
        }
        let mut stack = Vec::with_capacity(32);
        seen.insert(start);
        stack.push(start);
        while let Some(p) = stack.pop() {
            for &q in self.neighbours(p) {
                if within.contains(q) && !seen.contains(q) {
                    seen.insert(q);
                    stack.push(q);
                }
            }
        }
        seen
    }

    /// The orthogonally connected components of `set`, each as its own set, ordered by
    /// their lowest point.
    #[must_use]
    pub fn components(&self, set: &PointSet) -> Vec<PointSet> {
        let mut rest = *set;
        let mut out = Vec::new();
        while let Some(p) = rest.first() {
            let component = self.flood_fill(p, &rest);
            rest = rest.difference(&component);
            out.push(component);
        }
        out
    }

    /// The points of the board adjacent to at least one point of `set` and not in it.
    #[must_use]
    pub fn boundary(&self, set: &PointSet) -> PointSet {
        let mut out = PointSet::new();
        for p in set.iter() {
            for &q in self.neighbours(p) {
                out.insert(q);
            }
        }
        out.difference(set)
    }
}
