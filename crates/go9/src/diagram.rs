//! The text diagram of a position: the state's `Display`.

use std::fmt;

use board_geometry::Point;
use game_core::Player;

use crate::state::Go9;

impl fmt::Display for Go9 {
    /// A text diagram (the `rulebook show` board): columns `A`–`J` (no `I`), rows 9 to 1,
    /// `X` black, `O` white, `.` empty, `#` an empty point forbidden only by superko (G-5);
    /// then the prisoners.
    ///
    /// ```
    /// use go9::{Game, Go9};
    /// let mut game = Go9::new();
    /// game.play("E5".parse()?)?;
    /// let diagram = game.to_string();
    /// assert!(diagram.contains(" 5 . . . . X . . . . 5\n"));
    /// assert!(diagram.ends_with("captures: black 0, white 0\n"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let superko = self.superko_points();
        f.write_str("   A B C D E F G H J\n")?;
        for row in (0..9).rev() {
            write!(f, "{:>2}", row + 1)?;
            for col in 0..9 {
                let p = Point::from_index(row * 9 + col);
                let ch = match self.board().stone_at(p) {
                    Some(Player::First) => 'X',
                    Some(Player::Second) => 'O',
                    None if superko.contains(&p) => '#',
                    None => '.',
                };
                write!(f, " {ch}")?;
            }
            writeln!(f, " {}", row + 1)?;
        }
        f.write_str("   A B C D E F G H J\n")?;
        writeln!(
            f,
            "captures: black {}, white {}",
            self.prisoners().first,
            self.prisoners().second
        )
    }
}
