//! An outside program that depends on the catalog alone: every game chosen by name, played
//! to its end through integer actions and legal masks, checked against the text moves, and
//! its record read back with the game found from the record itself.

use game_catalog::{AnyGame, GameKind, GameSpec, Outcome};

/// A small deterministic generator (xorshift64*), so this test needs nothing but the
/// catalog.
struct Draws(u64);

impl Draws {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n
    }
}

const SPECS: [&str; 8] = [
    "kazura:size=5",
    "kazura",
    "bao",
    "bao:ruleset=reference",
    "go9",
    "bind",
    "bind:variant=full",
    "bind:size=6,pieces=20",
];

#[test]
fn every_game_plays_to_its_end_by_actions_and_masks() {
    for (round, spec) in SPECS.into_iter().enumerate() {
        let mut game = AnyGame::parse_spec(spec).unwrap();
        let mut draws = Draws(0x9e37_79b9_7f4a_7c15 ^ round as u64);
        let mut mask = vec![false; game.num_actions()];
        let mut observation = vec![0.0f32; game.observation_len()];
        let mut actions = Vec::new();
        let mut plies = 0;
        while !game.is_over() {
            game.write_action_mask(&mut mask).unwrap();
            game.legal_actions(&mut actions);
            let from_mask: Vec<usize> = (0..mask.len()).filter(|&a| mask[a]).collect();
            assert_eq!(from_mask, actions, "{spec}: the mask and the list agree");
            // The legal moves as text are the legal actions' moves.
            let mut texts: Vec<String> =
                actions.iter().map(|&a| game.move_of(a).unwrap()).collect();
            texts.sort_unstable();
            assert_eq!(texts, game.legal_moves(), "{spec} at ply {plies}");
            game.write_observation(&mut observation).unwrap();
            assert!(observation.iter().all(|v| v.is_finite() && *v >= 0.0));
            let action = actions[draws.below(actions.len())];
            let text = game.move_of(action).unwrap();
            assert_eq!(game.action_of(&text), Ok(action));
            let played = game.play_action(action).unwrap();
            assert_eq!(played, text);
            plies += 1;
            assert!(plies < 2_000, "{spec}: the game ends");
        }
        assert_ne!(game.outcome(), Outcome::Ongoing);
        assert!(game.legal_moves().is_empty());
        let again = AnyGame::read_record(&game.write_record()).unwrap();
        assert_eq!(again, game, "{spec}");
        assert_eq!(again.spec(), spec.parse::<GameSpec>().unwrap());
    }
}

#[test]
fn bad_actions_and_buffers_are_refused_and_change_nothing() {
    for kind in GameKind::ALL {
        let mut game = AnyGame::new(&kind.default_spec());
        // After one move every game has an action that is not legal (go9: the stone's
        // point).
        let mut first = Vec::new();
        game.legal_actions(&mut first);
        game.play_action(first[0]).unwrap();
        let before = game.clone();
        let actions = game.num_actions();
        assert!(game.play_action(actions).is_err());
        assert!(game.play_action(usize::MAX).is_err());
        assert!(game.move_of(actions).is_err());
        assert!(
            game.write_action_mask(&mut vec![false; actions + 1])
                .is_err()
        );
        assert!(
            game.write_observation(&mut vec![0.0; game.observation_len() - 1])
                .is_err()
        );
        assert!(game.action_of("not a move at all").is_err());
        // An action that is in range but not legal now.
        let mut mask = vec![false; actions];
        game.write_action_mask(&mut mask).unwrap();
        let illegal = (0..actions)
            .find(|&a| !mask[a] && game.move_of(a).is_ok())
            .unwrap_or_else(|| panic!("{kind}: every action is legal"));
        assert!(game.play_action(illegal).is_err(), "{kind}");
        assert_eq!(game, before, "{kind}");
    }
}
