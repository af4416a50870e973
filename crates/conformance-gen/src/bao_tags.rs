//! Which decision ids a bao case names, computed from what the case contains.
//!
//! A case names a decision when some other reading of that decision could change one of the
//! case's answers. Every move a case plays (up to what it observes) is played on a
//! [`Position`] with an observer that notes what it did: its laps and where they ended, its
//! captures, relays, NYUMBA stops and choices, the end-pit addition, the change of phase and
//! of NYUMBA ownership, the end. Every position whose legal set a case checks (a replay's
//! check, each node of a perft tree) names what listing its moves depends on, and each probe
//! the class it is refused for. A move depends on B-5 (where a handful starts) and on the
//! phase's move rules (B-10/B-11 or B-17) whatever it does; the other ids come with the
//! events that exercise them. Where the effect of a decision is only a flag or a kete moved
//! (B-14, B-18, B-19), the case names it when the counterfactual (the addition undone or
//! made, the ownership flag flipped) gives a different answer to one of its checks.

mod walk;

use std::collections::BTreeSet;

use bao_nyakua::{
    EndReason, Game, Move, Phase, PhaseName, Pit, PlayError, Player, Position, Row, Ruleset, Setup,
    Step,
};

use walk::Walk;

/// A set of decision ids.
pub type Ids = BTreeSet<&'static str>;

/// What one move did.
#[derive(Clone, Debug, Default)]
pub struct Info {
    /// The mover's index.
    pub mover: usize,
    /// Played in NAMUA.
    pub namua: bool,
    /// `pass`.
    pub pass: bool,
    /// Its start pit is in the back row.
    pub back_start: bool,
    /// Capture events.
    pub captures: u16,
    /// Relays.
    pub relays: u32,
    /// A takata relay in the front row facing kete (where a capture move would capture).
    pub front_relay_facing: bool,
    /// A lap ended in an occupied back-row pit.
    pub back_relay: bool,
    /// A handful was sown.
    pub sowed: bool,
    /// A capture took the opponent's NYUMBA.
    pub nyumba_taken: bool,
    /// A lap sowed both rows, or into the back row (where the ring runs back).
    pub both_rows: bool,
    /// A lap of more than 16 kete.
    pub big_lap: bool,
    /// The NYUMBA choice arose.
    pub choice: bool,
    /// A takata stopped at the NYUMBA.
    pub nyumba_stop: bool,
    /// The 2-kete sowing.
    pub two_kete: bool,
    /// Where the last lap ended.
    pub last_end: Option<Pit>,
    /// The end-pit addition, if any.
    pub addition: Option<Pit>,
    /// Who lost NYUMBA ownership in the move.
    pub lost: [bool; 2],
    /// A NAMUA move after which a hand is empty (B-15 decides the phase).
    pub hand_emptied: bool,
    /// The move began MTAJI.
    pub to_mtaji: bool,
    /// How the game ended, if it did.
    pub end: Option<EndReason>,
    /// A B-9 win.
    pub b9: bool,
    /// The other ruleset leaves another ownership flag (B-19 a).
    pub b19a: bool,
}

fn other(ruleset: Ruleset) -> Ruleset {
    match ruleset {
        Ruleset::Seed => Ruleset::Reference,
        _ => Ruleset::Seed,
    }
}

fn opposite(pit: Pit) -> Pit {
    Pit::new(Row::Front, 7 - pit.index()).expect("an index 0-7")
}

/// Plays `mv` on `position`, noting what it did.
pub fn analyse(position: &mut Position, mv: Move) -> Info {
    let before = *position;
    let mover = before.to_move();
    let opponent = mover.other();
    let mut info = Info {
        mover: mover.index(),
        namua: before.phase() == Phase::Namua,
        pass: mv == Move::Pass,
        back_start: matches!(mv, Move::Sow { pit, .. } if pit.row() == Row::Back),
        ..Info::default()
    };
    let front = before.ring(mover);
    info.two_kete = info.namua
        && before.owns_nyumba(mover)
        && before.hand(mover) > 0
        && (0..8).all(|i| (front[i] > 0) == (i == 4));
    let mut walk = Walk::default();
    let report = position
        .play_observed(mv, &mut |p: &Position, step: Step| {
            walk.step(p, step, mover, opponent);
        })
        .unwrap_or_else(|e| panic!("{mv}: {e}"));
    let Walk {
        relays,
        facing,
        back_relay,
        rows: _,
        both_rows,
        sowed,
        nyumba_taken,
        back_sown,
        big_lap,
        last_end,
    } = walk;
    info.captures = report.captures;
    info.relays = relays;
    info.front_relay_facing = facing && report.captures == 0;
    info.back_relay = back_relay;
    info.both_rows = both_rows || back_sown;
    info.sowed = sowed;
    info.nyumba_taken = nyumba_taken;
    info.big_lap = big_lap;
    info.choice = report.nyumba_choice_arose;
    info.addition = report.addition;
    info.last_end = last_end.map(|(pit, _, _)| pit);
    info.nyumba_stop = info.namua
        && report.captures == 0
        && matches!(last_end, Some((pit, count, true)) if pit == Pit::NYUMBA && count >= 6);
    for player in Player::BOTH {
        info.lost[player.index()] = before.owns_nyumba(player) && !position.owns_nyumba(player);
    }
    info.hand_emptied =
        info.namua && !position.is_over() && Player::BOTH.iter().any(|&p| position.hand(p) == 0);
    info.to_mtaji = info.namua && position.phase() == Phase::Mtaji;
    info.end = position.end_reason();
    info.b9 =
        matches!(info.end, Some(EndReason::FrontEmptied { .. })) && position.pending(mover) > 0;
    // B-19 (a): the same move under the other ruleset leaves another ownership flag.
    let mut state = before.setup();
    state.ruleset = other(before.ruleset());
    if let Ok(mut twin) = Position::from_setup(state)
        && twin.play(mv).is_ok()
        && twin.owns_nyumba(mover) != position.owns_nyumba(mover)
    {
        info.b19a = true;
    }
    info
}

/// The ids one move exercises by what it did (without the counterfactual ones).
pub fn info_ids(info: &Info, ids: &mut Ids) {
    if info.hand_emptied || info.to_mtaji {
        ids.insert("B-15");
    }
    if info.pass {
        ids.insert("B-16");
        return;
    }
    // Every sowing move: where a handful starts, and the phase's rules for moves.
    if info.sowed {
        ids.insert("B-5");
    }
    ids.insert(if info.namua { "B-10" } else { "B-17" });
    if info.namua && info.captures == 0 {
        ids.insert("B-11");
    }
    if info.namua && info.captures > 0 {
        // A NAMUA capture's letter names its entry.
        ids.insert("B-22");
    }
    if info.back_start {
        ids.insert("B-1");
    }
    if info.captures > 0 {
        ids.extend(["B-6", "B-8"]);
    }
    if info.captures >= 2 || info.front_relay_facing {
        ids.insert("B-7");
    }
    if info.relays > 0 || info.nyumba_stop {
        ids.insert("B-6");
    }
    if info.both_rows {
        ids.insert("B-4");
    }
    if info.choice {
        ids.extend(["B-6", "B-22"]);
    }
    if info.two_kete {
        ids.insert("B-12");
    }
    match info.end {
        Some(EndReason::RelayLimit { .. }) => {
            ids.insert("B-21");
        }
        Some(_) if !info.b9 => {
            ids.insert("B-20");
        }
        _ => {}
    }
}

/// Positions before each move and after the last, and what each move did.
pub struct Trace {
    /// The positions, from the start.
    pub positions: Vec<Position>,
    /// What each move did.
    pub infos: Vec<Info>,
}

/// A move of the generator's own games.
pub fn parse(mv: &str) -> Move {
    mv.parse().unwrap_or_else(|e| panic!("{mv}: {e}"))
}

/// Plays `moves` from `start`, noting every move.
pub fn trace(start: Position, moves: &[String]) -> Trace {
    let mut position = start;
    let mut positions = vec![position];
    let mut infos = Vec::new();
    for mv in moves {
        infos.push(analyse(&mut position, parse(mv)));
        positions.push(position);
    }
    Trace { positions, infos }
}

/// The legal moves' texts, sorted.
pub fn legal_texts(position: &Position) -> Vec<String> {
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    let mut texts: Vec<String> = moves.iter().map(ToString::to_string).collect();
    texts.sort();
    texts
}

/// What a case observes.
#[derive(Clone, Copy)]
pub enum Observe<'a> {
    /// The positions at its check plies (player, legal set).
    Checks(&'a [usize]),
    /// The result of the finished game (an `end` case).
    Result,
    /// The final state and what each move did (a record).
    Final,
    /// The perft counts of `depth` levels after all the moves.
    Perft(usize),
    /// What each move did, not the final state (a record refused after its moves replay).
    Moves,
}

impl Observe<'_> {
    /// Whether something is observed at ply `ply` or later.
    fn after(&self, ply: usize) -> bool {
        match self {
            Observe::Checks(plies) => plies.iter().any(|&p| p >= ply),
            Observe::Result | Observe::Final | Observe::Perft(_) | Observe::Moves => true,
        }
    }
}

/// Whether changing the state after `event` moves (by `tweak`) changes what the case
/// observes: a later move refused, another legal set or player at a check, another result,
/// or another final state or move report.
fn diverges(
    start: Position,
    moves: &[String],
    event: usize,
    tweak: &dyn Fn(&mut Setup),
    observe: Observe,
) -> bool {
    let parsed: Vec<Move> = moves.iter().map(|m| parse(m)).collect();
    let mut real = start;
    for mv in &parsed[..event] {
        real.play(*mv).expect("a legal move");
    }
    let mut state = real.setup();
    tweak(&mut state);
    let Ok(mut alt) = Position::from_setup(state) else {
        return false;
    };
    for ply in event..=parsed.len() {
        if let Observe::Checks(plies) = observe
            && plies.contains(&ply)
            && (legal_texts(&real) != legal_texts(&alt)
                || real.is_over() != alt.is_over()
                || real.to_move() != alt.to_move())
        {
            return true;
        }
        if ply < parsed.len() {
            let a = real.play_reported(parsed[ply]).expect("a legal move");
            match alt.play_reported(parsed[ply]) {
                Err(_) => return true,
                Ok(b) if matches!(observe, Observe::Final | Observe::Moves) && a != b => {
                    return true;
                }
                Ok(_) => {}
            }
        }
    }
    match observe {
        Observe::Final => {
            let (mut a, mut b) = (real.setup(), alt.setup());
            a.turn = 0;
            b.turn = 0;
            a != b || real.end_reason() != alt.end_reason()
        }
        Observe::Result => real.end_reason() != alt.end_reason(),
        Observe::Perft(depth) => {
            (1..=depth as u32).any(|d| game_core::perft(&real, d) != game_core::perft(&alt, d))
        }
        Observe::Checks(_) | Observe::Moves => false,
    }
}

/// The ids the moves of a case exercise, given what the case observes.
pub fn move_ids(start: Position, moves: &[String], tr: &Trace, observe: Observe) -> Ids {
    let mut ids = Ids::new();
    let shows_reports = matches!(observe, Observe::Final | Observe::Moves);
    for (i, info) in tr.infos.iter().enumerate() {
        if !observe.after(i + 1) {
            continue;
        }
        info_ids(info, &mut ids);
        if info.b9 && matches!(observe, Observe::Final) {
            // Only the final state shows how the winning capture ended the game (its kete
            // kept as `pending`): the result and the legal sets after it are B-20's.
            ids.insert("B-9");
        }
        let mover = Player::from_index(info.mover);
        if let Some(pit) = info.addition {
            let undo = move |s: &mut Setup| {
                let row = pit.row().number() as usize;
                let index = pit.index() as usize;
                s.pits[mover][row][index] -= 2;
                s.reserve[mover] += 1;
                s.reserve[mover.other()] += 1;
                s.phase = PhaseName::Namua;
            };
            // A record's entry for the move shows the addition itself.
            if shows_reports || diverges(start, moves, i + 1, &undo, observe) {
                ids.insert("B-14");
            }
        } else if let (true, Some(pit), true, None) =
            (info.namua, info.last_end, info.captures > 0, info.end)
        {
            // The addition made where it was not (another reading of its conditions).
            let after = tr.positions[i + 1];
            if after.hand(mover) >= 1 && after.hand(mover.other()) >= 1 {
                let add = move |s: &mut Setup| {
                    let row = pit.row().number() as usize;
                    let index = pit.index() as usize;
                    s.pits[mover][row][index] += 2;
                    s.reserve[mover] -= 1;
                    s.reserve[mover.other()] -= 1;
                    if s.reserve[mover] == 0 && s.reserve[mover.other()] == 0 {
                        s.phase = PhaseName::Mtaji;
                    }
                };
                if shows_reports || diverges(start, moves, i + 1, &add, observe) {
                    ids.insert("B-14");
                }
            }
        }
        if info.big_lap {
            // B-3: the kete of a lap longer than the ring all arrive.
            ids.insert("B-3");
        }
        for player in Player::BOTH {
            let b19 = info.b19a && player == mover;
            if info.lost[player.index()] || b19 {
                let flip = move |s: &mut Setup| s.house_owned[player] = !s.house_owned[player];
                // A NYUMBA captured again later: its ownership decided that capture too.
                let again = !b19
                    && tr.infos[i + 1..].iter().enumerate().any(|(j, later)| {
                        later.mover != player.index()
                            && later.nyumba_taken
                            && observe.after(i + j + 2)
                    });
                if again || diverges(start, moves, i + 1, &flip, observe) {
                    ids.insert(if b19 { "B-19" } else { "B-18" });
                }
            }
        }
    }
    ids
}

/// Whether `position` (not over) has a NAMUA capture move.
fn namua_capture(position: &Position) -> bool {
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    moves.first().is_some_and(|&mv| {
        let mut copy = *position;
        copy.play_reported(mv).is_ok_and(|r| r.captures > 0)
    })
}

fn refused_as(position: &Position, text: &str, what: fn(&PlayError) -> bool) -> bool {
    let mut copy = *position;
    copy.play(parse(text)).err().is_some_and(|e| what(&e))
}

/// The ids a position's legal set (and player) depends on.
pub fn position_ids(position: &Position, ids: &mut Ids) {
    if position.is_over() {
        return;
    }
    // Whether `pass` is listed.
    ids.insert("B-16");
    let legal = legal_texts(position);
    if legal.iter().any(|m| m.contains(':')) {
        ids.extend(["B-6", "B-22"]);
    }
    if legal.iter().any(|m| m.starts_with('B')) {
        ids.insert("B-1");
    }
    if position.phase() == Phase::Namua {
        if position.hand(position.to_move()) == 0 {
            return;
        }
        ids.insert("B-10");
        if namua_capture(position) {
            ids.extend(["B-8", "B-22"]);
            if position.owns_nyumba(position.to_move()) {
                // Whether the NYUMBA choice arises depends on all each capture does.
                let mut moves = Vec::new();
                position.legal_moves(&mut moves);
                for mv in moves {
                    let mut copy = *position;
                    let info = analyse(&mut copy, mv);
                    info_ids(&info, ids);
                    if info.b9 {
                        // A win on the way ends the move before the NYUMBA.
                        ids.insert("B-9");
                    }
                }
            }
        } else {
            ids.insert("B-11");
            if legal.iter().all(|m| m.starts_with("F5")) && position.owns_nyumba(position.to_move())
            {
                ids.insert("B-12");
            }
        }
    } else {
        ids.insert("B-17");
    }
    let self_emptying =
        |t| refused_as(position, t, |e| matches!(e, PlayError::SelfEmptying { .. }));
    if self_emptying("F1L") || self_emptying("F8R") {
        ids.insert("B-13");
    }
}

/// The ids of a probe's class.
pub fn probe_ids(position: &Position, text: &str, class: &str, ids: &mut Ids) {
    let namua = position.phase() == Phase::Namua;
    let phase = if namua { "B-11" } else { "B-17" };
    match class {
        "malformed" => {
            ids.insert("B-22");
        }
        "game-over" => match position.end_reason() {
            Some(EndReason::RelayLimit { .. }) => {
                ids.insert("B-21");
            }
            Some(_) => {
                ids.insert("B-20");
            }
            None => {}
        },
        "pass-not-allowed" | "must-pass" => {
            ids.insert("B-16");
        }
        "back-row-in-namua" => {
            ids.extend(["B-10", "B-11"]);
        }
        "empty-pit" | "not-a-candidate" => {
            ids.insert(phase);
        }
        "must-capture" => {
            ids.insert(if namua { "B-10" } else { "B-17" });
        }
        "wrong-entry" => {
            ids.extend(["B-8", "B-22"]);
        }
        "self-emptying" => {
            ids.insert("B-13");
        }
        "choice-required" | "no-choice" => {
            ids.extend(["B-6", "B-22"]);
        }
        _ => {}
    }
    let which_pit = !matches!(class, "malformed" | "game-over" | "back-row-in-namua");
    if which_pit && text.to_ascii_uppercase().starts_with('B') {
        // Which back pit the text names.
        ids.insert("B-1");
    }
    let canonical = text.parse::<Move>().map(|m| m.to_string());
    if class != "malformed" && canonical.as_deref() != Ok(text) {
        ids.insert("B-22");
    }
}

/// The ids a perft tree of `depth` levels from `root` exercises: every node whose moves are
/// counted, and every move played inside the tree.
pub fn perft_ids(root: &Position, depth: usize, ids: &mut Ids) {
    if depth == 0 || root.is_over() {
        return;
    }
    // A count does not see the moves' names (B-1).
    let named = ids.contains("B-1");
    position_ids(root, ids);
    if !named {
        ids.remove("B-1");
    }
    if depth == 1 {
        return;
    }
    let mut moves = Vec::new();
    root.legal_moves(&mut moves);
    for mv in moves {
        let mut child = *root;
        let info = analyse(&mut child, mv);
        info_ids(&info, ids);
        if info.addition.is_some() || (info.namua && info.captures > 0) {
            ids.insert("B-14");
        }
        if info.lost.iter().any(|&l| l) {
            ids.insert("B-18");
        }
        if info.b19a {
            ids.insert("B-19");
        }
        if info.big_lap {
            ids.insert("B-3");
        }
        perft_ids(&child, depth - 1, ids);
    }
}
