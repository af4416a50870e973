//! The diagram (`Display`, what `rulebook show` prints) read back along random games of both
//! rulesets: each pit's count under its B-1 name (`SF1` … `NB8`), with facing front pits in
//! one column (own `Fi` opposite the opponent's `F(9−i)`), the `*` on an owned NYUMBA, both
//! sides' hands, pending kete and NYUMBA ownership, the phase, turn and ruleset.

use bao_nyakua::{Bao, Game, GameRng, Pit, Player, Position, Row, Ruleset};

/// The side line: `NAME: hand H, pending P, NYUMBA owned|not owned`.
fn check_side_line(
    line: &str,
    name: &str,
    position: &Position,
    player: Player,
) -> Result<(), String> {
    let nyumba = if position.owns_nyumba(player) {
        "owned"
    } else {
        "not owned"
    };
    let expected = format!(
        "{name}: hand {}, pending {}, NYUMBA {nyumba}",
        position.hand(player),
        position.pending(player)
    );
    if line == expected {
        Ok(())
    } else {
        Err(format!("side line {line:?}, expected {expected:?}"))
    }
}

/// A pit name with its owner prefix, `SF1` … `NB8`.
fn read_pit_name(name: &str) -> Result<(Player, Pit), String> {
    let mut chars = name.chars();
    let owner = match chars.next() {
        Some('S') => Player::First,
        Some('N') => Player::Second,
        _ => return Err(format!("owner of {name:?}")),
    };
    let row = match chars.next() {
        Some('F') => Row::Front,
        Some('B') => Row::Back,
        _ => return Err(format!("row of {name:?}")),
    };
    let number: u8 = chars
        .as_str()
        .parse()
        .map_err(|_| format!("number of {name:?}"))?;
    let pit = number
        .checked_sub(1)
        .and_then(|index| Pit::new(row, index))
        .ok_or_else(|| format!("pit {name:?}"))?;
    Ok((owner, pit))
}

/// Checks the whole diagram of `position` and returns the pit names row by row.
fn check_diagram(position: &Position, diagram: &str) -> Result<Vec<Vec<String>>, String> {
    let lines: Vec<&str> = diagram.lines().collect();
    if lines.len() != 11 {
        return Err(format!("{} lines", lines.len()));
    }
    check_side_line(lines[0], "north", position, Player::Second)?;
    check_side_line(lines[9], "south", position, Player::First)?;
    let mut rows = Vec::new();
    let mut on_board = 0u32;
    for pair in lines[1..9].chunks(2) {
        let names: Vec<&str> = pair[0].split_whitespace().collect();
        let counts: Vec<&str> = pair[1].split_whitespace().collect();
        if names.len() != 8 || counts.len() != 8 {
            return Err(format!("row {:?} / {:?}", pair[0], pair[1]));
        }
        for (name, count) in names.iter().zip(&counts) {
            let (owner, pit) = read_pit_name(name)?;
            let starred = pit == Pit::NYUMBA && position.owns_nyumba(owner);
            let expected = format!(
                "{}{}",
                position.count(owner, pit),
                if starred { "*" } else { "" }
            );
            if *count != expected {
                return Err(format!("{name} shows {count:?}, expected {expected:?}"));
            }
            on_board += u32::from(position.count(owner, pit));
        }
        rows.push(names.iter().map(|n| n.to_string()).collect());
    }
    // B-3's 64 KETE: on the board, in hand, or pending (taken, not yet sown).
    let off_board: u32 = [Player::First, Player::Second]
        .into_iter()
        .map(|p| u32::from(position.hand(p)) + u32::from(position.pending(p)))
        .sum();
    if on_board + off_board != 64 {
        return Err(format!("{on_board} on the board and {off_board} off it"));
    }
    let status = format!(
        "phase {}, turn {}, ruleset {}",
        position.phase().word(),
        position.turn(),
        position.ruleset().name()
    );
    if lines[10] != status {
        return Err(format!("status {:?}, expected {status:?}", lines[10]));
    }
    Ok(rows)
}

#[test]
fn b1_diagrams_show_every_pit_under_its_name_along_random_games() {
    let mut moves = Vec::new();
    for ruleset in [Ruleset::Seed, Ruleset::Reference] {
        for seed in 0..40 {
            let mut rng = GameRng::seed_from(seed);
            let mut game = Bao::new(ruleset);
            loop {
                let diagram = game.to_string();
                let rows = check_diagram(game.position(), &diagram).unwrap_or_else(|e| {
                    panic!("{ruleset:?} seed {seed} ply {}: {e}\n{diagram}", game.ply())
                });
                // The rows, top to bottom: north's back and front, south's front and back;
                // column c holds north's pits numbered 8 − c and south's numbered c + 1.
                for (r, (side, row)) in [('N', 'B'), ('N', 'F'), ('S', 'F'), ('S', 'B')]
                    .into_iter()
                    .enumerate()
                {
                    for (c, name) in rows[r].iter().enumerate() {
                        let number = if side == 'N' { 8 - c } else { c + 1 };
                        assert_eq!(name, &format!("{side}{row}{number}"));
                    }
                }
                let Some(mv) = game.random_move(&mut rng, &mut moves) else {
                    break;
                };
                game.play(mv).unwrap();
            }
        }
    }
}
