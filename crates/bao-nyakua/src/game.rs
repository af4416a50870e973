//! The game with its history: the position plus every move (and, with the `serde`
//! feature, what each move did, for the record).

use std::fmt;

use game_core::{FromSetup, Game, Outcome, Player};

use crate::error::PlayError;
use crate::moves::{Move, ParseMoveError};
use crate::position::{EndReason, Position, Ruleset};
use crate::setup::{Setup, SetupError};
#[cfg(feature = "serde")]
use crate::{
    move_object::MoveObject,
    record::{
        ComputerInfo, HistoryEntry, OutcomeRecord, RECORD_MARKER, RULES_VERSION, Record,
        UncheckedHeader, VARIANT_RULE, VERSION, adjudication,
    },
};

/// A game of Bao with its history: the state `rulebook` drives, which writes itself as a
/// record (with the `serde` feature).
///
/// [`Position`] is the cheap `Copy` state for search and playouts; `Bao` adds the moves
/// played (and the record's history entries), so cloning it costs a vector or two. Both
/// implement [`Game`] with the same [`EndReason`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bao {
    position: Position,
    moves: Vec<Move>,
    /// The record's history entries, one per move.
    #[cfg(feature = "serde")]
    history: Vec<HistoryEntry>,
    #[cfg(feature = "serde")]
    mode: String,
    /// The unchecked header fields of the record this game was replayed from; `None` (no
    /// allocation when cloned for playouts) means the trial app's values.
    #[cfg(feature = "serde")]
    header: Option<Box<UncheckedHeader>>,
    /// The set-up this game started from, when it is not the start position (the record
    /// writes it as `setup`).
    #[cfg(feature = "serde")]
    start: Option<Box<Setup>>,
}

impl Default for Bao {
    /// A new game under the seed ruleset.
    fn default() -> Self {
        Bao::new(Ruleset::Seed)
    }
}

impl Bao {
    /// A new game from the start position (B-2) under `ruleset`, record `mode` `local`.
    #[must_use]
    pub fn new(ruleset: Ruleset) -> Bao {
        let mut start = Position::start(ruleset);
        if game_core::planted::is("B-2") {
            // Planted bug (tests only): the start's two kete of F7 put in F4 instead.
            for side in &mut start.pits {
                side[6] = 0;
                side[3] = 2;
            }
        }
        Bao::from_position(start)
    }

    fn from_position(position: Position) -> Bao {
        Bao {
            position,
            moves: Vec::new(),
            #[cfg(feature = "serde")]
            history: Vec::new(),
            #[cfg(feature = "serde")]
            mode: "local".to_string(),
            #[cfg(feature = "serde")]
            header: None,
            #[cfg(feature = "serde")]
            start: None,
        }
    }

    /// A game that starts from the set-up `setup`, played under its
    /// [`Setup::ruleset`](crate::Setup::ruleset), with no moves played yet (ply 0). Its
    /// record names the set-up (the record's `setup` field) unless it is the start
    /// position.
    ///
    /// # Errors
    /// [`SetupError`] naming the first thing that is wrong with `setup`.
    pub fn from_setup(setup: Setup) -> Result<Bao, SetupError> {
        let position = Position::from_setup(setup)?;
        #[cfg(feature = "serde")]
        let start = {
            let start = position.setup();
            (start != Setup::new(position.ruleset())).then(|| Box::new(start))
        };
        Ok(Bao {
            #[cfg(feature = "serde")]
            start,
            ..Bao::from_position(position)
        })
    }

    /// The current position as a set-up, with the game's ruleset ([`Bao::from_setup`]
    /// starts a game from it).
    #[must_use]
    pub fn setup(&self) -> Setup {
        self.position.setup()
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The ruleset the game is played under (B-19).
    #[must_use]
    pub fn ruleset(&self) -> Ruleset {
        self.position.ruleset()
    }

    /// The position, to play a search's playout on: the history does not follow, so this
    /// is only for a scratch copy that is scored and thrown away (`opponent.rs`).
    pub(crate) fn position_mut_for_playout(&mut self) -> &mut Position {
        &mut self.position
    }

    /// The moves played, in order.
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Why the game ended, or `None` while it goes on.
    #[must_use]
    pub fn end_reason(&self) -> Option<EndReason> {
        self.position.end_reason()
    }
}

#[cfg(feature = "serde")]
impl Bao {
    /// Sets the record's `mode` (`local`, `computer`, …). As the trial app does, `computer`
    /// also names the app's computer player in the record's `computer` field.
    pub fn set_mode(&mut self, mode: &str) {
        mode.clone_into(&mut self.mode);
        let mut header = self.header.as_deref().cloned().unwrap_or_default();
        header.computer = (mode == "computer").then(|| ComputerInfo {
            id: "nyakua-a-simple-001".into(),
            learned_model: false,
        });
        self.set_unchecked_header(header);
    }

    /// Sets the header fields the record writes but replay never checks (a replayed record
    /// keeps those it was read with, so it writes back byte for byte).
    pub fn set_unchecked_header(&mut self, header: UncheckedHeader) {
        self.header = (header != UncheckedHeader::default()).then(|| Box::new(header));
    }

    /// The record's history entries, in order.
    #[must_use]
    pub fn history(&self) -> &[HistoryEntry] {
        &self.history
    }

    /// Plays `mv` and records it with `object` as the submitted move object.
    pub(crate) fn play_recorded(&mut self, mv: Move, object: MoveObject) -> Result<(), PlayError> {
        let player = self.position.to_move().index() as u8;
        let report = self.position.play_reported(mv)?;
        self.moves.push(mv);
        self.history
            .push(HistoryEntry::new(player, object, &report));
        Ok(())
    }

    /// The game as a record (B-24; `docs/bao-nyakua.md`, "Records").
    #[must_use]
    pub fn to_record(&self) -> Record {
        let adjudication = adjudication(&self.position).to_string();
        let final_state = self.position.setup();
        let winner = if adjudication == "safety-stop" {
            None
        } else {
            final_state.winner.map(|winner| winner.index() as u8)
        };
        let header = self.header.as_deref().cloned().unwrap_or_default();
        Record {
            format: RECORD_MARKER.into(),
            version: VERSION,
            base_rules: header.base_rules,
            base_rules_version: header.base_rules_version,
            variant_rule: VARIANT_RULE.into(),
            rules_version: RULES_VERSION.into(),
            public_adopted: false,
            board_rows_per_player: header.board_rows_per_player,
            sowing_path: header.sowing_path,
            initial_hand: header.initial_hand,
            total_kete: header.total_kete,
            nyakua_protect_last: header.nyakua_protect_last,
            nyakua_fixed_pit_bulk: header.nyakua_fixed_pit_bulk,
            nyakua_next_turn_three: false,
            nyakua_reserved_protected: header.nyakua_reserved_protected,
            nyakua_end_pit_add: true,
            mode: self.mode.clone(),
            computer: header.computer,
            ruleset: (self.position.ruleset() == Ruleset::Seed).then(|| "seed".to_string()),
            setup: self.start.as_deref().cloned(),
            history: self.history.clone(),
            final_state,
            adjudication: adjudication.clone(),
            outcome: OutcomeRecord {
                winner,
                adjudication,
            },
        }
    }
}

impl FromSetup for Bao {
    type Setup = Setup;
    type SetupError = SetupError;

    /// As [`Bao::from_setup`].
    fn from_setup(setup: Setup) -> Result<Bao, SetupError> {
        Bao::from_setup(setup)
    }

    /// As [`Bao::setup`].
    fn setup(&self) -> Setup {
        Bao::setup(self)
    }
}

impl fmt::Display for Bao {
    /// The diagram of the current position (see [`Position`]'s `Display`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.position, f)
    }
}

impl Game for Bao {
    type Move = Move;
    type ParseMoveError = ParseMoveError;
    type PlayError = PlayError;
    type EndReason = EndReason;

    const NAME: &'static str = Position::NAME;
    const PLAYER_NAMES: [&'static str; 2] = Position::PLAYER_NAMES;

    fn to_move(&self) -> Player {
        self.position.to_move()
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        self.position.legal_moves(moves);
    }

    fn check_move(&self, mv: Move) -> Result<(), PlayError> {
        self.position.check_move(mv)
    }

    /// # Panics
    /// As [`Position::play_unchecked`](game_core::Game::play_unchecked).
    fn play_unchecked(&mut self, mv: Move) {
        #[cfg(feature = "serde")]
        {
            let player = self.position.to_move().index() as u8;
            let capture = self.position.capture_exists();
            let object = MoveObject::describe_knowing(&self.position, mv, capture);
            let report = self
                .position
                .apply(mv, capture, &mut crate::observer::NoObserver);
            self.history
                .push(HistoryEntry::new(player, object, &report));
        }
        #[cfg(not(feature = "serde"))]
        self.position.play_unchecked(mv);
        self.moves.push(mv);
    }

    fn is_over(&self) -> bool {
        self.position.is_over()
    }

    fn outcome(&self) -> Outcome<EndReason> {
        self.position.outcome()
    }

    fn ply(&self) -> usize {
        self.position.ply()
    }
}
