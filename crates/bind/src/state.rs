//! The Bind position, its move generator and the rules of play.

use std::fmt;

use board_geometry::Coord;
use game_core::{ByPlayer, Game, Outcome, Player};
use smallvec::SmallVec;

use crate::bitboard::{self, Sink};
use crate::error::PlayError;
use crate::moves::{Move, ParseMoveError, line_shape};
use crate::topology::Topology;
use crate::variant::Variant;

/// The players' names (Black moves first, rule 2).
pub(crate) const NAMES: [&str; 2] = ["black", "white"];

/// Cell encoding: the low two bits hold the colour (0 empty, 1 black, 2 white, 3 the
/// border cell past the last square), the bits above the number of same-colour orthogonal
/// neighbours ("partners", 0–4).
const COLOUR_MASK: u8 = 3;
/// The border cell's value: neither empty nor a piece.
const BORDER: u8 = 3;
const PARTNER_UNIT: u8 = 4;

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

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum End {
    /// The winner placed every piece it owns (rule 8, N-12).
    AllPlaced(Player),
    /// The loser, to move, had neither a take-and-place move nor a single placement
    /// (rule 5, N-10).
    NoMove {
        /// The player who could not move.
        loser: Player,
    },
    /// Both colours hold exactly one piece, so both must pass for ever: a draw (N-16).
    BothHoldOne,
    /// A player resigned (N-15: a separate call, not a move).
    Resigned {
        /// The player who resigned.
        loser: Player,
    },
}

impl End {
    /// The winner, or `None` for the draw.
    #[must_use]
    pub fn winner(self) -> Option<Player> {
        match self {
            End::AllPlaced(winner) => Some(winner),
            End::NoMove { loser } | End::Resigned { loser } => Some(loser.other()),
            End::BothHoldOne => None,
        }
    }

    /// The end as a game-core [`Outcome`].
    #[must_use]
    pub fn outcome(self) -> Outcome {
        match self {
            End::AllPlaced(winner) => Outcome::win(winner, "placed every piece"),
            End::NoMove { loser } => Outcome::win(
                loser.other(),
                format!("wins: {} has no legal move", name(loser)),
            ),
            End::BothHoldOne => Outcome::draw("both colours hold one piece"),
            End::Resigned { loser } => {
                Outcome::win(loser.other(), format!("wins: {} resigned", name(loser)))
            }
        }
    }
}

/// A Bind position: the board, both hands, whose turn it is, which first moves are still
/// due, the move count and the end if the game is over.
///
/// Build one with [`Bind::new`] (or from a [`crate::Setup`]); play through the
/// [`Game`] trait. Serde goes through [`crate::Setup`], so a deserialised state is
/// always valid.
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
    end: Option<End>,
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
    }
}

impl Eq for Bind {}

impl fmt::Debug for Bind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Bind {{ ply: {}, ", self.ply)?;
        write!(f, "hands: {}/{}, ", self.hands.first, self.hands.second)?;
        write!(
            f,
            "to_move: {}, end: {:?}, board: ",
            name(self.to_move),
            self.end
        )?;
        for row in self.board_rows() {
            write!(f, "{row}/")?;
        }
        f.write_str(" }")
    }
}

impl Sink for Vec<Move> {
    #[inline]
    fn push(&mut self, mv: Move) -> bool {
        Vec::push(self, mv);
        false
    }
}

/// Stops at the first move: "is there any?".
struct Exists;

impl Sink for Exists {
    #[inline]
    fn push(&mut self, _: Move) -> bool {
        true
    }
}

impl Bind {
    /// The start position of `variant`: an empty board, every piece in hand, Black to move
    /// (rule 2).
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
        }
    }

    /// A position from its parts, with the derived counts and the end worked out. The
    /// caller ([`crate::Setup`]) has checked the parts.
    pub(crate) fn from_parts(
        variant: Variant,
        board: &[Option<Player>],
        hands: ByPlayer<u16>,
        first_move_due: ByPlayer<bool>,
        to_move: Player,
        ply: usize,
        resigned: Option<Player>,
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
        state.end = match resigned {
            Some(loser) => Some(End::Resigned { loser }),
            None => state.rule_end(),
        };
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
    pub fn end(&self) -> Option<End> {
        self.end
    }

    /// `player` resigns (N-15: a separate call, not a move; perft never counts it).
    ///
    /// # Errors
    /// [`PlayError::GameOver`] if the game has already ended.
    pub fn resign(&mut self, player: Player) -> Result<(), PlayError> {
        self.ensure_ongoing()?;
        self.end = Some(End::Resigned { loser: player });
        Ok(())
    }

    /// The board as text rows, top row first: `B` black, `W` white, `.` empty.
    #[must_use]
    pub fn board_rows(&self) -> Vec<String> {
        let size = self.topology.size;
        (0..size)
            .rev()
            .map(|row| {
                (0..size)
                    .map(|col| match self.owner_at(row * size + col) {
                        Some(Player::First) => 'B',
                        Some(Player::Second) => 'W',
                        None => '.',
                    })
                    .collect()
            })
            .collect()
    }

    /// A text diagram: rows from the top with numbers, column letters, and the hands.
    #[must_use]
    pub fn diagram(&self) -> String {
        let size = self.topology.size;
        let letters: String = (0..size)
            .map(|c| format!(" {}", board_geometry::column_letter(c as u8).unwrap_or('?')))
            .collect();
        let mut out = format!("   {letters}\n");
        for (i, row) in self.board_rows().iter().enumerate() {
            let number = size - i;
            let cells: String = row.chars().map(|c| format!(" {c}")).collect();
            out += &format!("{number:>2} {cells}  {number}\n");
        }
        out += &format!("   {letters}\n");
        out += &format!(
            "in hand: black {}, white {}\n",
            self.hands.first, self.hands.second
        );
        out
    }

    /// Checks every invariant by recomputing it from the board: hand + board = pieces for
    /// both colours (N-2), the partner and isolation counts, the first-move flags and the
    /// end. For tests and fuzzing.
    ///
    /// # Errors
    /// A message naming the broken invariant.
    pub fn validate(&self) -> Result<(), String> {
        let pieces = self.variant.pieces();
        let mut on_board = ByPlayer::splat(0usize);
        let mut isolated = ByPlayer::splat(0u16);
        for square in 0..self.squares() {
            let Some(owner) = self.owner_at(square) else {
                if self.cells[square] != 0 {
                    return Err(format!("empty square {square} has partner bits"));
                }
                continue;
            };
            on_board[owner] += 1;
            let partners = self.topology.steps[square]
                .iter()
                .filter(|&&n| self.owner_at(usize::from(n)) == Some(owner))
                .count();
            if partners != usize::from(self.partners(square)) {
                return Err(format!("square {square}: stored partner count is wrong"));
            }
            if partners == 0 {
                isolated[owner] += 1;
            }
        }
        for player in Player::BOTH {
            let (hand, board) = (self.hand(player), on_board[player]);
            if hand + board != pieces {
                return Err(format!(
                    "N-2: {} has {hand} in hand and {board} on the board, not {pieces}",
                    name(player)
                ));
            }
            let bits = (0..self.squares())
                .filter(|&s| self.owner_at(s) == Some(player))
                .fold(0u64, |b, s| b | 1u64.checked_shl(s as u32).unwrap_or(0));
            let expected_bits = if self.topology.masks.is_some() {
                bits
            } else {
                0
            };
            if self.bits[player] != expected_bits {
                return Err(format!("{}: stored bitboard is wrong", name(player)));
            }
            if board != self.on_board(player) || isolated[player] != self.isolated[player] {
                return Err(format!("{}: stored counts are wrong", name(player)));
            }
            if self.first_move_due[player] && (board != 0 || hand != pieces) {
                return Err(format!("{}: first move due after playing", name(player)));
            }
        }
        let expected = match self.end {
            Some(End::Resigned { .. }) => self.end,
            _ => self.rule_end(),
        };
        if expected != self.end {
            return Err(format!("stored end {:?}, rules say {expected:?}", self.end));
        }
        Ok(())
    }

    /// The number of squares (the border cell excluded).
    #[inline]
    fn squares(&self) -> usize {
        self.cells.len() - 1
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
                if self.partners(n) == 0 {
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

    /// The opponent piece that would be left with no partner if the opponent piece on
    /// `square` were taken, or `None` if the take is allowed (N-5).
    ///
    /// Decided locally: only the taken piece's neighbours can lose their last partner,
    /// and an opponent piece that already stands alone forbids every take but its own.
    fn take_isolates(&self, square: usize, opponent: Player) -> Option<usize> {
        let alone_elsewhere = self.isolated[opponent] - u16::from(self.partners(square) == 0);
        if alone_elsewhere > 0 {
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

    /// Whether the mover is making Black's first move (rule 6, N-3).
    #[inline]
    fn is_opening(&self) -> bool {
        self.to_move == Player::First && self.first_move_due[Player::First]
    }

    /// The line lengths (2 and/or 3 squares) a rule-4 move of the mover may have (N-4, N-7).
    #[inline]
    fn line_lengths(&self) -> (bool, bool) {
        let hand = self.hands[self.to_move];
        if self.first_move_due[self.to_move] {
            (false, hand >= 3)
        } else {
            (hand >= 2, hand >= 3)
        }
    }

    /// Black's first lines: every 3 empty squares in a row or column, from the lower-left
    /// end (N-3).
    fn opening_moves(&self, sink: &mut impl Sink) -> bool {
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
    fn take_and_place_moves(&self, sink: &mut impl Sink) -> bool {
        let (two, three) = self.line_lengths();
        if !two && !three {
            return false;
        }
        let opponent = self.to_move.other();
        let colour = code(opponent);
        let isolated = self.isolated[opponent];
        if isolated >= 2 || self.on_board[opponent] == 0 {
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
            let allowed = if isolated == 1 {
                // Only the lone piece itself may go (N-5).
                cell < PARTNER_UNIT
            } else {
                // No neighbour may lose its last partner (N-5).
                neighbours.iter().all(|&n| {
                    let near = cells[usize::from(n)];
                    near & COLOUR_MASK != colour || near >= 2 * PARTNER_UNIT
                })
            };
            if !allowed {
                continue;
            }
            let from = coords[square];
            for (direction, &second) in neighbours.iter().enumerate() {
                let second = usize::from(second);
                if cells[second] != 0 {
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
            if isolated == 1 {
                break; // the lone piece was the only candidate
            }
        }
        false
    }

    /// The rule-5 single placements: any empty square next to one of the mover's pieces
    /// (N-9).
    fn single_placements(&self, sink: &mut impl Sink) -> bool {
        if self.on_board[self.to_move] == 0 {
            return false;
        }
        let colour = code(self.to_move);
        let cells: &[u8] = &self.cells;
        let coords = &self.topology.coords;
        for (square, neighbours) in self.topology.steps.iter().enumerate() {
            if cells[square] == 0
                && neighbours
                    .iter()
                    .any(|&n| cells[usize::from(n)] & COLOUR_MASK == colour)
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
    fn generate<S: Sink>(&self, sink: &mut S) -> bool {
        if self.hands[self.to_move] == 1 {
            return sink.push(Move::Pass);
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
        if found {
            return false;
        }
        self.single_placements(sink)
    }

    /// [`Bind::generate`] on a board of up to 8×8, through the bitboard generator.
    fn generate_small<S: Sink>(&self, masks: bitboard::Masks, sink: &mut S) -> bool {
        let coords = &self.topology.coords;
        let mover = self.bits[self.to_move];
        let opponent = self.bits[self.to_move.other()];
        if self.is_opening() {
            return bitboard::opening_moves(masks, coords, mover | opponent, sink);
        }
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
        if found || self.on_board[self.to_move] == 0 {
            return false;
        }
        bitboard::single_placements(masks, coords, mover, opponent, sink)
    }

    /// Whether a rule-4 move exists for the side to move (N-8).
    fn take_and_place_exists(&self) -> bool {
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

    /// The end the rules give this position (without resignation): N-12, N-16, N-10.
    fn rule_end(&self) -> Option<End> {
        for player in Player::BOTH {
            if self.hands[player] == 0 {
                return Some(End::AllPlaced(player));
            }
        }
        if self.hands.first == 1 && self.hands.second == 1 {
            return Some(End::BothHoldOne);
        }
        if !self.generate(&mut Exists) {
            return Some(End::NoMove {
                loser: self.to_move,
            });
        }
        None
    }

    fn ensure_ongoing(&self) -> Result<(), PlayError> {
        match self.end {
            Some(end) => Err(PlayError::GameOver {
                outcome: end.outcome().describe(NAMES).to_string(),
            }),
            None => Ok(()),
        }
    }

    fn square_of(&self, coord: Coord) -> Result<usize, PlayError> {
        self.topology.square(coord).ok_or(PlayError::OffBoard {
            square: coord,
            size: self.topology.size,
        })
    }

    fn check_line(&self, from: Coord, to: Coord) -> Result<(), PlayError> {
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
            if length != 3 {
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
        if held < length {
            return Err(PlayError::NotEnoughPieces {
                player: name(mover),
                needed: length,
                held,
            });
        }
        if self.first_move_due[mover] && length != 3 {
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
        if let Some(alone) = self.take_isolates(start, opponent) {
            return Err(PlayError::TakeIsolates {
                take: from,
                opponent: name(opponent),
                isolated: self.coord(alone),
            });
        }
        for square in rest(start) {
            if self.colour(square) != 0 {
                return Err(PlayError::LineBlocked {
                    square: self.coord(square),
                });
            }
        }
        Ok(())
    }

    fn check_place(&self, at: Coord) -> Result<(), PlayError> {
        let square = self.square_of(at)?;
        if self.is_opening() {
            return Err(PlayError::OpeningIsALine);
        }
        if self.take_and_place_exists() {
            return Err(PlayError::TakeAndPlaceAvailable);
        }
        if self.colour(square) != 0 {
            return Err(PlayError::Occupied { square: at });
        }
        let colour = code(self.to_move);
        if !self.topology.steps[square]
            .iter()
            .any(|&n| self.colour(usize::from(n)) == colour)
        {
            return Err(PlayError::NotNextToOwnPiece {
                square: at,
                player: name(self.to_move),
            });
        }
        Ok(())
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

impl Game for Bind {
    type Move = Move;
    type ParseMoveError = ParseMoveError;
    type PlayError = PlayError;

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
                    self.hands[opponent] += 1;
                }
                for i in 0..length {
                    if i > 0 {
                        square = usize::from(self.topology.steps[square][direction]);
                    }
                    self.put(square, mover);
                }
                self.hands[mover] -= length as u16;
            }
        }
        self.first_move_due[mover] = false;
        self.to_move = opponent;
        self.ply += 1;
        self.end = self.rule_end();
    }

    fn is_over(&self) -> bool {
        self.end.is_some()
    }

    fn outcome(&self) -> Outcome {
        self.end.map_or(Outcome::Ongoing, End::outcome)
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
                if self.is_opening() && (to.row, to.col) < (from.row, from.col) {
                    return Ok(Move::Line { from: to, to: from });
                }
            }
            Move::Place(at) => check(at)?,
            Move::Pass => {}
        }
        Ok(mv)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_core::GameRng;

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
