//! The four games of the workspace for a web page: the binding of the playground in `web/`.
//!
//! Everything the page shows comes from the game crates through the catalog
//! (`game-catalog`, the one front door every front end uses): the game chosen from the
//! picker's JSON spec, the legal moves, the error text of a refused move, the outcome text
//! (the `result:` text of `rulebook`), the diagram, undo where the rules have it (go9),
//! records found by their marker (and go9's SGF), the computer's levels, and Bao's sowing
//! steps (its `Observer`). The binding adds no rule of its own; what it
//! does compute is drawing data (which squares a Bind line covers, the stones on a Kazura
//! group's longest path, read from the crate's lengths).
//!
//! [`Session`] is one game of any of the four with JSON view data ([`Session::view`]). It is
//! plain Rust, tested natively. Built for `wasm32` the crate also exports a small ABI of
//! plain functions (module `abi`: numbers, UTF-8 text in Rust-owned buffers, games in a
//! table by handle), which `web/js/engine.js` presents to the page as the JavaScript class
//! `Playground`; `web/build.sh` builds it for `wasm32-unknown-unknown` with no other tool.
//!
//! ```
//! use rules_wasm::{Level, Session};
//!
//! let mut game = Session::from_options_json(r#"{"game": "go9"}"#)?;
//! game.play("E5")?;
//! assert_eq!(game.play("e5").unwrap_err(), "E5 is occupied: play on an empty point");
//! let view = game.view();
//! assert_eq!(view["toMove"], 1);
//! assert_eq!(view["go9"]["cells"][40], 1); // E5 holds a black stone
//! let reply = game.computer_move(Level::Easy, 7).expect("the game goes on");
//! game.play(&reply)?;
//! let again = Session::load(&game.record_json())?; // the JSON record replays
//! assert_eq!(again.view()["moves"], game.view()["moves"]);
//! # Ok::<(), String>(())
//! ```

// `deny`, not `forbid`: the module of the exports allows it for `#[unsafe(no_mangle)]` alone.
#![deny(unsafe_code)]

// The exports exist in the `wasm32` build; the native tests call them too.
#[cfg(any(target_arch = "wasm32", test))]
mod abi;
mod session;
mod views;

pub use game_catalog::{Level, PlayoutCount};
pub use session::Session;
