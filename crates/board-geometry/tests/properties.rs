//! Property tests of the geometry: neighbours, notation, union-find, flood fill.

use std::collections::VecDeque;

use board_geometry::{
    Coord, Geometry, MAX_SIZE, MIN_SIZE, ParsePointError, Point, PointSet, Ring, RingDirection,
    UnionFind,
};
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
        assert_eq!(g.point_count(), usize::from(size) * usize::from(size));
        for p in g.points() {
            let ns = g.neighbours(p);
            let (c, r) = (g.col(p) as i64, g.row(p) as i64);
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
                let dist = (g.col(q) as i64 - c).abs() + (g.row(q) as i64 - r).abs();
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
            let name = g.point_name(p).to_string();
            assert_eq!(g.parse_point(&name), Ok(p));
            assert_eq!(g.parse_point(&name.to_ascii_lowercase()), Ok(p));
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
    let g = Geometry::new(13).unwrap();
    assert!(matches!(g.parse_point(""), Err(ParsePointError::Empty)));
    assert!(matches!(
        g.parse_point("I5"),
        Err(ParsePointError::ColumnI { .. })
    ));
    assert!(matches!(
        g.parse_point("A0"),
        Err(ParsePointError::ZeroOrLeadingZero { .. })
    ));
    assert!(matches!(
        g.parse_point("A01"),
        Err(ParsePointError::ZeroOrLeadingZero { .. })
    ));
    assert!(matches!(
        g.parse_point("O1"),
        Err(ParsePointError::OffBoard { .. })
    ));
    assert!(matches!(
        g.parse_point("A14"),
        Err(ParsePointError::OffBoard { .. })
    ));
    assert!(matches!(
        g.parse_point("5A"),
        Err(ParsePointError::NotAColumn { .. })
    ));
    assert!(matches!(
        g.parse_point("A"),
        Err(ParsePointError::MissingRow { .. })
    ));
    assert!(matches!(
        g.parse_point("A+1"),
        Err(ParsePointError::BadRow { .. })
    ));
    assert!(matches!(
        g.parse_point("A1 "),
        Err(ParsePointError::BadRow { .. })
    ));
    assert!(matches!(
        g.parse_point("ÄB"),
        Err(ParsePointError::NotAColumn { .. })
    ));
    // Columns skip I: on 9x9 the last column is J.
    let nine = Geometry::new(9).unwrap();
    assert_eq!(nine.point_name(nine.point(8, 8)).to_string(), "J9");
    assert_eq!(nine.parse_point("J9"), Ok(nine.point(8, 8)));
}

#[test]
fn ring_steps_wrap_both_ways() {
    let ring = Ring::new(16);
    let mut cell = 0;
    for _ in 0..16 {
        cell = ring.step(cell, RingDirection::Forward);
    }
    assert_eq!(cell, 0);
    for start in 0..16 {
        for steps in 0..40 {
            let mut c = start;
            for _ in 0..steps {
                c = ring.step(c, RingDirection::Backward);
            }
            assert_eq!(ring.advance(start, RingDirection::Backward, steps), c);
            assert_eq!(ring.advance(c, RingDirection::Forward, steps), start);
        }
    }
}

#[test]
fn ring_steps_move_one_cell_and_undo_each_other() {
    for len in 1..=20 {
        let ring = Ring::new(len);
        assert_eq!(ring.len(), len);
        assert!(!ring.is_empty());
        for cell in 0..len {
            let forward = ring.step(cell, RingDirection::Forward);
            assert_eq!(forward, (cell + 1) % len, "forward from {cell} of {len}");
            assert_eq!(ring.step(forward, RingDirection::Backward), cell);
            assert_eq!(ring.advance(cell, RingDirection::Forward, 1), forward);
            assert_eq!(
                ring.step(cell, RingDirection::Backward),
                (cell + len - 1) % len,
                "backward from {cell} of {len}"
            );
        }
    }
    assert_eq!(RingDirection::Forward.reversed(), RingDirection::Backward);
    assert_eq!(RingDirection::Backward.reversed(), RingDirection::Forward);
}

#[test]
fn union_keeps_the_representative_of_the_larger_set() {
    for (left, right) in [(3usize, 1usize), (1, 3), (2, 2), (1, 1)] {
        // Set A is 0..left, set B is 10..10 + right, each joined in order.
        let mut uf = UnionFind::new(20);
        for x in 1..left {
            uf.union(0, x);
        }
        for x in 11..10 + right {
            uf.union(10, x);
        }
        let (rep_a, rep_b) = (uf.find(0), uf.find(10));
        let expected = if right > left { rep_b } else { rep_a };
        assert_eq!(uf.union(left - 1, 10), expected, "sizes {left} and {right}");
        for x in (0..left).chain(10..10 + right) {
            assert_eq!(uf.find(x), expected);
            assert_eq!(uf.find_const(x), expected);
        }
        assert_eq!(uf.set_size(0), left + right);
    }
}

#[test]
fn union_find_counts_its_elements() {
    let empty = UnionFind::new(0);
    assert_eq!(empty.len(), 0);
    assert!(empty.is_empty());
    for n in [1, 2, 7, 100] {
        let mut uf = UnionFind::new(n);
        uf.union(0, n - 1);
        assert_eq!(uf.len(), n, "unions do not change the element count");
        assert!(!uf.is_empty());
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn coord_display_parses_back(col in 0u8..25, row in 0u8..200) {
        let c = Coord::new(col, row);
        prop_assert_eq!(c.to_string().parse::<Coord>(), Ok(c));
    }

    #[test]
    fn union_find_agrees_with_bfs(
        n in 1usize..60,
        edges in proptest::collection::vec((0usize..60, 0usize..60), 0..80),
    ) {
        let edges: Vec<(usize, usize)> = edges.into_iter().map(|(a, b)| (a % n, b % n)).collect();
        let mut uf = UnionFind::new(n);
        let mut adjacency = vec![Vec::new(); n];
        for &(a, b) in &edges {
            uf.union(a, b);
            adjacency[a].push(b);
            adjacency[b].push(a);
        }
        let frozen = uf.clone();
        for a in 0..n {
            prop_assert_eq!(frozen.find_const(a), uf.find(a), "find_const of {}", a);
            let reach = bfs_reach(&adjacency, a);
            prop_assert_eq!(uf.set_size(a), reach.iter().filter(|&&r| r).count());
            for (b, &r) in reach.iter().enumerate() {
                prop_assert_eq!(uf.same(a, b), r);
            }
        }
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
            prop_assert!(g.boundary(c).intersection(&within).is_empty());
        }
    }

    #[test]
    fn point_set_operations_agree_with_btreeset(
        a in proptest::collection::btree_set(0usize..625, 0..100),
        b in proptest::collection::btree_set(0usize..625, 0..100),
    ) {
        let sa: PointSet = a.iter().copied().map(Point::from_index).collect();
        let sb: PointSet = b.iter().copied().map(Point::from_index).collect();
        let idx = |s: PointSet| s.iter().map(Point::index).collect::<Vec<_>>();
        prop_assert_eq!(idx(sa.union(&sb)), a.union(&b).copied().collect::<Vec<_>>());
        prop_assert_eq!(idx(sa.intersection(&sb)), a.intersection(&b).copied().collect::<Vec<_>>());
        prop_assert_eq!(idx(sa.difference(&sb)), a.difference(&b).copied().collect::<Vec<_>>());
        prop_assert_eq!(sa.count(), a.len());
        prop_assert_eq!(sa.intersects(&sb), !a.is_disjoint(&b));
        prop_assert_eq!(sa.is_subset(&sb), a.is_subset(&b));
        prop_assert_eq!(sa.first().map(Point::index), a.first().copied());
    }
}
