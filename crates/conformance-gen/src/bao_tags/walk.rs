//! The observer of `analyse`: what the steps of one move show (relays, rows sown, laps,
//! captures from the NYUMBA, where the last lap ended), gathered while the move is played.

use bao_nyakua::{Pit, Player, Position, Row, Step};

use super::opposite;

/// What the steps of one move showed, gathered while `analyse` plays it.
#[derive(Default)]
pub(super) struct Walk {
    pub(super) relays: u32,
    /// A front-row relay whose facing opponent pit holds seeds.
    pub(super) facing: bool,
    pub(super) back_relay: bool,
    /// The rows the current lap has sown, from its start.
    pub(super) rows: [bool; 2],
    pub(super) both_rows: bool,
    pub(super) sowed: bool,
    pub(super) nyumba_taken: bool,
    pub(super) back_sown: bool,
    pub(super) big_lap: bool,
    /// The last lap's end: its pit, the mover's count there, and whether the mover owns
    /// its NYUMBA then.
    pub(super) last_end: Option<(Pit, u8, bool)>,
}

impl Walk {
    /// Notes one step of `mover`'s move.
    pub(super) fn step(&mut self, p: &Position, step: Step, mover: Player, opponent: Player) {
        match step {
            Step::Lift { count, .. } | Step::Relay { count, .. } | Step::Capture { count, .. }
                if count > 16 =>
            {
                self.big_lap = true;
                if let Step::Relay { pit, .. } = step {
                    self.relays += 1;
                    self.back_relay |= pit.row() == Row::Back;
                }
                self.rows = [false; 2];
            }
            Step::Relay { pit, .. } => {
                self.relays += 1;
                self.rows = [false; 2];
                self.rows[pit.row().number() as usize] = true;
                self.back_relay |= pit.row() == Row::Back;
                if pit.row() == Row::Front && p.count(opponent, opposite(pit)) > 0 {
                    self.facing = true;
                }
            }
            Step::Lift { pit, .. } => {
                // The lifted pit is where the lap starts: its first kete may cross rows.
                self.rows = [false; 2];
                self.rows[pit.row().number() as usize] = true;
            }
            Step::Capture { from, .. } => {
                self.rows = [false; 2];
                self.nyumba_taken |= from == Pit::NYUMBA;
            }
            Step::Sow { pit, .. } => {
                self.sowed = true;
                self.back_sown |= pit.row() == Row::Back;
                self.rows[pit.row().number() as usize] = true;
                self.both_rows |= self.rows == [true, true];
            }
            Step::LapEnd { pit, .. } => {
                self.last_end = Some((pit, p.count(mover, pit), p.owns_nyumba(mover)));
            }
            _ => {}
        }
    }
}
