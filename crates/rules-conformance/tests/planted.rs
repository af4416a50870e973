//! Every decision id, broken on purpose, is caught and named first.
//!
//! For each decision id of the four games' pages (`### K-1` … in docs/), the game crate's
//! planted bug for it (`game_core::planted`, feature `planted-bugs`) is switched on and the
//! game's vector files are run in process. The suite must then show it as docs/conformance.md
//! promises: at least three cases fail, every failing case names the id, and the
//! failing-decisions summary ranks the id first. An id no bug can be planted for is listed
//! with the reason in its game's table (`planted/GAME.rs`).
//!
//! The switch is one for the whole process, so this file holds one test. `PLANTED_IDS=G-`
//! runs only the ids that start so (while working on one game); the table of results is
//! printed (`-- --nocapture`) for docs/conformance.md.

mod planted {
    pub mod bao;
    pub mod bind;
    pub mod go9;
    pub mod kazura;

    /// What is planted for one decision id.
    #[allow(dead_code)] // no game's table may need `Unplantable`
    pub enum Plant {
        /// The crate breaks the decision this way while the id is planted.
        Bug(&'static str, &'static str),
        /// No bug of this id can show in the suite, and why.
        Unplantable(&'static str, &'static str),
        /// A bug whose failing cases all name the id, but that another id outranks: the
        /// bug, the rank it has (at worst) and why. Kept as a known shortfall, checked so
        /// that it gets no worse, and to be made a `Bug` once it is first.
        NotFirst(&'static str, &'static str, usize, &'static str),
    }

    impl Plant {
        /// The decision id.
        pub fn id(&self) -> &'static str {
            match self {
                Plant::Bug(id, _) | Plant::Unplantable(id, _) | Plant::NotFirst(id, ..) => id,
            }
        }
    }
}

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use planted::Plant;
use rules_conformance::check::Verdict;
use rules_conformance::lift;
use rules_conformance::runner::{self, EngineFactory};
use rules_conformance::{CatalogEngine, Engine, Runner};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The decision ids of a game's page, in page order: its `### X-n` headings.
fn page_ids(page: &str) -> Vec<String> {
    let text = std::fs::read_to_string(root().join("docs").join(page)).unwrap();
    text.lines()
        .filter_map(|line| line.strip_prefix("### "))
        .map(|rest| rest.split_whitespace().next().unwrap_or("").to_string())
        .filter(|id| game_core::planted::code(id) != 0)
        .collect()
}

/// One game: its folder of vectors, its page and its plants.
struct GameTable {
    folder: &'static str,
    page: &'static str,
    plants: &'static [Plant],
}

const GAMES: [GameTable; 4] = [
    GameTable {
        folder: "kazura",
        page: "kazura.md",
        plants: planted::kazura::PLANTS,
    },
    GameTable {
        folder: "bao",
        page: "bao-nyakua.md",
        plants: planted::bao::PLANTS,
    },
    GameTable {
        folder: "go9",
        page: "go9.md",
        plants: planted::go9::PLANTS,
    },
    GameTable {
        folder: "bind",
        page: "bind.md",
        plants: planted::bind::PLANTS,
    },
];

/// What one planted run showed.
struct Outcome {
    failed: usize,
    run: usize,
    /// Failing cases that do not name the planted id.
    unnamed: Vec<String>,
    /// The id's place in the failing-decisions line, from 1 (`None`: not in it).
    rank: Option<usize>,
    /// The line's first few ids.
    leaders: String,
}

fn run_planted(id: &str, files: &[PathBuf]) -> Outcome {
    let factory: EngineFactory = Arc::new(|| Box::new(CatalogEngine) as Box<dyn Engine + Send>);
    let runner = Runner::new(factory, Duration::from_secs(60));
    let before = game_core::planted::plant(Some(id));
    assert_eq!(before, None, "a bug was left planted");
    let reports: Vec<_> = files.iter().map(|f| runner.run_file(f)).collect();
    game_core::planted::plant(None);
    let mut cases = Vec::new();
    let mut unnamed = Vec::new();
    for report in &reports {
        assert!(
            report.file_error.is_none() && report.line_errors.is_empty(),
            "{}",
            report.text()
        );
        for case in &report.cases {
            let failed = matches!(case.checked.verdict, Verdict::Fail(_) | Verdict::Error(_));
            assert!(
                !matches!(case.checked.verdict, Verdict::Skip(_)),
                "{} skipped",
                case.id
            );
            if failed && !case.decisions.iter().any(|d| d == id) {
                unnamed.push(format!("{} [{}]", case.id, case.decisions.join(" ")));
            }
            cases.push((case.decisions.as_slice(), failed));
        }
    }
    let ranked = lift::rank(cases.iter().map(|(d, f)| (*d, *f)));
    let failed = cases.iter().filter(|(_, f)| *f).count();
    Outcome {
        failed,
        run: cases.len(),
        unnamed,
        rank: ranked.iter().position(|d| d.id == id).map(|p| p + 1),
        leaders: ranked
            .iter()
            .take(3)
            .map(|d| format!("{} {}", d.id, d.lift_text()))
            .collect::<Vec<_>>()
            .join(", "),
    }
}

#[test]
fn every_planted_bug_fails_cases_that_name_it_and_is_ranked_first() {
    let only = std::env::var("PLANTED_IDS").unwrap_or_default();
    let mut table =
        String::from("| id | cases failed | rank | first in the line |\n|---|---:|---:|---|\n");
    let mut problems = Vec::new();
    for game in &GAMES {
        let ids = page_ids(game.page);
        if !ids.iter().any(|id| id.starts_with(only.as_str())) {
            continue;
        }
        assert!(ids.len() >= 10, "{}: ids {ids:?}", game.page);
        let planted: Vec<&str> = game.plants.iter().map(Plant::id).collect();
        assert_eq!(
            planted, ids,
            "{}: the plants, one per id in page order",
            game.folder
        );
        let files = runner::vector_files(&root().join("conformance").join(game.folder)).unwrap();
        for plant in game.plants {
            if !plant.id().starts_with(only.as_str()) {
                continue;
            }
            let (bug, known) = match plant {
                Plant::Bug(_, bug) => (*bug, None),
                Plant::NotFirst(_, bug, rank, why) => (*bug, Some((*rank, *why))),
                Plant::Unplantable(id, why) => {
                    let _ = writeln!(table, "| {id} | – | – | not planted: {why} |");
                    continue;
                }
            };
            let id = plant.id();
            let outcome = run_planted(id, &files);
            let rank = outcome.rank.map_or("–".to_string(), |r| r.to_string());
            let _ = writeln!(
                table,
                "| {id} | {} of {} | {rank} | {} |",
                outcome.failed, outcome.run, outcome.leaders
            );
            if outcome.failed < 3 {
                problems.push(format!(
                    "{id} ({bug}): only {} cases failed",
                    outcome.failed
                ));
            }
            if !outcome.unnamed.is_empty() {
                problems.push(format!(
                    "{id} ({bug}): {} failing cases do not name it: {}",
                    outcome.unnamed.len(),
                    outcome
                        .unnamed
                        .iter()
                        .take(8)
                        .cloned()
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
            }
            match known {
                None if outcome.rank != Some(1) => problems.push(format!(
                    "{id} ({bug}): ranked {rank}, the line starts {}",
                    outcome.leaders
                )),
                Some((worst, _)) if outcome.rank.is_none_or(|r| r > worst) => {
                    problems.push(format!(
                        "{id} ({bug}): ranked {rank}, worse than its known {worst}; the line \
                         starts {}",
                        outcome.leaders
                    ));
                }
                Some(_) if outcome.rank == Some(1) => problems.push(format!(
                    "{id} ({bug}): now ranked first: make it a Plant::Bug"
                )),
                _ => {}
            }
        }
    }
    println!("{table}");
    assert!(problems.is_empty(), "{table}\n{}", problems.join("\n"));
}
