//! The text diagram of a position.

use std::fmt::Write as _;

use board_geometry::Point;
use game_core::Player;

use crate::state::GoState;

impl GoState {
    /// A text diagram: columns `A`–`J` (no `I`), rows 9 to 1, `X` black, `O` white, `.`
    /// empty, `#` an empty point forbidden only by superko (G-5); then the prisoners.
    #[must_use]
    pub fn diagram(&self) -> String {
        let superko = self.superko_points();
        let mut out = String::from("   A B C D E F G H J\n");
        for row in (0..9).rev() {
            let _ = write!(out, "{:>2}", row + 1);
            for col in 0..9 {
                let p = Point::from_index(row * 9 + col);
                let ch = match self.board().stone_at(p) {
                    Some(Player::First) => 'X',
                    Some(Player::Second) => 'O',
                    None if superko.contains(&p) => '#',
                    None => '.',
                };
                let _ = write!(out, " {ch}");
            }
            let _ = writeln!(out, " {}", row + 1);
        }
        out.push_str("   A B C D E F G H J\n");
        let _ = writeln!(
            out,
            "captures: black {}, white {}",
            self.prisoners().first,
            self.prisoners().second
        );
        out
    }
}
