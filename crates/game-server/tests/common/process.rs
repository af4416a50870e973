//! The real `game-server` binary as a child process on a temporary database, games made
//! on it, and its SQLite file read directly.
#![cfg(unix)]

use std::net::{SocketAddr, TcpListener};
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

use serde_json::json;

use super::MadeGame;
use super::table::Table;

/// How long the test waits for the server to answer on its port.
const START_PATIENCE: Duration = Duration::from_secs(30);

/// The `game-server` binary running as a child process, killed when dropped (so a failing
/// test leaves no server behind).
pub struct ServerProcess {
    child: Option<Child>,
    /// Where it listens.
    pub addr: SocketAddr,
    /// The log file made for it when the test named none, removed when dropped.
    own_log: Option<PathBuf>,
}

impl ServerProcess {
    /// Starts the binary on a free port with `db` and the site in `web` (none when it holds no
    /// manifest, as the tests' empty folders do), and waits until
    /// its log says it listens there (a few tries, should another process take the port
    /// meanwhile).
    pub fn start(db: &Path, web: &Path) -> ServerProcess {
        ServerProcess::start_with(db, web, &[])
    }

    /// [`ServerProcess::start`] with more flags.
    pub fn start_with(db: &Path, web: &Path, extra: &[&str]) -> ServerProcess {
        ServerProcess::start_logged(db, web, extra, None)
    }

    /// [`ServerProcess::start_with`], its standard error (the log) written to `log`.
    pub fn start_logged(
        db: &Path,
        web: &Path,
        extra: &[&str],
        log: Option<&Path>,
    ) -> ServerProcess {
        for _ in 0..5 {
            if let Some(server) = ServerProcess::try_start(db, web, extra, log) {
                return server;
            }
        }
        panic!("the server would not start");
    }

    /// One try of [`ServerProcess::start`]; `None` if the process ended before it listened.
    fn try_start(
        db: &Path,
        web: &Path,
        extra: &[&str],
        log: Option<&Path>,
    ) -> Option<ServerProcess> {
        // A port chosen here rather than `--listen 127.0.0.1:0`: a server on PostgreSQL
        // advertises its `--listen` address to the others, so it must be a real port.
        let port = free_port();
        // `web` is passed only when it is a built site; an empty folder serves no page.
        let site = web.join("manifest.json").is_file();
        let addr: SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
        // The log goes to a file the test can read: the server's line "listening on
        // http://ADDR" says this child bound the port. A successful connection alone does
        // not: another test's server may hold the port, or, with nothing listening yet, a
        // connection from an ephemeral port equal to the port connects to itself.
        let (log_path, own_log) = match log {
            Some(path) => (path.to_path_buf(), None),
            None => {
                let path = private_log_path();
                (path.clone(), Some(path))
            }
        };
        let child = Command::new(env!("CARGO_BIN_EXE_game-server"))
            .arg("--listen")
            .arg(addr.to_string())
            .arg("--database")
            .arg(db)
            .args(site.then_some("--web"))
            .args(site.then_some(web))
            .args(["--messages-per-second", "1000"])
            .args(if extra.contains(&"--games-per-minute") {
                &[][..]
            } else {
                &["--games-per-minute", "1000"][..]
            })
            .args(extra)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::from(std::fs::File::create(&log_path).unwrap()))
            .spawn()
            .expect("the game-server binary starts");
        let mut server = ServerProcess {
            child: Some(child),
            addr,
            own_log,
        };
        // The line, followed by the text log's fields or the JSON log's closing quote, so
        // that port 4123 is not read in a line saying 41234.
        let listening = [
            format!("listening on http://{addr} "),
            format!("listening on http://{addr}\""),
        ];
        let deadline = Instant::now() + START_PATIENCE;
        loop {
            let said = std::fs::read_to_string(&log_path).unwrap_or_default();
            if listening.iter().any(|line| said.contains(line)) {
                return Some(server);
            }
            if let Some(status) = server.child.as_mut().unwrap().try_wait().unwrap() {
                eprintln!("the server ended before it listened on {addr}: {status}\n{said}");
                server.child = None;
                return None;
            }
            assert!(
                Instant::now() < deadline,
                "the server did not listen on {addr} within {START_PATIENCE:?}:\n{said}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Sends the signal named `name` (`TERM`, `INT`) and waits for the process to end (a
    /// guard of 60 s against a hang, not a measure of speed): its exit status.
    pub fn signal_and_wait(&mut self, name: &str) -> std::process::ExitStatus {
        let mut child = self.child.take().expect("the server runs");
        let sent = Command::new("kill")
            .args(["-s", name, &child.id().to_string()])
            .status()
            .unwrap();
        assert!(sent.success(), "kill -s {name}");
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            if let Some(status) = child.try_wait().unwrap() {
                return status;
            }
            if Instant::now() > deadline {
                let _ = child.kill();
                panic!("the server did not end within 60 s of SIG{name}");
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// SIGKILL: the process ends at once, whatever it was doing.
    pub fn kill(&mut self) {
        let mut child = self.child.take().expect("the server runs");
        child.kill().unwrap();
        let status = child.wait().unwrap();
        assert_eq!(status.signal(), Some(9), "killed by SIGKILL: {status}");
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
        if let Some(path) = self.own_log.take() {
            // A failing test shows what the server said (the harness prints a failing
            // test's output).
            if std::thread::panicking() {
                let said = std::fs::read_to_string(&path).unwrap_or_default();
                let mut start = said.len().saturating_sub(4000);
                while !said.is_char_boundary(start) {
                    start += 1;
                }
                let tail = &said[start..];
                eprintln!("the server on {} said, at the end:\n{tail}", self.addr);
            }
            let _ = std::fs::remove_file(path);
        }
    }
}

/// A fresh path in the temporary folder for a server's log, unique to this process and call.
fn private_log_path() -> PathBuf {
    static NEXT: AtomicU32 = AtomicU32::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    std::env::temp_dir().join(format!("game-server-test-{}-{n}.log", std::process::id()))
}

/// A game of `spec` made on the server at `addr` and both its seats joined, to play moves
/// drawn from `seed`.
pub async fn new_table(addr: SocketAddr, spec: &str, seed: u64) -> Table {
    let game = MadeGame::new(addr, json!({"game": spec, "side": "first"})).await;
    Table::seat(addr, &game, spec, seed).await.0
}

/// The moves of a game as rows of the SQLite file, read directly (no server running).
pub fn stored_moves(db: &Path, id: &str) -> (Vec<String>, u64) {
    let conn = rusqlite::Connection::open(db).unwrap();
    let mut statement = conn
        .prepare("SELECT ply, seat, text FROM moves WHERE game_id = ?1 ORDER BY ply")
        .unwrap();
    let rows: Vec<(i64, i64, String)> = statement
        .query_map([id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    let version: i64 = conn
        .query_row("SELECT version FROM games WHERE id = ?1", [id], |r| {
            r.get(0)
        })
        .unwrap();
    let first_ply = rows.first().map_or(0, |r| r.0);
    for (i, (ply, _, _)) in rows.iter().enumerate() {
        assert_eq!(*ply, first_ply + i as i64, "the plies run without a gap");
    }
    (
        rows.into_iter().map(|r| r.2).collect(),
        u64::try_from(version).unwrap(),
    )
}

/// A port free on 127.0.0.1 when asked (given back for a server to bind).
pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}
