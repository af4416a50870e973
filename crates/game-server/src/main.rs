//! `game-server`: serves the playground and games between people, kept in SQLite.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use clap::{Parser, Subcommand};
use game_server::client_addr::Cidr;
use game_server::store::{self, CopyReport, OpenedStore, PgStore, StoreError, shown};
use game_server::{Cluster, Config, GameStore, Rate, Retention, Server, Site};

/// A game server for the four board games: play a friend by link.
#[derive(Debug, Parser)]
#[command(version, about)]
struct Args {
    /// Serve (no command), or copy the database.
    #[command(subcommand)]
    command: Option<Command>,
    /// The address to listen on.
    #[arg(long, default_value = "127.0.0.1:8080")]
    listen: SocketAddr,
    /// The database: a SQLite file (its folder is made if missing), or a PostgreSQL
    /// address, `postgres://user@host:port/name` (the commands below take SQLite files).
    #[arg(long, global = true, default_value = "data/games.sqlite3")]
    database: PathBuf,
    /// Connections to PostgreSQL the server keeps at most.
    #[arg(long, default_value_t = 16)]
    database_connections: u32,
    /// On PostgreSQL, the address (`host:port`) the other servers of the same database
    /// reach this one at, to forward it the sockets of the games it serves. The default is
    /// --listen, unless that listens on every address (0.0.0.0 or ::): then say it.
    #[arg(long)]
    advertise: Option<String>,
    /// The built playground served at `/`: a folder with the manifest web/build.sh writes
    /// (web/dist). Without the flag, web/dist is served if it exists, else no page (the
    /// games' API only).
    #[arg(long)]
    web: Option<PathBuf>,
    /// Another origin allowed to open game WebSockets (`https://example.org`); repeat for
    /// more. The server's own host is always allowed.
    #[arg(long = "allow-origin")]
    allow_origin: Vec<String>,
    /// The origin the site is served at to the public (`https://play.example`) when a proxy
    /// does not pass the public Host on; then a browser's Origin must be it (or an
    /// --allow-origin), and the Host header is not compared. Repeat for more.
    #[arg(long = "public-origin")]
    public_origin: Vec<String>,
    /// A proxy (an address or a CIDR network, `10.0.0.0/8`) whose `Forwarded` or
    /// `X-Forwarded-For` header names the client; repeat for more. Without it those headers
    /// are ignored.
    #[arg(long = "trusted-proxy")]
    trusted_proxy: Vec<Cidr>,
    /// Games one address may make per minute.
    #[arg(long, default_value_t = 10.0)]
    games_per_minute: f64,
    /// Messages one WebSocket connection may send per second (bursts of twice it). The
    /// default is far above a person's pace; a load test's scripted clients need more.
    #[arg(long, default_value_t = 20.0)]
    messages_per_second: f64,
    /// WebSocket connections one client address may hold open at once (each player and
    /// watcher is one; a load test from one address needs more).
    #[arg(long, default_value_t = 64)]
    connections_per_address: usize,
    /// Seconds a new WebSocket connection has to send its hello before it is closed.
    #[arg(long, default_value_t = 10.0)]
    hello_seconds: f64,
    /// TCP connections held open at once in all; one more is answered 503 and closed.
    #[arg(long, default_value_t = 4096)]
    max_connections: usize,
    /// Seconds a client has to send a request's headers.
    #[arg(long, default_value_t = 10.0)]
    header_seconds: f64,
    /// Seconds one HTTP request may take, its body included.
    #[arg(long, default_value_t = 30.0)]
    request_seconds: f64,
    /// Seconds between the server's pings on each WebSocket (keep it under the proxy's idle
    /// timeout); a socket silent for three of them is closed.
    #[arg(long, default_value_t = 20.0)]
    ping_seconds: f64,
    /// Seconds a quick-match player waits for a person before the computer is offered
    /// (or given, if they asked so).
    #[arg(long, default_value_t = 20.0)]
    match_wait_seconds: f64,
    /// Days a finished game is kept after it ended (0: for ever).
    #[arg(long, default_value_t = 365)]
    keep_finished_days: u32,
    /// Days an unfinished game is kept after its last move (0: for ever); then it is
    /// deleted as abandoned.
    #[arg(long, default_value_t = 30)]
    abandoned_days: u32,
    /// The log's form on standard error: `text` or `json` (one object a line).
    #[arg(long, value_enum, default_value_t = LogFormat::Text)]
    log_format: LogFormat,
    /// The least important events logged: `error`, `warn`, `info` or `debug` (every
    /// request).
    #[arg(long, default_value = "info")]
    log_level: tracing::Level,
}

/// The log's form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum LogFormat {
    /// Lines for a person.
    Text,
    /// One JSON object a line, for a log collector.
    Json,
}

/// Starts the log on standard error.
fn start_log(format: LogFormat, level: tracing::Level) {
    let builder = tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_max_level(level)
        .with_target(false)
        .with_ansi(false);
    match format {
        LogFormat::Text => builder.init(),
        LogFormat::Json => builder.json().flatten_event(true).init(),
    }
}

/// `days` as a retention period; 0 keeps for ever.
fn days(days: u32) -> Option<Duration> {
    (days > 0).then(|| Duration::from_secs(u64::from(days) * 86_400))
}

/// `seconds` as a duration between 0.1 s and an hour (`fallback` if not a number).
fn seconds(seconds: f64, fallback: u64) -> Duration {
    Duration::try_from_secs_f64(seconds.clamp(0.1, 3600.0)).unwrap_or(Duration::from_secs(fallback))
}

/// What to do with the database instead of serving it.
#[derive(Debug, Subcommand)]
enum Command {
    /// Copies the database to a new file OUT, safely while the server runs (SQLite's online
    /// backup: one consistent moment, checked, in one file).
    Backup {
        /// The new file (refused if it exists).
        out: PathBuf,
    },
    /// Lists the games: id, spec, moves, result (or `ongoing`) and when made.
    List,
    /// Writes every game as its record file ID.json into the folder OUT (safe while the
    /// server runs).
    Export {
        /// The folder (made if missing).
        out: PathBuf,
    },
    /// Adds the record files FILE… (JSON, as `export` writes them) as games, all or none:
    /// each keeps its moves and end, gets new seat tokens (printed) and no clock; a game
    /// whose id is there already is passed by (stop the server first).
    Import {
        /// The record files; a file named ID.json keeps that id.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Ends the games ID… with no winner, as the operator's call (stop the server first).
    End {
        /// The games.
        #[arg(required = true)]
        ids: Vec<String>,
    },
    /// Copies every game from one database to another (each a SQLite file, `sqlite:PATH`,
    /// or a PostgreSQL address), as they are, then reads each back and replays its record
    /// (stop the servers first). `--database` is not used.
    Migrate {
        /// The database the games come from.
        #[arg(long)]
        from: String,
        /// The database they go to (made if it is a new SQLite file).
        #[arg(long)]
        to: String,
    },
    /// Deletes the games ID…, moves and all (stop the server first).
    Delete {
        /// The games.
        #[arg(required = true)]
        ids: Vec<String>,
    },
    /// Puts the backup FROM in place as the database (stop the server first).
    Restore {
        /// The backup file.
        from: PathBuf,
        /// Replace the database if it exists (its `-wal` and `-shm` files go with it).
        #[arg(long)]
        replace: bool,
    },
}

/// Runs a database command: what it did on standard output, exit 0; or its error on
/// standard error, exit 2.
fn run_command(command: &Command, database: &Path) -> ExitCode {
    use game_server::admin;
    match command {
        Command::Backup { out } => finish("backup", store::backup(database, out), |report| {
            println!(
                "game-server: backed up {} to {}",
                describe(report),
                out.display()
            );
        }),
        Command::Restore { from, replace } => finish(
            "restore",
            store::restore(from, database, *replace),
            |report| {
                println!(
                    "game-server: restored {} into {}",
                    describe(report),
                    database.display()
                );
            },
        ),
        Command::List => finish("list", admin::list_games(database), |games| {
            for g in games {
                println!(
                    "{}\t{}\t{} moves\t{}\t{}",
                    g.id,
                    g.spec,
                    g.moves,
                    g.result.as_deref().unwrap_or("ongoing"),
                    g.created_ms
                );
            }
        }),
        Command::Export { out } => finish("export", admin::export_records(database, out), |n| {
            println!("game-server: exported {n} games to {}", out.display());
        }),
        Command::Import { files } => {
            finish("import", admin::import_records(database, files), |games| {
                for g in &games {
                    println!(
                        "{}\t{}\t{} moves\t{}\t{}\t{}\t{}",
                        g.id,
                        g.spec,
                        g.moves,
                        g.result.as_deref().unwrap_or("ongoing"),
                        if g.added { "added" } else { "already there" },
                        g.tokens[0],
                        g.tokens[1]
                    );
                }
                let added = games.iter().filter(|g| g.added).count();
                eprintln!("game-server: imported {added} of {} games", games.len());
            })
        }
        Command::End { ids } => finish("end", admin::end_games(database, ids), |ended| {
            for id in &ended {
                println!("{id}");
            }
            eprintln!("game-server: ended {} of {} games", ended.len(), ids.len());
        }),
        Command::Migrate { from, to } => finish("migrate", admin::migrate(from, to), |m| {
            println!(
                "game-server: migrated {} games ({} moves) from {} to {}; {} were there already; every game read back and replayed",
                m.copied + m.already_there,
                m.moves,
                shown(from),
                shown(to),
                m.already_there
            );
            println!(
                "game-server: and {} accounts with their passkeys, ratings and history ({} were there already); sessions are not copied",
                m.accounts + m.accounts_there,
                m.accounts_there
            );
        }),
        Command::Delete { ids } => finish("delete", admin::delete_games(database, ids), |n| {
            println!("game-server: deleted {n} of {} games", ids.len());
        }),
    }
}

/// `done(value)` and exit 0, or the error after `game-server: WHAT:` and exit 2.
fn finish<T, E: std::fmt::Display>(
    what: &str,
    result: Result<T, E>,
    done: impl FnOnce(T),
) -> ExitCode {
    match result {
        Ok(value) => {
            done(value);
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("game-server: {what}: {e}");
            ExitCode::from(2)
        }
    }
}

/// One line for a copy made: the games and moves it holds and its size.
fn describe(report: CopyReport) -> String {
    format!(
        "{} games, {} moves, {} bytes",
        report.games, report.moves, report.bytes
    )
}

fn main() -> ExitCode {
    let args = Args::parse();
    // The commands run on this thread, before any runtime (the PostgreSQL client blocks).
    if let Some(command) = &args.command {
        return run_command(command, &args.database);
    }
    match tokio::runtime::Runtime::new() {
        Ok(runtime) => runtime.block_on(serve(args)),
        Err(e) => {
            eprintln!("game-server: no async runtime: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Serves until SIGINT or SIGTERM.
async fn serve(args: Args) -> ExitCode {
    start_log(args.log_format, args.log_level);
    let site = match load_site(args.web.as_deref()) {
        Ok(site) => site,
        Err(e) => {
            eprintln!("game-server: {e}");
            return ExitCode::from(2);
        }
    };
    let database = args.database.to_string_lossy().into_owned();
    let connections = args.database_connections;
    // The PostgreSQL client blocks: opened on a blocking thread, as every store call is.
    let opened =
        tokio::task::spawn_blocking(move || OpenedStore::open(&database, connections, false)).await;
    let opened = match opened.unwrap_or_else(|e| Err(StoreError::Database(e.to_string()))) {
        Ok(opened) => opened,
        Err(e) => {
            eprintln!(
                "game-server: {}: {e}",
                shown(&args.database.to_string_lossy())
            );
            return ExitCode::from(2);
        }
    };
    let (store, cluster) = match opened {
        OpenedStore::Postgres(pg) => match join_cluster(pg, &args) {
            Ok((store, cluster)) => (store, Some(cluster)),
            Err(e) => {
                eprintln!("game-server: {e}");
                return ExitCode::from(2);
            }
        },
        sqlite @ OpenedStore::Sqlite(_) => (sqlite.into_shared(), None),
    };
    // Held until the process ends.
    let _lock = match lock_sqlite(&args.database.to_string_lossy()) {
        Ok(lock) => lock,
        Err(e) => {
            eprintln!("game-server: {e}");
            return ExitCode::from(2);
        }
    };
    let per_minute = args.games_per_minute.max(0.0);
    let per_second = args.messages_per_second.max(0.0);
    let config = Config {
        site,
        allowed_origins: args.allow_origin,
        public_origins: args.public_origin,
        trusted_proxies: args.trusted_proxy,
        create_rate: Rate {
            burst: (per_minute * 2.0).max(1.0),
            per_second: per_minute / 60.0,
        },
        message_rate: Rate {
            burst: (per_second * 2.0).max(1.0),
            per_second,
        },
        connections_per_address: args.connections_per_address,
        hello_timeout: seconds(args.hello_seconds, 10),
        max_connections: args.max_connections.max(1),
        header_timeout: seconds(args.header_seconds, 10),
        request_timeout: seconds(args.request_seconds, 30),
        ping_interval: seconds(args.ping_seconds, 20),
        retention: Retention {
            finished: days(args.keep_finished_days),
            idle: days(args.abandoned_days),
            ..Retention::default()
        },
        cluster,
        match_wait: seconds(args.match_wait_seconds, 20),
    };
    let server = match Server::start(args.listen, store, config).await {
        Ok(server) => server,
        Err(e) => {
            eprintln!("game-server: {}: {e}", args.listen);
            return ExitCode::from(2);
        }
    };
    // web/tests/online.test.mjs reads the address from this line.
    tracing::info!(database = %shown(&args.database.to_string_lossy()), "listening on http://{}", server.addr());
    let signal = stop_signal();
    match server.serve_until(signal).await {
        Ok(()) => {
            tracing::info!("stopped");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("game-server: {e}");
            ExitCode::FAILURE
        }
    }
}

/// On a SQLite file, the file `DATABASE.lock` held exclusively while the server runs: a
/// second server started on the same file would split its games (each taking the games
/// it loads for its own), so it stops at the start instead. The commands (`backup`,
/// `export`, …) do not take it. `None` on PostgreSQL.
fn lock_sqlite(database: &str) -> Result<Option<std::fs::File>, String> {
    if store::is_postgres(database) {
        return Ok(None);
    }
    let path = format!(
        "{}.lock",
        database.strip_prefix("sqlite:").unwrap_or(database)
    );
    let file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&path)
        .map_err(|e| format!("{path}: {e}"))?;
    match file.try_lock() {
        Ok(()) => Ok(Some(file)),
        Err(std::fs::TryLockError::WouldBlock) => Err(format!(
            "another game-server serves {database} (it holds {path}): one server per SQLite file; several servers share a PostgreSQL database"
        )),
        Err(std::fs::TryLockError::Error(e)) => Err(format!("{path}: {e}")),
    }
}

/// A server on PostgreSQL is one of the servers that may share the database: it gets an
/// id of its own and writes as that server; the others reach it at --advertise, else at
/// the address it binds.
fn join_cluster(pg: PgStore, args: &Args) -> Result<(Arc<dyn GameStore>, Cluster), String> {
    if args.advertise.is_none() && args.listen.ip().is_unspecified() {
        return Err(format!(
            "--listen {} listens on every address: say with --advertise HOST:PORT where the other servers on the database reach this one",
            args.listen
        ));
    }
    let suffix = game_server::token::new_token().map_err(|e| e.to_string())?;
    let instance = format!("gs-{}", &suffix[..12]);
    let pg = Arc::new(pg.serving_as(&instance));
    let cluster =
        Cluster::new(Arc::clone(&pg), args.advertise.clone()).map_err(|e| e.to_string())?;
    Ok((pg, cluster))
}

/// The site to serve: `folder`'s, or web/dist's when no folder is named and it exists.
fn load_site(folder: Option<&Path>) -> Result<Option<Arc<Site>>, game_server::SiteError> {
    const DEFAULT: &str = "web/dist";
    let folder = match folder {
        Some(folder) => folder,
        None if Path::new(DEFAULT).is_dir() => Path::new(DEFAULT),
        None => {
            tracing::info!("no --web and no {DEFAULT}: serving the games, no page");
            return Ok(None);
        }
    };
    let site = Site::load(folder)?;
    tracing::info!(
        folder = %folder.display(),
        files = site.len(),
        bytes = site.bytes(),
        "serving the page"
    );
    Ok(Some(Arc::new(site)))
}

/// Completes at SIGINT (Ctrl-C) or SIGTERM (`systemctl stop`, `docker stop`, `kill`):
/// either stops the server the same graceful way, every WebSocket closed with 1012.
async fn stop_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = tokio::signal::ctrl_c() => {}
                    _ = term.recv() => {}
                }
            }
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}
