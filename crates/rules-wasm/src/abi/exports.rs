//! The functions the WebAssembly module exports, one per method of the JavaScript class
//! `Playground` (`web/js/engine.js`) plus the three of the buffers. Each is a line or two
//! on [`crate::abi`], where the buffers, the table of games and the statuses are; this
//! module holds nothing else, because `#[unsafe(no_mangle)]` is the one thing in the crate
//! that needs `unsafe_code` allowed. The names are exported unmangled only in the `wasm32`
//! build; the native tests call the same functions.
//!
//! A new method is one function here (`game` first, then its numbers; its texts in the
//! closure's array) and one line in `engine.js`'s class.

// In the wasm32 build every export is used (unmangled); natively only the tests call them,
// and an export without a native test of its own is no dead code.
#![cfg_attr(test, allow(dead_code))]

use super::{call, create, level};
use crate::Session;

/// Sizes the input buffer for the next call's texts and returns its address.
#[cfg_attr(target_arch = "wasm32", unsafe(no_mangle))]
pub extern "C" fn input(len: u32) -> usize {
    super::input(len)
}

/// The address of the last call's answer (or error message).
#[cfg_attr(target_arch = "wasm32", unsafe(no_mangle))]
pub extern "C" fn output() -> usize {
    super::output()
}

/// The length in bytes of the last call's answer.
#[cfg_attr(target_arch = "wasm32", unsafe(no_mangle))]
pub extern "C" fn output_len() -> usize {
    super::output_len()
}

/// `new Playground(options)`: a game from the picker's options as JSON; its handle.
#[cfg_attr(target_arch = "wasm32", unsafe(no_mangle))]
pub extern "C" fn playground_new() -> i32 {
    create(|[options]| Session::from_options_json(options))
}

/// `Playground.load(text)`: a game replayed from a record (JSON, or SGF for go9).
#[cfg_attr(target_arch = "wasm32", unsafe(no_mangle))]
pub extern "C" fn playground_load() -> i32 {
    create(|[text]| Session::load(text))
}

/// `Playground.maxRecordBytes()`: the longest record `load` reads (4 MiB).
#[cfg_attr(target_arch = "wasm32", unsafe(no_mangle))]
pub extern "C" fn playground_max_record_bytes() -> u32 {
    u32::try_from(Session::MAX_RECORD_BYTES).unwrap_or(u32::MAX)
}

/// `Playground.games()`: the four games' descriptors as JSON ([`Session::games`]).
#[cfg_attr(target_arch = "wasm32", unsafe(no_mangle))]
pub extern "C" fn playground_games() -> i32 {
    super::answer(Ok(Some(Session::games().to_string())))
}

/// `free()`: forgets the game; its handle names no game afterwards.
#[cfg_attr(target_arch = "wasm32", unsafe(no_mangle))]
pub extern "C" fn playground_free(game: u32) -> i32 {
    super::free(game)
}

/// `view()`: the view data as JSON text.
#[cfg_attr(target_arch = "wasm32", unsafe(no_mangle))]
pub extern "C" fn playground_view(game: u32) -> i32 {
    call(game, |session, []| Ok(Some(session.view_json())))
}

/// `play(text)`: plays a move, or answers the engine's reason and changes nothing.
#[cfg_attr(target_arch = "wasm32", unsafe(no_mangle))]
pub extern "C" fn playground_play(game: u32) -> i32 {
    call(game, |session, [text]| session.play(text).map(|()| None))
}

/// `playAnimated(text)`: plays a move; its steps as JSON text (Bao's sowing, else `[]`).
#[cfg_attr(target_arch = "wasm32", unsafe(no_mangle))]
pub extern "C" fn playground_play_animated(game: u32) -> i32 {
    call(game, |session, [text]| {
        session
            .play_animated(text)
            .map(|steps| Some(steps.to_string()))
    })
}

/// `undo()`: takes back the last move (go9) and answers it.
#[cfg_attr(target_arch = "wasm32", unsafe(no_mangle))]
pub extern "C" fn playground_undo(game: u32) -> i32 {
    call(game, |session, []| session.undo().map(Some))
}

/// `resign(seat)`: the player in `seat` (0 or 1) resigns.
#[cfg_attr(target_arch = "wasm32", unsafe(no_mangle))]
pub extern "C" fn playground_resign(game: u32, seat: u32) -> i32 {
    call(game, |session, []| {
        session.resign(seat as usize).map(|()| None)
    })
}

/// `computerMove(level, seed)`: the computer's move, not played; nothing once the game is
/// over.
#[cfg_attr(target_arch = "wasm32", unsafe(no_mangle))]
pub extern "C" fn playground_computer_move(game: u32, seed: u32) -> i32 {
    call(game, |session, [text]| {
        Ok(session.computer_move(level(text)?, u64::from(seed)))
    })
}

/// `thinkStart(level, seed)`: starts the computer's search of the position, grown by
/// `think`; answers the level's budget as JSON (`{"playouts": …, "ms": …}`).
#[cfg_attr(target_arch = "wasm32", unsafe(no_mangle))]
pub extern "C" fn playground_think_start(game: u32, seed: u32) -> i32 {
    call(game, |session, [text]| {
        let budget = session.think_start(level(text)?, u64::from(seed));
        Ok(Some(budget.to_string()))
    })
}

/// `think(playouts)`: adds playouts to the search and answers it as JSON (`{"best": …,
/// "playouts": …, "winRate": …}`).
#[cfg_attr(target_arch = "wasm32", unsafe(no_mangle))]
pub extern "C" fn playground_think(game: u32, playouts: u32) -> i32 {
    call(game, |session, []| {
        session
            .think(playouts)
            .map(|report| Some(report.to_string()))
    })
}

/// `recordJson()`: the JSON record, as `rulebook` writes and replays it.
#[cfg_attr(target_arch = "wasm32", unsafe(no_mangle))]
pub extern "C" fn playground_record_json(game: u32) -> i32 {
    call(game, |session, []| Ok(Some(session.record_json())))
}

/// `recordSgf(black, white)`: go9's SGF record with the players' names.
#[cfg_attr(target_arch = "wasm32", unsafe(no_mangle))]
pub extern "C" fn playground_record_sgf(game: u32) -> i32 {
    call(game, |session, [black, white]| {
        session.record_sgf(black, white).map(Some)
    })
}

/// `randomPlayouts(games, seed)`: the plies of `games` random games from this position, as
/// decimal text (JavaScript answers it as a number).
#[cfg_attr(target_arch = "wasm32", unsafe(no_mangle))]
pub extern "C" fn playground_random_playouts(game: u32, games: u32, seed: u32) -> i32 {
    call(game, |session, []| {
        let count = session.random_playouts(games, u64::from(seed));
        Ok(Some(count.plies.to_string()))
    })
}
