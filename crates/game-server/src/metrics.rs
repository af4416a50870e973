//! What the server counts for an operator, served as Prometheus text at `GET /metrics`
//! (`prometheus-client`, the Prometheus project's own Rust client): games made and moves
//! committed, the commit latency, refusals by code, connections refused at the door,
//! flags fallen, and at each scrape the games in memory and the sockets and connections
//! open. docs/server.md ("Observability") lists every metric.

use std::sync::Arc;
use std::time::Instant;

use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::encoding::text::encode;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::Histogram;
use prometheus_client::registry::Registry;

use crate::protocol::ErrorCode;
use crate::store::{
    EndReason, Expired, GameStore, MoveChange, NewGame, StoreError, StoredGame, Update,
};

/// A label naming a refusal's error code (`illegal_move`, `rate_limited`, …).
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct CodeLabel {
    code: String,
}

/// A label naming why a connection was refused at the door.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct ReasonLabel {
    reason: &'static str,
}

/// A label naming whom a quick match seated a player against.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct OpponentLabel {
    opponent: &'static str,
}

/// The server's metrics and their registry.
pub(crate) struct Metrics {
    registry: Registry,
    games_made: Counter,
    moves_committed: Counter,
    commit_seconds: Histogram,
    refusals: Family<CodeLabel, Counter>,
    connections_refused: Family<ReasonLabel, Counter>,
    flags_fallen: Counter,
    sockets_forwarded: Counter,
    matches_made: Family<OpponentLabel, Counter>,
    match_waiting: Gauge,
    games_in_memory: Gauge,
    websockets_open: Gauge,
    connections_open: Gauge,
}

impl std::fmt::Debug for Metrics {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Metrics").finish_non_exhaustive()
    }
}

/// The figures read at each scrape.
pub(crate) struct Now {
    /// Games held in memory.
    pub games_in_memory: usize,
    /// WebSockets open.
    pub websockets_open: usize,
    /// TCP connections open (WebSockets among them).
    pub connections_open: usize,
    /// Players waiting in this server's quick-match queues.
    pub match_waiting: usize,
}

impl Metrics {
    /// Every metric at zero, registered under the prefix `game_server`.
    pub(crate) fn new() -> Metrics {
        let mut registry = Registry::with_prefix("game_server");
        let metrics = Metrics {
            registry: Registry::default(),
            games_made: Counter::default(),
            moves_committed: Counter::default(),
            // 0.5 ms to about 4 s, doubling.
            commit_seconds: Histogram::new(
                prometheus_client::metrics::histogram::exponential_buckets(0.0005, 2.0, 14),
            ),
            refusals: Family::default(),
            connections_refused: Family::default(),
            flags_fallen: Counter::default(),
            sockets_forwarded: Counter::default(),
            matches_made: Family::default(),
            match_waiting: Gauge::default(),
            games_in_memory: Gauge::default(),
            websockets_open: Gauge::default(),
            connections_open: Gauge::default(),
        };
        registry.register("games_made", "Games made", metrics.games_made.clone());
        registry.register(
            "moves_committed",
            "Moves committed to the store",
            metrics.moves_committed.clone(),
        );
        registry.register(
            "commit_seconds",
            "Time from handing a change to the store to its commit",
            metrics.commit_seconds.clone(),
        );
        registry.register(
            "refusals",
            "Typed refusals sent, by error code",
            metrics.refusals.clone(),
        );
        registry.register(
            "connections_refused",
            "Connections answered 503 at the door, by the limit reached",
            metrics.connections_refused.clone(),
        );
        registry.register(
            "flags_fallen",
            "Games ended by a flag falling",
            metrics.flags_fallen.clone(),
        );
        registry.register(
            "sockets_forwarded",
            "WebSockets forwarded to the server that owns their game (several servers)",
            metrics.sockets_forwarded.clone(),
        );
        registry.register(
            "matches_made",
            "Quick-match games made, by opponent (person or computer)",
            metrics.matches_made.clone(),
        );
        registry.register(
            "match_waiting",
            "Players waiting in this server's quick-match queues",
            metrics.match_waiting.clone(),
        );
        registry.register(
            "games_in_memory",
            "Games held in memory",
            metrics.games_in_memory.clone(),
        );
        registry.register(
            "websockets_open",
            "WebSocket connections open",
            metrics.websockets_open.clone(),
        );
        registry.register(
            "connections_open",
            "TCP connections open, WebSockets among them",
            metrics.connections_open.clone(),
        );
        Metrics {
            registry,
            ..metrics
        }
    }

    /// A refusal of `code` was sent.
    pub(crate) fn refused(&self, code: ErrorCode) {
        self.refusals
            .get_or_create(&CodeLabel {
                code: code.as_str().to_string(),
            })
            .inc();
    }

    /// A WebSocket was forwarded to its game's owner.
    pub(crate) fn forwarded(&self) {
        self.sockets_forwarded.inc();
    }

    /// A quick match seated a player against a person, or the computer.
    pub(crate) fn matched(&self, computer: bool) {
        let opponent = if computer { "computer" } else { "person" };
        self.matches_made
            .get_or_create(&OpponentLabel { opponent })
            .inc();
    }

    /// A connection was answered 503 at the door: `total` (the server's cap) or `client`
    /// (the client's share).
    pub(crate) fn connection_refused(&self, reason: &'static str) {
        self.connections_refused
            .get_or_create(&ReasonLabel { reason })
            .inc();
    }

    /// The text of every metric with the figures of `now`.
    pub(crate) fn encode(&self, now: &Now) -> String {
        let set = |gauge: &Gauge, value: usize| {
            gauge.set(i64::try_from(value).unwrap_or(i64::MAX));
        };
        set(&self.games_in_memory, now.games_in_memory);
        set(&self.websockets_open, now.websockets_open);
        set(&self.connections_open, now.connections_open);
        set(&self.match_waiting, now.match_waiting);
        let mut text = String::new();
        // Writing into a String cannot fail.
        let _ = encode(&mut text, &self.registry);
        text
    }
}

/// A store that counts what goes through it: games made, moves committed, flags fallen,
/// and each commit's latency.
pub(crate) struct Metered<S> {
    inner: S,
    metrics: Arc<Metrics>,
}

impl<S> Metered<S> {
    /// `inner`, counted in `metrics`.
    pub(crate) fn new(inner: S, metrics: Arc<Metrics>) -> Metered<S> {
        Metered { inner, metrics }
    }

    fn count(&self, update: &Update) {
        if matches!(update.change, Some(MoveChange::Append(_))) {
            self.metrics.moves_committed.inc();
        }
        if let Some(end) = &update.end {
            tracing::info!(game = %update.id, reason = end.reason.as_str(), result = %end.text, "game over");
        }
        if update
            .end
            .as_ref()
            .is_some_and(|end| end.reason == EndReason::Time)
        {
            self.metrics.flags_fallen.inc();
        }
    }
}

impl<S: GameStore> GameStore for Metered<S> {
    fn create(&self, game: &NewGame) -> Result<(), StoreError> {
        self.inner.create(game)?;
        self.metrics.games_made.inc();
        Ok(())
    }

    fn load(&self, id: &str) -> Result<Option<StoredGame>, StoreError> {
        self.inner.load(id)
    }

    fn update(&self, update: &Update) -> Result<(), StoreError> {
        let start = Instant::now();
        self.inner.update(update).inspect_err(|e| match e {
            StoreError::Conflict { .. } => {}
            // Expected while games move between servers (a stop, a takeover).
            StoreError::NotOwner { .. } => {
                tracing::info!(game = %update.id, error = %e, "cluster: a write refused: the game moved");
            }
            _ => tracing::error!(game = %update.id, error = %e, "the store failed"),
        })?;
        self.metrics
            .commit_seconds
            .observe(start.elapsed().as_secs_f64());
        self.count(update);
        Ok(())
    }

    fn update_all(&self, updates: &[Update]) -> Vec<Result<(), StoreError>> {
        let results = self.inner.update_all(updates);
        for (update, result) in updates.iter().zip(&results) {
            if result.is_ok() {
                self.count(update);
            }
        }
        results
    }

    fn running_clocks(&self) -> Result<Vec<String>, StoreError> {
        self.inner.running_clocks()
    }

    fn accounts(&self) -> Option<&dyn crate::store::AccountStore> {
        self.inner.accounts()
    }

    fn ratings(&self) -> Option<&dyn crate::store::RatingStore> {
        self.inner.ratings()
    }

    fn live_games(
        &self,
        since_ms: u64,
        limit: usize,
    ) -> Result<Vec<crate::store::LiveGame>, StoreError> {
        self.inner.live_games(since_ms, limit)
    }

    fn check(&self) -> Result<(), StoreError> {
        self.inner.check()
    }

    fn expired(
        &self,
        finished_before_ms: Option<u64>,
        idle_before_ms: Option<u64>,
    ) -> Result<Vec<Expired>, StoreError> {
        self.inner.expired(finished_before_ms, idle_before_ms)
    }

    fn delete_games(&self, ids: &[String]) -> Result<usize, StoreError> {
        self.inner.delete_games(ids)
    }
}
