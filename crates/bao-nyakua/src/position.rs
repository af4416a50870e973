//! The position: 32 pits, hands, ownership, phase, `pending`, turn; and the legal moves.

use game_core::{Game, Outcome, Player};
use smallvec::SmallVec;

use crate::error::PlayError;
use crate::moves::{Move, ParseMoveError};
use crate::observer::NoObserver;
use crate::pit::Pit;

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
#[non_exhaustive]
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

/// Why a game ended: [`Game::EndReason`] of both [`Position`] and [`crate::Bao`].
///
/// Small and `Copy` (asking for the outcome allocates nothing). Each value carries the
/// player it needs to tell its story, because the words `rulebook` prints after the winner
/// depend on who emptied whose front row; [`Display`](std::fmt::Display) gives those words
/// and [`EndReason::word`] the record's `reason`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum EndReason {
    /// The winner emptied the other player's front row, by a capture (B-9) or by the end
    /// of its move (B-20). Record reason `front-empty`; the mover stays the player to move.
    FrontEmptied {
        /// The player whose move emptied the other's front row.
        winner: Player,
    },
    /// The loser's own move emptied its own front row (B-20). Record reason `front-empty`;
    /// the loser stays the player to move.
    OwnFrontEmptied {
        /// The other player, who wins.
        winner: Player,
    },
    /// The player to move has no legal move and loses (B-20). Record reason `no-move`.
    NoMove {
        /// The player who made the last move.
        winner: Player,
    },
    /// The safety stop at lap 512 (B-21): no winner. Record reason `relay-limit`.
    RelayLimit {
        /// The record's internal `final.winner` (the mover's opponent, as in the author's
        /// engine); the [`Outcome`] has no winner.
        record_winner: Player,
    },
}

impl EndReason {
    /// The record's `reason` word: `front-empty`, `no-move` or `relay-limit`.
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            EndReason::FrontEmptied { .. } | EndReason::OwnFrontEmptied { .. } => "front-empty",
            EndReason::NoMove { .. } => "no-move",
            EndReason::RelayLimit { .. } => "relay-limit",
        }
    }

    /// The winner of the game, `None` after a safety stop (B-21).
    #[must_use]
    pub const fn winner(self) -> Option<Player> {
        match self {
            EndReason::FrontEmptied { winner }
            | EndReason::OwnFrontEmptied { winner }
            | EndReason::NoMove { winner } => Some(winner),
            EndReason::RelayLimit { .. } => None,
        }
    }

    /// The record's `final.winner`: the winner, or after a safety stop the mover's
    /// opponent (B-21).
    #[must_use]
    pub const fn record_winner(self) -> Player {
        match self {
            EndReason::FrontEmptied { winner }
            | EndReason::OwnFrontEmptied { winner }
            | EndReason::NoMove { winner } => winner,
            EndReason::RelayLimit { record_winner } => record_winner,
        }
    }
}

impl std::fmt::Display for EndReason {
    /// The words `rulebook` prints after the winner word in `result:` (`south emptied
    /// north's front row (front-empty)`, `none safety stop at lap 512 (relay-limit)`).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let name = |player: Player| Position::PLAYER_NAMES[player.index()];
        match *self {
            EndReason::FrontEmptied { winner } => {
                write!(
                    f,
                    "emptied {}'s front row (front-empty)",
                    name(winner.other())
                )
            }
            EndReason::OwnFrontEmptied { winner } => write!(
                f,
                "wins: {} emptied its own front row (front-empty)",
                name(winner.other())
            ),
            EndReason::NoMove { winner } => write!(
                f,
                "wins: {} has no legal move (no-move)",
                name(winner.other())
            ),
            EndReason::RelayLimit { .. } => f.write_str("safety stop at lap 512 (relay-limit)"),
        }
    }
}

/// What a move did, as the record's history entry counts it (B-24).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
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
    pub(crate) end: Option<EndReason>,
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

    /// Why the game ended, or `None` while it goes on.
    #[must_use]
    pub fn end_reason(&self) -> Option<EndReason> {
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
    type EndReason = EndReason;

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
        if self.end.is_some() {
            return Err(PlayError::GameOver);
        }
        let legal = self.legal_list();
        // Planted bug (tests only): a plain move read as `:stop` where the choice arises.
        let plain_as_stop = game_core::planted::is("B-22")
            && mv.nyumba_choice().is_none()
            && legal.contains(&mv.with_choice(Some(crate::moves::NyumbaChoice::Stop)));
        if legal.contains(&mv) || plain_as_stop {
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

    fn outcome(&self) -> Outcome<EndReason> {
        match self.end {
            None => Outcome::Ongoing,
            Some(reason @ EndReason::RelayLimit { .. }) => Outcome::no_winner(reason),
            Some(reason) => Outcome::win(reason.record_winner(), reason),
        }
    }

    fn ply(&self) -> usize {
        self.ply as usize
    }
}
