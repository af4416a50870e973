//! The WebAssembly module's ABI: what `web/js/engine.js` calls to present the JavaScript
//! class `Playground`. Plain numbers cross the boundary; everything else is UTF-8 text in
//! two Rust-owned buffers, and the games live in a table here, named by a handle. Nothing
//! in this module is unsafe: JavaScript reads and writes the module's memory itself, and
//! Rust only ever touches its own `Vec`s. The exports themselves (the `#[no_mangle]`
//! functions, the one thing that needs `unsafe`) are in [`exports`].
//!
//! A call, as `engine.js` makes it:
//!
//! 1. The text arguments, if any, go in the input buffer: JavaScript asks
//!    [`exports::input`] for a buffer of the total size, which returns its address, and
//!    writes each argument there as its byte length (4 bytes, little-endian) then its UTF-8
//!    bytes.
//! 2. JavaScript calls the export with the numbers: the game's handle first, then the
//!    method's numeric arguments. The export takes the input buffer, reads exactly the
//!    number of texts the method has (otherwise, or on bad UTF-8, the call is an error),
//!    runs the method and leaves its answer in the output buffer.
//! 3. The export returns a status: [`OK`] (the answer is the output's text), [`NOTHING`]
//!    (no answer: JavaScript's `undefined`) or [`ERROR`] (the output is the message, which
//!    JavaScript throws as an `Error`). [`exports::output`] and [`exports::output_len`]
//!    give the output's address and length. The two constructors return the new game's
//!    handle (0 or more) instead of [`OK`].
//!
//! A handle that names no game (never made, or freed) is an error, never a panic.

use std::cell::RefCell;

use crate::{Level, Session};

#[allow(unsafe_code)] // only for `#[unsafe(no_mangle)]`: nothing in it is unsafe otherwise
pub mod exports;
#[cfg(test)]
mod tests;

/// A method's answer: a text, nothing (JavaScript's `undefined`), or an error message.
pub type Reply = Result<Option<String>, String>;

/// The call succeeded and the output holds its answer.
pub const OK: i32 = 0;
/// The call succeeded with no answer (`undefined` in JavaScript); the output is empty.
pub const NOTHING: i32 = 1;
/// The call failed and the output holds the message.
pub const ERROR: i32 = -1;

thread_local! {
    /// The games, indexed by handle; a freed game's slot is `None` until a new game takes it.
    static SESSIONS: RefCell<Vec<Option<Session>>> = const { RefCell::new(Vec::new()) };
    /// The text arguments of the next call, written by JavaScript.
    static INPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    /// The answer (or error message) of the last call, read by JavaScript.
    static OUTPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// Sizes the input buffer to `len` zero bytes and returns its address, for JavaScript to
/// write the next call's arguments into.
pub fn input(len: u32) -> usize {
    INPUT.with_borrow_mut(|input| {
        input.clear();
        input.resize(len as usize, 0);
        input.as_mut_ptr() as usize
    })
}

/// The address of the last call's answer.
pub fn output() -> usize {
    OUTPUT.with_borrow(|output| output.as_ptr() as usize)
}

/// The length in bytes of the last call's answer.
pub fn output_len() -> usize {
    OUTPUT.with_borrow(Vec::len)
}

/// Calls `method` on the game `game` with the `N` texts of the input buffer, leaves its
/// answer in the output buffer and returns the status.
pub fn call<const N: usize>(
    game: u32,
    method: impl FnOnce(&mut Session, [&str; N]) -> Reply,
) -> i32 {
    let input = INPUT.take();
    let reply = texts(&input).and_then(|texts| {
        SESSIONS.with_borrow_mut(|sessions| match sessions.get_mut(game as usize) {
            Some(Some(session)) => method(session, texts),
            _ => Err(no_game(game)),
        })
    });
    answer(reply)
}

/// Makes a game from the `N` texts of the input buffer and returns its handle, or
/// [`ERROR`] with the message in the output buffer.
pub fn create<const N: usize>(make: impl FnOnce([&str; N]) -> Result<Session, String>) -> i32 {
    let input = INPUT.take();
    let session = match texts(&input).and_then(make) {
        Ok(session) => session,
        Err(message) => return answer(Err(message)),
    };
    let handle = SESSIONS.with_borrow_mut(|sessions| {
        let free = sessions.iter().position(Option::is_none);
        let index = free.unwrap_or(sessions.len());
        let handle = i32::try_from(index).map_err(|_| "too many games at once".to_string())?;
        match free {
            Some(index) => sessions[index] = Some(session),
            None => sessions.push(Some(session)),
        }
        Ok(handle)
    });
    match handle {
        Ok(handle) => {
            OUTPUT.take();
            handle
        }
        Err(message) => answer(Err(message)),
    }
}

/// Frees the game `game`: its handle names no game afterwards (until a new game reuses it).
pub fn free(game: u32) -> i32 {
    answer(SESSIONS.with_borrow_mut(|sessions| {
        match sessions.get_mut(game as usize) {
            Some(slot @ Some(_)) => {
                *slot = None;
                // Shrink the table past its last game, so that it never keeps freed slots
                // only.
                while sessions.last().is_some_and(Option::is_none) {
                    sessions.pop();
                }
                Ok(None)
            }
            _ => Err(no_game(game)),
        }
    }))
}

/// Leaves `reply` in the output buffer and returns its status (also for a call that names
/// no game).
pub fn answer(reply: Reply) -> i32 {
    let (status, text) = match reply {
        Ok(Some(text)) => (OK, text),
        Ok(None) => (NOTHING, String::new()),
        Err(message) => (ERROR, message),
    };
    OUTPUT.set(text.into_bytes());
    status
}

/// The `N` texts of an input buffer: each its length (4 bytes, little-endian) and its
/// UTF-8 bytes.
fn texts<const N: usize>(mut bytes: &[u8]) -> Result<[&str; N], String> {
    let mut texts = Vec::with_capacity(N);
    while !bytes.is_empty() {
        let (len, rest) = bytes
            .split_first_chunk::<4>()
            .ok_or("the arguments end inside a length")?;
        let (text, rest) = rest
            .split_at_checked(u32::from_le_bytes(*len) as usize)
            .ok_or("an argument is longer than the arguments")?;
        let text = std::str::from_utf8(text)
            .map_err(|e| format!("argument {} is not UTF-8: {e}", texts.len() + 1))?;
        texts.push(text);
        bytes = rest;
    }
    let count = texts.len();
    texts
        .try_into()
        .map_err(|_| format!("{count} text arguments where the call takes {N}"))
}

/// A computer level from its name (`easy`, `normal`, `hard`; spaces around it ignored).
pub fn level(text: &str) -> Result<Level, String> {
    text.trim()
        .parse()
        .map_err(|e: game_catalog::game_core::search::ParseLevelError| e.to_string())
}

/// The error of a handle that names no game.
fn no_game(game: u32) -> String {
    format!("no game {game}: it was freed, or never made")
}
