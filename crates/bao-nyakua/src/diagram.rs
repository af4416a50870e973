//! A text diagram of the position as a person sees the board from south.

use std::fmt;

use game_core::Player;

use crate::pit::{Pit, Row};
use crate::position::Position;

impl fmt::Display for Position {
    /// The diagram `rulebook show` prints: the board seen from south, north's back and
    /// front rows on top (north's pits run 8…1 from the viewer's left, so facing pits share
    /// a column, B-1), then south's front and back rows; each row's pit names above their
    /// counts; hands, NYUMBA ownership (`*` marks an owned NYUMBA's count), phase, turn and
    /// ruleset. Ends with a newline.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side_line = |f: &mut fmt::Formatter<'_>, player: Player, name: &str| {
            writeln!(
                f,
                "{name}: hand {}, pending {}, NYUMBA {}",
                self.hand(player),
                self.pending(player),
                if self.owns_nyumba(player) {
                    "owned"
                } else {
                    "not owned"
                }
            )
        };
        let row_lines = |f: &mut fmt::Formatter<'_>, player: Player, row: Row, prefix: char| {
            let order: [u8; 8] = if player == Player::Second {
                [7, 6, 5, 4, 3, 2, 1, 0]
            } else {
                [0, 1, 2, 3, 4, 5, 6, 7]
            };
            let mut names = String::new();
            let mut counts = String::new();
            for index in order {
                let pit = Pit::new(row, index).expect("0-7");
                names.push_str(&format!(" {:<4}", format!("{prefix}{pit}")));
                let mark = if pit == Pit::NYUMBA && self.owns_nyumba(player) {
                    "*"
                } else {
                    " "
                };
                counts.push_str(&format!(" {:>3}{mark}", self.count(player, pit)));
            }
            writeln!(f, "{}", names.trim_end())?;
            writeln!(f, "{}", counts.trim_end())
        };
        side_line(f, Player::Second, "north")?;
        row_lines(f, Player::Second, Row::Back, 'N')?;
        row_lines(f, Player::Second, Row::Front, 'N')?;
        row_lines(f, Player::First, Row::Front, 'S')?;
        row_lines(f, Player::First, Row::Back, 'S')?;
        side_line(f, Player::First, "south")?;
        writeln!(
            f,
            "phase {}, turn {}, ruleset {}",
            self.phase().word(),
            self.turn(),
            self.ruleset().name()
        )
    }
}
