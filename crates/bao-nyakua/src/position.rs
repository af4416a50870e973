//! The position: 32 pits, hands, ownership, phase, `pending`, turn; and the legal moves.

use game_core::{Game, Outcome, Player};
use smallvec::SmallVec;

use crate::error::PlayError;
use crate::moves::{Move, NyumbaChoice, ParseMoveError};
use crate::observer::NoObserver;
use crate::pit::{Direction, Pit, Row};

/// Every kete of the game: 2 × 10 on the board and 2 × 22 in hand at the start (B-2, B-3).
pub const TOTAL_KETE: u32 = 64;
/// The kete each player starts with in hand (B-2).
pub const INITIAL_HAND: u8 = 22;
/// The lap at whose end an occupied pit stops the move as a safety stop (B-21).
pub const SAFETY_LAP: u16 = 512;

/// The ring position of the NYUMBA, `F5`.
pub(crate) const NYUMBA_RING: u8 = 4;

/// The two phases of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Kete are put in from the hands (seed chapter 4).
    Namua,
    /// Both hands are empty; moves start from the board (seed chapter 8, B-17).
    Mtaji,
}

impl Phase {
    /// `namua` or `mtaji`, as records write it.
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            Phase::Namua => "namua",
            Phase::Mtaji => "mtaji",
        }
    }
}

/// Which reading of the rules to play (B-19).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Ruleset {
    /// The rulebook's text (the default).
    #[default]
    Seed,
    /// The author's engine where it departs from the text (B-19 a and b).
    Reference,
}

impl Ruleset {
    /// `seed` or `reference`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Ruleset::Seed => "seed",
            Ruleset::Reference => "reference",
        }
    }
}

/// Why the game ended (the record's `reason`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// A front row is empty (B-9, B-20): `front-empty`.
    FrontEmpty,
    /// The player to move has no legal move (B-20): `no-move`.
    NoMove,
    /// The safety stop at lap 512 (B-21): `relay-limit`.
    RelayLimit,
}

impl EndReason {
    /// The record's word: `front-empty`, `no-move`, `relay-limit`.
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            EndReason::FrontEmpty => "front-empty",
            EndReason::NoMove => "no-move",
            EndReason::RelayLimit => "relay-limit",
        }
    }
}

/// How a finished game ended: the record's `winner` and `reason`.
///
/// For a safety stop `winner` is the record's internal winner (the mover's opponent,
/// B-21); the [`Outcome`] of that game has no winner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameEnd {
    /// The record's `final.winner`.
    pub winner: Player,
    /// The record's `final.reason`.
    pub reason: EndReason,
}

/// What a move did, as the record's history entry counts it (B-24).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveReport {
    /// Kete put from the hand at the start: 1 in NAMUA, 0 in MTAJI and for `pass`.
    pub placed: u8,
    /// Capture events in the move, a winning B-9 capture included.
    pub captures: u16,
    /// The pit that got the end-pit addition (B-14), if it happened.
    pub addition: Option<Pit>,
    /// Whether the NYUMBA choice (B-6.3) arose in the move.
    pub nyumba_choice_arose: bool,
}

/// A Bao NYAKUA trial A position: cheap to copy (52 bytes, no heap).
///
/// Pits are kept per player in ring order (`F1…F8 B8…B1`, see [`Pit::ring`]), so a lap is
/// a step of ±1 modulo 16.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) pits: [[u8; 16]; 2],
    pub(crate) hands: [u8; 2],
    pub(crate) pending: [u8; 2],
    pub(crate) house_owned: [bool; 2],
    pub(crate) to_move: Player,
    pub(crate) phase: Phase,
    pub(crate) end: Option<GameEnd>,
    pub(crate) turn: u32,
    pub(crate) ply: u32,
    pub(crate) ruleset: Ruleset,
}

/// A legal-move list on the stack. The longest lists: MTAJI, 16 pits × 2 directions = 32;
/// NAMUA captures, 12 pit/entry pairs each doubled by the NYUMBA choice = 24; takata, 16.
pub(crate) type MoveList = SmallVec<[Move; 32]>;

impl Default for Position {
    fn default() -> Self {
        Position::start(Ruleset::Seed)
    }
}

impl Position {
    /// The start position (B-2): `F5`=6, `F6`=2, `F7`=2 each, 22 in hand, both own their
    /// NYUMBA, NAMUA, south to move, turn 1.
    #[must_use]
    pub const fn start(ruleset: Ruleset) -> Position {
        let mut side = [0u8; 16];
        side[4] = 6;
        side[5] = 2;
        side[6] = 2;
        Position {
            pits: [side, side],
            hands: [INITIAL_HAND, INITIAL_HAND],
            pending: [0, 0],
            house_owned: [true, true],
            to_move: Player::First,
            phase: Phase::Namua,
            end: None,
            turn: 1,
            ply: 0,
            ruleset,
        }
    }

    /// The kete in `owner`'s pit `pit`.
    #[must_use]
    pub fn count(&self, owner: Player, pit: Pit) -> u8 {
        self.pits[owner.index()][pit.ring() as usize]
    }

    /// `owner`'s 16 pits in ring order `F1…F8 B8…B1`.
    #[must_use]
    pub fn ring(&self, owner: Player) -> [u8; 16] {
        self.pits[owner.index()]
    }

    /// The kete in `player`'s hand (the record's `reserve`).
    #[must_use]
    pub fn hand(&self, player: Player) -> u8 {
        self.hands[player.index()]
    }

    /// The kete `player` captured in a winning capture and did not sow (B-9).
    #[must_use]
    pub fn pending(&self, player: Player) -> u8 {
        self.pending[player.index()]
    }

    /// Whether `player` still owns its NYUMBA (B-18).
    #[must_use]
    pub fn owns_nyumba(&self, player: Player) -> bool {
        self.house_owned[player.index()]
    }

    /// The phase.
    #[must_use]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The ruleset this position is played under (B-19).
    #[must_use]
    pub fn ruleset(&self) -> Ruleset {
        self.ruleset
    }

    /// How the game ended, or `None` while it goes on.
    #[must_use]
    pub fn end(&self) -> Option<GameEnd> {
        self.end
    }

    /// The record's `turn`: 1 + completed turns.
    #[must_use]
    pub fn turn(&self) -> u32 {
        self.turn
    }

    /// All kete on the board, in hands and pending: 64 in every reachable position (B-3).
    #[must_use]
    pub fn total_kete(&self) -> u32 {
        let board: u32 = self.pits.iter().flatten().map(|&k| u32::from(k)).sum();
        board
            + self.hands.iter().map(|&k| u32::from(k)).sum::<u32>()
            + self.pending.iter().map(|&k| u32::from(k)).sum::<u32>()
    }

    /// Whether `player`'s front row holds any kete.
    #[inline]
    pub(crate) fn front_occupied(&self, player: usize) -> bool {
        self.pits[player][..8].iter().any(|&k| k > 0)
    }

    /// Whether the mover must capture now (B-10, B-17).
    #[inline]
    pub(crate) fn capture_exists(&self) -> bool {
        let me = self.to_move.index();
        let targets = self.capture_targets(me);
        match self.phase {
            Phase::Namua => targets != 0,
            Phase::Mtaji => {
                targets != 0
                    && (0..16u8).any(|ring| {
                        Direction::BOTH
                            .iter()
                            .any(|&d| self.mtaji_captures(me, targets, ring, d))
                    })
            }
        }
    }

    /// The mover's front pits (bit = ring position 0–7) that hold kete and face kete:
    /// the NAMUA capture pits (B-10) and the MTAJI capture landings (B-17).
    #[inline]
    pub(crate) fn capture_targets(&self, me: usize) -> u8 {
        let (own, opp) = (&self.pits[me], &self.pits[1 - me]);
        let mut targets = 0u8;
        for i in 0..8 {
            targets |= u8::from(own[i] > 0 && opp[7 - i] > 0) << i;
        }
        targets
    }

    /// B-17: the pit at `ring` holds 2–15 and its first lap ends in one of the `targets`.
    /// With at most 15 kete no pit gets two, so the landing pit's count before the last
    /// kete is its count now.
    #[inline]
    fn mtaji_captures(&self, me: usize, targets: u8, ring: u8, direction: Direction) -> bool {
        let count = self.pits[me][ring as usize];
        if !(2..=15).contains(&count) {
            return false;
        }
        let landing = match direction {
            Direction::Right => (ring + count) & 15,
            Direction::Left => ring.wrapping_sub(count) & 15,
        };
        landing < 8 && targets & (1 << landing) != 0
    }

    /// B-13: with exactly one occupied front pit, `F1` leftward and `F8` rightward are
    /// forbidden.
    #[inline]
    fn self_emptying(&self, me: usize, pit: Pit, direction: Direction) -> bool {
        pit.row() == Row::Front
            && self.pits[me][..8].iter().filter(|&&k| k > 0).count() == 1
            && matches!(
                (pit.index(), direction),
                (0, Direction::Left) | (7, Direction::Right)
            )
    }

    /// B-11/B-12: whether the takata from owned `F5` is the 2-kete sowing (the owned
    /// NYUMBA is the only occupied front pit).
    #[inline]
    pub(crate) fn is_house_two(&self, me: usize, pit: Pit) -> bool {
        pit == Pit::NYUMBA
            && self.house_owned[me]
            && self.pits[me][4] > 0
            && self.pits[me][..8]
                .iter()
                .enumerate()
                .all(|(i, &k)| i == 4 || k == 0)
    }

    /// Calls `push` with every legal move, in the author's engine's order: NAMUA captures
    /// by pit, left entry (`R`) first, `stop` before `use`; takata by pit, `L` before `R`;
    /// MTAJI front row then back row, by pit, `L` before `R`.
    pub fn for_each_legal_move(&self, mut push: impl FnMut(Move)) {
        if self.end.is_some() {
            return;
        }
        let me = self.to_move.index();
        match self.phase {
            Phase::Namua => self.namua_moves(me, &mut push),
            Phase::Mtaji => self.mtaji_moves(me, &mut push),
        }
    }

    fn namua_moves(&self, me: usize, push: &mut impl FnMut(Move)) {
        // B-16: the compatibility pass is the only move of an empty hand.
        if self.hands[me] == 0 {
            push(Move::Pass);
            return;
        }
        // B-10: captures, with the entry rule of B-8 for the first capture.
        let targets = self.capture_targets(me);
        for i in 0..8u8 {
            if targets & (1 << i) == 0 {
                continue;
            }
            let pit = Pit::from_ring(i);
            let directions: &[Direction] = match i {
                0 | 1 => &[Direction::Right],
                6 | 7 => &[Direction::Left],
                _ => &[Direction::Right, Direction::Left],
            };
            for &direction in directions {
                let plain = Move::sow(pit, direction);
                // B-22: simulate on a copy to see whether the NYUMBA choice arises. It
                // needs an owned NYUMBA, so without one the simulation is skipped.
                if self.house_owned[me] && self.simulate_choice(plain) {
                    push(plain.with_choice(Some(NyumbaChoice::Stop)));
                    push(plain.with_choice(Some(NyumbaChoice::Use)));
                } else {
                    push(plain);
                }
            }
        }
        if targets != 0 {
            return;
        }
        // B-11: takata candidates, judged before the placement.
        let front = &self.pits[me][..8];
        let owned = self.house_owned[me];
        if self.is_house_two(me, Pit::NYUMBA) {
            for direction in Direction::BOTH {
                push(Move::sow(Pit::NYUMBA, direction));
            }
            return;
        }
        let big_house = |i: usize| i == 4 && owned && front[i] >= 6;
        let has_multi = front
            .iter()
            .enumerate()
            .any(|(i, &k)| k >= 2 && !big_house(i));
        for (i, &k) in front.iter().enumerate() {
            if k == 0 || big_house(i) || (k == 1 && has_multi && !owned) {
                continue;
            }
            let pit = Pit::from_ring(i as u8);
            for direction in Direction::BOTH {
                if !self.self_emptying(me, pit, direction) {
                    push(Move::sow(pit, direction));
                }
            }
        }
    }

    fn mtaji_moves(&self, me: usize, push: &mut impl FnMut(Move)) {
        /// Ring positions in the author's order: front `F1…F8`, then back `B1…B8`.
        const ORDER: [u8; 16] = [0, 1, 2, 3, 4, 5, 6, 7, 15, 14, 13, 12, 11, 10, 9, 8];
        let own = &self.pits[me];
        // B-17: captures first.
        let targets = self.capture_targets(me);
        let mut any_capture = false;
        if targets != 0 {
            for ring in ORDER {
                for direction in Direction::BOTH {
                    if self.mtaji_captures(me, targets, ring, direction) {
                        any_capture = true;
                        push(Move::sow(Pit::from_ring(ring), direction));
                    }
                }
            }
        }
        if any_capture {
            return;
        }
        // Takata: front pits of 2 or more, else back ones; B-13 concerns a lone front
        // pit, which then is the only front pit of 2 or more.
        let has_front = own[..8].iter().any(|&k| k >= 2);
        let rings = if has_front { &ORDER[..8] } else { &ORDER[8..] };
        let lone_front = has_front && own[..8].iter().filter(|&&k| k > 0).count() == 1;
        for &ring in rings {
            if own[ring as usize] < 2 {
                continue;
            }
            let pit = Pit::from_ring(ring);
            for direction in Direction::BOTH {
                let forbidden = lone_front
                    && matches!(
                        (ring, direction),
                        (0, Direction::Left) | (7, Direction::Right)
                    );
                if !forbidden {
                    push(Move::sow(pit, direction));
                }
            }
        }
    }

    /// Plays the NAMUA capture `mv` with `stop` on a copy; whether the choice arose.
    fn simulate_choice(&self, mv: Move) -> bool {
        let mut copy = *self;
        copy.apply_laps_only(mv.with_choice(Some(NyumbaChoice::Stop)), true)
            .nyumba_choice_arose
    }

    /// The legal moves on the stack.
    pub(crate) fn legal_list(&self) -> MoveList {
        let mut list = MoveList::new();
        self.for_each_legal_move(|m| list.push(m));
        list
    }

    /// Whether the player to move has a legal move, without listing them (B-20).
    pub(crate) fn has_legal_move(&self) -> bool {
        let me = self.to_move.index();
        match self.phase {
            // A pass, a capture or a takata always exists while the front row is
            // occupied: B-13 removes one direction of one pit at most.
            Phase::Namua => self.hands[me] == 0 || self.front_occupied(me),
            // Any pit of 2 or more starts a capture or a takata (B-17).
            Phase::Mtaji => self.pits[me].iter().any(|&k| k >= 2),
        }
    }

    /// Why `mv` is not among `legal` (which does not contain it).
    fn why_illegal(&self, mv: Move, legal: &MoveList) -> PlayError {
        let me = self.to_move.index();
        let Move::Sow {
            pit,
            direction,
            nyumba,
        } = mv
        else {
            return PlayError::PassNotAllowed;
        };
        if legal.as_slice() == [Move::Pass] {
            return PlayError::MustPass { mv };
        }
        let plain = mv.with_choice(None);
        if nyumba.is_none() && legal.contains(&plain.with_choice(Some(NyumbaChoice::Stop))) {
            return PlayError::ChoiceRequired { mv };
        }
        if nyumba.is_some() && legal.contains(&plain) {
            return PlayError::NoChoice { mv };
        }
        if self.phase == Phase::Namua && pit.row() == Row::Back {
            return PlayError::BackRowInNamua { mv };
        }
        if self.pits[me][pit.ring() as usize] == 0 {
            return PlayError::EmptyPit { mv };
        }
        if self.capture_exists() {
            if self.phase == Phase::Namua
                && pit.row() == Row::Front
                && self.capture_targets(me) & (1 << pit.index()) != 0
            {
                return PlayError::WrongEntry { mv };
            }
            return PlayError::MustCapture { mv };
        }
        if self.self_emptying(me, pit, direction) {
            return PlayError::SelfEmptying { mv };
        }
        PlayError::NotACandidate { mv }
    }

    /// Plays `mv` if legal and reports what it did; on error the position is unchanged.
    ///
    /// # Errors
    /// [`PlayError`] naming why the move is not legal.
    pub fn play_reported(&mut self, mv: Move) -> Result<MoveReport, PlayError> {
        self.play_observed(mv, &mut NoObserver)
    }

    /// Plays `mv` if legal, telling `observer` every step (lift, sow, capture, relay,
    /// addition); on error the position is unchanged and the observer heard nothing.
    ///
    /// # Errors
    /// [`PlayError`] naming why the move is not legal.
    pub fn play_observed<O: crate::observer::Observer>(
        &mut self,
        mv: Move,
        observer: &mut O,
    ) -> Result<MoveReport, PlayError> {
        self.check_move(mv)?;
        let capture = self.capture_exists();
        Ok(self.apply(mv, capture, observer))
    }
}

impl Game for Position {
    type Move = Move;
    type ParseMoveError = ParseMoveError;
    type PlayError = PlayError;

    const NAME: &'static str = "bao";
    const PLAYER_NAMES: [&'static str; 2] = ["south", "north"];

    fn to_move(&self) -> Player {
        self.to_move
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        self.for_each_legal_move(|m| moves.push(m));
    }

    fn check_move(&self, mv: Move) -> Result<(), PlayError> {
        if let Some(end) = self.end {
            return Err(PlayError::GameOver {
                reason: end.reason.word(),
            });
        }
        let legal = self.legal_list();
        if legal.contains(&mv) {
            Ok(())
        } else {
            Err(self.why_illegal(mv, &legal))
        }
    }

    /// # Panics
    /// May panic (arithmetic overflow in debug builds) or leave a position that breaks
    /// the invariants when `mv` is not legal.
    fn play_unchecked(&mut self, mv: Move) {
        let capture = self.capture_exists();
        self.apply(mv, capture, &mut NoObserver);
    }

    fn is_over(&self) -> bool {
        self.end.is_some()
    }

    fn outcome(&self) -> Outcome {
        match self.end {
            None => Outcome::Ongoing,
            Some(GameEnd {
                winner,
                reason: EndReason::FrontEmpty,
            }) => {
                // B-9/B-20: the loser's front row is empty (or, after a self-emptying
                // move, the mover's own).
                let loser = Self::PLAYER_NAMES[winner.other().index()];
                let reason = if self.front_occupied(winner.other().index()) {
                    format!("wins: {loser} emptied its own front row (front-empty)")
                } else {
                    format!("emptied {loser}'s front row (front-empty)")
                };
                Outcome::win(winner, reason)
            }
            Some(GameEnd {
                winner,
                reason: EndReason::NoMove,
            }) => Outcome::win(
                winner,
                format!(
                    "wins: {} has no legal move (no-move)",
                    Self::PLAYER_NAMES[winner.other().index()]
                ),
            ),
            Some(GameEnd {
                reason: EndReason::RelayLimit,
                ..
            }) => Outcome::no_winner("safety stop at lap 512 (relay-limit)"),
        }
    }

    fn ply(&self) -> usize {
        self.ply as usize
    }
}
