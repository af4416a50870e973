//! GNU Go 3.8 over GTP, with the Ttakji settings: the independent referee of
//! `gnugo.rs` and `conformance_vectors.rs`.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

pub const FLAGS: [&str; 9] = [
    "--mode",
    "gtp",
    "--boardsize",
    "9",
    "--chinese-rules",
    "--komi",
    "7",
    "--positional-superko",
    "--forbid-suicide",
];

pub fn gnugo_binary() -> Option<String> {
    for candidate in ["/usr/games/gnugo", "/usr/bin/gnugo"] {
        if std::path::Path::new(candidate).exists() {
            return Some(candidate.to_string());
        }
    }
    Command::new("gnugo")
        .arg("--version")
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|_| "gnugo".to_string())
}

/// The GNU Go binary, or `None` (after saying why) when it is missing outside CI.
pub fn require_gnugo(test: &str) -> Option<String> {
    match gnugo_binary() {
        Some(path) => Some(path),
        None if std::env::var_os("CI").is_some() => panic!(
            "{test}: GNU Go is not installed, and CI must run the referee tests \
             (install Debian's `gnugo`, binary /usr/games/gnugo)"
        ),
        None => {
            eprintln!(
                "{test}: GNU Go (/usr/games/gnugo) is not installed: referee test skipped \
                 (it fails under CI)"
            );
            None
        }
    }
}

pub struct Gtp {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Gtp {
    pub fn start(binary: &str, extra: &[&str]) -> Gtp {
        let mut child = Command::new(binary)
            .args(FLAGS)
            .args(extra)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("GNU Go starts");
        let input = child.stdin.take().unwrap();
        let output = BufReader::new(child.stdout.take().unwrap());
        Gtp {
            child,
            input,
            output,
        }
    }

    /// Sends one command; returns the answer's text (panics on a `?` answer).
    pub fn ask(&mut self, command: &str) -> String {
        writeln!(self.input, "{command}").unwrap();
        self.input.flush().unwrap();
        let mut answer = String::new();
        loop {
            let mut line = String::new();
            assert!(self.output.read_line(&mut line).unwrap() > 0, "GNU Go quit");
            if line.trim().is_empty() {
                if answer.is_empty() {
                    continue;
                }
                break;
            }
            answer.push_str(&line);
        }
        assert!(
            answer.starts_with('='),
            "GNU Go refused `{command}`: {answer}"
        );
        answer[1..].trim().to_string()
    }
}

impl Drop for Gtp {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.input.flush();
        let _ = self.child.wait();
    }
}
