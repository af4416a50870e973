//! Any text given to the point parser returns a coordinate or an error, never panics, and a
//! coordinate it accepts prints back to the same text (in upper case) and lies on exactly
//! the boards wide and tall enough for it.
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
        let fits = usize::from(coord.col) < size && usize::from(coord.row) < size;
        match board.point_at(coord) {
            Some(p) => {
                assert!(fits, "{text:?} placed on {size}x{size}");
                let index = usize::from(coord.row) * size + usize::from(coord.col);
                assert_eq!(p.index(), index);
            }
            None => assert!(!fits, "{text:?} refused by {size}x{size}"),
        }
    }
});
