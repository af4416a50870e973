//! What every game's generator shares: a file being built, and the cases computed from the
//! crates (replays with checks, perft, ends, records).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use game_catalog::{AnyGame, GameSpec};
use game_core::GameRng;
use rules_conformance::CaseBody;
use rules_conformance::format::{
    Case, Check, FORMAT_NAME, FORMAT_VERSION, Header, LegalSet, Probe, RecordExpect, ResultWords,
    Sources,
};
use rules_conformance::reasons;
use serde_json::{Map, Value};

/// Who computed every answer.
pub const ENGINE: &str = "engine";

/// A vector file being built.
pub struct FileBuilder {
    /// The game.
    pub spec: GameSpec,
    /// `conformance/GAME/v1/NAME.jsonl`.
    pub name: String,
    header: Header,
    cases: Vec<Case>,
    next_id: usize,
}

impl FileBuilder {
    /// A file of `spec`'s cases named `name`, with its notation and independent sources.
    pub fn new(spec: GameSpec, name: &str, notation: &str, independent: &[&str]) -> FileBuilder {
        let game = spec.kind().to_string();
        let options = match spec.to_json() {
            Value::Object(mut map) => {
                map.remove("game");
                map
            }
            _ => Map::new(),
        };
        FileBuilder {
            spec,
            name: name.to_string(),
            header: Header {
                format: FORMAT_NAME.into(),
                version: FORMAT_VERSION,
                rules: format!("{game}/1"),
                reasons: reasons::vocabulary(&game)
                    .iter()
                    .map(|s| (*s).to_string())
                    .collect(),
                game,
                options,
                notation: notation.into(),
                sources: Sources {
                    engine: format!(
                        "the workspace's crates {} (crates/conformance-gen)",
                        env!("CARGO_PKG_VERSION")
                    ),
                    independent: independent.iter().map(|s| (*s).to_string()).collect(),
                },
                cases: 0,
            },
            cases: Vec::new(),
            next_id: 1,
        }
    }

    /// The start position.
    pub fn start(&self) -> AnyGame {
        AnyGame::new(&self.spec)
    }

    /// Adds a case; its id is `GAME-FILE-NNNN`.
    pub fn push(
        &mut self,
        decisions: &[&str],
        checked_by: &[&str],
        note: Option<String>,
        body: CaseBody,
    ) {
        let mut decisions: Vec<String> = decisions.iter().map(|s| (*s).to_string()).collect();
        decisions.sort_by_key(|id| natural(id));
        decisions.dedup();
        let id = format!("{}-{}-{:04}", self.header.game, self.name, self.next_id);
        self.next_id += 1;
        self.cases.push(Case {
            id,
            decisions,
            checked_by: checked_by.iter().map(|s| (*s).to_string()).collect(),
            note,
            body,
        });
    }

    /// How many cases so far.
    pub fn len(&self) -> usize {
        self.cases.len()
    }

    /// Whether the file has no case yet.
    pub fn is_empty(&self) -> bool {
        self.cases.is_empty()
    }

    /// The cases so far.
    pub fn cases(&self) -> &[Case] {
        &self.cases
    }

    /// The file's path under `root`.
    pub fn path(&self, root: &Path) -> PathBuf {
        root.join(&self.header.game)
            .join("v1")
            .join(format!("{}.jsonl", self.name))
    }

    /// The file's text.
    pub fn text(&self) -> String {
        let mut header = self.header.clone();
        header.cases = self.cases.len();
        let mut text = format!("{header}\n");
        for case in &self.cases {
            text.push_str(&case.to_line());
            text.push('\n');
        }
        text
    }
}

/// `G-10` after `G-9`.
pub fn natural(id: &str) -> (String, u32) {
    let (letter, rest) = id.split_once('-').unwrap_or((id, ""));
    (letter.to_string(), rest.parse().unwrap_or(0))
}

/// Moves as owned strings.
pub fn strings(moves: &[&str]) -> Vec<String> {
    moves.iter().map(|s| (*s).to_string()).collect()
}

/// The position after `moves` from `spec`'s start; panics if a move is refused (the
/// generator only writes games its own engine played).
pub fn after(spec: &GameSpec, moves: &[String]) -> AnyGame {
    let mut game = AnyGame::new(spec);
    for (i, mv) in moves.iter().enumerate() {
        if let Err(e) = game.play(mv) {
            panic!("move {} ({mv}) refused: {e}", i + 1);
        }
    }
    game
}

/// A random game from the start of `spec`: up to `max_plies` moves chosen by `choose`
/// among the legal ones (which gets the game and the legal moves).
pub fn random_game(
    spec: &GameSpec,
    rng: &mut GameRng,
    max_plies: usize,
    mut choose: impl FnMut(&AnyGame, &[String], &mut GameRng) -> usize,
) -> Vec<String> {
    let mut game = AnyGame::new(spec);
    let mut moves = Vec::new();
    while moves.len() < max_plies && !game.is_over() {
        let legal = game.legal_moves();
        let mv = legal[choose(&game, &legal, rng)].clone();
        game.play(&mv).expect("a legal move");
        moves.push(mv);
    }
    moves
}

/// Uniformly random.
pub fn uniform(_: &AnyGame, legal: &[String], rng: &mut GameRng) -> usize {
    rng.below(legal.len())
}

/// A check of everything at `game` (after `ply` moves): player to move, legal set, and the
/// refusals of `candidates` that are not legal, with their classes (at most `max_probes`,
/// one per class first).
pub fn full_check(game: &AnyGame, ply: usize, candidates: &[String], max_probes: usize) -> Check {
    let legal = game.legal_moves();
    let to_move =
        (!game.is_over()).then(|| game.player_names()[game.to_move().index()].to_string());
    Check {
        ply,
        to_move: Some(to_move),
        legal: Some(LegalSet::of(&legal)),
        illegal: probes(game, candidates, max_probes),
    }
}

/// Refused candidates with their classes, one of each class first, then others, up to
/// `max`.
pub fn probes(game: &AnyGame, candidates: &[String], max: usize) -> Vec<Probe> {
    let mut seen_classes = BTreeSet::new();
    let mut first = Vec::new();
    let mut rest = Vec::new();
    let mut seen_moves = BTreeSet::new();
    for candidate in candidates {
        if !seen_moves.insert(candidate.clone()) {
            continue;
        }
        if let Some(class) = reasons::classify(game, candidate) {
            assert_ne!(class, "unclassified", "{candidate} has no class");
            let probe = Probe {
                mv: candidate.clone(),
                reason: class.to_string(),
            };
            if seen_classes.insert(class) {
                first.push(probe);
            } else {
                rest.push(probe);
            }
        }
    }
    first.extend(rest);
    first.truncate(max);
    first
}

/// The classes among `checks`' probes.
pub fn probe_classes(checks: &[Check]) -> BTreeSet<String> {
    checks
        .iter()
        .flat_map(|c| c.illegal.iter().map(|p| p.reason.clone()))
        .collect()
}

/// A perft case at the position after `moves`: depths 1, 2, … while the total number of
/// nodes stays within `budget`.
pub fn perft_body(spec: &GameSpec, moves: &[String], budget: u64, max_depth: usize) -> CaseBody {
    let game = after(spec, moves);
    let mut counts = Vec::new();
    let mut total = 0;
    for depth in 1..=max_depth {
        let count = game.clone().visit(Perft(depth));
        counts.push(count);
        total += count;
        if total > budget || count == 0 {
            break;
        }
    }
    CaseBody::Perft {
        moves: moves.to_vec(),
        counts,
    }
}

/// Perft at one depth through the catalog's visitor.
struct Perft(usize);

impl game_catalog::GameVisitor for Perft {
    type Output = u64;
    fn visit<G: game_catalog::CatalogGame>(self, game: G) -> u64 {
        game_core::perft(&game, u32::try_from(self.0).unwrap_or(u32::MAX))
    }
}

/// The result words of `game`.
pub fn result_words(game: &AnyGame) -> ResultWords {
    let text = game.outcome_text();
    ResultWords {
        winner: text.split(' ').next().unwrap_or("").to_string(),
        text: Some(text),
    }
}

/// An `end` case for a finished game (go9's score added by its module).
pub fn end_body(spec: &GameSpec, moves: &[String]) -> CaseBody {
    let game = after(spec, moves);
    assert!(game.is_over(), "an end case needs a finished game");
    CaseBody::End {
        moves: moves.to_vec(),
        result: result_words(&game),
        score: None,
    }
}

/// A `record` case of a record that replays.
pub fn accepted_record(game: &AnyGame, format: &str, text: String) -> CaseBody {
    CaseBody::Record {
        format: format.into(),
        text,
        expect: RecordExpect {
            accepted: true,
            plies: Some(game.moves().len()),
            result: Some(result_words(game)),
            refusal: None,
            mv: None,
        },
    }
}

/// A `record` case of a record refused (at `mv` when a move is to blame), after checking
/// that the crates do refuse it so.
pub fn refused_record(
    spec: &GameSpec,
    format: &str,
    text: String,
    mv: Option<usize>,
    not_a_record: bool,
) -> CaseBody {
    let read = AnyGame::read_record_of(spec.kind(), &text);
    let error = match read {
        Ok(_) => panic!("the record was meant to be refused:\n{text}"),
        Err(e) => e,
    };
    let message = error.to_string();
    assert_eq!(error.is_not_a_record(), not_a_record, "{message}");
    assert_eq!(rules_conformance::move_number_in(&message), mv, "{message}");
    CaseBody::Record {
        format: format.into(),
        text,
        expect: RecordExpect {
            accepted: false,
            plies: None,
            result: None,
            refusal: Some(
                if not_a_record {
                    "not-a-record"
                } else {
                    "refused"
                }
                .into(),
            ),
            mv,
        },
    }
}

/// Plies spread over a game of `len` moves: the start, `count - 2` between, and the end.
pub fn spread(len: usize, count: usize) -> Vec<usize> {
    let mut plies: Vec<usize> = (0..count).map(|i| i * len / (count - 1).max(1)).collect();
    plies.push(len);
    plies.sort_unstable();
    plies.dedup();
    plies
}

/// A perft case at the position after `moves` that stops before the node count runs past
/// `budget`: depth `d + 1` is computed only when its predicted size (the count at `d` times
/// the last branching factor) keeps the total within `budget`. Unlike [`perft_body`], it
/// never computes one level far past the budget.
pub fn bounded_perft_body(
    spec: &GameSpec,
    moves: &[String],
    budget: u64,
    max_depth: usize,
) -> CaseBody {
    let game = after(spec, moves);
    let mut counts: Vec<u64> = Vec::new();
    let mut total = 0u64;
    for depth in 1..=max_depth {
        if let Some(&last) = counts.last() {
            let before = if counts.len() >= 2 {
                counts[counts.len() - 2]
            } else {
                1
            };
            let predicted = last.saturating_mul(last.div_ceil(before.max(1)).max(1));
            if last == 0 || total.saturating_add(predicted) > budget {
                break;
            }
        }
        let count = game.clone().visit(Perft(depth));
        counts.push(count);
        total += count;
    }
    CaseBody::Perft {
        moves: moves.to_vec(),
        counts,
    }
}

/// A JSON record text edited by `edit` and written back as the games write records (two
/// spaces of indentation, one final newline; keys in the order `serde_json` keeps them).
pub fn edit_record(text: &str, edit: impl FnOnce(&mut Map<String, Value>)) -> String {
    let mut value: Value = serde_json::from_str(text).expect("a JSON record");
    if let Value::Object(map) = &mut value {
        edit(map);
    }
    let mut out = serde_json::to_string_pretty(&value).expect("JSON");
    out.push('\n');
    out
}

/// Up to `count` games taken in turn from each bucket (the first of every bucket, then the
/// second, …), so that every kind of ending is represented before any is repeated.
pub fn round_robin(
    buckets: &std::collections::BTreeMap<String, Vec<Vec<String>>>,
    count: usize,
) -> Vec<Vec<String>> {
    let mut taken = Vec::new();
    let mut round = 0;
    while taken.len() < count {
        let mut any = false;
        for games in buckets.values() {
            if let Some(moves) = games.get(round) {
                any = true;
                if taken.len() < count {
                    taken.push(moves.clone());
                }
            }
        }
        if !any {
            break;
        }
        round += 1;
    }
    taken
}

/// Adds a `record` case of a JSON record the crates must refuse (at `mv` when a move is to
/// blame), named by `tags` and the game's notation decision `notation`.
pub fn push_refused_json(
    file: &mut FileBuilder,
    text: String,
    mv: Option<usize>,
    tags: &[&'static str],
    notation: &'static str,
    note: &str,
) {
    let mut tags: BTreeSet<&'static str> = tags.iter().copied().collect();
    tags.insert(notation);
    let tags: Vec<&str> = tags.into_iter().collect();
    let body = refused_record(&file.spec, "json", text, mv, false);
    file.push(&tags, &[ENGINE], Some(note.into()), body);
}
