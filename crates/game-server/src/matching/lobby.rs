//! The lobby (issue 37; docs/server.md, "Lobby"): the players waiting in the quick-match
//! queues, as open challenges anyone may take, and the games going on now, to watch. It is
//! asked for on the quick-match socket (`{"type": "lobby"}`), which on several servers is
//! the queues' own server's, so every server shows the same challenges.

use std::time::Duration;

use serde_json::{Value, json};

use super::Matchmaker;
use crate::app::{App, blocking};
use crate::protocol::ProtocolError;

/// How recent a game's last move (or its making) must be for the lobby to show it.
const LIVE_WITHIN: Duration = Duration::from_secs(10 * 60);

/// How many live games the lobby lists.
const LIVE_GAMES: usize = 20;

impl Matchmaker {
    /// The players waiting at `now_ms` who took no challenge: the longest waiting first.
    pub(crate) fn challenges(&self, now_ms: u64) -> Vec<Value> {
        let queues = self.queues();
        let mut open: Vec<(u64, Value)> = queues
            .values()
            .flatten()
            .filter(|w| w.wants.is_none())
            .map(|w| {
                let s = &w.seek;
                (
                    w.seeker.since_ms,
                    json!({
                        "ticket": w.seeker.ticket,
                        "nickname": s.nickname,
                        "spec": s.spec,
                        "clock": s.clock,
                        "ranked": s.ranked,
                        "rating": s.account.as_ref().map(|_| s.rating),
                        "waited_ms": now_ms.saturating_sub(w.seeker.since_ms),
                    }),
                )
            })
            .collect();
        open.sort_by_key(|(since, c)| (*since, c["ticket"].as_u64()));
        open.into_iter().map(|(_, c)| c).collect()
    }
}

impl App {
    /// The `lobby` message: the open challenges and the live games.
    ///
    /// # Errors
    /// [`crate::protocol::ErrorCode::Internal`] if the store fails.
    pub(crate) async fn lobby(&self) -> Result<Value, ProtocolError> {
        let now = crate::now_ms();
        let challenges = self.matchmaker.challenges(now);
        let store = std::sync::Arc::clone(&self.store);
        let since = now.saturating_sub(u64::try_from(LIVE_WITHIN.as_millis()).unwrap_or(0));
        let live = blocking(move || store.live_games(since, LIVE_GAMES)).await?;
        Ok(json!({
            "type": "lobby",
            "challenges": challenges,
            "live": live.iter().map(|g| json!({
                "game": g.id,
                "spec": g.spec,
                "players": [g.nicknames[0], g.nicknames[1]],
                "computer": g.computer.as_ref().map(|(seat, level)| json!({"seat": seat, "level": level})),
                "rated": g.rated,
                "moves": g.moves,
                "last_ms": g.last_ms,
            })).collect::<Vec<_>>(),
        }))
    }
}
