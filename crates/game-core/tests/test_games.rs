//! The small games the search is tested on are right: the random-game checker on each, and
//! Hex's bit-set connection test against a plain flood fill.

mod common;

use common::connect_four::{Column, ConnectFour};
use common::hex::{Cell, Hex};
use common::nim::{Nim, Take};
use game_core::checker::{CheckHooks, check_random_games};
use game_core::{Game, GameRng, Player};

#[test]
fn the_checker_passes_nim_connect_four_and_hex() {
    let nim = CheckHooks {
        candidates: &|s: &Nim| {
            (0..s.piles.len() as u8 + 1)
                .flat_map(|pile| (0..8).map(move |count| Take { pile, count }))
                .collect()
        },
        validate: &|_| Ok(()),
    };
    check_random_games(&Nim::new(&[3, 4, 5]), 0, 300, 100, &nim).unwrap();
    let c4 = CheckHooks {
        candidates: &|_: &ConnectFour| (0..7).map(Column).collect(),
        validate: &|_| Ok(()),
    };
    check_random_games(&ConnectFour::default(), 0, 300, 100, &c4).unwrap();
    let hex = CheckHooks {
        candidates: &|_: &Hex<5>| (0..25).map(Cell).collect(),
        validate: &|_| Ok(()),
    };
    check_random_games(&Hex::<5>::default(), 0, 300, 100, &hex).unwrap();
}

/// Whether `player` joins its two edges on an N×N board, by a flood fill over cells.
fn joined<const N: usize>(s: &Hex<N>, player: Player) -> bool {
    let own = |r: isize, c: isize| {
        (0..N as isize).contains(&r)
            && (0..N as isize).contains(&c)
            && s.stones[player.index()] >> (r as usize * N + c as usize) & 1 == 1
    };
    let mut seen = vec![false; N * N];
    let mut stack: Vec<(isize, isize)> = (0..N as isize)
        .map(|k| {
            if player == Player::First {
                (0, k)
            } else {
                (k, 0)
            }
        })
        .filter(|&(r, c)| own(r, c))
        .collect();
    while let Some((r, c)) = stack.pop() {
        if seen[r as usize * N + c as usize] {
            continue;
        }
        seen[r as usize * N + c as usize] = true;
        if (player == Player::First && r == N as isize - 1)
            || (player == Player::Second && c == N as isize - 1)
        {
            return true;
        }
        for (dr, dc) in [(-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0)] {
            if own(r + dr, c + dc) {
                stack.push((r + dr, c + dc));
            }
        }
    }
    false
}

#[test]
fn hex_ends_exactly_when_a_player_joins_its_edges() {
    let mut moves = Vec::new();
    for seed in 0..300 {
        let mut rng = GameRng::seed_from(seed);
        let mut s = Hex::<6>::default();
        while let Some(mv) = s.random_move(&mut rng, &mut moves) {
            assert!(!joined(&s, Player::First) && !joined(&s, Player::Second));
            s.play(mv).unwrap();
        }
        let winner = s.outcome().winner().expect("hex has no draws");
        assert!(joined(&s, winner) && !joined(&s, winner.other()));
    }
}
