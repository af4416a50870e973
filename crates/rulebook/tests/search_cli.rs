//! The search and thread options of the older commands: `perft --threads`,
//! `selfplay --player LEVEL|SPEC` and `bench --threads`.

mod common;
use common::{ok, refused};

#[test]
fn perft_on_several_threads_counts_what_one_thread_counts() {
    for args in [
        ["bind", "4", "--variant", "mini"],
        ["kazura", "3", "--size", "5"],
        ["go9", "2", "--size", "9"],
        ["bao", "3", "--ruleset", "seed"],
    ] {
        let one = ok(&["perft", args[0], args[1], args[2], args[3], "--divide"]);
        for threads in ["2", "3"] {
            let many = ok(&[
                "perft",
                args[0],
                args[1],
                args[2],
                args[3],
                "--divide",
                "--threads",
                threads,
            ]);
            assert_eq!(one, many, "{args:?} on {threads} threads");
        }
    }
    // The known counts.
    assert_eq!(
        ok(&["perft", "go9", "2", "--threads", "2"]),
        "perft 1 82\nperft 2 6643\n"
    );
    refused(&["perft", "bind", "2", "--threads", "0"]);
}

#[test]
fn selfplay_takes_a_level_or_a_player_spec() {
    let out = ok(&["selfplay", "bind", "--player", "easy", "--games", "2"]);
    assert!(out.ends_with(" plies\n"), "{out}");
    assert!(out.contains("summary: 2 games, black won "), "{out}");
    let a = ok(&[
        "selfplay", "kazura", "--size", "4", "--player", "mcts:40", "--seed", "3",
    ]);
    assert_eq!(
        a,
        ok(&[
            "selfplay", "kazura", "--size", "4", "--player", "MCTS:40", "--seed", "3"
        ])
    );
    let capped = ok(&["selfplay", "go9", "--player", "mcts:20", "--max-plies", "6"]);
    assert!(
        capped.contains(
            "result: ongoing (stopped by selfplay at its cap of 6 plies, not a rule result)"
        ),
        "{capped}"
    );
    // The old players are unchanged: `mcts` with --iterations.
    let old = ok(&[
        "selfplay",
        "bind",
        "--player",
        "mcts",
        "--iterations",
        "30",
        "--seed",
        "4",
    ]);
    assert!(old.contains("summary: 1 games, "), "{old}");
    refused(&["selfplay", "bind", "--player", "human"]);
    refused(&["selfplay", "bind", "--player", "gtp:gnugo"]);
    refused(&["selfplay", "bind", "--player", "expert"]);
}

#[test]
fn bench_has_search_rows_for_one_and_n_threads() {
    let out = ok(&["bench", "bind", "--seconds", "0.02", "--threads", "2"]);
    let row = |measure: &str| {
        out.lines()
            .find(|l| l[9..].starts_with(measure))
            .unwrap_or_else(|| panic!("no row {measure}: {out}"))
            .to_string()
    };
    assert!(row("search playouts from the start, 1 thread ").ends_with(" playouts/s"));
    assert!(row("search playouts from the start, 2 threads").ends_with(" playouts/s"));
    assert!(row("search speed-up, 2 threads over 1").ends_with(" %"));
    for line in out.lines() {
        // NAME(8) SP MEASURE(44) SP VALUE(16) SP UNIT
        assert_eq!(&line[8..9], " ", "{line}");
        assert_eq!(&line[53..54], " ", "{line}");
        assert_eq!(&line[70..71], " ", "{line}");
    }
    let one = ok(&["bench", "bind", "--seconds", "0.02", "--threads", "1"]);
    assert!(one.contains("search playouts from the start, 1 thread"));
    assert!(!one.contains("threads"), "{one}");
}

#[test]
fn every_threads_option_stops_at_the_catalogs_cap() {
    // The cap is the catalog's, shared with the Python package (game_catalog::MAX_THREADS).
    let over = (game_catalog::MAX_THREADS + 1).to_string();
    let range = format!("is not in 1..={}", game_catalog::MAX_THREADS);
    let capped = |args: &[&str]| assert!(refused(args).contains(&range), "{args:?}");
    capped(&["perft", "bind", "1", "--threads", &over]);
    capped(&["bench", "bind", "--threads", &over]);
    let args = ["--black", "random", "--white", "random"];
    capped(&[&["match", "bind", "--threads", &over][..], &args].concat());
    capped(&["play", "bind", "--threads", &over]);
    // gtp took any number of threads and aborted or panicked on thousands of them.
    capped(&["gtp", "--threads", &over]);
    capped(&["gtp", "--threads", "0"]);
}

/// `rulebook ARGS` where every new thread asks for a 1 GiB stack (`RUST_MIN_STACK`) and
/// the address space has room for none: every spawn fails, the heap is still there.
#[cfg(target_os = "linux")]
fn with_threads_refused(args: &[&str]) -> std::process::Output {
    std::process::Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 600000 && exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_rulebook"))
        .args(args)
        .env("RUST_MIN_STACK", (1u64 << 30).to_string())
        .output()
        .expect("sh runs")
}

#[cfg(target_os = "linux")]
#[test]
fn threads_the_system_refuses_leave_the_work_to_the_threads_there_are() {
    // Each of these spawned with `scope.spawn`, which panics when the system says no.
    let perft = with_threads_refused(&["perft", "go9", "2", "--threads", "8"]);
    assert_eq!(common::stdout(&perft), "perft 1 82\nperft 2 6643\n");
    let args = [
        "match", "bind", "--black", "random", "--white", "random", "--games", "3",
    ];
    let one = ok(&args);
    let refused = with_threads_refused(&[&args[..], &["--threads", "3"]].concat());
    assert_eq!(common::stdout(&refused), one);
    // The search's own threads (game-core's searcher): bench's 4-thread search row.
    let search = with_threads_refused(&["bench", "bind", "--seconds", "0.05", "--threads", "4"]);
    assert!(common::stdout(&search).contains("4 threads"));
}
