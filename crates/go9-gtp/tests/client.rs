//! `GtpClient` against small GTP engines written in shell: answers are read up to GTP's
//! blank line, failures and non-answers are refused with the command named, `quit` lets the
//! engine end by itself, and a client dropped while its engine still runs ends it.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use go9_gtp::GtpClient;

/// A fresh folder for one test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("go9-gtp-client-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A shell engine that writes its process id to `pid`, answers `= ok` to every command
/// but `fail` (`? no`) and `quit` (it writes `quit` to `marker`, answers and ends).
fn script(dir: &Path) -> String {
    let (pid, marker) = (dir.join("pid"), dir.join("marker"));
    format!(
        "sh -c 'echo $$ > {}; while read -r line; do case \"$line\" in \
         quit) echo quit > {}; printf \"=\\n\\n\"; exit 0;; \
         fail) printf \"? no\\n\\n\";; \
         *) printf \"= ok\\n\\n\";; esac; done'",
        pid.display(),
        marker.display()
    )
}

/// Whether the process `pid` is gone (reaped), waiting up to two seconds.
fn gone(pid: &str) -> bool {
    let deadline = Instant::now() + Duration::from_secs(2);
    while Instant::now() < deadline {
        if !Path::new(&format!("/proc/{pid}")).exists() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    false
}

fn pid_of(dir: &Path) -> String {
    let deadline = Instant::now() + Duration::from_secs(2);
    loop {
        if let Ok(pid) = std::fs::read_to_string(dir.join("pid"))
            && !pid.trim().is_empty()
        {
            return pid.trim().to_string();
        }
        assert!(Instant::now() < deadline, "the engine did not start");
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn answers_and_failures_are_read_up_to_the_blank_line() {
    let dir = scratch("answers");
    let mut client = GtpClient::spawn(&script(&dir)).unwrap();
    assert_eq!(client.send("name"), Ok("ok".to_string()));
    assert_eq!(client.send("fail"), Err("`fail`: no".to_string()));
    assert_eq!(client.send("version"), Ok("ok".to_string()));
    client.quit();
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn quit_lets_the_engine_end_by_itself() {
    let dir = scratch("quit");
    let mut client = GtpClient::spawn(&script(&dir)).unwrap();
    client.send("name").unwrap();
    let pid = pid_of(&dir);
    client.quit();
    assert_eq!(
        std::fs::read_to_string(dir.join("marker")).unwrap_or_default(),
        "quit\n",
        "the engine was told to quit, not killed"
    );
    assert!(gone(&pid));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_dropped_client_ends_an_engine_that_still_runs() {
    let dir = scratch("drop");
    // An engine that never reads, so the end of its input does not end it.
    let command = format!(
        "sh -c 'echo $$ > {}; exec sleep 600'",
        dir.join("pid").display()
    );
    let client = GtpClient::spawn(&command).unwrap();
    let pid = pid_of(&dir);
    drop(client);
    assert!(gone(&pid), "the engine {pid} still runs");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn what_is_not_an_answer_is_refused_naming_the_command() {
    let dir = scratch("garbage");
    // An engine that answers in another protocol, then one that closes its output.
    let mut chatty =
        GtpClient::spawn("sh -c 'while read -r line; do printf \"éh?\\n\\n\"; done'").unwrap();
    let error = chatty.send("name").unwrap_err();
    assert!(error.starts_with("`name`: not a GTP answer"), "{error}");
    let mut silent = GtpClient::spawn("true").unwrap();
    let error = silent.send("name").unwrap_err();
    assert!(error.starts_with("`name`: "), "{error}");
    assert!(GtpClient::spawn("").is_ok_and(|mut c| c.send("name").is_err()));
    std::fs::remove_dir_all(&dir).unwrap();
}
