//! Every type the catalog's public API names, used from a crate whose only dependency is
//! `game-catalog` (its Cargo.toml says so): if a re-export goes missing, this stops
//! compiling. Each game's own API is reached through the catalog's module of that game.

use game_catalog::bao::{Bao, Ruleset};
use game_catalog::bind::{Bind, Setup as BindSetup, Variant, VariantError};
use game_catalog::game_core::search::{Budget, SearchConfig, SearchInfo, Searcher};
use game_catalog::game_core::{Game, GameRng, RecordTextError};
use game_catalog::go9::{Go9, SgfNames};
use game_catalog::kazura::{Colour, Kazura};
use game_catalog::{
    AnyGame, CatalogGame, Computer, GameSpec, GeometryError, Level, MAX_RECORD_BYTES, RecordError,
    SpecError,
};

#[test]
fn a_games_own_api_through_the_catalog() {
    // Kazura::longest_paths(Colour), which catalog.md says a caller can reach.
    let mut kazura = Kazura::new(5).unwrap();
    kazura.play("C3".parse().unwrap()).unwrap();
    assert_eq!(kazura.longest_paths(Colour::Black).len(), 1);
    assert!(kazura.longest_paths(Colour::White).is_empty());

    // go9's SGF with the players' names.
    let mut go = Go9::new();
    go.play(go.parse_move("E5").unwrap()).unwrap();
    let sgf = go.to_sgf(&SgfNames::new("Ann", "Bo"));
    assert!(sgf.contains("PB[Ann]") && sgf.contains(";B[ee]"), "{sgf}");
    assert_eq!(Go9::from_sgf(&sgf).unwrap().moves().len(), 1);

    // Bao's ruleset, Bind's variant and set-up.
    let bao = Bao::new(Ruleset::Reference);
    let mut moves = Vec::new();
    bao.legal_moves(&mut moves);
    assert!(!moves.is_empty());
    let bind = Bind::new(Variant::MINI);
    // N-3: three in a row on 5×5, 3 places in each of 5 rows and 5 columns.
    assert_eq!(game_catalog::game_core::perft(&bind, 1), 2 * 5 * 3);
    let setup: BindSetup = bind.setup();
    assert_eq!(setup.to_move, game_catalog::Player::First);
}

#[test]
fn the_types_in_the_catalogs_signatures() {
    // GameSpec::Bao and ::Bind carry the games' own types.
    let spec: GameSpec = "bao:ruleset=reference".parse().unwrap();
    assert_eq!(
        spec,
        GameSpec::Bao {
            ruleset: Ruleset::Reference
        }
    );
    let spec: GameSpec = "bind:variant=full".parse().unwrap();
    assert_eq!(
        spec,
        GameSpec::Bind {
            variant: Variant::FULL
        }
    );

    // SpecError's reasons are the games' own errors.
    match "kazura:size=1".parse::<GameSpec>() {
        Err(SpecError::KazuraSize { reason }) => {
            let _: GeometryError = reason;
        }
        other => panic!("{other:?}"),
    }
    match "bind:variant=huge".parse::<GameSpec>() {
        Err(SpecError::BindVariant(reason)) => {
            let _: VariantError = reason;
        }
        other => panic!("{other:?}"),
    }

    // RecordError::Text carries the shared record-text error.
    let too_long = "x".repeat(MAX_RECORD_BYTES + 1);
    match AnyGame::read_record(&too_long) {
        Err(RecordError::Text(reason)) => {
            let _: RecordTextError = reason;
        }
        other => panic!("{other:?}"),
    }

    // CatalogGame's playouts take the shared random source; Computer's search gives the
    // shared search types.
    let go = Go9::new();
    let mut rng = GameRng::seed_from(7);
    assert!(go.fast_playout(&mut rng) > 0);
    let computer = Computer::new(Level::Easy).with_playouts(16);
    let config: SearchConfig = computer.search_config(&go);
    assert!(matches!(config.budget, Budget { .. }));
    let _searcher: Searcher<_, _> = computer.searcher(&go);
    let info: SearchInfo<_> = computer.search(&go);
    assert!(info.best.is_some());
    assert!(!go.is_over());
}

#[test]
fn a_games_own_actions_and_planes_through_the_catalog() {
    // Each game crate's `Encoded`, reached through the catalog's re-exports: go9's ids and
    // planes with no `AnyGame` in between, the same as the catalog's.
    use game_catalog::go9::Encoded;
    let mut game = Go9::new();
    assert_eq!(game.num_actions(), 82);
    assert_eq!(game.observation_shape(), [4, 9, 9]);
    let mut any = game_catalog::AnyGame::parse_spec("go9").unwrap();
    let e5 = game.action_of("E5".parse().unwrap());
    assert_eq!(game.play_action(e5).unwrap().to_string(), "E5");
    any.play_action(e5).unwrap();
    let mut observation = vec![0.0; 4 * 81];
    any.write_observation(&mut observation).unwrap();
    assert_eq!(game.observation(), observation);
    let error: game_catalog::ActionError = game.move_of(82).unwrap_err();
    assert_eq!(
        error,
        game_catalog::game_core::encoding::ActionError::OutOfRange {
            action: 82,
            actions: 82
        }
    );
}
