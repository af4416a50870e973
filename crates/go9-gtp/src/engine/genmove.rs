//! The commands that move: `play` (with the searcher's tree kept in step), and
//! `genmove`, `reg_genmove` and `kgs-genmove_cleanup` (the search, its budget under the
//! clock, and the resignation rule).

use game_core::search::{Budget, Level, Opponent};
use game_core::{Game, Player};
use go9::{Go9, Move, Point};

use super::commands::{colour_and_vertex, parse_one_colour};
use super::{GtpEngine, GtpReply};

impl GtpEngine {
    /// `play COLOUR VERTEX`.
    pub(super) fn play(&mut self, args: &[&str]) -> Result<GtpReply, GtpReply> {
        let (player, mv) = colour_and_vertex(args)?;
        // Planted bug (tests only): `play C M` plays for the colour to move, whatever C.
        let player = if game_core::planted::is("G-14") {
            self.state.to_move()
        } else {
            player
        };
        self.play_and_follow(player, mv)
            .map(|()| GtpReply::ok(""))
            .map_err(|e| GtpReply::fail(format!("illegal move: {}", e.detail())))
    }

    /// Plays `mv` for `player` and keeps the searcher's tree in step when it was searching
    /// this very position with `player` to move (tree reuse).
    fn play_and_follow(&mut self, player: Player, mv: Move) -> Result<(), go9::PlayError> {
        let follow =
            self.state.to_move() == player && self.searcher.position() == Some(&self.state);
        self.state.play_as(player, mv)?;
        if follow && self.searcher.advance(mv).is_err() {
            self.searcher.clear();
        }
        Ok(())
    }

    /// The budget of one `genmove` for `player`: the level's (or `with_playouts`), within
    /// the time the clock allows.
    pub(super) fn budget(&self, player: Player) -> Budget {
        let base = match self.playouts {
            Some(n) => Budget::playouts(n),
            None => Go9::search_config(self.level).budget,
        };
        let board = self.state.board();
        let empty = (0..go9::POINTS)
            .filter(|&i| board.stone_at(Point::from_index(i)).is_none())
            .count() as u32;
        match self.clock.think_time(player, empty) {
            None => base,
            // With a clock, `hard` thinks as long as the plan allows.
            Some(t) if self.level == Level::Hard && self.playouts.is_none() => Budget::time(t),
            Some(t) => {
                let time = base.time.map_or(t, |b| b.min(t));
                match base.playout_limit() {
                    Some(n) => Budget::playouts_or_time(n, time),
                    None => Budget::time(time),
                }
            }
        }
    }

    /// `genmove` (`play`: plays the move found; `reg_genmove` does not), and
    /// `kgs-genmove_cleanup` (`cleanup`: the searcher's hooks in their clean-up mode).
    pub(super) fn genmove(
        &mut self,
        args: &[&str],
        play: bool,
        cleanup: bool,
    ) -> Result<GtpReply, GtpReply> {
        let player = parse_one_colour(args)?;
        if self.state.is_over() {
            return Err(GtpReply::fail("the game is over: no move can be generated"));
        }
        if self.searcher.hooks().cleanup != cleanup {
            self.searcher.hooks_mut().cleanup = cleanup;
            self.searcher.clear();
        }
        let view = if self.state.to_move() == player {
            self.state.clone()
        } else {
            self.state.with_to_move(player)
        };
        let budget = self.budget(player);
        let start = std::time::Instant::now();
        let info = self.searcher.search_with(&view, budget);
        self.clock.spent(player, start.elapsed());
        let mv = info.best.unwrap_or(Move::Pass);
        self.last = format!(
            "win rate {:.3}, {} playouts ({} reused), {:.3} s, pv {}",
            info.win_rate,
            info.playouts,
            info.reused,
            info.elapsed.as_secs_f64(),
            info.pv
                .iter()
                .take(8)
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        );
        if play && self.resigns(player, info.win_rate, info.playouts) {
            self.state
                .resign(player)
                .map_err(|e| GtpReply::fail(format!("internal error: {e}")))?;
            return Ok(GtpReply::ok("resign"));
        }
        if play {
            self.play_and_follow(player, mv)
                .map_err(|e| GtpReply::fail(format!("internal error: {e}")))?;
        }
        Ok(GtpReply::ok(mv.to_string()))
    }

    /// Counts a move below the resignation threshold and says whether to resign now
    /// (game-core's [`ResignRule`](game_core::search::ResignRule), one per colour).
    pub(super) fn resigns(&mut self, player: Player, win_rate: f64, playouts: u64) -> bool {
        let ply = self.state.ply();
        self.resign
            .as_mut()
            .is_some_and(|rules| rules[player.index()].resigns(ply, win_rate, playouts))
    }
}
