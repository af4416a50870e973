//! Two seated players of one game and any watchers, playing seeded random legal moves
//! through the server, chosen on the client side from the players' own copy of the game.

use std::net::SocketAddr;

use game_catalog::AnyGame;
use serde_json::{Value, json};

use super::{Client, MadeGame, Rng};

/// Two players at one game, those watching it, and what the players know of it.
pub struct Table {
    /// The game's id.
    pub id: String,
    /// The tokens of seat 0 and seat 1.
    pub tokens: [String; 2],
    /// The clients of seat 0 and seat 1.
    pub players: [Client; 2],
    /// Clients without a seat; each must hear every move as the players do.
    pub watchers: Vec<Client>,
    /// The players' own copy of the game, each move played on it once the server has
    /// acknowledged it.
    pub mirror: AnyGame,
    /// Every move the mover was told was committed (its `move` message), in order.
    pub acknowledged: Vec<String>,
    /// The version of the game the last acknowledgement gave.
    pub version: u64,
    /// Where the moves are drawn from.
    pub rng: Rng,
}

impl Table {
    /// Joins both seats of `game` (seat 0 first), a game of `spec` not yet begun, to play
    /// moves drawn from `seed`: the table and the states the two players are sent.
    pub async fn seat(
        addr: SocketAddr,
        game: &MadeGame,
        spec: &str,
        seed: u64,
    ) -> (Table, [Value; 2]) {
        let (players, states) = game.join_seats(addr).await;
        let table = Table {
            id: game.id.clone(),
            tokens: game.tokens.clone(),
            players,
            watchers: Vec::new(),
            mirror: AnyGame::parse_spec(spec).unwrap(),
            acknowledged: Vec::new(),
            version: 0,
            rng: Rng(seed),
        };
        (table, states)
    }

    /// Joins a watcher, who must hear every move from now on: the `state` it is sent.
    pub async fn watch(&mut self, addr: SocketAddr) -> Value {
        let (watcher, state) = Client::join(addr, &self.id, None).await;
        self.watchers.push(watcher);
        state
    }

    /// The seat to move, by the players' copy.
    pub fn to_move(&self) -> usize {
        self.mirror.seat_of(self.mirror.to_move())
    }

    /// A seeded random legal move, sent by the seat to move (not waited for).
    pub async fn send_move(&mut self) -> String {
        let legal = self.mirror.legal_moves();
        let mv = legal[self.rng.below(legal.len())].clone();
        let seat = self.to_move();
        self.players[seat].send_move(self.version, &mv).await;
        mv
    }

    /// The mover's acknowledgement of `mv` and every other client's news of it, the same
    /// message; then `mv` is played on the players' copy. While the game goes on the
    /// message names the seat to move next, the one the rules say.
    pub async fn hear_move(&mut self, mv: &str) {
        let seat = self.to_move();
        let ack = self.players[seat].next_of("move").await;
        assert_eq!(ack["move"], mv);
        assert_eq!(ack["seat"], seat);
        assert_eq!(ack["number"], self.mirror.ply() + 1);
        self.acknowledged.push(mv.to_string());
        let [a, b] = &mut self.players;
        let opponent = if seat == 0 { b } else { a };
        for c in std::iter::once(opponent).chain(&mut self.watchers) {
            let news = c.next_of("move").await;
            assert_eq!(news, ack, "every client hears the same move");
        }
        self.mirror.play(mv).unwrap();
        self.version = ack["version"].as_u64().unwrap();
        match ack["to_move"].as_u64() {
            Some(next) => assert_eq!(next as usize, self.to_move()),
            None => assert!(self.mirror.is_over(), "no seat to move: {ack}"),
        }
    }

    /// Plays until the game is over or `n` moves have been played.
    pub async fn play(&mut self, n: usize) {
        for _ in 0..n {
            if self.mirror.is_over() {
                return;
            }
            let mv = self.send_move().await;
            self.hear_move(&mv).await;
        }
    }

    /// Plays until the game is over.
    pub async fn play_to_end(&mut self) {
        self.play(usize::MAX).await;
    }

    /// Both players reconnect (to a new server, say) with their tokens and the last version
    /// they saw: the states they are given, each saying which seat it is for.
    pub async fn rejoin(&mut self, addr: SocketAddr) -> [Value; 2] {
        let mut states = Vec::new();
        for (seat, token) in self.tokens.iter().enumerate() {
            let mut c = Client::connect(addr, &self.id).await;
            c.send(&json!({
                "type": "hello", "protocol": 1, "token": token, "last_version": self.version
            }))
            .await;
            let state = c.next_of("state").await;
            assert_eq!(state["you"], seat);
            states.push(state);
            self.players[seat] = c;
        }
        states.try_into().unwrap()
    }
}
