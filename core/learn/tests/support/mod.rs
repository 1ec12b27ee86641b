//! What the tests of the courses and the pages share: the catalog's messages read from its
//! Fluent files.

use std::collections::BTreeMap;

/// The messages of a Fluent file, id to text (a text may go on in indented lines).
pub fn messages(ftl: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let mut last: Option<String> = None;
    for line in ftl.lines() {
        if line.starts_with(|c: char| c.is_ascii_lowercase()) {
            if let Some((id, text)) = line.split_once(" =") {
                let id = id.trim().to_string();
                out.insert(id.clone(), text.trim().to_string());
                last = Some(id);
                continue;
            }
        }
        match (&last, line.starts_with(' ')) {
            (Some(id), true) => {
                let text = out.get_mut(id).expect("the message goes on");
                text.push(' ');
                text.push_str(line.trim());
            }
            _ => last = None,
        }
    }
    out
}
