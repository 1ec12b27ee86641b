//! A slow, plain move generator that tests hold the fast one against: breadth first over
//! whole cursors, chain states and positions told apart by their text (FEN and `Debug`), the
//! canonical text chosen by comparing strings. Only the rules of one step (the cursor) are
//! shared with the fast generator.

use std::collections::{BTreeMap, HashMap};

use super::Friendly;
use super::cursor::{Cursor, Placed};
use super::notation::move_text;
use super::types::{Role, Square, Step};
use crate::View;

/// Every legal move of `pos` as (resulting FEN -> canonical move text), or `None` if some
/// starting piece's chain has more than `max_states` states (too slow to check this way).
pub(crate) fn moves(pos: &Friendly, max_states: usize) -> Option<BTreeMap<String, String>> {
    let mut best: HashMap<String, (usize, String)> = HashMap::new();
    if pos.is_decided() {
        return Some(BTreeMap::new());
    }
    let base = Cursor::new(pos);
    let choices: Vec<Option<Role>> = match pos.owed_promotion() {
        Some(_) => Role::PROMOTIONS.into_iter().map(Some).collect(),
        None => vec![None],
    };
    for choice in choices {
        let mut start = base.clone();
        if let Some(role) = choice {
            start.choose_owed(role).ok()?;
        }
        let owed = choice.and_then(|r| pos.owed_promotion().map(|s| (s, r)));
        for from in Square::all() {
            let mut lifted = start.clone();
            if lifted.lift(from).is_err() {
                continue;
            }
            let mut seen: HashMap<String, ()> = HashMap::new();
            let mut frontier: Vec<(Cursor, Vec<Step>)> = vec![(lifted, Vec::new())];
            while !frontier.is_empty() {
                let mut next: HashMap<String, (Cursor, Vec<Step>, String)> = HashMap::new();
                for (cur, steps) in &frontier {
                    let targets = cur.targets();
                    for to in Square::all().filter(|s| targets & (1u64 << s.index()) != 0) {
                        let promos: Vec<Option<Role>> = if cur.needs_promotion(to) {
                            Role::PROMOTIONS.into_iter().map(Some).collect()
                        } else {
                            vec![None]
                        };
                        for promotion in promos {
                            let mut c = cur.clone();
                            let mut path = steps.clone();
                            path.push(Step { to, promotion });
                            let text = move_text(owed, from, &path);
                            match c.place_unchecked(to, promotion) {
                                Placed::Done(end) => {
                                    let child = pos.after(c, end).fen();
                                    let better = best.get(&child).is_none_or(|(n, t)| {
                                        path.len() < *n || (path.len() == *n && text < *t)
                                    });
                                    if better {
                                        best.insert(child, (path.len(), text));
                                    }
                                }
                                Placed::Released => {
                                    let key = format!(
                                        "{:?} {:?} {:?} {:?}",
                                        c.board, c.hand, c.castling, c.ep
                                    );
                                    if seen.contains_key(&key) {
                                        continue;
                                    }
                                    let better = next.get(&key).is_none_or(|(_, _, t)| text < *t);
                                    if better {
                                        next.insert(key, (c, path, text));
                                    }
                                }
                            }
                        }
                    }
                }
                for key in next.keys() {
                    seen.insert(key.clone(), ());
                }
                if seen.len() > max_states {
                    return None;
                }
                frontier = next.into_values().map(|(c, p, _)| (c, p)).collect();
            }
        }
    }
    Some(best.into_iter().map(|(fen, (_, text))| (fen, text)).collect())
}
