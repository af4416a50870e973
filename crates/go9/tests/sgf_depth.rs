//! G-13: an SGF game tree nested deeper than `MAX_SGF_DEPTH` is refused with an error,
//! never a stack overflow, even on a small stack.
//!
//! Reading and dropping sgf-parse's tree took about 65 bytes of stack per level (measured
//! in the test profile: 15,800 levels fit a 1 MiB thread, 3,540 a 256 KiB one), so these
//! tests read on a 256 KiB thread, a quarter of WebAssembly's 1 MiB: ten times the limit
//! overflowed it before the depth was bounded, and the limit itself fits with room to
//! spare.

use game_core::{Game, GameRng};
use go9::{Go9, MAX_SGF_DEPTH, RecordError, SgfNames};

/// `(;SZ[9]` and `levels - 1` variations, each inside the one before: `levels` nodes deep.
fn nested(levels: usize) -> String {
    let mut text = String::from("(;SZ[9]");
    text.push_str(&"(;C[x]".repeat(levels - 1));
    text.push_str(&")".repeat(levels));
    text
}

/// One plain sequence of `levels` nodes, `(;SZ[9];C[x];C[x]...)`: sgf-parse nests it as
/// deep as [`nested`].
fn flat(levels: usize) -> String {
    format!("(;SZ[9]{})", ";C[x]".repeat(levels - 1))
}

/// The file of the report: `(;SZ[9]`, `(;B[aa]` 150,000 times, then `)` 150,001 times.
fn reported_nested() -> String {
    format!(
        "(;SZ[9]{}{}",
        "(;B[aa]".repeat(150_000),
        ")".repeat(150_001)
    )
}

/// A plain sequence of 150,000 moves: `(;SZ[9];B[aa];W[bb]...)`.
fn reported_flat() -> String {
    format!("(;SZ[9]{})", ";B[aa];W[bb]".repeat(75_000))
}

/// Runs `read` on a thread with a stack of `kib` KiB (a stack overflow aborts the test
/// process, so a crash is a failing test).
fn on_stack<T: Send + 'static>(kib: usize, read: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(kib << 10)
        .spawn(read)
        .unwrap()
        .join()
        .unwrap()
}

fn assert_too_deep(result: Result<Go9, RecordError>, depth: usize) {
    let error = result.unwrap_err();
    assert_eq!(
        error,
        RecordError::TooDeep {
            depth,
            limit: MAX_SGF_DEPTH
        }
    );
    let message = error.to_string();
    assert!(message.contains(&depth.to_string()), "{message}");
    assert!(message.contains("at most 1000"), "{message}");
}

#[test]
fn g13_the_limit_is_a_thousand_nodes() {
    // docs/go9.md (G-13) and docs/rulebook.md name this figure.
    assert_eq!(MAX_SGF_DEPTH, 1000);
}

#[test]
fn g13_a_tree_ten_times_the_limit_is_refused_on_a_small_stack() {
    let deep = 10 * MAX_SGF_DEPTH;
    let (a, b) = on_stack(256, move || {
        (Go9::from_sgf(&nested(deep)), Go9::from_sgf(&flat(deep)))
    });
    assert_too_deep(a, deep);
    assert_too_deep(b, deep);
}

#[test]
fn g13_the_reported_files_are_refused() {
    let (a, b) = on_stack(256, || {
        (
            Go9::from_sgf(&reported_nested()),
            Go9::from_sgf(&reported_flat()),
        )
    });
    assert_too_deep(a, 150_001);
    assert_too_deep(b, 150_001);
}

#[test]
fn g13_a_tree_at_the_depth_limit_fits_a_small_stack() {
    let (a, b, c, d) = on_stack(256, || {
        (
            Go9::from_sgf(&nested(MAX_SGF_DEPTH)),
            Go9::from_sgf(&flat(MAX_SGF_DEPTH)),
            Go9::from_sgf(&nested(MAX_SGF_DEPTH + 1)),
            Go9::from_sgf(&flat(MAX_SGF_DEPTH + 1)),
        )
    });
    assert_eq!(a.unwrap(), Go9::new());
    assert_eq!(b.unwrap(), Go9::new());
    assert_too_deep(c, MAX_SGF_DEPTH + 1);
    assert_too_deep(d, MAX_SGF_DEPTH + 1);
}

#[test]
fn g13_whole_games_with_variations_are_well_within_the_limit() {
    // Seeded random games played to their end (two passes or the 300th move, G-6): the
    // main line of each is at most 301 nodes, and a variation beside its last move adds
    // no depth to the longest path.
    let mut rng = GameRng::seed_from(13);
    for _ in 0..5 {
        let mut game = Go9::new();
        while let Some(mv) = game.playout_move(&mut rng) {
            game.play(mv).unwrap();
        }
        let sgf = game.to_sgf(&SgfNames::default());
        let body = sgf.trim_end().strip_suffix(')').unwrap();
        let with_variation = format!("{body}(;C[main])(;C[other];C[more]))");
        assert_eq!(Go9::from_sgf(&sgf).unwrap(), game);
        assert_eq!(Go9::from_sgf(&with_variation).unwrap(), game);
    }
}
