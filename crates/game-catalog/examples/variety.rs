//! How many different games the computer plays: each level plays itself from the start
//! with `--games` seeds, as a player meets it in the browser (the catalog's `Computer` with
//! `SearchClock::None`, so each level's settings capped by `no_clock_playouts`; a fresh search
//! for every move, whose seed is the first draw of a generator seeded with the page's seed,
//! which goes up by one a move), and the table counts the distinct games among their first
//! 10, 20 and `--plies` plies (a cut game counts as the same as another only if both agree
//! up to the cut, so the count never flatters). Everything is deterministic per seed.
//!
//! ```text
//! cargo run --release -p game-catalog --example variety -- [OPTIONS] [SPEC…]
//!   --games N        seeds per level (20)
//!   --plies N        plies played and compared per game (40)
//!   --levels L,L…    levels (easy,normal,hard)
//!   --off            without the levels' variety (the search as it was before it)
//!   --set P,M,S      the variety Variety::new(P, M, S) in place of the levels' (tuning)
//!   --fixed          the second player answers every position the same way (seed 0, no
//!                    variety), as a deterministic outside program would
//!   --roots N        instead: the root moves of seed 0's first N searches per level
//!   --versus N       instead: N games of each level against itself without variety,
//!                    colours alternating, whole games (300 plies at most), with the score
//!                    and its 95 % Wilson interval
//!   SPEC…            games (kazura bao go9 bind)
//! ```

use std::collections::HashSet;
use std::time::Instant;

use game_catalog::{AnyGame, CatalogGame, Computer, GameSpec, GameVisitor, Level, SearchClock};
use game_core::search::{Opponent, SearchInfo, Searcher, Variety};
use game_core::{GameRng, Player};

/// What to measure.
#[derive(Clone, Copy, Debug)]
enum Mode {
    /// Distinct games among `games` seeds, `plies` plies each.
    Distinct { games: u64, plies: usize },
    /// The root moves of the first `plies` searches of seed 0.
    Roots { plies: usize },
    /// `games` games against the level without variety.
    Versus { games: u64 },
}

/// One level of one game, with or without its variety.
#[derive(Clone, Copy, Debug)]
struct Run {
    level: Level,
    variety: bool,
    /// A variety in place of the level's.
    set: Option<Variety>,
    /// The second player always searches with seed 0 and no variety (an opponent that
    /// answers a position the same way every time).
    fixed: bool,
    mode: Mode,
}

/// A fresh search of `game`, as a browser move with the page's seed `page_seed`: with the
/// level's variety, `set` in its place, or none.
fn search<G: CatalogGame>(
    game: &G,
    level: Level,
    variety: Option<Option<Variety>>,
    page_seed: u64,
) -> SearchInfo<G::Move> {
    let seed = GameRng::seed_from(page_seed).next_u64();
    let mut config = Computer::new(level)
        .with_clock(SearchClock::None)
        .with_seed(seed)
        .search_config(game);
    match variety {
        None => config.variety = None,
        Some(None) => {}
        Some(set) => config.variety = set,
    }
    Searcher::new(config, <G::Searched as Opponent>::hooks(level)).search(&game.searched())
}

/// The page's seed at the start of game `index`: far enough apart that no two games share a
/// move's seed.
fn page_seed(index: u64) -> u64 {
    index << 20
}

impl GameVisitor for Run {
    type Output = String;

    fn visit<G: CatalogGame>(self, start: G) -> String {
        match self.mode {
            Mode::Distinct { games, plies } => self.distinct(&start, games, plies),
            Mode::Roots { plies } => self.roots(&start, plies),
            Mode::Versus { games } => self.versus(&start, games),
        }
    }
}

impl Run {
    /// The variety of this run's side with variety: the level's or the one set.
    fn varied(self) -> Option<Option<Variety>> {
        self.variety.then_some(self.set)
    }

    fn distinct<G: CatalogGame>(self, start: &G, games: u64, plies: usize) -> String {
        let started = Instant::now();
        let mut lines = Vec::new();
        for index in 0..games {
            let mut game = start.clone();
            let mut line = Vec::new();
            while line.len() < plies && !game.is_over() {
                let seed = page_seed(index) + game.ply() as u64;
                let fixed = self.fixed && game.to_move() == Player::Second;
                let (variety, seed) = if fixed {
                    (None, 0)
                } else {
                    (self.varied(), seed)
                };
                let Some(mv) = search(&game, self.level, variety, seed).best else {
                    break;
                };
                game.play(mv).expect("the search plays legal moves");
                line.push(mv.to_string());
            }
            lines.push(line);
        }
        let distinct = |cut: usize| {
            let prefixes: HashSet<&[String]> =
                lines.iter().map(|l| &l[..cut.min(l.len())]).collect();
            prefixes.len()
        };
        let played: usize = lines.iter().map(Vec::len).sum();
        format!(
            "{} | {} | {} of {games} | {:.1} | {:.0} s",
            distinct(10),
            distinct(20),
            distinct(plies),
            played as f64 / games as f64,
            started.elapsed().as_secs_f64()
        )
    }

    fn roots<G: CatalogGame>(self, start: &G, plies: usize) -> String {
        let mut game = start.clone();
        let mut out = String::new();
        while game.ply() < plies && !game.is_over() {
            let info = search(&game, self.level, self.varied(), game.ply() as u64);
            let best = info.moves.first().map_or(1, |m| m.visits.max(1));
            let listed: Vec<String> = info
                .moves
                .iter()
                .take(6)
                .map(|m| {
                    format!(
                        "{} {:.0}% {:.3}",
                        m.mv,
                        100.0 * m.visits as f64 / best as f64,
                        m.win_rate
                    )
                })
                .collect();
            let Some(mv) = info.best else { break };
            out.push_str(&format!(
                "\n  ply {:>2}: plays {mv}; {}",
                game.ply(),
                listed.join(", ")
            ));
            game.play(mv).expect("legal");
        }
        out
    }

    fn versus<G: CatalogGame>(self, start: &G, games: u64) -> String {
        const MAX_PLIES: usize = 300;
        let started = Instant::now();
        let (mut wins, mut losses, mut draws) = (0, 0, 0);
        for index in 0..games {
            // The side with variety plays first in even games.
            let varied = if index % 2 == 0 {
                Player::First
            } else {
                Player::Second
            };
            let mut game = start.clone();
            while game.ply() < MAX_PLIES && !game.is_over() {
                let seed = page_seed(index) + game.ply() as u64;
                let variety = if game.to_move() == varied {
                    self.varied()
                } else {
                    None
                };
                let Some(mv) = search(&game, self.level, variety, seed).best else {
                    break;
                };
                game.play(mv).expect("the search plays legal moves");
            }
            match game.outcome().winner() {
                Some(winner) if winner == varied => wins += 1,
                Some(_) => losses += 1,
                None => draws += 1,
            }
        }
        let score = f64::from(wins) + f64::from(draws) / 2.0;
        let (low, high) = wilson_interval(score, games as f64);
        format!(
            "{:.1} % ({wins} wins, {losses} losses, {draws} draws) | {:.0}–{:.0} % | {:.0} s",
            100.0 * score / games as f64,
            100.0 * low,
            100.0 * high,
            started.elapsed().as_secs_f64()
        )
    }
}

/// The 95 % Wilson score interval of `score` successes in `n` trials (as `rulebook match`
/// prints it).
fn wilson_interval(score: f64, n: f64) -> (f64, f64) {
    const Z: f64 = 1.959_963_984_540_054;
    let p = score / n;
    let z2 = Z * Z;
    let denominator = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denominator;
    let half = Z / denominator * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let (mut games, mut plies) = (20, 40);
    let mut levels = Level::ALL.to_vec();
    let mut variety = true;
    let mut fixed = false;
    let mut set = None;
    let mut roots = None;
    let mut versus = None;
    let mut specs = Vec::new();
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or(format!("{arg} needs a value"));
        match arg.as_str() {
            "--games" => games = value()?.parse()?,
            "--plies" => plies = value()?.parse()?,
            "--roots" => roots = Some(value()?.parse()?),
            "--versus" => versus = Some(value()?.parse()?),
            "--levels" => {
                levels = value()?
                    .split(',')
                    .map(str::parse)
                    .collect::<Result<_, _>>()?;
            }
            "--off" => variety = false,
            "--fixed" => fixed = true,
            "--set" => {
                let text = value()?;
                let parts: Vec<&str> = text.split(',').collect();
                let [plies, margin, share] = parts[..] else {
                    return Err(format!("--set {text}: PLIES,MARGIN,SHARE").into());
                };
                set = Some(Variety::new(
                    plies.parse()?,
                    margin.parse()?,
                    share.parse()?,
                ));
            }
            _ => specs.push(arg.parse::<GameSpec>()?),
        }
    }
    if specs.is_empty() {
        specs = ["kazura", "bao", "go9", "bind"]
            .iter()
            .map(|s| s.parse())
            .collect::<Result<_, _>>()?;
    }
    let mode = match (roots, versus) {
        (Some(plies), _) => Mode::Roots { plies },
        (None, Some(games)) => Mode::Versus { games },
        (None, None) => Mode::Distinct { games, plies },
    };
    match mode {
        Mode::Distinct { .. } => {
            println!(
                "| game | level | variety | distinct in 10 plies | in 20 | in all | plies a game | time |"
            );
            println!("|---|---|---|---|---|---|---|---|");
        }
        Mode::Versus { .. } => {
            println!("| game | level | with variety vs without | 95 % CI | time |");
            println!("|---|---|---|---|---|");
        }
        Mode::Roots { .. } => {}
    }
    for spec in &specs {
        for &level in &levels {
            let run = Run {
                level,
                variety,
                set,
                fixed,
                mode,
            };
            let result = AnyGame::new(spec).visit(run);
            let on = match (variety, set) {
                (false, _) => "off".to_string(),
                (true, None) => "on".to_string(),
                (true, Some(v)) => format!("{},{},{}", v.plies, v.margin, v.min_visit_share),
            };
            match mode {
                Mode::Distinct { .. } => println!("| {spec} | {level} | {on} | {result} |"),
                Mode::Versus { .. } => println!("| {spec} | {level} | {result} |"),
                Mode::Roots { .. } => println!("{spec} {level} (variety {on}):{result}"),
            }
        }
    }
    Ok(())
}
