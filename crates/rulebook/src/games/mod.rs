//! What the program has of each game beyond the catalog: its own `bench` rows, and go9's
//! GTP engine.

mod bao;
mod bind;
mod go9;
mod kazura;

use game_catalog::GameKind;

use crate::error::CliError;

/// The game's own rows for `rulebook bench`, beyond the generic ones, each measured for
/// about `seconds`: `(measure, value, unit)`.
pub fn bench_rows(game: GameKind, seconds: f64) -> Vec<(String, f64, String)> {
    match game {
        GameKind::Kazura => kazura::bench_rows(seconds),
        GameKind::Bao => bao::bench_rows(seconds),
        GameKind::Go9 => go9::bench_rows(seconds),
        GameKind::Bind => bind::bench_rows(seconds),
    }
}

/// Runs the GTP engine (go9) on standard input and output until `quit` or the end of
/// input.
///
/// # Errors
/// [`CliError::Options`] for a threshold outside 0…1, [`CliError::Io`] if standard
/// input or output fails.
pub fn gtp(
    level: ::go9::Level,
    threads: usize,
    resign_threshold: f64,
    seed: u64,
) -> Result<(), CliError> {
    if !(0.0..=1.0).contains(&resign_threshold) {
        return Err(CliError::Options(format!(
            "--resign-threshold {resign_threshold} must lie between 0 and 1"
        )));
    }
    let stdin = std::io::stdin().lock();
    let stdout = std::io::stdout().lock();
    go9_gtp::GtpEngine::with_level(level)
        .with_threads(threads)
        .with_resign_threshold(resign_threshold)
        .with_seed(seed)
        .run(stdin, stdout)
        .map_err(|source| CliError::Io {
            path: "standard input/output".into(),
            source,
        })
}
