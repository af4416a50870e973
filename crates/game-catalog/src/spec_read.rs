//! Reading a [`GameSpec`] from text: the spec string (`kazura:size=9`), the same string
//! beside a program's flags, and the JSON object (`{"game": "kazura", "size": 9}`). Every
//! way a spec can be wrong is a typed [`SpecError`] naming the option: an unknown option,
//! one given twice (JSON's duplicate keys included, which a plain JSON map would silently
//! drop), or a value of the wrong form.

use std::fmt;

use serde::Deserialize;
use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde_json::Value;

use crate::error::{OptionName, SpecError};
use crate::spec::{GameSpec, SpecOptions};

/// What a number option's value must be, as errors say it.
const WHOLE_NUMBER: &str = "a whole number";
/// What a named option's value must be, given as a string, as errors say it.
const NAME: &str = "a name";
/// What a named option's value must be, given as a typed value, as errors say it.
const STRING: &str = "a string";

/// An option's value as a front end holds it (a JSON value, a Python object), for
/// [`GameSpec::from_values`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum OptionValue {
    /// A whole number from 0 up.
    Number(u64),
    /// A string.
    Text(String),
    /// Anything else: a negative or fractional number, a boolean, null, a list.
    Other,
}

impl GameSpec {
    /// Reads `game` or `game:NAME=VALUE,NAME=VALUE` (names and the game in any case,
    /// spaces around the parts allowed; each option at most once).
    ///
    /// ```
    /// use game_catalog::{GameSpec, OptionName, SpecError};
    ///
    /// assert_eq!(GameSpec::parse("kazura:size=9")?, GameSpec::kazura(9)?);
    /// let error = GameSpec::parse("kazura:size=9,size=9").unwrap_err();
    /// assert_eq!(error.option(), Some(OptionName::Size));
    /// assert!(matches!(GameSpec::parse("go9:foo=1"), Err(SpecError::UnknownOption { .. })));
    /// # Ok::<(), SpecError>(())
    /// ```
    ///
    /// # Errors
    /// [`SpecError::Syntax`] for a part that is not `NAME=VALUE`,
    /// [`SpecError::UnknownOption`], [`SpecError::RepeatedOption`], [`SpecError::BadValue`]
    /// for a size or piece count that is not a whole number; then as [`GameSpec::new`].
    pub fn parse(text: &str) -> Result<GameSpec, SpecError> {
        GameSpec::parse_with_options(text, &SpecOptions::default())
    }

    /// Reads a spec string as [`GameSpec::parse`] does, with more `options` given apart
    /// (a program's `--size` beside `kazura:size=9`): an option given both ways is
    /// [`SpecError::RepeatedOption`].
    ///
    /// ```
    /// use game_catalog::{GameSpec, SpecOptions};
    ///
    /// let flags = SpecOptions { size: Some(9), ..SpecOptions::default() };
    /// assert_eq!(GameSpec::parse_with_options("kazura", &flags)?, GameSpec::kazura(9)?);
    /// assert!(GameSpec::parse_with_options("kazura:size=9", &flags).is_err());
    /// # Ok::<(), game_catalog::SpecError>(())
    /// ```
    ///
    /// # Errors
    /// As [`GameSpec::parse`].
    pub fn parse_with_options(text: &str, options: &SpecOptions) -> Result<GameSpec, SpecError> {
        let text = text.trim();
        let (game, rest) = match text.split_once(':') {
            Some((game, rest)) => (game.trim(), Some(rest)),
            None => (text, None),
        };
        let mut options = options.clone();
        for part in rest.into_iter().flat_map(|r| r.split(',')) {
            let Some((name, value)) = part.split_once('=') else {
                return Err(SpecError::Syntax {
                    text: text.to_string(),
                    reason: format!("`{}` is not NAME=VALUE", part.trim()),
                });
            };
            let (name, value) = (name.trim(), value.trim());
            let option = OptionName::from_name(name).ok_or_else(|| SpecError::UnknownOption {
                name: name.to_string(),
            })?;
            let number = || {
                value.parse::<usize>().map_err(|_| SpecError::BadValue {
                    option,
                    value: value.to_string(),
                    expected: WHOLE_NUMBER,
                })
            };
            let text_value = || {
                if value.is_empty() {
                    Err(SpecError::BadValue {
                        option,
                        value: String::new(),
                        expected: NAME,
                    })
                } else {
                    Ok(value.to_string())
                }
            };
            set_once(&mut options, option, number, text_value)?;
        }
        GameSpec::new(game, &options)
    }

    /// Reads the JSON object `{"game": NAME, …options}`: the options as [`SpecOptions`]'
    /// fields, sizes as JSON numbers and names as strings.
    ///
    /// ```
    /// use game_catalog::{GameSpec, OptionName, SpecError};
    ///
    /// assert_eq!(GameSpec::from_json(r#"{"game": "kazura", "size": 9}"#)?, GameSpec::kazura(9)?);
    /// let error = GameSpec::from_json(r#"{"game": "kazura", "size": "9"}"#).unwrap_err();
    /// assert_eq!(error.option(), Some(OptionName::Size));
    /// let error = GameSpec::from_json(r#"{"game": "go9", "game": "bao"}"#).unwrap_err();
    /// assert!(matches!(error, SpecError::RepeatedOption { .. }));
    /// # Ok::<(), SpecError>(())
    /// ```
    ///
    /// # Errors
    /// [`SpecError::Json`] for text that is no JSON object or has no string `game`;
    /// [`SpecError::UnknownOption`] for any other field, [`SpecError::RepeatedOption`] for
    /// a field given twice, [`SpecError::BadValue`] for a value of the wrong type; then as
    /// [`GameSpec::new`].
    pub fn from_json(text: &str) -> Result<GameSpec, SpecError> {
        let fields = serde_json::from_str::<Fields>(text)
            .map_err(|e| SpecError::Json {
                reason: e.to_string(),
            })?
            .0;
        let mut game = None;
        let mut values = Vec::with_capacity(fields.len());
        for (index, (name, value)) in fields.iter().enumerate() {
            if fields[..index].iter().any(|(earlier, _)| earlier == name) {
                return Err(SpecError::RepeatedOption { name: name.clone() });
            }
            if name == "game" {
                game = Some(value);
                continue;
            }
            let typed = match value {
                Value::Number(n) => n.as_u64().map_or(OptionValue::Other, OptionValue::Number),
                Value::String(s) => OptionValue::Text(s.clone()),
                _ => OptionValue::Other,
            };
            values.push((name.as_str(), typed, value.to_string()));
        }
        let game = match game {
            Some(Value::String(game)) => game,
            Some(_) => {
                return Err(SpecError::Json {
                    reason: "`game` must be a string".into(),
                });
            }
            None => {
                return Err(SpecError::Json {
                    reason: "missing field `game`".into(),
                });
            }
        };
        GameSpec::from_values(
            game,
            values
                .iter()
                .map(|(name, value, shown)| (*name, value.clone(), shown.as_str())),
        )
    }

    /// The game `game` with options given as typed values, each with its name (exact, as
    /// a JSON field or a Python keyword spells it) and the text an error shows it as (its
    /// JSON text, its Python `repr`): what JSON and Python's keywords are read through.
    ///
    /// ```
    /// use game_catalog::{GameSpec, OptionValue};
    ///
    /// let spec = GameSpec::from_values("bind", [
    ///     ("size", OptionValue::Number(6), "6"),
    ///     ("pieces", OptionValue::Number(20), "20"),
    /// ])?;
    /// assert_eq!(spec.to_string(), "bind:size=6,pieces=20");
    /// let error = GameSpec::from_values("kazura", [("size", OptionValue::Other, "True")]);
    /// assert_eq!(error.unwrap_err().to_string(), "size `True` is not a whole number");
    /// # Ok::<(), game_catalog::SpecError>(())
    /// ```
    ///
    /// # Errors
    /// [`SpecError::UnknownOption`], [`SpecError::RepeatedOption`],
    /// [`SpecError::BadValue`]; then as [`GameSpec::new`].
    pub fn from_values<'a>(
        game: &str,
        values: impl IntoIterator<Item = (&'a str, OptionValue, &'a str)>,
    ) -> Result<GameSpec, SpecError> {
        let mut options = SpecOptions::default();
        for (name, value, shown) in values {
            let option = OptionName::from_name(name)
                .filter(|option| option.name() == name)
                .ok_or_else(|| SpecError::UnknownOption {
                    name: name.to_string(),
                })?;
            let bad = |expected| SpecError::BadValue {
                option,
                value: shown.to_string(),
                expected,
            };
            let number = || match value {
                OptionValue::Number(n) => usize::try_from(n).map_err(|_| bad(WHOLE_NUMBER)),
                _ => Err(bad(WHOLE_NUMBER)),
            };
            let text = || match &value {
                OptionValue::Text(s) if !s.is_empty() => Ok(s.clone()),
                OptionValue::Text(_) => Err(bad(NAME)),
                _ => Err(bad(STRING)),
            };
            set_once(&mut options, option, number, text)?;
        }
        GameSpec::new(game, &options)
    }
}

/// Sets `option` in `options` from `number` or `text` (whichever its kind takes), refusing
/// one already set.
fn set_once(
    options: &mut SpecOptions,
    option: OptionName,
    number: impl FnOnce() -> Result<usize, SpecError>,
    text: impl FnOnce() -> Result<String, SpecError>,
) -> Result<(), SpecError> {
    let repeated = match option {
        OptionName::Size => options.size.replace(number()?).is_some(),
        OptionName::Pieces => options.pieces.replace(number()?).is_some(),
        OptionName::Variant => options.variant.replace(text()?).is_some(),
        OptionName::Ruleset => options.ruleset.replace(text()?).is_some(),
    };
    if repeated {
        return Err(SpecError::RepeatedOption {
            name: option.name().to_string(),
        });
    }
    Ok(())
}

/// The most fields a JSON spec may have (a game and four options need five; the bound keeps
/// the search for duplicates short).
const MAX_FIELDS: usize = 16;

/// A JSON object's fields in order, duplicates kept (a map would keep only the last).
struct Fields(Vec<(String, Value)>);

impl<'de> Deserialize<'de> for Fields {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Fields, D::Error> {
        deserializer.deserialize_map(FieldsVisitor)
    }
}

/// Reads a JSON object into [`Fields`].
struct FieldsVisitor;

impl<'de> Visitor<'de> for FieldsVisitor {
    type Value = Fields;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a game spec, a JSON object such as {\"game\": \"go9\"}")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Fields, A::Error> {
        let mut fields = Vec::new();
        while let Some(entry) = map.next_entry::<String, Value>()? {
            if fields.len() >= MAX_FIELDS {
                return Err(de::Error::custom(format!(
                    "a game spec has at most {MAX_FIELDS} fields"
                )));
            }
            fields.push(entry);
        }
        Ok(Fields(fields))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::GameKind;

    fn parse(text: &str) -> Result<GameSpec, SpecError> {
        GameSpec::parse(text)
    }

    #[test]
    fn every_wrong_option_is_typed_and_named() {
        let cases: [(&str, SpecError); 8] = [
            ("go9:foo=1", SpecError::UnknownOption { name: "foo".into() }),
            (
                "kazura:size=9,size=9",
                SpecError::RepeatedOption {
                    name: "size".into(),
                },
            ),
            (
                "kazura:SIZE=9, size=7",
                SpecError::RepeatedOption {
                    name: "size".into(),
                },
            ),
            (
                "kazura:size=-3",
                SpecError::BadValue {
                    option: OptionName::Size,
                    value: "-3".into(),
                    expected: WHOLE_NUMBER,
                },
            ),
            (
                "bind:size=6,pieces=x",
                SpecError::BadValue {
                    option: OptionName::Pieces,
                    value: "x".into(),
                    expected: WHOLE_NUMBER,
                },
            ),
            (
                "bao:ruleset=",
                SpecError::BadValue {
                    option: OptionName::Ruleset,
                    value: String::new(),
                    expected: NAME,
                },
            ),
            (
                "go9:size=9,ruleset=seed",
                SpecError::NotApplicable {
                    game: GameKind::Go9,
                    option: OptionName::Ruleset,
                },
            ),
            (
                "kazura:size",
                SpecError::Syntax {
                    text: "kazura:size".into(),
                    reason: "`size` is not NAME=VALUE".into(),
                },
            ),
        ];
        for (text, expected) in cases {
            assert_eq!(parse(text), Err(expected), "{text}");
        }
        assert_eq!(
            parse("go9:foo=1").unwrap_err().to_string(),
            "unknown option `foo`: the options are size, pieces, variant, ruleset"
        );
        assert_eq!(
            parse("kazura:size=-3").unwrap_err().to_string(),
            "size `-3` is not a whole number"
        );
        assert_eq!(
            parse("kazura:size=9,size=9").unwrap_err().to_string(),
            "size is given twice"
        );
    }

    #[test]
    fn json_specs_refuse_what_strings_refuse_and_duplicate_keys() {
        let cases: [(&str, SpecError); 7] = [
            (
                r#"{"game":"go9","foo":1}"#,
                SpecError::UnknownOption { name: "foo".into() },
            ),
            (
                r#"{"game":"kazura","Size":9}"#,
                SpecError::UnknownOption {
                    name: "Size".into(),
                },
            ),
            (
                r#"{"game":"kazura","size":"9"}"#,
                SpecError::BadValue {
                    option: OptionName::Size,
                    value: "\"9\"".into(),
                    expected: WHOLE_NUMBER,
                },
            ),
            (
                r#"{"game":"kazura","size":-3}"#,
                SpecError::BadValue {
                    option: OptionName::Size,
                    value: "-3".into(),
                    expected: WHOLE_NUMBER,
                },
            ),
            (
                r#"{"game":"bind","variant":7}"#,
                SpecError::BadValue {
                    option: OptionName::Variant,
                    value: "7".into(),
                    expected: STRING,
                },
            ),
            (
                r#"{"game":"go9","game":"bao"}"#,
                SpecError::RepeatedOption {
                    name: "game".into(),
                },
            ),
            (
                r#"{"game":"kazura","size":9,"size":9}"#,
                SpecError::RepeatedOption {
                    name: "size".into(),
                },
            ),
        ];
        for (text, expected) in cases {
            assert_eq!(GameSpec::from_json(text), Err(expected), "{text}");
        }
        for shape in ["[]", "\"go9\"", "{}", r#"{"game":9}"#, "{", ""] {
            assert!(
                matches!(GameSpec::from_json(shape), Err(SpecError::Json { .. })),
                "{shape}: {:?}",
                GameSpec::from_json(shape)
            );
        }
        let many: String = (0..40).map(|i| format!(",\"f{i}\":1")).collect();
        assert!(matches!(
            GameSpec::from_json(&format!("{{\"game\":\"go9\"{many}}}")),
            Err(SpecError::Json { .. })
        ));
    }

    #[test]
    fn flags_beside_a_spec_string_add_options_and_may_not_repeat_them() {
        let flags = SpecOptions {
            size: Some(9),
            ..SpecOptions::default()
        };
        assert_eq!(
            GameSpec::parse_with_options("kazura", &flags),
            GameSpec::kazura(9)
        );
        assert_eq!(
            GameSpec::parse_with_options("kazura:size=9", &flags),
            Err(SpecError::RepeatedOption {
                name: "size".into()
            })
        );
        let pieces = SpecOptions {
            pieces: Some(20),
            ..SpecOptions::default()
        };
        assert_eq!(
            GameSpec::parse_with_options("bind:size=6", &pieces)
                .unwrap()
                .to_string(),
            "bind:size=6,pieces=20"
        );
    }
}
