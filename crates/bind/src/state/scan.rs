//! The move generators: the bitboard one for boards up to 8×8 (`crate::bitboard`) and a
//! cell scan for larger boards, both in the rules' priority order.

use super::{Bind, COLOUR_MASK, OPENING_DIRECTIONS, PARTNER_UNIT, code};
use crate::bitboard::{self, Sink};
use crate::moves::Move;

impl Sink for Vec<Move> {
    #[inline]
    fn push(&mut self, mv: Move) -> bool {
        Vec::push(self, mv);
        false
    }
}

/// Stops at the first move: "is there any?".
pub(super) struct Exists;

impl Sink for Exists {
    #[inline]
    fn push(&mut self, _: Move) -> bool {
        true
    }
}

/// Passes moves on and remembers whether any was found.
struct Counting<'a, S> {
    inner: &'a mut S,
    found: &'a mut bool,
}

impl<S: Sink> Sink for Counting<'_, S> {
    #[inline]
    fn push(&mut self, mv: Move) -> bool {
        *self.found = true;
        self.inner.push(mv)
    }
}

impl Bind {
    /// Black's first lines: every 3 empty squares in a row or column, from the lower-left
    /// end (N-3).
    pub(super) fn opening_moves(&self, sink: &mut impl Sink) -> bool {
        let cells: &[u8] = &self.cells;
        let coords = &self.topology.coords;
        let steps = &self.topology.steps;
        for (square, neighbours) in steps.iter().enumerate() {
            if cells[square] != 0 {
                continue;
            }
            for direction in OPENING_DIRECTIONS {
                let second = usize::from(neighbours[direction]);
                if cells[second] != 0 {
                    continue;
                }
                // Planted bug (tests only): Black's opening may be a line of two.
                if game_core::planted::is("N-3")
                    && sink.push(Move::Line {
                        from: coords[square],
                        to: coords[second],
                    })
                {
                    return true;
                }
                let third = usize::from(steps[second][direction]);
                if cells[third] != 0 {
                    continue;
                }
                if sink.push(Move::Line {
                    from: coords[square],
                    to: coords[third],
                }) {
                    return true;
                }
            }
        }
        false
    }

    /// The rule-4 moves: an allowed take, then 1 or 2 more pieces on empty squares in one
    /// direction (N-5, N-6, N-7). Returns `true` if the sink stopped the search.
    pub(super) fn take_and_place_moves(&self, sink: &mut impl Sink) -> bool {
        let (two, three) = self.line_lengths();
        if !two && !three {
            return false;
        }
        let opponent = self.to_move.other();
        let colour = code(opponent);
        let isolated = self.isolated[opponent];
        // Planted bug (tests only): any opponent piece may be taken.
        let any_take = game_core::planted::is("N-5");
        if (isolated >= 2 && !any_take) || self.on_board[opponent] == 0 {
            // Two lone pieces: whichever is taken, the other stays alone (N-5).
            return false;
        }
        let cells: &[u8] = &self.cells;
        let coords = &self.topology.coords;
        let steps = &self.topology.steps;
        for (square, neighbours) in steps.iter().enumerate() {
            let cell = cells[square];
            if cell & COLOUR_MASK != colour {
                continue;
            }
            let allowed = if any_take {
                true
            } else if isolated == 1 {
                // Only the lone piece itself may go (N-5).
                cell / PARTNER_UNIT == 0
            } else {
                // No neighbour may lose its last partner (N-5).
                neighbours.iter().all(|&n| {
                    let near = cells[usize::from(n)];
                    near & COLOUR_MASK != colour || near / PARTNER_UNIT >= 2
                })
            };
            if !allowed {
                continue;
            }
            let from = coords[square];
            for (direction, &second) in neighbours.iter().enumerate() {
                let second = usize::from(second);
                if cells[second] != 0 {
                    // Planted bug (tests only): a line of three jumps an occupied square.
                    if three && game_core::planted::is("N-6") && cells[second] & COLOUR_MASK != 3 {
                        let third = usize::from(steps[second][direction]);
                        if cells[third] == 0
                            && sink.push(Move::Line {
                                from,
                                to: coords[third],
                            })
                        {
                            return true;
                        }
                    }
                    continue;
                }
                if two
                    && sink.push(Move::Line {
                        from,
                        to: coords[second],
                    })
                {
                    return true;
                }
                if three {
                    let third = usize::from(steps[second][direction]);
                    if cells[third] == 0
                        && sink.push(Move::Line {
                            from,
                            to: coords[third],
                        })
                    {
                        return true;
                    }
                }
            }
            if isolated == 1 && !any_take {
                break; // the lone piece was the only candidate
            }
        }
        false
    }

    /// The rule-5 single placements: any empty square next to one of the mover's pieces
    /// (N-9).
    pub(super) fn single_placements(&self, sink: &mut impl Sink) -> bool {
        if self.on_board[self.to_move] == 0 {
            return false;
        }
        let colour = code(self.to_move);
        let cells: &[u8] = &self.cells;
        let coords = &self.topology.coords;
        for (square, neighbours) in self.topology.steps.iter().enumerate() {
            // Planted bug (tests only): a single placement on any empty square.
            if cells[square] == 0
                && (neighbours
                    .iter()
                    .any(|&n| cells[usize::from(n)] & COLOUR_MASK == colour)
                    || game_core::planted::is("N-9"))
                && sink.push(Move::Place(coords[square]))
            {
                return true;
            }
        }
        false
    }

    /// Every move of the side to move by the rules' priority, ignoring the end: pass with
    /// one piece (N-11), Black's first line (N-3), rule 4 (N-8), else rule 5 (N-9).
    /// Returns `true` if the sink stopped the search.
    pub(super) fn generate<S: Sink>(&self, sink: &mut S) -> bool {
        if self.hands[self.to_move] == 1 {
            let stop = sink.push(Move::Pass);
            // Planted bug (tests only): one piece in hand may also be placed singly.
            if stop || !game_core::planted::is("N-11") {
                return stop;
            }
        }
        if let Some(masks) = self.topology.masks {
            return self.generate_small(masks, sink);
        }
        if self.is_opening() {
            return self.opening_moves(sink);
        }
        let mut found = false;
        let mut counting = Counting {
            inner: &mut *sink,
            found: &mut found,
        };
        if self.take_and_place_moves(&mut counting) {
            return true;
        }
        // N-8: rule 4 has priority; rule 5 only when no rule-4 move exists.
        // Planted bug (tests only): single placements listed beside them.
        if found && !game_core::planted::is("N-8") {
            return false;
        }
        self.single_placements(sink)
    }

    /// [`Bind::generate`] on a board of up to 8×8, through the bitboard generator.
    pub(super) fn generate_small<S: Sink>(&self, masks: bitboard::Masks, sink: &mut S) -> bool {
        let coords = &self.topology.coords;
        if self.is_opening() {
            return bitboard::opening_moves(masks, coords, sink);
        }
        let mover = self.bits[self.to_move];
        let opponent = self.bits[self.to_move.other()];
        let mut found = false;
        let mut counting = Counting {
            inner: &mut *sink,
            found: &mut found,
        };
        let lengths = self.line_lengths();
        if bitboard::take_and_place_moves(masks, coords, mover, opponent, lengths, &mut counting) {
            return true;
        }
        // N-8: rule 4 has priority; rule 5 only when no rule-4 move exists.
        // Planted bug (tests only): single placements listed beside them.
        if (found && !game_core::planted::is("N-8")) || self.on_board[self.to_move] == 0 {
            return false;
        }
        bitboard::single_placements(masks, coords, mover, opponent, sink)
    }

    /// Whether a rule-4 move exists for the side to move (N-8).
    pub(super) fn take_and_place_exists(&self) -> bool {
        match self.topology.masks {
            Some(masks) => bitboard::take_and_place_moves(
                masks,
                &self.topology.coords,
                self.bits[self.to_move],
                self.bits[self.to_move.other()],
                self.line_lengths(),
                &mut Exists,
            ),
            None => self.take_and_place_moves(&mut Exists),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Variant;
    use game_core::{Game, GameRng};

    /// The bitboard generator (boards up to 8×8) and the cell-scanning one (larger boards)
    /// list the same moves on the same positions.
    #[test]
    fn both_generators_agree_along_random_games() {
        for (variant, games) in [(Variant::MINI, 300), (Variant::FULL, 100)] {
            for seed in 0..games {
                let mut state = Bind::new(variant);
                let mut rng = GameRng::seed_from(seed);
                let mut moves = Vec::new();
                loop {
                    let masks = state.topology.masks.expect("a small board");
                    let mut small = Vec::new();
                    let mut scanned = Vec::new();
                    if state.hands[state.to_move] == 1 {
                        // Both go through `generate`'s pass rule; nothing to compare.
                    } else if state.is_opening() {
                        state.generate_small(masks, &mut small);
                        state.opening_moves(&mut scanned);
                    } else {
                        state.generate_small(masks, &mut small);
                        state.take_and_place_moves(&mut scanned);
                        if scanned.is_empty() {
                            state.single_placements(&mut scanned);
                        }
                    }
                    small.sort_unstable();
                    scanned.sort_unstable();
                    assert_eq!(small, scanned, "{state:?}");
                    let Some(mv) = game_core::random_move(&state, &mut rng, &mut moves) else {
                        break;
                    };
                    state.play_unchecked(mv);
                }
            }
        }
    }
}
