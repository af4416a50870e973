//! The failing-decisions summary ranks ids by lift. The same hand-made run is in
//! `conformance/tests/test_lift.py`, with the same expected line: both runners print it.

use rules_conformance::FileReport;
use rules_conformance::check::{Checked, Mismatch, Verdict};
use rules_conformance::runner::{self, CaseReport};

fn case(id: &str, decisions: &[&str], verdict: Verdict) -> CaseReport {
    CaseReport {
        id: id.into(),
        kind: "perft",
        decisions: decisions.iter().map(|d| (*d).to_string()).collect(),
        checked: Checked {
            verdict,
            classes_not_checked: 0,
            classes_checked: 0,
            values_not_checked: 0,
        },
    }
}

fn fail() -> Verdict {
    Verdict::Fail(vec![Mismatch {
        ply: Some(0),
        what: "perft 1".into(),
        expected: "2".into(),
        found: "3".into(),
    }])
}

/// The example: eight cases, one skipped, so 7 run and 5 failed (1, 2, 4, 7 and the error
/// 8); the run-wide failure rate is 5/7.
///
/// - cases 1, 5 → 1 failed of 2: (1/2)/(5/7) = 7/10 → 0.70
/// - cases 1, 2, 3, 5 (named twice by 5, counted once) → 2 of 4: 7/10 → 0.70
/// - cases 2, 4 (and the skipped 6, not run) → 2 of 2: 1/(5/7) = 7/5 → 1.40
/// - case 8 (an error counts as failed) → 1 of 1 → 1.40
/// - case 7 → 1 of 1 → 1.40
/// - only the skipped case 6 → not listed
///
/// Order: lift 1.40 first, and among them X-3 (2 failed) before X-9 and X-10 (1 each),
/// X-9 before X-10 by id order; then lift 0.70, X-2 (2 failed) before X-1 (1 failed).
const EXPECTED: &str = "failing decisions: X-3 (lift 1.40, 2 of 2 cases failed), \
     X-9 (lift 1.40, 1 of 1 case failed), X-10 (lift 1.40, 1 of 1 case failed), \
     X-2 (lift 0.70, 2 of 4 cases failed), X-1 (lift 0.70, 1 of 2 cases failed)";

#[test]
fn the_summary_ranks_failing_decisions_by_lift() {
    let first = FileReport {
        path: "a.jsonl".into(),
        cases: vec![
            case("c1", &["X-1", "X-2"], fail()),
            case("c2", &["X-2", "X-3"], fail()),
            case("c3", &["X-2"], Verdict::Pass),
            case("c4", &["X-3"], fail()),
        ],
        ..FileReport::default()
    };
    let second = FileReport {
        path: "b.jsonl".into(),
        cases: vec![
            case("c5", &["X-1", "X-2", "X-2"], Verdict::Pass),
            case("c6", &["X-4", "X-3"], Verdict::Skip("no gtp".into())),
            case("c7", &["X-10"], fail()),
            case("c8", &["X-9"], Verdict::Error("timed out".into())),
        ],
        ..FileReport::default()
    };
    let summary = runner::summary(&[first, second]);
    let last = summary.lines().last().unwrap();
    assert_eq!(last, EXPECTED, "{summary}");
}

#[test]
fn a_lift_is_rounded_to_hundredths_halves_up() {
    // 3 run, 1 failed; X-1 on the failed case and on one passed: (1/2)/(1/3) = 1.5 → 1.50;
    // X-2 on the failed case only: 1/(1/3) = 3 → 3.00. 8 run, 3 failed, Y-1 on 1 failed of
    // 3: (1/3)/(3/8) = 8/9 = 0.888… → 0.89.
    let report = FileReport {
        path: "a.jsonl".into(),
        cases: vec![
            case("c1", &["X-1", "X-2"], fail()),
            case("c2", &["X-1"], Verdict::Pass),
            case("c3", &[], Verdict::Pass),
        ],
        ..FileReport::default()
    };
    let summary = runner::summary(&[report]);
    assert!(
        summary.ends_with(
            "failing decisions: X-2 (lift 3.00, 1 of 1 case failed), \
             X-1 (lift 1.50, 1 of 2 cases failed)\n"
        ),
        "{summary}"
    );
    let mut cases = vec![case("f1", &["Y-1"], fail()), case("f2", &[], fail())];
    cases.push(case("f3", &[], fail()));
    cases.push(case("p1", &["Y-1"], Verdict::Pass));
    cases.push(case("p2", &["Y-1"], Verdict::Pass));
    for n in 0..3 {
        cases.push(case(&format!("q{n}"), &[], Verdict::Pass));
    }
    let summary = runner::summary(&[FileReport {
        path: "b.jsonl".into(),
        cases,
        ..FileReport::default()
    }]);
    assert!(
        summary.ends_with("failing decisions: Y-1 (lift 0.89, 1 of 3 cases failed)\n"),
        "{summary}"
    );
    // A half: 9 run, 8 failed, Z-1 on one failed case: 1/(8/9) = 9/8 = 1.125 → 1.13 (not
    // 1.12, as rounding halves to even would give).
    let mut cases = vec![case("z", &["Z-1"], fail()), case("p", &[], Verdict::Pass)];
    for n in 0..7 {
        cases.push(case(&format!("f{n}"), &[], fail()));
    }
    let summary = runner::summary(&[FileReport {
        path: "c.jsonl".into(),
        cases,
        ..FileReport::default()
    }]);
    assert!(
        summary.ends_with("failing decisions: Z-1 (lift 1.13, 1 of 1 case failed)\n"),
        "{summary}"
    );
}

#[test]
fn nothing_failed_prints_no_decisions_line() {
    let report = FileReport {
        path: "a.jsonl".into(),
        cases: vec![case("c1", &["X-1"], Verdict::Pass)],
        ..FileReport::default()
    };
    assert!(!runner::summary(&[report]).contains("failing decisions"));
}

/// The cases of FORMAT.md's example: 80 run, 20 failed; G-2 on 78 and on every failed
/// case, G-4 on 5 (4 failed), G-5 on 2 (1 failed).
fn format_example() -> FileReport {
    let mut cases = Vec::new();
    for n in 0..20 {
        let mut ids = vec!["G-2"];
        if n < 4 {
            ids.push("G-4");
        }
        if n == 4 {
            ids.push("G-5");
        }
        cases.push(case(&format!("f{n}"), &ids, fail()));
    }
    cases.push(case("p0", &["G-2", "G-4"], Verdict::Pass));
    cases.push(case("p1", &["G-2", "G-5"], Verdict::Pass));
    for n in 2..58 {
        cases.push(case(&format!("p{n}"), &["G-2"], Verdict::Pass));
    }
    cases.push(case("p58", &[], Verdict::Pass));
    cases.push(case("p59", &[], Verdict::Pass));
    FileReport {
        path: "format.jsonl".into(),
        cases,
        ..FileReport::default()
    }
}

#[test]
fn ids_named_by_every_failure_come_first_then_by_lift_as_format_md_says() {
    // By lift alone G-4 (3.20) and G-5 (2.00) would come before G-2 (1.03); G-2 is named
    // by all 20 failures, so it comes first.
    let expected = "failing decisions: G-2 (lift 1.03, 20 of 78 cases failed), \
                    G-4 (lift 3.20, 4 of 5 cases failed), G-5 (lift 2.00, 1 of 2 cases failed)";
    let summary = runner::summary(&[format_example()]);
    assert_eq!(summary.lines().last().unwrap(), expected, "{summary}");
    let format = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../conformance/FORMAT.md"
    ))
    .unwrap();
    assert!(
        format.contains(expected),
        "FORMAT.md's example is not what the runner prints"
    );
    // Of several ids every failure names, the highest lift (the fewest passing cases)
    // first: A-1 (on all 3 failures and 3 passes) before U-1 (on every case).
    let mut cases = vec![
        case("c1", &["U-1", "A-1", "B-1"], fail()),
        case("c2", &["U-1", "A-1", "B-1"], fail()),
        case("c3", &["U-1", "A-1", "C-1"], fail()),
    ];
    for n in 0..3 {
        cases.push(case(&format!("p{n}"), &["U-1", "A-1"], Verdict::Pass));
    }
    cases.push(case("q1", &["U-1"], Verdict::Pass));
    cases.push(case("q2", &["U-1"], Verdict::Pass));
    let summary = runner::summary(&[FileReport {
        path: "cover.jsonl".into(),
        cases,
        ..FileReport::default()
    }]);
    assert_eq!(
        summary.lines().last().unwrap(),
        "failing decisions: A-1 (lift 1.33, 3 of 6 cases failed), \
         U-1 (lift 1.00, 3 of 8 cases failed), B-1 (lift 2.67, 2 of 2 cases failed), \
         C-1 (lift 2.67, 1 of 1 case failed)",
        "{summary}"
    );
}
