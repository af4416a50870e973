//! The game: whose turn, the board history for superko, passes, prisoners, the end, undo.

use board_geometry::Point;
use game_core::{ByPlayer, Player};

use crate::board::{Board, EMPTY};
use crate::end::Ending;
use crate::error::PlayError;
use crate::layout::{Mask, bit, cell_of, cells, point_of};
use crate::moves::Move;
use crate::scoring::Score;
use crate::superko::ByCount;

mod ending;
mod game;
mod points;
mod setup;
#[cfg(test)]
mod tests;
mod undo;
mod validate;

pub use points::PointStatus;
pub(crate) use points::Refusals;

/// The move cap (G-6): the game is over and counted once the 300th move has been played.
pub const MOVE_LIMIT: usize = 300;

/// A board that has appeared in the game (G-4), with the move that made it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Seen {
    masks: [Mask; 2],
    /// The move number (counted from 1) that produced this board; 0 for the start.
    made_by: u16,
    /// For each colour, the index + 1 of the board before this one in the history with as
    /// many stones of that colour (0: none): the lists `Go9::by_count` starts.
    earlier_same_count: [u16; 2],
}

impl Seen {
    /// The number of stones of the colour of index `colour` on the board.
    #[inline]
    fn stones(&self, colour: usize) -> usize {
        self.masks[colour].count_ones() as usize
    }
}

/// What undo needs to restore a move exactly (G-8), besides the move itself (kept apart in
/// `Go9::moves`, so that the history is a slice of moves).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Played {
    player: Player,
    to_move_before: Player,
    passes_before: u8,
    captured: Mask,
    /// Whether the placement put the first stone ever on its point (G-4 bookkeeping).
    first_on_point: bool,
}

/// A 9×9 Go game under the Ttakji rules.
///
/// ```
/// use go9::{Game, Go9, Move};
/// let mut game = Go9::new();
/// game.play("E5".parse()?)?;
/// game.play(Move::Pass)?;
/// game.play(Move::Pass)?;
/// assert_eq!(game.outcome_text(), "black by 74 points (B+74: Black 81 – White 7, komi 7; two passes)");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Go9 {
    board: Board,
    to_move: Player,
    passes: u8,
    prisoners: ByPlayer<u32>,
    end: Option<Ending>,
    /// Points that have held a stone at some time: a stone on any other point makes a
    /// board never seen before (G-4), so only these need a history lookup.
    ever_occupied: Mask,
    /// The boards seen, in order (G-4).
    seen: Vec<Seen>,
    /// The boards of `seen` by the number of each colour's stones, for the points where a
    /// placement would repeat a board (`Go9::placement_refusals`).
    by_count: [ByCount; 2],
    /// The moves played, in order.
    moves: Vec<Move>,
    /// Per move: who played it and what undo needs.
    played: Vec<Played>,
    setup: [Mask; 2],
    first_to_move: Player,
}

impl Clone for Go9 {
    fn clone(&self) -> Go9 {
        Go9 {
            board: self.board.clone(),
            to_move: self.to_move,
            passes: self.passes,
            prisoners: self.prisoners,
            end: self.end,
            ever_occupied: self.ever_occupied,
            seen: self.seen.clone(),
            by_count: self.by_count.clone(),
            moves: self.moves.clone(),
            played: self.played.clone(),
            setup: self.setup,
            first_to_move: self.first_to_move,
        }
    }

    /// Copies `source` into `self` keeping `self`'s history buffers, so that a game
    /// started again from a start position allocates nothing (a batch stepped on several
    /// threads restarts its games this way: see `game_catalog`'s batch lanes).
    fn clone_from(&mut self, source: &Go9) {
        let Go9 {
            board,
            to_move,
            passes,
            prisoners,
            end,
            ever_occupied,
            seen,
            by_count,
            moves,
            played,
            setup,
            first_to_move,
        } = source;
        self.board.clone_from(board);
        self.to_move = *to_move;
        self.passes = *passes;
        self.prisoners = *prisoners;
        self.end = *end;
        self.ever_occupied = *ever_occupied;
        self.seen.clone_from(seen);
        self.by_count.clone_from(by_count);
        self.moves.clone_from(moves);
        self.played.clone_from(played);
        self.setup = *setup;
        self.first_to_move = *first_to_move;
    }
}

impl PartialEq for Go9 {
    fn eq(&self, other: &Go9) -> bool {
        self.board == other.board
            && self.board.hash() == other.board.hash()
            && self.to_move == other.to_move
            && self.passes == other.passes
            && self.prisoners == other.prisoners
            && self.end == other.end
            && self.ever_occupied == other.ever_occupied
            && self.seen == other.seen
            && self.by_count == other.by_count
            && self.moves == other.moves
            && self.played == other.played
            && self.setup == other.setup
            && self.first_to_move == other.first_to_move
    }
}

impl Eq for Go9 {}

impl Default for Go9 {
    fn default() -> Go9 {
        Go9::new()
    }
}

impl Go9 {
    /// The empty board, Black to move (G-1).
    #[must_use]
    pub fn new() -> Go9 {
        // Planted bug (tests only): White makes the first move.
        let first = if game_core::planted::is("G-1") {
            Player::Second
        } else {
            Player::First
        };
        Go9::from_board(Board::empty(), first)
    }

    fn from_board(board: Board, to_move: Player) -> Go9 {
        let masks = [
            board.stones_of(Player::First),
            board.stones_of(Player::Second),
        ];
        let mut by_count = [ByCount::new(), ByCount::new()];
        let first = Seen {
            masks,
            made_by: 0,
            earlier_same_count: [0; 2],
        };
        for (colour, list) in by_count.iter_mut().enumerate() {
            list.push(first.stones(colour), 0);
        }
        Go9 {
            by_count,
            ever_occupied: masks[0] | masks[1],
            seen: vec![first],
            board,
            to_move,
            passes: 0,
            prisoners: ByPlayer::splat(0),
            end: None,
            moves: Vec::new(),
            played: Vec::new(),
            setup: masks,
            first_to_move: to_move,
        }
    }

    /// The board.
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Stones each colour has captured (G-11: shown, never scored).
    #[must_use]
    pub fn prisoners(&self) -> ByPlayer<u32> {
        self.prisoners
    }

    /// Passes played in a row just now.
    #[must_use]
    pub fn consecutive_passes(&self) -> u32 {
        u32::from(self.passes)
    }

    /// The moves played, in order (see [`Go9::played`] for who played each).
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The moves played, each with the colour that played it: GTP's `play` may play out of
    /// turn, so the colours need not alternate.
    pub fn played(
        &self,
    ) -> impl DoubleEndedIterator<Item = (Player, Move)> + ExactSizeIterator + '_ {
        self.played
            .iter()
            .zip(&self.moves)
            .map(|(p, &mv)| (p.player, mv))
    }

    /// The count if the game ended now (G-11), computed exactly as the final count.
    #[must_use]
    pub fn score(&self) -> Score {
        Score::count(&self.board)
    }

    /// A copy with `player` to move and the same history and board: for questions asked
    /// about a colour out of turn (GTP's `genmove C` searches for C even when it is the
    /// other colour's turn, G-14). A query helper, not a rule: the copy has no move of the
    /// other colour between.
    #[must_use]
    pub fn with_to_move(&self, player: Player) -> Go9 {
        let mut copy = self.clone();
        copy.to_move = player;
        copy
    }

    /// Reserves history room for a game of the full 300 moves, so playing on does not
    /// reallocate.
    pub(crate) fn reserve_for_full_game(&mut self) {
        let more = crate::state::MOVE_LIMIT.saturating_sub(self.played.len());
        self.moves.reserve(more);
        self.played.reserve(more);
        self.seen.reserve(more);
    }

    /// G-9's pass-alive areas, by point index: `Some(colour)` on that colour's
    /// pass-alive chains and pass-alive territory, `None` elsewhere (the map KataGo's
    /// published tests draw).
    #[must_use]
    pub fn pass_alive_map(&self) -> Vec<Option<Player>> {
        crate::scoring::pass_alive_map(&self.board)
    }

    /// Whether `player` may place on cell `c` now: `Ok` with the captures, or why not.
    #[inline]
    pub(crate) fn check_placement(&self, c: usize, player: Player) -> Result<Mask, PlayError> {
        if self.board.cell(c) != EMPTY {
            return Err(PlayError::Occupied(point_of(c)));
        }
        let effect = self.board.effect(c, player);
        // Planted bug (tests only): suicide is allowed (the chain is then taken off).
        if effect.suicide && !game_core::planted::is("G-3") {
            return Err(PlayError::Suicide(point_of(c)));
        }
        if let Some(earlier_move) = self.repeats(c, player, effect.captured) {
            return Err(PlayError::Superko {
                point: point_of(c),
                earlier_move,
            });
        }
        Ok(effect.captured)
    }

    /// The captures of a placement by `player` on the empty cell `c` if it is legal (not
    /// suicide, no repeated board), `None` if not: [`Go9::check_placement`] without
    /// the reasons, for the playout loop, which has already read the stones next to `c`
    /// (`own`, `opponent`: `Board::near_stones`).
    #[inline]
    pub(crate) fn legal_captures(
        &self,
        c: usize,
        player: Player,
        own: u32,
        opponent: u32,
    ) -> Option<Mask> {
        let effect = self.board.effect_near(c, own, opponent);
        if effect.suicide || self.repeats(c, player, effect.captured).is_some() {
            None
        } else {
            Some(effect.captured)
        }
    }

    /// Whether a stone on cell `c` could make a board seen before: only where a stone has
    /// stood, since every earlier board had any other point empty.
    #[inline(always)]
    pub(crate) fn may_repeat(&self, c: usize) -> bool {
        self.ever_occupied & bit(c) != 0
    }

    /// G-4: the move number whose board this placement would repeat, if any. Boards are
    /// compared exactly; the 64-bit hash only finds candidates.
    #[inline(always)]
    fn repeats(&self, c: usize, player: Player, captured: Mask) -> Option<usize> {
        if !self.may_repeat(c) {
            // Every earlier board had this point empty: the new board is new.
            return None;
        }
        self.repeats_seen(c, player, captured)
    }

    /// [`Go9::repeats`] for a point that has held a stone: the boards of the history with
    /// as many stones of `player` as the board after the placement, compared with it
    /// exactly (kept out of line so that the common early answer above stays small where
    /// it is inlined).
    #[inline(never)]
    fn repeats_seen(&self, c: usize, player: Player, captured: Mask) -> Option<usize> {
        let (mover, other) = (player.index(), player.other().index());
        let own = self.board.stones_of(player) | bit(c);
        let theirs = self.board.stones_of(player.other()) & !captured;
        // Planted bug (tests only): simple ko instead of positional superko, only the board
        // before the last placement is compared.
        let simple_ko = game_core::planted::is("G-4");
        let mut link = self.by_count[mover].latest(own.count_ones() as usize);
        while let Some(i) = usize::from(link).checked_sub(1) {
            let seen = self.seen.get(i)?;
            if seen.masks[mover] == own
                && seen.masks[other] == theirs
                && (!simple_ko || i + 2 == self.seen.len())
            {
                return Some(usize::from(seen.made_by));
            }
            link = seen.earlier_same_count[mover];
        }
        None
    }

    /// Whether `mv` is legal for `player` with this history, whoever is to move (GTP's
    /// `is_legal C M`).
    ///
    /// # Errors
    /// The reason it is not.
    pub fn check_move_for(&self, player: Player, mv: Move) -> Result<(), PlayError> {
        if self.end.is_some() {
            return Err(PlayError::GameOver);
        }
        match mv {
            Move::Pass => Ok(()),
            Move::Place(p) => self.check_placement(cell_of(p), player).map(|_| ()),
        }
    }

    /// Every legal move of `player` with this history, whoever is to move, pass last.
    pub fn legal_moves_for(&self, player: Player, moves: &mut Vec<Move>) {
        moves.clear();
        if self.end.is_some() {
            return;
        }
        let refusals = self.placement_refusals(player);
        let legal = self.board.empty_mask() & !refusals.suicide & !refusals.superko;
        moves.extend(cells(legal).map(|c| Move::Place(point_of(c))));
        // Planted bug (tests only): pass is listed only when no placement is legal.
        if !game_core::planted::is("G-2") || moves.is_empty() {
            moves.push(Move::Pass);
        }
    }

    /// Whether the player to move may not place on `point` *only* because of superko (G-5):
    /// the point is empty, the placement is no suicide, and it would repeat an earlier
    /// board. Cheap for a point that never held a stone (always `false`); allocates nothing.
    #[must_use]
    pub fn is_superko_point(&self, point: Point) -> bool {
        let c = cell_of(point);
        // Planted bug (tests only): the points are computed for the colour that just moved.
        let player = if game_core::planted::is("G-5") {
            self.to_move.other()
        } else {
            self.to_move
        };
        self.end.is_none()
            && self.may_repeat(c)
            && matches!(
                self.check_placement(c, player),
                Err(PlayError::Superko { .. })
            )
    }

    /// The empty points where the player to move may not play *only* because of superko
    /// (G-5: the seed's small squares), in point order.
    #[must_use]
    pub fn superko_points(&self) -> Vec<Point> {
        if self.end.is_some() {
            return Vec::new();
        }
        let mut points: Vec<Point> = cells(self.board.empty_mask())
            .map(point_of)
            .filter(|&p| self.is_superko_point(p))
            .collect();
        points.sort_unstable();
        points
    }

    /// Plays `mv` for `player` even out of turn (GTP `play`): the other colour moves next.
    ///
    /// # Errors
    /// Why the move is illegal; the state is then unchanged.
    pub fn play_as(&mut self, player: Player, mv: Move) -> Result<(), PlayError> {
        let captured = match mv {
            Move::Pass if self.end.is_some() => return Err(PlayError::GameOver),
            Move::Pass => 0,
            Move::Place(p) => {
                if self.end.is_some() {
                    return Err(PlayError::GameOver);
                }
                self.check_placement(cell_of(p), player)?
            }
        };
        self.apply(player, mv, captured);
        Ok(())
    }

    /// Applies a move already known to be legal. `captured` is what it captures.
    #[inline]
    pub(crate) fn apply(&mut self, player: Player, mv: Move, captured: Mask) {
        match mv {
            Move::Pass => self.apply_pass(player),
            Move::Place(p) => self.apply_placement(player, cell_of(p), captured),
        }
    }

    /// Applies a pass by `player`.
    #[inline]
    pub(crate) fn apply_pass(&mut self, player: Player) {
        self.moves.push(Move::Pass);
        self.played.push(Played {
            player,
            to_move_before: self.to_move,
            passes_before: self.passes,
            captured: 0,
            first_on_point: false,
        });
        self.passes += 1;
        self.end_turn(player);
    }

    /// Applies a placement by `player` on the empty cell `c`, known to be legal and to
    /// capture `captured`.
    #[inline]
    pub(crate) fn apply_placement(&mut self, player: Player, c: usize, captured: Mask) {
        let (own, opponent) = self.board.near_stones(c, player);
        self.apply_placement_near(player, c, captured, own, opponent);
    }

    /// [`Go9::apply_placement`] with the stones next to `c` already read (as
    /// `Board::near_stones` gives them).
    #[inline]
    pub(crate) fn apply_placement_near(
        &mut self,
        player: Player,
        c: usize,
        captured: Mask,
        own: u32,
        opponent: u32,
    ) {
        let here = bit(c);
        self.moves.push(Move::Place(point_of(c)));
        self.played.push(Played {
            player,
            to_move_before: self.to_move,
            passes_before: self.passes,
            captured,
            first_on_point: self.ever_occupied & here == 0,
        });
        let removed = self.board.place_near(c, player, own, opponent);
        debug_assert_eq!(removed, captured);
        // Planted bug (tests only): a suicide was let through; its chain is taken off.
        #[cfg(feature = "planted-bugs")]
        if game_core::planted::is("G-3") {
            self.board.take_off_if_dead(c);
        }
        if removed != 0 {
            // Planted bug (tests only): one prisoner per capturing move, not per stone.
            self.prisoners[player] += if game_core::planted::is("G-11") {
                1
            } else {
                removed.count_ones()
            };
        }
        self.ever_occupied |= here;
        self.passes = 0;
        let index = self.seen.len();
        let masks = [
            self.board.stones_of(Player::First),
            self.board.stones_of(Player::Second),
        ];
        let earlier_same_count = [0, 1]
            .map(|colour| self.by_count[colour].push(masks[colour].count_ones() as usize, index));
        self.seen.push(Seen {
            masks,
            made_by: self.played.len() as u16,
            earlier_same_count,
        });
        self.end_turn(player);
    }

    /// Hands the turn to the other colour and ends the game by two passes or the cap.
    #[inline]
    fn end_turn(&mut self, player: Player) {
        self.to_move = player.other();
        // Planted bug (tests only): two passes in a row do not end the game, three do.
        let passes_to_end = if game_core::planted::is("G-6") { 3 } else { 2 };
        if self.passes >= passes_to_end {
            self.end = Some(Ending::TwoPasses);
        } else if self.played.len() >= MOVE_LIMIT {
            self.end = Some(Ending::MoveLimit);
        }
    }
}
