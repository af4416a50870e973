//! The serde forms of the geometry's values (feature `serde`, on by default).
#![cfg(feature = "serde")]

use board_geometry::{Coord, Point};

#[test]
fn a_point_is_its_index_and_a_coord_its_column_and_row() {
    let point = Point::from_index(40);
    assert_eq!(serde_json::to_string(&point).unwrap(), "40");
    assert_eq!(serde_json::from_str::<Point>("40").unwrap(), point);

    let coord = Coord::new(8, 9);
    let text = serde_json::to_string(&coord).unwrap();
    assert_eq!(text, r#"{"col":8,"row":9}"#);
    assert_eq!(serde_json::from_str::<Coord>(&text).unwrap(), coord);
}
