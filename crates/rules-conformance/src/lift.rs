//! The failing-decisions summary: decision ids ranked so that the first id printed is the
//! rule most likely broken — those named by every failed case first, each group by lift.
//!
//! Over the cases run in one invocation (passed, failed or errored; a skipped case is not
//! run), for each decision id `d`:
//!
//! ```text
//! lift(d) = (failed cases naming d / cases run naming d) / (failed cases / cases run)
//! ```
//!
//! A case fails when its verdict is a failure or an error. An id named twice by one case
//! counts once. The ids with at least one failed case are listed: first those that every
//! failed case names (each explains every failure), then the others; within each group,
//! highest lift first (compared exactly, as fractions); ties go to the id with more failed
//! cases, then to id order (`G-9` before `G-10`). Each lift is printed rounded to two decimals, halves up,
//! from integers, so that `conformance/run.py` prints the same digits. `conformance/FORMAT.md`
//! ("The failing-decisions summary") is the definition both runners follow.

use std::cmp::Ordering;
use std::collections::BTreeMap;

/// One decision id's counts over a run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DecisionLift {
    /// The decision id.
    pub id: String,
    /// Failed (or errored) cases naming it.
    pub failed: u64,
    /// Cases run naming it.
    pub run: u64,
    /// Failed cases in the whole run.
    pub failed_total: u64,
    /// Cases run in the whole run.
    pub run_total: u64,
}

impl DecisionLift {
    /// The lift in hundredths, rounded to the nearest, halves up.
    #[must_use]
    pub fn hundredths(&self) -> u128 {
        let num = u128::from(self.failed) * u128::from(self.run_total);
        let den = u128::from(self.run) * u128::from(self.failed_total);
        (200 * num + den) / (2 * den)
    }

    /// The lift as printed: `1.40`.
    #[must_use]
    pub fn lift_text(&self) -> String {
        let h = self.hundredths();
        format!("{}.{:02}", h / 100, h % 100)
    }

    /// Whether every failed case of the run names this id.
    #[must_use]
    pub fn names_every_failure(&self) -> bool {
        self.failed == self.failed_total
    }

    /// Compares the exact lifts: `failed/run` of each (the run-wide factor is common).
    fn cmp_lift(&self, other: &Self) -> Ordering {
        (u128::from(self.failed) * u128::from(other.run))
            .cmp(&(u128::from(other.failed) * u128::from(self.run)))
    }
}

/// Ranks the decision ids of `cases` — each case's decision ids and whether it failed —
/// those every failed case names first, then by lift, highest first; only ids with at
/// least one failed case are kept.
pub fn rank<'a, I, S>(cases: I) -> Vec<DecisionLift>
where
    I: IntoIterator<Item = (&'a [S], bool)>,
    S: AsRef<str> + 'a,
{
    let mut per_id: BTreeMap<String, (u64, u64)> = BTreeMap::new();
    let (mut run_total, mut failed_total) = (0u64, 0u64);
    for (ids, failed) in cases {
        run_total += 1;
        failed_total += u64::from(failed);
        let mut seen: Vec<&str> = ids.iter().map(AsRef::as_ref).collect();
        seen.sort_unstable();
        seen.dedup();
        for id in seen {
            let entry = per_id.entry(id.to_string()).or_default();
            entry.0 += u64::from(failed);
            entry.1 += 1;
        }
    }
    let mut ranked: Vec<DecisionLift> = per_id
        .into_iter()
        .filter(|(_, (failed, _))| *failed > 0)
        .map(|(id, (failed, run))| DecisionLift {
            id,
            failed,
            run,
            failed_total,
            run_total,
        })
        .collect();
    ranked.sort_by(|a, b| {
        b.names_every_failure()
            .cmp(&a.names_every_failure())
            .then_with(|| b.cmp_lift(a))
            .then(b.failed.cmp(&a.failed))
            .then_with(|| natural(&a.id).cmp(&natural(&b.id)))
    });
    ranked
}

/// The summary line for `ranked`, or `None` when nothing failed:
/// `failing decisions: G-4 (lift 3.20, 4 of 5 cases failed), …`.
#[must_use]
pub fn line(ranked: &[DecisionLift]) -> Option<String> {
    if ranked.is_empty() {
        return None;
    }
    let items: Vec<String> = ranked
        .iter()
        .map(|d| {
            format!(
                "{} (lift {}, {} of {} case{} failed)",
                d.id,
                d.lift_text(),
                d.failed,
                d.run,
                if d.run == 1 { "" } else { "s" }
            )
        })
        .collect();
    Some(format!("failing decisions: {}", items.join(", ")))
}

/// Sorts `G-10` after `G-9`.
pub(crate) fn natural(id: &str) -> (String, u32, String) {
    let (letter, rest) = id.split_once('-').unwrap_or((id, ""));
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    (
        letter.to_string(),
        digits.parse().unwrap_or(0),
        rest[digits.len()..].to_string(),
    )
}
