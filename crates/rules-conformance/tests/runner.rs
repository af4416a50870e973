//! The runner's promises: the committed vectors pass against the crates; a broken engine
//! is caught case by case with its decision ids; a hanging or panicking engine is timed
//! out or reported and the run goes on; broken files are reported by file and line; no
//! pass is reported that was not seen.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use rules_conformance::check::Verdict;
use rules_conformance::runner::{self, EngineFactory};
use rules_conformance::{
    Answer, CatalogEngine, Engine, GameOptions, OutcomeAnswer, ProbeAnswer, ReplayAnswer, Runner,
    Trace,
};

fn vectors() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../conformance")
}

fn catalog() -> EngineFactory {
    Arc::new(|| Box::new(CatalogEngine) as Box<dyn Engine + Send>)
}

#[test]
fn every_committed_vector_passes_against_the_crates() {
    let files = runner::vector_files(&vectors()).unwrap();
    assert!(files.len() >= 4, "vector files: {files:?}");
    let runner = Runner::new(catalog(), Duration::from_secs(60));
    let reports: Vec<_> = files.iter().map(|f| runner.run_file(f)).collect();
    let text: String = reports.iter().map(|r| r.text()).collect();
    let total = runner::total(&reports);
    assert!(total.is_clean(), "{text}{}", runner::summary(&reports));
    assert_eq!(total.skipped, 0, "{text}");
    assert_eq!(total.classes_not_checked, 0);
    for game in ["kazura", "bao", "go9", "bind"] {
        let cases: usize = reports
            .iter()
            .filter(|r| r.path.to_string_lossy().contains(&format!("/{game}/")))
            .map(|r| r.cases.len())
            .sum();
        assert!(cases >= 500, "{game} has {cases} cases");
    }
}

/// The crates with one rule broken, as a planted bug would break them.
#[derive(Clone)]
enum Broken {
    /// Drops the last legal move of every set with more than one.
    DropsAMove,
    /// Calls every game a win for the first player.
    WrongWinner,
    /// Perft one too many at every depth.
    PerftOffByOne,
    /// Never answers.
    Hangs,
    /// Panics.
    Panics,
}

struct BrokenEngine(Broken);

impl Engine for BrokenEngine {
    fn name(&self) -> String {
        "broken".into()
    }
    fn trace(&mut self, game: &GameOptions, moves: &[String]) -> Answer<Trace> {
        let mut trace = CatalogEngine.trace(game, moves)?;
        match self.0 {
            Broken::DropsAMove => {
                for set in &mut trace.legal {
                    if set.len() > 1 {
                        set.pop();
                    }
                }
            }
            Broken::Hangs => std::thread::sleep(Duration::from_secs(3600)),
            Broken::Panics => panic!("a planted panic"),
            _ => {}
        }
        Ok(trace)
    }
    fn to_move(&mut self, game: &GameOptions, moves: &[String]) -> Answer<Option<String>> {
        CatalogEngine.to_move(game, moves)
    }
    fn probe(&mut self, game: &GameOptions, moves: &[String], probe: &str) -> Answer<ProbeAnswer> {
        CatalogEngine.probe(game, moves, probe)
    }
    fn perft(&mut self, game: &GameOptions, moves: &[String], depth: usize) -> Answer<Vec<u64>> {
        let mut counts = CatalogEngine.perft(game, moves, depth)?;
        if let Broken::PerftOffByOne = self.0 {
            for c in &mut counts {
                *c += 1;
            }
        }
        Ok(counts)
    }
    fn outcome(&mut self, game: &GameOptions, moves: &[String]) -> Answer<OutcomeAnswer> {
        let mut outcome = CatalogEngine.outcome(game, moves)?;
        if let Broken::WrongWinner = self.0 {
            outcome.result.winner = "black".into();
        }
        Ok(outcome)
    }
    fn replay(&mut self, game: &GameOptions, format: &str, text: &str) -> Answer<ReplayAnswer> {
        CatalogEngine.replay(game, format, text)
    }
}

fn broken(kind: Broken) -> EngineFactory {
    Arc::new(move || Box::new(BrokenEngine(kind.clone())) as Box<dyn Engine + Send>)
}

const GO9: &str = "go9/v1";

#[test]
fn a_dropped_legal_move_fails_every_replay_case_and_names_its_decisions() {
    let runner = Runner::new(broken(Broken::DropsAMove), Duration::from_secs(60));
    let report = runner.run_file(&vectors().join(GO9).join("replay.jsonl"));
    let tally = report.tally();
    assert_eq!(tally.passed, 0, "{}", report.text());
    assert_eq!(tally.failed, report.cases.len());
    let text = report.text();
    let first = text.lines().nth(1).unwrap();
    assert!(first.starts_with("  FAIL go9-replay-0001 [G-"), "{first}");
    assert!(
        text.contains(
            "ply 0: legal moves: expected 82 moves (sha256 4817d35489b5…), found 81 moves"
        ),
        "{text}"
    );
    // A short set is listed, so the report names the move missing.
    assert!(text.contains("; missing "), "{text}");
    let summary = runner::summary(&[report]);
    // Every case failed, so every id's lift is 1.00.
    let ranked = summary.lines().last().unwrap();
    assert!(ranked.starts_with("failing decisions: G-"), "{summary}");
    assert!(ranked.contains("G-1 (lift 1.00, "), "{summary}");
    assert_eq!(
        ranked.matches("(lift ").count(),
        ranked.matches("(lift 1.00, ").count(),
        "{summary}"
    );
}

#[test]
fn wrong_winners_and_perft_counts_are_caught() {
    let runner = Runner::new(broken(Broken::WrongWinner), Duration::from_secs(60));
    let report = runner.run_file(&vectors().join(GO9).join("end.jsonl"));
    let white_wins = report
        .cases
        .iter()
        .filter(|c| matches!(c.checked.verdict, Verdict::Fail(_)))
        .count();
    assert!(white_wins > 10, "{}", report.text());
    assert!(
        report
            .text()
            .contains("winner: expected white, found black")
    );

    let runner = Runner::new(broken(Broken::PerftOffByOne), Duration::from_secs(60));
    let report = runner.run_file(&vectors().join(GO9).join("perft.jsonl"));
    assert_eq!(report.tally().failed, report.cases.len());
    assert!(
        report.text().contains(": perft 1: expected 82, found 83"),
        "{}",
        report.text()
    );
}

#[test]
fn a_hanging_engine_is_timed_out_and_a_panicking_one_reported_and_the_run_goes_on() {
    let file = first_lines(&vectors().join(GO9).join("replay.jsonl"), 3);
    // A panic's backtrace can take a while to print on a loaded machine: its cases get a
    // minute, which they never need to reach the verdict.
    for (kind, timeout, words) in [
        (Broken::Hangs, 200, "timed out after 0.2 s"),
        (
            Broken::Panics,
            60_000,
            "the engine crashed (panicked) on this case",
        ),
    ] {
        let runner = Runner::new(broken(kind), Duration::from_millis(timeout));
        let report = runner.run_text(Path::new("three.jsonl"), &file);
        let tally = report.tally();
        assert_eq!((tally.errors, tally.passed), (3, 0), "{}", report.text());
        assert_eq!(report.text().matches(words).count(), 3, "{}", report.text());
        assert!(!tally.is_clean());
    }
}

/// The header and the first `n` cases of a file, with the header's count set to `n`.
fn first_lines(path: &Path, n: usize) -> String {
    let text = std::fs::read_to_string(path).unwrap();
    let mut lines = text.lines();
    let mut header: serde_json::Value = serde_json::from_str(lines.next().unwrap()).unwrap();
    header["cases"] = n.into();
    let mut out = format!("{header}\n");
    for line in lines.take(n) {
        out.push_str(line);
        out.push('\n');
    }
    out
}

#[test]
fn broken_lines_are_reported_by_number_and_the_other_cases_still_run() {
    let good = first_lines(&vectors().join(GO9).join("perft.jsonl"), 2);
    let mut lines: Vec<String> = good.lines().map(str::to_string).collect();
    let header = lines[0].replace("\"cases\":2", "\"cases\":6");
    lines[0] = header;
    lines.push("{not json".into());
    lines.push(r#"{"id":"x-1","kind":"dance","decisions":[],"checked_by":[]}"#.into());
    lines.push(r#"{"id":"x-2","kind":"perft","decisions":["G-2"],"checked_by":[]}"#.into());
    lines.push(lines[1].clone());
    let text = lines.join("\n") + "\n";
    let runner = Runner::new(catalog(), Duration::from_secs(60));
    let report = runner.run_text(Path::new("broken.jsonl"), &text);
    let out = report.text();
    assert_eq!(report.tally().passed, 2, "{out}");
    assert!(out.contains("LINE broken.jsonl:4: not JSON"), "{out}");
    assert!(
        out.contains("LINE broken.jsonl:5: case x-1: unknown kind \"dance\""),
        "{out}"
    );
    assert!(
        out.contains("LINE broken.jsonl:6: case x-2: missing field `moves`"),
        "{out}"
    );
    assert!(out.contains("LINE broken.jsonl:7: case id"), "{out}");
    assert!(!report.tally().is_clean());

    // A wrong count, a bad header, another version, an empty file.
    let short = good.replace("\"cases\":2", "\"cases\":3");
    let report = runner.run_text(Path::new("short.jsonl"), &short);
    let out = report.text();
    assert!(
        out.starts_with("short.jsonl: not run: the header's `cases` count is 3, but 2 case lines"),
        "{out}"
    );
    assert_eq!(
        report.tally().passed,
        0,
        "a file with a wrong count is not run"
    );
    for (text, words) in [
        ("{\"format\":\"other\"}\n", "format is \"other\""),
        (
            &good.replace("\"version\":1", "\"version\":2")[..],
            "version 2",
        ),
        ("", "the file is empty"),
        ("[1,2]\n", "no `format` field"),
    ] {
        let report = runner.run_text(Path::new("bad.jsonl"), text);
        let out = report.text();
        assert!(
            out.starts_with("bad.jsonl: not run: ") && out.contains(words),
            "{out}"
        );
        assert_eq!(report.tally().unreadable, 1);
        assert!(!report.tally().is_clean());
    }
}

#[test]
fn a_run_that_saw_no_case_is_not_clean() {
    let empty = first_lines(&vectors().join(GO9).join("perft.jsonl"), 0);
    let runner = Runner::new(catalog(), Duration::from_secs(60));
    let report = runner.run_text(Path::new("empty.jsonl"), &empty);
    assert_eq!(report.tally(), rules_conformance::Tally::default());
    assert!(!report.tally().is_clean());
}

#[test]
fn skipped_cases_are_reported_with_their_reason_and_a_run_of_skips_is_not_clean() {
    // The broken engines speak no GTP: every GTP case is skipped, and the report says why.
    let runner = Runner::new(broken(Broken::PerftOffByOne), Duration::from_secs(60));
    let report = runner.run_file(&vectors().join(GO9).join("gtp.jsonl"));
    let tally = report.tally();
    assert_eq!((tally.passed, tally.skipped), (0, report.cases.len()));
    let text = report.text();
    assert!(
        text.contains(&format!(
            "\n  skipped {}: not supported: GTP\n",
            report.cases.len()
        )),
        "{text}"
    );
    assert!(!tally.is_clean());
}
