//! The JavaScript class `Playground`: a [`Session`] for the page, compiled only for
//! `wasm32`. Every method is a thin wrapper; view data crosses as JSON text.

use wasm_bindgen::prelude::*;

use crate::{Level, Session};

/// One game for JavaScript: `new Playground('{"game":"go9"}')`, `Playground.load(text)`.
/// Errors are thrown as `Error`s whose message is the engine's text.
#[wasm_bindgen]
pub struct Playground {
    session: Session,
}

#[wasm_bindgen]
impl Playground {
    /// A new game from the picker's options as JSON (see `Options`).
    ///
    /// # Errors
    /// Why the options make no game.
    #[wasm_bindgen(constructor)]
    pub fn new(options: &str) -> Result<Playground, JsError> {
        Session::from_options_json(options)
            .map(|session| Playground { session })
            .map_err(|e| JsError::new(&e))
    }

    /// Reads and replays a record of any game (JSON, or SGF for go9).
    ///
    /// # Errors
    /// The record error, naming the first bad move by its number.
    pub fn load(text: &str) -> Result<Playground, JsError> {
        Session::load(text)
            .map(|session| Playground { session })
            .map_err(|e| JsError::new(&e))
    }

    /// The longest record [`Playground::load`] reads, in bytes (4 MiB): the page refuses a
    /// larger file by its size before reading it.
    #[wasm_bindgen(js_name = maxRecordBytes)]
    pub fn max_record_bytes() -> u32 {
        Session::MAX_RECORD_BYTES as u32
    }

    /// The view data as JSON text (`Session::view`).
    pub fn view(&self) -> String {
        self.session.view_json()
    }

    /// Plays a move given in the game's notation.
    ///
    /// # Errors
    /// The engine's reason; nothing changes.
    pub fn play(&mut self, text: &str) -> Result<(), JsError> {
        self.session.play(text).map_err(|e| JsError::new(&e))
    }

    /// Plays a move and returns its steps as JSON text (Bao's sowing; `[]` for the other
    /// games).
    ///
    /// # Errors
    /// The engine's reason; nothing changes.
    #[wasm_bindgen(js_name = playAnimated)]
    pub fn play_animated(&mut self, text: &str) -> Result<String, JsError> {
        self.session
            .play_animated(text)
            .map(|steps| steps.to_string())
            .map_err(|e| JsError::new(&e))
    }

    /// Takes back the last move (go9) and returns it.
    ///
    /// # Errors
    /// Why there is nothing to take back.
    pub fn undo(&mut self) -> Result<String, JsError> {
        self.session.undo().map_err(|e| JsError::new(&e))
    }

    /// The player in `seat` (0 or 1) resigns.
    ///
    /// # Errors
    /// The game is over, or its rules have no resignation.
    pub fn resign(&mut self, seat: u32) -> Result<(), JsError> {
        self.session
            .resign(seat as usize)
            .map_err(|e| JsError::new(&e))
    }

    /// The computer's move at `level` (`easy`, `normal`, `hard`), not played; `undefined`
    /// once the game is over.
    ///
    /// # Errors
    /// An unknown level.
    #[wasm_bindgen(js_name = computerMove)]
    pub fn computer_move(&self, level: &str, seed: u32) -> Result<Option<String>, JsError> {
        let level: Level = level
            .trim()
            .parse()
            .map_err(|e: game_core::search::ParseLevelError| JsError::new(&e.to_string()))?;
        Ok(self.session.computer_move(level, u64::from(seed)))
    }

    /// The JSON record, as `rulebook` writes and replays it.
    #[wasm_bindgen(js_name = recordJson)]
    pub fn record_json(&self) -> String {
        self.session.record_json()
    }

    /// go9's SGF record with the players' names.
    ///
    /// # Errors
    /// The game is not go9.
    #[wasm_bindgen(js_name = recordSgf)]
    pub fn record_sgf(&self, black: &str, white: &str) -> Result<String, JsError> {
        self.session
            .record_sgf(black, white)
            .map_err(|e| JsError::new(&e))
    }

    /// Plays `games` random games from this position and returns the plies played over
    /// all of them (for the speed figures).
    #[wasm_bindgen(js_name = randomPlayouts)]
    pub fn random_playouts(&self, games: u32, seed: u32) -> f64 {
        self.session.random_playouts(games, u64::from(seed)).plies as f64
    }
}
