//! Which game, with which options: [`GameKind`], [`GameSpec`] and the raw [`SpecOptions`]
//! they are read from (a string such as `kazura:size=9`, JSON, or a program's flags).

use std::fmt;
use std::str::FromStr;

use bao_nyakua::Ruleset;
use bind::Variant;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::error::{OptionName, SpecError};

/// One of the four games, by the name every front end spells it with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GameKind {
    /// Kazura (`kazura-core`): loop-free trees, longest path wins, pie rule.
    Kazura,
    /// Bao Nakakamado, NYAKUA trial A (`bao-nyakua`).
    Bao,
    /// 9×9 Go under the Ttakji rules (`go9`).
    Go9,
    /// Bind (`bind`), mini, full or custom.
    Bind,
}

impl GameKind {
    /// The four games, in the order every list of them uses (and the order a record's
    /// marker is looked for).
    pub const ALL: [GameKind; 4] = [
        GameKind::Kazura,
        GameKind::Bao,
        GameKind::Go9,
        GameKind::Bind,
    ];

    /// The name: `kazura`, `bao`, `go9` or `bind`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            GameKind::Kazura => "kazura",
            GameKind::Bao => "bao",
            GameKind::Go9 => "go9",
            GameKind::Bind => "bind",
        }
    }

    /// The game called `name`, in any case.
    ///
    /// # Errors
    /// [`SpecError::UnknownGame`] for any other name.
    pub fn from_name(name: &str) -> Result<GameKind, SpecError> {
        GameKind::ALL
            .into_iter()
            .find(|kind| kind.name().eq_ignore_ascii_case(name))
            .ok_or_else(|| SpecError::UnknownGame {
                name: name.to_string(),
            })
    }

    /// The options this game takes.
    #[must_use]
    pub const fn options(self) -> &'static [OptionName] {
        match self {
            GameKind::Kazura => &[OptionName::Size],
            GameKind::Bao => &[OptionName::Ruleset],
            GameKind::Go9 => &[OptionName::Size],
            GameKind::Bind => &[OptionName::Variant, OptionName::Size, OptionName::Pieces],
        }
    }

    /// The game with its default options (Kazura 13×13, Bao `seed`, go9, Bind `mini`).
    #[must_use]
    pub fn default_spec(self) -> GameSpec {
        match self {
            GameKind::Kazura => GameSpec::Kazura {
                size: kazura_core::STANDARD_SIZE,
            },
            GameKind::Bao => GameSpec::Bao {
                ruleset: Ruleset::Seed,
            },
            GameKind::Go9 => GameSpec::Go9,
            GameKind::Bind => GameSpec::Bind {
                variant: Variant::MINI,
            },
        }
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for GameKind {
    type Err = SpecError;

    fn from_str(name: &str) -> Result<GameKind, SpecError> {
        GameKind::from_name(name)
    }
}

/// The options as given, before any game checks them: what a command line's flags, a
/// spec string's `NAME=VALUE` pairs or a JSON object's fields hold.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpecOptions {
    /// The board side: Kazura 2–25; go9 accepts only 9; Bind with `pieces` for a custom
    /// game.
    pub size: Option<usize>,
    /// Bind's pieces per colour of a custom game (with `size`).
    pub pieces: Option<usize>,
    /// Bind's variant: `mini` or `full`.
    pub variant: Option<String>,
    /// Bao's ruleset: `seed` or `reference`.
    pub ruleset: Option<String>,
}

impl SpecOptions {
    /// Which options are given.
    fn given(&self) -> [(OptionName, bool); 4] {
        [
            (OptionName::Size, self.size.is_some()),
            (OptionName::Pieces, self.pieces.is_some()),
            (OptionName::Variant, self.variant.is_some()),
            (OptionName::Ruleset, self.ruleset.is_some()),
        ]
    }
}

/// A game and its options, checked: everything needed to set up its start position.
///
/// Read one from a string ([`GameSpec::parse`]: `go9`, `kazura:size=9`,
/// `bind:variant=full`, `bind:size=6,pieces=20`, `bao:ruleset=reference`), from JSON
/// ([`GameSpec::from_json`]: `{"game": "kazura", "size": 9}`) or from a name and
/// [`SpecOptions`] ([`GameSpec::new`]). A missing option takes the game's default; an option
/// the game does not take is refused. [`Display`](fmt::Display) writes the canonical
/// string, which parses back to the same spec.
///
/// ```
/// use game_catalog::{GameKind, GameSpec};
///
/// let spec: GameSpec = "Kazura:size=9".parse()?;
/// assert_eq!(spec.kind(), GameKind::Kazura);
/// assert_eq!(spec.to_string(), "kazura:size=9");
/// assert_eq!(GameSpec::from_json(r#"{"game": "bind", "variant": "full"}"#)?.to_string(), "bind:variant=full");
/// assert_eq!("go9".parse::<GameSpec>()?, GameSpec::Go9);
///
/// let error = "bao:size=9".parse::<GameSpec>().unwrap_err();
/// assert_eq!(error.to_string(), "size does not apply to bao");
/// # Ok::<(), game_catalog::SpecError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameSpec {
    /// Kazura on a board of this side (2–25). Only the catalog makes one (the variant is
    /// `#[non_exhaustive]`), so its size is always checked.
    #[non_exhaustive]
    Kazura {
        /// The board side.
        size: usize,
    },
    /// Bao under this ruleset.
    Bao {
        /// `seed` (the rulebook's text) or `reference` (B-19).
        ruleset: Ruleset,
    },
    /// 9×9 Go (no options: the Ttakji rules fix the board, G-1).
    Go9,
    /// Bind of this variant.
    Bind {
        /// Mini, full or custom (N-1).
        variant: Variant,
    },
}

impl GameSpec {
    /// The game `game` (any case) with `options`.
    ///
    /// # Errors
    /// [`SpecError`] naming the unknown game, the option the game does not take or the
    /// value out of range.
    pub fn new(game: &str, options: &SpecOptions) -> Result<GameSpec, SpecError> {
        let kind = GameKind::from_name(game)?;
        for (option, given) in options.given() {
            if given && !kind.options().contains(&option) {
                return Err(SpecError::NotApplicable { game: kind, option });
            }
        }
        match kind {
            GameKind::Kazura => {
                let size = options.size.unwrap_or(kazura_core::STANDARD_SIZE);
                kazura_core::Geometry::new(size)
                    .map_err(|reason| SpecError::KazuraSize { reason })?;
                Ok(GameSpec::Kazura { size })
            }
            GameKind::Bao => {
                let ruleset = match options.ruleset.as_deref().map(str::to_ascii_lowercase) {
                    None => Ruleset::Seed,
                    Some(name) if name == "seed" => Ruleset::Seed,
                    Some(name) if name == "reference" => Ruleset::Reference,
                    Some(name) => return Err(SpecError::BaoRuleset { given: name }),
                };
                Ok(GameSpec::Bao { ruleset })
            }
            GameKind::Go9 => match options.size {
                None | Some(9) => Ok(GameSpec::Go9),
                Some(size) => Err(SpecError::Go9Size { size }),
            },
            GameKind::Bind => {
                let variant = match (&options.variant, options.size, options.pieces) {
                    (Some(_), Some(_), _) | (Some(_), _, Some(_)) => {
                        return Err(SpecError::BindVariantAndSize);
                    }
                    (Some(name), None, None) => Variant::named(name)?,
                    (None, None, None) => Variant::MINI,
                    (None, Some(size), Some(pieces)) => Variant::custom(size, pieces)?,
                    (None, Some(_), None) => {
                        return Err(SpecError::BindMissing {
                            missing: OptionName::Pieces,
                            given: OptionName::Size,
                        });
                    }
                    (None, None, Some(_)) => {
                        return Err(SpecError::BindMissing {
                            missing: OptionName::Size,
                            given: OptionName::Pieces,
                        });
                    }
                };
                Ok(GameSpec::Bind { variant })
            }
        }
    }

    /// Kazura on a board of side `size`.
    ///
    /// # Errors
    /// [`SpecError::KazuraSize`] for a side outside 2–25 (K-1).
    pub fn kazura(size: usize) -> Result<GameSpec, SpecError> {
        GameSpec::new(
            "kazura",
            &SpecOptions {
                size: Some(size),
                ..SpecOptions::default()
            },
        )
    }

    /// The game.
    #[must_use]
    pub const fn kind(&self) -> GameKind {
        match self {
            GameSpec::Kazura { .. } => GameKind::Kazura,
            GameSpec::Bao { .. } => GameKind::Bao,
            GameSpec::Go9 => GameKind::Go9,
            GameSpec::Bind { .. } => GameKind::Bind,
        }
    }

    /// The options written out as [`SpecOptions`] (every option of the game, defaults
    /// included; a custom Bind game as `size` and `pieces`, mini and full by name).
    #[must_use]
    pub fn options(&self) -> SpecOptions {
        match *self {
            GameSpec::Kazura { size } => SpecOptions {
                size: Some(size),
                ..SpecOptions::default()
            },
            GameSpec::Bao { ruleset } => SpecOptions {
                ruleset: Some(ruleset.name().to_string()),
                ..SpecOptions::default()
            },
            GameSpec::Go9 => SpecOptions::default(),
            GameSpec::Bind { variant } => match bind_variant_name(variant) {
                Some(name) => SpecOptions {
                    variant: Some(name.to_string()),
                    ..SpecOptions::default()
                },
                None => SpecOptions {
                    size: Some(variant.size()),
                    pieces: Some(variant.pieces()),
                    ..SpecOptions::default()
                },
            },
        }
    }

    /// The spec as a JSON object (`{"game": "kazura", "size": 13}`), which
    /// [`GameSpec::from_json`] reads back.
    #[must_use]
    pub fn to_json(&self) -> Value {
        let options = self.options();
        let mut map = Map::new();
        map.insert("game".into(), json!(self.kind().name()));
        if let Some(size) = options.size {
            map.insert("size".into(), json!(size));
        }
        if let Some(ruleset) = options.ruleset {
            map.insert("ruleset".into(), json!(ruleset));
        }
        if let Some(variant) = options.variant {
            map.insert("variant".into(), json!(variant));
        }
        if let Some(pieces) = options.pieces {
            map.insert("pieces".into(), json!(pieces));
        }
        Value::Object(map)
    }
}

impl GameSpec {
    /// The game as a person reads it in a menu: `Kazura 9×9`, `Bao, seed ruleset`,
    /// `9×9 Go (Ttakji rules)`, `Bind mini`, `Bind 6×6, 10 pieces` (the playground's picker
    /// names a game loaded from a record so).
    ///
    /// ```
    /// use game_catalog::GameSpec;
    /// assert_eq!(GameSpec::parse("kazura:size=7")?.title(), "Kazura 7×7");
    /// assert_eq!(GameSpec::parse("bind:size=6,pieces=10")?.title(), "Bind 6×6, 10 pieces");
    /// # Ok::<(), game_catalog::SpecError>(())
    /// ```
    #[must_use]
    pub fn title(&self) -> String {
        match *self {
            GameSpec::Kazura { size } => format!("Kazura {size}×{size}"),
            GameSpec::Bao { .. } => {
                format!(
                    "Bao, {} ruleset",
                    self.options().ruleset.unwrap_or_default()
                )
            }
            GameSpec::Go9 => "9×9 Go (Ttakji rules)".into(),
            GameSpec::Bind { variant } => match bind_variant_name(variant) {
                Some(name) => format!("Bind {name}"),
                None => format!(
                    "Bind {side}×{side}, {pieces} pieces",
                    side = variant.size(),
                    pieces = variant.pieces()
                ),
            },
        }
    }
}

/// `mini` or `full` for those variants, `None` for a custom one.
fn bind_variant_name(variant: Variant) -> Option<&'static str> {
    if variant == Variant::MINI {
        Some("mini")
    } else if variant == Variant::FULL {
        Some("full")
    } else {
        None
    }
}

impl fmt::Display for GameSpec {
    /// `kazura:size=13`, `bao:ruleset=seed`, `go9`, `bind:variant=mini`,
    /// `bind:size=6,pieces=20`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.kind().name())?;
        let options = self.options();
        let mut parts = Vec::new();
        if let Some(variant) = options.variant {
            parts.push(format!("variant={variant}"));
        }
        if let Some(ruleset) = options.ruleset {
            parts.push(format!("ruleset={ruleset}"));
        }
        if let Some(size) = options.size {
            parts.push(format!("size={size}"));
        }
        if let Some(pieces) = options.pieces {
            parts.push(format!("pieces={pieces}"));
        }
        if !parts.is_empty() {
            write!(f, ":{}", parts.join(","))?;
        }
        Ok(())
    }
}

impl FromStr for GameSpec {
    type Err = SpecError;

    /// As [`GameSpec::parse`].
    fn from_str(text: &str) -> Result<GameSpec, SpecError> {
        GameSpec::parse(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_canonical_string_parses_back_to_its_spec() {
        let specs = [
            GameSpec::Kazura { size: 2 },
            GameSpec::Kazura { size: 25 },
            GameSpec::Bao {
                ruleset: Ruleset::Reference,
            },
            GameSpec::Go9,
            GameSpec::Bind {
                variant: Variant::FULL,
            },
            GameSpec::Bind {
                variant: Variant::custom(6, 20).unwrap(),
            },
        ];
        for spec in specs {
            assert_eq!(spec.to_string().parse::<GameSpec>().unwrap(), spec);
            assert_eq!(
                GameSpec::from_json(&spec.to_json().to_string()).unwrap(),
                spec
            );
        }
        assert_eq!(
            GameSpec::Bind {
                variant: Variant::custom(6, 20).unwrap()
            }
            .to_string(),
            "bind:size=6,pieces=20"
        );
    }

    #[test]
    fn canonical_strings_name_every_option_and_mini_and_full_by_name() {
        let canonical: Vec<String> = GameKind::ALL
            .map(|kind| kind.default_spec().to_string())
            .to_vec();
        assert_eq!(
            canonical,
            [
                "kazura:size=13",
                "bao:ruleset=seed",
                "go9",
                "bind:variant=mini"
            ]
        );
        let full = GameSpec::Bind {
            variant: Variant::FULL,
        };
        assert_eq!(full.to_string(), "bind:variant=full");
        assert_eq!(
            full.to_json().to_string(),
            r#"{"game":"bind","variant":"full"}"#
        );
        assert_eq!(
            GameSpec::Kazura { size: 9 }.to_json().to_string(),
            r#"{"game":"kazura","size":9}"#
        );
        assert_eq!("Bind".parse::<GameKind>(), Ok(GameKind::Bind));
        assert_eq!(GameKind::Go9.to_string(), "go9");
    }

    #[test]
    fn defaults_fill_missing_options() {
        assert_eq!(
            "kazura".parse::<GameSpec>().unwrap(),
            GameSpec::Kazura { size: 13 }
        );
        assert_eq!(
            "BAO".parse::<GameSpec>().unwrap(),
            GameSpec::Bao {
                ruleset: Ruleset::Seed
            }
        );
        assert_eq!(
            "bind".parse::<GameSpec>().unwrap(),
            GameSpec::Bind {
                variant: Variant::MINI
            }
        );
        assert_eq!("go9:size=9".parse::<GameSpec>().unwrap(), GameSpec::Go9);
        for kind in GameKind::ALL {
            assert_eq!(
                kind.name().parse::<GameSpec>().unwrap(),
                kind.default_spec()
            );
        }
    }

    #[test]
    fn bad_specs_name_what_is_wrong() {
        let cases = [
            (
                "chess",
                "unknown game `chess`: the games are kazura, bao, go9, bind",
            ),
            ("kazura:ruleset=seed", "ruleset does not apply to kazura"),
            ("kazura:size=1", "size: "),
            ("kazura:size=x", "size `x` is not a whole number"),
            ("kazura:size=9,size=9", "size is given twice"),
            ("kazura:size", "`size` is not NAME=VALUE"),
            ("kazura:colour=red", "unknown option `colour`"),
            (
                "bao:ruleset=house",
                "ruleset house is not a bao ruleset: use seed or reference",
            ),
            (
                "go9:size=13",
                "size 13: go9 is played on 9x9 only (the Ttakji rules, G-1)",
            ),
            (
                "bind:variant=huge",
                "unknown variant `huge`: the variants are mini and full",
            ),
            (
                "bind:variant=full,size=8",
                "bind takes either variant or size with pieces, not both",
            ),
            ("bind:size=6", "a custom bind game needs pieces with size"),
            ("bind:pieces=6", "a custom bind game needs size with pieces"),
            (
                "bind:size=3,pieces=10",
                "10 pieces per colour is not allowed on a 3x3 board",
            ),
        ];
        for (text, message) in cases {
            let error = text.parse::<GameSpec>().unwrap_err().to_string();
            assert!(error.contains(message), "{text}: {error}");
        }
    }

    #[test]
    fn json_specs_refuse_wrong_shapes() {
        // Unknown fields and values of the wrong type are typed: spec_read's tests.
        for text in [r#"{"size": 9}"#, r#"["go9"]"#, r#"{"game": 9}"#, "{"] {
            assert!(
                matches!(GameSpec::from_json(text), Err(SpecError::Json { .. })),
                "{text}"
            );
        }
        assert!(matches!(
            GameSpec::from_json(r#"{"game": "bao", "size": 9}"#),
            Err(SpecError::NotApplicable {
                game: GameKind::Bao,
                option: OptionName::Size
            })
        ));
    }
}
