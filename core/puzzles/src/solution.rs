//! A puzzle's moves as a tree, for the games where a move can turn up a hidden piece.
//!
//! In the open games the moves are one line: the opponent's move, then the solver's moves
//! and the replies in turn. In Jieqi a move of a face-down piece turns up an identity nobody
//! knew, and what the opponent answers (and what the solver plays next) may depend on it, so
//! the line can branch there. The text form stays lichess's space-separated list; a branch is
//! written as a group of alternatives, each a line of its own that starts with the chance
//! ply's event text (the same move with what it showed):
//!
//! ```text
//! h7h6 e4e5 h6h5 [ c4c5=R b7b6 c5c9 | c4c5=H b7b8 c5d7 ]
//! ```
//!
//! A group is the last thing in its line; its alternatives share the chance ply's move and
//! differ in the identity it shows; every path through the tree ends on a solver's move.
//! Tools that read lichess's format read the open games' banks unchanged.

use crate::ParsePuzzleError;

/// Most tokens a puzzle's moves may have (a generated line has at most 16 plies a path).
pub const MAX_TOKENS: usize = 256;

/// Most paths a solution may have (the generator writes at most 12).
pub const MAX_PATHS: usize = 64;

/// One line of a solution: a run of plies, then the alternatives at a chance ply (none when
/// the line simply ends). Each alternative begins with the chance ply, noted with what it
/// showed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Line {
    /// The plies in order, in the game's move text (Jieqi: event text with its notes).
    pub plies: Vec<String>,
    /// After the plies: one line per identity the next (chance) ply can show.
    pub branches: Vec<Line>,
}

impl Line {
    /// Reads the tokens of a puzzle's moves (the opponent's move first). A solution is small
    /// (at most [`MAX_TOKENS`] tokens and [`MAX_PATHS`] paths): a bank's text is untrusted,
    /// and the paths of a huge tree would not fit in memory.
    pub fn parse(tokens: &[String]) -> Result<Line, ParsePuzzleError> {
        if tokens.len() > MAX_TOKENS {
            return Err(ParsePuzzleError::Branches(format!(
                "{} tokens, more than {MAX_TOKENS}",
                tokens.len()
            )));
        }
        let mut at = 0;
        let line = read_line(tokens, &mut at, 0)?;
        if at != tokens.len() {
            return Err(ParsePuzzleError::Branches(format!("unexpected {:?}", tokens[at])));
        }
        if line.path_count() > MAX_PATHS {
            return Err(ParsePuzzleError::Branches(format!("more than {MAX_PATHS} paths")));
        }
        line.check_paths(0)?;
        Ok(line)
    }

    /// How many paths the tree has (saturating), counted without building them.
    fn path_count(&self) -> usize {
        if self.branches.is_empty() {
            return 1;
        }
        self.branches.iter().fold(0usize, |n, b| n.saturating_add(b.path_count()))
    }

    /// The tokens of the text form.
    pub fn to_tokens(&self) -> Vec<String> {
        let mut out = self.plies.clone();
        if !self.branches.is_empty() {
            out.push("[".into());
            for (i, b) in self.branches.iter().enumerate() {
                if i > 0 {
                    out.push("|".into());
                }
                out.extend(b.to_tokens());
            }
            out.push("]".into());
        }
        out
    }

    /// Every path from the opponent's move to the end of a branch.
    pub fn paths(&self) -> Vec<Vec<String>> {
        if self.branches.is_empty() {
            return vec![self.plies.clone()];
        }
        let mut out = Vec::new();
        for b in &self.branches {
            for tail in b.paths() {
                let mut p = self.plies.clone();
                p.extend(tail);
                out.push(p);
            }
        }
        out
    }

    /// Whether the line branches anywhere.
    pub fn branches_anywhere(&self) -> bool {
        !self.branches.is_empty()
    }

    /// Every path has the opponent's move and whole solver–reply pairs, ending on a solver's
    /// move; `depth` is the number of plies before this line.
    fn check_paths(&self, depth: usize) -> Result<(), ParsePuzzleError> {
        let here = depth + self.plies.len();
        if self.branches.is_empty() {
            if here < 2 || here % 2 != 0 {
                return Err(ParsePuzzleError::Moves(here));
            }
            return Ok(());
        }
        for b in &self.branches {
            b.check_paths(here)?;
        }
        Ok(())
    }
}

/// The move part of a ply's text: what comes before its notes (`=R`, `x(n)`, `>` steps stay).
pub fn move_part(ply: &str) -> &str {
    &ply[..ply.find(['=', 'x']).unwrap_or(ply.len())]
}

fn read_line(tokens: &[String], at: &mut usize, nesting: usize) -> Result<Line, ParsePuzzleError> {
    let mut line = Line::default();
    while let Some(t) = tokens.get(*at) {
        match t.as_str() {
            "[" => {
                *at += 1;
                if nesting >= 8 {
                    return Err(ParsePuzzleError::Branches("branches nested too deep".into()));
                }
                let mut branches = vec![read_line(tokens, at, nesting + 1)?];
                loop {
                    match tokens.get(*at).map(String::as_str) {
                        Some("|") => {
                            *at += 1;
                            branches.push(read_line(tokens, at, nesting + 1)?);
                        }
                        Some("]") => {
                            *at += 1;
                            break;
                        }
                        _ => {
                            return Err(ParsePuzzleError::Branches("a group without its ]".into()));
                        }
                    }
                }
                check_group(&branches)?;
                line.branches = branches;
                // A group ends its line.
                return match tokens.get(*at).map(String::as_str) {
                    None | Some("|") | Some("]") => Ok(line),
                    Some(other) => {
                        Err(ParsePuzzleError::Branches(format!("{other:?} after a group")))
                    }
                };
            }
            "|" | "]" => {
                if nesting == 0 {
                    return Err(ParsePuzzleError::Branches(format!("{t:?} outside a group")));
                }
                return Ok(line);
            }
            _ => {
                line.plies.push(t.clone());
                *at += 1;
            }
        }
    }
    if nesting > 0 {
        return Err(ParsePuzzleError::Branches("a group without its ]".into()));
    }
    Ok(line)
}

/// The alternatives of a group: at least two, each starting with the same move, no two
/// alike.
fn check_group(branches: &[Line]) -> Result<(), ParsePuzzleError> {
    if branches.len() < 2 {
        return Err(ParsePuzzleError::Branches("a group of one alternative".into()));
    }
    let Some(first) = branches[0].plies.first() else {
        return Err(ParsePuzzleError::Branches("an empty alternative".into()));
    };
    let mv = move_part(first);
    let mut seen = Vec::new();
    for b in branches {
        let Some(head) = b.plies.first() else {
            return Err(ParsePuzzleError::Branches("an empty alternative".into()));
        };
        if move_part(head) != mv {
            return Err(ParsePuzzleError::Branches(format!(
                "{head:?} is another move than {first:?}"
            )));
        }
        if head == mv || seen.contains(head) {
            return Err(ParsePuzzleError::Branches(format!(
                "{head:?} does not say what it shows, or says it twice"
            )));
        }
        seen.push(head.clone());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn a_flat_line_is_one_path() {
        let l = Line::parse(&tokens("a1a2 b1b2 c1c2 d1d2")).unwrap();
        assert_eq!(l.paths(), vec![tokens("a1a2 b1b2 c1c2 d1d2")]);
        assert!(!l.branches_anywhere());
        assert_eq!(l.to_tokens(), tokens("a1a2 b1b2 c1c2 d1d2"));
    }

    #[test]
    fn a_tree_too_big_for_a_solution_is_refused_before_its_paths_are_built() {
        // Long shared prefix and many alternatives: the paths would not fit in memory.
        let mut t = vec!["a1a2".to_string(); 200];
        t.push("[".into());
        for i in 0..40 {
            if i > 0 {
                t.push("|".into());
            }
            t.push(format!("b1b2={i}"));
            t.push("c1c2".into());
        }
        t.push("]".into());
        assert!(matches!(Line::parse(&t), Err(ParsePuzzleError::Branches(_))));
        // Few tokens, many paths: one group of 70 alternatives (64 are fine).
        let group = |n: usize| {
            let alts: Vec<String> = (0..n).map(|i| format!("b1b2={i}")).collect();
            tokens(&format!("a1a2 [ {} ]", alts.join(" | ")))
        };
        assert_eq!(Line::parse(&group(MAX_PATHS)).unwrap().paths().len(), MAX_PATHS);
        let l = Line::parse(&group(70));
        assert!(matches!(&l, Err(ParsePuzzleError::Branches(w)) if w.contains("paths")), "{l:?}");
        assert!(Line::parse(&vec!["a1a2".to_string(); MAX_TOKENS + 2]).is_err());
    }

    #[test]
    fn branches_by_what_a_reveal_shows() {
        let text = "h7h6 e4e5 h6h5 [ c4c5=R b7b6 c5c9 | c4c5=H b7b8 c5d7 ]";
        let l = Line::parse(&tokens(text)).unwrap();
        assert_eq!(l.to_tokens(), tokens(text));
        assert_eq!(
            l.paths(),
            vec![
                tokens("h7h6 e4e5 h6h5 c4c5=R b7b6 c5c9"),
                tokens("h7h6 e4e5 h6h5 c4c5=H b7b8 c5d7")
            ]
        );
        // A solver's reveal that ends the line in one branch and goes on in another.
        let l = Line::parse(&tokens("h7h6 e4e5=P [ a1a2=R | a1a2=C b1b2 c1c2 ]"));
        assert!(matches!(l, Err(ParsePuzzleError::Moves(_))), "{l:?}");
        let l = Line::parse(&tokens("h7h6 [ e4e5=R | e4e5=C b1b2 c1c2 ]")).unwrap();
        assert_eq!(l.paths().len(), 2);
    }

    #[test]
    fn malformed_groups_are_typed_errors() {
        for bad in [
            "h7h6 e4e5 h6h5 [ c4c5=R b7b6 c5c9 ]",
            "h7h6 e4e5 h6h5 [ c4c5=R b7b6 c5c9 | c4c6=H b7b8 c5d7 ]",
            "h7h6 e4e5 h6h5 [ c4c5=R b7b6 c5c9 | c4c5=R b7b8 c5d7 ]",
            "h7h6 e4e5 h6h5 [ c4c5 b7b6 c5c9 | c4c5=H b7b8 c5d7 ]",
            "h7h6 e4e5 h6h5 [ c4c5=R b7b6 c5c9 | c4c5=H b7b8 c5d7",
            "h7h6 e4e5 h6h5 [ c4c5=R b7b6 c5c9 | c4c5=H b7b8 c5d7 ] a1a2",
            "h7h6 e4e5 ] h6h5",
            "h7h6 e4e5 | h6h5",
            "h7h6 [ | e4e5=R b1b2 ]",
        ] {
            assert!(Line::parse(&tokens(bad)).is_err(), "{bad}");
        }
        let deep = format!("a1a2 {}", "[ b1b2=R ".repeat(10));
        assert!(Line::parse(&tokens(&deep)).is_err());
    }
}
