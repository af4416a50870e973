//! The game state and its `Game` implementation.

use std::sync::OnceLock;

use board_geometry::{Coord, Geometry, GeometryError, MAX_POINTS, MAX_SIZE, Point, PointSet};

use crate::point_bits::PointBits;
use game_core::{Game, GameRng, Outcome, Player};

use crate::colour::{Colour, Seat};
use crate::error::PlayError;
use crate::forest::{Forest, NEIGHBOURS};
use crate::lengths::{Comparison, GroupLengths};
use crate::moves::{Move, ParseMoveError};

/// The default board side (K-1).
pub const STANDARD_SIZE: usize = 13;

/// Marks a point with no stone in `placed_at`.
const NOT_PLACED: u16 = u16::MAX;

/// The board geometry of each size, built once and shared, so a state only stores its size
/// and cloning it copies no tables.
fn geometry(size: u8) -> &'static Geometry {
    static GEOMETRIES: [OnceLock<Geometry>; MAX_SIZE as usize + 1] =
        [const { OnceLock::new() }; MAX_SIZE as usize + 1];
    GEOMETRIES[usize::from(size)]
        .get_or_init(|| Geometry::new(usize::from(size)).expect("sizes are checked on creation"))
}

/// The column and row of every point index on every board size, computed at compile time so
/// that listing moves never divides.
static COORDS: [[Coord; MAX_POINTS]; MAX_SIZE as usize + 1] = {
    let mut table = [[Coord::new(0, 0); MAX_POINTS]; MAX_SIZE as usize + 1];
    let mut size = 1;
    while size <= MAX_SIZE as usize {
        let mut index = 0;
        while index < size * size {
            table[size][index] = Coord::new((index % size) as u8, (index / size) as u8);
            index += 1;
        }
        size += 1;
    }
    table
};

/// The placement on every point index of every board size, so that listing a move is one
/// copy of a 4-byte value.
static PLACEMENTS: [[Move; MAX_POINTS]; MAX_SIZE as usize + 1] = {
    let mut table = [[Move::Pass; MAX_POINTS]; MAX_SIZE as usize + 1];
    let mut size = 1;
    while size <= MAX_SIZE as usize {
        let mut index = 0;
        while index < size * size {
            table[size][index] = Move::Place(COORDS[size][index]);
            index += 1;
        }
        size += 1;
    }
    table
};

/// A Kazura game: the board, whose turn it is, the swap, and everything the rules need
/// kept up to date move by move.
///
/// Cloning copies fixed-size arrays only (no allocation), so playouts and searches can
/// clone freely. Serialising writes the game record ([`crate::GameRecord`]); deserialising
/// replays it through the rules, so serde never builds an illegal state.
///
/// Equality compares whole games, not only positions: each stone remembers the ply it was
/// placed at, so one position reached by two move orders gives two unequal states.
#[derive(Clone, PartialEq, Eq)]
pub struct Kazura {
    size: u8,
    to_move: Colour,
    ply: u16,
    swapped: bool,
    resigned: Option<Colour>,
    forest: Forest,
    /// Per colour, the empty points where it may place (K-3), shrinking as stones land.
    legal: [PointBits; 2],
    /// Per colour, the length of its longest group (lengths never shrink).
    longest: [u16; 2],
    /// The ply at which each stone was placed, so the move list can be rebuilt.
    placed_at: [u16; MAX_POINTS],
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
        let board = Geometry::new(size)?;
        let all = PointBits::first_n(board.point_count());
        Ok(Kazura {
            size: size as u8,
            to_move: Colour::Black,
            ply: 0,
            swapped: false,
            resigned: None,
            forest: Forest::new(),
            legal: [all, all],
            longest: [0, 0],
            placed_at: [NOT_PLACED; MAX_POINTS],
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

    /// The stone on `point`, or `None` if it is empty or off the board.
    #[must_use]
    pub fn stone_at(&self, point: Coord) -> Option<Colour> {
        let p = self.geometry().point_at(point)?;
        self.forest.colour_at(p)
    }

    /// The length of the group of the stone on `point` (K-9), or `None` if there is none.
    #[must_use]
    pub fn group_length_at(&self, point: Coord) -> Option<usize> {
        let p = self.geometry().point_at(point)?;
        self.forest.colour_at(p)?;
        Some(usize::from(
            self.forest.group(self.forest.group_of(p)).length,
        ))
    }

    /// The length of `colour`'s longest group, 0 before its first stone.
    #[must_use]
    pub fn longest_length(&self, colour: Colour) -> usize {
        usize::from(self.longest[colour.index()])
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
        let coords = &COORDS[usize::from(self.size)];
        let mut points = Vec::with_capacity(self.legal[colour.index()].count());
        self.legal[colour.index()].for_each(|index| points.push(coords[index]));
        points
    }

    /// Each colour's group lengths, longest first (K-9, K-10), from the kept paths.
    #[must_use]
    pub fn group_lengths(&self) -> GroupLengths {
        let mut lists = [Vec::new(), Vec::new()];
        for p in self.geometry().points() {
            if let Some(colour) = self.forest.colour_at(p)
                && usize::from(self.forest.group_of(p)) == p.index()
            {
                lists[colour.index()].push(self.forest.group(p.index() as u16).length);
            }
        }
        let [mut black, mut white] = lists;
        black.sort_unstable_by(|a, b| b.cmp(a));
        white.sort_unstable_by(|a, b| b.cmp(a));
        GroupLengths { black, white }
    }

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

    /// `colour` resigns and loses at once (K-11). Resigning is not a move: it is not in the
    /// move list and does not count as a ply.
    ///
    /// # Errors
    /// [`PlayError::GameOver`] if the game has already ended; the state is then unchanged.
    pub fn resign(&mut self, colour: Colour) -> Result<(), PlayError> {
        if self.is_over() {
            return Err(self.game_over());
        }
        self.resigned = Some(colour);
        Ok(())
    }

    /// Every move played so far, in order (K-13), rebuilt from the ply each stone was
    /// placed at: the ply of no stone is the swap (ply 1, if White swapped) or a pass.
    #[must_use]
    pub fn moves(&self) -> Vec<Move> {
        let mut list = vec![Move::Pass; usize::from(self.ply)];
        if self.swapped {
            list[1] = Move::Swap;
        }
        let coords = &COORDS[usize::from(self.size)];
        for p in self.geometry().points() {
            let at = self.placed_at[p.index()];
            if at != NOT_PLACED {
                list[usize::from(at)] = Move::Place(coords[p.index()]);
            }
        }
        list
    }

    /// Each colour's group lengths recomputed from the stones alone, by two breadth-first
    /// searches per group: the full recomputation the kept paths save, for checks and
    /// benchmarks.
    #[must_use]
    pub fn group_lengths_from_scratch(&self) -> GroupLengths {
        let board = self.geometry();
        let mut lists = [Vec::new(), Vec::new()];
        let mut seen = PointSet::new();
        let mut queue = Vec::with_capacity(board.point_count());
        let mut distance = vec![0u16; board.point_count()];
        for start in board.points() {
            let Some(colour) = self.forest.colour_at(start) else {
                continue;
            };
            if seen.contains(start) {
                continue;
            }
            let mut farthest = |from: Point, seen: &mut PointSet| -> (Point, u16) {
                let mut visited = PointSet::new();
                visited.insert(from);
                seen.insert(from);
                queue.clear();
                queue.push(from);
                distance[from.index()] = 0;
                let mut far = (from, 0);
                let mut head = 0;
                while head < queue.len() {
                    let p = queue[head];
                    head += 1;
                    let d = distance[p.index()];
                    if d > far.1 {
                        far = (p, d);
                    }
                    for &q in board.neighbours(p) {
                        if self.forest.colour_at(q) == Some(colour) && visited.insert(q) {
                            seen.insert(q);
                            distance[q.index()] = d + 1;
                            queue.push(q);
                        }
                    }
                }
                far
            };
            let (end, _) = farthest(start, &mut seen);
            let (_, edges) = farthest(end, &mut seen);
            lists[colour.index()].push(edges + 1);
        }
        let [mut black, mut white] = lists;
        black.sort_unstable_by(|a, b| b.cmp(a));
        white.sort_unstable_by(|a, b| b.cmp(a));
        GroupLengths { black, white }
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

    /// K-8: swap is legal exactly when Black's first stone is the only stone.
    fn swap_available(&self) -> bool {
        self.ply == 1 && !self.swapped && self.resigned.is_none()
    }

    fn game_over(&self) -> PlayError {
        PlayError::GameOver {
            outcome: self.outcome_text(),
        }
    }

    fn point_of(&self, coord: Coord) -> Result<Point, PlayError> {
        self.geometry().point_at(coord).ok_or(PlayError::OffBoard {
            point: coord,
            size: self.size,
        })
    }

    fn result_reason(&self, lengths: &GroupLengths) -> (Option<Colour>, String) {
        if let Some(loser) = self.resigned {
            return (
                Some(loser.other()),
                format!("as {loser} resigned; lengths {lengths}"),
            );
        }
        match lengths.compare() {
            Comparison::LongerGroup { winner, rank } => {
                let (mine, theirs) = (
                    lengths.of(winner)[rank - 1],
                    lengths.of(winner.other())[rank - 1],
                );
                (
                    Some(winner),
                    format!(
                        "by a longer group at rank {rank} ({mine} against {theirs}); \
                         lengths {lengths}"
                    ),
                )
            }
            Comparison::MoreGroups { winner, rank } => (
                Some(winner),
                format!(
                    "by more groups ({} has none at rank {rank}); lengths {lengths}",
                    winner.other()
                ),
            ),
            Comparison::Equal => (None, format!("with equal lengths {lengths}")),
        }
    }
}

impl Game for Kazura {
    type Move = Move;
    type ParseMoveError = ParseMoveError;
    type PlayError = PlayError;

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
            Some(index) => PLACEMENTS[usize::from(self.size)][index],
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
        let placements = &PLACEMENTS[usize::from(self.size)];
        moves.reserve(self.legal[mine].count() + 1);
        self.legal[mine].for_each(|index| moves.push(placements[index]));
        if self.swap_available() {
            moves.push(Move::Swap);
        }
    }

    fn check_move(&self, mv: Move) -> Result<(), PlayError> {
        if self.is_over() {
            return Err(self.game_over());
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
                Some(p) => Err(PlayError::PassNotAllowed {
                    colour,
                    example: COORDS[usize::from(self.size)][p.index()],
                }),
                None => Ok(()),
            },
            Move::Swap if self.swap_available() => Ok(()),
            Move::Swap => Err(PlayError::SwapNotAvailable {
                ply: usize::from(self.ply),
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
                let (mine, theirs) = (colour.index(), colour.other().index());
                self.forest.place(
                    &NEIGHBOURS[usize::from(self.size)],
                    p,
                    colour,
                    &mut self.legal[mine],
                );
                // The new stone's own point leaves both colours' sets (K-4: the other
                // colour's groups are untouched, so nothing else changes for it).
                self.legal[mine].remove(p);
                self.legal[theirs].remove(p);
                let length = self.forest.group(self.forest.group_of(p)).length;
                self.longest[mine] = self.longest[mine].max(length);
                self.placed_at[p.index()] = self.ply;
                self.to_move = colour.other();
            }
            Move::Pass => self.to_move = self.to_move.other(),
            // K-8: the seats trade colours; the colour to move (White) stays.
            Move::Swap => self.swapped = true,
        }
        self.ply += 1;
    }

    fn is_over(&self) -> bool {
        // K-7: over as soon as neither colour can place; K-11: or after a resignation.
        self.resigned.is_some() || (self.legal[0].is_empty() && self.legal[1].is_empty())
    }

    fn outcome(&self) -> Outcome {
        if !self.is_over() {
            return Outcome::Ongoing;
        }
        let lengths = self.group_lengths();
        match self.result_reason(&lengths) {
            (Some(winner), reason) => Outcome::win(winner.player(), reason),
            (None, reason) => Outcome::draw(reason),
        }
    }

    fn ply(&self) -> usize {
        usize::from(self.ply)
    }

    fn parse_move(&self, text: &str) -> Result<Move, ParseMoveError> {
        let mv: Move = text.parse()?;
        if let Move::Place(coord) = mv
            && self.geometry().point_at(coord).is_none()
        {
            return Err(ParseMoveError {
                text: text.to_string(),
                reason: board_geometry::ParsePointError::OffBoard {
                    text: text.to_string(),
                    size: self.size,
                },
            });
        }
        Ok(mv)
    }
}
