//! Hand-made positions for the per-decision tests.

use bao_nyakua::{Move, PhaseName, Position, Ruleset, Setup, TOTAL_KETE};
use game_core::{ByPlayer, Game, Player};

pub type Side = [[u8; 8]; 2];
pub const EMPTY: [u8; 8] = [0; 8];

/// A position with `mover` to move; the kete short of 64 go to the other player's `B1`.
pub fn setup(
    south: Side,
    north: Side,
    hands: [u8; 2],
    owned: [bool; 2],
    mover: Player,
    phase: PhaseName,
    ruleset: Ruleset,
) -> Position {
    let mut pits = [south, north];
    let used: u32 = pits
        .iter()
        .flatten()
        .flatten()
        .map(|&k| u32::from(k))
        .sum::<u32>()
        + hands.iter().map(|&k| u32::from(k)).sum::<u32>();
    let sink = 1 - mover.index();
    pits[sink][1][0] += u8::try_from(TOTAL_KETE - used).unwrap();
    let state = Setup {
        pits: ByPlayer::new(pits[0], pits[1]),
        reserve: ByPlayer::new(hands[0], hands[1]),
        house_owned: ByPlayer::new(owned[0], owned[1]),
        to_move: mover,
        phase,
        ..Setup::new(ruleset)
    };
    Position::from_setup(state).unwrap()
}

/// North's `B1` takes what `south_front` and `north_front` leave of 64 with 10 in each
/// hand; both own their NYUMBA; south to move in NAMUA.
pub fn namua_setup(south_front: [u8; 8], north_front: [u8; 8], ruleset: Ruleset) -> Setup {
    let used: u8 = south_front.iter().chain(&north_front).sum::<u8>() + 20;
    Setup {
        pits: ByPlayer::new(
            [south_front, [0; 8]],
            [north_front, [64 - used, 0, 0, 0, 0, 0, 0, 0]],
        ),
        reserve: ByPlayer::splat(10),
        ..Setup::new(ruleset)
    }
}

/// South to move in NAMUA with 10 kete in each hand.
pub fn namua(south_front: [u8; 8], north_front: [u8; 8], owned: [bool; 2]) -> Position {
    setup(
        [south_front, EMPTY],
        [north_front, EMPTY],
        [10, 10],
        owned,
        Player::First,
        PhaseName::Namua,
        Ruleset::Seed,
    )
}

/// South to move in MTAJI.
pub fn mtaji(south: Side, north: Side) -> Position {
    setup(
        south,
        north,
        [0, 0],
        [false, false],
        Player::First,
        PhaseName::Mtaji,
        Ruleset::Seed,
    )
}

pub fn mv(text: &str) -> Move {
    text.parse().unwrap()
}

pub fn legal(position: &Position) -> Vec<String> {
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    let mut names: Vec<String> = moves.iter().map(ToString::to_string).collect();
    names.sort();
    names
}

pub fn front(position: &Position, player: Player) -> [u8; 8] {
    position.ring(player)[..8].try_into().unwrap()
}

pub fn back(position: &Position, player: Player) -> [u8; 8] {
    let ring = position.ring(player);
    std::array::from_fn(|i| ring[15 - i])
}

/// South F3 (1) faces north F6 (5); south's owned NYUMBA holds 5 and faces an empty pit.
pub fn choice_position() -> Position {
    namua(
        [0, 0, 1, 0, 5, 0, 0, 0],
        [1, 0, 0, 0, 0, 5, 0, 0],
        [true; 2],
    )
}
