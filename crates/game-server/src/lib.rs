//! A game server for people playing each other on the four rule engines (Kazura, Bao,
//! go9, Bind), through [`game_catalog`].
//!
//! One player makes a game over HTTP (`POST /games`) and gets a secret token for their
//! seat, a play link for the other seat and a watch link. Moves travel over a WebSocket as
//! JSON ([`protocol`]); the server checks each with the rules crates and is the only
//! judge; it keeps the clocks; and it writes every move to its store (a SQLite file, or
//! PostgreSQL) before it tells anyone of it, so a restarted server loses nothing that was
//! acknowledged. Several servers on one PostgreSQL serve the same games ([`cluster`]).
//! docs/server.md describes the protocol and the decisions.
//!
//! ```no_run
//! use std::sync::Arc;
//! use game_server::{Config, Server, store::SqliteStore};
//!
//! # async fn start() -> Result<(), Box<dyn std::error::Error>> {
//! let store = SqliteStore::open("data/games.sqlite3".as_ref())?;
//! let server = Server::start("127.0.0.1:8080".parse()?, Arc::new(store), Config::default()).await?;
//! println!("listening on http://{}", server.addr());
//! server.stop().await;
//! # Ok(())
//! # }
//! ```
//!
//! The protocol's parser is a pure function:
//!
//! ```
//! use game_server::protocol::{ClientMessage, ErrorCode, parse_client};
//!
//! let hello = parse_client(r#"{"type":"hello","protocol":1,"token":"ab12"}"#).unwrap();
//! assert!(matches!(hello, ClientMessage::Hello { protocol: 1, .. }));
//! let e = parse_client(r#"{"type":"move","move":"E5"}"#).unwrap_err();
//! assert_eq!(e.code, ErrorCode::BadMessage); // no version: a move must say what it saw
//! assert_eq!(parse_client("{oops").unwrap_err().code, ErrorCode::BadJson);
//! ```
#![forbid(unsafe_code)]

pub mod accounts;
pub mod admin;
mod admission;
mod app;
pub mod client_addr;
pub mod clock;
pub mod cluster;
mod computer;
mod create;
mod forward;
mod http;
pub mod limits;
mod log;
mod matching;
mod metrics;
pub mod protocol;
mod rankings;
mod room;
mod serve;
pub mod site;
pub mod store;
pub mod token;
mod ws;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use tokio::net::TcpListener;
use tokio::sync::watch;
use tokio::task::JoinHandle;

pub use app::{Config, Pruned, Retention};
pub use cluster::Cluster;
pub use limits::Rate;
pub use site::{Site, SiteError};
pub use store::GameStore;
pub use ws::Client;

/// The time now, in Unix milliseconds (what the store keeps; a clock set back is read as
/// no time passing).
#[must_use]
pub fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

/// How long [`Server::stop`] waits for open connections to end once every WebSocket has
/// been told to close: a request whose client never finishes sending it is dropped then.
pub const SHUTDOWN_GRACE: Duration = Duration::from_secs(5);

/// A running server.
#[derive(Debug)]
pub struct Server {
    addr: SocketAddr,
    app: Arc<app::App>,
    shutdown: watch::Sender<bool>,
    task: JoinHandle<std::io::Result<()>>,
}

impl Server {
    /// Binds `listen` (port 0 picks a free one), restarts the flag timers of the games
    /// whose clocks run, and serves.
    ///
    /// # Errors
    /// The bind's I/O error, or the store's failure to list running games.
    pub async fn start(
        listen: SocketAddr,
        store: Arc<dyn GameStore>,
        config: Config,
    ) -> std::io::Result<Server> {
        let listener = TcpListener::bind(listen).await?;
        let addr = listener.local_addr()?;
        let (shutdown, rx) = watch::channel(false);
        let app = Arc::new(app::App::new(store, config, rx.clone()));
        if let Some(cluster) = app.config.cluster.clone() {
            cluster.bound(addr);
            tracing::info!(
                instance = cluster.instance(),
                advertise = cluster.advertise(),
                "one of several servers on the database"
            );
            // Registered before anything, so that this server may take games.
            let beat = cluster.clone();
            tokio::task::spawn_blocking(move || beat.heartbeat())
                .await
                .map_err(std::io::Error::other)?
                .map_err(|e| std::io::Error::other(e.to_string()))?;
        }
        // The retention policy first, so that abandoned games are not loaded.
        app.prune()
            .await
            .map_err(|e| std::io::Error::other(e.to_string()))?;
        match app.config.cluster.clone() {
            // The running clocks nobody serves are taken by the cluster's loop, at once
            // and then every second.
            Some(cluster) => {
                tokio::spawn(cluster::run(Arc::clone(&app), cluster, rx.clone()));
            }
            None => app
                .load_running_clocks()
                .await
                .map_err(|e| std::io::Error::other(e.to_string()))?,
        }
        let router = http::router(Arc::clone(&app));
        tokio::spawn(prune_every(Arc::clone(&app), rx.clone()));
        tokio::spawn(matching::run(Arc::clone(&app), rx.clone()));
        let task = tokio::spawn(serve::accept_loop(listener, router, Arc::clone(&app), rx));
        Ok(Server {
            addr,
            app,
            shutdown,
            task,
        })
    }

    /// The address it listens on.
    #[must_use]
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Applies the retention policy now (as the server does at start and every
    /// [`Retention::every`]): the games deleted, and those kept because they were in use.
    ///
    /// # Errors
    /// The store's failure, as a message; then nothing is deleted.
    pub async fn prune_now(&self) -> Result<Pruned, String> {
        self.app.prune().await.map_err(|e| e.message)
    }

    /// Stops taking connections, closes every WebSocket (code 1012) and stops the flag
    /// timers; returns once every connection has ended, or after [`SHUTDOWN_GRACE`] at the
    /// latest (a request still half-sent then is dropped). Everything acknowledged is
    /// already in the store.
    pub async fn stop(mut self) {
        if let Some(cluster) = self.app.config.cluster.clone() {
            // The games first, so that another server takes each at once; a write this
            // server still tries is refused by the store and closes its sockets.
            let giving_up = cluster.clone();
            match tokio::task::spawn_blocking(move || giving_up.retire()).await {
                Ok(Ok(games)) => tracing::info!(games, "cluster: gave every game up"),
                Ok(Err(e)) => {
                    tracing::error!(error = %e, "cluster: the games could not be given up")
                }
                Err(e) => tracing::error!(error = %e, "cluster: the games could not be given up"),
            }
        }
        let _ = self.shutdown.send(true);
        self.app.stop_timers().await;
        let _ = (&mut self.task).await;
        // Every connection has been told to end; wait for them, a while at most.
        let deadline = tokio::time::Instant::now() + SHUTDOWN_GRACE;
        while self.app.sockets.total() > 0 && tokio::time::Instant::now() < deadline {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }

    /// Serves until `signal` completes (then stops as [`Server::stop`]) or the server fails.
    ///
    /// # Errors
    /// The server's I/O error.
    pub async fn serve_until(mut self, signal: impl Future<Output = ()>) -> std::io::Result<()> {
        tokio::select! {
            ended = &mut self.task => match ended {
                Ok(result) => result,
                Err(e) => Err(std::io::Error::other(e.to_string())),
            },
            () = signal => {
                self.stop().await;
                Ok(())
            }
        }
    }
}

/// Applies the retention policy every [`Retention::every`] until the server stops, logging
/// what it deleted.
async fn prune_every(app: Arc<app::App>, mut stop: watch::Receiver<bool>) {
    loop {
        tokio::select! {
            () = tokio::time::sleep(app.config.retention.every) => {}
            _ = stop.wait_for(|s| *s) => return,
        }
        match app.prune().await {
            Ok(pruned) if pruned.finished + pruned.abandoned > 0 => tracing::info!(
                finished = pruned.finished,
                abandoned = pruned.abandoned,
                in_use = pruned.in_use,
                "retention: games deleted"
            ),
            Ok(_) => {}
            Err(e) => tracing::error!(error = %e.message, "retention failed"),
        }
    }
}

/// The server without its network: the shared state of a [`Server`] (the store, the rooms
/// in memory, the limits) with games made and connections opened by calls rather than by
/// HTTP and WebSocket requests. A [`Client`] it opens handles client frames exactly as a
/// WebSocket connection's loop does; the fuzz target `server_messages` drives them so.
/// Its calls need a tokio runtime (the store's calls run on its blocking threads).
#[derive(Debug)]
pub struct Offline {
    app: Arc<app::App>,
    /// Never sent: an offline server is never stopped.
    _shutdown: watch::Sender<bool>,
}

impl Offline {
    /// The shared state over `store`, with `config`'s limits.
    #[must_use]
    pub fn new(store: Arc<dyn GameStore>, config: Config) -> Offline {
        let (shutdown, rx) = watch::channel(false);
        Offline {
            app: Arc::new(app::App::new(store, config, rx)),
            _shutdown: shutdown,
        }
    }

    /// Makes a game as `POST /games` does, from the request's JSON (`{"game": "go9",
    /// "side": "first"}`); the same answer (the id, each seat's token).
    ///
    /// # Errors
    /// [`protocol::ErrorCode::BadMessage`] for a request of the wrong shape, and the
    /// refusals of `POST /games` (docs/server.md); the per-address limit is not applied.
    pub async fn create(
        &self,
        request: serde_json::Value,
    ) -> Result<serde_json::Value, protocol::ProtocolError> {
        let request: create::CreateRequest = serde_json::from_value(request).map_err(|e| {
            protocol::ProtocolError::new(
                protocol::ErrorCode::BadMessage,
                format!("no game request: {e}"),
            )
        })?;
        self.app.create(request).await
    }

    /// Opens a connection to game `id`, as `GET /games/{id}/ws` does once the origin is
    /// checked; end it with [`Client::close`].
    ///
    /// # Errors
    /// [`protocol::ErrorCode::UnknownGame`], or [`protocol::ErrorCode::Internal`] if the
    /// store fails.
    pub async fn connect(&self, id: &str) -> Result<Client, protocol::ProtocolError> {
        let room = self.app.room(id).await?;
        Ok(Client::new(Arc::clone(&self.app), id.to_string(), room))
    }

    /// Game `id`'s `state` message as a spectator sees it, as `GET /games/{id}` answers
    /// (the room is loaded from the store if nothing holds it, and forgotten again).
    ///
    /// # Errors
    /// As [`Offline::connect`].
    pub async fn state(&self, id: &str) -> Result<serde_json::Value, protocol::ProtocolError> {
        let room = self.app.room(id).await?;
        let state = room.lock().await.state_json(None, now_ms());
        drop(room);
        self.app.release(id);
        Ok(state)
    }
}
