//! A client for an outside GTP engine (version 2), so that a program can set any GTP engine
//! (GNU Go, …) against its players: `rulebook match` and `rulebook play` do, as
//! `gtp:COMMAND`.
//!
//! The command runs through the shell (`sh -c`, or `cmd /C` on Windows), its standard
//! error is discarded, and every answer is read up to GTP's blank line.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// A running GTP engine.
#[derive(Debug)]
pub struct GtpClient {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl GtpClient {
    /// Starts `command` (a shell command line).
    ///
    /// # Errors
    /// A message if the program cannot be started.
    pub fn spawn(command: &str) -> Result<GtpClient, String> {
        let mut shell = if cfg!(windows) {
            let mut c = Command::new("cmd");
            c.arg("/C").arg(command);
            c
        } else {
            let mut c = Command::new("sh");
            c.arg("-c").arg(format!("exec {command}"));
            c
        };
        let mut child = shell
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start `{command}`: {e}"))?;
        let input = child.stdin.take().ok_or("no standard input")?;
        let output = BufReader::new(child.stdout.take().ok_or("no standard output")?);
        Ok(GtpClient {
            child,
            input,
            output,
        })
    }

    /// Sends one command and returns the text of a success answer (`= TEXT`).
    ///
    /// # Errors
    /// The engine's failure answer (`? TEXT`), or a message if it closed its output, wrote
    /// something that is not an answer, or cannot be written to.
    pub fn send(&mut self, command: &str) -> Result<String, String> {
        writeln!(self.input, "{command}")
            .and_then(|()| self.input.flush())
            .map_err(|e| format!("`{command}`: the engine stopped ({e})"))?;
        let mut answer = String::new();
        let mut line = String::new();
        loop {
            line.clear();
            let read = self
                .output
                .read_line(&mut line)
                .map_err(|e| format!("`{command}`: cannot read the answer ({e})"))?;
            if read == 0 {
                return Err(format!("`{command}`: the engine closed its output"));
            }
            let text = line.trim_end_matches(['\r', '\n']);
            if text.trim().is_empty() {
                if answer.is_empty() {
                    continue;
                }
                break;
            }
            if !answer.is_empty() {
                answer.push('\n');
            }
            answer.push_str(text);
        }
        // An answer is `=` or `?`, an optional id, then the text; anything else (which
        // may begin with any character) is not an answer.
        let mut chars = answer.chars();
        let status = chars.next();
        let text = chars
            .as_str()
            .trim_start_matches(|c: char| c.is_ascii_digit())
            .trim()
            .to_string();
        match status {
            Some('=') => Ok(text),
            Some('?') => Err(format!("`{command}`: {text}")),
            _ => Err(format!("`{command}`: not a GTP answer: {answer}")),
        }
    }

    /// Sends `quit` and waits for the program to end (it is killed if it does not answer).
    pub fn quit(mut self) {
        if self.send("quit").is_err() {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

impl Drop for GtpClient {
    fn drop(&mut self) {
        if matches!(self.child.try_wait(), Ok(None)) {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}
