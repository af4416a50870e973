//! Why a move is illegal: the checks behind `Game::check_move`, each returning the
//! [`PlayError`] that names the offending square or count.

use board_geometry::Coord;
use game_core::Player;

use super::{Bind, OPENING_DIRECTIONS, code, name};
use crate::error::PlayError;
use crate::moves::line_shape;

impl Bind {
    /// The opponent piece that would be left with no partner if the opponent piece on
    /// `square` were taken, or `None` if the take is allowed (N-5).
    ///
    /// Decided locally: only the taken piece's neighbours can lose their last partner,
    /// and an opponent piece that already stands alone forbids every take but its own.
    pub(super) fn take_isolates(&self, square: usize, opponent: Player) -> Option<usize> {
        // Another opponent piece stands alone when the lone pieces outnumber this one.
        if self.isolated[opponent] > u16::from(self.partners(square) == 0) {
            let colour = code(opponent);
            return (0..self.squares())
                .find(|&s| s != square && self.colour(s) == colour && self.partners(s) == 0);
        }
        if self.partners(square) == 0 {
            return None;
        }
        let colour = code(opponent);
        self.topology.steps[square].iter().find_map(|&n| {
            let n = usize::from(n);
            (self.colour(n) == colour && self.partners(n) == 1).then_some(n)
        })
    }

    pub(super) fn ensure_ongoing(&self) -> Result<(), PlayError> {
        match self.end {
            Some(_) => Err(PlayError::GameOver),
            None => Ok(()),
        }
    }

    pub(super) fn square_of(&self, coord: Coord) -> Result<usize, PlayError> {
        self.topology.square(coord).ok_or(PlayError::OffBoard {
            square: coord,
            size: self.topology.size,
        })
    }

    pub(super) fn check_line(&self, from: Coord, to: Coord) -> Result<(), PlayError> {
        let mover = self.to_move;
        let (direction, length) = line_shape(from, to).ok_or(PlayError::NotALine { from, to })?;
        let start = self.square_of(from)?;
        self.square_of(to)?;
        let steps = &self.topology.steps;
        let rest = |from: usize| {
            let mut squares = [from; 2];
            squares[0] = usize::from(steps[from][direction]);
            if length == 3 {
                squares[1] = usize::from(steps[squares[0]][direction]);
            }
            squares.into_iter().take(length - 1)
        };
        if self.is_opening() {
            // Planted bug (tests only): Black's opening may be a line of two.
            if length != 3 && !game_core::planted::is("N-3") {
                return Err(PlayError::FirstMoveNeedsThree {
                    player: name(mover),
                    placed: length,
                });
            }
            if !OPENING_DIRECTIONS.contains(&direction) {
                return Err(PlayError::OpeningNotFromLowerLeft {
                    given: format!("{from}-{to}"),
                    canonical: format!("{to}-{from}"),
                });
            }
            for square in std::iter::once(start).chain(rest(start)) {
                if self.colour(square) != 0 {
                    return Err(PlayError::LineBlocked {
                        square: self.coord(square),
                    });
                }
            }
            return Ok(());
        }
        let held = self.hand(mover);
        // Planted bug (tests only): a line of three needs only two in hand.
        if held < length && !(game_core::planted::is("N-7") && held >= 2) {
            return Err(PlayError::NotEnoughPieces {
                player: name(mover),
                needed: length,
                held,
            });
        }
        // Planted bug (tests only): White's first move may place two.
        if self.first_move_due[mover] && length != 3 && !game_core::planted::is("N-4") {
            return Err(PlayError::FirstMoveNeedsThree {
                player: name(mover),
                placed: length,
            });
        }
        let opponent = mover.other();
        if self.owner_at(start) != Some(opponent) {
            return Err(PlayError::NothingToTake {
                square: from,
                opponent: name(opponent),
                found: if self.colour(start) == 0 {
                    "it is empty"
                } else {
                    "the piece there is the mover's own"
                },
            });
        }
        // Planted bug (tests only): any opponent piece may be taken.
        if let Some(alone) = self
            .take_isolates(start, opponent)
            .filter(|_| !game_core::planted::is("N-5"))
        {
            return Err(PlayError::TakeIsolates {
                take: from,
                opponent: name(opponent),
                isolated: self.coord(alone),
            });
        }
        for (i, square) in rest(start).enumerate() {
            // Planted bug (tests only): only a line's last square must be empty.
            if i + 2 < length && game_core::planted::is("N-6") {
                continue;
            }
            if self.colour(square) != 0 {
                return Err(PlayError::LineBlocked {
                    square: self.coord(square),
                });
            }
        }
        Ok(())
    }

    pub(super) fn check_place(&self, at: Coord) -> Result<(), PlayError> {
        let square = self.square_of(at)?;
        if self.is_opening() {
            return Err(PlayError::OpeningIsALine);
        }
        // Planted bug (tests only): single placements even when a take-and-place exists.
        if self.take_and_place_exists() && !game_core::planted::is("N-8") {
            return Err(PlayError::TakeAndPlaceAvailable);
        }
        if self.colour(square) != 0 {
            return Err(PlayError::Occupied { square: at });
        }
        let colour = code(self.to_move);
        // Planted bug (tests only): a single placement on any empty square.
        if !self.topology.steps[square]
            .iter()
            .any(|&n| self.colour(usize::from(n)) == colour)
            && !game_core::planted::is("N-9")
        {
            return Err(PlayError::NotNextToOwnPiece {
                square: at,
                player: name(self.to_move),
            });
        }
        Ok(())
    }
}
