//! The go9 vectors: replays, perft, ends, records and GTP sessions, each answer checked
//! against GNU Go (legal points with positional superko, the final count where no stone is
//! dead) and the brute-force mover of go9's tests (legal sets and perft).
//!
//! This module holds the files' list and what they share; each kind of case has its own
//! module (`replays`, `perfts`, `ends`, `records`; the GTP sessions are `crate::go9_gtp`,
//! the dead-stone shapes `crate::go9_dead`), the referees are in `referees` and the games
//! the cases are made of in `games`.

#[path = "../../go9/tests/common/brute.rs"]
#[allow(dead_code, missing_docs, clippy::all)]
pub(crate) mod brute;

mod ends;
mod games;
mod perfts;
mod records;
mod referees;
mod replays;

use game_catalog::GameSpec;
use game_core::Player;
use go9_gtp::GtpClient;

use ends::ends;
pub(crate) use ends::{our_dead, push_end};
use games::long_cycle_superko;
use perfts::perfts;
use records::records;
use replays::replays;

use crate::common::{FileBuilder, strings};

const NOTATION: &str =
    "a point A1..J9 (columns A-J without I, A1 lower left as Black sees it), or pass";

/// Every point's name, then `pass` and malformed texts.
fn candidates() -> Vec<String> {
    let mut all: Vec<String> = (0..81).map(brute::name).collect();
    all.extend(strings(&[
        "pass", "I5", "J10", "A0", "K1", "E05", "5E", "tt",
    ]));
    all
}

/// GNU Go with the Ttakji settings, if installed.
fn gnugo() -> GtpClient {
    let binary = ["/usr/games/gnugo", "/usr/bin/gnugo"]
        .into_iter()
        .find(|p| std::path::Path::new(p).exists())
        .unwrap_or("gnugo");
    GtpClient::spawn(&format!(
        "{binary} --mode gtp --boardsize 9 --chinese-rules --komi 7 --positional-superko --forbid-suicide"
    ))
    .expect("GNU Go is the go9 vectors' independent referee: install Debian's gnugo")
}

/// A colour as GTP writes it.
fn colour(player: Player) -> &'static str {
    if player.index() == 0 {
        "black"
    } else {
        "white"
    }
}

/// Every go9 file.
pub fn files() -> Vec<FileBuilder> {
    let independent = [
        "gnugo: GNU Go 3.8 (--chinese-rules --komi 7 --positional-superko --forbid-suicide) gives the same legal points at every checked ply, the same is_legal and captures answers in GTP sessions, and the same final count for every end case where neither it nor G-9 removes a stone",
        "brute-force: the brute-force mover of crates/go9/tests/common/brute.rs (plain arrays, whole-board history) gives the same legal sets, players to move and perft counts, refuses every probe, and replays every record's moves (or refuses the move a refused record names); crates/go9/tests/conformance_vectors.rs checks them again",
    ];
    let mut gnugo = gnugo();
    let mut replay = FileBuilder::new(GameSpec::Go9, "replay", NOTATION, &independent);
    // Replays checked at one position each: openings and middle games.
    let mut positions = FileBuilder::new(GameSpec::Go9, "positions", NOTATION, &independent);
    replays(&mut replay, &mut positions, &mut gnugo);
    let mut perft = FileBuilder::new(GameSpec::Go9, "perft", NOTATION, &independent);
    perfts(&mut perft);
    let mut end = FileBuilder::new(GameSpec::Go9, "end", NOTATION, &independent);
    ends(&mut end, &mut gnugo);
    crate::go9_dead::dead_shapes(&mut end, &mut gnugo);
    let mut record = FileBuilder::new(GameSpec::Go9, "record", NOTATION, &independent);
    records(&mut record);
    let mut gtp = FileBuilder::new(GameSpec::Go9, "gtp", NOTATION, &independent);
    crate::go9_gtp::gtps(&mut gtp, &mut gnugo, &long_cycle_superko(6));
    gnugo.quit();
    vec![replay, positions, perft, end, record, gtp]
}
