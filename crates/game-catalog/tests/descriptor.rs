//! Each game's descriptor says what the game does: every field is checked against the game
//! itself (its specs, calls, seats, records, lengths), the conformance vectors' headers and
//! its decisions page, so a descriptor cannot drift from the rules it describes.

use std::path::Path;

use game_catalog::{
    AnyGame, Call, CallError, GameKind, GameSpec, OptionName, ParameterDefault, ParameterType,
    Player, SpecError, SpecOptions, descriptors,
};

fn root() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
}

/// Options with `option` set to the text `value`, and a valid partner where the option
/// needs one (Bind's custom size and pieces go together).
fn with(kind: GameKind, option: OptionName, value: &str) -> SpecOptions {
    let mut options = SpecOptions::default();
    let number = value.parse::<usize>().ok();
    match option {
        OptionName::Size => {
            options.size = number;
            if kind == GameKind::Bind {
                options.pieces = Some(game_catalog::bind::MIN_PIECES);
            }
        }
        OptionName::Pieces => {
            options.pieces = number;
            if kind == GameKind::Bind {
                options.size = Some(game_catalog::bind::MAX_SIZE);
            }
        }
        OptionName::Variant => options.variant = Some(value.to_string()),
        OptionName::Ruleset => options.ruleset = Some(value.to_string()),
        _ => unreachable!("a new option needs a line here"),
    }
    options
}

/// A seeded pick below `len` (xorshift64; `state` must not be 0).
fn pick(state: &mut u64, len: usize) -> usize {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    usize::try_from(*state % len as u64).unwrap()
}

#[test]
fn names_players_and_parameters_are_the_games_own() {
    let kinds: Vec<GameKind> = descriptors().iter().map(|d| d.kind).collect();
    assert_eq!(kinds, GameKind::ALL);
    for descriptor in descriptors() {
        let kind = descriptor.kind;
        assert_eq!(kind.descriptor(), descriptor);
        assert_eq!(descriptor.name, kind.name());
        let start = AnyGame::new(&kind.default_spec());
        assert_eq!(descriptor.players, start.player_names(), "{kind}");
        let options: Vec<OptionName> = descriptor.parameters.iter().map(|p| p.option).collect();
        assert_eq!(options, kind.options(), "{kind}");
        for parameter in descriptor.parameters {
            let option = parameter.option;
            let accepted = |value: &str| GameSpec::new(kind.name(), &with(kind, option, value));
            match parameter.values {
                ParameterType::WholeNumber { min, max } => {
                    for good in [min, max] {
                        assert!(
                            accepted(&good.to_string()).is_ok(),
                            "{kind} {option} {good}"
                        );
                    }
                    for bad in [min - 1, max + 1] {
                        let error = accepted(&bad.to_string()).unwrap_err();
                        assert_eq!(error.option(), Some(option), "{kind} {option} {bad}");
                    }
                }
                ParameterType::Choice(names) => {
                    for name in names {
                        assert!(accepted(name).is_ok(), "{kind} {option} {name}");
                        assert!(accepted(&name.to_uppercase()).is_ok(), "{kind} {name}");
                    }
                    let error = accepted("other").unwrap_err();
                    assert_eq!(error.option(), Some(option), "{kind} {option}");
                }
                _ => unreachable!("a new parameter type needs a check here"),
            }
            // The default is what the game takes when the option is not given.
            let given = kind.default_spec().options();
            match parameter.default {
                ParameterDefault::Number(n) if kind == GameKind::Go9 => {
                    assert_eq!(n, 9);
                    assert_eq!(
                        GameSpec::new("go9", &with(kind, option, "9")),
                        Ok(GameSpec::Go9)
                    );
                }
                ParameterDefault::Number(n) => assert_eq!(given.size, Some(n), "{kind}"),
                ParameterDefault::Name(name) => {
                    let value = match option {
                        OptionName::Variant => given.variant,
                        _ => given.ruleset,
                    };
                    assert_eq!(value.as_deref(), Some(name), "{kind} {option}");
                }
                ParameterDefault::Unset => {
                    // Given alone, it is refused for want of its partner.
                    let mut alone = SpecOptions::default();
                    match option {
                        OptionName::Size => alone.size = Some(6),
                        _ => alone.pieces = Some(6),
                    }
                    assert!(matches!(
                        GameSpec::new(kind.name(), &alone),
                        Err(SpecError::BindMissing { .. })
                    ));
                }
                _ => unreachable!(),
            }
            assert!(!parameter.meaning.is_empty());
        }
    }
}

#[test]
fn the_calls_listed_are_the_calls_the_game_takes() {
    for descriptor in descriptors() {
        let kind = descriptor.kind;
        let mut game = AnyGame::new(&kind.default_spec());
        let first = game.legal_moves()[0].clone();
        game.play(&first).unwrap();
        let not_in_rules = |result: Result<(), CallError>| matches!(result, Err(CallError::NotInRules { game, .. }) if game == kind);
        for call in Call::ALL {
            let mut copy = game.clone();
            let result = match call {
                Call::Resignation => copy.resign(Player::First),
                Call::Undo => copy.undo().map(|_| ()),
                Call::AgreedDraw => copy.agree_draw(),
                Call::LossOnTime => copy.lose_on_time(Player::Second),
                _ => unreachable!("a new call needs a line here"),
            };
            assert_eq!(
                descriptor.has(call),
                result.is_ok(),
                "{kind} {call}: {result:?}"
            );
            assert_eq!(!descriptor.has(call), not_in_rules(result), "{kind} {call}");
            assert_eq!(game.has(call), descriptor.has(call));
        }
        assert_eq!(game.has_resignation(), descriptor.has(Call::Resignation));
        // A call the rules have is refused, not "not in rules", once the game is over.
        if descriptor.has(Call::Resignation) {
            let mut over = game.clone();
            over.resign(Player::First).unwrap();
            for call in [Call::AgreedDraw, Call::LossOnTime] {
                let result = match call {
                    Call::AgreedDraw => over.agree_draw(),
                    _ => over.lose_on_time(Player::First),
                };
                if descriptor.has(call) {
                    assert!(
                        matches!(result, Err(CallError::Refused { .. })),
                        "{kind} {call}"
                    );
                }
            }
        }
    }
}

#[test]
fn seats_change_only_where_the_descriptor_says_and_sgf_only_where_it_says() {
    for descriptor in descriptors() {
        let kind = descriptor.kind;
        let start = AnyGame::new(&kind.default_spec());
        assert_eq!(start.to_sgf("a", "b").is_ok(), descriptor.sgf, "{kind}");
        // Every game of a few random ones, every position: does seat 0 change hands?
        let mut changed = false;
        for seed in 0..20u64 {
            let mut game = start.clone();
            let mut state = seed * 2 + 1;
            while !game.is_over() && game.ply() < 60 {
                let moves = game.legal_moves();
                let index = pick(&mut state, moves.len());
                // Kazura's swap is the one move that changes seats: take it when offered.
                let pick = moves.iter().find(|m| *m == "swap").unwrap_or(&moves[index]);
                game.play(&pick.clone()).unwrap();
                changed |= game.player_in_seat(0) != Some(Player::First);
            }
        }
        assert_eq!(changed, descriptor.seats_change, "{kind}");
    }
}

#[test]
fn rules_versions_match_the_vectors_and_decision_pages_exist() {
    for descriptor in descriptors() {
        let folder = root().join("conformance").join(descriptor.name).join("v1");
        for entry in std::fs::read_dir(&folder).unwrap() {
            let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
            let header: serde_json::Value =
                serde_json::from_str(text.lines().next().unwrap()).unwrap();
            assert_eq!(header["rules"], descriptor.rules_version, "{folder:?}");
        }
        let page = std::fs::read_to_string(root().join(descriptor.decisions_page)).unwrap();
        let letter = page
            .lines()
            .find_map(|line| line.strip_prefix("### ").and_then(|r| r.chars().next()))
            .unwrap();
        assert!(
            page.matches(&format!("### {letter}-")).count() >= 10,
            "{}",
            descriptor.name
        );
    }
}

#[test]
fn no_game_is_longer_than_its_bound() {
    // The longest game of the smallest boards, found by searching every line of play,
    // is within the bound.
    fn longest(game: &AnyGame, limit: usize) -> usize {
        if game.is_over() || limit == 0 {
            return 0;
        }
        game.legal_moves()
            .iter()
            .map(|m| {
                let mut next = game.clone();
                next.play(m).unwrap();
                1 + longest(&next, limit - 1)
            })
            .max()
            .unwrap_or(0)
    }
    let kazura = GameSpec::kazura(2).unwrap();
    let bound = kazura.max_game_length().unwrap();
    assert_eq!(bound, 9);
    assert!(longest(&AnyGame::new(&kazura), bound + 1) <= bound);
    let bind: GameSpec = "bind:size=3,pieces=3".parse().unwrap();
    let bound = bind.max_game_length().unwrap();
    assert!(longest(&AnyGame::new(&bind), bound + 1) <= bound);
    assert_eq!(GameSpec::Go9.max_game_length(), Some(300));
    assert_eq!(GameKind::Bao.default_spec().max_game_length(), None);
    // Random games on the standard boards stay within it too.
    for kind in [GameKind::Kazura, GameKind::Go9, GameKind::Bind] {
        let spec = kind.default_spec();
        let bound = spec.max_game_length().unwrap();
        for seed in 0..10 {
            let mut game = AnyGame::new(&spec);
            let mut state = seed * 2 + 1;
            while !game.is_over() {
                let moves = game.legal_moves();
                game.play(&moves[pick(&mut state, moves.len())]).unwrap();
                assert!(game.ply() <= bound, "{kind}");
            }
        }
    }
}

#[test]
fn spec_level_sizes_are_the_games() {
    for kind in GameKind::ALL {
        let spec = kind.default_spec();
        let game = AnyGame::new(&spec);
        assert_eq!(spec.num_actions(), game.num_actions());
        assert_eq!(spec.observation_shape(), game.observation_shape());
        assert_eq!(spec.descriptor(), kind.descriptor());
        assert_eq!(game.descriptor(), kind.descriptor());
    }
}
