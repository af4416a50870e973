//! The examples of `conformance/FORMAT.md` are true: each case example, unfolded to one
//! line, is run through the runner against the crates under a real header of its game and
//! passes; the header example agrees with the file it stands for. And every version string
//! is the same: `docs/conformance.md`'s crate version, the headers' `sources.engine` and
//! this crate's version.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use rules_conformance::{CatalogEngine, Engine, Runner};
use serde_json::Value;

fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The ```json blocks of a Markdown text, each unfolded to one line.
fn json_blocks(markdown: &str) -> Vec<String> {
    let mut blocks = Vec::new();
    let mut current: Option<Vec<&str>> = None;
    for line in markdown.lines() {
        match (&mut current, line.trim_end()) {
            (None, "```json") => current = Some(Vec::new()),
            (Some(lines), "```") => {
                blocks.push(lines.iter().map(|l| l.trim()).collect::<Vec<_>>().join(" "));
                current = None;
            }
            (Some(lines), _) => lines.push(line),
            (None, _) => {}
        }
    }
    blocks
}

/// The header line of a suite file.
fn header_of(file: &str) -> Value {
    let text = std::fs::read_to_string(repository().join("conformance").join(file)).unwrap();
    serde_json::from_str(text.lines().next().unwrap()).unwrap()
}

#[test]
fn every_example_of_format_md_passes_against_the_crates() {
    let format = std::fs::read_to_string(repository().join("conformance/FORMAT.md")).unwrap();
    let blocks = json_blocks(&format);
    let runner = Runner::new(
        Arc::new(|| Box::new(CatalogEngine) as Box<dyn Engine + Send>),
        Duration::from_secs(60),
    );
    let mut cases = 0;
    for block in &blocks {
        let example: Value = serde_json::from_str(block)
            .unwrap_or_else(|e| panic!("FORMAT.md example is not JSON ({e}): {block}"));
        if example["format"] == "boardrules-conformance" {
            // The header example stands for go9's replay file (notation and sources folded).
            let real = header_of("go9/v1/replay.jsonl");
            for field in [
                "format", "version", "game", "options", "rules", "reasons", "cases",
            ] {
                assert_eq!(
                    example[field], real[field],
                    "the header example's `{field}`"
                );
            }
            continue;
        }
        let id = example["id"].as_str().unwrap();
        let file = match id.split('-').next().unwrap() {
            "go9" => "go9/v1/replay.jsonl",
            "bind" => "bind/v1/mini.jsonl",
            "kazura" => "kazura/v1/13x13.jsonl",
            "bao" => "bao/v1/seed.jsonl",
            other => panic!("example {id}: unknown game {other}"),
        };
        let mut header = header_of(file);
        header["cases"] = 1.into();
        let text = format!("{header}\n{example}\n");
        let report = runner.run_text(Path::new(id), &text);
        let tally = report.tally();
        assert!(
            tally.passed == 1 && tally.is_clean(),
            "FORMAT.md's example {id} does not hold:\n{}",
            report.text()
        );
        cases += 1;
    }
    // replay, perft, end, record and gtp
    assert_eq!(cases, 5, "{blocks:#?}");
}

#[test]
fn every_version_string_is_the_crates_version() {
    let version = env!("CARGO_PKG_VERSION");
    let docs = std::fs::read_to_string(repository().join("docs/conformance.md")).unwrap();
    let said = docs
        .split_once("from the workspace's crates (")
        .and_then(|(_, rest)| rest.split_once(')'))
        .map(|(v, _)| v)
        .expect("docs/conformance.md names the crates' version");
    assert_eq!(said, version, "docs/conformance.md");
    let mut files = 0;
    for game in ["kazura", "bao", "go9", "bind"] {
        let folder = repository().join("conformance").join(game).join("v1");
        for entry in std::fs::read_dir(folder).unwrap() {
            let path = entry.unwrap().path();
            let header: Value = serde_json::from_str(
                std::fs::read_to_string(&path)
                    .unwrap()
                    .lines()
                    .next()
                    .unwrap(),
            )
            .unwrap();
            let engine = header["sources"]["engine"].as_str().unwrap();
            assert!(
                engine.contains(&format!("crates {version} ")),
                "{}: {engine}",
                path.display()
            );
            files += 1;
        }
    }
    assert!(files >= 18);
}
