//! A text diagram of the position as a person sees the board from south.

use std::fmt::Write as _;

use game_core::Player;

use crate::pit::{Pit, Row};
use crate::position::Position;

impl Position {
    /// The board seen from south: north's back and front rows on top (north's pits run
    /// 8…1 from the viewer's left, so facing pits share a column, B-1), then south's front
    /// and back rows; each row's pit names above their counts; hands, NYUMBA ownership
    /// (`*` marks an owned NYUMBA's count), phase, turn and ruleset. Ends with a newline.
    #[must_use]
    pub fn diagram(&self) -> String {
        let mut out = String::new();
        let side_line = |out: &mut String, player: Player, name: &str| {
            let _ = writeln!(
                out,
                "{name}: hand {}, pending {}, NYUMBA {}",
                self.hand(player),
                self.pending(player),
                if self.owns_nyumba(player) {
                    "owned"
                } else {
                    "not owned"
                }
            );
        };
        let row_lines = |out: &mut String, player: Player, row: Row, prefix: char| {
            let order: Vec<u8> = if player == Player::Second {
                (0..8).rev().collect()
            } else {
                (0..8).collect()
            };
            let mut names = String::new();
            let mut counts = String::new();
            for index in order {
                let pit = Pit::new(row, index).expect("0-7");
                let _ = write!(names, " {:<4}", format!("{prefix}{pit}"));
                let mark = if pit == Pit::NYUMBA && self.owns_nyumba(player) {
                    "*"
                } else {
                    " "
                };
                let _ = write!(counts, " {:>3}{mark}", self.count(player, pit));
            }
            let _ = writeln!(out, "{}", names.trim_end());
            let _ = writeln!(out, "{}", counts.trim_end());
        };
        side_line(&mut out, Player::Second, "north");
        row_lines(&mut out, Player::Second, Row::Back, 'N');
        row_lines(&mut out, Player::Second, Row::Front, 'N');
        row_lines(&mut out, Player::First, Row::Front, 'S');
        row_lines(&mut out, Player::First, Row::Back, 'S');
        side_line(&mut out, Player::First, "south");
        let _ = writeln!(
            out,
            "phase {}, turn {}, ruleset {}",
            self.phase().word(),
            self.turn(),
            self.ruleset().name()
        );
        out
    }
}
