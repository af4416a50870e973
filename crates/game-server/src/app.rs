//! The server's shared state: the store, the rooms in memory, the limits, the flag-fall
//! timers and the shutdown signal.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex as StdMutex, PoisonError};
use std::time::Duration;

use tokio::sync::{Mutex, watch};
use tokio::task::AbortHandle;

use crate::client_addr::Cidr;
use crate::cluster::Cluster;
use crate::computer::Computers;
use crate::limits::{OpenConnections, PerIp, Rate};
use crate::log::Burst;
use crate::matching::Matchmaker;
use crate::metrics::{Metered, Metrics, Now};
use crate::protocol::{ErrorCode, ProtocolError};
use crate::room::Room;
use crate::site::Site;
use crate::store::{GameStore, GroupCommit};
use crate::{now_ms, token};

/// The most updates committed in one transaction.
const MAX_BATCH: usize = 512;

/// The server's settings.
#[derive(Clone, Debug)]
pub struct Config {
    /// The built site served at `/` (the playground, web/dist); `None` serves none.
    pub site: Option<Arc<Site>>,
    /// Origins allowed to open a game's WebSocket besides the server's own host
    /// (`https://example.org`); a request with no `Origin` header (not a browser) is let in.
    pub allowed_origins: Vec<String>,
    /// The origins the site is served at to the public (`https://play.example`), behind a
    /// proxy that does not pass the public `Host` on. When there are any, a browser's
    /// `Origin` must be one of them or of `allowed_origins`: `Host` is not compared.
    pub public_origins: Vec<String>,
    /// Proxies whose forwarded-for headers name the client ([`crate::client_addr`]); their
    /// own connections count against the total only.
    pub trusted_proxies: Vec<Cidr>,
    /// Messages per WebSocket connection.
    pub message_rate: Rate,
    /// Games made per client address.
    pub create_rate: Rate,
    /// WebSocket connections one client (an IPv4 address or an IPv6 /64) may hold open at
    /// once; it may hold twice as many TCP connections of any kind (page loads besides its
    /// sockets).
    pub connections_per_address: usize,
    /// How long a new WebSocket connection has to send its `hello`.
    pub hello_timeout: Duration,
    /// TCP connections the server holds open at once, from everyone together; one more is
    /// answered `503` and closed without being read.
    pub max_connections: usize,
    /// How long a client has to send a request's headers (also the longest a kept-alive
    /// connection waits idle for its next request).
    pub header_timeout: Duration,
    /// How long one HTTP request may take from its headers to its response, its body
    /// included (a WebSocket's upgrade request included; not the socket after it).
    pub request_timeout: Duration,
    /// How often the server pings each WebSocket (so a proxy's idle timeout never cuts a
    /// quiet game); a socket silent for three intervals, not even a pong, is closed.
    pub ping_interval: Duration,
    /// How long games are kept.
    pub retention: Retention,
    /// This server's place among several on one PostgreSQL database; `None` for a server
    /// alone on its store.
    pub cluster: Option<Cluster>,
    /// How long a quick-match player waits for a person before the computer is offered
    /// (or given, if they asked so).
    pub match_wait: Duration,
}

/// How long games are kept (docs/server.md, "Retention"): the server deletes the games
/// this lets go at start and then every [`Retention::every`], except those a connection
/// or a request is using.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Retention {
    /// A finished game is deleted this long after it ended; `None` keeps it for ever.
    pub finished: Option<Duration>,
    /// An unfinished game is deleted (abandoned) when this long has passed since it was
    /// made, its last move and its clock's last start; `None` keeps it for ever.
    pub idle: Option<Duration>,
    /// How often the server looks.
    pub every: Duration,
}

impl Default for Retention {
    /// Finished games for a year, unfinished ones 30 days after their last move; looked at
    /// every hour.
    fn default() -> Retention {
        Retention {
            finished: Some(Duration::from_secs(365 * 86_400)),
            idle: Some(Duration::from_secs(30 * 86_400)),
            every: Duration::from_secs(3600),
        }
    }
}

/// What one look of the retention policy did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pruned {
    /// Finished games deleted.
    pub finished: usize,
    /// Abandoned games deleted.
    pub abandoned: usize,
    /// Games the policy let go but that a connection or a request was using: kept.
    pub in_use: usize,
}

impl Default for Config {
    /// No static files, no other origin, 20 messages a second (bursts of 40) per
    /// connection, 10 games a minute (bursts of 20) and 64 open WebSockets per client,
    /// 10 seconds for a `hello`, 4096 connections in all, 10 seconds for a request's
    /// headers and 30 for a whole request, a ping every 20 seconds,
    /// [`Retention::default`] and 20 seconds' wait for a quick match.
    fn default() -> Config {
        Config {
            site: None,
            allowed_origins: Vec::new(),
            public_origins: Vec::new(),
            trusted_proxies: Vec::new(),
            message_rate: Rate {
                burst: 40.0,
                per_second: 20.0,
            },
            create_rate: Rate {
                burst: 20.0,
                per_second: 10.0 / 60.0,
            },
            connections_per_address: 64,
            hello_timeout: Duration::from_secs(10),
            max_connections: 4096,
            header_timeout: Duration::from_secs(10),
            request_timeout: Duration::from_secs(30),
            ping_interval: Duration::from_secs(20),
            retention: Retention::default(),
            cluster: None,
            match_wait: Duration::from_secs(20),
        }
    }
}

/// The state every request shares.
pub struct App {
    pub(crate) store: Arc<dyn GameStore>,
    pub(crate) config: Config,
    rooms: StdMutex<HashMap<String, Arc<Mutex<Room>>>>,
    /// The flag-fall timers of the games whose clocks run, by game id, in memory or not.
    flag_timers: StdMutex<HashMap<String, (u64, AbortHandle)>>,
    /// Counts the timers made, so a finished timer removes only its own entry.
    timer_generation: AtomicU64,
    pub(crate) create_limit: PerIp,
    /// Open WebSockets, per client and in all.
    pub(crate) connections: OpenConnections,
    /// Open TCP connections of any kind (HTTP or WebSocket), per client and in all: taken
    /// when a connection is accepted, before anything is read from it.
    pub(crate) sockets: OpenConnections,
    pub(crate) shutdown: watch::Receiver<bool>,
    /// What the server counts (`GET /metrics`).
    pub(crate) metrics: Arc<Metrics>,
    /// The log's limit for connections refused at the door.
    pub(crate) door_log: Burst,
    /// The log's limit for sockets closed for their behaviour and refused requests.
    pub(crate) policy_log: Burst,
    /// The computer's seats: who is thinking, and how many may at once.
    pub(crate) computers: Computers,
    /// The quick-match queues.
    pub(crate) matchmaker: Matchmaker,
}

impl std::fmt::Debug for App {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("App")
            .field("config", &self.config)
            .finish_non_exhaustive()
    }
}

fn refuse(code: ErrorCode, message: impl Into<String>) -> ProtocolError {
    ProtocolError::new(code, message)
}

/// Where a game is served, when several servers share the database.
pub(crate) enum Located {
    /// Here: its room.
    Here(Arc<Mutex<Room>>),
    /// By another server, reached at this address.
    Elsewhere(String),
}

/// Runs `work` with the store on a blocking thread; a failure as [`ErrorCode::Internal`]
/// (a name taken as [`ErrorCode::NameTaken`]).
pub(crate) async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, crate::store::StoreError> + Send + 'static,
) -> Result<T, ProtocolError> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|e| refuse(ErrorCode::Internal, e.to_string()))?
        .map_err(|e| match e {
            crate::store::StoreError::NameTaken(_) => refuse(ErrorCode::NameTaken, e.to_string()),
            _ => refuse(ErrorCode::Internal, e.to_string()),
        })
}

/// The refusal for a game id nobody has (or that is not an id at all).
fn unknown_game(id: &str) -> ProtocolError {
    refuse(ErrorCode::UnknownGame, format!("no game has the id {id:?}"))
}

impl App {
    /// The shared state over `store`, stopped when `shutdown` turns true. Updates reach
    /// `store` through a [`GroupCommit`]: the moves of many games in one transaction.
    pub(crate) fn new(
        store: Arc<dyn GameStore>,
        config: Config,
        shutdown: watch::Receiver<bool>,
    ) -> App {
        let create_limit = PerIp::new(config.create_rate);
        let connections =
            OpenConnections::new(config.connections_per_address, config.max_connections);
        let sockets = OpenConnections::new(
            config.connections_per_address.saturating_mul(2),
            config.max_connections,
        );
        let metrics = Arc::new(Metrics::new());
        let config_match_wait = config.match_wait;
        App {
            store: Arc::new(Metered::new(
                GroupCommit::new(store, MAX_BATCH),
                Arc::clone(&metrics),
            )),
            metrics,
            door_log: Burst::new(),
            policy_log: Burst::new(),
            config,
            rooms: StdMutex::new(HashMap::new()),
            flag_timers: StdMutex::new(HashMap::new()),
            timer_generation: AtomicU64::new(0),
            create_limit,
            connections,
            sockets,
            shutdown,
            computers: Computers::new(),
            matchmaker: Matchmaker::new(config_match_wait),
        }
    }

    /// The room of game `id`, loaded from the store the first time.
    ///
    /// # Errors
    /// [`ErrorCode::UnknownGame`] if there is no such game, [`ErrorCode::Unavailable`] if
    /// another server serves it, [`ErrorCode::Internal`] if the store fails.
    pub(crate) async fn room(
        self: &Arc<Self>,
        id: &str,
    ) -> Result<Arc<Mutex<Room>>, ProtocolError> {
        match self.locate(id).await? {
            Located::Here(room) => Ok(room),
            Located::Elsewhere(address) => Err(refuse(
                ErrorCode::Unavailable,
                format!("the server at {address} serves this game"),
            )),
        }
    }

    /// Where game `id` is served: its room here (loaded from the store the first time,
    /// after taking the game when several servers share the database), or the address of
    /// the server that owns it.
    ///
    /// # Errors
    /// [`ErrorCode::UnknownGame`] if there is no such game, [`ErrorCode::Unavailable`] if
    /// no server can serve it now (this one is stopping), [`ErrorCode::Internal`] if the
    /// store fails.
    pub(crate) async fn locate(self: &Arc<Self>, id: &str) -> Result<Located, ProtocolError> {
        if !token::is_game_id(id) {
            return Err(unknown_game(id));
        }
        if let Some(room) = self.rooms().get(id) {
            return Ok(Located::Here(Arc::clone(room)));
        }
        if let Some(cluster) = &self.config.cluster {
            let (c, key) = (cluster.clone(), id.to_string());
            // Taken here, or served elsewhere; a game nobody may take (this server stops)
            // and that no live server owns is unavailable until another takes it.
            let taken = blocking(move || match c.acquire(&key)? {
                Some(_) => Ok(None),
                None => c.owner_elsewhere(&key).map(Some),
            })
            .await?;
            match taken {
                None => {}
                Some(Some(address)) => return Ok(Located::Elsewhere(address)),
                Some(None) if cluster.is_retiring() => {
                    return Err(refuse(
                        ErrorCode::Unavailable,
                        "this server is stopping: reconnect",
                    ));
                }
                // No such game, or this server's own row has lapsed (its database is
                // out of reach): acquire takes any game nobody serves.
                Some(None) => {
                    self.load(id).await?;
                    return Err(refuse(
                        ErrorCode::Unavailable,
                        "this server cannot take the game now: reconnect",
                    ));
                }
            }
        }
        let room = self.load(id).await?;
        let fresh = Arc::new(Mutex::new(room));
        let room = Arc::clone(self.rooms().entry(id.to_string()).or_insert(fresh));
        {
            let guard = room.lock().await;
            if !self.timers().contains_key(id) {
                self.reschedule(&guard);
            }
            // A game loaded again (a restart, a takeover) where the computer is to move.
            self.wake_computer(&guard);
        }
        Ok(Located::Here(room))
    }

    /// Game `id` read from the store into a room of its own (not the shared one).
    async fn load(&self, id: &str) -> Result<Room, ProtocolError> {
        let store = Arc::clone(&self.store);
        let key = id.to_string();
        let stored = blocking(move || store.load(&key))
            .await?
            .ok_or_else(|| unknown_game(id))?;
        let mut room =
            Room::from_stored(stored).map_err(|e| refuse(ErrorCode::Internal, e.to_string()))?;
        room.read_ratings(&self.store).await;
        Ok(room)
    }

    /// `read` of game `id` as it stands: its room in memory if this server holds it, else
    /// as stored (any server answers reads from the database, whoever owns the game).
    ///
    /// # Errors
    /// As [`App::room`].
    pub(crate) async fn read<T>(
        &self,
        id: &str,
        read: impl FnOnce(&Room) -> T,
    ) -> Result<T, ProtocolError> {
        if !token::is_game_id(id) {
            return Err(unknown_game(id));
        }
        let held = self.rooms().get(id).cloned();
        match held {
            Some(room) => Ok(read(&*room.lock().await)),
            None => Ok(read(&self.load(id).await?)),
        }
    }

    /// Drops game `id`'s room `room` from memory and stops its flag timer, if the map
    /// still holds that room (it was lost: [`Room::is_gone`]).
    pub(crate) fn forget_lost(&self, id: &str, room: &Arc<Mutex<Room>>) {
        let mut rooms = self.rooms();
        if rooms.get(id).is_some_and(|held| Arc::ptr_eq(held, room)) {
            rooms.remove(id);
            if let Some((_, timer)) = self.timers().remove(id) {
                timer.abort();
            }
        }
    }

    /// Forgets game `id`'s room if nothing but the map holds it (no connection, no
    /// request; a flag timer holds only the id): its state is all in the store, and it is
    /// loaded again when next asked for. Open offers, kept only in memory, are withdrawn
    /// with it.
    pub(crate) fn release(&self, id: &str) {
        let mut rooms = self.rooms();
        if rooms
            .get(id)
            .is_some_and(|room| Arc::strong_count(room) == 1)
        {
            rooms.remove(id);
        }
    }

    /// How many rooms are in memory.
    #[cfg(test)]
    pub(crate) fn rooms_in_memory(&self) -> usize {
        self.rooms().len()
    }

    pub(crate) fn rooms(&self) -> std::sync::MutexGuard<'_, HashMap<String, Arc<Mutex<Room>>>> {
        self.rooms.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Deletes the games the retention policy lets go, except those in use: a room in
    /// memory that anything but its own flag timer holds (a connection, a request).
    ///
    /// # Errors
    /// [`ErrorCode::Internal`] if the store fails; then nothing is deleted.
    pub(crate) async fn prune(self: &Arc<Self>) -> Result<Pruned, ProtocolError> {
        let policy = self.config.retention;
        let now = now_ms();
        let before = |keep: Option<Duration>| {
            keep.map(|d| now.saturating_sub(u64::try_from(d.as_millis()).unwrap_or(u64::MAX)))
        };
        let store = Arc::clone(&self.store);
        let (finished_before, idle_before) = (before(policy.finished), before(policy.idle));
        let expired = blocking(move || store.expired(finished_before, idle_before)).await?;
        let mut pruned = Pruned::default();
        let mut ids = Vec::new();
        for game in expired {
            if self.owned_elsewhere(&game.id).await? || !self.evict_unused(&game.id) {
                pruned.in_use += 1;
                continue;
            }
            if game.finished {
                pruned.finished += 1;
            } else {
                pruned.abandoned += 1;
            }
            ids.push(game.id);
        }
        if !ids.is_empty() {
            let store = Arc::clone(&self.store);
            blocking(move || store.delete_games(&ids)).await?;
        }
        Ok(pruned)
    }

    /// Whether another live server owns game `id` (it may be using it); never, alone.
    async fn owned_elsewhere(&self, id: &str) -> Result<bool, ProtocolError> {
        let Some(cluster) = self.config.cluster.clone() else {
            return Ok(false);
        };
        let key = id.to_string();
        Ok(blocking(move || cluster.owner_elsewhere(&key))
            .await?
            .is_some())
    }

    /// Whether `ip` is a proxy whose forwarded-for headers name the client: a
    /// `--trusted-proxy`, or another server of the cluster forwarding a socket.
    pub(crate) fn trusts(&self, ip: std::net::IpAddr) -> bool {
        crate::client_addr::is_trusted(ip, &self.config.trusted_proxies)
            || self.config.cluster.as_ref().is_some_and(|c| c.is_peer(ip))
    }

    /// Drops game `id`'s room from memory and stops its flag timer unless something holds
    /// the room (a connection, a request): whether the game is free to delete. The map
    /// stays locked throughout, so no request can take the room meanwhile.
    fn evict_unused(&self, id: &str) -> bool {
        let mut rooms = self.rooms();
        if rooms
            .get(id)
            .is_some_and(|room| Arc::strong_count(room) > 1)
        {
            return false;
        }
        rooms.remove(id);
        if let Some((_, timer)) = self.timers().remove(id) {
            timer.abort();
        }
        true
    }

    /// Starts the flag timers of every game whose clock runs, so that its flag falls even
    /// if nobody connects: each game is loaded to read its deadline, then let go (only its
    /// timer stays, holding the game's id).
    pub(crate) async fn load_running_clocks(self: &Arc<Self>) -> Result<(), ProtocolError> {
        let store = Arc::clone(&self.store);
        let ids = blocking(move || store.running_clocks()).await?;
        for id in ids {
            drop(self.room(&id).await?);
            self.release(&id);
        }
        Ok(())
    }

    /// Sets the game's flag-fall timer to the mover's deadline (or none), replacing the
    /// one it had. The timer holds the game's id, not its room: a game nobody is using is
    /// not kept in memory by its clock, and is loaded again when its flag is due.
    pub(crate) fn reschedule(self: &Arc<Self>, room: &Room) {
        let id = room.id().to_string();
        let mut timers = self.timers();
        if let Some((_, timer)) = timers.remove(&id) {
            timer.abort();
        }
        let Some(first) = room.flag_deadline() else {
            return;
        };
        let generation = self.timer_generation.fetch_add(1, Ordering::Relaxed) + 1;
        let app = Arc::clone(self);
        let task_id = id.clone();
        let task = tokio::spawn(async move {
            let mut deadline = first;
            loop {
                let wait = deadline.saturating_sub(now_ms());
                tokio::time::sleep(Duration::from_millis(wait)).await;
                let Ok(handle) = app.room(&task_id).await else {
                    break;
                };
                let mut room = handle.lock().await;
                let checked = room.check_flag(&app.store, now_ms()).await;
                let next = room.flag_deadline();
                let gone = room.is_gone();
                drop(room);
                if gone {
                    // Another server serves the game now, and its clock.
                    app.forget_lost(&task_id, &handle);
                    return;
                }
                drop(handle);
                app.release(&task_id);
                match (checked, next) {
                    (Ok(true), _) | (Ok(false), None) => break,
                    (Ok(false), Some(next)) => deadline = next,
                    // The store failed: try again in a second.
                    (Err(_), _) => deadline = now_ms() + 1000,
                }
            }
            let mut timers = app.timers();
            if timers.get(&task_id).is_some_and(|(g, _)| *g == generation) {
                timers.remove(&task_id);
            }
        });
        timers.insert(id, (generation, task.abort_handle()));
    }

    /// The metrics' text, with the games in memory and the connections open now.
    pub(crate) fn metrics_text(&self) -> String {
        self.metrics.encode(&Now {
            games_in_memory: self.rooms().len(),
            websockets_open: self.connections.total(),
            connections_open: self.sockets.total(),
            match_waiting: self.matchmaker.waiting(),
        })
    }

    /// Stops every flag-fall timer (the server is stopping).
    pub(crate) async fn stop_timers(&self) {
        for (_, (_, timer)) in self.timers().drain() {
            timer.abort();
        }
    }

    /// The flag timers by game id, each with the generation that made it.
    pub(crate) fn timers(&self) -> std::sync::MutexGuard<'_, HashMap<String, (u64, AbortHandle)>> {
        self.flag_timers
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::create::CreateRequest;
    use crate::store::SqliteStore;
    use serde_json::json;

    #[tokio::test]
    async fn rooms_nobody_holds_are_forgotten_and_loaded_again() {
        let store: Arc<dyn GameStore> = Arc::new(SqliteStore::in_memory().unwrap());
        let (_stop, rx) = watch::channel(false);
        let app = Arc::new(App::new(store, Config::default(), rx));
        let request = CreateRequest {
            game: json!("bind"),
            side: None,
            clock: None,
            computer: None,
        };
        let made = app.create(request).await.unwrap();
        let id = made["id"].as_str().unwrap();
        let room = app.room(id).await.unwrap();
        let again = app.room(id).await.unwrap();
        assert!(Arc::ptr_eq(&room, &again));
        app.release(id);
        assert_eq!(app.rooms_in_memory(), 1, "held by two");
        drop((room, again));
        app.release(id);
        assert_eq!(app.rooms_in_memory(), 0);
        assert_eq!(
            app.room(id).await.unwrap().lock().await.game().name(),
            "bind"
        );
    }
}
