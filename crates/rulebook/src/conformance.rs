//! `rulebook conformance`: the vectors of `conformance/` (the repository's portable rule
//! tests) run against the workspace's crates, or against another program that speaks this
//! command-line contract.

use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use rules_conformance::runner::{self, EngineFactory};
use rules_conformance::{CatalogEngine, Engine, ProgramEngine, Runner};

use crate::CliError;

/// What `rulebook conformance` runs.
#[derive(Clone, Debug)]
pub struct ConformanceSettings {
    /// Vector files, or folders searched for `*.jsonl` (default: `conformance`).
    pub paths: Vec<PathBuf>,
    /// A program speaking the contract of `docs/rulebook.md`, run through the shell; the
    /// workspace's crates when `None`.
    pub program: Option<String>,
    /// Seconds each case may take (and, for a program, each run of it).
    pub timeout: f64,
}

/// Runs the vectors and writes a line per file, each failure, and the summary. Returns
/// whether the run is clean: no failure, error or unreadable line, and at least one case
/// passed.
///
/// # Errors
/// [`CliError::Options`] when a path is missing or cannot be read, no vector file is
/// found, or the timeout is not a positive number; [`CliError::Io`] when standard output
/// fails.
pub fn conformance(settings: &ConformanceSettings, out: &mut dyn Write) -> Result<bool, CliError> {
    if !(settings.timeout > 0.0 && settings.timeout.is_finite()) {
        return Err(CliError::Options(format!(
            "--timeout {} must be a positive number of seconds",
            settings.timeout
        )));
    }
    let timeout = Duration::from_secs_f64(settings.timeout);
    let paths = if settings.paths.is_empty() {
        vec![PathBuf::from("conformance")]
    } else {
        settings.paths.clone()
    };
    let mut files = Vec::new();
    let mut strays = Vec::new();
    for path in &paths {
        // A path that is missing or cannot be read is a bad command line (exit 2), as
        // docs/rulebook.md says; so is a folder that holds no vector file (below).
        let unusable =
            |e: std::io::Error| CliError::Options(format!("cannot read {}: {e}", path.display()));
        if path.is_file() {
            std::fs::File::open(path).map_err(unusable)?;
        }
        files.extend(runner::vector_files(path).map_err(unusable)?);
        strays.extend(runner::stray_files(path).map_err(unusable)?);
    }
    if files.is_empty() {
        return Err(CliError::Options(format!(
            "no vector files (*.jsonl) under {}",
            paths
                .iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        )));
    }
    let factory: EngineFactory = match &settings.program {
        None => Arc::new(|| Box::new(CatalogEngine) as Box<dyn Engine + Send>),
        Some(command) => {
            let engine = ProgramEngine::new(command, timeout);
            Arc::new(move || Box::new(engine.clone()) as Box<dyn Engine + Send>)
        }
    };
    // A program's case asks several questions, each allowed the timeout.
    let case_timeout = if settings.program.is_some() {
        timeout * 64
    } else {
        timeout
    };
    let runner = Runner::new(factory, case_timeout);
    let write = |out: &mut dyn Write, text: &str| {
        out.write_all(text.as_bytes())
            .and_then(|()| out.flush())
            .map_err(|source| CliError::Io {
                path: "standard output".into(),
                source,
            })
    };
    let mut reports = Vec::new();
    for stray in strays {
        let report = rules_conformance::FileReport::stray(&stray);
        write(out, &report.text())?;
        reports.push(report);
    }
    for file in files {
        let report = runner.run_file(&file);
        write(out, &report.text())?;
        reports.push(report);
    }
    write(out, &runner::summary(&reports))?;
    Ok(runner::total(&reports).is_clean())
}
