//! The Bind position, its move generator and the rules of play.

use std::sync::Arc;

use board_geometry::Coord;
use game_core::{ByPlayer, Game, Outcome, Player};
use smallvec::SmallVec;

mod check;
mod scan;
#[cfg(test)]
mod tests;
mod text;
mod validate;

use crate::end::EndReason;
use crate::error::PlayError;
use crate::moves::{Move, ParseMoveError, line_shape};
use crate::setup::Setup;
use crate::topology::Topology;
use crate::variant::Variant;
use scan::Exists;

/// The players' names (Black moves first, rule 2).
pub(crate) const NAMES: [&str; 2] = ["black", "white"];

/// Cell encoding: the low two bits hold the colour (0 empty, 1 black, 2 white, 3 the
/// border cell past the last square), the bits above the number of same-colour orthogonal
/// neighbours ("partners", 0–4).
const COLOUR_MASK: u8 = 3;
/// The border cell's value: neither empty nor a piece.
const BORDER: u8 = 3;
const PARTNER_UNIT: u8 = 4;

/// The history's first allocation, in moves: random mini games average about 15 plies
/// and full ones about 40, so most games never grow it.
const HISTORY_START: usize = 64;

/// The directions in which Black's first line is written from its lower-left end (N-3):
/// up and right (indices into the topology's steps).
const OPENING_DIRECTIONS: [usize; 2] = [0, 3];

#[inline]
fn code(player: Player) -> u8 {
    player.index() as u8 + 1
}

#[inline]
fn name(player: Player) -> &'static str {
    NAMES[player.index()]
}

/// A Bind game: the board, both hands, whose turn it is, which first moves are still due,
/// the move count, the end if the game is over, and the moves played (its history).
///
/// Build one with [`Bind::new`] (or [`Bind::from_setup`]); play through the [`Game`]
/// trait. Its `Display` is the text diagram `rulebook show` prints. With the `serde`
/// feature it writes and reads its own `Record` (`to_record`,
/// [`Recorded`](game_core::Recorded)), and serde goes through that record, so a
/// deserialised game has been replayed through the rules.
///
/// Two states are equal when their positions and their histories (with the set-up
/// position a history starts from) are.
#[derive(Clone)]
pub struct Bind {
    topology: &'static Topology,
    variant: Variant,
    /// One byte per square and a last one for the border: colour and partner count (see
    /// `COLOUR_MASK`). Inline up to 8×8 (65 cells), so cloning mini and full never
    /// allocates.
    cells: SmallVec<[u8; 72]>,
    hands: ByPlayer<u16>,
    on_board: ByPlayer<u16>,
    /// Pieces of each colour with no partner: they limit every take (N-5).
    isolated: ByPlayer<u16>,
    /// One bit per square for each colour on boards up to 8×8 (0 on larger boards).
    bits: ByPlayer<u64>,
    first_move_due: ByPlayer<bool>,
    to_move: Player,
    ply: usize,
    end: Option<EndReason>,
    /// The moves played since the start (or since the set-up position), in order.
    history: Vec<Move>,
    /// The position the history starts from when it is not the variant's start (a game
    /// built by [`Bind::from_setup`]); shared, so cloning a state never copies it.
    origin: Option<Arc<Setup>>,
}

impl PartialEq for Bind {
    fn eq(&self, other: &Bind) -> bool {
        // The topology follows from the variant.
        self.variant == other.variant
            && self.cells == other.cells
            && self.hands == other.hands
            && self.on_board == other.on_board
            && self.isolated == other.isolated
            && self.bits == other.bits
            && self.first_move_due == other.first_move_due
            && self.to_move == other.to_move
            && self.ply == other.ply
            && self.end == other.end
            && self.history == other.history
            && self.origin == other.origin
    }
}

impl Eq for Bind {}

impl Bind {
    /// The start position of `variant`: an empty board, every piece in hand, Black to move
    /// (rule 2), no moves played.
    #[must_use]
    pub fn new(variant: Variant) -> Bind {
        let topology = Topology::get(variant.size());
        let pieces = variant.pieces() as u16;
        Bind {
            topology,
            variant,
            cells: {
                let squares = variant.size() * variant.size();
                let mut cells = SmallVec::from_elem(0, squares + 1);
                cells[squares] = BORDER;
                cells
            },
            hands: ByPlayer::splat(pieces),
            on_board: ByPlayer::splat(0),
            isolated: ByPlayer::splat(0),
            bits: ByPlayer::splat(0),
            first_move_due: ByPlayer::splat(true),
            to_move: Player::First,
            ply: 0,
            end: None,
            history: Vec::new(),
            origin: None,
        }
    }

    /// A position from its parts, with the derived counts and the end by the rules worked
    /// out (a resignation is the caller's to add). The caller ([`Bind::from_setup`]) has
    /// checked the parts.
    pub(crate) fn from_parts(
        variant: Variant,
        board: &[Option<Player>],
        hands: ByPlayer<u16>,
        first_move_due: ByPlayer<bool>,
        to_move: Player,
        ply: usize,
    ) -> Bind {
        let mut state = Bind::new(variant);
        state.hands = hands;
        state.first_move_due = first_move_due;
        state.to_move = to_move;
        state.ply = ply;
        for (square, owner) in board.iter().enumerate() {
            if let Some(owner) = owner {
                state.put(square, *owner);
            }
        }
        state.end = state.rule_end();
        state
    }

    /// The variant (board size and pieces per colour).
    #[must_use]
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// Pieces in `player`'s hand.
    #[must_use]
    pub fn hand(&self, player: Player) -> usize {
        usize::from(self.hands[player])
    }

    /// `player`'s pieces on the board.
    #[must_use]
    pub fn on_board(&self, player: Player) -> usize {
        usize::from(self.on_board[player])
    }

    /// Whether `player` has yet to make its first move (rule 6: it must place 3).
    #[must_use]
    pub fn first_move_due(&self, player: Player) -> bool {
        self.first_move_due[player]
    }

    /// Who owns the piece on `square`, `None` if it is empty or off the board.
    #[must_use]
    pub fn owner(&self, square: Coord) -> Option<Player> {
        let index = self.topology.square(square)?;
        self.owner_at(index)
    }

    /// Moves played so far (N-13): the rules set no limit, so a caller that wants to stop
    /// a long game reads this and stops it as its own adjudication.
    #[must_use]
    pub fn move_count(&self) -> usize {
        self.ply
    }

    /// How the game ended, or `None` while it goes on.
    #[must_use]
    pub fn end_reason(&self) -> Option<EndReason> {
        self.end
    }

    /// The moves played so far, in order: from the variant's start, or from the set-up
    /// position of a game built by [`Bind::from_setup`]. A resignation is not a move
    /// (N-15), so it is not among them.
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        &self.history
    }

    /// The position the history starts from, for a game built by [`Bind::from_setup`]
    /// (without its resignation, which is an end, not part of the position); `None` for a
    /// game from the variant's start.
    #[cfg(feature = "serde")]
    pub(crate) fn origin(&self) -> Option<&Setup> {
        self.origin.as_deref()
    }

    /// Makes the current position the one the history starts from (for a game built from
    /// a set-up that is not the variant's start; called before any resignation).
    pub(crate) fn start_history_here(&mut self) {
        self.history.clear();
        self.origin = Some(Arc::new(self.setup()));
    }

    /// `player` resigns (N-15: a separate call, not a move; perft never counts it).
    ///
    /// # Errors
    /// [`PlayError::GameOver`] if the game has already ended.
    pub fn resign(&mut self, player: Player) -> Result<(), PlayError> {
        self.ensure_ongoing()?;
        self.end = Some(EndReason::Resigned { loser: player });
        Ok(())
    }

    /// The number of squares (the border cell excluded).
    #[inline]
    fn squares(&self) -> usize {
        self.cells.len() - 1
    }

    /// Whether each square holds a piece of `player`, in square order (`row * size + col`):
    /// `owner_at(square) == Some(player)` for every square at once.
    #[inline]
    pub(crate) fn pieces_of(&self, player: Player) -> impl Iterator<Item = bool> + '_ {
        let colour = player.index() as u8 + 1;
        let squares = self.topology.size * self.topology.size;
        self.cells[..squares]
            .iter()
            .map(move |&cell| cell & COLOUR_MASK == colour)
    }

    #[inline]
    fn colour(&self, square: usize) -> u8 {
        self.cells[square] & COLOUR_MASK
    }

    #[inline]
    fn partners(&self, square: usize) -> u8 {
        self.cells[square] / PARTNER_UNIT
    }

    #[inline]
    fn owner_at(&self, square: usize) -> Option<Player> {
        match self.colour(square) {
            1 => Some(Player::First),
            2 => Some(Player::Second),
            _ => None,
        }
    }

    #[inline]
    fn coord(&self, square: usize) -> Coord {
        self.topology.coords[square]
    }

    /// Puts a piece of `player` on the empty `square`, keeping partner and isolation
    /// counts (the hand is the caller's business).
    fn put(&mut self, square: usize, player: Player) {
        let colour = code(player);
        let mut partners = 0;
        for &n in &self.topology.steps[square] {
            let n = usize::from(n);
            if self.colour(n) == colour {
                if self.partners(n) == 0 {
                    self.isolated[player] -= 1;
                }
                self.cells[n] += PARTNER_UNIT;
                partners += 1;
            }
        }
        if partners == 0 {
            self.isolated[player] += 1;
        }
        self.cells[square] = colour + partners * PARTNER_UNIT;
        self.on_board[player] += 1;
        if self.topology.masks.is_some() {
            self.bits[player] |= 1 << square;
        }
    }

    /// Lifts the piece of `player` off `square`, keeping the counts.
    fn lift(&mut self, square: usize, player: Player) {
        let colour = code(player);
        if self.partners(square) == 0 {
            self.isolated[player] -= 1;
        }
        for &n in &self.topology.steps[square] {
            let n = usize::from(n);
            if self.colour(n) == colour {
                self.cells[n] -= PARTNER_UNIT;
                // N-5: a take never leaves another piece of its colour without a partner.
                debug_assert!(
                    self.partners(n) > 0 || game_core::planted::is("N-5"),
                    "a take left a piece alone"
                );
                // Only N-5's planted bug leaves one alone: keep the count true for it, so
                // that the broken rule shows as wrong answers, not as a panic.
                if game_core::planted::is("N-5") && self.partners(n) == 0 {
                    self.isolated[player] += 1;
                }
            }
        }
        self.cells[square] = 0;
        self.on_board[player] -= 1;
        if self.topology.masks.is_some() {
            self.bits[player] &= !(1 << square);
        }
    }

    /// Whether the mover is making Black's first move (rule 6, N-3).
    #[inline]
    fn is_opening(&self) -> bool {
        self.to_move == Player::First && self.first_move_due[Player::First]
    }

    /// The line lengths (2 and/or 3 squares) a rule-4 move of the mover may have (N-4, N-7).
    #[inline]
    fn line_lengths(&self) -> (bool, bool) {
        let hand = self.hands[self.to_move];
        // Planted bug (tests only): a line of three needs only two in hand.
        let three_needs = if game_core::planted::is("N-7") { 2 } else { 3 };
        // Planted bug (tests only): White's first move may place two, like a later one.
        if self.first_move_due[self.to_move] && !game_core::planted::is("N-4") {
            (false, hand >= three_needs)
        } else {
            (hand >= 2, hand >= three_needs)
        }
    }

    /// Makes room for more moves in the history: room for [`HISTORY_START`] moves at
    /// first (one allocation covers most games), then doubling. Out of line, so the push
    /// in `play_unchecked` stays a compare and a store.
    #[cold]
    #[inline(never)]
    fn grow_history(&mut self) {
        self.history.reserve(self.history.len().max(HISTORY_START));
    }

    /// The end the rules give this position (without resignation): N-12, N-16, N-10.
    fn rule_end(&self) -> Option<EndReason> {
        // Planted bug (tests only): a move limit of 100 plies, the game drawn there.
        if game_core::planted::is("N-13") && self.ply >= 100 {
            return Some(EndReason::BothHoldOne);
        }
        for player in Player::BOTH {
            // Planted bug (tests only): an empty hand wins only once its turn comes round.
            if game_core::planted::is("N-12") && player != self.to_move {
                continue;
            }
            if self.hands[player] == 0 {
                return Some(EndReason::AllPlaced { winner: player });
            }
        }
        // Planted bug (tests only): both holding one piece is no draw; both pass for ever.
        if self.hands.first == 1 && self.hands.second == 1 && !game_core::planted::is("N-16") {
            return Some(EndReason::BothHoldOne);
        }
        if !self.generate(&mut Exists) {
            return Some(EndReason::NoMove {
                loser: self.to_move,
            });
        }
        None
    }
}

impl Default for Bind {
    /// The start of the mini variant, the seed's own game.
    fn default() -> Bind {
        Bind::new(Variant::MINI)
    }
}

impl Game for Bind {
    type Move = Move;
    type ParseMoveError = ParseMoveError;
    type PlayError = PlayError;
    type EndReason = EndReason;

    const NAME: &'static str = "bind";
    const PLAYER_NAMES: [&'static str; 2] = NAMES;

    fn to_move(&self) -> Player {
        self.to_move
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        if self.end.is_none() {
            self.generate(moves);
        }
    }

    fn check_move(&self, mv: Move) -> Result<(), PlayError> {
        self.ensure_ongoing()?;
        let mover = self.to_move;
        let held = self.hand(mover);
        match mv {
            // N-11: pass exactly with one piece in hand.
            Move::Pass if held == 1 => Ok(()),
            Move::Pass => Err(PlayError::PassNotAllowed {
                player: name(mover),
                held,
            }),
            // Planted bug (tests only): one piece in hand may also be placed singly.
            Move::Place(at) if held == 1 && game_core::planted::is("N-11") => self.check_place(at),
            _ if held == 1 => Err(PlayError::MustPass {
                player: name(mover),
            }),
            Move::Line { from, to } => self.check_line(from, to),
            Move::Place(at) => self.check_place(at),
        }
    }

    /// Plays `mv`; see [`Game::play_unchecked`].
    ///
    /// # Panics
    /// May panic (an index or a count out of range) if `mv` is not legal.
    fn play_unchecked(&mut self, mv: Move) {
        let mover = self.to_move;
        let opponent = mover.other();
        match mv {
            Move::Pass => {}
            Move::Place(at) => {
                let square = self
                    .topology
                    .square(at)
                    .expect("a legal move is on the board");
                self.put(square, mover);
                self.hands[mover] -= 1;
            }
            Move::Line { from, to } => {
                let (direction, length) = line_shape(from, to).expect("a legal line");
                let mut square = self.topology.square(from).expect("on the board");
                if !self.is_opening() {
                    // Rule 4: the taken piece goes back to its owner's hand (N-6).
                    self.lift(square, opponent);
                    // Planted bug (tests only): the taken piece is lost, not returned.
                    if !game_core::planted::is("N-2") {
                        self.hands[opponent] += 1;
                    }
                }
                let mut placed = length;
                for i in 0..length {
                    if i > 0 {
                        square = usize::from(self.topology.steps[square][direction]);
                    }
                    // Planted bug (tests only, N-6): a line jumps an occupied square.
                    if i > 0 && self.colour(square) != 0 && game_core::planted::is("N-6") {
                        placed -= 1;
                        continue;
                    }
                    self.put(square, mover);
                }
                // Saturating: a planted bug (N-7) may place more than the hand holds.
                self.hands[mover] = self.hands[mover].saturating_sub(placed as u16);
            }
        }
        self.first_move_due[mover] = false;
        self.to_move = opponent;
        // N-13: no game reaches the limit by play, but a deserialised setup may start
        // anywhere; saturate instead of overflowing (bad input never panics).
        self.ply = self.ply.saturating_add(1);
        if self.history.len() == self.history.capacity() {
            self.grow_history();
        }
        self.history.push(mv);
        self.end = self.rule_end();
    }

    fn is_over(&self) -> bool {
        self.end.is_some()
    }

    fn outcome(&self) -> Outcome<EndReason> {
        self.end.map_or(Outcome::Ongoing, EndReason::outcome)
    }

    fn ply(&self) -> usize {
        self.ply
    }

    /// Reads a move and checks its squares lie on this board. Black's first line may be
    /// written from either end (N-3: `C1-A1` is the placement `A1-C1`); it is read as the
    /// move list writes it.
    fn parse_move(&self, text: &str) -> Result<Move, ParseMoveError> {
        let mv: Move = text.parse()?;
        let check = |coord: Coord| {
            if self.topology.square(coord).is_some() {
                Ok(())
            } else {
                Err(ParseMoveError::Point {
                    text: text.to_string(),
                    source: board_geometry::ParsePointError::OffBoard {
                        text: coord.to_string(),
                        size: self.topology.size as u8,
                    },
                })
            }
        };
        match mv {
            Move::Line { from, to } => {
                check(from)?;
                check(to)?;
                if self.is_opening() {
                    // Black's first line is written from its lower-left end (N-3).
                    let key = |c: &Coord| (c.row, c.col);
                    return Ok(Move::Line {
                        from: std::cmp::min_by_key(from, to, key),
                        to: std::cmp::max_by_key(from, to, key),
                    });
                }
            }
            Move::Place(at) => check(at)?,
            Move::Pass => {}
        }
        Ok(mv)
    }
}
