//! A throwaway PostgreSQL server for a test: Debian's `initdb` and `pg_ctl` in a
//! temporary folder, listening on a free loopback port, stopped and removed when dropped.
//! As root (CI), the server runs as the `postgres` user the package made (PostgreSQL will
//! not run as root).
//!
//! Without PostgreSQL installed, [`TempPostgres::start`] fails the test when the `CI`
//! environment variable is set (CI installs Debian's `postgresql`) and otherwise says why
//! the test did nothing.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use super::TempDir;
use super::process::free_port;

/// A running throwaway PostgreSQL server.
pub struct TempPostgres {
    bin: PathBuf,
    dir: TempDir,
    port: u16,
    as_postgres: bool,
    databases: std::sync::atomic::AtomicUsize,
}

/// The newest installed PostgreSQL's programs (`/usr/lib/postgresql/N/bin`).
fn bin_dir() -> Option<PathBuf> {
    let mut versions: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .ok()?
        .filter_map(|e| {
            let e = e.ok()?;
            let n = e.file_name().to_str()?.parse().ok()?;
            let bin = e.path().join("bin");
            bin.join("initdb").exists().then_some((n, bin))
        })
        .collect();
    versions.sort();
    versions.pop().map(|(_, bin)| bin)
}

impl TempPostgres {
    /// Starts a new server, or `None` (with a message) when PostgreSQL is not installed.
    pub fn start(name: &str) -> Option<TempPostgres> {
        let Some(bin) = bin_dir() else {
            assert!(
                std::env::var_os("CI").is_none(),
                "PostgreSQL is not installed, and CI must run the PostgreSQL tests (install Debian's `postgresql`)"
            );
            eprintln!(
                "PostgreSQL (/usr/lib/postgresql/*/bin) is not installed: this test did nothing (it fails under CI)"
            );
            return None;
        };
        let dir = TempDir::new(name);
        let as_postgres = is_root();
        if as_postgres {
            let out = Command::new("chown")
                .args(["-R", "postgres:postgres"])
                .arg(&dir.0)
                .output()
                .unwrap();
            assert!(out.status.success(), "chown: {out:?}");
        }
        let port = free_port();
        let server = TempPostgres {
            bin,
            dir,
            port,
            as_postgres,
            databases: std::sync::atomic::AtomicUsize::new(0),
        };
        let data = server.data();
        server.run(
            "initdb",
            &[
                "-D",
                data.to_str().unwrap(),
                "-U",
                "gs",
                "-A",
                "trust",
                "-E",
                "UTF8",
                "--locale=C",
                "--no-sync",
            ],
        );
        let options = format!(
            "-p {port} -c listen_addresses=127.0.0.1 -k {} -c fsync=off -c max_connections=200",
            data.display()
        );
        server.run(
            "pg_ctl",
            &[
                "-D",
                data.to_str().unwrap(),
                "-l",
                server.dir.0.join("server.log").to_str().unwrap(),
                "-w",
                "-t",
                "60",
                "-o",
                &options,
                "start",
            ],
        );
        Some(server)
    }

    fn data(&self) -> PathBuf {
        self.dir.0.join("data")
    }

    /// Runs one of PostgreSQL's programs (as `postgres` when this is root); panics with its
    /// output if it fails.
    fn run(&self, program: &str, args: &[&str]) -> Output {
        let out = self
            .command(program)
            .args(args)
            .output()
            .unwrap_or_else(|e| panic!("{program}: {e}"));
        assert!(
            out.status.success(),
            "{program} failed: {}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        out
    }

    /// One of PostgreSQL's programs, to run as `postgres` when this is root.
    fn command(&self, program: &str) -> Command {
        let path = self.bin.join(program);
        if self.as_postgres {
            let mut command = Command::new("runuser");
            command.args(["-u", "postgres", "--"]).arg(path);
            command
        } else {
            Command::new(path)
        }
    }

    /// The address of a new, empty database of this server.
    pub fn new_database(&self) -> String {
        let n = self
            .databases
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed)
            + 1;
        let name = format!("games_{n}");
        let mut admin = postgres::Client::connect(&self.url("postgres"), postgres::NoTls)
            .expect("the throwaway server answers");
        admin
            .batch_execute(&format!("CREATE DATABASE {name}"))
            .unwrap();
        self.url(&name)
    }

    /// The address of `database` on this server.
    pub fn url(&self, database: &str) -> String {
        format!(
            "postgres://gs@127.0.0.1:{}/{database}?connect_timeout=10",
            self.port
        )
    }

    /// The server's folder (its log is `server.log` there).
    pub fn folder(&self) -> &Path {
        &self.dir.0
    }
}

impl Drop for TempPostgres {
    fn drop(&mut self) {
        let data = self.data();
        let _ = self
            .command("pg_ctl")
            .args(["-D", data.to_str().unwrap_or(""), "-m", "immediate", "stop"])
            .output();
    }
}

/// Whether this process runs as root.
fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| o.stdout.trim_ascii() == b"0")
}
