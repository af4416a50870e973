//! How a game ends: a resignation (K-11), the comparison of the length lists once neither
//! colour can place (K-7, K-10), and the early win no later move can change (K-12).

use board_geometry::{MAX_POINTS, Point, PointSet};
use game_core::{Game, Player};

use super::Kazura;
use crate::colour::Colour;
use crate::end::EndReason;
use crate::error::PlayError;

impl Kazura {
    /// K-12: the colour that has won for certain, if any: its longest group is longer than
    /// any group the other colour could still make. The bound for that colour is the size
    /// of the largest connected set of points holding its stones or points where it may
    /// still place (places only disappear and lengths never shrink, so the bound is sound).
    ///
    /// A query for resignation advice and early stops: it never ends the game.
    #[must_use]
    pub fn decided(&self) -> Option<Colour> {
        Colour::BOTH
            .into_iter()
            .find(|&colour| self.longest_length(colour) > self.reach_bound(colour.other()))
    }

    /// The K-12 bound: the largest connected set of `colour`'s stones and placeable points.
    #[must_use]
    pub fn reach_bound(&self, colour: Colour) -> usize {
        let board = self.geometry();
        let mut region = PointSet::new();
        self.legal[colour.index()].for_each(|index| {
            region.insert(Point::from_index(index));
        });
        for p in board.points() {
            if self.forest.colour_at(p) == Some(colour) {
                region.insert(p);
            }
        }
        board
            .components(&region)
            .iter()
            .map(PointSet::count)
            .max()
            .unwrap_or(0)
    }

    /// `player` resigns and loses at once (K-11): [`Player::First`] is Black,
    /// [`Player::Second`] White (see [`Colour::of_player`]); after a swap the seats trade
    /// colours, so the player is named by colour, not by seat. Resigning is not a move: it
    /// is not in the move list, does not count as a ply, and works whoever is to move.
    ///
    /// # Errors
    /// [`PlayError::GameOver`] if the game has already ended; the state is then unchanged.
    pub fn resign(&mut self, player: Player) -> Result<(), PlayError> {
        if self.is_over() {
            return Err(PlayError::GameOver);
        }
        let colour = Colour::of_player(player);
        // Planted bug (tests only): the colour that resigns wins.
        self.resigned = Some(if game_core::planted::is("K-11") {
            colour.other()
        } else {
            colour
        });
        Ok(())
    }

    /// Why the game ended, or `None` while it goes on: a resignation (K-11), or the
    /// comparison of the length lists once neither colour can place (K-7, K-10). It
    /// allocates nothing.
    #[must_use]
    pub fn end_reason(&self) -> Option<EndReason> {
        if let Some(loser) = self.resigned {
            return Some(EndReason::Resigned { loser });
        }
        if !self.is_over() {
            return None;
        }
        Some(self.compare_lengths())
    }

    /// K-10 without building the lists: counts each colour's groups by length, then walks
    /// the lengths from the longest down, as a position-by-position walk of the two sorted
    /// lists would.
    fn compare_lengths(&self) -> EndReason {
        let board = self.geometry();
        if game_core::planted::is("K-10") {
            // Planted bug (tests only): only the two longest groups are compared; equal
            // longest groups are a draw.
            let [black, white] = self.longest;
            return match black.cmp(&white) {
                std::cmp::Ordering::Equal => EndReason::EqualLengths,
                order => {
                    let winner = if order.is_gt() {
                        Colour::Black
                    } else {
                        Colour::White
                    };
                    EndReason::LongerGroup {
                        winner,
                        rank: 1,
                        winner_length: black.max(white),
                        loser_length: black.min(white),
                    }
                }
            };
        }
        let top = if game_core::planted::is("K-9") {
            MAX_POINTS
        } else {
            usize::from(self.longest[0].max(self.longest[1]))
        };
        let mut counts = [[0u16; MAX_POINTS + 1]; 2];
        for p in board.points() {
            let Some(colour) = self.forest.colour_at(p) else {
                continue;
            };
            if usize::from(self.forest.group_of(p)) == p.index() {
                let length = self.reported_length(p.index() as u16);
                counts[colour.index()][usize::from(length)] += 1;
            }
        }
        // Positions (ranks) where both lists are equal so far.
        let mut matched = 0usize;
        // Once one colour has more groups of a length: it, the rank where the lists differ,
        // and its length there; the loser's next shorter length, if any, decides the kind.
        let mut ahead: Option<(Colour, usize, u16)> = None;
        for length in (1..=top).rev() {
            let [black, white] = [counts[0][length], counts[1][length]];
            if let Some((winner, rank, winner_length)) = ahead {
                if counts[winner.other().index()][length] > 0 {
                    return EndReason::LongerGroup {
                        winner,
                        rank,
                        winner_length,
                        loser_length: length as u16,
                    };
                }
                continue;
            }
            if black == white {
                matched += usize::from(black);
                continue;
            }
            let winner = if black > white {
                Colour::Black
            } else {
                Colour::White
            };
            ahead = Some((
                winner,
                matched + usize::from(black.min(white)) + 1,
                length as u16,
            ));
        }
        match ahead {
            Some((winner, rank, _)) => EndReason::MoreGroups { winner, rank },
            None => EndReason::EqualLengths,
        }
    }
}
