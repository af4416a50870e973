//! `conformance-gen`: writes the vector files of `conformance/` (see
//! `conformance/FORMAT.md`), or with `--check` compares them with what it would write.
//!
//! ```text
//! cargo run --release -p conformance-gen             # writes conformance/GAME/v1/*.jsonl
//! cargo run --release -p conformance-gen -- --check  # exit status 1 if a file differs
//! ```
//!
//! Every answer comes from the workspace's crates; each game's module also checks it
//! against the independent source that exists for it (brute-force movers for perft, GNU Go
//! for go9's legality and counts, the Bao author's published games), and names that source
//! in the case's `checked_by`.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::ExitCode;

use conformance_gen::{all_files, coverage};

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let mut root = PathBuf::from("conformance");
    let mut check = false;
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--check" => check = true,
            "--out" => match args.next() {
                Some(path) => root = PathBuf::from(path),
                None => {
                    eprintln!("conformance-gen: --out needs a folder");
                    return ExitCode::from(2);
                }
            },
            other => {
                eprintln!("conformance-gen: unknown argument {other:?} (use --out DIR, --check)");
                return ExitCode::from(2);
            }
        }
    }
    let files = all_files();
    let mut differ = 0;
    let mut outputs: Vec<(PathBuf, String, String)> = files
        .iter()
        .map(|f| (f.path(&root), f.text(), format!("{} cases", f.len())))
        .collect();
    for set in conformance_gen::bench::sets() {
        let what = format!("{} positions", set.positions.len());
        outputs.push((set.path(&root), set.text(), what));
    }
    for (path, text, what) in outputs {
        if check {
            if std::fs::read_to_string(&path).ok().as_deref() != Some(text.as_str()) {
                eprintln!("{}: differs from what the crates give now", path.display());
                differ += 1;
            }
            continue;
        }
        let written = path
            .parent()
            .map_or(Ok(()), std::fs::create_dir_all)
            .and_then(|()| std::fs::write(&path, &text));
        if let Err(e) = written {
            eprintln!("conformance-gen: {}: {e}", path.display());
            return ExitCode::from(1);
        }
        println!("{}: {what}", path.display());
    }
    let mut short = false;
    for (game, (cases, ids)) in coverage(&files) {
        let thin: BTreeMap<&String, &usize> = ids.iter().filter(|(_, n)| **n < 3).collect();
        println!("{game}: {cases} cases; decisions with fewer than 3 cases: {thin:?}");
        short |= cases < 500 || !thin.is_empty();
    }
    if differ > 0 || short {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
