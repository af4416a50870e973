//! `rulebook conformance`: the vectors against the crates and against programs, good,
//! lying, hanging and crashing; the exit statuses.

mod common;

use std::path::{Path, PathBuf};

use common::{ok, refused, rulebook, temp_dir};

fn vectors(part: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../conformance")
        .join(part)
        .display()
        .to_string()
}

/// A small file: the header and the first `n` cases of `part`, with the count set.
fn excerpt(part: &str, n: usize, name: &str) -> PathBuf {
    let text = std::fs::read_to_string(vectors(part)).unwrap();
    let mut lines = text.lines();
    let mut header: serde_json::Value = serde_json::from_str(lines.next().unwrap()).unwrap();
    header["cases"] = n.into();
    let mut out = format!("{header}\n");
    for line in lines.take(n) {
        out.push_str(line);
        out.push('\n');
    }
    let path = temp_dir("conformance").join(name);
    std::fs::write(&path, out).unwrap();
    path
}

/// A shell script as a program.
fn script(name: &str, body: &str) -> String {
    let path = temp_dir("conformance").join(name);
    std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    format!("sh {}", path.display())
}

#[test]
fn the_crates_pass_every_file_of_a_folder_with_a_line_each_and_a_summary() {
    let out = ok(&["conformance", &vectors("go9")]);
    let lines: Vec<&str> = out.lines().collect();
    // Each file's case lines, counted here: everything after the header.
    let cases = |file: &str| {
        let text = std::fs::read_to_string(vectors(&format!("go9/v1/{file}"))).unwrap();
        text.lines().count() - 1
    };
    let files = ["end", "gtp", "perft", "positions", "record", "replay"];
    assert_eq!(lines.len(), files.len() + 1, "{out}");
    for (line, file) in lines.iter().zip(files) {
        let expected = format!(
            "go9/v1/{file}.jsonl: {} passed, 0 failed, 0 skipped, 0 errors",
            cases(&format!("{file}.jsonl"))
        );
        assert!(line.ends_with(&expected), "{expected}\n{out}");
    }
    let total: usize = files.iter().map(|f| cases(&format!("{f}.jsonl"))).sum();
    assert!(
        lines[files.len()].starts_with(&format!(
            "summary: {total} passed, 0 failed, 0 skipped, 0 errors, 0 unreadable, in {} files; ",
            files.len()
        )),
        "{out}"
    );
}

#[test]
fn the_program_itself_passes_through_the_contract() {
    let file = excerpt("go9/v1/replay.jsonl", 4, "replay4.jsonl");
    let gtp = excerpt("go9/v1/gtp.jsonl", 3, "gtp3.jsonl");
    let record = excerpt("bind/v1/mini.jsonl", 40, "mini40.jsonl");
    let program = env!("CARGO_BIN_EXE_rulebook");
    let out = ok(&[
        "conformance",
        "--program",
        program,
        &file.display().to_string(),
        &gtp.display().to_string(),
        &record.display().to_string(),
    ]);
    assert!(out.contains("replay4.jsonl: 4 passed, 0 failed"), "{out}");
    assert!(out.contains("gtp3.jsonl: 3 passed, 0 failed"), "{out}");
    assert!(out.contains("mini40.jsonl: 40 passed, 0 failed"), "{out}");
    // The contract has no words for a refusal's class: counted as not told, never passed.
    assert!(
        out.contains("reason classes checked 0, not told by the engine "),
        "{out}"
    );
}

#[test]
fn a_lying_program_fails_with_the_case_ids_and_decision_ids_and_status_1() {
    let file = excerpt("go9/v1/perft.jsonl", 2, "perft2.jsonl");
    // Perft one too many at depth 1, the rest from the real program.
    let real = env!("CARGO_BIN_EXE_rulebook");
    let liar = script(
        "liar.sh",
        &format!(
            "\"{real}\" \"$@\" | awk '$1 == \"perft\" && $2 == 1 {{ $3 = $3 + 1 }} {{ print }}'"
        ),
    );
    let out = rulebook(&[
        "conformance",
        "--program",
        &liar,
        &file.display().to_string(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("perft2.jsonl: 0 passed, 2 failed"), "{text}");
    assert!(
        text.contains(
            "  FAIL go9-perft-0001 [G-2 G-6] perft, ply 0: perft 1: expected 82, found 83"
        ),
        "{text}"
    );
    assert!(
        // Both cases failed, so every lift is 1.00, and both ids are named by both: id
        // order.
        text.contains(
            "failing decisions: G-2 (lift 1.00, 2 of 2 cases failed), \
             G-6 (lift 1.00, 2 of 2 cases failed)"
        ),
        "{text}"
    );
}

#[test]
fn a_hanging_or_crashing_program_is_an_error_per_case_and_the_run_goes_on() {
    let file = excerpt("go9/v1/perft.jsonl", 3, "perft3.jsonl");
    for (body, words) in [
        ("sleep 30", "timed out after 0.3 s"),
        (
            "echo 'thread main panicked' >&2; exit 101",
            "engine crashed: exit status: 101",
        ),
        (
            "echo nonsense",
            "unreadable answer: perft line \"nonsense\" is not `perft 1 N`",
        ),
    ] {
        let program = script("bad.sh", body);
        let started = std::time::Instant::now();
        let out = rulebook(&[
            "conformance",
            "--timeout",
            "0.3",
            "--program",
            &program,
            &file.display().to_string(),
        ]);
        assert_eq!(out.status.code(), Some(1), "{body}");
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(
            text.contains("perft3.jsonl: 0 passed, 0 failed, 0 skipped, 3 errors"),
            "{text}"
        );
        assert_eq!(text.matches(words).count(), 3, "{body}: {text}");
        // The sleeping child dies with its shell: the run does not wait out its 30 s for
        // each case (a bound far above the 0.3 s time-outs, far below 3 × 30 s).
        assert!(
            started.elapsed().as_secs() < 45,
            "{body}: {:?}",
            started.elapsed()
        );
    }
}

#[test]
fn no_vector_file_or_a_bad_timeout_is_a_bad_command_line() {
    let empty = temp_dir("conformance-empty");
    let message = refused(&["conformance", &empty.display().to_string()]);
    assert!(
        message.contains("no vector files (*.jsonl) under"),
        "{message}"
    );
    let message = refused(&["conformance", "--timeout", "0", &vectors("go9")]);
    assert!(
        message.contains("--timeout 0 must be a positive number"),
        "{message}"
    );
}

#[test]
fn an_unreadable_file_is_reported_and_fails_the_run() {
    let path = temp_dir("conformance").join("broken.jsonl");
    std::fs::write(
        &path,
        "{\"format\":\"boardrules-conformance\",\"version\":9}\n",
    )
    .unwrap();
    let good = excerpt("go9/v1/perft.jsonl", 1, "perft1.jsonl");
    let out = rulebook(&[
        "conformance",
        &path.display().to_string(),
        &good.display().to_string(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("broken.jsonl: not run: line 1: not a header of boardrules-conformance version 1: version 9, which this runner does not read"), "{text}");
    assert!(text.contains("perft1.jsonl: 1 passed"), "{text}");
}
