//! The game state and its `Game` implementation.

use std::sync::OnceLock;

use board_geometry::{Coord, Geometry, GeometryError, MAX_SIZE, Point, PointSet};

use game_core::{Game, GameRng, Outcome, Player};

use crate::colour::{Colour, Seat};
use crate::end::EndReason;
use crate::error::PlayError;
use crate::forest::Forest;
use crate::moves::{Move, ParseMoveError};
use crate::tables::Tables;

mod ending;
mod groups;
mod planted;
mod setup;

/// The default board side (K-1).
pub const STANDARD_SIZE: usize = 13;

/// The board geometry of each size, built once and shared, so a state only stores its size
/// and cloning it copies no tables.
fn geometry(size: u8) -> &'static Geometry {
    static GEOMETRIES: [OnceLock<Geometry>; MAX_SIZE as usize + 1] =
        [const { OnceLock::new() }; MAX_SIZE as usize + 1];
    GEOMETRIES[usize::from(size)]
        .get_or_init(|| Geometry::new(usize::from(size)).expect("sizes are checked on creation"))
}

/// A Kazura game: the board, whose turn it is, the swap, the moves played, and everything
/// the rules need kept up to date move by move.
///
/// The board and its bookkeeping are fixed-size arrays; the one heap part is the move list
/// ([`Kazura::moves`]), so a clone copies the arrays and the moves played so far (one
/// allocation, none for a state with no moves yet). With the `serde` feature, serialising
/// writes the game's record (`Record`) and deserialising replays it through the rules, so
/// serde never builds an illegal state.
///
/// `Display` draws the board (the `rulebook show` diagram).
///
/// Equality compares whole games, not only positions: the move lists must be equal too, so
/// one position reached by two move orders gives two unequal states.
#[derive(PartialEq, Eq)]
pub struct Kazura {
    size: u8,
    /// The lookup tables of this size, shared by every game of the size.
    tables: Tables,
    to_move: Colour,
    swapped: bool,
    /// Whether the game started from a set-up other than the empty start, where the swap
    /// is never offered (K-8).
    set_up: bool,
    resigned: Option<Colour>,
    forest: Forest,
    /// Per colour, the empty points where it may place (K-3), shrinking as stones land.
    legal: [PointSet; 2],
    /// Per colour, the length of its longest group (lengths never shrink).
    longest: [u16; 2],
    /// The moves played, in order (K-13).
    history: Vec<Move>,
}

impl Clone for Kazura {
    /// Copies the arrays and the moves so far. The copy's move list keeps the original's
    /// room to grow, so cloning and then playing on allocates once, not twice.
    fn clone(&self) -> Kazura {
        let mut history = Vec::with_capacity(self.history.capacity());
        history.extend_from_slice(&self.history);
        Kazura {
            size: self.size,
            tables: self.tables,
            to_move: self.to_move,
            swapped: self.swapped,
            set_up: self.set_up,
            resigned: self.resigned,
            forest: self.forest.clone(),
            legal: self.legal,
            longest: self.longest,
            history,
        }
    }
}

impl Default for Kazura {
    /// The standard 13×13 game (K-1).
    fn default() -> Kazura {
        Kazura::standard()
    }
}

impl Kazura {
    /// An empty board of side `size` (2 to 25, K-1), Black to move (K-2).
    ///
    /// # Errors
    /// [`GeometryError`] for any other size.
    pub fn new(size: usize) -> Result<Kazura, GeometryError> {
        // Planted bug (tests only): the largest side, 25, is refused (an off-by-one bound).
        let asked = if game_core::planted::is("K-1") && size == usize::from(MAX_SIZE) {
            size + 1
        } else {
            size
        };
        let board = Geometry::new(asked)?;
        let all = PointSet::first_n(board.point_count());
        // Planted bug (tests only): White makes the first move.
        let first = if game_core::planted::is("K-2") {
            Colour::White
        } else {
            Colour::Black
        };
        Ok(Kazura {
            size: size as u8,
            tables: Tables::of(size as u8),
            to_move: first,
            swapped: false,
            set_up: false,
            resigned: None,
            forest: Forest::new(),
            legal: [all, all],
            longest: [0, 0],
            history: Vec::new(),
        })
    }

    /// The standard game: an empty 13×13 board (K-1).
    #[must_use]
    pub fn standard() -> Kazura {
        Kazura::new(STANDARD_SIZE).expect("13 is a valid size")
    }

    /// The side of the board.
    #[must_use]
    pub fn size(&self) -> usize {
        usize::from(self.size)
    }

    /// The board's geometry (points, neighbours, notation).
    #[must_use]
    pub fn geometry(&self) -> &'static Geometry {
        geometry(self.size)
    }

    /// The colour to move (after the end, the colour that would have moved next).
    #[must_use]
    pub fn colour_to_move(&self) -> Colour {
        self.to_move
    }

    /// Whether White swapped (K-8).
    #[must_use]
    pub fn swapped(&self) -> bool {
        self.swapped
    }

    /// The seat holding `colour`: the opener holds Black unless White swapped (K-8).
    #[must_use]
    pub fn seat_of(&self, colour: Colour) -> Seat {
        match (colour, self.swapped) {
            (Colour::Black, false) | (Colour::White, true) => Seat::Opener,
            _ => Seat::Responder,
        }
    }

    /// The colour that resigned, if one did (K-11).
    #[must_use]
    pub fn resigned(&self) -> Option<Colour> {
        self.resigned
    }

    /// The stones and groups (for the observation, which reads the cells in point order).
    #[inline]
    pub(crate) fn forest(&self) -> &Forest {
        &self.forest
    }

    /// The stone on `point`, or `None` if it is empty or off the board.
    #[must_use]
    pub fn stone_at(&self, point: Coord) -> Option<Colour> {
        let p = self.geometry().point_at(point)?;
        self.forest.colour_at(p)
    }

    /// Whether `point` is empty and `colour` may place there by the loop rule (K-3), whoever
    /// is to move. It looks at the board only: after a resignation (K-11) it still answers,
    /// though [`Game::check_move`] then refuses every move.
    #[must_use]
    pub fn can_place(&self, colour: Colour, point: Coord) -> bool {
        self.geometry()
            .point_at(point)
            .is_some_and(|p| self.legal[colour.index()].contains(p))
    }

    /// The number of points where `colour` may still place by the loop rule (K-3), from the
    /// board alone, as [`Kazura::can_place`].
    #[must_use]
    pub fn placement_count(&self, colour: Colour) -> usize {
        self.legal[colour.index()].count()
    }

    /// The points where `colour` may still place by the loop rule (K-3), row by row from
    /// `A1`, from the board alone, as [`Kazura::can_place`].
    #[must_use]
    pub fn placements(&self, colour: Colour) -> Vec<Coord> {
        let coords = &self.tables.coords;
        let mut points = Vec::with_capacity(self.legal[colour.index()].count());
        self.legal[colour.index()].for_each(|index| points.push(coords[index]));
        points
    }

    /// Every move played so far, in order (K-13); empty for a new game or a fresh set-up.
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        &self.history
    }

    /// Plays uniformly random legal moves to the end of the game (see
    /// [`Game::random_move`]); returns the number of moves played.
    pub fn play_random_game(&mut self, rng: &mut GameRng) -> usize {
        let mut plies = 0;
        let mut unused = Vec::new();
        while let Some(mv) = Game::random_move(self, rng, &mut unused) {
            self.play_unchecked(mv);
            plies += 1;
        }
        plies
    }

    /// The length of the group a `colour` stone on `point` would be in, if `colour` may
    /// place there (K-3, K-9): what the search's priors weigh. `None` for an occupied or
    /// forbidden point.
    pub(crate) fn length_after(&self, colour: Colour, point: Point) -> Option<u16> {
        self.legal[colour.index()].contains(point).then(|| {
            self.forest
                .length_after(&self.tables.neighbours, point, colour)
        })
    }

    /// The length of `colour`'s longest group, as kept (0 with no stone).
    pub(crate) fn longest_kept(&self, colour: Colour) -> u16 {
        self.longest[colour.index()]
    }

    /// Whether `colour` may place on `point` (K-3), by point index.
    pub(crate) fn may_place(&self, colour: Colour, point: Point) -> bool {
        self.legal[colour.index()].contains(point)
    }

    /// K-8: swap is legal exactly when Black's first stone is the only stone (of a game
    /// from the empty board).
    #[inline]
    fn swap_available(&self) -> bool {
        if game_core::planted::is("K-8") {
            // Planted bug (tests only): White may swap on any of its turns until someone has.
            return self.to_move == Colour::White
                && !self.swapped
                && !self.set_up
                && self.resigned.is_none();
        }
        self.history.len() == 1 && !self.swapped && !self.set_up && self.resigned.is_none()
    }

    /// Makes room in the move list for the longest game still possible, so a playout
    /// allocates once instead of growing the list step by step: every placement fills a
    /// point, every pass is followed by the other colour's placement, and there is at most
    /// one swap, so a game has at most twice as many moves as points, plus one.
    #[cold]
    fn grow_history(&mut self) {
        let most = 2 * self.geometry().point_count() + 1;
        self.history
            .reserve(most.saturating_sub(self.history.len()).max(1));
    }

    /// Puts a stone of `colour` on the empty point `p`, where `colour` may place, and keeps
    /// the groups, the legal sets and the longest lengths up to date.
    #[inline]
    fn place_stone(&mut self, p: Point, colour: Colour) {
        let (mine, theirs) = (colour.index(), colour.other().index());
        self.forest
            .place(&self.tables.neighbours, p, colour, &mut self.legal[mine]);
        // The new stone's own point leaves both colours' sets (K-4: the other colour's
        // groups are untouched, so nothing else changes for it).
        self.legal[mine].remove(p);
        self.legal[theirs].remove(p);
        let length = self.forest.group(self.forest.group_of(p)).length;
        self.longest[mine] = self.longest[mine].max(length);
        if game_core::planted::is("K-3") || game_core::planted::is("K-4") {
            self.planted_prune();
        }
    }

    fn point_of(&self, coord: Coord) -> Result<Point, PlayError> {
        self.geometry().point_at(coord).ok_or(PlayError::OffBoard {
            point: coord,
            size: self.size,
        })
    }
}

impl Game for Kazura {
    type Move = Move;
    type ParseMoveError = ParseMoveError;
    type PlayError = PlayError;
    type EndReason = EndReason;

    const NAME: &'static str = "kazura";
    const PLAYER_NAMES: [&'static str; 2] = ["black", "white"];

    /// The same move as `moves[rng.below(moves.len())]` over [`Game::legal_moves`]'s list,
    /// picked straight from the legal set without building the list.
    fn random_move(&self, rng: &mut GameRng, _moves: &mut Vec<Move>) -> Option<Move> {
        if self.is_over() {
            return None;
        }
        let legal = &self.legal[self.to_move.index()];
        if legal.is_empty() {
            // The list is `[pass]`; draw anyway, as a pick from it would.
            rng.below(1);
            return Some(Move::Pass);
        }
        let count = legal.count() + usize::from(self.swap_available());
        let k = rng.below(count);
        Some(match legal.nth(k) {
            Some(index) => self.tables.placements[index],
            None => Move::Swap,
        })
    }

    fn to_move(&self) -> Player {
        self.to_move.player()
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        if self.is_over() {
            return;
        }
        let mine = self.to_move.index();
        if self.legal[mine].is_empty() {
            // K-6: nowhere to place, but the opponent can (else the game would be over).
            moves.push(Move::Pass);
            return;
        }
        if game_core::planted::is("K-6") {
            // Planted bug (tests only): pass is also listed while the mover can place.
            moves.push(Move::Pass);
        }
        let placements = &self.tables.placements;
        self.legal[mine].for_each(|index| moves.push(placements[index]));
        if self.swap_available() {
            moves.push(Move::Swap);
        }
    }

    fn check_move(&self, mv: Move) -> Result<(), PlayError> {
        if self.is_over() {
            return Err(PlayError::GameOver);
        }
        let colour = self.to_move;
        match mv {
            Move::Place(coord) => {
                let p = self.point_of(coord)?;
                if let Some(occupant) = self.forest.colour_at(p) {
                    return Err(PlayError::Occupied {
                        point: coord,
                        occupant,
                    });
                }
                if !self.legal[colour.index()].contains(p) {
                    return Err(PlayError::ClosesLoop {
                        point: coord,
                        colour,
                    });
                }
                Ok(())
            }
            Move::Pass => match self.legal[colour.index()].first() {
                // Planted bug (tests only): pass is allowed while the mover can place.
                Some(_) if game_core::planted::is("K-6") => Ok(()),
                Some(p) => Err(PlayError::PassNotAllowed {
                    colour,
                    example: self.tables.coords[p.index()],
                }),
                None => Ok(()),
            },
            Move::Swap if self.swap_available() => Ok(()),
            Move::Swap => Err(PlayError::SwapNotAvailable {
                ply: self.history.len(),
            }),
        }
    }

    /// Plays `mv` without checking it.
    ///
    /// # Panics
    /// A placement off the board panics (`… is off the board`); other illegal moves leave a
    /// state that breaks the rules' invariants. Never undefined behaviour.
    fn play_unchecked(&mut self, mv: Move) {
        match mv {
            Move::Place(coord) => {
                let p = Point::from_index(
                    usize::from(coord.row) * usize::from(self.size) + usize::from(coord.col),
                );
                assert!(
                    coord.col < self.size && coord.row < self.size,
                    "{coord} is off the board"
                );
                let colour = self.to_move;
                self.place_stone(p, colour);
                self.to_move = colour.other();
            }
            Move::Pass => self.to_move = self.to_move.other(),
            // K-8: the seats trade colours; the colour to move (White) stays.
            Move::Swap => self.swapped = true,
        }
        if self.history.len() == self.history.capacity() {
            self.grow_history();
        }
        self.history.push(mv);
    }

    fn is_over(&self) -> bool {
        // K-7: over as soon as neither colour can place; K-11: or after a resignation.
        if self.resigned.is_some() {
            return true;
        }
        let stuck = self.legal[0].is_empty() && self.legal[1].is_empty();
        if game_core::planted::is("K-7") {
            // Planted bug (tests only): the game waits for two passes in a row once neither
            // colour can place.
            return stuck && self.history.ends_with(&[Move::Pass, Move::Pass]);
        }
        if game_core::planted::is("K-12") && !stuck {
            // Planted bug (tests only): a decided game (K-12) ends at once.
            return self.decided().is_some();
        }
        stuck
    }

    /// The outcome (K-7, K-10, K-11); it allocates nothing. The reason holds the numbers
    /// that decided; [`Game::outcome_text`] adds the two length lists.
    fn outcome(&self) -> Outcome<EndReason> {
        match self.end_reason() {
            None => Outcome::Ongoing,
            Some(reason) => match reason.winner() {
                Some(winner) => Outcome::win(winner.player(), reason),
                None => Outcome::draw(reason),
            },
        }
    }

    /// The `result:` text of the `rulebook` contract: the outcome's words, then both colours'
    /// length lists (K-10), which the [`EndReason`] does not hold:
    /// `black by a longer group at rank 2 (4 against 3); lengths black [9 4 1], white
    /// [9 3 3 2]`, `white as black resigned; lengths …`, `draw with equal lengths black
    /// [3 1], white [3 1]`, or `ongoing`.
    fn outcome_text(&self) -> String {
        let outcome = self.outcome();
        let mut text = outcome.describe(Self::PLAYER_NAMES).to_string();
        match outcome.reason() {
            None => {}
            Some(EndReason::EqualLengths) => {
                text.push(' ');
                text.push_str(&self.group_lengths().to_string());
            }
            Some(_) => {
                text.push_str("; lengths ");
                text.push_str(&self.group_lengths().to_string());
            }
        }
        text
    }

    fn ply(&self) -> usize {
        self.history.len()
    }

    fn parse_move(&self, text: &str) -> Result<Move, ParseMoveError> {
        let mv: Move = text.parse()?;
        match mv {
            Move::Place(coord) if self.geometry().point_at(coord).is_none() => {
                Err(ParseMoveError {
                    text: text.to_string(),
                    reason: board_geometry::ParsePointError::OffBoard {
                        text: text.to_string(),
                        size: self.size,
                    },
                })
            }
            _ => Ok(mv),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use board_geometry::MAX_POINTS;

    /// `grow_history`'s promise: the move list is allocated once, at the first move, for
    /// the longest game still possible (twice the points, plus one), so a playout never
    /// reallocates it.
    #[test]
    fn the_history_is_allocated_once_for_the_longest_game() {
        let mut moves = Vec::new();
        for size in [2usize, 5, 9] {
            for seed in 0..10 {
                let mut rng = GameRng::seed_from(seed);
                let mut game = Kazura::new(size).unwrap();
                let mut capacity = None;
                while let Some(mv) = Game::random_move(&game, &mut rng, &mut moves) {
                    game.play_unchecked(mv);
                    let now = game.history.capacity();
                    assert!(now > 2 * size * size, "{size}x{size}: room for {now} moves");
                    assert_eq!(*capacity.get_or_insert(now), now, "{size}x{size} grew");
                }
            }
        }
    }

    #[test]
    fn a_random_game_reports_the_plies_it_played() {
        for seed in 0..20 {
            let mut game = Kazura::new(7).unwrap();
            let plies = game.play_random_game(&mut GameRng::seed_from(seed));
            assert!(game.is_over());
            assert_eq!(plies, game.moves().len());
            assert_eq!(plies, game.ply());
        }
    }

    /// K-5, K-9 bookkeeping: along random games on several board sizes, every group's
    /// recorded size is its number of stones (the size decides which group keeps its label
    /// when groups join).
    #[test]
    fn k5_group_sizes_count_their_stones() {
        let mut moves = Vec::new();
        for size in [5usize, 9, 13] {
            for seed in 0..20 {
                let mut rng = GameRng::seed_from(seed);
                let mut game = Kazura::new(size).unwrap();
                while let Some(mv) = Game::random_move(&game, &mut rng, &mut moves) {
                    game.play_unchecked(mv);
                    let mut count = vec![0u16; MAX_POINTS];
                    let points = game.geometry().points();
                    let stones: Vec<Point> = points
                        .filter(|&p| game.forest.colour_at(p).is_some())
                        .collect();
                    for &p in &stones {
                        count[usize::from(game.forest.group_of(p))] += 1;
                    }
                    for &p in &stones {
                        let label = game.forest.group_of(p);
                        assert_eq!(
                            game.forest.group(label).size,
                            count[usize::from(label)],
                            "{size}x{size} seed {seed} ply {}",
                            game.ply()
                        );
                    }
                }
            }
        }
    }
}
