//! Quick match (issue 37; docs/server.md, "Quick match"): players who want a game now
//! wait in a queue per game spec and clock; the matchmaker pairs them by rating
//! ([`pairing`]) and makes their game, with colours drawn at random. Whoever has waited
//! [`Config::match_wait`](crate::Config::match_wait) with nobody to meet is offered the
//! computer, or given it if they asked so: an unrated game without a clock, the opponent
//! named as the computer.
//!
//! On several servers one server keeps the queues, the live server that started first;
//! every `/match/ws` socket is forwarded to it as a game's socket is to the game's owner,
//! so that players on different servers meet. When another server becomes the
//! matchmaker (this one stops, or an earlier one came back) the waiting sockets are
//! closed with 1012 and the page joins again, at the new one.

pub(crate) mod lobby;
pub(crate) mod pairing;
pub(crate) mod seek;
pub(crate) mod socket;

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use serde_json::{Value, json};
use tokio::sync::{Notify, mpsc, watch};

use crate::app::App;
use crate::clock::{ByoYomi, ClockSpec};
use crate::create::CreateRequest;
use crate::now_ms;
use crate::protocol::ProtocolError;
use crate::store::SeatPlayer;
use pairing::Seeker;

/// The rating a guest (no account) is paired by: where every account starts.
pub const GUEST_RATING: u32 = 1200;

/// How often the matchmaker looks at its queues without being woken.
const TICK: Duration = Duration::from_millis(250);

/// What a player does when nobody came within the wait.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Fallback {
    /// Told the computer is there for them; they keep waiting until they take it.
    Offer,
    /// Given the computer at once.
    Give,
    /// Nothing: they wait for a person.
    Never,
}

/// What one player asks the queue for (their `seek`, checked).
#[derive(Clone, Debug)]
pub(crate) struct Seek {
    /// The game spec, canonical (`go9`, `kazura:size=9`).
    pub spec: String,
    /// The time control.
    pub clock: ClockSpec,
    /// The name shown to the opponent.
    pub nickname: String,
    /// The rating pairing goes by.
    pub rating: u32,
    /// What happens when nobody comes.
    pub fallback: Fallback,
    /// The player's account, when signed in.
    pub account: Option<String>,
    /// A ranked game: both players signed in, the result rated.
    pub ranked: bool,
}

impl Seek {
    /// The queue this seek waits in: players meet only within one.
    fn queue(&self) -> String {
        let clock = serde_json::to_string(&self.clock).unwrap_or_default();
        let kind = if self.ranked { "ranked" } else { "casual" };
        format!("{} {clock} {kind}", self.spec)
    }

    /// Who sits in the seat: the nickname shown, and the account.
    fn player(&self) -> SeatPlayer {
        SeatPlayer {
            nickname: Some(self.nickname.clone()),
            account: self.account.clone(),
        }
    }
}

/// The time control a game spec's queue has when the seek names none: Ttakji's 30
/// seconds a move, a pass included, for go9 (one byo-yomi period of 30 s and no main
/// time); five minutes and five seconds a move (Fischer) for the other games.
#[must_use]
pub(crate) fn default_clock(spec: &str) -> ClockSpec {
    if spec == "go9" || spec.starts_with("go9:") {
        ClockSpec {
            main_ms: 0,
            byoyomi: Some(ByoYomi {
                periods: 1,
                period_ms: 30_000,
            }),
            increment_ms: None,
        }
    } else {
        ClockSpec {
            main_ms: 300_000,
            byoyomi: None,
            increment_ms: Some(5_000),
        }
    }
}

/// What the matchmaker tells a waiting player.
#[derive(Debug)]
pub(crate) enum Outcome {
    /// A game was made: the message to send (`matched`), then the socket closes.
    Matched(Value),
    /// Nobody came: the computer is there at this level (`computer_offer`).
    ComputerOffered(&'static str),
    /// Another server keeps the queues now: the socket closes with 1012.
    Moved,
    /// The game could not be made: the error to send, then the socket closes.
    Failed(ProtocolError),
}

/// One player in a queue.
struct Waiting {
    seeker: Seeker,
    seek: Seek,
    /// Offered the computer already.
    offered: bool,
    /// Took the computer when offered.
    takes_computer: bool,
    /// The challenge (a waiting player's ticket) this player took from the lobby.
    wants: Option<u64>,
    tell: mpsc::UnboundedSender<Outcome>,
}

/// The queues, by game spec and clock.
pub(crate) struct Matchmaker {
    queues: Mutex<HashMap<String, Vec<Waiting>>>,
    next_ticket: AtomicU64,
    wake: Notify,
    /// How long a player waits for a person before the computer.
    wait: Duration,
}

impl std::fmt::Debug for Matchmaker {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Matchmaker")
            .field("wait", &self.wait)
            .finish_non_exhaustive()
    }
}

/// A player's place in a queue, until [`Matchmaker::leave`].
#[derive(Debug)]
pub(crate) struct Place {
    queue: String,
    ticket: u64,
}

/// What one look at the queues decided, done after the lock is let go.
#[derive(Default)]
struct Decided {
    pairs: Vec<(Waiting, Waiting)>,
    computer: Vec<Waiting>,
}

impl Matchmaker {
    /// No queues yet; the computer after `wait`.
    pub(crate) fn new(wait: Duration) -> Matchmaker {
        Matchmaker {
            queues: Mutex::new(HashMap::new()),
            next_ticket: AtomicU64::new(1),
            wake: Notify::new(),
            wait,
        }
    }

    fn queues(&self) -> std::sync::MutexGuard<'_, HashMap<String, Vec<Waiting>>> {
        self.queues.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// How long a player waits for a person before the computer.
    pub(crate) fn wait(&self) -> Duration {
        self.wait
    }

    /// Puts `seek` in its queue (taking the lobby's challenge `accept`, a waiting player's
    /// ticket, if given): its place, what the matchmaker will say, and how many wait in that
    /// queue now (this player included).
    ///
    /// # Errors
    /// [`ErrorCode::Refused`](crate::protocol::ErrorCode::Refused) when the challenge is
    /// not waiting in this seek's queue (taken, withdrawn, another game or clock) or is the
    /// player's own account.
    pub(crate) fn join(
        &self,
        seek: Seek,
        accept: Option<u64>,
    ) -> Result<(Place, mpsc::UnboundedReceiver<Outcome>, usize), ProtocolError> {
        let (tell, told) = mpsc::unbounded_channel();
        let ticket = self.next_ticket.fetch_add(1, Ordering::Relaxed);
        let queue = seek.queue();
        let seeker = Seeker {
            ticket,
            rating: seek.rating,
            since_ms: now_ms(),
            account: seek.account.clone(),
        };
        let waiting = {
            let mut queues = self.queues();
            if let Some(wanted) = accept {
                let open = queues.get(&queue).is_some_and(|list| {
                    list.iter().any(|w| {
                        w.seeker.ticket == wanted
                            && w.wants.is_none()
                            && (w.seeker.account.is_none() || w.seeker.account != seeker.account)
                    })
                });
                if !open {
                    return Err(ProtocolError::new(
                        crate::protocol::ErrorCode::Refused,
                        "that challenge is gone (taken or withdrawn), or is for another game",
                    ));
                }
            }
            let list = queues.entry(queue.clone()).or_default();
            list.push(Waiting {
                seeker,
                seek,
                offered: false,
                takes_computer: false,
                wants: accept,
                tell,
            });
            list.len()
        };
        self.wake.notify_one();
        Ok((Place { queue, ticket }, told, waiting))
    }

    /// Takes `place` out of its queue (the player left, or was served).
    pub(crate) fn leave(&self, place: &Place) {
        let mut queues = self.queues();
        if let Some(list) = queues.get_mut(&place.queue) {
            list.retain(|w| w.seeker.ticket != place.ticket);
            if list.is_empty() {
                queues.remove(&place.queue);
            }
        }
    }

    /// The player at `place` takes the computer they were offered: `false` when it was
    /// not offered (yet), or the player is no longer waiting.
    pub(crate) fn take_computer(&self, place: &Place) -> bool {
        let taken = {
            let mut queues = self.queues();
            queues
                .get_mut(&place.queue)
                .and_then(|list| list.iter_mut().find(|w| w.seeker.ticket == place.ticket))
                .filter(|w| w.offered)
                .map(|w| w.takes_computer = true)
                .is_some()
        };
        if taken {
            self.wake.notify_one();
        }
        taken
    }

    /// Players waiting, in every queue.
    pub(crate) fn waiting(&self) -> usize {
        self.queues().values().map(Vec::len).sum()
    }

    /// Every player leaves with [`Outcome::Moved`]: another server keeps the queues.
    fn move_everyone(&self) -> usize {
        let drained: Vec<Waiting> = self.queues().drain().flat_map(|(_, l)| l).collect();
        for w in &drained {
            let _ = w.tell.send(Outcome::Moved);
        }
        drained.len()
    }

    /// One look at every queue at `now_ms`: the players gone are dropped, pairs and
    /// computer games taken out, offers of the computer sent.
    fn decide(&self, now_ms: u64) -> Decided {
        let wait_ms = u64::try_from(self.wait.as_millis()).unwrap_or(u64::MAX);
        let mut decided = Decided::default();
        let mut queues = self.queues();
        for list in queues.values_mut() {
            list.retain(|w| !w.tell.is_closed());
            // Challenges taken from the lobby first: each with the one it names, if still
            // there; else the taker waits like anyone.
            let taken: Vec<(u64, u64)> = list
                .iter()
                .filter_map(|w| w.wants.map(|t| (w.seeker.ticket, t)))
                .collect();
            for (taker, challenge) in taken {
                if list.iter().any(|w| w.seeker.ticket == challenge) {
                    let first = take(list, challenge);
                    let second = take(list, taker);
                    if let (Some(first), Some(second)) = (first, second) {
                        decided.pairs.push((first, second));
                    }
                } else if let Some(w) = list.iter_mut().find(|w| w.seeker.ticket == taker) {
                    w.wants = None;
                }
            }
            let seekers: Vec<Seeker> = list
                .iter()
                .filter(|w| w.wants.is_none())
                .map(|w| w.seeker.clone())
                .collect();
            for (a, b) in pairing::pairs(&seekers, now_ms) {
                let first = take(list, a);
                let second = take(list, b);
                if let (Some(first), Some(second)) = (first, second) {
                    decided.pairs.push((first, second));
                }
            }
            let mut kept = Vec::with_capacity(list.len());
            for mut w in list.drain(..) {
                let waited = now_ms.saturating_sub(w.seeker.since_ms) >= wait_ms;
                let level = pairing::level_for(w.seek.rating).name();
                match w.seek.fallback {
                    _ if w.takes_computer => decided.computer.push(w),
                    Fallback::Give if waited => decided.computer.push(w),
                    Fallback::Offer if waited && !w.offered => {
                        w.offered = w.tell.send(Outcome::ComputerOffered(level)).is_ok();
                        kept.push(w);
                    }
                    _ => kept.push(w),
                }
            }
            *list = kept;
        }
        queues.retain(|_, list| !list.is_empty());
        decided
    }
}

/// The player with `ticket`, out of `list`.
fn take(list: &mut Vec<Waiting>, ticket: u64) -> Option<Waiting> {
    let at = list.iter().position(|w| w.seeker.ticket == ticket)?;
    Some(list.swap_remove(at))
}

impl App {
    /// One round of the matchmaker: pairs made into games, the computer given, offers
    /// sent; everyone sent on when another server keeps the queues.
    pub(crate) async fn match_round(&self) {
        if let Some(cluster) = &self.config.cluster
            && cluster.matchmaker_elsewhere().is_some()
        {
            let moved = self.matchmaker.move_everyone();
            if moved > 0 {
                tracing::info!(
                    players = moved,
                    "quick match: another server keeps the queues now"
                );
            }
            return;
        }
        let decided = self.matchmaker.decide(now_ms());
        for (first, second) in decided.pairs {
            self.make_match(first, second).await;
        }
        for alone in decided.computer {
            self.make_computer_game(alone).await;
        }
    }

    /// The game of two players who met: colours at random, the queue's clock.
    async fn make_match(&self, first: Waiting, second: Waiting) {
        let request = CreateRequest {
            game: Value::String(first.seek.spec.clone()),
            side: Some("random".into()),
            clock: Some(first.seek.clock),
            computer: None,
        };
        // Rated only when both came for a ranked game (one queue), signed in.
        let rated = first.seek.ranked && second.seek.ranked;
        let players = [first.seek.player(), second.seek.player()];
        let made = match self.create_seated(request, players, rated).await {
            Ok(made) => made,
            Err(e) => {
                tracing::error!(error = %e.message, "quick match: the game could not be made");
                let _ = first.tell.send(Outcome::Failed(e.clone()));
                let _ = second.tell.send(Outcome::Failed(e));
                return;
            }
        };
        self.metrics.matched(false);
        tracing::info!(game = %made["id"].as_str().unwrap_or(""), "quick match: two players met");
        let _ = first.tell.send(Outcome::Matched(matched(
            &made,
            &made["you"],
            opponent(&second.seek),
            rated,
        )));
        let _ = second.tell.send(Outcome::Matched(matched(
            &made,
            &made["opponent"],
            opponent(&first.seek),
            rated,
        )));
    }

    /// The game of a player nobody came for, against the computer at the level nearest
    /// their rating: no clock, colours at random, unrated.
    async fn make_computer_game(&self, alone: Waiting) {
        let level = pairing::level_for(alone.seek.rating).name();
        let request = CreateRequest {
            game: Value::String(alone.seek.spec.clone()),
            side: Some("random".into()),
            clock: None,
            computer: Some(level.into()),
        };
        let players = [alone.seek.player(), SeatPlayer::default()];
        match self.create_seated(request, players, false).await {
            Ok(made) => {
                self.metrics.matched(true);
                tracing::info!(game = %made["id"].as_str().unwrap_or(""), level, "quick match: the computer took the other seat");
                let _ = alone.tell.send(Outcome::Matched(matched(
                    &made,
                    &made["you"],
                    json!({"computer": level}),
                    false,
                )));
            }
            Err(e) => {
                tracing::error!(error = %e.message, "quick match: the computer's game could not be made");
                let _ = alone.tell.send(Outcome::Failed(e));
            }
        }
    }
}

/// How a player is shown to their opponent: the nickname, and the rating in a ranked game.
fn opponent(seek: &Seek) -> Value {
    if seek.ranked {
        json!({"nickname": seek.nickname, "rating": seek.rating})
    } else {
        json!({"nickname": seek.nickname})
    }
}

/// The `matched` message for the player with `seat` (`{"seat", "token"}`) in the game
/// `made` ([`App::create`]'s answer), whose opponent is `opponent`; `rated` when the
/// result changes both ratings.
fn matched(made: &Value, seat: &Value, opponent: Value, rated: bool) -> Value {
    let id = made["id"].as_str().unwrap_or_default();
    let token = seat["token"].as_str().unwrap_or_default();
    json!({
        "type": "matched",
        "game": id,
        "spec": made["spec"],
        "seats": made["seats"],
        "seat": seat["seat"],
        "token": token,
        "link": format!("/?game={id}#token={token}"),
        "websocket": made["websocket"],
        "clock": made["clock"],
        "opponent": opponent,
        "rated": rated,
    })
}

/// The matchmaker's loop: a round whenever a player joins or takes the computer, and
/// every [`TICK`] (windows widen, waits run out), until `stop`.
pub(crate) async fn run(app: Arc<App>, mut stop: watch::Receiver<bool>) {
    loop {
        tokio::select! {
            () = tokio::time::sleep(TICK) => {}
            () = app.matchmaker.wake.notified() => {}
            () = crate::cluster::turned_true(&mut stop) => return,
        }
        app.match_round().await;
    }
}
