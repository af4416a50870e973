//! `game-server`: serves the playground and games between people, kept in SQLite.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use clap::Parser;
use game_server::store::SqliteStore;
use game_server::{Config, Rate, Server};

/// A game server for the four board games: play a friend by link.
#[derive(Debug, Parser)]
#[command(version, about)]
struct Args {
    /// The address to listen on.
    #[arg(long, default_value = "127.0.0.1:8080")]
    listen: SocketAddr,
    /// The SQLite database file (its folder is made if missing).
    #[arg(long, default_value = "data/games.sqlite3")]
    database: PathBuf,
    /// The folder of static files served at `/` (the playground).
    #[arg(long, default_value = "web")]
    web: PathBuf,
    /// Another origin allowed to open game WebSockets (`https://example.org`); repeat for
    /// more. The server's own host is always allowed.
    #[arg(long = "allow-origin")]
    allow_origin: Vec<String>,
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
}

#[tokio::main]
async fn main() -> ExitCode {
    let args = Args::parse();
    let store = match SqliteStore::open(&args.database) {
        Ok(store) => store,
        Err(e) => {
            eprintln!("game-server: {}: {e}", args.database.display());
            return ExitCode::from(2);
        }
    };
    let per_minute = args.games_per_minute.max(0.0);
    let per_second = args.messages_per_second.max(0.0);
    let config = Config {
        web_root: Some(args.web),
        allowed_origins: args.allow_origin,
        create_rate: Rate {
            burst: (per_minute * 2.0).max(1.0),
            per_second: per_minute / 60.0,
        },
        message_rate: Rate {
            burst: (per_second * 2.0).max(1.0),
            per_second,
        },
        connections_per_address: args.connections_per_address,
        hello_timeout: Duration::try_from_secs_f64(args.hello_seconds.clamp(0.1, 3600.0))
            .unwrap_or(Duration::from_secs(10)),
    };
    let server = match Server::start(args.listen, Arc::new(store), config).await {
        Ok(server) => server,
        Err(e) => {
            eprintln!("game-server: {}: {e}", args.listen);
            return ExitCode::from(2);
        }
    };
    eprintln!("game-server: listening on http://{}", server.addr());
    let signal = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    match server.serve_until(signal).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("game-server: {e}");
            ExitCode::FAILURE
        }
    }
}
