//! Any text given to the point parser returns a point or an error, never panics, and a point
//! it accepts prints back to the same point on every board size it fits.
#![no_main]

use board_geometry::{Coord, Geometry};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(coord) = text.parse::<Coord>() else {
        return;
    };
    let printed = coord.to_string();
    assert_eq!(
        printed.parse::<Coord>(),
        Ok(coord),
        "{text:?} printed as {printed}"
    );
    assert!(
        printed.eq_ignore_ascii_case(text),
        "{text:?} printed as {printed}"
    );
    for size in [2, 9, 13, 19, 25] {
        let board = Geometry::new(size).expect("valid size");
        match board.parse_point(text) {
            Ok(p) => {
                assert_eq!(board.point_name(p).to_string(), printed);
                assert_eq!(board.coord(p), coord);
            }
            Err(_) => assert!(board.point_at(coord).is_none()),
        }
    }
});
