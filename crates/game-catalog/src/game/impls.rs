//! Each game's [`CatalogGame`]: Kazura, Bao, go9 and Bind, written once each.

use std::fmt::Display;

use bao_nyakua::{Bao, Position};
use bind::Bind;
use game_core::{Game, GameRng, Player};
use go9::{Go9, SgfNames};
use kazura_core::{Colour, Kazura, Seat};

use super::CatalogGame;
use crate::any::AnyGame;
use crate::bots::GtpBoard;
use crate::error::{CallError, RecordError};
use crate::spec::{GameKind, GameSpec};

/// Maps a game crate's error into [`CallError::Refused`] with its words.
fn refused(e: impl Display) -> CallError {
    CallError::Refused {
        reason: e.to_string(),
    }
}

impl CatalogGame for Kazura {
    const KIND: GameKind = GameKind::Kazura;
    const RESIGNATION: bool = true;
    type Searched = Kazura;

    fn start(spec: &GameSpec) -> Option<Kazura> {
        match *spec {
            // The spec checked the size, so this cannot fail.
            GameSpec::Kazura { size } => Kazura::new(size).ok(),
            _ => None,
        }
    }

    fn spec(&self) -> GameSpec {
        GameSpec::Kazura { size: self.size() }
    }

    fn searched(&self) -> Kazura {
        self.clone()
    }

    fn into_any(self) -> AnyGame {
        AnyGame::Kazura(self)
    }

    fn from_any(any: &AnyGame) -> Option<&Kazura> {
        match any {
            AnyGame::Kazura(game) => Some(game),
            _ => None,
        }
    }

    fn turn_line(&self) -> String {
        let seats = if self.swapped() {
            "; White swapped, so the opener now plays White"
        } else {
            ""
        };
        format!(
            "{} to move (ply {}){seats}; longest groups black {}, white {}",
            self.colour_to_move(),
            self.ply(),
            self.longest_length(Colour::Black),
            self.longest_length(Colour::White),
        )
    }

    fn fast_playout(&self, rng: &mut GameRng) -> usize {
        self.clone().play_random_game(rng)
    }

    fn resign(&mut self, player: Player) -> Result<(), CallError> {
        Kazura::resign(self, player).map_err(refused)
    }

    fn player_in_seat(&self, seat: usize) -> Option<Player> {
        let seat = match seat {
            0 => Seat::Opener,
            1 => Seat::Responder,
            _ => return None,
        };
        Some(if self.seat_of(Colour::Black) == seat {
            Player::First
        } else {
            Player::Second
        })
    }
}

/// No random game of the four lasts this long; the cap only guards the loop.
const PLY_CAP: usize = 100_000;

impl CatalogGame for Bao {
    const KIND: GameKind = GameKind::Bao;
    const RESIGNATION: bool = false;
    type Searched = Position;

    fn start(spec: &GameSpec) -> Option<Bao> {
        match *spec {
            GameSpec::Bao { ruleset } => Some(Bao::new(ruleset)),
            _ => None,
        }
    }

    fn spec(&self) -> GameSpec {
        GameSpec::Bao {
            ruleset: self.ruleset(),
        }
    }

    fn searched(&self) -> Position {
        *self.position()
    }

    fn into_any(self) -> AnyGame {
        AnyGame::Bao(self)
    }

    fn from_any(any: &AnyGame) -> Option<&Bao> {
        match any {
            AnyGame::Bao(game) => Some(game),
            _ => None,
        }
    }

    fn fast_playout(&self, rng: &mut GameRng) -> usize {
        let mut position = *self.position();
        game_core::random_playout(&mut position, rng, PLY_CAP, &mut Vec::new()).1
    }
}

impl CatalogGame for Go9 {
    const KIND: GameKind = GameKind::Go9;
    const RESIGNATION: bool = true;
    const UNDO: bool = true;
    const GTP: bool = true;
    type Searched = Go9;

    fn gtp_board(&self) -> Option<GtpBoard> {
        Some(GtpBoard {
            size: go9::SIZE,
            komi: f64::from(go9::KOMI),
        })
    }

    fn start(spec: &GameSpec) -> Option<Go9> {
        matches!(spec, GameSpec::Go9).then(Go9::new)
    }

    fn spec(&self) -> GameSpec {
        GameSpec::Go9
    }

    fn searched(&self) -> Go9 {
        self.clone()
    }

    fn into_any(self) -> AnyGame {
        AnyGame::Go9(self)
    }

    fn from_any(any: &AnyGame) -> Option<&Go9> {
        match any {
            AnyGame::Go9(game) => Some(game),
            _ => None,
        }
    }

    fn turn_line(&self) -> String {
        let mover = Self::PLAYER_NAMES[self.to_move().index()];
        format!(
            "{mover} to move (ply {}); if it ended now: {}",
            self.ply(),
            self.score()
        )
    }

    fn playout_move(&self, rng: &mut GameRng, _moves: &mut Vec<go9::Move>) -> Option<go9::Move> {
        Go9::playout_move(self, rng)
    }

    fn fast_playout(&self, rng: &mut GameRng) -> usize {
        self.clone().random_playout(rng)
    }

    fn resign(&mut self, player: Player) -> Result<(), CallError> {
        Go9::resign(self, player).map_err(refused)
    }

    fn undo(&mut self) -> Result<go9::Move, CallError> {
        Go9::undo(self).map_err(refused)
    }

    fn take_back(&self, plies: usize) -> Result<Go9, CallError> {
        let mut state = self.clone();
        for _ in 0..plies {
            Go9::undo(&mut state).map_err(refused)?;
        }
        Ok(state)
    }

    fn to_sgf(&self, names: &SgfNames) -> Result<String, RecordError> {
        Ok(Go9::to_sgf(self, names))
    }
}

impl CatalogGame for Bind {
    const KIND: GameKind = GameKind::Bind;
    const RESIGNATION: bool = true;
    type Searched = Bind;

    fn start(spec: &GameSpec) -> Option<Bind> {
        match *spec {
            GameSpec::Bind { variant } => Some(Bind::new(variant)),
            _ => None,
        }
    }

    fn spec(&self) -> GameSpec {
        GameSpec::Bind {
            variant: self.variant(),
        }
    }

    fn searched(&self) -> Bind {
        self.clone()
    }

    fn into_any(self) -> AnyGame {
        AnyGame::Bind(self)
    }

    fn from_any(any: &AnyGame) -> Option<&Bind> {
        match any {
            AnyGame::Bind(game) => Some(game),
            _ => None,
        }
    }

    fn fast_playout(&self, rng: &mut GameRng) -> usize {
        let mut state = self.clone();
        game_core::random_playout(&mut state, rng, PLY_CAP, &mut Vec::new()).1
    }

    fn resign(&mut self, player: Player) -> Result<(), CallError> {
        Bind::resign(self, player).map_err(refused)
    }
}
