//! The game state and its `Game` implementation.

use std::sync::OnceLock;

use board_geometry::{Coord, Geometry, GeometryError, MAX_POINTS, MAX_SIZE, Point, PointSet};

use game_core::{ByPlayer, Game, GameRng, Outcome, Player};

use crate::colour::{Colour, Seat};
use crate::end::EndReason;
use crate::error::{PlayError, SetupError};
use crate::forest::Forest;
use crate::lengths::GroupLengths;
use crate::moves::{Move, ParseMoveError};
use crate::setup::Setup;
use crate::tables::Tables;

mod planted;

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

    /// The position of `setup`: its stones on a board of its size, its player to move, no
    /// moves played (ply 0). The order the stones are listed in does not matter: equal sets
    /// of stones give equal states.
    ///
    /// The swap (K-8) belongs to the opening of a game from the empty board: a set-up with
    /// any stone or with White to move never offers it, while the empty board with Black to
    /// move is exactly [`Kazura::new`] (swap included).
    ///
    /// # Errors
    /// [`SetupError::Size`] for a side outside 2 to 25; then, in the order the stones are
    /// listed (Black's first), [`SetupError::OffBoard`] for a point past the board and
    /// [`SetupError::Overlap`] for a second stone on one point; then
    /// [`SetupError::ClosesLoop`] for a colour whose stones contain a loop (K-3), naming the
    /// loop's last stone row by row from `A1` (the one that closes it when the stones are
    /// placed in that order).
    pub fn from_setup(setup: Setup) -> Result<Kazura, SetupError> {
        let mut game = Kazura::new(setup.size)?;
        let board = game.geometry();
        let mut stones: [Option<Colour>; MAX_POINTS] = [None; MAX_POINTS];
        for colour in Colour::BOTH {
            for &point in setup.stones_of(colour) {
                let Some(p) = board.point_at(point) else {
                    return Err(SetupError::OffBoard {
                        point,
                        colour,
                        size: game.size,
                    });
                };
                if stones[p.index()].replace(colour).is_some() {
                    return Err(SetupError::Overlap { point, colour });
                }
            }
        }
        // Row by row, so the kept trees do not depend on the order the stones were listed.
        for p in board.points() {
            let Some(colour) = stones[p.index()] else {
                continue;
            };
            if !game.legal[colour.index()].contains(p) {
                if game_core::planted::is("K-5") {
                    // Planted bug (tests only): a set-up's loop-closing stone is dropped
                    // instead of refused, so a set-up holding a loop is accepted.
                    continue;
                }
                return Err(SetupError::ClosesLoop {
                    point: game.tables.coords[p.index()],
                    colour,
                });
            }
            game.place_stone(p, colour);
        }
        game.to_move = Colour::of_player(setup.to_move);
        game.set_up = !setup.is_start();
        Ok(game)
    }

    /// The position as a [`Setup`]: the size, each colour's stones row by row from `A1`,
    /// and the player to move. The moves, the swap and a resignation are not part of it.
    #[must_use]
    pub fn setup(&self) -> Setup {
        let coords = &self.tables.coords;
        let mut stones = ByPlayer::<Vec<Coord>>::default();
        for p in self.geometry().points() {
            if let Some(colour) = self.forest.colour_at(p) {
                stones[colour.player()].push(coords[p.index()]);
            }
        }
        Setup::new(self.size(), stones, self.to_move.player())
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

    /// The set-up this game started from, before its first move: [`Setup::empty`] for a
    /// game from the empty board, or the position given to [`Kazura::from_setup`].
    #[must_use]
    pub fn start_setup(&self) -> Setup {
        let mut setup = self.setup();
        // Nothing is ever removed (K-4), so the start's stones are today's without those the
        // moves placed; every placement and pass changed the colour to move, a swap did not.
        let mut to_move = self.to_move;
        for mv in &self.history {
            match *mv {
                Move::Place(point) => {
                    to_move = to_move.other();
                    for stones in [&mut setup.stones.first, &mut setup.stones.second] {
                        stones.retain(|&stone| stone != point);
                    }
                }
                Move::Pass => to_move = to_move.other(),
                Move::Swap => {}
            }
        }
        setup.to_move = to_move.player();
        setup
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

    /// Whether the game started from a [`Setup`] other than the empty start (then the swap
    /// is never offered, K-8).
    #[must_use]
    pub fn is_set_up(&self) -> bool {
        self.set_up
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
        let coords = &self.tables.coords;
        let mut points = Vec::with_capacity(self.legal[colour.index()].count());
        self.legal[colour.index()].for_each(|index| points.push(coords[index]));
        points
    }

    /// Each colour's group lengths, longest first (K-9, K-10), from the kept paths.
    #[must_use]
    pub fn group_lengths(&self) -> GroupLengths {
        let mut lists = [Vec::new(), Vec::new()];
        for p in self.geometry().points() {
            let Some(colour) = self.forest.colour_at(p) else {
                continue;
            };
            if usize::from(self.forest.group_of(p)) == p.index() {
                lists[colour.index()].push(self.reported_length(p.index() as u16));
            }
        }
        let [mut black, mut white] = lists;
        black.sort_unstable_by(|a, b| b.cmp(a));
        white.sort_unstable_by(|a, b| b.cmp(a));
        GroupLengths { black, white }
    }

    /// One longest path (K-9) of each of `colour`'s longest groups: the stones from one end
    /// of the path to the other, the groups taken row by row from `A1` by their
    /// representative stone. Empty before `colour`'s first stone. A group may have several
    /// longest paths; this is the one the game keeps (its ends decide nothing, only the
    /// length does), for a front end to draw.
    ///
    /// ```
    /// use kazura_core::{Colour, Coord, Game, Kazura};
    ///
    /// let mut game = Kazura::new(5)?;
    /// for text in ["A1", "E5", "B1", "E4", "B2"] {
    ///     game.play(game.parse_move(text)?)?;
    /// }
    /// let names = |path: &Vec<Coord>| path.iter().map(Coord::to_string).collect::<Vec<_>>();
    /// let black = game.longest_paths(Colour::Black);
    /// assert_eq!(black.len(), 1);
    /// assert!(names(&black[0]) == ["A1", "B1", "B2"] || names(&black[0]) == ["B2", "B1", "A1"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn longest_paths(&self, colour: Colour) -> Vec<Vec<Coord>> {
        let coords = &self.tables.coords;
        let longest = self.longest[colour.index()];
        let mut paths = Vec::new();
        for p in self.geometry().points() {
            let label = p.index() as u16;
            if self.forest.colour_at(p) != Some(colour) || self.forest.group_of(p) != label {
                continue;
            }
            let group = self.forest.group(label);
            if group.length == longest {
                let path = self.forest.path(group.end_a, group.end_b);
                paths.push(path.into_iter().map(|s| coords[usize::from(s)]).collect());
            }
        }
        paths
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

    /// Every move played so far, in order (K-13); empty for a new game or a fresh set-up.
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        &self.history
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

    /// K-8: swap is legal exactly when Black's first stone is the only stone (of a game
    /// from the empty board).
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
