//! Applying a move: placement, laps, captures, relays, the NYUMBA, the end-pit addition and
//! the end of the turn (B-5 … B-16, B-18 … B-21).

use game_core::Player;

use crate::moves::{Move, NyumbaChoice};
use crate::observer::{NoObserver, Observer, Step};
use crate::pit::{Direction, Pit};
use crate::position::{EndReason, MoveReport, NYUMBA_RING, Phase, Position, Ruleset, SAFETY_LAP};

/// The ring position a lifted handful is sown after: the pit it was lifted from (B-5).
#[inline]
fn lifted_from(ring: u8, direction: Direction) -> u8 {
    if game_core::planted::is("B-5") {
        // Planted bug (tests only): the first kete goes back into the lifted pit.
        (ring + 16 - direction.ring_step()) & 15
    } else {
        ring
    }
}

/// The B-4 planted bug's ring (tests only): the pits in the order `F1…F8 B1…B8`; the ring
/// position `step` (1 or 15) on from `ring` along it.
fn planted_walk(ring: u8, step: u8) -> u8 {
    const WALK: [u8; 16] = [0, 1, 2, 3, 4, 5, 6, 7, 15, 14, 13, 12, 11, 10, 9, 8];
    let at = WALK.iter().position(|&r| r == ring).unwrap_or(0) as u8;
    WALK[((at + step) & 15) as usize]
}

/// Where the last lap ended and whether its last kete fell into an empty pit.
#[derive(Clone, Copy)]
struct LapEnd {
    ring: u8,
    was_empty: bool,
}

impl Position {
    /// Applies `mv`, a capture move when `capture` (the caller knows it from the position),
    /// reporting every step to `observer`. The move is not checked.
    #[inline]
    pub(crate) fn apply<O: Observer>(
        &mut self,
        mv: Move,
        capture: bool,
        observer: &mut O,
    ) -> MoveReport {
        self.apply_with_limit::<SAFETY_LAP, true, O>(mv, capture, observer)
    }

    /// The laps of `mv` only, without the end of the turn (no addition, no turn change):
    /// enough to see whether the NYUMBA choice arises (B-22).
    #[inline]
    pub(crate) fn apply_laps_only(&mut self, mv: Move, capture: bool) -> MoveReport {
        self.apply_with_limit::<SAFETY_LAP, false, _>(mv, capture, &mut NoObserver)
    }

    /// [`Position::apply`] with the safety lap `LIMIT` (512 in play; tests of B-19(b)
    /// use a small one to reach it); `FINISH` false stops before the end of the turn.
    // Kept whole (about 200 lines): it is the hot sowing loop of every move. Split into a
    // first-lap step, a relay step, the B-8 entry and the lap-end report (each `#[inline]`),
    // it cost 1.4 % more instructions per game (`scripts/callgrind-games.sh … bao 20
    // --player random`: 166,193 against 163,888), over the 0.5 % a refactoring may cost.
    fn apply_with_limit<const LIMIT: u16, const FINISH: bool, O: Observer>(
        &mut self,
        mv: Move,
        capture: bool,
        observer: &mut O,
    ) -> MoveReport {
        let mut report = MoveReport::default();
        self.ply = self.ply.saturating_add(1);
        let Move::Sow {
            pit,
            direction,
            nyumba,
        } = mv
        else {
            // B-16: nothing placed, nothing added; the turn passes.
            self.finish_turn(None, &mut report, observer);
            return report;
        };
        let me = self.to_move.index();
        let opp = 1 - me;
        let start = pit.ring();
        let mut direction = direction;
        let mut sown = 0u32;
        let mut lap_end;
        match self.phase {
            Phase::Namua => {
                // B-10/B-11: one kete from the hand into the start pit.
                self.hands[me] -= 1;
                self.pits[me][start as usize] += 1;
                report.placed = 1;
                observer.step(self, Step::Place { pit });
                if capture {
                    let taken = self.capture(start, &mut report, observer);
                    if self.won_by_capture(taken) {
                        return report;
                    }
                    // B-8 first capture: the move's direction names the entry.
                    lap_end = self.sow_from_entry(taken, direction, &mut sown, observer);
                } else {
                    // B-12, judged after the placement: it only added to the start pit,
                    // so "the owned NYUMBA is the only occupied front pit" is unchanged.
                    let house_two = self.is_house_two(me, pit);
                    // Planted bug (tests only): the 2-kete sowing lifts the whole NYUMBA.
                    let count = if house_two && !game_core::planted::is("B-12") {
                        2
                    } else {
                        self.pits[me][start as usize]
                    };
                    self.pits[me][start as usize] -= count;
                    // B-18 / B-19(a): the text loses ownership when the takata start or
                    // the 2-kete sowing empties the NYUMBA; the author's engine keeps it.
                    if start == NYUMBA_RING
                        && self.pits[me][start as usize] == 0
                        && self.ruleset == Ruleset::Seed
                        // Planted bug (tests only): seed keeps ownership as reference does.
                        && !game_core::planted::is("B-19")
                    {
                        self.house_owned[me] = false;
                    }
                    observer.step(
                        self,
                        Step::Lift {
                            pit,
                            count,
                            in_flight: count,
                        },
                    );
                    let from = lifted_from(start, direction);
                    lap_end = self.sow(from, count, direction, &mut sown, observer);
                }
            }
            Phase::Mtaji => {
                let count = self.pits[me][start as usize];
                self.pits[me][start as usize] = 0;
                // B-18: in MTAJI an emptied NYUMBA is no longer owned.
                if start == NYUMBA_RING {
                    self.house_owned[me] = false;
                }
                observer.step(
                    self,
                    Step::Lift {
                        pit,
                        count,
                        in_flight: count,
                    },
                );
                let from = lifted_from(start, direction);
                lap_end = self.sow(from, count, direction, &mut sown, observer);
            }
        }
        observer.step(
            self,
            Step::LapEnd {
                pit: Pit::from_ring(lap_end.ring),
                lap: 0,
                direction,
                sown,
            },
        );

        // B-6 at every lap end; B-21 numbers the laps after the first 1, 2, 3, …
        let mut lap: u16 = 0;
        let mut nyumba_stop = false;
        // Planted bug (tests only): the first lap counted too, so the stop comes a lap early.
        let limit = if game_core::planted::is("B-21") {
            LIMIT - 1
        } else {
            LIMIT
        };
        while lap < limit && !lap_end.was_empty {
            lap += 1;
            let at = lap_end.ring;
            // B-6.2 / B-7: only a capture move captures, only from the front row.
            // Planted bug (tests only, B-7): a takata lap ending in the front row facing
            // kete captures too.
            let captures_here = capture || game_core::planted::is("B-7");
            if captures_here && at < 8 && self.pits[opp][7 - at as usize] > 0 {
                let taken = self.capture(at, &mut report, observer);
                if self.phase == Phase::Mtaji {
                    // B-18: any MTAJI capture ends the mover's ownership.
                    self.house_owned[me] = false;
                }
                if self.won_by_capture(taken) {
                    return report;
                }
                // B-8, later captures and every MTAJI capture.
                direction = match at {
                    0 | 1 => Direction::Right,
                    6 | 7 => Direction::Left,
                    // Planted bug (tests only): F3/F4 take the left entry, F5/F6 the right
                    // one, whatever the lap's direction.
                    2 | 3 if game_core::planted::is("B-8") => Direction::Right,
                    4 | 5 if game_core::planted::is("B-8") => Direction::Left,
                    _ => direction,
                };
                lap_end = self.sow_from_entry(taken, direction, &mut sown, observer);
            } else {
                // B-6.3: the NYUMBA in NAMUA, owned, with 6 or more after the kete landed.
                if self.phase == Phase::Namua
                    && at == NYUMBA_RING
                    && self.house_owned[me]
                    && self.pits[me][at as usize] >= 6
                {
                    if capture {
                        report.nyumba_choice_arose = true;
                    }
                    if !capture || nyumba != Some(NyumbaChoice::Use) {
                        nyumba_stop = true;
                        break;
                    }
                    self.house_owned[me] = false;
                }
                // Planted bug (tests only): a lap ending in an occupied back-row pit ends
                // the move instead of relaying.
                if at >= 8 && game_core::planted::is("B-6") {
                    break;
                }
                // B-6.4: relay.
                let count = self.pits[me][at as usize];
                self.pits[me][at as usize] = 0;
                if at == NYUMBA_RING {
                    // B-18: lifting the NYUMBA in a relay ends its ownership.
                    self.house_owned[me] = false;
                }
                observer.step(
                    self,
                    Step::Relay {
                        pit: Pit::from_ring(at),
                        count,
                        in_flight: count,
                    },
                );
                let from = lifted_from(at, direction);
                lap_end = self.sow(from, count, direction, &mut sown, observer);
            }
            observer.step(
                self,
                Step::LapEnd {
                    pit: Pit::from_ring(lap_end.ring),
                    lap,
                    direction,
                    sown,
                },
            );
        }
        // B-21; B-19(b): the reference ruleset also reports a NYUMBA stop found at the end
        // of lap 511 as a safety stop.
        let reference_quirk = nyumba_stop && self.ruleset == Ruleset::Reference;
        if lap >= limit && !lap_end.was_empty && (!nyumba_stop || reference_quirk) {
            self.end = Some(EndReason::RelayLimit {
                record_winner: Player::from_index(opp),
            });
            return report;
        }
        if FINISH {
            self.finish_turn(Some(lap_end.ring), &mut report, observer);
        }
        report
    }

    /// Sows `count` kete from the pit after ring position `from`.
    #[inline]
    fn sow<O: Observer>(
        &mut self,
        from: u8,
        count: u8,
        direction: Direction,
        sown: &mut u32,
        observer: &mut O,
    ) -> LapEnd {
        let me = self.to_move.index();
        *sown += u32::from(count);
        // Planted bugs (tests only): B-3, a lap of more than 16 kete loses those past the
        // 16th; B-4, the back row walked the wrong way (F8 on to B1, B8 on to F1).
        let planted_ring = game_core::planted::is("B-4");
        let count = if game_core::planted::is("B-3") {
            count.min(16)
        } else {
            count
        };
        if !O::WANTS_EACH_KETE && !planted_ring {
            return self.sow_at_once(me, from, count, direction);
        }
        let step = direction.ring_step();
        let mut ring = from;
        let mut was_empty = false;
        for left in (0..count).rev() {
            ring = if planted_ring {
                planted_walk(ring, step)
            } else {
                (ring + step) & 15
            };
            let pit = &mut self.pits[me][ring as usize];
            was_empty = *pit == 0;
            *pit += 1;
            observer.step(
                self,
                Step::Sow {
                    pit: Pit::from_ring(ring),
                    in_flight: left,
                },
            );
        }
        LapEnd { ring, was_empty }
    }

    /// The same lap as [`Position::sow`] in constant time: the 16 pits as the bytes of a
    /// `u128` (no pit exceeds 64, so bytes never carry), one kete added to every pit for
    /// each full round and to a rotated run of pits for the rest. The last pit was empty
    /// before its last kete exactly when it was empty before the lap and the lap did not
    /// reach it twice (`count` ≤ 16).
    #[inline]
    fn sow_at_once(&mut self, me: usize, from: u8, count: u8, direction: Direction) -> LapEnd {
        const ONES: u128 = u128::from_le_bytes([1; 16]);
        let n = u32::from(count);
        let last = (u32::from(from) + n * u32::from(direction.ring_step())) as u8 & 15;
        let was_empty = n <= 16 && self.pits[me][last as usize] == 0;
        let (rounds, rest) = (n / 16, n % 16);
        let mut ring = u128::from_le_bytes(self.pits[me]);
        ring += ONES * u128::from(rounds);
        if rest > 0 {
            // The run's rightmost-order start: the first pit sown when going right, the
            // last one when going left.
            let start = match direction {
                Direction::Right => (from + 1) & 15,
                Direction::Left => last,
            };
            ring += (ONES >> (8 * (16 - rest))).rotate_left(8 * u32::from(start));
        }
        self.pits[me] = ring.to_le_bytes();
        LapEnd {
            ring: last,
            was_empty,
        }
    }

    /// B-5/B-8: a captured handful starts in the entry pit itself (`F1` when sowing
    /// rightward, `F8` when leftward).
    #[inline]
    fn sow_from_entry<O: Observer>(
        &mut self,
        count: u8,
        direction: Direction,
        sown: &mut u32,
        observer: &mut O,
    ) -> LapEnd {
        let entry = match direction {
            Direction::Right => 0u8,
            Direction::Left => 7,
        };
        let before = if game_core::planted::is("B-4") {
            planted_walk(entry, 16 - direction.ring_step())
        } else {
            (entry + 16 - direction.ring_step()) & 15
        };
        self.sow(before, count, direction, sown, observer)
    }

    /// Empties the opponent's pit facing the mover's front pit `at` (B-8). Capturing the
    /// opponent's NYUMBA ends its ownership (B-18).
    fn capture<O: Observer>(&mut self, at: u8, report: &mut MoveReport, observer: &mut O) -> u8 {
        let opp = 1 - self.to_move.index();
        let facing = 7 - at;
        let taken = std::mem::take(&mut self.pits[opp][facing as usize]);
        // Planted bug (tests only, B-18): a captured NYUMBA stays owned.
        if facing == NYUMBA_RING && !game_core::planted::is("B-18") {
            self.house_owned[opp] = false;
        }
        report.captures += 1;
        observer.step(
            self,
            Step::Capture {
                from: Pit::from_ring(facing),
                count: taken,
                in_flight: taken,
            },
        );
        taken
    }

    /// B-9: if that capture emptied the opponent's front row, the mover wins at once and
    /// the handful goes to `pending`.
    fn won_by_capture(&mut self, taken: u8) -> bool {
        let me = self.to_move.index();
        // Planted bug (tests only): no win on the spot; the handful is sown on (B-20 ends
        // the game at the end of the move).
        if self.front_occupied(1 - me) || game_core::planted::is("B-9") {
            return false;
        }
        self.pending[me] += taken;
        self.end = Some(EndReason::FrontEmptied {
            winner: self.to_move,
        });
        true
    }

    /// B-20, B-14, B-15: the end of a move that did not end the game on the way.
    fn finish_turn<O: Observer>(
        &mut self,
        endpoint: Option<u8>,
        report: &mut MoveReport,
        observer: &mut O,
    ) {
        let mover = self.to_move;
        let me = mover.index();
        let opp = 1 - me;
        if !self.front_occupied(opp) {
            self.end = Some(EndReason::FrontEmptied { winner: mover });
            return;
        }
        if !self.front_occupied(me) {
            self.end = Some(EndReason::OwnFrontEmptied {
                winner: mover.other(),
            });
            return;
        }
        // B-14: the end-pit addition, once, after ≥ 2 capture events, when the mover holds
        // ≥ 1 and the opponent ≥ 2; nothing is re-checked.
        let qualifies = self.phase == Phase::Namua
            // Planted bug (tests only): the addition after a single capture event too.
            && report.captures >= if game_core::planted::is("B-14") { 1 } else { 2 }
            && self.hands[me] >= 1
            && self.hands[opp] >= 2;
        if let (Some(ring), true) = (endpoint, qualifies) {
            let pit = Pit::from_ring(ring);
            for giver in [mover, mover.other()] {
                self.hands[giver.index()] -= 1;
                self.pits[me][ring as usize] += 1;
                observer.step(self, Step::Addition { from: giver, pit });
            }
            report.addition = Some(pit);
        }
        // B-15.
        // Planted bug (tests only): MTAJI as soon as the mover's hand is empty.
        let emptied = if game_core::planted::is("B-15") {
            self.hands[me] == 0
        } else {
            self.hands == [0, 0]
        };
        if self.phase == Phase::Namua && emptied {
            self.phase = Phase::Mtaji;
        }
        self.to_move = mover.other();
        // A set-up position may start at any turn number: saturate instead of overflowing.
        self.turn = self.turn.saturating_add(1);
        // B-20: a player without a legal move loses.
        if !self.has_legal_move() {
            // Planted bug (tests only): the player without a move wins.
            let winner = if game_core::planted::is("B-20") {
                mover.other()
            } else {
                mover
            };
            self.end = Some(EndReason::NoMove { winner });
        }
    }
}

#[cfg(test)]
mod tests {
    use game_core::{ByPlayer, Game, Player};

    use crate::moves::Move;
    use crate::observer::NoObserver;
    use crate::position::{EndReason, Position, Ruleset};
    use crate::setup::Setup;

    /// South to move in NAMUA: the takata `F1R` relays once (lap 1) and ends on the owned
    /// NYUMBA with 6: a NYUMBA stop at the end of lap 1.
    fn nyumba_stop_at_lap_1(ruleset: Ruleset) -> Position {
        let state = Setup {
            pits: ByPlayer::new(
                [[1, 0, 1, 0, 5, 0, 0, 0], [0; 8]],
                [[3, 0, 0, 0, 0, 0, 0, 0], [34, 0, 0, 0, 0, 0, 0, 0]],
            ),
            reserve: ByPlayer::splat(10),
            ..Setup::new(ruleset)
        };
        Position::from_setup(state).expect("a valid set-up")
    }

    #[test]
    fn b19b_a_nyumba_stop_at_the_lap_before_the_limit_is_a_safety_stop_only_in_reference() {
        let mv: Move = "F1R".parse().unwrap();
        // With the limit at 2, lap 1 is "lap 511".
        let mut reference = nyumba_stop_at_lap_1(Ruleset::Reference);
        assert!(reference.is_legal(mv));
        reference.apply_with_limit::<2, true, _>(mv, false, &mut NoObserver);
        let end = reference.end_reason().expect("reference: safety stop");
        assert_eq!(
            end,
            EndReason::RelayLimit {
                record_winner: Player::Second
            }
        );
        assert_eq!(reference.count(Player::First, crate::pit::Pit::NYUMBA), 6);

        let mut seed = nyumba_stop_at_lap_1(Ruleset::Seed);
        seed.apply_with_limit::<2, true, _>(mv, false, &mut NoObserver);
        assert_eq!(seed.end_reason(), None, "seed: an ordinary NYUMBA stop");
        assert_eq!(seed.to_move(), Player::Second);
        assert!(seed.owns_nyumba(Player::First));

        // With the real limit both rulesets stop normally at the NYUMBA.
        for ruleset in [Ruleset::Seed, Ruleset::Reference] {
            let mut position = nyumba_stop_at_lap_1(ruleset);
            position.play(mv).unwrap();
            assert_eq!(position.end_reason(), None);
            assert_eq!(position.to_move(), Player::Second);
        }
    }
}
