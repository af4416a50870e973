//! The registry: every game the program drives. A game plugs in with a module here that
//! implements [`crate::CliGame`] for its state, and one line in [`DRIVERS`].

mod bao;
mod bind;
mod go9;
mod kazura;

use crate::driver::{Adapter, Driver};
use crate::error::CliError;

/// Every game name the contract knows, registered or not.
pub const GAME_NAMES: [&str; 4] = ["kazura", "bao", "go9", "bind"];

/// The registered games.
pub static DRIVERS: &[&dyn Driver] = &[
    &Adapter::<kazura_core::Kazura>::NEW,
    &Adapter::<bao_nyakua::Bao>::NEW,
    &Adapter::<::go9::Go9>::NEW,
    &Adapter::<::bind::Bind>::NEW,
];

/// The driver of the game called `name`.
///
/// # Errors
/// [`CliError::UnknownGame`] for a name outside the contract, [`CliError::NotRegistered`]
/// for a game this build does not have.
pub fn find(name: &str) -> Result<&'static dyn Driver, CliError> {
    let lower = name.to_ascii_lowercase();
    if let Some(driver) = DRIVERS.iter().find(|d| d.name() == lower) {
        return Ok(*driver);
    }
    if GAME_NAMES.contains(&lower.as_str()) {
        Err(CliError::NotRegistered(lower))
    } else {
        Err(CliError::UnknownGame(name.to_string()))
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
    ::go9::GtpEngine::with_level(level)
        .with_threads(threads)
        .with_resign_threshold(resign_threshold)
        .with_seed(seed)
        .run(stdin, stdout)
        .map_err(|source| CliError::Io {
            path: "standard input/output".into(),
            source,
        })
}
