//! The depth bound on SGF game trees (G-13): a linear scan of the text that finds how
//! deep the `sgf-parse` crate would nest its tree of nodes, before that crate builds it.
//!
//! `sgf-parse` builds its tree without recursion, but every node of a sequence is a child
//! of the node before it, and the tree is dropped by recursion, one stack frame per level.
//! A file of 150,000 nested variations (or a plain sequence of 150,000 moves) under the
//! 4 MiB record limit therefore overflowed the stack. The scan below follows the crate's
//! own lexer token by token (its rules are restated in [`node_depth`]), so it counts
//! exactly the nodes the parser would nest, and the file is refused before any node is
//! built.

/// The deepest SGF game tree [`crate::Go9::from_sgf`] reads: at most this many nodes on
/// any one line of play, from the root node to the last node of the longest variation.
///
/// A go9 game ends at its 300th move ([`crate::MOVE_LIMIT`], G-6), so its main line is at
/// most 301 nodes (the root and one per move); 1,000 leaves room for a few nodes of
/// comments or set-up between the moves and for variations, and a file ten times past it
/// is still under 100 KB. Reading and dropping a tree this deep takes far less than the
/// smallest stack the crate runs on (WebAssembly's 1 MiB, a spawned thread's 2 MiB): about
/// 65 bytes a level, so 1,000 levels fit a 96 KiB thread (measured, optimised test build),
/// and the test `g13_a_tree_at_the_depth_limit_fits_a_small_stack` reads one on a 256 KiB
/// thread.
pub const MAX_SGF_DEPTH: usize = 1000;

/// How deep the nodes of the SGF `text` nest as `sgf-parse` would build them: the largest
/// number of nodes on one path from a root (nodes written after the last game tree, which
/// the parser never builds, are counted too, as if they began another). Every `;` of a sequence is one level below the
/// node before it; `(` remembers the level and the matching `)` returns to it.
///
/// The scan follows `sgf-parse`'s lexer: between tokens (white space skipped) `(`, `)` and
/// `;` are tokens; anything else opens a property, whose identifier runs to the first `[`
/// (so `(`, `)` and `;` inside an identifier are no tokens), followed by values in
/// brackets, in which `\` escapes the next character (`\]` does not close the value). A
/// text the lexer refuses (a value or identifier cut off) or whose parentheses do not
/// match is refused by `sgf-parse` before it builds any node; such a text is scanned only
/// as far as it reads, which is enough, since the parser never builds its nodes.
pub(crate) fn node_depth(text: &str) -> usize {
    let bytes = text.trim().as_bytes();
    let mut at = 0;
    let mut depth = 0usize;
    let mut deepest = 0usize;
    // The level at each open `(`.
    let mut open: Vec<usize> = Vec::new();
    while at < bytes.len() {
        match bytes[at] {
            b if b.is_ascii_whitespace() => at += 1,
            b'(' => {
                open.push(depth);
                at += 1;
            }
            b')' => {
                // A `)` with no `(` is refused by the parser before it builds anything.
                let Some(level) = open.pop() else {
                    return deepest;
                };
                // A game tree closed at the top level ends; the next one starts afresh.
                depth = if open.is_empty() { 0 } else { level };
                at += 1;
            }
            b';' => {
                depth += 1;
                deepest = deepest.max(depth);
                at += 1;
            }
            _ => {
                // A property: its identifier runs to the first `[` (the lexer takes any
                // ASCII character into it, `(`, `)` and `;` too).
                while at < bytes.len() && bytes[at] != b'[' {
                    at += 1;
                }
                // Its values: `[...]`, white space between them.
                loop {
                    while at < bytes.len() && bytes[at].is_ascii_whitespace() {
                        at += 1;
                    }
                    if at >= bytes.len() || bytes[at] != b'[' {
                        break;
                    }
                    at += 1;
                    let mut escaped = false;
                    loop {
                        let Some(&b) = bytes.get(at) else {
                            // A value cut off: the lexer refuses the text.
                            return deepest;
                        };
                        at += 1;
                        match b {
                            b']' if !escaped => break,
                            b'\\' if !escaped => escaped = true,
                            _ => escaped = false,
                        }
                    }
                }
            }
        }
    }
    deepest
}

#[cfg(test)]
mod tests {
    use super::node_depth;

    #[test]
    fn depth_counts_the_nodes_on_the_longest_path() {
        assert_eq!(node_depth(""), 0);
        assert_eq!(node_depth("(;SZ[9])"), 1);
        assert_eq!(node_depth("(;SZ[9];B[aa];W[bb])"), 3);
        // Variations: the longest path, not the number of nodes.
        assert_eq!(node_depth("(;SZ[9](;B[aa];W[bb])(;B[cc]))"), 3);
        assert_eq!(node_depth("(;SZ[9](;B[aa](;W[bb];B[cc]))(;B[dd]))"), 4);
        // Each game tree of a collection starts again from the top.
        assert_eq!(node_depth("(;SZ[9];B[aa])(;SZ[9])"), 2);
        // Nodes written before the first `(` are nested by the parser too.
        assert_eq!(node_depth(";;(;SZ[9])"), 3);
    }

    #[test]
    fn brackets_escapes_and_identifiers_hide_the_structure_characters() {
        // In a value, `(`, `;` and an escaped `]` are text.
        assert_eq!(node_depth("(;C[((;;;)]\\];;;])"), 1);
        assert_eq!(node_depth("(;C[a\\\\];B[aa])"), 2);
        // In an identifier (the lexer reads it up to `[`), `)` and `;` are no tokens: a
        // `)` there must not bring the level back down.
        assert_eq!(node_depth("(;SZ[9];B)[aa];B)[bb];B)[cc])"), 4);
        // White space between values.
        assert_eq!(node_depth("(;AB[aa] [bb]\n[cc];B[dd])"), 2);
    }

    #[test]
    fn unreadable_texts_stop_the_scan() {
        assert_eq!(node_depth("(;C[never closed;;;;"), 1);
        assert_eq!(node_depth(";;)(;;;;;;"), 2);
    }

    /// The depth of the trees sgf-parse builds, found without recursion.
    fn parsed_depth(text: &str) -> Option<usize> {
        let trees = sgf_parse::go::parse(text).ok()?;
        let mut deepest = 0;
        let mut stack: Vec<_> = trees.iter().map(|tree| (tree, 1)).collect();
        while let Some((node, depth)) = stack.pop() {
            deepest = deepest.max(depth);
            stack.extend(node.children().map(|child| (child, depth + 1)));
        }
        Some(deepest)
    }

    /// A random game tree of at most `levels` levels of variations, with properties whose
    /// identifiers or values hold `(`, `)`, `;`, `]` and `\`.
    fn random_tree(rng: &mut game_core::GameRng, levels: usize, out: &mut String) {
        const PROPS: [&str; 8] = [
            "B[aa]", "C[)]", "C[(;\\]]", "W(;[bb]", "B)[cc]", "", " ", "C[a\\\\]",
        ];
        out.push('(');
        for _ in 0..=rng.below(4) {
            out.push(';');
            for _ in 0..rng.below(3) {
                out.push_str(PROPS[rng.below(PROPS.len())]);
            }
        }
        if levels > 0 {
            for _ in 0..rng.below(3) {
                random_tree(rng, levels - 1, out);
            }
        }
        out.push(')');
    }

    /// Checks the scan against the parser on `text`; whether the parser read it.
    fn agrees(text: &str) -> bool {
        let Some(depth) = parsed_depth(text) else {
            return false;
        };
        // Nodes after the last game tree are no part of any tree and the parser drops
        // them unbuilt; the scan counts them (it cannot know that no tree follows), which
        // only ever refuses more.
        if text.trim_end().ends_with(')') {
            assert_eq!(node_depth(text), depth, "{text}");
        } else {
            assert!(node_depth(text) >= depth, "{text}");
        }
        true
    }

    #[test]
    fn the_scan_agrees_with_the_parser_on_random_texts() {
        // Seeded random texts: game trees with tricky properties, and strings of SGF's
        // structure characters. Wherever sgf-parse reads one, the scan finds the depth of
        // the tree it built.
        let pieces = [
            "(", "(", ")", ")", ";", ";", ";", "B[aa]", "C[", "]", "\\", "\\]", "[x]", " ", "B",
            "W(", ";C[)]", "SZ[9]",
        ];
        let mut rng = game_core::GameRng::seed_from(13);
        let (mut trees, mut strings) = (0, 0);
        for _ in 0..5_000 {
            let mut text = String::new();
            for _ in 0..=rng.below(2) {
                random_tree(&mut rng, 4, &mut text);
            }
            trees += usize::from(agrees(&text));
            let len = 1 + rng.below(24);
            let text: String = (0..len).map(|_| pieces[rng.below(pieces.len())]).collect();
            strings += usize::from(agrees(&text));
        }
        assert!(
            trees > 4_000 && strings > 20,
            "{trees} trees and {strings} strings read"
        );
    }
}
