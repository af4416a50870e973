//! Portable rule tests for the four games of this workspace.
//!
//! `conformance/FORMAT.md` at the top of the repository specifies the vector files: a
//! header line, then one case per line (`replay` checks of legal sets, player to move and
//! refused moves; `perft` counts; `end` results and go9's area count; `record` texts that
//! must replay or be refused; go9 `gtp` sessions), each naming the decision ids of the
//! game's page it exercises. This crate reads them ([`format`](mod@format)), asks an [`Engine`] the
//! questions ([`CatalogEngine`]: the workspace's own crates; [`ProgramEngine`]: any program
//! that speaks `rulebook`'s command-line contract) and reports what held ([`Runner`]).
//! `rulebook conformance` is its command line.
//!
//! ```
//! use std::path::Path;
//! use std::sync::Arc;
//! use std::time::Duration;
//! use rules_conformance::{CatalogEngine, Engine, Runner};
//!
//! let file = concat!(
//!     r#"{"format":"boardrules-conformance","version":1,"game":"bind","options":{"variant":"mini"},"#,
//!     r#""rules":"bind/1","notation":"lines B2-D2","reasons":[],"#,
//!     r#""sources":{"engine":"doc","independent":[]},"cases":1}"#, "\n",
//!     r#"{"id":"bind-perft-1","kind":"perft","decisions":["N-3","N-4"],"checked_by":["engine"],"#,
//!     r#""moves":["B2-B4"],"counts":[2]}"#, "\n",
//! );
//! let runner = Runner::new(Arc::new(|| Box::new(CatalogEngine) as Box<dyn Engine + Send>), Duration::from_secs(10));
//! let report = runner.run_text(Path::new("example.jsonl"), file);
//! assert_eq!(report.text(), "example.jsonl: 1 passed, 0 failed, 0 skipped, 0 errors\n");
//! ```

pub mod canonical;
mod catalog_engine;
pub mod check;
mod engine;
pub mod format;
pub mod lift;
mod program_engine;
pub mod reasons;
pub mod runner;
pub mod validate;

pub use catalog_engine::{CatalogEngine, go9_score, move_number_in};
pub use engine::{
    Answer, Engine, EngineFailure, GameOptions, OutcomeAnswer, ProbeAnswer, ReplayAnswer, Trace,
};
pub use format::{Case, CaseBody, Header, VectorFile};
pub use program_engine::{ProgramEngine, score_in};
pub use runner::{FileReport, Runner, Tally};
