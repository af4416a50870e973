//! The state as text: the board's rows (for the set-up record and the diagram), the
//! `Display` diagram `rulebook show` prints, and the one-line `Debug` form.

use std::fmt;

use game_core::Player;

use super::{Bind, name};

impl Bind {
    /// The board as text rows, top row first: `B` black, `W` white, `.` empty.
    #[must_use]
    pub fn board_rows(&self) -> Vec<String> {
        let size = self.topology.size;
        (0..size)
            .rev()
            .map(|row| {
                (0..size)
                    .map(|col| self.square_char(row * size + col))
                    .collect()
            })
            .collect()
    }

    /// A square as the diagram and the set-up rows write it.
    fn square_char(&self, square: usize) -> char {
        match self.owner_at(square) {
            Some(Player::First) => 'B',
            Some(Player::Second) => 'W',
            None => '.',
        }
    }
}

impl fmt::Debug for Bind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Bind {{ ply: {}, ", self.ply)?;
        write!(f, "hands: {}/{}, ", self.hands.first, self.hands.second)?;
        write!(
            f,
            "to_move: {}, end: {:?}, moves: {}, board: ",
            name(self.to_move),
            self.end,
            self.history.len()
        )?;
        for row in self.board_rows() {
            write!(f, "{row}/")?;
        }
        f.write_str(" }")
    }
}

impl fmt::Display for Bind {
    /// The text diagram `rulebook show` prints: the column letters, the rows from the top
    /// with their numbers on both sides (`B` black, `W` white, `.` empty), the letters
    /// again and both hands, each line ending in a newline.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let size = self.topology.size;
        let letters = |f: &mut fmt::Formatter<'_>| {
            f.write_str("   ")?;
            for col in 0..size {
                let letter = board_geometry::column_letter(col as u8).unwrap_or('?');
                write!(f, " {letter}")?;
            }
            f.write_str("\n")
        };
        letters(f)?;
        for row in (0..size).rev() {
            let number = row + 1;
            write!(f, "{number:>2} ")?;
            for col in 0..size {
                write!(f, " {}", self.square_char(row * size + col))?;
            }
            writeln!(f, "  {number}")?;
        }
        letters(f)?;
        writeln!(
            f,
            "in hand: black {}, white {}",
            self.hands.first, self.hands.second
        )
    }
}
