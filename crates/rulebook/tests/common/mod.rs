//! What every `rulebook` contract test needs: run the real binary, read its output, make a
//! scratch folder. Each test file uses a part of it.
#![allow(dead_code)]

use std::path::PathBuf;
use std::process::{Command, Output};

/// Runs `rulebook` with `args`.
pub fn rulebook(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rulebook"))
        .args(args)
        .output()
        .expect("rulebook runs")
}

/// Standard output of a run that must have succeeded.
pub fn stdout(out: &Output) -> String {
    assert_eq!(
        out.status.code(),
        Some(0),
        "status {:?}, stderr: {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout.clone()).expect("standard output is UTF-8")
}

/// Standard output of `rulebook args`, which must succeed.
pub fn ok(args: &[&str]) -> String {
    stdout(&rulebook(args))
}

/// Standard error of `rulebook args`, which must fail with status 2 and print nothing on
/// standard output (the contract for bad options and bad moves).
pub fn refused(args: &[&str]) -> String {
    let out = rulebook(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    assert!(out.stdout.is_empty(), "{args:?} printed on stdout");
    String::from_utf8(out.stderr).expect("standard error is UTF-8")
}

/// A fresh scratch folder for one test, unique to this process.
pub fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("rulebook-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}
