//! How the go9 computer behaves in a match's games (`rulebook match go9 --record-dir DIR`):
//! per player, the placements that filled its own territory (a point the count of the
//! position before the move gave it as territory, G-9 removal and G-10), each by the reason
//! the computer's tree moves would allow it (`go9::opponent::tree`: it captures, it saves
//! an own chain in atari, it is the vital point of a small eye space still to settle, or
//! none: an idle fill), the first-line placements among the first 20 plies (tactical: they
//! capture or save a chain in atari; or idle), the passes, and each resignation with its ply and
//! the count when it came; with `--play-out`, each resigned game is played on from the
//! resignation by `hard` on both sides (the catalog's computer, 0.9 s a move, one thread
//! each) and counted, to see whether it was really lost.
//!
//! ```text
//! cargo run --release -p game-catalog --example go9_behaviour -- [--swap] [--play-out] DIR
//!   DIR          a folder of game-N.json records (rulebook match --record-dir)
//!   --swap       the match alternated colours (player A is Black in odd games, White in
//!                even ones), as rulebook match --swap; otherwise A is always Black
//!   --play-out   play each resigned game to its end with hard on both sides
//!   --list       also list each own-territory placement and each first-line opening
//!                placement (game, ply, point, and its reason)
//! ```
//!
//! Player A is the match's `--black`, B its `--white`. The records must be go9's.

use std::path::{Path, PathBuf};

use game_catalog::go9::{EYE_SPACE, EndReason, Go9, Move, Player, Point, SIZE};
use game_catalog::{AnyGame, Computer, Level};
use game_core::Game;
use game_core::Recorded;

/// What one player did over the games.
#[derive(Default)]
struct Tally {
    placements: u32,
    /// Own-territory placements by [`Reason`] (in its order).
    own_territory: [u32; 4],
    /// First-line placements in the first 20 plies: tactical (capture or save), idle.
    first_line_opening: [u32; 2],
    passes: u32,
    resignations: Vec<String>,
}

/// Why a placement inside one's own territory may be worth playing, tested in this order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Reason {
    /// It captures stones.
    Captures,
    /// It fills the last liberty of an own chain (an opponent stone there would capture).
    SavesChain,
    /// A small eye space (at most `EYE_SPACE` points, not pass-alive) where an opponent
    /// stone would have two liberties or more: the vital point of a shape still to settle.
    EyeSpace,
    /// None of these: a fill that gains nothing.
    Idle,
}

impl Reason {
    const NAMES: [&str; 4] = [
        "captures",
        "saves a chain in atari",
        "eye-space vital point",
        "idle",
    ];

    /// Why the player to move in `position` might place on `point` (empty).
    fn of(position: &Go9, point: Point, territory: &[Point]) -> Reason {
        let mover = position.to_move();
        let board = position.board();
        let mut after = position.clone();
        if after.play(Move::Place(point)).is_ok()
            && after.prisoners()[mover] > position.prisoners()[mover]
        {
            return Reason::Captures;
        }
        let saves = neighbours(point)
            .any(|n| board.stone_at(n) == Some(mover) && board.liberty_points(n) == [point]);
        if saves {
            return Reason::SavesChain;
        }
        let region = region_of(point, territory);
        let alive = position.pass_alive_map();
        let settled = region.iter().any(|p| alive[p.index()] == Some(mover));
        let open = neighbours(point)
            .filter(|&n| board.stone_at(n).is_none())
            .count();
        if region.len() <= EYE_SPACE as usize && !settled && open >= 2 {
            Reason::EyeSpace
        } else {
            Reason::Idle
        }
    }
}

/// The points next to `point` on the board.
fn neighbours(point: Point) -> impl Iterator<Item = Point> {
    let (col, row) = (point.index() % SIZE, point.index() / SIZE);
    let steps = [(0, 1), (2, 1), (1, 0), (1, 2)];
    steps.into_iter().filter_map(move |(dc, dr)| {
        let c = (col + dc).checked_sub(1).filter(|&c| c < SIZE)?;
        let r = (row + dr).checked_sub(1).filter(|&r| r < SIZE)?;
        Some(Point::from_index(r * SIZE + c))
    })
}

/// The points of `territory` connected to `point` through `territory`.
fn region_of(point: Point, territory: &[Point]) -> Vec<Point> {
    let mut region = vec![point];
    let mut next = 0;
    while next < region.len() {
        for n in neighbours(region[next]) {
            if territory.contains(&n) && !region.contains(&n) {
                region.push(n);
            }
        }
        next += 1;
    }
    region
}

fn main() {
    let mut swap = false;
    let mut play_out = false;
    let mut list = false;
    let mut dir = None;
    for arg in std::env::args().skip(1) {
        match arg.as_str() {
            "--swap" => swap = true,
            "--play-out" => play_out = true,
            "--list" => list = true,
            _ if arg.starts_with("--") => fail(&format!("unknown option {arg}")),
            _ => dir = Some(PathBuf::from(arg)),
        }
    }
    let Some(dir) = dir else {
        fail("usage: go9_behaviour [--swap] [--play-out] DIR")
    };
    let mut games = records(&dir);
    games.sort_by_key(|(n, _)| *n);
    let mut tallies = [Tally::default(), Tally::default()];
    for (n, path) in &games {
        let text = std::fs::read_to_string(path)
            .unwrap_or_else(|e| fail(&format!("{}: {e}", path.display())));
        let game =
            Go9::read_record(&text).unwrap_or_else(|e| fail(&format!("{}: {e}", path.display())));
        // A is Black in game 1, and in every game unless --swap, then White in even games.
        let a_colour = if swap && n % 2 == 0 {
            Player::Second
        } else {
            Player::First
        };
        let tally_of = |colour: Player| usize::from(colour != a_colour);
        let mut replay = Go9::new();
        for (ply, &mv) in game.moves().iter().enumerate() {
            let mover = replay.to_move();
            let tally = &mut tallies[tally_of(mover)];
            match mv {
                Move::Pass => tally.passes += 1,
                Move::Place(point) => {
                    tally.placements += 1;
                    let territory = &replay.score().territory[mover];
                    if territory.contains(&point) {
                        let reason = Reason::of(&replay, point, territory);
                        tally.own_territory[reason as usize] += 1;
                        if list {
                            println!(
                                "game {n} ply {}: {mv} in its own territory: {}",
                                ply + 1,
                                Reason::NAMES[reason as usize]
                            );
                        }
                    }
                    if ply < 20 && on_first_line(point) {
                        let tactical = matches!(
                            Reason::of(&replay, point, &[]),
                            Reason::Captures | Reason::SavesChain
                        );
                        tally.first_line_opening[usize::from(!tactical)] += 1;
                        if list {
                            let kind = if tactical { "tactical" } else { "idle" };
                            println!("game {n} ply {}: {mv} on the first line: {kind}", ply + 1);
                        }
                    }
                }
            }
            replay
                .play(mv)
                .unwrap_or_else(|e| fail(&format!("{}: move {}: {e}", path.display(), ply + 1)));
        }
        if let Some(EndReason::Resignation(loser)) = game.end_reason() {
            let score = replay.score().summary();
            let mut said = format!(
                "game {n}: resigned at ply {} ({} to move), the count then {}",
                game.moves().len(),
                if loser == Player::First {
                    "black"
                } else {
                    "white"
                },
                score.result()
            );
            if play_out {
                said.push_str(&format!("; played out by hard: {}", played_out(&replay)));
            }
            tallies[tally_of(loser)].resignations.push(said);
        }
    }
    println!("{} games in {}", games.len(), dir.display());
    for (name, tally) in ["A (--black)", "B (--white)"].iter().zip(&tallies) {
        let [captures, saves, eye_space, idle] = tally.own_territory;
        let [tactical, idle_opening] = tally.first_line_opening;
        println!(
            "{name}: {} placements, {} in its own territory ({captures} capturing, {saves} saving a chain in atari, {eye_space} on an eye space's vital point, {idle} idle), {} first-line in the first 20 plies ({tactical} tactical, {idle_opening} idle), {} passes, {} resignations",
            tally.placements,
            captures + saves + eye_space + idle,
            tactical + idle_opening,
            tally.passes,
            tally.resignations.len()
        );
        for line in &tally.resignations {
            println!("  {line}");
        }
    }
}

/// The game-N.json files of `dir`, with N.
fn records(dir: &Path) -> Vec<(u64, PathBuf)> {
    let entries =
        std::fs::read_dir(dir).unwrap_or_else(|e| fail(&format!("{}: {e}", dir.display())));
    entries
        .filter_map(Result::ok)
        .filter_map(|entry| {
            let name = entry.file_name().into_string().ok()?;
            let n = name
                .strip_prefix("game-")?
                .strip_suffix(".json")?
                .parse()
                .ok()?;
            Some((n, entry.path()))
        })
        .collect()
}

/// Whether `point` is on the board's edge.
fn on_first_line(point: Point) -> bool {
    let (col, row) = (point.index() % SIZE, point.index() / SIZE);
    col == 0 || row == 0 || col == SIZE - 1 || row == SIZE - 1
}

/// The result of playing `position` to its end with `hard` on both sides.
fn played_out(position: &Go9) -> String {
    let mut game = AnyGame::Go9(position.clone());
    for ply in 0u64.. {
        if game.is_over() {
            break;
        }
        let computer = Computer::new(Level::Hard).with_seed(ply);
        let Some(mv) = game.computer_move(&computer) else {
            break;
        };
        game.play(&mv)
            .unwrap_or_else(|e| fail(&format!("the computer's {mv}: {e}")));
    }
    game.outcome_text()
}

fn fail(message: &str) -> ! {
    eprintln!("go9_behaviour: {message}");
    std::process::exit(2)
}
