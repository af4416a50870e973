//! What the engine's tests share.
#![allow(dead_code)]

use go9::Point;
use go9_gtp::GtpEngine;

/// The point named `name` (`E5`).
pub fn pt(name: &str) -> Point {
    go9::parse_point(name).unwrap_or_else(|e| panic!("{e}"))
}

/// The playouts a GTP engine's `last_info` reports ("… N playouts (R reused) …").
pub fn playouts_of(info: &str) -> u64 {
    let before = info.split(" playouts").next().unwrap();
    before.rsplit(' ').next().unwrap().parse().unwrap()
}

/// Sends one command line to `engine`: whether it succeeded, and its answer's text.
pub fn ask(engine: &mut GtpEngine, line: &str) -> (bool, String) {
    let (_, reply) = engine.execute_line(line).expect("a command");
    (reply.success, reply.text)
}
