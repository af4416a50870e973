//! Square boards: sizes, points and their orthogonal neighbours.

use std::fmt;

use thiserror::Error;

use crate::notation::Coord;
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

/// A square board of side `size`: its points, the point at a coordinate, and each point's
/// orthogonal neighbours.
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
        }
        Ok(Geometry {
            size: size as u8,
            neighbours,
            degree,
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

    /// The point at `coord`, or `None` if it is off this board.
    #[inline]
    #[must_use]
    pub fn point_at(&self, coord: Coord) -> Option<Point> {
        let (col, row) = (usize::from(coord.col), usize::from(coord.row));
        (col < self.size() && row < self.size()).then(|| Point::from_index(row * self.size() + col))
    }

    /// The orthogonal neighbours of `p` (2 in a corner, 3 on an edge, else 4).
    #[inline]
    #[must_use]
    pub fn neighbours(&self, p: Point) -> &[Point] {
        let i = p.index();
        &self.neighbours[i][..usize::from(self.degree[i])]
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
}
