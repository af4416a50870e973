//! `rulebook conformance` against the shared folder of malformed suites and misbehaving
//! programs, `conformance/tests/hostile/`, with the verdicts of its `expected.json`: the
//! same file the Python runner's test (`conformance/tests/test_hostile.py`) checks, so both
//! runners give one verdict per case.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use serde_json::Value;

fn hostile() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../conformance/tests/hostile")
}

/// The verdict a file's report gives, and the lines that say it.
#[derive(Debug)]
struct Reported {
    verdict: &'static str,
    text: String,
}

/// Each file's verdict, read from the report: `not run`, then a broken line, an error, a
/// failure, a skip, else a pass (the strongest that applies).
fn verdicts(output: &str, suite: &Path) -> BTreeMap<String, Reported> {
    let mut files: BTreeMap<String, Vec<&str>> = BTreeMap::new();
    let mut current: Option<String> = None;
    for line in output.lines() {
        if !line.starts_with(' ') {
            current = line.split_once(".jsonl: ").map(|(path, _)| {
                let full = format!("{path}.jsonl");
                Path::new(&full)
                    .strip_prefix(suite)
                    .map_or(full.clone(), |p| p.display().to_string())
            });
        }
        if let Some(file) = &current {
            files.entry(file.clone()).or_default().push(line);
        }
    }
    files
        .into_iter()
        .map(|(file, lines)| {
            let find = |test: &dyn Fn(&str) -> bool| lines.iter().find(|l| test(l)).copied();
            let head = lines[0];
            let (verdict, line) = if head.contains(".jsonl: not run: ") {
                ("not-run", head)
            } else if let Some(l) = find(&|l| l.starts_with("  LINE ")) {
                ("broken-line", l)
            } else if let Some(l) = find(&|l| l.starts_with("  ERROR ")) {
                ("error", l)
            } else if let Some(l) = find(&|l| l.starts_with("  FAIL ")) {
                ("fail", l)
            } else if let Some(l) = find(&|l| l.starts_with("  skipped ")) {
                ("skip", l)
            } else {
                ("pass", head)
            };
            (
                file,
                Reported {
                    verdict,
                    text: line.to_string(),
                },
            )
        })
        .collect()
}

/// Whether process `pid` is gone (a zombie waiting to be reaped counts as gone).
fn gone(pid: &str) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Err(_) => true,
        Ok(stat) => stat
            .rsplit_once(')')
            .is_some_and(|(_, rest)| rest.trim_start().starts_with('Z')),
    }
}

#[test]
fn every_hostile_item_gets_its_expected_verdict_exit_status_and_reason() {
    let root = hostile();
    let expected: Value =
        serde_json::from_str(&std::fs::read_to_string(root.join("expected.json")).unwrap())
            .unwrap();
    let items = expected["items"].as_array().unwrap();
    assert!(items.len() >= 14);
    let pids =
        std::env::temp_dir().join(format!("conformance-hostile-{}.pids", std::process::id()));
    let mut problems = Vec::new();
    for item in items {
        let name = item["name"].as_str().unwrap();
        let suite = root.join("suites").join(item["suite"].as_str().unwrap());
        let timeout = item["timeout"].as_f64().unwrap();
        let mut command = Command::new(env!("CARGO_BIN_EXE_rulebook"));
        command
            .arg("conformance")
            .args(["--timeout", &timeout.to_string()])
            .env("RULEBOOK", env!("CARGO_BIN_EXE_rulebook"))
            .env("HOSTILE_PIDS", &pids);
        if let Some(program) = item["program"].as_str() {
            let script = root.join("programs").join(program);
            command.args(["--program", &format!("sh {}", script.display())]);
        }
        let _ = std::fs::remove_file(&pids);
        let start = Instant::now();
        let out = command.arg(&suite).output().unwrap();
        let took = start.elapsed();
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        let status = out.status.code();
        let want_status = item["exit"].as_i64().map(|s| s as i32);
        if status != want_status {
            problems.push(format!(
                "{name}: exit {status:?}, expected {want_status:?}\n{text}"
            ));
        }
        // A time-out is a time-out: the run does not wait for what the program left.
        if took > Duration::from_secs_f64(timeout + 5.0) {
            problems.push(format!("{name}: took {took:?} with --timeout {timeout}"));
        }
        let found = verdicts(&text, &suite);
        let files = item["files"].as_object().unwrap();
        let names: Vec<&String> = found.keys().collect();
        let mut want_names: Vec<&String> = files.keys().collect();
        want_names.sort();
        if names != want_names {
            problems.push(format!(
                "{name}: files {names:?}, expected {want_names:?}\n{text}"
            ));
        }
        for (file, want) in files {
            let Some(got) = found.get(file) else { continue };
            let verdict = want["verdict"].as_str().unwrap();
            let reason = want["reason"].as_str().unwrap();
            if got.verdict != verdict || !got.text.contains(reason) {
                problems.push(format!(
                    "{name}: {file}: {} ({}), expected {verdict} with {reason:?}",
                    got.verdict, got.text
                ));
            }
        }
        // No process of the program outlives the run.
        std::thread::sleep(Duration::from_millis(200));
        let left = std::fs::read_to_string(&pids).unwrap_or_default();
        for pid in left.split_whitespace() {
            let deadline = Instant::now() + Duration::from_secs(3);
            while !gone(pid) && Instant::now() < deadline {
                std::thread::sleep(Duration::from_millis(50));
            }
            if !gone(pid) {
                problems.push(format!(
                    "{name}: the program's child {pid} is still running"
                ));
                let _ = Command::new("kill").args(["-KILL", pid]).status();
            }
        }
    }
    let _ = std::fs::remove_file(&pids);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn a_missing_path_is_a_bad_command_line() {
    let missing = hostile().join("suites/no-such-folder");
    for path in [missing.clone(), missing.join("v1"), missing.join("x.jsonl")] {
        let out = Command::new(env!("CARGO_BIN_EXE_rulebook"))
            .arg("conformance")
            .arg(&path)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{}", path.display());
        assert!(out.stdout.is_empty());
        assert!(
            String::from_utf8_lossy(&out.stderr).contains("no-such-folder"),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}
