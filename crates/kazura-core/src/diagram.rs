//! The board as text: `X` Black, `O` White, `.` empty, with column letters and row numbers.

use std::fmt;

use board_geometry::{Coord, column_letter};
use game_core::Game;

use crate::colour::Colour;
use crate::state::Kazura;

impl fmt::Display for Kazura {
    /// The diagram, row 1 at the bottom as Black sees it, for example on 3×3:
    ///
    /// ```text
    ///    A B C
    ///  3 . . . 3
    ///  2 . X . 2
    ///  1 . . O 1
    ///    A B C
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let size = self.size();
        let letters = || {
            let mut line = String::from("   ");
            for col in 0..size {
                line.push(' ');
                line.push(column_letter(col as u8).unwrap_or('?'));
            }
            line
        };
        writeln!(f, "{}", letters())?;
        for row in (0..size).rev() {
            write!(f, "{:>3}", row + 1)?;
            for col in 0..size {
                let cell = match self.stone_at(Coord::new(col as u8, row as u8)) {
                    None => '.',
                    Some(Colour::Black) => 'X',
                    Some(Colour::White) => 'O',
                };
                write!(f, " {cell}")?;
            }
            writeln!(f, " {}", row + 1)?;
        }
        writeln!(f, "{}", letters())
    }
}

impl fmt::Debug for Kazura {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "Kazura {}x{} ply {} {} to move{}{}",
            self.size(),
            self.size(),
            self.ply(),
            self.colour_to_move(),
            if self.swapped() { ", swapped" } else { "" },
            match self.resigned() {
                Some(colour) => format!(", {colour} resigned"),
                None => String::new(),
            }
        )?;
        fmt::Display::fmt(self, f)
    }
}
