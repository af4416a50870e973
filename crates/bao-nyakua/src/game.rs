//! A game with its history: the position plus every move and what it did, for records.

use game_core::{Game, Outcome, Player};

use crate::error::PlayError;
use crate::move_object::MoveObject;
use crate::moves::{Move, ParseMoveError};
use crate::position::{Position, Ruleset};
use crate::record::{
    ComputerInfo, FORMAT, GameRecord, HistoryEntry, OutcomeRecord, RULES_VERSION, UncheckedHeader,
    VARIANT_RULE, VERSION, adjudication,
};

/// A game from the start position with its history, which writes itself as a record.
///
/// [`Position`] is the cheap state for search and playouts; `BaoGame` adds the history a
/// record needs (one entry per move, so cloning it costs a vector).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BaoGame {
    position: Position,
    moves: Vec<Move>,
    history: Vec<HistoryEntry>,
    mode: String,
    /// The unchecked header fields of the record this game was replayed from; `None` (no
    /// allocation when cloned for playouts) means the trial app's values.
    header: Option<Box<UncheckedHeader>>,
}

impl Default for BaoGame {
    fn default() -> Self {
        BaoGame::new(Ruleset::Seed)
    }
}

impl BaoGame {
    /// A new game from the start position (B-2) under `ruleset`, record `mode` `local`.
    #[must_use]
    pub fn new(ruleset: Ruleset) -> BaoGame {
        BaoGame {
            position: Position::start(ruleset),
            moves: Vec::new(),
            history: Vec::new(),
            mode: "local".to_string(),
            header: None,
        }
    }

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

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The moves played, in order.
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        &self.moves
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

    /// The game as a record (B-24, bao-record.md).
    #[must_use]
    pub fn to_record(&self) -> GameRecord {
        let adjudication = adjudication(&self.position).to_string();
        let final_state = self.position.to_state();
        let winner = if adjudication == "safety-stop" {
            None
        } else {
            final_state.winner
        };
        let header = self.header.as_deref().cloned().unwrap_or_default();
        GameRecord {
            format: FORMAT.into(),
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

impl Game for BaoGame {
    type Move = Move;
    type ParseMoveError = ParseMoveError;
    type PlayError = PlayError;

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
        let object = MoveObject::describe(&self.position, mv);
        let player = self.position.to_move().index() as u8;
        let capture = self.position.capture_exists();
        let report = self
            .position
            .apply(mv, capture, &mut crate::observer::NoObserver);
        self.moves.push(mv);
        self.history
            .push(HistoryEntry::new(player, object, &report));
    }

    fn is_over(&self) -> bool {
        self.position.is_over()
    }

    fn outcome(&self) -> Outcome {
        self.position.outcome()
    }

    fn ply(&self) -> usize {
        self.position.ply()
    }
}
