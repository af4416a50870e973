//! Several servers on one PostgreSQL database (docs/server.md, "Several servers"): each
//! game is served by one of them at a time, its owner, and a WebSocket opened on another
//! is forwarded to the owner (`src/forward.rs`).
//!
//! Each server renews its row every [`HEARTBEAT`] for [`LEASE`]; a game whose owner's row
//! has expired is taken by the next server that needs it. Every second each server also
//! takes the games whose clocks run and that nobody serves (so their flags fall on time
//! after their owner died), and drops from memory the games it lost (another took them
//! while it could not renew). Writes are fenced: the store refuses a game's update unless
//! this server owns it ([`PgStore::serving_as`]).

use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock, PoisonError, RwLock};
use std::time::{Duration, Instant};

use tokio::sync::watch;

use crate::app::{App, Located, blocking};
use crate::now_ms;
use crate::store::{PgStore, StoreError};

/// How often a server renews its row, and looks for games to take and games lost.
pub const HEARTBEAT: Duration = Duration::from_secs(1);

/// How long a server's row stays fresh after it renewed it: a server silent this long is
/// taken for dead, and its games go to others. A dead owner's running clocks are taken
/// over within `LEASE` + [`HEARTBEAT`].
pub const LEASE: Duration = Duration::from_secs(3);

/// One server of several on a PostgreSQL database.
#[derive(Clone)]
pub struct Cluster {
    store: Arc<PgStore>,
    instance: String,
    /// Where the others reach this server: said at the start, or the address it bound.
    advertise: Arc<OnceLock<String>>,
    /// The other servers' IP addresses (their `--advertise`): trusted as proxies, since
    /// they forward sockets here with the client's address in `X-Forwarded-For`.
    peers: Arc<RwLock<Vec<IpAddr>>>,
    /// Set once the server stops: it takes no more games.
    retiring: Arc<AtomicBool>,
    /// When this server last renewed its lease.
    renewed: Arc<Mutex<Option<Instant>>>,
    /// The live server that keeps the quick-match queues (the first started), as last
    /// read: its id and address.
    matchmaker: Arc<RwLock<Option<(String, String)>>>,
}

impl std::fmt::Debug for Cluster {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Cluster")
            .field("instance", &self.instance)
            .field("advertise", &self.advertise)
            .finish_non_exhaustive()
    }
}

/// Why a [`Cluster`] could not be made.
#[derive(Debug, thiserror::Error)]
pub enum ClusterError {
    /// The store writes for no server: [`PgStore::serving_as`] was not called.
    #[error("the store serves as no server: call PgStore::serving_as first")]
    NoInstance,
}

impl Cluster {
    /// This server, `store`'s instance ([`PgStore::serving_as`]), reached by the others at
    /// `advertise` (`host:port`), or, when `None`, at the address [`crate::Server::start`]
    /// binds. Pass the same `store` to [`crate::Server::start`].
    ///
    /// # Errors
    /// [`ClusterError::NoInstance`] if the store serves as no server.
    pub fn new(store: Arc<PgStore>, advertise: Option<String>) -> Result<Cluster, ClusterError> {
        let instance = store
            .instance()
            .ok_or(ClusterError::NoInstance)?
            .to_string();
        let said = OnceLock::new();
        if let Some(address) = advertise {
            let _ = said.set(address);
        }
        Ok(Cluster {
            store,
            instance,
            advertise: Arc::new(said),
            peers: Arc::new(RwLock::new(Vec::new())),
            retiring: Arc::new(AtomicBool::new(false)),
            renewed: Arc::new(Mutex::new(None)),
            matchmaker: Arc::new(RwLock::new(None)),
        })
    }

    /// This server's id in the `instances` table.
    #[must_use]
    pub fn instance(&self) -> &str {
        &self.instance
    }

    /// The address the other servers reach this one at (empty until the server binds, if
    /// none was said).
    #[must_use]
    pub fn advertise(&self) -> &str {
        self.advertise.get().map_or("", String::as_str)
    }

    /// Advertises `bound` unless an address was said.
    pub(crate) fn bound(&self, bound: std::net::SocketAddr) {
        let _ = self.advertise.set(bound.to_string());
    }

    /// The store, serving as this server.
    pub(crate) fn store(&self) -> &PgStore {
        &self.store
    }

    /// Whether `ip` is one of the live servers' (a forwarded socket's peer).
    pub(crate) fn is_peer(&self, ip: IpAddr) -> bool {
        let ip = ip.to_canonical();
        self.peers
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .contains(&ip)
    }

    /// Whether this server's lease is fresh (renewed within [`LEASE`]): it may serve.
    pub(crate) fn leased(&self) -> bool {
        self.renewed
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .is_some_and(|at| at.elapsed() < LEASE)
    }

    pub(crate) fn is_retiring(&self) -> bool {
        self.retiring.load(Ordering::SeqCst)
    }

    /// Renews this server's row and reads the live servers' addresses.
    pub(crate) fn heartbeat(&self) -> Result<(), StoreError> {
        let now = now_ms();
        let asked = Instant::now();
        self.store
            .heartbeat(&self.instance, self.advertise(), now, LEASE)?;
        *self.renewed.lock().unwrap_or_else(PoisonError::into_inner) = Some(asked);
        let live = self.store.live_servers(now)?;
        let peers: Vec<IpAddr> = live.iter().filter_map(|(_, a)| peer_ip(a)).collect();
        *self.peers.write().unwrap_or_else(PoisonError::into_inner) = peers;
        *self
            .matchmaker
            .write()
            .unwrap_or_else(PoisonError::into_inner) = live.into_iter().next();
        Ok(())
    }

    /// The address of the server that keeps the quick-match queues, unless it is this one
    /// (or none is known: then this one keeps them).
    pub(crate) fn matchmaker_elsewhere(&self) -> Option<String> {
        self.matchmaker
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .as_ref()
            .filter(|(id, _)| *id != self.instance)
            .map(|(_, address)| address.clone())
    }

    /// Takes game `id` for this server: its owner count, or `None` when another live
    /// server serves it (or there is no such game, or this server is stopping).
    pub(crate) fn acquire(&self, id: &str) -> Result<Option<u64>, StoreError> {
        if self.is_retiring() {
            return Ok(None);
        }
        self.store.acquire(id, &self.instance, now_ms())
    }

    /// The address of the live server that owns game `id`, unless it is this one.
    pub(crate) fn owner_elsewhere(&self, id: &str) -> Result<Option<String>, StoreError> {
        Ok(self
            .store
            .owner_address(id, now_ms())?
            .filter(|(owner, _)| *owner != self.instance)
            .map(|(_, address)| address))
    }

    /// Gives up every game and this server's row (it stops); takes no more games.
    pub(crate) fn retire(&self) -> Result<u64, StoreError> {
        self.retiring.store(true, Ordering::SeqCst);
        self.store.retire(&self.instance)
    }
}

impl App {
    /// Drops game `id`'s room from memory and stops its flag timer, whoever holds it (the
    /// server lost the game), and closes its connections ([`Room::lose`]).
    pub(crate) async fn evict(&self, id: &str) {
        let room = self.rooms().remove(id);
        if let Some((_, timer)) = self.timers().remove(id) {
            timer.abort();
        }
        if let Some(room) = room {
            room.lock().await.lose();
        }
    }

    /// Drops every game from memory, as [`App::evict`]: how many.
    pub(crate) async fn lose_all(&self) -> usize {
        let ids: Vec<String> = self.rooms().keys().cloned().collect();
        for id in &ids {
            self.evict(id).await;
        }
        ids.len()
    }

    /// Drops the games in memory that `cluster` no longer owns.
    pub(crate) async fn drop_lost(&self, cluster: &Cluster) {
        let ids: Vec<String> = self.rooms().keys().cloned().collect();
        if ids.is_empty() {
            return;
        }
        let c = cluster.clone();
        let instance = cluster.instance().to_string();
        match blocking(move || c.store().not_owned(&instance, &ids)).await {
            Ok(lost) => {
                for id in lost {
                    tracing::warn!(game = %id, "cluster: another server took the game");
                    self.evict(&id).await;
                }
            }
            Err(e) => tracing::error!(error = %e.message, "cluster: the owners could not be read"),
        }
    }

    /// Takes the games whose clocks run and that no live server serves, and starts their
    /// flag timers.
    pub(crate) async fn take_orphans(self: &Arc<Self>, cluster: &Cluster) {
        let c = cluster.clone();
        let ids = match blocking(move || c.store().orphaned_clocks(crate::now_ms())).await {
            Ok(ids) => ids,
            Err(e) => {
                tracing::error!(error = %e.message, "cluster: the running clocks could not be read");
                return;
            }
        };
        for id in ids {
            match self.locate(&id).await {
                Ok(Located::Here(room)) => {
                    drop(room);
                    self.release(&id);
                    tracing::info!(game = %id, "cluster: took over a running clock");
                }
                // Another server was quicker.
                Ok(Located::Elsewhere(_)) => {}
                Err(e) => {
                    tracing::error!(game = %id, error = %e.message, "cluster: a running clock could not be taken")
                }
            }
        }
    }
}

/// Completes once `flag` is true (at once if it is).
pub(crate) async fn turned_true(flag: &mut watch::Receiver<bool>) {
    // An error is a sender gone: the flag can no longer change.
    let _ = flag.wait_for(|f| *f).await;
}

/// The IP address of `host:port`, when the host is one (names are not resolved).
fn peer_ip(address: &str) -> Option<IpAddr> {
    let host = address
        .rsplit_once(':')
        .map_or(address, |(host, _)| host)
        .trim_start_matches('[')
        .trim_end_matches(']');
    host.parse::<IpAddr>().ok().map(|ip| ip.to_canonical())
}

/// Every [`HEARTBEAT`] until the server stops: renews this server's row, drops the games
/// it lost, and takes the running clocks nobody serves. A server that could not renew its
/// row for a whole [`LEASE`] drops every game from memory (another may own them now).
pub(crate) async fn run(app: Arc<App>, cluster: Cluster, mut stop: watch::Receiver<bool>) {
    let mut renewed = tokio::time::Instant::now();
    loop {
        if cluster.is_retiring() {
            return;
        }
        let beat = cluster.clone();
        match tokio::task::spawn_blocking(move || beat.heartbeat()).await {
            Ok(Ok(())) => renewed = tokio::time::Instant::now(),
            Ok(Err(e)) => tracing::error!(error = %e, "cluster: the heartbeat failed"),
            Err(e) => tracing::error!(error = %e, "cluster: the heartbeat's task failed"),
        }
        if renewed.elapsed() >= LEASE {
            let dropped = app.lose_all().await;
            if dropped > 0 {
                tracing::warn!(
                    games = dropped,
                    "cluster: no heartbeat for a whole lease; every game dropped"
                );
            }
        } else {
            app.drop_lost(&cluster).await;
            app.take_orphans(&cluster).await;
        }
        tokio::select! {
            () = tokio::time::sleep(HEARTBEAT) => {}
            () = turned_true(&mut stop) => return,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_peer_s_ip_is_read_from_its_address() {
        assert_eq!(peer_ip("10.0.0.7:8080"), Some("10.0.0.7".parse().unwrap()));
        assert_eq!(peer_ip("[::1]:8080"), Some("::1".parse().unwrap()));
        assert_eq!(
            peer_ip("[::ffff:10.0.0.7]:1"),
            Some("10.0.0.7".parse().unwrap())
        );
        assert_eq!(peer_ip("game-2.internal:8080"), None);
        assert_eq!(peer_ip(""), None);
    }
}
