//! Property tests of the geometry: neighbours, notation, flood fill and components.

use std::collections::VecDeque;

use board_geometry::{Coord, Geometry, MAX_SIZE, MIN_SIZE, ParsePointError, Point, PointSet};
use proptest::prelude::*;

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 1000,
        ..ProptestConfig::default()
    }
}

/// Breadth-first search over an explicit adjacency list: the plain reference.
fn bfs_reach(adjacency: &[Vec<usize>], start: usize) -> Vec<bool> {
    let mut seen = vec![false; adjacency.len()];
    let mut queue = VecDeque::from([start]);
    seen[start] = true;
    while let Some(x) = queue.pop_front() {
        for &y in &adjacency[x] {
            if !seen[y] {
                seen[y] = true;
                queue.push_back(y);
            }
        }
    }
    seen
}

#[test]
fn neighbour_relation_is_symmetric_in_bounds_and_orthogonal_for_every_size() {
    for size in MIN_SIZE..=MAX_SIZE {
        let g = Geometry::new(usize::from(size)).unwrap();
        assert_eq!(g.size(), usize::from(size));
        assert_eq!(g.point_count(), usize::from(size) * usize::from(size));
        // Points are indices `row * size + col`.
        let col = |p: Point| (p.index() % usize::from(size)) as i64;
        let row = |p: Point| (p.index() / usize::from(size)) as i64;
        for p in g.points() {
            let ns = g.neighbours(p);
            let (c, r) = (col(p), row(p));
            let expected = [(0, -1), (-1, 0), (1, 0), (0, 1)]
                .iter()
                .filter(|(dc, dr)| {
                    let (nc, nr) = (c + dc, r + dr);
                    (0..i64::from(size)).contains(&nc) && (0..i64::from(size)).contains(&nr)
                })
                .count();
            assert_eq!(ns.len(), expected, "degree of {p:?} on {size}");
            for &q in ns {
                assert!(q.index() < g.point_count());
                assert!(g.neighbours(q).contains(&p), "{q:?} does not list {p:?}");
                let dist = (col(q) - c).abs() + (row(q) - r).abs();
                assert_eq!(dist, 1);
            }
        }
    }
}

#[test]
fn notation_round_trips_for_every_point_of_every_size() {
    for size in MIN_SIZE..=MAX_SIZE {
        let g = Geometry::new(usize::from(size)).unwrap();
        for p in g.points() {
            let (col, row) = (p.index() % usize::from(size), p.index() / usize::from(size));
            let coord = Coord::new(col as u8, row as u8);
            let name = coord.to_string();
            assert_eq!(name.parse::<Coord>(), Ok(coord));
            assert_eq!(name.to_ascii_lowercase().parse::<Coord>(), Ok(coord));
            assert_eq!(g.point_at(coord), Some(p), "{name} on {size}x{size}");
        }
        // One column or one row past the board is off it.
        for i in 0..size {
            assert_eq!(g.point_at(Coord::new(size, i)), None);
            assert_eq!(g.point_at(Coord::new(i, size)), None);
        }
    }
}

#[test]
fn sizes_outside_2_to_25_are_rejected() {
    for bad in [0, 1, 26, 100] {
        assert!(Geometry::new(bad).is_err());
    }
}

#[test]
fn notation_errors_are_typed() {
    let parse = |text: &str| text.parse::<Coord>();
    assert!(matches!(parse(""), Err(ParsePointError::Empty)));
    assert!(matches!(parse("I5"), Err(ParsePointError::ColumnI { .. })));
    assert!(matches!(
        parse("A0"),
        Err(ParsePointError::ZeroOrLeadingZero { .. })
    ));
    assert!(matches!(
        parse("A01"),
        Err(ParsePointError::ZeroOrLeadingZero { .. })
    ));
    assert!(matches!(
        parse("5A"),
        Err(ParsePointError::NotAColumn { .. })
    ));
    assert!(matches!(
        parse("A"),
        Err(ParsePointError::MissingRow { .. })
    ));
    assert!(matches!(parse("A+1"), Err(ParsePointError::BadRow { .. })));
    assert!(matches!(parse("A1 "), Err(ParsePointError::BadRow { .. })));
    assert!(matches!(
        parse("ÄB"),
        Err(ParsePointError::NotAColumn { .. })
    ));
    // A coordinate needs no board: O1 and A14 parse, and are off a 13x13 board.
    let g = Geometry::new(13).unwrap();
    assert_eq!(g.point_at(parse("O1").unwrap()), None);
    assert_eq!(g.point_at(parse("A14").unwrap()), None);
    // Columns skip I: on 9x9 the last column is J.
    let nine = Geometry::new(9).unwrap();
    assert_eq!(parse("J9"), Ok(Coord::new(8, 8)));
    assert_eq!(nine.point_at(Coord::new(8, 8)), Some(Point::from_index(80)));
    assert_eq!(Coord::new(8, 8).to_string(), "J9");
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn coord_display_parses_back(col in 0u8..25, row in 0u8..200) {
        let c = Coord::new(col, row);
        prop_assert_eq!(c.to_string().parse::<Coord>(), Ok(c));
    }

    #[test]
    fn flood_fill_and_components_agree_with_bfs(
        size in 2usize..=25,
        bits in proptest::collection::vec(any::<bool>(), 625),
        start in 0usize..625,
    ) {
        let g = Geometry::new(size).unwrap();
        let n = g.point_count();
        let within: PointSet = (0..n).filter(|&i| bits[i]).map(Point::from_index).collect();
        let adjacency: Vec<Vec<usize>> = (0..n)
            .map(|i| {
                if !bits[i] { return Vec::new(); }
                g.neighbours(Point::from_index(i)).iter().map(|q| q.index()).filter(|&j| bits[j]).collect()
            })
            .collect();
        let start = start % n;
        let filled = g.flood_fill(Point::from_index(start), &within);
        if bits[start] {
            let reach = bfs_reach(&adjacency, start);
            for (i, &reached) in reach.iter().enumerate() {
                prop_assert_eq!(filled.contains(Point::from_index(i)), reached);
            }
        } else {
            prop_assert!(filled.is_empty());
        }
        let components = g.components(&within);
        let total: usize = components.iter().map(PointSet::count).sum();
        prop_assert_eq!(total, within.count());
        for c in &components {
            let first = c.first().unwrap();
            let reach = bfs_reach(&adjacency, first.index());
            prop_assert_eq!(c.count(), reach.iter().filter(|&&r| r).count());
            for (i, &reached) in reach.iter().enumerate() {
                prop_assert_eq!(c.contains(Point::from_index(i)), reached);
            }
        }
    }
}
