//! G-13, G-14: `loadsgf` of a file nested past go9's SGF depth limit (1,000 nodes on one
//! line of play) answers `?` with the reason and leaves the game as it was. The engine
//! runs on a 256 KiB thread: ten times the limit overflowed such a stack before the depth
//! was bounded, and the 150,000-level file of issue 33 overflowed even the main thread's.

mod common;

use common::ask;
use go9_gtp::GtpEngine;

/// Runs `loadsgf` of each text in turn, after `play B E5`, on a 256 KiB thread: each
/// answer, and the stones afterwards.
fn load_each(name: &str, texts: Vec<String>) -> (Vec<(bool, String)>, String) {
    let dir = std::env::temp_dir().join(format!("go9-gtp-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let files: Vec<_> = texts
        .iter()
        .enumerate()
        .map(|(i, text)| {
            let file = dir.join(format!("deep-{i}.sgf"));
            std::fs::write(&file, text).unwrap();
            file
        })
        .collect();
    let answers = std::thread::Builder::new()
        .stack_size(256 << 10)
        .spawn(move || {
            let mut engine = GtpEngine::new();
            assert!(ask(&mut engine, "play B E5").0);
            let answers: Vec<_> = files
                .iter()
                .map(|file| ask(&mut engine, &format!("loadsgf {}", file.display())))
                .collect();
            (answers, ask(&mut engine, "list_stones black").1)
        })
        .unwrap()
        .join()
        .unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    answers
}

#[test]
fn g14_loadsgf_refuses_a_tree_ten_times_the_depth_limit() {
    let nested = format!("(;SZ[9]{}{}", "(;C[x]".repeat(9_999), ")".repeat(10_000));
    let flat = format!("(;SZ[9]{})", ";C[x]".repeat(9_999));
    let (answers, stones) = load_each("ten-times", vec![nested, flat]);
    for (ok, text) in answers {
        assert!(!ok, "{text}");
        assert!(
            text.starts_with("cannot load file: ")
                && text.contains("10000 nodes deep")
                && text.contains("at most 1000"),
            "{text}"
        );
    }
    assert_eq!(stones, "E5");
}

#[test]
fn g14_loadsgf_refuses_the_reported_150000_level_files() {
    let nested = format!(
        "(;SZ[9]{}{}",
        "(;B[aa]".repeat(150_000),
        ")".repeat(150_001)
    );
    let flat = format!("(;SZ[9]{})", ";B[aa];W[bb]".repeat(75_000));
    let (answers, stones) = load_each("reported", vec![nested, flat]);
    for (ok, text) in answers {
        assert!(!ok && text.contains("150001 nodes deep"), "{text}");
    }
    assert_eq!(stones, "E5");
}

#[test]
fn g14_loadsgf_reads_a_tree_at_the_depth_limit() {
    let nested = format!("(;SZ[9]{}{}", "(;C[x]".repeat(999), ")".repeat(1000));
    let (answers, stones) = load_each("at-limit", vec![nested]);
    assert_eq!(answers, [(true, "black".to_string())]);
    assert_eq!(stones, "");
}
