//! Runs vector files against an engine, a case at a time with a time limit, and reports a
//! line per file, each failure, and a summary.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

use crate::check::{Checked, Verdict, check_case};
use crate::engine::{Engine, GameOptions};
use crate::format::{Case, VectorFile};

/// Makes a fresh engine for each case.
pub type EngineFactory = Arc<dyn Fn() -> Box<dyn Engine + Send> + Send + Sync>;

/// The verdict of one case, with what identifies it.
#[derive(Clone, Debug)]
pub struct CaseReport {
    /// The case's id.
    pub id: String,
    /// Its kind.
    pub kind: &'static str,
    /// Its decision ids.
    pub decisions: Vec<String>,
    /// How it went.
    pub checked: Checked,
}

/// What one file gave.
#[derive(Clone, Debug, Default)]
pub struct FileReport {
    /// The file.
    pub path: PathBuf,
    /// Why the whole file could not be used.
    pub file_error: Option<String>,
    /// Lines that are not cases: line number and why.
    pub line_errors: Vec<(usize, String)>,
    /// The cases run, in file order.
    pub cases: Vec<CaseReport>,
}

/// Counts over a run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Cases whose every check held.
    pub passed: usize,
    /// Cases with a check that did not hold.
    pub failed: usize,
    /// Cases the engine cannot answer.
    pub skipped: usize,
    /// Cases without an answer (time-out, crash, unreadable answer).
    pub errors: usize,
    /// Lines that are not cases, and files that could not be used.
    pub unreadable: usize,
    /// Refusal classes compared.
    pub classes_checked: usize,
    /// Refusals whose class the engine does not tell.
    pub classes_not_checked: usize,
    /// Other expected values the engine does not report.
    pub values_not_checked: usize,
}

impl Tally {
    /// Whether the run shows nothing wrong: no failure, error or unreadable line, and at
    /// least one case passed.
    #[must_use]
    pub fn is_clean(&self) -> bool {
        self.failed == 0 && self.errors == 0 && self.unreadable == 0 && self.passed > 0
    }

    fn add(&mut self, other: &Tally) {
        self.passed += other.passed;
        self.failed += other.failed;
        self.skipped += other.skipped;
        self.errors += other.errors;
        self.unreadable += other.unreadable;
        self.classes_checked += other.classes_checked;
        self.classes_not_checked += other.classes_not_checked;
        self.values_not_checked += other.values_not_checked;
    }
}

impl FileReport {
    /// The file's counts.
    #[must_use]
    pub fn tally(&self) -> Tally {
        let mut tally = Tally {
            unreadable: self.line_errors.len() + usize::from(self.file_error.is_some()),
            ..Tally::default()
        };
        for case in &self.cases {
            match case.checked.verdict {
                Verdict::Pass => tally.passed += 1,
                Verdict::Fail(_) => tally.failed += 1,
                Verdict::Skip(_) => tally.skipped += 1,
                Verdict::Error(_) => tally.errors += 1,
            }
            tally.classes_checked += case.checked.classes_checked;
            tally.classes_not_checked += case.checked.classes_not_checked;
            tally.values_not_checked += case.checked.values_not_checked;
        }
        tally
    }

    /// The file's line, then a line (or a few) for each failure, error and unreadable line.
    #[must_use]
    pub fn text(&self) -> String {
        let path = self.path.display();
        let mut out = String::new();
        if let Some(error) = &self.file_error {
            let _ = writeln!(out, "{path}: not run: {error}");
            return out;
        }
        let t = self.tally();
        let _ = writeln!(
            out,
            "{path}: {} passed, {} failed, {} skipped, {} errors{}",
            t.passed,
            t.failed,
            t.skipped,
            t.errors,
            if t.unreadable > 0 {
                format!(", {} unreadable lines", t.unreadable)
            } else {
                String::new()
            }
        );
        for (line, error) in &self.line_errors {
            let _ = writeln!(out, "  LINE {path}:{line}: {error}");
        }
        for case in &self.cases {
            let decisions = case.decisions.join(" ");
            match &case.checked.verdict {
                Verdict::Pass | Verdict::Skip(_) => {}
                Verdict::Error(why) => {
                    let _ = writeln!(
                        out,
                        "  ERROR {} [{decisions}] {}: {why}",
                        case.id, case.kind
                    );
                }
                Verdict::Fail(mismatches) => {
                    for m in mismatches {
                        let at = m.ply.map_or_else(String::new, |p| format!(", ply {p}"));
                        let _ = writeln!(
                            out,
                            "  FAIL {} [{decisions}] {}{at}: {}: expected {}, found {}",
                            case.id, case.kind, m.what, m.expected, m.found
                        );
                    }
                }
            }
        }
        // Skipped cases by reason, so that a skip is never silent.
        let mut skips: BTreeMap<&str, usize> = BTreeMap::new();
        for case in &self.cases {
            if let Verdict::Skip(why) = &case.checked.verdict {
                *skips.entry(why.as_str()).or_default() += 1;
            }
        }
        for (why, times) in skips {
            let _ = writeln!(out, "  skipped {times}: {why}");
        }
        out
    }

    /// The report of a `*.jsonl` file found outside the layout `GAME/vN/SET.jsonl` of a
    /// folder that was searched: it is not run, and it makes the run unclean.
    #[must_use]
    pub fn stray(path: &Path) -> FileReport {
        FileReport {
            path: path.to_path_buf(),
            file_error: Some(
                "a stray file outside the layout GAME/vN/SET.jsonl (give its own path to run it)"
                    .into(),
            ),
            ..FileReport::default()
        }
    }
}

/// Runs vector files against engines made by a factory, each case on its own thread with a
/// time limit: a case that hangs is reported as an error and the run goes on (the hung
/// thread is left behind; an out-of-process engine is killed by its own time limit).
#[derive(Clone)]
pub struct Runner {
    factory: EngineFactory,
    timeout: Duration,
}

impl Runner {
    /// A runner for the engines `factory` makes, allowing each case `timeout`.
    #[must_use]
    pub fn new(factory: EngineFactory, timeout: Duration) -> Runner {
        Runner { factory, timeout }
    }

    /// Runs one case.
    #[must_use]
    pub fn run_case(&self, game: &GameOptions, case: &Case) -> Checked {
        let (send, receive) = mpsc::channel();
        let factory = Arc::clone(&self.factory);
        let game = game.clone();
        let case_copy = case.clone();
        let spawned = thread::Builder::new()
            .name(format!("case {}", case.id))
            .spawn(move || {
                let mut engine = factory();
                let _ = send.send(check_case(engine.as_mut(), &game, &case_copy));
            });
        let error = |why: String| Checked {
            verdict: Verdict::Error(why),
            classes_checked: 0,
            classes_not_checked: 0,
            values_not_checked: 0,
        };
        if let Err(e) = spawned {
            return error(format!("cannot start a thread: {e}"));
        }
        match receive.recv_timeout(self.timeout) {
            Ok(checked) => checked,
            Err(mpsc::RecvTimeoutError::Timeout) => {
                error(format!("timed out after {} s", self.timeout.as_secs_f64()))
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                error("the engine crashed (panicked) on this case".into())
            }
        }
    }

    /// Runs the text of one vector file, reported under `path`.
    #[must_use]
    pub fn run_text(&self, path: &Path, text: &str) -> FileReport {
        let mut report = FileReport {
            path: path.to_path_buf(),
            ..FileReport::default()
        };
        let file = match VectorFile::parse(text) {
            Ok(file) => file,
            Err(e) => {
                report.file_error = Some(e.to_string());
                return report;
            }
        };
        let game = GameOptions {
            game: file.header.game.clone(),
            options: file.header.options.clone(),
        };
        let mut seen = BTreeMap::new();
        for (line, read) in file.lines {
            match read {
                Err(e) => report.line_errors.push((line, e.to_string())),
                Ok(case) => {
                    if let Some(first) = seen.insert(case.id.clone(), line) {
                        report.line_errors.push((
                            line,
                            format!("case id {} was already used on line {first}", case.id),
                        ));
                        continue;
                    }
                    let checked = self.run_case(&game, &case);
                    report.cases.push(CaseReport {
                        id: case.id,
                        kind: case.body.kind(),
                        decisions: case.decisions,
                        checked,
                    });
                }
            }
        }
        report
    }

    /// Runs one file.
    #[must_use]
    pub fn run_file(&self, path: &Path) -> FileReport {
        match std::fs::read_to_string(path) {
            Ok(text) => self.run_text(path, &text),
            Err(e) => FileReport {
                path: path.to_path_buf(),
                file_error: Some(format!("cannot read: {e}")),
                ..FileReport::default()
            },
        }
    }
}

/// The vector files under `path`, in sorted order, as `conformance/FORMAT.md` ("Finding
/// the files") says: the file itself; in a version folder (named `v1`, `v2`, …) its
/// `*.jsonl` files; in any other folder, the `vN/*.jsonl` and `*/vN/*.jsonl` files below
/// it (a game's folder, or the suite's root). Nothing deeper is read, so the runners' own
/// test fixtures and the benchmark kit's position sets beside the suite are left alone.
///
/// # Errors
/// A folder cannot be read.
pub fn vector_files(path: &Path) -> std::io::Result<Vec<PathBuf>> {
    if path.is_file() {
        return Ok(vec![path.to_path_buf()]);
    }
    let mut files = Vec::new();
    if is_version(path) {
        files = jsonl_in(path)?;
    } else {
        for version in versions_in(path)? {
            files.extend(jsonl_in(&version)?);
        }
        for game in subfolders(path)? {
            for version in versions_in(&game)? {
                files.extend(jsonl_in(&version)?);
            }
        }
    }
    files.sort();
    Ok(files)
}

/// The stray files of a folder searched by [`vector_files`]: the `*.jsonl` files right
/// inside it, or right inside one of its folders, that are not in a version folder.
/// They are reported as not run (an unclean run), never silently left out or run in the
/// suite's place.
///
/// # Errors
/// A folder cannot be read.
pub fn stray_files(path: &Path) -> std::io::Result<Vec<PathBuf>> {
    if path.is_file() || is_version(path) {
        return Ok(Vec::new());
    }
    let mut files = jsonl_in(path)?;
    for folder in subfolders(path)? {
        if !is_version(&folder) {
            files.extend(jsonl_in(&folder)?);
        }
    }
    files.sort();
    Ok(files)
}

/// The `*.jsonl` files right inside `folder`.
fn jsonl_in(folder: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(folder)? {
        let entry = entry?.path();
        if entry.is_file() && entry.extension().is_some_and(|e| e == "jsonl") {
            files.push(entry);
        }
    }
    Ok(files)
}

/// The folders right inside `folder`.
fn subfolders(folder: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(folder)? {
        let entry = entry?.path();
        if entry.is_dir() {
            found.push(entry);
        }
    }
    Ok(found)
}

/// Whether `folder` is named as a version folder: `v` and digits.
fn is_version(folder: &Path) -> bool {
    folder
        .file_name()
        .and_then(|n| n.to_str())
        .is_some_and(|n| {
            n.len() > 1 && n.starts_with('v') && n[1..].bytes().all(|b| b.is_ascii_digit())
        })
}

/// The version folders (`v1`, `v2`, …) right inside `folder`.
fn versions_in(folder: &Path) -> std::io::Result<Vec<PathBuf>> {
    Ok(subfolders(folder)?
        .into_iter()
        .filter(|p| is_version(p))
        .collect())
}

/// The summary lines of a run: the counts, and the decision ids of the failing cases ranked
/// by lift ([`crate::lift`]).
#[must_use]
pub fn summary(reports: &[FileReport]) -> String {
    let mut total = Tally::default();
    for report in reports {
        total.add(&report.tally());
    }
    let ranked = crate::lift::rank(reports.iter().flat_map(|r| &r.cases).filter_map(|case| {
        match case.checked.verdict {
            Verdict::Skip(_) => None,
            Verdict::Pass => Some((case.decisions.as_slice(), false)),
            Verdict::Fail(_) | Verdict::Error(_) => Some((case.decisions.as_slice(), true)),
        }
    }));
    let mut out = format!(
        "summary: {} passed, {} failed, {} skipped, {} errors, {} unreadable, in {} files; \
         reason classes checked {}, not told by the engine {}; other values not reported {}\n",
        total.passed,
        total.failed,
        total.skipped,
        total.errors,
        total.unreadable,
        reports.len(),
        total.classes_checked,
        total.classes_not_checked,
        total.values_not_checked,
    );
    if let Some(line) = crate::lift::line(&ranked) {
        let _ = writeln!(out, "{line}");
    }
    out
}

/// Adds the tallies of `reports`.
#[must_use]
pub fn total(reports: &[FileReport]) -> Tally {
    let mut total = Tally::default();
    for report in reports {
        total.add(&report.tally());
    }
    total
}
