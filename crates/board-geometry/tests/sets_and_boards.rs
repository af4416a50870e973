//! The point set as a mutable set, checked against a `BTreeSet`, and the board's point
//! list and debug form.

use std::collections::BTreeSet;

use board_geometry::{Geometry, MAX_POINTS, MAX_SIZE, MIN_SIZE, Point, PointSet};
use proptest::prelude::*;

/// One step of a random edit of a set.
#[derive(Clone, Debug)]
enum Edit {
    Insert(usize),
    Remove(usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    // Indices from the whole 625-point range, so that every word of the bitset is used,
    // and more often from a small range, so that removals hit present points.
    let index = prop_oneof![0usize..MAX_POINTS, 0usize..70, 600usize..MAX_POINTS];
    prop_oneof![
        index.clone().prop_map(Edit::Insert),
        index.prop_map(Edit::Remove)
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, ..ProptestConfig::default() })]

    /// `insert` and `remove` say whether they changed the set, and after every edit the
    /// set holds exactly the model's points: membership, count, emptiness, first point,
    /// iteration order and the debug listing.
    #[test]
    fn edits_agree_with_a_btreeset(edits in proptest::collection::vec(edit(), 0..200)) {
        let mut set = PointSet::new();
        let mut model = BTreeSet::new();
        for e in edits {
            match e {
                Edit::Insert(i) => {
                    prop_assert_eq!(set.insert(Point::from_index(i)), model.insert(i));
                }
                Edit::Remove(i) => {
                    prop_assert_eq!(set.remove(Point::from_index(i)), model.remove(&i));
                }
            }
            prop_assert_eq!(set.count(), model.len());
            prop_assert_eq!(set.is_empty(), model.is_empty());
            prop_assert_eq!(set.first().map(Point::index), model.first().copied());
            let listed: Vec<usize> = set.iter().map(Point::index).collect();
            prop_assert_eq!(&listed, &model.iter().copied().collect::<Vec<_>>());
            // The debug form lists the indices as a set, as the model's own debug form does.
            prop_assert_eq!(format!("{set:?}"), format!("{model:?}"));
        }
        for i in 0..MAX_POINTS {
            prop_assert_eq!(set.contains(Point::from_index(i)), model.contains(&i));
        }
    }
}

#[test]
fn a_board_lists_each_of_its_points_once_in_index_order() {
    for size in MIN_SIZE..=MAX_SIZE {
        let g = Geometry::new(usize::from(size)).unwrap();
        let n = usize::from(size) * usize::from(size);
        let listed: Vec<usize> = g.points().map(Point::index).collect();
        assert_eq!(
            listed,
            (0..n).collect::<Vec<_>>(),
            "points() of {size}x{size}"
        );
    }
}

#[test]
fn a_board_debug_form_names_its_size() {
    for size in [2usize, 9, 19, 25] {
        let text = format!("{:?}", Geometry::new(size).unwrap());
        assert!(text.contains(&format!("{size}x{size}")), "{text}");
    }
}
