//! The set-up cases: records that start from a set-up position: a takata start emptying
//! the owned NYUMBA (B-19 a), the middle of random games played on (B-2), an emptied
//! NAMUA hand that must pass (B-16), and B-13's lone F1 or F8 in MTAJI.

use bao_nyakua::{Game, Phase, PhaseName, Player, Position, Ruleset, Setup};
use game_catalog::AnyGame;
use game_core::GameRng;

use super::cases::{json, push_record, write};
use super::{bao_position, random_moves};
use crate::bao_tags::{parse, trace};
use crate::common::{ENGINE, FileBuilder, after, refused_record};

/// Games cut a few moves after a takata start or 2-kete sowing that empties the owned
/// NYUMBA (B-19 a), whose final state shows the ownership flag.
pub(super) fn takata_start_setups(file: &mut FileBuilder, rng: &mut GameRng, ruleset: Ruleset) {
    let spec = file.spec;
    let start = Position::start(ruleset);
    let mut made = 0;
    let mut tries = 0;
    while made < 12 && tries < 2000 {
        tries += 1;
        let moves = random_moves(&spec, rng, 60);
        let tr = trace(start, &moves);
        // A takata start (the 2-kete sowing is B-12's own).
        let Some(event) = tr.infos.iter().position(|i| i.b19a && !i.two_kete) else {
            continue;
        };
        // A set-up just before it, so that the record holds little else.
        let cut = (event + 1 + rng.below(4)).min(moves.len());
        let mut bao =
            bao_nyakua::Bao::from_setup(tr.positions[event].setup()).expect("a game in progress");
        for mv in &moves[event..cut] {
            bao.play(parse(mv)).expect("legal");
        }
        push_record(
            file,
            tr.positions[event],
            &AnyGame::Bao(bao),
            &[ENGINE],
            Some(format!(
                "a set-up after {event} moves, whose takata start empties the owned NYUMBA (B-19 a)"
            )),
            &[],
        );
        made += 1;
    }
}

/// Set-ups from the middle of random games, played on: records whose moves test the
/// rules without the start position (B-2).
pub(super) fn mid_game_setups(file: &mut FileBuilder, rng: &mut GameRng) {
    let spec = file.spec;
    let mut made = 0;
    while made < 40 {
        let moves = random_moves(&spec, rng, 200);
        if moves.len() < 4 {
            continue;
        }
        let window = if made % 2 == 0 { 40 } else { moves.len() - 2 };
        let cut = 1 + rng.below(window.min(moves.len() - 2));
        let position = bao_position(&after(&spec, &moves[..cut]));
        let mut bao = bao_nyakua::Bao::from_setup(position.setup()).expect("a game in progress");
        let set_start = *bao.position();
        for mv in moves[cut..].iter().take(8 + made % 30) {
            bao.play(parse(mv)).expect("legal");
        }
        push_record(
            file,
            set_start,
            &AnyGame::Bao(bao),
            &[ENGINE],
            Some(format!("a set-up of a game after {cut} moves, played on")),
            &[],
        );
        made += 1;
    }
}

/// Set-ups: the compatibility pass (B-16) from an emptied hand.
pub(super) fn empty_hand_setups(file: &mut FileBuilder, rng: &mut GameRng, seed: u64) {
    let spec = file.spec;
    let mut made = 0;
    while made < 6 {
        let max = 2 + rng.below(20);
        let moves = random_moves(&spec, rng, max);
        let position = bao_position(&after(&spec, &moves));
        let Some(state) = empty_hand_setup(&position) else {
            continue;
        };
        let mut bao = bao_nyakua::Bao::from_setup(state).expect("checked");
        let set_start = *bao.position();
        let mut game_rng = GameRng::seed_from(seed + 100 + made as u64);
        for _ in 0..6 {
            if bao.is_over() {
                break;
            }
            let mut legal = Vec::new();
            bao.legal_moves(&mut legal);
            let mv = legal[game_rng.below(legal.len())];
            bao.play(mv).expect("legal");
        }
        let game = AnyGame::Bao(bao);
        push_record(
            file,
            set_start,
            &game,
            &[ENGINE],
            Some("a set-up whose mover has an empty NAMUA hand: pass (B-16)".into()),
            &[],
        );
        // The pass replaced by a sowing move: refused at move 1.
        let mut value = json(&game.write_record());
        let ring = set_start.ring(set_start.to_move());
        if let Some(x) = (0..8).find(|&x| ring[x] > 0) {
            value["history"][0]["move"] = serde_json::json!({"type": "takata", "phase": "namua", "row": 0, "index": x, "direction": "right"});
            file.push(
                &["B-16", "B-24"],
                &[ENGINE],
                Some("a sowing move from an empty NAMUA hand".into()),
                refused_record(&spec, "json", write(&value), Some(1), false),
            );
        }
        made += 1;
    }
}

/// Set-ups: B-13's lone F1 or F8 in MTAJI.
pub(super) fn lone_pit_setups(file: &mut FileBuilder, ruleset: Ruleset) {
    let spec = file.spec;
    for (k, (pit, good, bad)) in [(0usize, "F1R", "F1L"), (7, "F8L", "F8R")]
        .into_iter()
        .enumerate()
    {
        for count in [2u8, 3, 5] {
            let mut state = Setup::new(ruleset);
            let south = Player::First;
            let north = Player::Second;
            state.pits[south] = [[0; 8]; 2];
            state.pits[south][0][pit] = count;
            state.pits[north] = [[0; 8]; 2];
            let rest = 64 - u32::from(count);
            for i in 0..8 {
                state.pits[north][0][i] = (rest / 8) as u8;
            }
            state.pits[north][1][0] += (rest % 8) as u8;
            state.reserve = bao_nyakua::ByPlayer::splat(0);
            state.house_owned = bao_nyakua::ByPlayer::splat(false);
            state.phase = PhaseName::Mtaji;
            state.turn = 40 + k as u32;
            let mut bao = bao_nyakua::Bao::from_setup(state).expect("a set-up");
            let set_start = *bao.position();
            bao.play(parse(good)).expect("legal");
            let game = AnyGame::Bao(bao);
            push_record(
                file,
                set_start,
                &game,
                &[ENGINE],
                Some(format!("a lone {} in MTAJI: {good} only", &good[..2])),
                &[],
            );
            let mut value = json(&game.write_record());
            value["history"][0]["move"]["direction"] =
                serde_json::json!(if bad.ends_with('L') { "left" } else { "right" });
            file.push(
                &["B-13", "B-24"],
                &[ENGINE],
                Some(format!("{bad} would empty the front row at once (B-13)")),
                refused_record(&spec, "json", write(&value), Some(1), false),
            );
        }
    }
}

/// A NAMUA position after `moves` with the mover's hand put on its back row (B-16).
fn empty_hand_setup(position: &Position) -> Option<Setup> {
    let mut state = position.setup();
    let mover = position.to_move();
    if position.phase() != Phase::Namua || position.is_over() || state.reserve[mover] == 0 {
        return None;
    }
    if state.reserve[mover.other()] == 0 {
        return None;
    }
    state.pits[mover][1][0] += state.reserve[mover];
    state.reserve[mover] = 0;
    Position::from_setup(state.clone()).ok().map(|_| state)
}
